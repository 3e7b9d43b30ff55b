//! `porpoise ls`: one entry per line, optionally with mode, size and time.

use std::io::{BufWriter, Write};
use std::path::PathBuf;

use anyhow::Context;
use porpoise::entry::{Entry, State, is_hidden};
use porpoise::listing::{SortKey, SortOrder, list_all, sort::compare};

use super::format::{mode_string, write_escaped};

mod apart;

#[derive(Debug, clap::Args)]
pub struct LsArgs {
    /// Long form: mode, size, modification time, name.
    #[arg(short = 'l')]
    pub long: bool,
    /// Show hidden entries (names starting with a dot).
    #[arg(short = 'a')]
    pub all: bool,
    /// Do not sort: list in folder order.
    #[arg(short = 'U')]
    pub unsorted: bool,
    /// The folder to list (default: the current one).
    #[arg(default_value = ".")]
    pub dir: PathBuf,
}

/// List in a child process: Ctrl+C then ends the command even while the folder's share
/// does not answer (see [`apart`]). The command has a single thread until here.
pub fn run(args: &LsArgs) -> anyhow::Result<()> {
    apart::in_child(|| list(args))
}

fn list(args: &LsArgs) -> anyhow::Result<()> {
    let listing = list_all(&args.dir)?;
    let mut order: Vec<&Entry> = listing
        .entries
        .iter()
        .filter(|e| args.all || !is_hidden(listing.name(e)))
        .collect();
    if !args.unsorted {
        order.sort_unstable_by(|a, b| {
            compare(
                a,
                listing.name(a),
                b,
                listing.name(b),
                SortKey::Name,
                SortOrder::Ascending,
            )
        });
    }
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut last_time: (i64, Vec<u8>) = (i64::MIN, Vec::new());
    for e in order {
        if args.long {
            write_long_fields(&mut out, e, &mut last_time)?;
        }
        write_escaped(&mut out, listing.name(e))?;
        out.write_all(b"\n")?;
    }
    out.flush().context("cannot write the listing")?;
    Ok(())
}

fn write_long_fields(
    out: &mut impl Write,
    e: &Entry,
    last_time: &mut (i64, Vec<u8>),
) -> std::io::Result<()> {
    match e.state() {
        State::Complete => {
            out.write_all(&mode_string(u32::from(e.mode)))?;
            write!(out, " {:>12} ", e.size)?;
            // Consecutive entries often share the minute: format it once.
            let minute = e.mtime_sec.div_euclid(60);
            if last_time.0 != minute {
                last_time.0 = minute;
                last_time.1.clear();
                match porpoise::sys::local_time(e.mtime_sec) {
                    Some((y, mo, d, h, mi)) => {
                        write!(last_time.1, "{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}")?
                    }
                    None => last_time.1.extend_from_slice(b"????-??-?? ??:??"),
                }
            }
            out.write_all(&last_time.1)?;
            out.write_all(b" ")
        }
        State::Vanished => out.write_all(b"?????????? (vanished)                  "),
        State::Unreadable | State::Pending => {
            out.write_all(b"?????????? (unreadable)                ")
        }
    }
}
