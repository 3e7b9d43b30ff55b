//! `porpoise ls`: one entry per line, optionally with mode, size, time and link target;
//! an archive given as the path is listed inside (see [`archive`]).

mod archive;
mod network;

use std::ffi::OsStr;
use std::io::{BufWriter, Write};
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use anyhow::Context;
use porpoise_engine::entry::{Entry, Kind, State, is_hidden};
use porpoise_engine::error::Reason;
use porpoise_engine::listing::{list_all, list_kinds, list_one, sort::Sort, sort::compare};

use super::format::{HUMAN_SIZE_WIDTH, human_size, mode_string, write_escaped};

/// `-h` is human sizes, as in `ls`: help is `--help` only.
#[derive(Debug, Clone, clap::Args)]
#[command(disable_help_flag = true)]
pub struct LsArgs {
    /// Long form: mode, size, modification time, name (and `-> target` for a symlink).
    #[arg(short = 'l')]
    pub long: bool,
    /// With -l, sizes in powers of 1024 as `ls -lh` writes them (1.0K, 2.5M, 17G).
    #[arg(short = 'h')]
    pub human: bool,
    /// Show hidden entries (names starting with a dot).
    #[arg(short = 'a')]
    pub all: bool,
    /// Do not sort: list in folder order.
    #[arg(short = 'U')]
    pub unsorted: bool,
    /// The folder to list (default: the current one); a file is shown alone, as given;
    /// `network:///` lists what the network neighbourhood shows (name, tab, address).
    #[arg(default_value = ".")]
    pub dir: PathBuf,
    /// Print help.
    #[arg(long, action = clap::ArgAction::Help)]
    help: Option<bool>,
}

/// List in a child process: Ctrl+C then ends the command even while the folder's share
/// does not answer (see [`apart`]). The command has a single thread until here.
pub fn run(args: &LsArgs) -> anyhow::Result<()> {
    if network::is_network(&args.dir) {
        return network::list();
    }
    // An address is mounted and resolved in the child, which has a single thread until then.
    porpoise_engine::host::in_child(|| {
        let args = LsArgs {
            dir: super::remote::local(&args.dir)?,
            ..args.clone()
        };
        list(&args)
    })
}

fn list(args: &LsArgs) -> anyhow::Result<()> {
    // A file is shown as `ls FILE` shows it: its own line, named as given. Names alone
    // need no details.
    let listed = if args.long {
        list_all(&args.dir)
    } else {
        list_kinds(&args.dir)
    };
    let (listing, folder, alone) = match listed {
        Ok(listing) => (listing, args.dir.clone(), None),
        Err(e) if e.reason() == Reason::NotADirectory => {
            let one =
                list_one(&args.dir).map_err(|e| anyhow::anyhow!(super::format::cannot(&e)))?;
            if one.entries.first().is_some_and(|e| e.kind() == Kind::File)
                && archive::is_archive(&args.dir)
            {
                return archive::list(&args.dir, args.human);
            }
            let folder = porpoise_engine::place::folder_of(&args.dir).to_owned();
            let name = args.dir.file_name().map(|n| n.as_bytes().to_vec());
            (one, folder, name)
        }
        Err(e) => anyhow::bail!(super::format::cannot(&e)),
    };
    let mut order: Vec<&Entry> = listing
        .entries
        .iter()
        .filter(|e| args.all || alone.is_some() || !is_hidden(listing.name(e)))
        .collect();
    if !args.unsorted {
        order.sort_unstable_by(|a, b| {
            // Name order, folders first.
            compare(a, listing.name(a), b, listing.name(b), Sort::default())
        });
    }
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut last_time: (i64, Vec<u8>) = (i64::MIN, Vec::new());
    // Opened at the first symlink, to read targets relative to it.
    let mut dir: Option<OwnedFd> = None;
    for e in order {
        let name = listing.name(e);
        if args.long {
            write_long_fields(&mut out, e, args.human, &mut last_time)?;
        }
        write_escaped(&mut out, name)?;
        if args.long && e.state() == State::Complete && e.kind() == Kind::Symlink {
            let in_folder = alone.as_deref().unwrap_or(name);
            write_link_target(&mut out, &folder, &mut dir, in_folder)?;
        }
        out.write_all(b"\n")?;
    }
    out.flush().context("cannot write the listing")?;
    Ok(())
}

fn write_long_fields(
    out: &mut impl Write,
    e: &Entry,
    human: bool,
    last_time: &mut (i64, Vec<u8>),
) -> std::io::Result<()> {
    let size_width = if human { HUMAN_SIZE_WIDTH } else { 12 };
    // What stands between the mode and the name: size, a space, the time (16).
    let middle = size_width + 1 + 16;
    match e.state() {
        State::Complete => {
            out.write_all(&mode_string(u32::from(e.mode)))?;
            if human {
                write!(out, " {:>size_width$} ", human_size(e.size))?;
            } else {
                write!(out, " {:>size_width$} ", e.size)?;
            }
            write_time(out, e.mtime_sec, last_time)
        }
        State::Vanished => write!(out, "?????????? {:<middle$} ", "(vanished)"),
        State::Unreadable | State::Pending => {
            write!(out, "?????????? {:<middle$} ", "(unreadable)")
        }
    }
}

/// The local time `sec` (seconds since 1970) as `YYYY-MM-DD HH:MM` and a space;
/// `last_time` keeps the last minute written, as consecutive entries often share it.
fn write_time(
    out: &mut impl Write,
    sec: i64,
    last_time: &mut (i64, Vec<u8>),
) -> std::io::Result<()> {
    let minute = sec.div_euclid(60);
    if last_time.0 != minute || last_time.1.is_empty() {
        last_time.0 = minute;
        last_time.1.clear();
        match porpoise_engine::host::local_time(sec) {
            Some((y, mo, d, h, mi)) => write!(last_time.1, "{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}")?,
            None => last_time.1.extend_from_slice(b"????-??-?? ??:??"),
        }
    }
    out.write_all(&last_time.1)?;
    out.write_all(b" ")
}

/// ` -> target` of the symlink `name` in the listed folder, read relative to the folder
/// (opened into `dir` the first time). A target that cannot be read is said on stderr.
fn write_link_target(
    out: &mut impl Write,
    path: &Path,
    dir: &mut Option<OwnedFd>,
    name: &[u8],
) -> std::io::Result<()> {
    let target = match dir {
        Some(fd) => porpoise_engine::listing::link_target(&*fd, OsStr::from_bytes(name)),
        None => porpoise_engine::listing::open_folder(path).and_then(|fd| {
            let target = porpoise_engine::listing::link_target(&fd, OsStr::from_bytes(name));
            *dir = Some(fd);
            target
        }),
    };
    match target {
        Ok(target) => {
            out.write_all(b" -> ")?;
            write_escaped(out, &target)
        }
        Err(e) => {
            let mut shown = Vec::new();
            write_escaped(&mut shown, name)?;
            eprintln!(
                "porpoise: cannot read the symlink {}: {e}",
                String::from_utf8_lossy(&shown)
            );
            Ok(())
        }
    }
}
