//! A search from start to end, on the thread [`super::start`] made: open the starting
//! folder, learn which mounts below it are fenced off, walk with the walking threads
//! (this one among them), then send the summary.

use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::Arc;

use crate::error::Op;
use crate::events::Sender;
use crate::sys;

use super::content::ContentMatcher;
use super::fences::Fences;
use super::name::NameMatcher;
use crate::walk::Task;

use super::queue::{Dir, Shared};
use super::walk::{Rules, walker};
use super::{Query, SearchEvent};

const MOUNTINFO: &str = "/proc/self/mountinfo";

pub(super) fn run(
    query: &Query,
    names: &NameMatcher,
    content: Option<&ContentMatcher>,
    tx: &Sender<SearchEvent>,
) {
    let opts = &query.options;
    let root = &query.root;
    let cancel = tx.canceller().flag();
    let shared = Shared::new(cancel, tx, rel_start(root), opts.keep_problems);
    match sys::open_dir(root) {
        Ok(fd) => {
            let fences = fences(root, opts);
            let rules = Rules {
                names,
                content,
                fences: &fences,
                hidden: opts.hidden,
                details: opts.details,
            };
            shared.stack.push(&mut vec![Task::Read(Arc::new(Dir {
                fd,
                path: Arc::new(root.clone()),
                with: (),
            }))]);
            std::thread::scope(|scope| {
                for _ in 1..threads(opts.threads) {
                    let spawned = std::thread::Builder::new()
                        .name("porpoise-find".into())
                        .spawn_scoped(scope, || walker(&shared, &rules));
                    if let Err(e) = spawned {
                        tracing::warn!("cannot start another thread to search: {e}");
                        break;
                    }
                }
                walker(&shared, &rules);
            });
        }
        Err(e) => shared.problems.add(Op::OpenDir, root.clone(), e),
    }
    // Sent even when cancelled; nobody may listen any more.
    tx.finish(SearchEvent::Finished(shared.summary()));
}

/// The walking threads: as asked, or one per core, 2 to 4.
fn threads(asked: usize) -> usize {
    match asked {
        0 => crate::threads::per_core(2, 4),
        n => n,
    }
}

/// Where, in the path of a folder below `root`, its path relative to `root` starts.
fn rel_start(root: &Path) -> usize {
    let bytes = root.as_os_str().as_bytes();
    if bytes.ends_with(b"/") {
        bytes.len()
    } else {
        bytes.len() + 1
    }
}

/// The mounts below `root` not to enter. Without the mount table, nothing is fenced
/// off by it (and it is said in the log).
fn fences(root: &Path, opts: &super::Options) -> Fences {
    if opts.cross_mounts && opts.network {
        return Fences::default();
    }
    let Ok(real) = std::fs::canonicalize(root) else {
        return Fences::default();
    };
    match std::fs::read(MOUNTINFO) {
        Ok(table) => Fences::new(&real, &table, opts),
        Err(e) => {
            tracing::warn!("cannot read {MOUNTINFO}: {e}");
            Fences::default()
        }
    }
}
