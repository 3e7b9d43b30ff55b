//! Finding files from a folder down, by name (a substring, case folded in the comparison
//! only, or a glob such as `*.pdf`) and optionally by what they hold (plain text or a
//! regular expression, through ripgrep's searcher). The walk runs on its own threads
//! (fd-relative, names and types from getdents alone, both cores), never follows a
//! symlink, stays on the starting filesystem and off network mounts unless asked, and
//! streams what it finds in batches over a channel; folders it cannot read are problems
//! gathered in the summary, not an end. Cancelling (or dropping) the search stops it at once.

mod content;
mod fences;
mod name;
mod queue;
mod run;
mod walk;

use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::Arc;

use crate::entry::Batch;
use crate::error::IoError;
use crate::events::{self, Cancel, Events};

pub use content::ContentMatcher;
pub use name::NameMatcher;

/// What to look for, and where.
#[derive(Debug, Clone)]
pub struct Query {
    /// The folder to search from (it is not itself a result).
    pub root: PathBuf,
    /// Part of the name, or a glob when it holds `*`, `?` or `[` (matched against the
    /// whole name then). Empty: every name.
    pub name: OsString,
    /// Only files holding this (then only regular files are results).
    pub content: Option<Content>,
    pub options: Options,
}

/// What a file must hold to be found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Content {
    pub pattern: String,
    /// `pattern` is a regular expression (Rust's syntax, as ripgrep's); else plain text.
    pub regex: bool,
    pub ignore_case: bool,
}

/// How far the walk goes and what it tells.
#[derive(Debug, Clone)]
pub struct Options {
    /// Names are compared with their case (default: case folded, as `find -iname`).
    pub case_sensitive: bool,
    /// Names starting with a dot are looked at (and their folders entered).
    pub hidden: bool,
    /// Enter other filesystems mounted below the starting folder.
    pub cross_mounts: bool,
    /// With `cross_mounts`: enter network and FUSE mounts too.
    pub network: bool,
    /// Read size, time and mode of each result (for a view's columns); otherwise a result
    /// holds its name, kind and inode only, as getdents gives them.
    pub details: bool,
    /// Walking threads; 0: one per core, 2 to 4.
    pub threads: usize,
    /// Problems kept with their path and error (all are counted).
    pub keep_problems: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            case_sensitive: false,
            hidden: false,
            cross_mounts: false,
            network: false,
            details: false,
            threads: 0,
            keep_problems: 1000,
        }
    }
}

/// A query that cannot be run as it is written.
#[derive(Debug, thiserror::Error)]
pub enum QueryError {
    #[error("the name pattern {pattern:?} is not a valid glob")]
    Glob {
        pattern: String,
        #[source]
        source: globset::Error,
    },
    #[error("the name pattern {pattern:?} cannot be searched for")]
    Name {
        pattern: String,
        #[source]
        source: Box<regex_automata::meta::BuildError>,
    },
    #[error("the content pattern {pattern:?} is not a valid regular expression")]
    Content {
        pattern: String,
        #[source]
        source: grep_regex::Error,
    },
}

/// Results found in one folder.
#[derive(Debug, Clone)]
pub struct Found {
    /// The folder, as the starting path joined with the names below it.
    pub dir: Arc<PathBuf>,
    /// The results in it: names and kinds (and details when asked).
    pub entries: Batch,
}

impl Found {
    /// The full path of the `i`th result.
    pub fn path(&self, i: usize) -> PathBuf {
        use std::os::unix::ffi::OsStrExt;
        self.dir
            .join(std::ffi::OsStr::from_bytes(self.entries.name(i)))
    }
}

/// How a search ended.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// Results sent.
    pub found: u64,
    /// Entries looked at, folders read.
    pub entries: u64,
    pub folders: u64,
    /// Folders (and files, for content) that could not be read, each once.
    pub problems: u64,
    /// The first of them, up to [`Options::keep_problems`].
    pub first_problems: Vec<IoError>,
    /// It was cancelled before the walk was done.
    pub cancelled: bool,
}

/// What a search reports: batches of results as they are found, then its summary.
#[derive(Debug, Clone)]
pub enum SearchEvent {
    Found(Vec<Found>),
    Finished(Summary),
}

/// Batches waiting for the consumer before the walk waits for it.
const EVENT_DEPTH: usize = 64;

/// Start searching on new threads. The patterns are checked here (no I/O); everything
/// else, the starting folder included, happens on the search's threads. Its events end
/// with the summary; cancelling them (or dropping them) stops the walking threads within
/// a few hundred entries (or one file's content), and passes over the results still
/// queued: only the summary (`cancelled`) comes.
pub fn start(query: Query) -> Result<Events<SearchEvent>, QueryError> {
    start_with(query, Cancel::new())
}

/// Whether `query`'s patterns can be searched for (pure: no I/O, no thread).
pub fn check(query: &Query) -> Result<(), QueryError> {
    NameMatcher::new(query.name.as_encoded_bytes(), query.options.case_sensitive)?;
    if let Some(c) = &query.content {
        ContentMatcher::new(c)?;
    }
    Ok(())
}

/// [`start`], stopped by `cancel` as well (a switch whoever starts it keeps apart from
/// the events).
pub fn start_with(query: Query, cancel: Cancel) -> Result<Events<SearchEvent>, QueryError> {
    let names = NameMatcher::new(query.name.as_encoded_bytes(), query.options.case_sensitive)?;
    let content = match &query.content {
        Some(c) => Some(ContentMatcher::new(c)?),
        None => None,
    };
    let (tx, events) = events::channel_with(EVENT_DEPTH, cancel);
    let spawned = std::thread::Builder::new()
        .name("porpoise-search".into())
        .spawn(move || run::run(&query, &names, content.as_ref(), &tx));
    if let Err(e) = spawned {
        tracing::error!("cannot start a thread to search: {e}");
    }
    Ok(events.skipping_when_cancelled(|ev| matches!(ev, SearchEvent::Found(_))))
}
