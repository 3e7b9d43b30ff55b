//! Finding the mount of a path without the mount table: statx's unique mount id
//! (`STATX_MNT_ID_UNIQUE`) and `statmount()` (Linux 6.8+). Neither walks the mount table
//! nor talks to a file server; on older kernels both say "not here" and the parsed table
//! is used instead.

use std::ffi::{CStr, OsString};
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};

use linux_raw_sys::general::{
    __NR_statmount, STATMOUNT_FS_SUBTYPE, STATMOUNT_FS_TYPE, STATMOUNT_MNT_BASIC,
    STATMOUNT_MNT_POINT, STATMOUNT_SB_BASIC, STATMOUNT_SB_SOURCE, STATX_MNT_ID_UNIQUE, mnt_id_req,
    statmount,
};
use rustix::fs::{AtFlags, StatxFlags};

/// What `statmount()` tells of one mount.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MountFacts {
    /// The 32-bit id the mount table uses.
    pub old_id: u32,
    pub major: u32,
    pub minor: u32,
    pub mount_point: PathBuf,
    /// As the mount table writes it: "fuse.sshfs" for a FUSE filesystem with a subtype.
    pub fs_type: String,
    /// The device or share; empty where the kernel does not report it (before 6.11).
    pub source: OsString,
}

/// The unique (64-bit) id of the mount holding `path`, when the kernel reports one.
pub fn unique_mount_id(path: &Path) -> Option<u64> {
    let unique = StatxFlags::from_bits_retain(STATX_MNT_ID_UNIQUE);
    let st = rustix::fs::statx(rustix::fs::CWD, path, AtFlags::STATX_DONT_SYNC, unique).ok()?;
    (st.stx_mask & STATX_MNT_ID_UNIQUE != 0).then_some(st.stx_mnt_id)
}

/// The facts of the mount with this unique id; `None` where `statmount()` is missing.
pub fn mount_facts(unique_id: u64) -> Option<MountFacts> {
    let wanted = STATMOUNT_SB_BASIC
        | STATMOUNT_MNT_BASIC
        | STATMOUNT_MNT_POINT
        | STATMOUNT_FS_TYPE
        | STATMOUNT_FS_SUBTYPE
        | STATMOUNT_SB_SOURCE;
    // Kernels before 6.11 refuse the newer fields: ask again for the basic ones.
    query(unique_id, wanted).or_else(|| {
        query(
            unique_id,
            STATMOUNT_SB_BASIC | STATMOUNT_MNT_BASIC | STATMOUNT_MNT_POINT | STATMOUNT_FS_TYPE,
        )
    })
}

fn query(unique_id: u64, mask: u32) -> Option<MountFacts> {
    let req = mnt_id_req {
        size: std::mem::size_of::<mnt_id_req>() as u32,
        spare: 0,
        mnt_id: unique_id,
        param: u64::from(mask),
        mnt_ns_id: 0,
    };
    let mut size = 4096usize;
    loop {
        // u64 elements keep the buffer aligned for the struct at its start.
        let mut buf = vec![0u64; size / 8];
        // SAFETY: `req` is a valid request of the size it says; `buf` is writable for
        // `size` bytes; the kernel writes at most that much.
        let r = unsafe {
            libc::syscall(
                libc::c_long::from(__NR_statmount as i32),
                &req as *const mnt_id_req,
                buf.as_mut_ptr(),
                size,
                0u32,
            )
        };
        if r == 0 {
            return parse(&buf, size, mask);
        }
        match std::io::Error::last_os_error().raw_os_error() {
            Some(libc::EOVERFLOW) if size < (1 << 20) => size *= 4,
            _ => return None,
        }
    }
}

fn parse(buf: &[u64], size: usize, asked: u32) -> Option<MountFacts> {
    let header = std::mem::size_of::<statmount>();
    if size < header {
        return None;
    }
    // SAFETY: the buffer holds at least one aligned `statmount`, written by the kernel.
    let sm: &statmount = unsafe { &*(buf.as_ptr() as *const statmount) };
    let got = sm.mask & u64::from(asked);
    let need = u64::from(STATMOUNT_SB_BASIC | STATMOUNT_MNT_BASIC | STATMOUNT_MNT_POINT);
    if got & need != need || got & u64::from(STATMOUNT_FS_TYPE) == 0 {
        return None;
    }
    // SAFETY: the kernel wrote `size` bytes or fewer into this buffer.
    let bytes = unsafe { std::slice::from_raw_parts(buf.as_ptr() as *const u8, size) };
    let strings = &bytes[header..];
    let string = |bit: u32, offset: u32| -> Option<Vec<u8>> {
        if got & u64::from(bit) == 0 {
            return None;
        }
        let tail = strings.get(offset as usize..)?;
        Some(CStr::from_bytes_until_nul(tail).ok()?.to_bytes().to_vec())
    };
    let mut fs_type = String::from_utf8_lossy(&string(STATMOUNT_FS_TYPE, sm.fs_type)?).into_owned();
    if let Some(sub) = string(STATMOUNT_FS_SUBTYPE, sm.fs_subtype).filter(|s| !s.is_empty()) {
        fs_type = format!("{fs_type}.{}", String::from_utf8_lossy(&sub));
    }
    Some(MountFacts {
        old_id: sm.mnt_id_old,
        major: sm.sb_dev_major,
        minor: sm.sb_dev_minor,
        mount_point: PathBuf::from(OsString::from_vec(string(
            STATMOUNT_MNT_POINT,
            sm.mnt_point,
        )?)),
        fs_type,
        source: OsString::from_vec(string(STATMOUNT_SB_SOURCE, sm.sb_source).unwrap_or_default()),
    })
}
