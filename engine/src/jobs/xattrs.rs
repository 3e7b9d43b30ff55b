//! Extended attributes and POSIX ACLs go with a copy, as `cp -a` takes them: `user.*`
//! (desktop tags and origins), `system.posix_acl_access`/`_default`, and `trusted.*` and
//! `security.*` where the process may read them (root). Never an item's failure: what the
//! destination will not take is only noted, once for the job.

use std::os::fd::OwnedFd;

use rustix::fs::XattrFlags;
use rustix::io::Errno;

/// Copy every extended attribute of `from` onto `to` (both open files or folders).
/// Returns false when the destination refused some of them.
pub fn copy(from: &OwnedFd, to: &OwnedFd) -> bool {
    let names = match list(from) {
        Some(n) if !n.is_empty() => n,
        // None, or the source's filesystem has none to give.
        _ => return true,
    };
    let mut value = vec![0u8; 4096];
    let mut kept = true;
    for name in names.split(|&b| b == 0).filter(|n| !n.is_empty()) {
        let Some(len) = get(from, name, &mut value) else {
            continue;
        };
        match rustix::fs::fsetxattr(to, name, &value[..len], XattrFlags::empty()) {
            Ok(()) => {}
            Err(e) => {
                tracing::debug!("attribute {} not kept: {e}", String::from_utf8_lossy(name));
                kept = false;
            }
        }
    }
    kept
}

/// The NUL-separated names of `fd`'s attributes; `None` where there are none to read.
fn list(fd: &OwnedFd) -> Option<Vec<u8>> {
    // Most files have none: a buffer on the stack answers them without an allocation.
    let mut first = [0u8; 512];
    match rustix::fs::flistxattr(fd, &mut first[..]) {
        Ok(0) => return None,
        Ok(n) => return Some(first[..n].to_vec()),
        Err(Errno::RANGE) => {}
        Err(_) => return None,
    }
    let mut buf = vec![0u8; 4096];
    loop {
        match rustix::fs::flistxattr(fd, &mut buf[..]) {
            Ok(n) => {
                buf.truncate(n);
                return Some(buf);
            }
            Err(Errno::RANGE) => {
                let n = rustix::fs::flistxattr_query(fd).ok()?;
                buf.resize(n.max(buf.len() * 2), 0);
            }
            Err(_) => return None,
        }
    }
}

/// Read the attribute `name` of `fd` into `value` (grown as needed): its length, or
/// `None` when it went away or cannot be read (then it is not copied).
fn get(fd: &OwnedFd, name: &[u8], value: &mut Vec<u8>) -> Option<usize> {
    let name = std::ffi::CString::new(name).ok()?;
    loop {
        match rustix::fs::fgetxattr(fd, &name, &mut value[..]) {
            Ok(n) => return Some(n),
            Err(Errno::RANGE) => {
                let n = rustix::fs::fgetxattr_query(fd, &name).ok()?;
                value.resize(n.max(value.len() * 2), 0);
            }
            Err(_) => return None,
        }
    }
}
