//! The archives read lately, as trees, while their files are unchanged (same size and
//! time): entering a folder inside an archive does not read it again. Bounded: a few
//! archives, and a total of entries.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::archive::list::{MOST_ENTRIES, list};
use crate::error::{IoError, Op};

use super::tree::Tree;

/// At most this many archives are kept…
const MOST_TREES: usize = 4;
/// …holding at most this many entries in all (the last one read always stays).
const MOST_KEPT_ENTRIES: usize = 2_000_000;

/// One archive read: what its file was then, and its tree.
struct Kept {
    path: PathBuf,
    stamp: (u64, i64, u32),
    tree: Arc<Tree>,
}

static KEPT: Mutex<Vec<Kept>> = Mutex::new(Vec::new());

/// The tree of the archive at `archive` and the file's time (seconds, nanoseconds),
/// from the cache while the file is unchanged, else read now (on this thread).
pub fn tree_of(archive: &Path) -> Result<(Arc<Tree>, (i64, u32)), IoError> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(archive).map_err(|e| IoError::new(Op::Stat, archive, e))?;
    if meta.is_dir() {
        let e = std::io::Error::from_raw_os_error(libc::EISDIR);
        return Err(IoError::new(Op::ReadArchive, archive, e));
    }
    let mtime = (meta.mtime(), meta.mtime_nsec().clamp(0, 999_999_999) as u32);
    let stamp = (meta.size(), mtime.0, mtime.1);
    {
        let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = kept
            .iter()
            .position(|k| k.path == archive && k.stamp == stamp)
        {
            let k = kept.remove(i);
            let tree = k.tree.clone();
            kept.insert(0, k);
            return Ok((tree, mtime));
        }
    }
    let listing = list(archive, MOST_ENTRIES).map_err(super::read_failure)?;
    let tree = Arc::new(Tree::of(&listing));
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    kept.retain(|k| k.path != archive);
    kept.insert(
        0,
        Kept {
            path: archive.to_owned(),
            stamp,
            tree: tree.clone(),
        },
    );
    let mut total = 0;
    let mut keep = 0;
    for k in kept.iter() {
        total += k.tree.len();
        if keep > 0 && (keep >= MOST_TREES || total > MOST_KEPT_ENTRIES) {
            break;
        }
        keep += 1;
    }
    kept.truncate(keep);
    Ok((tree, mtime))
}

/// Forget every archive read (tests, and memory given back).
pub fn forget_all() {
    KEPT.lock().unwrap_or_else(|e| e.into_inner()).clear();
}
