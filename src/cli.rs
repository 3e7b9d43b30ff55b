//! The command line: `porpoise ls`, `porpoise mounts`, and opening the window at a path.

mod format;
mod ls;
mod mounts;

use std::path::PathBuf;

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
    /// Folder to open the window at (default: your home folder).
    pub path: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List a folder, one entry per line.
    Ls(ls::LsArgs),
    /// Show every mount with its filesystem type and class (local, removable, network).
    Mounts,
}

/// Run a subcommand; returns the process exit code.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Ls(args) => ls::run(&args),
        Command::Mounts => mounts::run(),
    }
}
