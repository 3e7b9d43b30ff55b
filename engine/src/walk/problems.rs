//! Problems met on a walk: every one counted, the first few kept with their path.

use std::ffi::CStr;
use std::os::fd::{AsFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::error::{IoError, Op};

/// Problems met by the walking threads.
pub(crate) struct Problems {
    keep: usize,
    inner: Mutex<(u64, Vec<IoError>)>,
}

impl Problems {
    /// Count every problem, keep the first `keep`.
    pub(crate) fn new(keep: usize) -> Problems {
        Problems {
            keep,
            inner: Mutex::new((0, Vec::new())),
        }
    }

    pub(crate) fn add(&self, op: Op, path: PathBuf, e: impl Into<std::io::Error>) {
        let mut g = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        g.0 += 1;
        if g.1.len() < self.keep {
            g.1.push(IoError::new(op, path, e));
        }
    }

    /// Open the folder `name` of `parent`; a failure is counted here with the folder's
    /// `path`, and nothing is opened.
    pub(crate) fn open_dir(&self, parent: impl AsFd, name: &CStr, path: &Path) -> Option<OwnedFd> {
        crate::sys::open_dir_at(parent, name)
            .map_err(|e| self.add(Op::OpenDir, path.to_path_buf(), e))
            .ok()
    }

    /// How many so far, and the kept ones from the `from`th on.
    pub(crate) fn since(&self, from: usize) -> (u64, Vec<IoError>) {
        let g = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        (
            g.0,
            g.1.get(from..).map(<[IoError]>::to_vec).unwrap_or_default(),
        )
    }
}
