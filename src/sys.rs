//! Thin wrappers over the syscalls the engine uses (rustix), in the shapes the engine wants.

use std::ffi::{CStr, OsStr};
use std::os::fd::{AsFd, OwnedFd};
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
    .union(StatxFlags::INO);

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

/// statx of a path, following symlinks, asking for the mount id as well.
pub fn statx_path(path: &Path) -> std::io::Result<Statx> {
    Ok(rustix::fs::statx(
        rustix::fs::CWD,
        path,
        AtFlags::empty(),
        LISTING_MASK | StatxFlags::MNT_ID,
    )?)
}

/// Free and total bytes of the filesystem holding `path`.
pub fn space(path: &Path) -> std::io::Result<(u64, u64)> {
    let v = rustix::fs::statvfs(path)?;
    Ok((
        v.f_bavail.saturating_mul(v.f_frsize),
        v.f_blocks.saturating_mul(v.f_frsize),
    ))
}

/// Broken-down local time of a Unix timestamp: (year, month 1-12, day, hour, minute).
pub fn local_time(secs: i64) -> Option<(i32, u32, u32, u32, u32)> {
    let t: libc::time_t = secs;
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    // SAFETY: both pointers are valid for the call; localtime_r is thread-safe.
    let r = unsafe { libc::localtime_r(&t, &mut tm) };
    if r.is_null() {
        return None;
    }
    Some((
        tm.tm_year + 1900,
        (tm.tm_mon + 1) as u32,
        tm.tm_mday as u32,
        tm.tm_hour as u32,
        tm.tm_min as u32,
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
