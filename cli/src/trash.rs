//! `porpoise trash list|restore|empty`.

use std::io::{BufRead, IsTerminal, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use porpoise_engine::jobs::trash::{self, HomeTrash};

use super::format::write_escaped;

#[derive(Debug, clap::Subcommand)]
pub enum TrashCommand {
    /// Show what is in the trash: deletion time (local, YYYY-MM-DD HH:MM:SS) and original
    /// path.
    List,
    /// Put items back where they were, by their original path.
    Restore {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Delete everything in the trash for good; asks first when the input is a terminal.
    Empty {
        /// Do not ask.
        #[arg(short = 'y', long)]
        yes: bool,
    },
}

/// This user's home trash, from the environment (`XDG_DATA_HOME`, else `HOME`).
pub fn home() -> anyhow::Result<HomeTrash> {
    HomeTrash::from_env()
        .ok_or_else(|| anyhow::anyhow!("cannot find the home trash: HOME is not set"))
}

pub fn run(cmd: TrashCommand) -> anyhow::Result<()> {
    let home = home()?;
    match cmd {
        TrashCommand::List => {
            let listing = trash::list(&home)?;
            warn_unreachable(&listing.unreachable);
            let mut out = std::io::stdout().lock();
            for item in listing.items {
                write_local_time(&mut out, item.time_deleted)?;
                out.write_all(b" ")?;
                write_escaped(&mut out, item.original_path().as_os_str().as_bytes())?;
                writeln!(out)?;
            }
            Ok(())
        }
        TrashCommand::Restore { paths } => {
            let listing = trash::list(&home)?;
            warn_unreachable(&listing.unreachable);
            let items = listing.items;
            let mut chosen = Vec::new();
            for p in &paths {
                let abs = std::path::absolute(p).unwrap_or_else(|_| p.clone());
                match items.iter().find(|i| i.original_path() == abs) {
                    Some(i) => chosen.push(i.clone()),
                    None => anyhow::bail!("{} is not in the trash", p.display()),
                }
            }
            trash::restore(chosen)?;
            Ok(())
        }
        TrashCommand::Empty { yes } => {
            // A script (no terminal) gets what it asked for, as with `gio trash --empty`.
            if !yes && std::io::stdin().is_terminal() && !confirm_empty(&home)? {
                return Ok(());
            }
            let unreachable = trash::empty(&home)?;
            warn_unreachable(&unreachable);
            Ok(())
        }
    }
}

/// Ask on the terminal whether to empty the trash; only `y` or `yes` says so. An empty
/// trash needs no question. (Unreachable mounts are named once, when emptying.)
fn confirm_empty(home: &HomeTrash) -> anyhow::Result<bool> {
    let listing = trash::list(home)?;
    let count = listing.items.len();
    if count == 0 {
        return Ok(true);
    }
    let items = if count == 1 { "item" } else { "items" };
    eprint!("Delete the {count} {items} in the trash for good? [y/N] ");
    std::io::stderr().flush()?;
    let mut answer = String::new();
    std::io::stdin().lock().read_line(&mut answer)?;
    let answer = answer.trim().to_ascii_lowercase();
    Ok(answer == "y" || answer == "yes")
}

/// A deletion time as local `YYYY-MM-DD HH:MM:SS`; question marks when it is not known
/// (the record had no valid date).
fn write_local_time(out: &mut impl Write, secs: i64) -> std::io::Result<()> {
    let local = if secs < 0 {
        None
    } else {
        porpoise_engine::host::local_time(secs)
    };
    match local {
        // Time zones are whole minutes away from UTC (since 1972): the seconds are UTC's.
        Some((y, mo, d, h, mi)) => write!(
            out,
            "{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{:02}",
            secs.rem_euclid(60)
        ),
        None => out.write_all(b"????-??-?? ??:??:??"),
    }
}

/// Name the network mounts whose trash did not answer in time (their items are left out).
fn warn_unreachable(mounts: &[PathBuf]) {
    for top in mounts {
        eprintln!(
            "porpoise: the trash on {} did not answer within {} s; its items are left out",
            top.display(),
            trash::NETWORK_DEADLINE.as_secs()
        );
    }
}
