//! Porpoise's entry point: a subcommand runs the CLI, otherwise the window opens.

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
        None => open_window(args.path),
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
fn open_window(path: Option<std::path::PathBuf>) -> anyhow::Result<()> {
    porpoise::ui::run(path)?;
    Ok(())
}

#[cfg(not(feature = "gui"))]
fn open_window(_path: Option<std::path::PathBuf>) -> anyhow::Result<()> {
    anyhow::bail!("this build has no window (built without the `gui` feature); try `porpoise ls`")
}
