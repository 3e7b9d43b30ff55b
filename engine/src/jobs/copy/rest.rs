//! After a copy stopped (the destination is full or went read-only), what the walk had
//! not reached yet is still named, file by file: a full disk leaves no file unaccounted.

use std::ffi::{CStr, OsStr};
use std::mem::MaybeUninit;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use rustix::fs::{FileType, RawDir};

use super::super::fsops::{meta_at, open_dir_at};
use super::super::runner::Ctx;
use super::Shared;

/// Name `name` of `dir` (at `path`) as not copied, every file inside it when it is a
/// folder. Only reading: nothing is created. A cancel ends it.
pub(super) fn name_rest(
    ctx: &Ctx,
    shared: &Shared,
    dir: &OwnedFd,
    name: &CStr,
    path: PathBuf,
    buf: &mut [MaybeUninit<u8>],
) {
    match meta_at(dir, name) {
        Ok(m) if m.kind == FileType::Directory => {}
        // A file, or something gone meanwhile: named all the same.
        _ => return shared.not_arrived(ctx, path),
    }
    let Ok(first) = open_dir_at(dir, name) else {
        return shared.not_arrived(ctx, path);
    };
    let mut stack: Vec<(OwnedFd, PathBuf)> = vec![(first, path)];
    while let Some((fd, at)) = stack.pop() {
        if ctx.control.is_cancelled() {
            return;
        }
        let mut raw = RawDir::new(&fd, &mut *buf);
        let mut subdirs = Vec::new();
        while let Some(Ok(entry)) = raw.next() {
            let n = entry.file_name();
            if matches!(n.to_bytes(), b"." | b"..") {
                continue;
            }
            let p = at.join(OsStr::from_bytes(n.to_bytes()));
            if entry.file_type() == FileType::Directory {
                subdirs.push((n.to_owned(), p));
            } else {
                shared.not_arrived(ctx, p);
            }
        }
        for (n, p) in subdirs {
            match open_dir_at(&fd, &n) {
                Ok(sub) => stack.push((sub, p)),
                Err(_) => shared.not_arrived(ctx, p),
            }
        }
    }
}
