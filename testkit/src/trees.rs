//! Test trees: a folder of names that removable filesystems refuse, and reading a tree
//! back as sorted relative paths.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
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
