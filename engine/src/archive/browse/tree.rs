//! An archive's entries as a tree of folders: each folder's children by name (a later
//! entry of the same name wins, as extracting would leave it; folders the archive only
//! implies by its paths are there too), and one folder handed out as entry records.

use std::collections::HashMap;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};

use crate::archive::list::{Entry, Kind, Listing};
use crate::entry::{self, Batch};

/// One child of a folder inside the archive.
#[derive(Debug, Clone)]
struct Node {
    kind: Kind,
    size: u64,
    mtime: i64,
    mode: Option<u32>,
}

/// The folders of one archive.
#[derive(Debug, Default)]
pub struct Tree {
    folders: HashMap<PathBuf, HashMap<Vec<u8>, Node>>,
    entries: usize,
}

impl Tree {
    /// The tree of `listing`'s entries (their paths are checked: none leaves the top).
    pub fn of(listing: &Listing) -> Tree {
        let mut tree = Tree::default();
        tree.folders.insert(PathBuf::new(), HashMap::new());
        for e in &listing.entries {
            tree.add(e);
        }
        tree
    }

    fn add(&mut self, e: &Entry) {
        let parts: Vec<&OsStr> = e
            .path
            .components()
            .filter_map(|c| match c {
                Component::Normal(n) => Some(n),
                _ => None,
            })
            .collect();
        let Some((last, above)) = parts.split_last() else {
            return;
        };
        let mut folder = PathBuf::new();
        for part in above {
            let implied = Node {
                kind: Kind::Folder,
                size: 0,
                mtime: e.mtime,
                mode: None,
            };
            self.child(&folder, part, implied, false);
            folder.push(part);
        }
        let node = Node {
            kind: e.kind.clone(),
            size: e.size,
            mtime: e.mtime,
            mode: e.mode,
        };
        self.child(&folder, last, node, true);
    }

    /// Put `name` into `folder` (`replace`: over one there); a folder gets its own list.
    fn child(&mut self, folder: &Path, name: &OsStr, node: Node, replace: bool) {
        let is_folder = node.kind == Kind::Folder;
        let children = self.folders.entry(folder.to_owned()).or_default();
        let key = name.as_bytes().to_vec();
        if (replace || !children.contains_key(&key)) && children.insert(key, node).is_none() {
            self.entries += 1;
        }
        if is_folder {
            self.folders.entry(folder.join(name)).or_default();
        }
    }

    /// How many entries the tree holds.
    pub fn len(&self) -> usize {
        self.entries
    }

    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// Whether something (a file or a folder) is at `inner`.
    pub fn holds(&self, inner: &Path) -> bool {
        let (Some(parent), Some(name)) = (inner.parent(), inner.file_name()) else {
            return false;
        };
        self.folders
            .get(parent)
            .is_some_and(|c| c.contains_key(name.as_bytes()))
    }

    /// The folder `inner` (empty: the top) as entry records, unsorted; `None` when it
    /// is no folder of the archive.
    pub fn folder(&self, inner: &Path) -> Option<Batch> {
        let children = self.folders.get(inner)?;
        let mut batch = Batch::with_capacity(children.len());
        let (uid, gid) = (rustix::process::getuid(), rustix::process::getgid());
        for (i, (name, node)) in children.iter().enumerate() {
            let r = batch.names.push(name);
            let (kind, perms) = match node.kind {
                Kind::Folder => (entry::Kind::Dir, 0o755),
                Kind::File | Kind::HardLink => (entry::Kind::File, 0o644),
                Kind::Symlink => (entry::Kind::Symlink, 0o777),
                Kind::Other => (entry::Kind::Unknown, 0o644),
            };
            let perms = node.mode.unwrap_or(perms);
            let ino = i as u64 + 1;
            let mut e = entry::Entry::stated(r, kind, node.size, node.mtime, perms, ino);
            e.uid = uid.as_raw();
            e.gid = gid.as_raw();
            batch.entries.push(e);
        }
        Some(batch)
    }
}
