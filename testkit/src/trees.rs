//! Test trees: a new empty folder, a fifo, a folder of names that removable filesystems refuse,
//! a folder closed to all but root, setting a path's mode, reading a folder's names and a
//! tree back as sorted relative paths, and the smallest PNG.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Under `dir`, a folder `photos` with five names exFAT (Windows' rules) cannot hold and
/// one it can: a colon, a question mark, a reserved name, a trailing dot and a tab.
pub fn awkward_sources(dir: &Path) -> Vec<PathBuf> {
    let tree = dir.join("photos");
    std::fs::create_dir_all(tree.join("trip: day 1")).expect("mkdir");
    std::fs::write(tree.join("trip: day 1/img?.jpg"), b"x").expect("write");
    std::fs::write(tree.join("CON.txt"), b"x").expect("write");
    std::fs::write(tree.join("draft."), b"x").expect("write");
    std::fs::write(tree.join(OsStr::from_bytes(b"tab\there")), b"x").expect("write");
    std::fs::write(tree.join("fine.txt"), b"x").expect("write");
    vec![tree]
}

/// A new empty folder `name` in `parent`; its path.
pub fn new_folder(parent: &Path, name: &str) -> PathBuf {
    let path = parent.join(name);
    std::fs::create_dir(&path).expect("mkdir");
    path
}

/// A fifo at `path` with the permission bits `mode`.
pub fn fifo(path: &Path, mode: u32) {
    rustix::fs::mknodat(
        rustix::fs::CWD,
        path,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(mode),
        0,
    )
    .expect("mkfifo");
}

/// Sets the permission bits of `p` to `mode`.
pub fn chmod(p: &Path, mode: u32) {
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// A new folder `dir` holding a file `file` with `contents`, then closed (mode 000).
pub fn closed_folder(dir: &Path, file: &str, contents: &[u8]) {
    std::fs::create_dir(dir).expect("mkdir");
    std::fs::write(dir.join(file), contents).expect("write");
    chmod(dir, 0o000);
}

/// The names in `dir` (not below it), sorted.
pub fn names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("read_dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Every path under `root`, relative, sorted.
pub fn tree_of(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("read_dir") {
            let p = e.expect("entry").path();
            out.push(
                p.strip_prefix(root)
                    .expect("inside")
                    .to_string_lossy()
                    .into_owned(),
            );
            if p.is_dir() {
                stack.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The smallest PNG there is: a 1x1 grey pixel (for tests of file types and pictures).
pub const TINY_PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3a, 0x7e, 0x9b,
    0x55, 0x00, 0x00, 0x00, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x68, 0x00, 0x00, 0x00,
    0x82, 0x00, 0x81, 0x4c, 0x17, 0xd7, 0xdf, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
    0x42, 0x60, 0x82,
];
