//! The file operations jobs are made of, all relative to open folders: copy one file,
//! link or fifo, set a folder's mode and time, remove a tree.

use std::ffi::{CStr, CString};
use std::os::fd::{AsFd, OwnedFd};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use rustix::fs::{AtFlags, FileType, Mode, OFlags, StatxFlags, Timestamps};
use rustix::io::Errno;

pub use super::data_sink::{DataSink, OpError};
pub use super::download::Remote;

fn op(o: crate::error::Op) -> impl Fn(Errno) -> OpError {
    move |e| (o, e.into())
}

/// Details of a source needed to recreate it.
pub const COPY_MASK: StatxFlags = StatxFlags::TYPE
    .union(StatxFlags::MODE)
    .union(StatxFlags::SIZE)
    .union(StatxFlags::MTIME)
    .union(StatxFlags::ATIME)
    .union(StatxFlags::INO)
    .union(StatxFlags::NLINK)
    .union(StatxFlags::BLOCKS);

/// What a copy needs to know of a source, compact (a statx record is 256 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meta {
    pub kind: FileType,
    pub mode: u16,
    pub size: u64,
    pub atime: (i64, u32),
    pub mtime: (i64, u32),
    pub dev: (u32, u32),
    pub ino: u64,
    /// Links to the file (a regular file with more than one may be linked inside a copy).
    pub nlink: u32,
    /// 512-byte blocks it occupies: fewer than its size needs means it has holes.
    pub blocks: u64,
    /// The device a device node stands for.
    pub rdev: (u32, u32),
}

impl Meta {
    pub fn from_statx(st: &rustix::fs::Statx) -> Meta {
        Meta {
            kind: FileType::from_raw_mode(u32::from(st.stx_mode)),
            mode: st.stx_mode,
            size: st.stx_size,
            atime: (st.stx_atime.tv_sec, st.stx_atime.tv_nsec),
            mtime: (st.stx_mtime.tv_sec, st.stx_mtime.tv_nsec),
            dev: (st.stx_dev_major, st.stx_dev_minor),
            ino: st.stx_ino,
            nlink: st.stx_nlink,
            blocks: st.stx_blocks,
            rdev: (st.stx_rdev_major, st.stx_rdev_minor),
        }
    }

    /// An item that is not on any disk yet (an archive's entry): its kind, size and
    /// modification time as stated, and no device or inode to be the same file as another.
    pub fn stated(kind: FileType, size: u64, mtime: i64) -> Meta {
        Meta {
            kind,
            mode: 0,
            size,
            atime: (mtime, 0),
            mtime: (mtime, 0),
            dev: (0, 0),
            ino: 0,
            nlink: 1,
            blocks: 0,
            rdev: (0, 0),
        }
    }

    /// A regular file whose blocks hold less than its size: it has holes worth keeping.
    pub fn is_sparse(&self) -> bool {
        self.kind == FileType::RegularFile && self.blocks.saturating_mul(512) < self.size
    }

    /// The same file (same device and inode) as `other`.
    pub fn same_file(&self, other: &Meta) -> bool {
        self.dev == other.dev && self.ino == other.ino
    }
}

/// Details of `name` in `dir`, not following a symlink.
pub fn meta_at(dir: impl AsFd, name: &CStr) -> rustix::io::Result<Meta> {
    rustix::fs::statx(dir, name, AtFlags::SYMLINK_NOFOLLOW, COPY_MASK).map(|s| Meta::from_statx(&s))
}

pub fn open_dir_at(dir: impl AsFd, name: &CStr) -> rustix::io::Result<OwnedFd> {
    rustix::fs::openat(
        dir,
        name,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::empty(),
    )
}

pub fn times_of(m: &Meta) -> Timestamps {
    Timestamps {
        last_access: rustix::fs::Timespec {
            tv_sec: m.atime.0,
            tv_nsec: i64::from(m.atime.1),
        },
        last_modification: rustix::fs::Timespec {
            tv_sec: m.mtime.0,
            tv_nsec: i64::from(m.mtime.1),
        },
    }
}

pub fn mode_of(m: &Meta) -> Mode {
    Mode::from_raw_mode(u32::from(m.mode) & 0o7777)
}

/// A file whose copy is created, empty (under a temporary name when it replaces an
/// existing file); its source is opened when the copy is filled.
pub struct Created {
    output: Arc<OwnedFd>,
    temp: Option<CString>,
}

/// Copying a regular file to `target` in `dst`, step one: create its copy, empty. With
/// `replace`, the copy is created under a temporary name beside `target` and renamed over
/// the existing file when it is whole ([`fill_copy`]), so the old file stays whole until
/// the new one is.
pub fn create_copy(
    st: &Meta,
    dst: &OwnedFd,
    target: &CStr,
    replace: bool,
) -> Result<Created, OpError> {
    use crate::error::Op;
    let temp = replace.then(|| temp_name(target));
    let create_as = temp.as_deref().unwrap_or(target);
    // Created with its final permissions where the umask lets them through, so most
    // files need no chmod afterwards (as `cp` does).
    let output = rustix::fs::openat(
        dst,
        create_as,
        OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::CLOEXEC,
        create_mode(st),
    )
    .map_err(op(Op::Create))?;
    Ok(Created {
        output: Arc::new(output),
        temp,
    })
}

fn create_mode(st: &Meta) -> Mode {
    Mode::from_raw_mode(mode_of(st).as_raw_mode() & 0o777)
}

/// Where a copy's data comes from: the regular file `name` of the folder `dir`, read
/// through GIO from its server when `remote` names it there.
pub struct Source<'a> {
    pub dir: &'a OwnedFd,
    pub name: &'a CStr,
    pub meta: &'a Meta,
    pub remote: Option<Remote<'a>>,
}

/// Step two: open the source, copy the data (`bytes_done` grows as it moves), mode and
/// times, and put the copy under its name. A failed or cancelled copy leaves no partial
/// file behind.
pub fn fill_copy(
    created: Created,
    source: &Source<'_>,
    dst: &Arc<OwnedFd>,
    target: &CStr,
    sink: &impl DataSink,
) -> Result<u64, OpError> {
    use crate::error::Op;
    let Created { output, temp } = created;
    let st = source.meta;
    let wanted = mode_of(st);
    let needs_chmod = crate::sys::umask()
        .is_none_or(|mask| create_mode(st).as_raw_mode() & !mask != wanted.as_raw_mode());
    let copied = match &source.remote {
        Some(remote) => super::download::copy(remote, st.size, &output, sink),
        None => copy_local(source, &output, sink),
    };
    let result = copied
        .and_then(|n| {
            let mode = !needs_chmod
                || unless_unsupported(rustix::fs::fchmod(&*output, wanted))
                    .map_err(op(Op::SetMetadata))?;
            let times = unless_unsupported(rustix::fs::futimens(&*output, &times_of(st)))
                .map_err(op(Op::SetMetadata))?;
            if !(mode && times) {
                sink.attributes_lost();
            }
            Ok(n)
        })
        .and_then(|n| {
            if let Some(t) = &temp {
                rustix::fs::renameat(&**dst, t.as_c_str(), &**dst, target)
                    .map_err(op(Op::Rename))?;
            }
            Ok(n)
        })
        .and_then(|(total, handed)| {
            sink.complete(&output, handed, total, dst)?;
            Ok(total)
        });
    drop(output);
    if result.is_err() {
        let _ = rustix::fs::unlinkat(&**dst, temp.as_deref().unwrap_or(target), AtFlags::empty());
    }
    result
}

/// Copy the data of `source`'s file in its folder, and its extended attributes.
fn copy_local(
    source: &Source<'_>,
    output: &Arc<OwnedFd>,
    sink: &impl DataSink,
) -> Result<(u64, u64), OpError> {
    use crate::error::Op;
    let st = source.meta;
    let input = rustix::fs::openat(
        source.dir,
        source.name,
        OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .map_err(op(Op::Open))?;
    let n = if st.is_sparse() {
        super::sparse::copy_extents(&input, output, st.size, sink)
    } else {
        copy_data(&input, output, st.size, sink)
    }?;
    if !super::xattrs::copy(&input, output) {
        sink.attributes_lost();
    }
    Ok(n)
}

/// Give up a copy created by [`create_copy`] and not filled: it is removed.
pub fn abandon_copy(created: Created, dst: &OwnedFd, target: &CStr) {
    let Created { output, temp } = created;
    drop(output);
    let _ = rustix::fs::unlinkat(dst, temp.as_deref().unwrap_or(target), AtFlags::empty());
}

/// A name beside `target` for data that is not complete yet.
fn temp_name(target: &CStr) -> CString {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut v = b".porpoise-part-".to_vec();
    v.extend_from_slice(format!("{}-{n}-", std::process::id()).as_bytes());
    // Keep it within NAME_MAX.
    let room = 255usize.saturating_sub(v.len());
    let t = target.to_bytes();
    v.extend_from_slice(&t[..t.len().min(room)]);
    CString::new(v).unwrap_or_default()
}

/// Copy all data: `copy_file_range` (in-kernel, reflinks where possible), read/write where
/// the filesystems refuse it. Returns the bytes copied and how many of them were already
/// handed to the flusher.
fn copy_data(
    input: &OwnedFd,
    output: &Arc<OwnedFd>,
    expected: u64,
    sink: &impl DataSink,
) -> Result<(u64, u64), OpError> {
    use crate::error::Op;
    let mut total = 0u64;
    let mut handed = 0u64;
    if expected == 0 {
        // Still copy whatever is there (files in /proc and the like report 0).
        return read_write(|buf| read_fd(input, buf), output, sink);
    }
    loop {
        if !sink.proceed() {
            return Err((
                Op::Write,
                std::io::Error::from(std::io::ErrorKind::Interrupted),
            ));
        }
        match rustix::fs::copy_file_range(input, None, &**output, None, sink.chunk()) {
            Ok(0) => return Ok((total, handed)),
            Ok(n) => {
                total += n as u64;
                sink.wrote(output, n as u64, total, &mut handed, expected)?;
                // The size seen when the job looked is copied: no extra call to find EOF
                // (a file still growing is copied as it was then).
                if total >= expected {
                    return Ok((total, handed));
                }
            }
            Err(Errno::XDEV | Errno::INVAL | Errno::NOSYS | Errno::OPNOTSUPP | Errno::BADF)
                if total == 0 =>
            {
                return read_write(|buf| read_fd(input, buf), output, sink);
            }
            Err(e) => return Err((Op::Write, e.into())),
        }
    }
}

/// Copy what `read` gives, piece by piece, to `output` until it gives nothing more.
pub(super) fn read_write(
    mut read: impl FnMut(&mut [u8]) -> Result<usize, OpError>,
    output: &Arc<OwnedFd>,
    sink: &impl DataSink,
) -> Result<(u64, u64), OpError> {
    use crate::error::Op;
    let mut buf = vec![0u8; 256 * 1024];
    let mut total = 0u64;
    let mut handed = 0u64;
    loop {
        if !sink.proceed() {
            return Err((
                Op::Write,
                std::io::Error::from(std::io::ErrorKind::Interrupted),
            ));
        }
        let n = match read(&mut buf)? {
            0 => return Ok((total, handed)),
            n => n,
        };
        write_all(output, &buf[..n]).map_err(|e| (Op::Write, e))?;
        total += n as u64;
        sink.wrote(output, n as u64, total, &mut handed, 0)?;
    }
}

/// Read from `input` into `buf` (again where a signal cut the read short).
fn read_fd(input: &OwnedFd, buf: &mut [u8]) -> Result<usize, OpError> {
    loop {
        match rustix::io::read(input, &mut *buf) {
            Err(Errno::INTR) => {}
            read => return read.map_err(op(crate::error::Op::Read)),
        }
    }
}

/// Write all of `data` to `fd` (a write that takes nothing means the device is full).
pub fn write_all(fd: &OwnedFd, mut data: &[u8]) -> std::io::Result<()> {
    while !data.is_empty() {
        match rustix::io::write(fd, data) {
            Ok(0) => return Err(Errno::NOSPC.into()),
            Ok(n) => data = &data[n..],
            Err(Errno::INTR) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// Write all of `data` to `fd` at `offset` (a write that takes nothing means the device
/// is full).
pub fn write_all_at(fd: &OwnedFd, mut data: &[u8], mut offset: u64) -> std::io::Result<()> {
    while !data.is_empty() {
        match rustix::io::pwrite(fd, data, offset) {
            Ok(0) => return Err(Errno::NOSPC.into()),
            Ok(n) => {
                data = &data[n..];
                offset += n as u64;
            }
            Err(Errno::INTR) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// Recreate the symlink `name` of `src` as `target` in `dst`, with its times.
pub fn copy_symlink(
    src: &OwnedFd,
    name: &CStr,
    st: &Meta,
    dst: &OwnedFd,
    target: &CStr,
) -> Result<(), OpError> {
    use crate::error::Op;
    let link = rustix::fs::readlinkat(src, name, Vec::new()).map_err(op(Op::ReadLink))?;
    rustix::fs::symlinkat(link.as_c_str(), dst, target).map_err(op(Op::Create))?;
    rustix::fs::utimensat(dst, target, &times_of(st), AtFlags::SYMLINK_NOFOLLOW)
        .map_err(op(Op::SetMetadata))
}

/// Make a fifo, socket or device node like `st` as `target` in `dst` (never opening the
/// source). A device node needs root; elsewhere the kernel refuses it (EPERM), which is
/// the item's failure, as with `cp -a`.
pub fn make_special(dst: &OwnedFd, target: &CStr, st: &Meta) -> Result<(), OpError> {
    use crate::error::Op;
    let dev = match st.kind {
        FileType::CharacterDevice | FileType::BlockDevice => {
            rustix::fs::makedev(st.rdev.0, st.rdev.1)
        }
        _ => 0,
    };
    rustix::fs::mknodat(dst, target, st.kind, mode_of(st), dev).map_err(op(Op::Create))?;
    rustix::fs::utimensat(dst, target, &times_of(st), AtFlags::SYMLINK_NOFOLLOW)
        .map_err(op(Op::SetMetadata))
}

/// Give a copied folder its source's attributes, mode and times (after its entries are
/// in, so a default ACL does not shape them). Returns whether every attribute was kept.
pub fn finish_dir(src: &OwnedFd, dir: &OwnedFd, st: &Meta) -> Result<bool, OpError> {
    use crate::error::Op;
    let kept = super::xattrs::copy(src, dir);
    let mode =
        unless_unsupported(rustix::fs::fchmod(dir, mode_of(st))).map_err(op(Op::SetMetadata))?;
    let times = unless_unsupported(rustix::fs::futimens(dir, &times_of(st)))
        .map_err(op(Op::SetMetadata))?;
    Ok(kept && mode && times)
}

/// Whether a metadata call took effect: a filesystem that cannot hold the detail at all
/// (EOPNOTSUPP, ENOSYS: an SMB share seen through GVfs's FUSE folder refuses a folder's
/// mode) loses it, as it loses extended attributes, rather than failing the copy.
fn unless_unsupported(result: rustix::io::Result<()>) -> rustix::io::Result<bool> {
    match result {
        Ok(()) => Ok(true),
        Err(e) if e == Errno::OPNOTSUPP || e == Errno::NOSYS => Ok(false),
        Err(e) => Err(e),
    }
}
