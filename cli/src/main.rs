//! `porpoise`, the command: `porpoise ls`, `du`, `find`, `mimetype`, `open`, `mounts`, `copy`,
//! `move`, `rm`, `trash`, `extract` and `compress` run here against the engine alone (no window libraries are
//! loaded, so every command starts fast); `porpoise [PATH...]` opens the window by
//! becoming `porpoise-window`. `ls`, `du`, `find`, `copy`, `move` and `rm` take addresses
//! of remote places (`smb://…`, `sftp://…`) too, mounted through GVfs ([`remote`]).

mod du;
mod find;
mod format;
mod job;
mod ls;
mod mimetype;
mod mounts;
mod open;
mod progress;
mod remote;
mod trash;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "porpoise",
    version,
    about = "A file manager whose browsing never waits",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Folders (or files, or file:// URIs) to open the window at; a file opens its folder
    /// with it selected. Default: your home folder.
    #[arg(value_name = "PATH")]
    paths: Vec<std::ffi::OsString>,
    /// Open a window of its own, even when one is open in this session (without it, the
    /// open window takes the paths as tabs).
    #[arg(long)]
    new_window: bool,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List a folder, one entry per line.
    Ls(ls::LsArgs),
    /// What files and folders take, counted recursively (as `du -sx`): bytes on disk,
    /// apparent bytes, files, folders.
    Du(du::DuArgs),
    /// Find files and folders below PATH by name (a part of it, or a glob) and, with
    /// --content, by what they hold; one path a line.
    Find(find::FindArgs),
    /// Tell each file's type (MIME type) from the desktop's shared-mime-info database.
    Mimetype(mimetype::MimetypeArgs),
    /// Open files with their default applications (or the one given with --with).
    Open(open::OpenArgs),
    /// Show every mount with its filesystem type and class (local, removable, network, or
    /// plumbing), and the remote places GVfs mounted with their addresses.
    Mounts,
    /// Copy files and folders into a folder: `porpoise copy SRC... DEST`.
    Copy(job::TransferArgs),
    /// Move files and folders into a folder: `porpoise move SRC... DEST`.
    Move(job::TransferArgs),
    /// Delete files and folders for good, or move them to the trash with --trash.
    Rm(job::RmArgs),
    /// Extract archives, each into a folder of its own (its one top folder, or a new
    /// folder named after it): `porpoise extract ARCHIVE... [-C DIR]`.
    Extract(job::extract::ExtractArgs),
    /// Put files and folders into a new archive, its format from its name:
    /// `porpoise compress -o OUT SRC...`.
    Compress(job::compress::CompressArgs),
    /// The trash: list, restore, empty.
    #[command(subcommand)]
    Trash(trash::TrashCommand),
}

/// Run a subcommand; returns the process exit code.
fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Ls(args) => ls::run(&args),
        Command::Du(args) => du::run(&args),
        Command::Find(args) => find::run(&args),
        Command::Mimetype(args) => mimetype::run(&args),
        Command::Open(args) => open::run(&args),
        Command::Mounts => mounts::run(),
        Command::Copy(args) => job::transfer(job::Kind::Copy, args),
        Command::Move(args) => job::transfer(job::Kind::Move, args),
        Command::Rm(args) => job::rm(args),
        Command::Extract(args) => job::extract::run(args),
        Command::Compress(args) => job::compress::run(args),
        Command::Trash(cmd) => trash::run(cmd),
    }
}

fn main() -> std::process::ExitCode {
    // Before any thread exists (see the function).
    porpoise_engine::host::prepare_process();
    porpoise_engine::host::end_with_closed_output();
    let args = Cli::parse();
    let result = match args.command {
        Some(command) => run(command),
        None => open_window(args.paths, args.new_window),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("porpoise: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// The `porpoise` command has no window in it (so it starts fast): it becomes
/// `porpoise-window`, found beside it or on the `PATH`.
fn open_window(paths: Vec<std::ffi::OsString>, new_window: bool) -> anyhow::Result<()> {
    use std::os::unix::process::CommandExt;
    const WINDOW: &str = "porpoise-window";
    let beside = std::env::current_exe()
        .ok()
        .map(|exe| exe.with_file_name(WINDOW))
        .filter(|p| p.is_file());
    let program = beside.unwrap_or_else(|| std::path::PathBuf::from(WINDOW));
    let mut command = std::process::Command::new(&program);
    if new_window {
        // As porpoise-window reads it (`porpoise::NEW_WINDOW`).
        command.arg("--new-window");
    }
    command.args(paths);
    // Only returns when it could not be started.
    let e = command.exec();
    anyhow::bail!(
        "could not start the window ({}): {e}; is porpoise-window installed beside porpoise?",
        program.display()
    )
}
