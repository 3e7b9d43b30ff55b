//! The starting paths, one after the other: each is looked at here, a folder's tree is
//! walked by the walking threads (started at the first folder, ended at the last) while
//! this thread waits and sends snapshots.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::error::Op;
use crate::sys;

use crate::walk::Task;

use super::shared::{Dir, Shared, add_entry, is_dir};
use super::walk::walker;
use super::{PathState, Totals, Usage, UsageOptions};

/// Count each of `paths` into `usage`, on `threads` walking threads started here at the
/// first folder; snapshots go to `progress` every `opts.interval`.
pub(super) fn count_paths(
    paths: &[PathBuf],
    threads: usize,
    opts: &UsageOptions,
    cancel: &AtomicBool,
    usage: &mut Usage,
    progress: &mut dyn FnMut(&Usage),
) {
    let shared = Shared::new(cancel, opts.keep_problems);
    let mut report = Reporter {
        opts,
        next: Instant::now() + opts.interval,
        usage,
        progress,
    };
    std::thread::scope(|scope| {
        let mut started = 0;
        for (i, path) in paths.iter().enumerate() {
            if shared.stack.cancelled() {
                break;
            }
            report.usage.paths[i].state = PathState::Counting;
            let state = match start(&shared, path) {
                Ok(Started::Counted { folder }) => {
                    report.usage.paths[i].folder = folder;
                    PathState::Done
                }
                Ok(Started::Walk(root)) => {
                    report.usage.paths[i].folder = true;
                    while started < threads {
                        let spawned = std::thread::Builder::new()
                            .name("porpoise-du".into())
                            .spawn_scoped(scope, || walker(&shared, true));
                        if spawned.is_err() {
                            break;
                        }
                        started += 1;
                    }
                    shared.stack.push(&mut vec![Task::Read(root)]);
                    if started == 0 {
                        // No thread to be had: walk here, without snapshots.
                        walker(&shared, false);
                    }
                    report.wait_drained(&shared, i);
                    PathState::Done
                }
                Err(state) => state,
            };
            let totals = shared.counts.take();
            report.usage.total.add(&totals);
            report.usage.paths[i].state = state;
            report.usage.paths[i].totals = totals;
            // Many single files (a large selection) report as they go too.
            if Instant::now() >= report.next {
                report.snapshot(&shared, None);
            }
        }
        shared.stack.close();
    });
    shared.update_problems(report.usage);
}

/// A starting path, looked at and counted itself.
enum Started {
    /// A folder whose tree is to be walked.
    Walk(Arc<Dir>),
    /// Nothing more to count: a file, or a folder that could not be opened.
    Counted { folder: bool },
}

/// Look at a starting path and count it: a folder is opened for the walk, anything else
/// is counted as it is. `Err` holds the path's state when it is not counted.
fn start(shared: &Shared<'_>, path: &Path) -> Result<Started, PathState> {
    let st = match sys::statx_usage_path(path) {
        Ok(st) => st,
        Err(e) => {
            shared.problems.add(Op::Stat, path.to_owned(), e);
            return Err(PathState::Unreachable);
        }
    };
    let dev = sys::statx_dev(&st);
    // Every starting path is remembered, so one given twice counts once.
    if !shared.seen.first(dev, st.stx_ino) {
        return Err(PathState::CountedBefore);
    }
    let folder = is_dir(&st);
    let mut t = Totals::default();
    add_entry(&mut t, &st, folder);
    shared.counts.add(&t);
    if !folder {
        return Ok(Started::Counted { folder });
    }
    match sys::open_dir_nofollow(path) {
        Ok(fd) => Ok(Started::Walk(Arc::new(Dir {
            fd,
            path: path.to_owned(),
            with: dev,
        }))),
        Err(e) => {
            shared.problems.add(Op::OpenDir, path.to_owned(), e);
            Ok(Started::Counted { folder })
        }
    }
}

/// The reporting thread's side: waiting for a tree while sending snapshots.
struct Reporter<'u, 'o> {
    opts: &'o UsageOptions,
    next: Instant,
    usage: &'u mut Usage,
    progress: &'u mut dyn FnMut(&Usage),
}

impl Reporter<'_, '_> {
    /// Wait until path `i`'s tree is walked, with a snapshot every interval.
    fn wait_drained(&mut self, shared: &Shared<'_>, i: usize) {
        while !shared.stack.wait_drained(self.next) {
            self.snapshot(shared, Some(i));
        }
    }

    /// Report where the count stands, path `walking`'s tree being walked.
    fn snapshot(&mut self, shared: &Shared<'_>, walking: Option<usize>) {
        let done = self.usage.total;
        if let Some(i) = walking {
            let current = shared.counts.load();
            self.usage.paths[i].totals = current;
            self.usage.total.add(&current);
        }
        shared.update_problems(self.usage);
        (self.progress)(self.usage);
        self.usage.total = done;
        self.next = Instant::now() + self.opts.interval;
    }
}
