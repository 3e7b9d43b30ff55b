//! `porpoise trash list|restore|empty`.

use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use porpoise::jobs::trash;

use super::format::write_escaped;

#[derive(Debug, clap::Subcommand)]
pub enum TrashCommand {
    /// Show what is in the trash: deletion time (Unix seconds) and original path.
    List,
    /// Put items back where they were, by their original path.
    Restore {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Delete everything in the trash for good.
    Empty,
}

pub fn run(cmd: TrashCommand) -> anyhow::Result<()> {
    match cmd {
        TrashCommand::List => {
            let listing = trash::list()?;
            warn_unreachable(&listing.unreachable);
            let mut out = std::io::stdout().lock();
            for item in listing.items {
                write!(out, "{} ", item.time_deleted)?;
                write_escaped(&mut out, item.original_path().as_os_str().as_bytes())?;
                writeln!(out)?;
            }
            Ok(())
        }
        TrashCommand::Restore { paths } => {
            let listing = trash::list()?;
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
        TrashCommand::Empty => {
            let unreachable = trash::empty()?;
            warn_unreachable(&unreachable);
            Ok(())
        }
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
