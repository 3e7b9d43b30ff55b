//! Porpoise's entry point: a subcommand runs the CLI, otherwise the window opens. Built
//! twice: as `porpoise` (cli/Cargo.toml: the engine only, opens the window by starting
//! `porpoise-window`) and as `porpoise-window` (with the window in it).

mod cli;

use clap::Parser;

fn main() -> std::process::ExitCode {
    // Before any thread exists (see the function).
    porpoise::sys::reserve_fds();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let args = cli::Cli::parse();
    let result = match args.command {
        Some(command) => cli::run(command),
        None => open_window(args.paths),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("porpoise: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

#[cfg(feature = "gui")]
fn open_window(paths: Vec<std::ffi::OsString>) -> anyhow::Result<()> {
    porpoise::ui::run(paths)?;
    Ok(())
}

/// The `porpoise` command has no window in it (so it starts fast): it becomes
/// `porpoise-window`, found beside it or on the `PATH`.
#[cfg(not(feature = "gui"))]
fn open_window(paths: Vec<std::ffi::OsString>) -> anyhow::Result<()> {
    use std::os::unix::process::CommandExt;
    const WINDOW: &str = "porpoise-window";
    let beside = std::env::current_exe()
        .ok()
        .map(|exe| exe.with_file_name(WINDOW))
        .filter(|p| p.is_file());
    let program = beside.unwrap_or_else(|| std::path::PathBuf::from(WINDOW));
    let mut command = std::process::Command::new(&program);
    command.args(paths);
    // Only returns when it could not be started.
    let e = command.exec();
    anyhow::bail!(
        "could not start the window ({}): {e}; is porpoise-window installed beside porpoise?",
        program.display()
    )
}
