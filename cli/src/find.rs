//! `porpoise find`: the files and folders below a folder whose names match a pattern (a
//! part of the name, or a glob), optionally only files holding some text or a regular
//! expression; one path a line, escaped as `ls` writes names, each batch printed as soon
//! as the search finds it.

use std::ffi::OsString;
use std::io::{BufWriter, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use anyhow::Context;
use porpoise_engine::search::{Content, Found, Options, Query, SearchEvent, Summary, start};

use super::format::{cannot, write_escaped};

#[derive(Debug, clap::Args)]
pub struct FindArgs {
    /// The folder to search from.
    #[arg(value_name = "PATH")]
    pub root: PathBuf,
    /// A part of the name (case ignored), or a glob such as '*.pdf' matched against the
    /// whole name; none (or '') for every name.
    #[arg(value_name = "PATTERN", default_value = "")]
    pub pattern: OsString,
    /// Only files holding this text.
    #[arg(long, value_name = "TEXT")]
    pub content: Option<String>,
    /// The --content text is a regular expression.
    #[arg(long, requires = "content")]
    pub regex: bool,
    /// Ignore case in the --content text too.
    #[arg(long, short = 'i', requires = "content")]
    pub ignore_case: bool,
    /// Compare names with their case.
    #[arg(long)]
    pub case_sensitive: bool,
    /// Look at hidden names too (starting with a dot), and inside hidden folders.
    #[arg(long)]
    pub hidden: bool,
    /// Enter other filesystems mounted below PATH (network ones only with --network).
    #[arg(long)]
    pub cross_mounts: bool,
    /// With --cross-mounts, enter network and FUSE mounts too.
    #[arg(long, requires = "cross_mounts")]
    pub network: bool,
}

/// Search in a child process: Ctrl+C then ends the command even while a share does not
/// answer (see `ls`). The command has a single thread until here.
pub fn run(args: &FindArgs) -> anyhow::Result<()> {
    porpoise_engine::host::in_child(|| find(args))
}

fn find(args: &FindArgs) -> anyhow::Result<()> {
    // An address is searched through GVfs's FUSE folder; results are shown as addresses.
    let root = super::remote::local(&args.root)?;
    let query = Query {
        root,
        name: args.pattern.clone(),
        content: args.content.as_ref().map(|text| Content {
            pattern: text.clone(),
            regex: args.regex,
            ignore_case: args.ignore_case,
        }),
        options: Options {
            case_sensitive: args.case_sensitive,
            hidden: args.hidden,
            cross_mounts: args.cross_mounts,
            network: args.network,
            keep_problems: usize::MAX,
            ..Options::default()
        },
    };
    let search = start(query)?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let summary = loop {
        match search.next() {
            Some(SearchEvent::Found(batch)) => match print_batch(&mut out, &batch) {
                Ok(()) => {}
                // The reader has had enough (`| head`): stop quietly, as `find` does.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(()),
                Err(e) => return Err(e).context("cannot write the results"),
            },
            Some(SearchEvent::Finished(s)) => break s,
            None => anyhow::bail!("the search ended without a word"),
        }
    };
    out.flush().context("cannot write the results")?;
    say_problems(&summary)
}

/// Write a batch of results, one path a line, and hand it to the terminal (or pipe).
fn print_batch(out: &mut impl Write, batch: &[Found]) -> std::io::Result<()> {
    for found in batch {
        if let Some(uris) = uris(found) {
            for uri in uris {
                out.write_all(uri.as_bytes())?;
                out.write_all(b"\n")?;
            }
            continue;
        }
        let dir = found.dir.as_os_str().as_bytes();
        let sep: &[u8] = if dir.ends_with(b"/") { b"" } else { b"/" };
        for i in 0..found.entries.len() {
            write_escaped(out, dir)?;
            out.write_all(sep)?;
            write_escaped(out, found.entries.name(i))?;
            out.write_all(b"\n")?;
        }
    }
    out.flush()
}

/// The batch's results as addresses, when they are below an address given to search.
fn uris(found: &Found) -> Option<Vec<String>> {
    let dir = super::remote::address_of(&found.dir)?;
    (0..found.entries.len())
        .map(|i| {
            let name = std::ffi::OsStr::from_bytes(found.entries.name(i));
            dir.below(std::path::Path::new(name)).map(|a| a.uri())
        })
        .collect()
}

/// A line on stderr for each folder or file that could not be read; an error when any.
fn say_problems(summary: &Summary) -> anyhow::Result<()> {
    for e in &summary.first_problems {
        eprintln!("porpoise: {}", cannot(e));
    }
    match summary.problems {
        0 => Ok(()),
        n => anyhow::bail!("{n} could not be searched"),
    }
}
