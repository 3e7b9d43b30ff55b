//! Searching from the shown folder down (Ctrl+F): what the pane's search view holds (the
//! typed name and content, the results streamed in so far, the cursor), its messages, and
//! the task that runs the engine's search off the UI thread and forwards its batches.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use iced::Task;

use porpoise_engine::Kind;
use porpoise_engine::events::Cancel;
use porpoise_engine::search::{
    Content, Found, Options, Query, SearchEvent, Summary, check, start_with,
};

/// Results drawn as rows at most (all are kept and counted).
pub const ROWS_SHOWN: usize = 1000;

/// The id of the search view's name input.
pub const SEARCH_INPUT: &str = "porpoise-search";

/// One result, as a row shows it.
#[derive(Debug, Clone)]
pub struct Hit {
    /// Its folder (shared by the results found in it).
    pub dir: Arc<PathBuf>,
    pub name: Vec<u8>,
    pub kind: Kind,
    pub size: u64,
}

impl Hit {
    pub fn path(&self) -> PathBuf {
        use std::os::unix::ffi::OsStrExt;
        self.dir.join(std::ffi::OsStr::from_bytes(&self.name))
    }

    pub fn is_dir(&self) -> bool {
        self.kind == Kind::Dir
    }
}

/// What a pane shows while it searches, instead of its folder.
#[derive(Debug, Default)]
pub struct SearchView {
    /// The folder searched from (the pane's folder).
    pub root: PathBuf,
    pub name: String,
    pub content: String,
    /// The "containing" text is a regular expression.
    pub regex: bool,
    /// Names and content are compared with their case.
    pub match_case: bool,
    /// Other filesystems mounted below (devices, network shares) are searched too.
    pub everywhere: bool,
    /// The number of the search under way (or last run): older batches are dropped.
    pub id: u64,
    pub hits: Vec<Hit>,
    /// The result under the keyboard.
    pub cursor: Option<usize>,
    /// A search is running.
    pub running: bool,
    /// How the last search ended.
    pub summary: Option<Summary>,
    /// The patterns typed cannot be searched for.
    pub bad_pattern: bool,
    /// When a result row was last pressed (a second press soon after opens it).
    pub last_click: Option<std::time::Instant>,
    stop: Option<Cancel>,
}

#[derive(Debug, Clone)]
pub enum SearchMsg {
    /// The name field was typed in.
    Name(String),
    /// The "containing" field was typed in.
    Content(String),
    /// "Regular expression" for the containing text, on or off.
    Regex(bool),
    /// "Match case", on or off.
    MatchCase(bool),
    /// "Other drives and shares", on or off.
    Everywhere(bool),
    /// What the search numbered so reports.
    Event(u64, SearchEvent),
    /// A result row was pressed.
    Clicked(usize),
    /// Open the result (a folder is shown, a file opened with its application).
    Open(usize),
    /// Show the folder holding the result under the cursor, the result selected.
    OpenFolder,
    Stop,
    /// Back to the folder.
    Close,
}

/// Start a search; its events come back as [`SearchMsg::Event`] with its number.
#[derive(Debug, Clone)]
pub struct StartSearch {
    pub id: u64,
    pub query: Query,
    pub stop: Cancel,
}

impl SearchView {
    pub fn new(root: PathBuf) -> SearchView {
        let mut view = SearchView::default();
        view.root = root;
        view
    }

    /// Stop the search under way, if any: at once, and its late batches are dropped.
    pub fn stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            stop.cancel();
        }
        self.running = false;
    }

    /// A new query from what is typed (the old search stops); `None` when nothing is
    /// typed or the patterns cannot be searched for.
    pub fn restart(&mut self, hidden: bool) -> Option<StartSearch> {
        self.stop();
        self.id += 1;
        self.hits.clear();
        self.cursor = None;
        self.summary = None;
        self.bad_pattern = false;
        if self.name.is_empty() && self.content.is_empty() {
            return None;
        }
        let query = Query {
            root: self.root.clone(),
            name: OsString::from(&self.name),
            content: (!self.content.is_empty()).then(|| Content {
                pattern: self.content.clone(),
                regex: self.regex,
                ignore_case: !self.match_case,
            }),
            options: Options {
                hidden,
                details: true,
                case_sensitive: self.match_case,
                cross_mounts: self.everywhere,
                network: self.everywhere,
                ..Options::default()
            },
        };
        if let Err(e) = check(&query) {
            tracing::info!("{}", porpoise_engine::error::chain(&e));
            self.bad_pattern = true;
            return None;
        }
        let stop = Cancel::new();
        self.stop = Some(stop.clone());
        self.running = true;
        Some(StartSearch {
            id: self.id,
            query,
            stop,
        })
    }

    /// Take what the search numbered `id` reports (an older one's is dropped).
    pub fn on_event(&mut self, id: u64, ev: SearchEvent) {
        if id != self.id {
            return;
        }
        match ev {
            SearchEvent::Found(batch) => {
                for found in batch {
                    self.add(found);
                }
                if self.cursor.is_none() && !self.hits.is_empty() {
                    self.cursor = Some(0);
                }
            }
            SearchEvent::Finished(summary) => {
                self.running = false;
                self.stop = None;
                self.summary = Some(summary);
            }
        }
    }

    fn add(&mut self, found: Found) {
        let Found { dir, entries } = found;
        for (i, e) in entries.entries.iter().enumerate() {
            self.hits.push(Hit {
                dir: dir.clone(),
                name: entries.name(i).to_vec(),
                kind: e.kind(),
                size: e.size,
            });
        }
    }

    /// Files that are no longer there (deleted, or in the trash) leave the results, with
    /// what was found inside them; the cursor keeps its row, or takes the next one left.
    pub fn forget(&mut self, gone: &[PathBuf]) {
        // Each result's folders looked up, not every gone path tried on every result: a
        // big delete beside many results stays cheap on the UI thread.
        let gone: std::collections::HashSet<&Path> = gone.iter().map(PathBuf::as_path).collect();
        let was_at = self.cursor;
        let mut kept_before_cursor = 0;
        let mut i = 0;
        self.hits.retain(|hit| {
            let path = hit.path();
            let keep = !path.ancestors().any(|a| gone.contains(a));
            if keep && was_at.is_some_and(|c| i < c) {
                kept_before_cursor += 1;
            }
            i += 1;
            keep
        });
        self.cursor = match (was_at, self.hits.len()) {
            (_, 0) | (None, _) => None,
            (Some(_), n) => Some(kept_before_cursor.min(n - 1)),
        };
    }

    /// Move the cursor by `by` rows, within the results.
    pub fn move_cursor(&mut self, by: isize) {
        if self.hits.is_empty() {
            return;
        }
        let last = self.hits.len().min(ROWS_SHOWN) - 1;
        let at = self
            .cursor
            .map_or(0, |c| c.saturating_add_signed(by).min(last));
        self.cursor = Some(at);
    }

    pub fn cursor_hit(&self) -> Option<&Hit> {
        self.cursor.and_then(|i| self.hits.get(i))
    }

    /// Where `dir` is, below the folder searched from ("" for that folder itself).
    pub fn location<'a>(&self, dir: &'a Path) -> &'a Path {
        dir.strip_prefix(&self.root).unwrap_or(dir)
    }
}

impl Drop for SearchView {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The task that runs a search on the engine's threads and forwards its batches, each
/// wrapped by `wrap`.
pub fn task<M: Send + 'static>(start: StartSearch, wrap: fn(SearchMsg) -> M) -> Task<M> {
    let StartSearch { id, query, stop } = start;
    let stream = crate::stream::starting(move || {
        start_with(query, stop)
            .inspect_err(|e| tracing::warn!("{}", porpoise_engine::error::chain(e)))
            .ok()
    });
    Task::run(stream, move |ev| wrap(SearchMsg::Event(id, ev)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_query_stops_the_old_search_and_drops_its_batches() {
        let mut view = SearchView::new(PathBuf::from("/nonexistent"));
        view.name = "a".into();
        let first = view.restart(false).expect("a search");
        assert!(view.running && !first.stop.is_cancelled());
        view.name = "ab".into();
        let second = view.restart(false).expect("a search");
        assert!(first.stop.is_cancelled());
        assert!(!second.stop.is_cancelled());
        assert_ne!(first.id, second.id);
        // A late batch of the first search is dropped; the second's summary counts.
        let late = Found {
            dir: Arc::new(PathBuf::from("/x")),
            entries: porpoise_engine::Batch::default(),
        };
        view.on_event(first.id, SearchEvent::Finished(Summary::default()));
        view.on_event(first.id, SearchEvent::Found(vec![late]));
        assert!(view.running && view.summary.is_none());
        view.on_event(second.id, SearchEvent::Finished(Summary::default()));
        assert!(!view.running && view.summary.is_some());
        // Leaving the view stops what runs.
        view.name = "abc".into();
        let third = view.restart(false).expect("a search");
        drop(view);
        assert!(third.stop.is_cancelled());
    }

    fn hit(dir: &Arc<PathBuf>, name: &str) -> Hit {
        Hit {
            dir: dir.clone(),
            name: name.as_bytes().to_vec(),
            kind: Kind::File,
            size: 0,
        }
    }

    #[test]
    fn gone_files_leave_the_results_and_the_cursor_keeps_its_row() {
        let top = Arc::new(PathBuf::from("/s"));
        let inner = Arc::new(PathBuf::from("/s/d"));
        let mut view = SearchView::new(PathBuf::from("/s"));
        view.hits = vec![
            hit(&top, "a"),
            hit(&top, "d"),
            hit(&inner, "b"),
            hit(&top, "c"),
            hit(&top, "e"),
        ];
        view.cursor = Some(3);
        // The folder goes with what was found in it; "c" keeps the cursor.
        view.forget(&[PathBuf::from("/s/d")]);
        let names: Vec<&[u8]> = view.hits.iter().map(|h| h.name.as_slice()).collect();
        assert_eq!(names, [&b"a"[..], b"c", b"e"]);
        assert_eq!(view.cursor, Some(1));
        // The row under the cursor goes: the next one takes it; past the end, the last.
        view.forget(&[PathBuf::from("/s/c")]);
        assert_eq!(view.cursor, Some(1));
        view.forget(&[PathBuf::from("/s/e")]);
        assert_eq!(view.cursor, Some(0));
        // Something gone under a file found, or one whose name only begins like it,
        // takes nothing with it.
        view.forget(&[PathBuf::from("/s/a/x"), PathBuf::from("/s/a.old")]);
        assert_eq!(view.hits.len(), 1);
        view.forget(&[PathBuf::from("/s/a")]);
        assert!(view.hits.is_empty() && view.cursor.is_none());
    }
}
