//! `porpoise-window`: opens the window at the paths or `file://` URIs it is given (the home
//! folder without any). Run as `porpoise-window launcher-helper` it is instead the small
//! process that starts other programs for the window (see `launcher`). The `porpoise`
//! command starts this binary; everything else the command does lives in cli/.

use std::ffi::OsString;
use std::process::ExitCode;

/// The argument that makes this binary the launcher's helper.
const LAUNCHER_HELPER: &str = "launcher-helper";

fn main() -> ExitCode {
    // Before any thread exists (see the function).
    porpoise_engine::host::prepare_process();
    porpoise_engine::host::keep_memory_lean();
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let result = if args.len() == 1 && args[0] == LAUNCHER_HELPER {
        porpoise::launcher::serve(std::io::stdin().lock(), std::io::stdout().lock())
            .map_err(anyhow::Error::from)
    } else {
        // Before any thread exists (see the function).
        porpoise::renderer::pick();
        porpoise::run(args).map_err(anyhow::Error::from)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("porpoise: {e:#}");
            ExitCode::FAILURE
        }
    }
}
