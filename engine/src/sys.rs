//! Thin wrappers over the syscalls the engine uses (rustix), in the shapes the engine wants.
//! The only module of the workspace allowed `unsafe`: each site says why it holds.
#![allow(unsafe_code)]

mod apart;
mod asked;
mod child;
mod detach;
mod priority;
mod statmount;
mod time;

pub use apart::in_child;
pub use asked::{answer_in_child, set_env_while_alone};
pub use child::spawn_niced;
pub use detach::spawn_detached;
pub use priority::lower_this_thread;
pub use statmount::{MountFacts, mount_facts, unique_mount_id};
pub use time::{local_time, local_to_epoch};

use std::ffi::{CStr, OsStr};
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::path::Path;

use rustix::fs::{AtFlags, Mode, OFlags, StatxFlags};

pub use rustix::fs::Statx;

/// The statx fields a listing needs.
pub const LISTING_MASK: StatxFlags = StatxFlags::TYPE
    .union(StatxFlags::MODE)
    .union(StatxFlags::SIZE)
    .union(StatxFlags::MTIME)
    .union(StatxFlags::UID)
    .union(StatxFlags::GID)
    .union(StatxFlags::INO)
    .union(StatxFlags::ATIME)
    .union(StatxFlags::BTIME);

/// Open a directory by path for reading its entries (never follows a final symlink
/// into something that is not a directory).
pub fn open_dir(path: &Path) -> std::io::Result<OwnedFd> {
    Ok(rustix::fs::open(
        path,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )?)
}

/// statx of `name` inside `dir`, without following a symlink.
/// `dont_sync` asks network filesystems for cached values instead of a server round trip.
pub fn statx_at(dir: impl AsFd, name: &CStr, dont_sync: bool) -> std::io::Result<Statx> {
    let mut flags = AtFlags::SYMLINK_NOFOLLOW;
    if dont_sync {
        flags |= AtFlags::STATX_DONT_SYNC;
    }
    Ok(rustix::fs::statx(dir, name, flags, LISTING_MASK)?)
}

/// statx of `name` inside `dir`, following symlinks (for a link's target).
pub fn statx_follow(dir: impl AsFd, name: &CStr, dont_sync: bool) -> std::io::Result<Statx> {
    let mut flags = AtFlags::empty();
    if dont_sync {
        flags |= AtFlags::STATX_DONT_SYNC;
    }
    Ok(rustix::fs::statx(dir, name, flags, StatxFlags::TYPE)?)
}

/// The target of the symlink `name` inside `dir`, as bytes.
pub fn read_link_at(dir: impl AsFd, name: &OsStr) -> std::io::Result<Vec<u8>> {
    Ok(rustix::fs::readlinkat(dir, name, Vec::new())?.into_bytes())
}

/// The statx fields counting a tree's size needs (the device numbers always come).
pub const USAGE_MASK: StatxFlags = StatxFlags::TYPE
    .union(StatxFlags::SIZE)
    .union(StatxFlags::BLOCKS)
    .union(StatxFlags::INO)
    .union(StatxFlags::NLINK);

/// statx of `name` inside `dir` for counting sizes: never follows a symlink and never
/// mounts an automount point (a tree's size stops at other mounts anyway).
pub fn statx_usage_at(dir: impl AsFd, name: &CStr) -> std::io::Result<Statx> {
    Ok(rustix::fs::statx(
        dir,
        name,
        AtFlags::SYMLINK_NOFOLLOW | AtFlags::NO_AUTOMOUNT,
        USAGE_MASK,
    )?)
}

/// [`statx_usage_at`] of a path (relative to the working folder when it is relative).
pub fn statx_usage_path(path: &Path) -> std::io::Result<Statx> {
    statx_usage_at(rustix::fs::CWD, &path_cstr(path)?)
}

fn path_cstr(path: &Path) -> std::io::Result<std::ffi::CString> {
    use std::os::unix::ffi::OsStrExt;
    std::ffi::CString::new(path.as_os_str().as_bytes())
        .map_err(|_| std::io::Error::from_raw_os_error(libc::EINVAL))
}

/// Open the folder `name` inside `dir` for reading its entries; a symlink is not followed
/// (it fails with `ELOOP` or `ENOTDIR`).
pub fn open_dir_at(dir: impl AsFd, name: &CStr) -> std::io::Result<OwnedFd> {
    Ok(rustix::fs::openat(
        dir,
        name,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::empty(),
    )?)
}

/// The names in the folder open as `dir` (not `.` and `..`), read with getdents.
pub fn names_at(dir: impl AsFd) -> std::io::Result<Vec<std::ffi::CString>> {
    let mut buf = vec![std::mem::MaybeUninit::uninit(); 64 * 1024];
    let mut raw = rustix::fs::RawDir::new(dir, &mut buf);
    let mut names = Vec::new();
    while let Some(entry) = raw.next() {
        let name = entry?.file_name().to_owned();
        if !matches!(name.to_bytes(), b"." | b"..") {
            names.push(name);
        }
    }
    Ok(names)
}

/// Open the file `name` inside `dir` for reading its content: a symlink is not followed,
/// and a fifo put there in the meantime does not block the open.
pub fn open_file_at(dir: impl AsFd, name: &CStr) -> std::io::Result<OwnedFd> {
    Ok(rustix::fs::openat(
        dir,
        name,
        OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NOCTTY | OFlags::NONBLOCK | OFlags::CLOEXEC,
        Mode::empty(),
    )?)
}

/// Open the file at `path` for reading its content, links followed; a fifo there does not
/// block the open.
pub fn open_file_follow(path: &Path) -> std::io::Result<OwnedFd> {
    Ok(rustix::fs::open(
        path,
        OFlags::RDONLY | OFlags::NOCTTY | OFlags::NONBLOCK | OFlags::CLOEXEC,
        Mode::empty(),
    )?)
}

/// Open the folder at `path` without following a final symlink.
pub fn open_dir_nofollow(path: &Path) -> std::io::Result<OwnedFd> {
    open_dir_at(rustix::fs::CWD, &path_cstr(path)?)
}

/// Whether the open folder `dir` is the root of a mount (another filesystem, or a bind
/// mount, attached there): the kernel says so where it can (Linux 5.8), else its device
/// differs from that of `parent`, the folder it was opened in.
pub fn is_mount_root(parent: impl AsFd, dir: impl AsFd) -> std::io::Result<bool> {
    let stat = |fd: BorrowedFd<'_>| {
        rustix::fs::statx(
            fd,
            c"",
            AtFlags::EMPTY_PATH | AtFlags::NO_AUTOMOUNT,
            StatxFlags::empty(),
        )
    };
    let here = stat(dir.as_fd())?;
    let root = rustix::fs::StatxAttributes::MOUNT_ROOT;
    if here.stx_attributes_mask.contains(root) {
        return Ok(here.stx_attributes.contains(root));
    }
    let above = stat(parent.as_fd())?;
    Ok(statx_dev(&here) != statx_dev(&above))
}

/// The device number a statx result names, as `st_dev` holds it.
pub fn statx_dev(st: &Statx) -> u64 {
    libc::makedev(st.stx_dev_major, st.stx_dev_minor)
}

/// statx of a path, following symlinks, asking for the mount id as well.
pub fn statx_path(path: &Path) -> std::io::Result<Statx> {
    Ok(rustix::fs::statx(
        rustix::fs::CWD,
        path,
        AtFlags::empty(),
        LISTING_MASK | StatxFlags::MNT_ID,
    )?)
}

/// Everything statx tells of `path` itself (a link is not followed): times including
/// the birth time where the filesystem keeps one, owner, mode, links, blocks.
pub fn statx_all(path: &Path) -> std::io::Result<Statx> {
    Ok(rustix::fs::statx(
        rustix::fs::CWD,
        path,
        AtFlags::SYMLINK_NOFOLLOW,
        StatxFlags::BASIC_STATS | StatxFlags::BTIME | StatxFlags::MNT_ID,
    )?)
}

/// The target of the link at `path`, as bytes.
pub fn read_link(path: &Path) -> std::io::Result<Vec<u8>> {
    Ok(rustix::fs::readlink(path, Vec::new())?.into_bytes())
}

/// The name of the user `uid` in the system's user database (NSS: files, LDAP…).
pub fn user_name(uid: u32) -> Option<String> {
    let user = nix::unistd::User::from_uid(nix::unistd::Uid::from_raw(uid));
    user.ok().flatten().map(|u| u.name)
}

/// The name of the group `gid` in the system's group database.
pub fn group_name(gid: u32) -> Option<String> {
    let group = nix::unistd::Group::from_gid(nix::unistd::Gid::from_raw(gid));
    group.ok().flatten().map(|g| g.name)
}

/// Free and total bytes of the filesystem holding `path`.
pub fn space(path: &Path) -> std::io::Result<(u64, u64)> {
    let v = rustix::fs::statvfs(path)?;
    Ok((
        v.f_bavail.saturating_mul(v.f_frsize),
        v.f_blocks.saturating_mul(v.f_frsize),
    ))
}

/// The current user's numeric id.
pub fn uid() -> u32 {
    rustix::process::getuid().as_raw()
}

/// Give freed heap memory back to the system (after a large listing, the transient
/// batches leave free pages behind in the worker threads' arenas).
pub fn release_free_memory() {
    #[cfg(target_env = "gnu")]
    // SAFETY: malloc_trim only walks the allocator's own free lists.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Keep a long-running process's resident memory close to what it holds: blocks of
/// [`LEAN_BLOCK`] and more get pages of their own, handed back when freed, and free room
/// at the end of any arena (the worker threads' included) goes back once it passes that
/// size. Without this glibc raises both limits after the first large block is freed, and
/// a listing's transient batches then stay resident in its worker's arena for good.
pub fn keep_memory_lean() {
    #[cfg(target_env = "gnu")]
    // SAFETY: mallopt only sets the allocator's tuning parameters.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, LEAN_BLOCK);
        libc::mallopt(libc::M_TRIM_THRESHOLD, LEAN_BLOCK);
    }
}

/// Let the process end as `ls` does when the reader of its output goes away (`| head`):
/// by SIGPIPE, without a word, rather than with an error for each line it could not write.
pub fn end_with_closed_output() {
    // SAFETY: setting a signal's disposition to the default has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// See [`keep_memory_lean`]: 256 KiB.
const LEAN_BLOCK: i32 = 256 * 1024;

/// Allow as many open files as the hard limit permits (deep trees are walked with one
/// open folder per level).
pub fn raise_fd_limit() {
    use rustix::process::{Resource, getrlimit, setrlimit};
    let mut lim = getrlimit(Resource::Nofile);
    if lim.current < lim.maximum {
        lim.current = lim.maximum;
        let _ = setrlimit(Resource::Nofile, lim);
    }
}

/// Descriptors [`reserve_fds`] makes room for: a copy holds two open folders per level of
/// a tree, a delete one, and trees 500 levels deep exist.
pub const RESERVED_FDS: u32 = 1024;

/// Grow the descriptor table to hold [`RESERVED_FDS`] now, while the process has a single
/// thread. Once threads share the table, the kernel waits for an RCU grace period each
/// time it doubles (milliseconds each; measured as the cost of deep trees).
pub fn reserve_fds() {
    use rustix::fs::{Mode, OFlags};
    raise_fd_limit();
    let Ok(root) = rustix::fs::open("/", OFlags::PATH | OFlags::CLOEXEC, Mode::empty()) else {
        return;
    };
    // A duplicate at the top of the range grows the table; closing it keeps the room.
    let _ = rustix::io::fcntl_dupfd_cloexec(&root, (RESERVED_FDS - 1) as i32);
}

/// The process's umask, read once from /proc (reading it with umask(2) would change it
/// for a moment under other threads). `None` where the kernel does not show it.
pub fn umask() -> Option<u32> {
    static UMASK: std::sync::LazyLock<Option<u32>> = std::sync::LazyLock::new(|| {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let line = status.lines().find(|l| l.starts_with("Umask:"))?;
        u32::from_str_radix(line.trim_start_matches("Umask:").trim(), 8).ok()
    });
    *UMASK
}

/// `sync_file_range(2)` on `len` bytes from `offset` (rustix has no wrapper for it).
pub fn sync_file_range(
    fd: impl AsFd,
    offset: u64,
    len: u64,
    flags: u32,
) -> Result<(), std::io::Error> {
    use std::os::fd::AsRawFd;
    // SAFETY: the descriptor is open for the whole call; the offsets are plain numbers.
    let r = unsafe {
        libc::sync_file_range(
            fd.as_fd().as_raw_fd(),
            offset as libc::off64_t,
            len as libc::off64_t,
            flags,
        )
    };
    if r == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}
