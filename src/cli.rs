//! The command line: `porpoise ls`, `mounts`, `copy`, `move`, `rm`, and opening the window
//! at a path.

mod format;
mod job;
mod ls;
mod mounts;
mod progress;
mod trash;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "porpoise",
    version,
    about = "A file manager whose browsing never waits",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Folders (or files, or file:// URIs) to open the window at; a file opens its folder
    /// with it selected. Default: your home folder.
    #[arg(value_name = "PATH")]
    pub paths: Vec<std::ffi::OsString>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List a folder, one entry per line.
    Ls(ls::LsArgs),
    /// Show every mount with its filesystem type and class (local, removable, network).
    Mounts,
    /// Copy files and folders into a folder: `porpoise copy SRC... DEST`.
    Copy(job::TransferArgs),
    /// Move files and folders into a folder: `porpoise move SRC... DEST`.
    Move(job::TransferArgs),
    /// Delete files and folders for good, or move them to the trash with --trash.
    Rm(job::RmArgs),
    /// The trash: list, restore, empty.
    #[command(subcommand)]
    Trash(trash::TrashCommand),
    /// The window's helper that opens files with other programs (reads paths on stdin).
    #[cfg(feature = "gui")]
    #[command(hide = true)]
    LauncherHelper,
}

/// Run a subcommand; returns the process exit code.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Ls(args) => ls::run(&args),
        Command::Mounts => mounts::run(),
        Command::Copy(args) => job::transfer(job::Kind::Copy, args),
        Command::Move(args) => job::transfer(job::Kind::Move, args),
        Command::Rm(args) => job::rm(args),
        Command::Trash(cmd) => trash::run(cmd),
        #[cfg(feature = "gui")]
        Command::LauncherHelper => {
            porpoise::ui::launcher::serve(std::io::stdin().lock(), std::io::stdout().lock())?;
            Ok(())
        }
    }
}
