//! `porpoise du`: what each path takes, counted recursively as `du -sx` counts (hard
//! links once, other mounts left out): bytes on disk, apparent bytes, files, folders.

use std::io::{BufWriter, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use anyhow::Context;
use porpoise_engine::usage::{PathState, Totals, Usage, UsageOptions, count_blocking};

use super::format::{cannot, human_size, write_escaped};

/// `-h` is human sizes, as in `du`: help is `--help` only.
#[derive(Debug, clap::Args)]
#[command(disable_help_flag = true)]
pub struct DuArgs {
    /// Sizes in powers of 1024 as `du -h` writes them (1.0K, 2.5M, 17G).
    #[arg(short = 'h')]
    pub human: bool,
    /// Files and folders to count (default: the current folder).
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Print help.
    #[arg(long, action = clap::ArgAction::Help)]
    help: Option<bool>,
}

/// Count in a child process: Ctrl+C then ends the command even while a share does not
/// answer (see `ls`). The command has a single thread until here.
pub fn run(args: &DuArgs) -> anyhow::Result<()> {
    porpoise_engine::host::in_child(|| du(args))
}

fn du(args: &DuArgs) -> anyhow::Result<()> {
    let opts = UsageOptions {
        keep_problems: usize::MAX,
        ..UsageOptions::default()
    };
    // Problems are said as they are met (as `du` does), between snapshots.
    let mut said = 0;
    let never = AtomicBool::new(false);
    // Addresses are counted through GVfs's FUSE folder and shown as given.
    let local = super::remote::local_all(&args.paths)?;
    let usage = count_blocking(&local, &opts, &never, &mut |u| {
        said = say_problems(u, said);
    });
    say_problems(&usage, said);

    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for (path, p) in args.paths.iter().zip(&usage.paths) {
        if p.state == PathState::Done {
            write_line(&mut out, &p.totals, path.as_os_str().as_bytes(), args.human)?;
        }
    }
    if args.paths.len() > 1 {
        write_line(&mut out, &usage.total, b"total", args.human)?;
    }
    out.flush().context("cannot write the totals")?;
    match usage.problems {
        0 => Ok(()),
        1 => anyhow::bail!("1 entry could not be counted; the totals leave it out"),
        n => anyhow::bail!("{n} entries could not be counted; the totals leave them out"),
    }
}

/// Say on stderr the problems of `u` from the `said`-th on; how many are said now.
fn say_problems(u: &Usage, said: usize) -> usize {
    for e in u.first_problems.iter().skip(said) {
        eprintln!("porpoise: {}", cannot(e));
    }
    u.first_problems.len().max(said)
}

/// `on disk \t apparent \t files \t folders \t path`.
fn write_line(out: &mut impl Write, t: &Totals, name: &[u8], human: bool) -> std::io::Result<()> {
    if human {
        write!(
            out,
            "{}\t{}\t",
            human_size(t.bytes_on_disk),
            human_size(t.apparent_bytes)
        )?;
    } else {
        write!(out, "{}\t{}\t", t.bytes_on_disk, t.apparent_bytes)?;
    }
    write!(out, "{}\t{}\t", t.files, t.folders)?;
    write_escaped(out, name)?;
    out.write_all(b"\n")
}
