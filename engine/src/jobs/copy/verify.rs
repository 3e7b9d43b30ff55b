//! Verifying a copy (`JobSpec::verify`): once the copies are on the device, each copied
//! file is read back from the device, not from memory (`fsync`, then
//! `posix_fadvise(DONTNEED)` drops its cached pages), hashed with xxh3 and compared with
//! its source read again (from the page cache, where the copy just left it). A mismatch
//! is that item's failure, so a move keeps its source.

use std::ffi::{CStr, CString, OsStr};
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::sync::{Arc, Mutex};

use rustix::fs::{Advice, Mode, OFlags};
use rustix::io::Errno;
use xxhash_rust::xxh3::Xxh3;

use crate::error::{Mismatch, Op};

use super::super::events::JobState;
use super::super::progress::Counters;
use super::super::runner::Ctx;
use super::{DirPair, Shared};

/// A copied file to read back: its folders (held open, and their times unset, until
/// then), its name in each.
struct Check {
    pair: Arc<DirPair>,
    name: CString,
    target: CString,
}

/// The files a verifying copy made.
#[derive(Default)]
pub(super) struct Checks {
    list: Mutex<Vec<Check>>,
}

impl Checks {
    pub fn add(&self, pair: &Arc<DirPair>, name: &CStr, target: &CStr) {
        let mut list = self.list.lock().unwrap_or_else(|p| p.into_inner());
        list.push(Check {
            pair: pair.clone(),
            name: name.to_owned(),
            target: target.to_owned(),
        });
    }

    /// Forget them all (their folders are let go).
    pub fn discard(&self) {
        drop(self.take());
    }

    fn take(&self) -> Vec<Check> {
        std::mem::take(&mut *self.list.lock().unwrap_or_else(|p| p.into_inner()))
    }
}

/// Read back every copy and compare; each that differs (or cannot be read) fails.
pub(super) fn run(ctx: &Ctx, checks: &Checks, shared: &Shared, dest: &OwnedFd) {
    let list = checks.take();
    if list.is_empty() {
        return;
    }
    ctx.state(JobState::Verifying);
    // One flush of the destination filesystem puts the copies on the device at once (a
    // journal commit per file would cost more than the reading); the fsync of each
    // file below then finds it clean, and covers FUSE, where syncfs does not wait.
    let _ = rustix::fs::syncfs(dest);
    let mut buf = vec![0u8; 1 << 20];
    for c in list {
        if !ctx.control.checkpoint() {
            return;
        }
        let path = c.pair.src_path.join(OsStr::from_bytes(c.name.to_bytes()));
        match same(ctx, &c, &mut buf) {
            Ok(true) => Counters::add(&ctx.counters.files_verified, 1),
            Ok(false) => {
                shared.item_failed(c.pair.top);
                let err = std::io::Error::new(std::io::ErrorKind::InvalidData, Mismatch);
                ctx.failed(path, (Op::Verify, err));
            }
            Err(e) => {
                shared.item_failed(c.pair.top);
                ctx.failed(path, (Op::Verify, e.into()));
            }
        }
    }
}

/// Whether the copy, read from the device, holds what its source holds.
fn same(ctx: &Ctx, c: &Check, buf: &mut [u8]) -> Result<bool, Errno> {
    let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let copy = rustix::fs::openat(&*c.pair.dst, &c.target, flags, Mode::empty())?;
    // On the device first, then out of memory: the read below comes from the device.
    rustix::fs::fsync(&copy)?;
    rustix::fs::fadvise(&copy, 0, None, Advice::DontNeed)?;
    let copy_hash = hash(&copy, buf, Some(&ctx.counters))?;
    let source = rustix::fs::openat(&c.pair.src, &c.name, flags, Mode::empty())?;
    Ok(hash(&source, buf, None)? == copy_hash)
}

/// xxh3 (128 bits) of everything `fd` holds from its start; the bytes read are counted
/// as verified when `counters` are given.
fn hash(fd: &OwnedFd, buf: &mut [u8], counters: Option<&Counters>) -> Result<u128, Errno> {
    let mut h = Xxh3::new();
    let mut at = 0u64;
    loop {
        let n = match rustix::io::pread(fd, &mut *buf, at) {
            Ok(0) => return Ok(h.digest128()),
            Ok(n) => n,
            Err(Errno::INTR) => continue,
            Err(e) => return Err(e),
        };
        h.update(&buf[..n]);
        at += n as u64;
        if let Some(c) = counters {
            Counters::add(&c.bytes_verified, n as u64);
        }
    }
}
