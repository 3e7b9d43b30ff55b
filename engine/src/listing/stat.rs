//! One entry's details: statx relative to its folder, and for a symbolic link the kind of
//! what it points to (and its owner's names learned). Used by the first listing and by the watcher's single-entry updates.

use std::ffi::CStr;
use std::os::fd::AsFd;

use crate::entry::{Entry, Kind, NameRef};
use crate::sys;

/// Stat one name in `dir` into a record; failures become a state on the record.
pub(crate) fn stat_entry(
    dir: impl AsFd,
    name: &CStr,
    r: NameRef,
    kind: Kind,
    ino: u64,
    dont_sync: bool,
) -> Entry {
    match sys::statx_at(&dir, name, dont_sync) {
        Ok(st) => {
            let mut e = Entry::from_statx(r, &st);
            // The owner's names are looked up here, off the thread that shows them.
            crate::owners::learn(e.uid, e.gid);
            if e.kind() == Kind::Symlink {
                let target = sys::statx_follow(&dir, name, dont_sync)
                    .ok()
                    .map(|t| Kind::from_mode(u32::from(t.stx_mode)));
                e.set_link_target(target);
            }
            e
        }
        Err(err) => {
            let mut e = Entry::pending(r, kind, ino);
            e.mark_failed(err.raw_os_error() == Some(libc::ENOENT));
            e
        }
    }
}
