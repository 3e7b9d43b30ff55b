//! The archives read lately, as trees, while their files are unchanged (same size and
//! time): entering a folder inside an archive does not read it again. Bounded: a few
//! archives, and a total of entries.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::archive::list::{MOST_ENTRIES, list_with};
use crate::archive::read::ReadError;
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

/// The passwords given for archives whose names are locked (a 7z's encrypted header), for
/// as long as the process runs; the last few.
static PASSWORDS: Mutex<Vec<(PathBuf, String)>> = Mutex::new(Vec::new());

/// At most this many passwords are kept.
const MOST_PASSWORDS: usize = 16;

/// Read the archive at `archive` with `password` from now on (its names are locked).
pub fn give_password(archive: &Path, password: String) {
    let mut passwords = PASSWORDS.lock().unwrap_or_else(|e| e.into_inner());
    passwords.retain(|(p, _)| p != archive);
    passwords.insert(0, (archive.to_owned(), password));
    passwords.truncate(MOST_PASSWORDS);
}

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
    let password = PASSWORDS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|(p, _)| p == archive)
        .map(|(_, pw)| pw.clone());
    let key = password.as_deref().map(str::as_bytes);
    let listing = match list_with(archive, MOST_ENTRIES, key) {
        Ok(listing) => listing,
        // Names decrypted with the wrong key read as damage.
        Err(ReadError::Damaged { path, .. }) if password.is_some() => {
            return Err(super::read_failure(ReadError::WrongPassword { path }));
        }
        Err(e) => return Err(super::read_failure(e)),
    };
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
