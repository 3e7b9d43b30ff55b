//! Folders in GVfs's FUSE folder listed through GIO. Read through the FUSE folder, every
//! entry's details are one question from the kernel to gvfsd-fuse and from it to the
//! server's backend, one after the other; GIO's enumerator asks the backend for the names
//! with their details in one stream of batches, as `gio list` does, so the listing costs
//! about what the server takes to answer it.

use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use gio::glib;
use gio::prelude::*;

use crate::entry::{Batch, Entry, Kind};
use crate::error::{IoError, Op};
use crate::mounts::{self, MountClass};

use super::read::{Batcher, DirEvent, ListOptions, sort_batch};
use super::sort::Sort;

/// The details each entry is read with. Every attribute asked for is more work for the
/// backend on each entry (on SFTP the listing of 10 000 files took a third longer with
/// owners and inode numbers), so only what the window shows is asked: a server's owners
/// and inode numbers mean nothing here (see [`Owner`]).
const DETAILS: &str = "standard::name,standard::type,standard::size,\
time::modified,time::modified-usec,unix::mode";

/// Names and kinds alone, for a listing that shows nothing else.
const KINDS: &str = "standard::name,standard::type";

/// What a listing through GIO reads of each entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Wanted {
    /// Everything the window shows.
    Details,
    /// Names and kinds: the entries stay pending.
    Kinds,
}

impl Wanted {
    /// The attributes GIO is asked for.
    fn attributes(self) -> &'static str {
        match self {
            Wanted::Details => DETAILS,
            Wanted::Kinds => KINDS,
        }
    }
}

/// The folder `path` as GVfs's own file, when it is a network folder in GVfs's FUSE
/// folder and GIO reaches GVfs; `None` for any other folder.
pub(super) fn daemon_file(path: &Path, class: MountClass) -> Option<gio::File> {
    if class != MountClass::Network {
        return None;
    }
    mounts::gvfs::daemon_file(path)
}

/// List `folder` (at `path` in the FUSE folder) in batches of complete entries, each
/// sorted by `sorted`; false when `send` gave up or the listing failed (said with a
/// `Failed` event).
pub(super) fn read(
    folder: &gio::File,
    path: &Path,
    opts: &ListOptions,
    sorted: Option<Sort>,
    send: &mut dyn FnMut(DirEvent) -> bool,
) -> bool {
    let mut out = Batcher::new(opts);
    let owner = Owner::of_mounts();
    let result = each_entry(folder, Wanted::Details, |info| {
        owner.push(&mut out.batch, info, Wanted::Details);
        if out.due() {
            return send(DirEvent::Batch(sort_batch(out.take(), sorted)));
        }
        true
    });
    let rest = sort_batch(out.take(), sorted);
    match result {
        Ok(true) => rest.is_empty() || send(DirEvent::Batch(rest)),
        Ok(false) => false,
        Err(e) => {
            if !rest.is_empty() {
                send(DirEvent::Batch(rest));
            }
            send(DirEvent::Failed(IoError::new(
                Op::ReadDir,
                path,
                mounts::gvfs::io_error(&e),
            )));
            false
        }
    }
}

/// Every entry of `folder` at once, read as far as `wanted`.
pub(super) fn read_all(folder: &gio::File, path: &Path, wanted: Wanted) -> Result<Batch, IoError> {
    let mut batch = Batch::default();
    let owner = Owner::of_mounts();
    each_entry(folder, wanted, |info| {
        owner.push(&mut batch, info, wanted);
        true
    })
    .map_err(|e| IoError::new(Op::ReadDir, path, mounts::gvfs::io_error(&e)))?;
    Ok(batch)
}

/// Call `each` with every entry's details until it returns false; whether it got through.
fn each_entry(
    folder: &gio::File,
    wanted: Wanted,
    mut each: impl FnMut(&gio::FileInfo) -> bool,
) -> Result<bool, glib::Error> {
    let entries = folder.enumerate_children(
        wanted.attributes(),
        gio::FileQueryInfoFlags::NOFOLLOW_SYMLINKS,
        gio::Cancellable::NONE,
    )?;
    let mut through = true;
    while let Some(info) = entries.next_file(gio::Cancellable::NONE)? {
        if !each(&info) {
            through = false;
            break;
        }
    }
    let _ = entries.close(gio::Cancellable::NONE);
    Ok(through)
}

/// The owner every entry listed through GIO is given: the user GVfs's FUSE folder says
/// owns them (the user the share is mounted for, as their properties show), not the
/// server's user number, which names nobody here. Read once per listing.
struct Owner {
    uid: u32,
    gid: u32,
}

impl Owner {
    fn of_mounts() -> Owner {
        Owner {
            uid: crate::sys::uid(),
            gid: rustix::process::getgid().as_raw(),
        }
    }

    /// Add the entry `info` to `batch`, read as far as `wanted`.
    fn push(&self, batch: &mut Batch, info: &gio::FileInfo, wanted: Wanted) {
        let name = info.name();
        let name = name.as_os_str().as_bytes();
        if name.is_empty() || name == b"." || name == b".." {
            return;
        }
        let kind = kind_of(info);
        let r = batch.names.push(name);
        if wanted == Wanted::Kinds {
            batch.entries.push(Entry::pending(r, kind, 0));
            return;
        }
        let perms = if info.has_attribute("unix::mode") {
            info.attribute_uint32("unix::mode")
        } else if kind == Kind::Dir {
            0o755
        } else {
            0o644
        };
        let mtime = i64::try_from(info.attribute_uint64("time::modified")).unwrap_or(i64::MAX);
        let mut entry = Entry::stated(
            r,
            kind,
            u64::try_from(info.size()).unwrap_or(0),
            mtime,
            perms,
            0,
        );
        entry.mtime_nsec = info
            .attribute_uint32("time::modified-usec")
            .saturating_mul(1000);
        entry.uid = self.uid;
        entry.gid = self.gid;
        batch.entries.push(entry);
    }
}

fn kind_of(info: &gio::FileInfo) -> Kind {
    match info.file_type() {
        gio::FileType::Directory | gio::FileType::Mountable => Kind::Dir,
        gio::FileType::Regular => Kind::File,
        gio::FileType::SymbolicLink => Kind::Symlink,
        _ if info.has_attribute("unix::mode") => {
            Kind::from_mode(info.attribute_uint32("unix::mode"))
        }
        _ => Kind::Unknown,
    }
}
