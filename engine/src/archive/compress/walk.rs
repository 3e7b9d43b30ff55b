//! The sources walked into the list of what goes into the archive: each file, folder and
//! link with its name relative to its source's parent, mode and time. Links are never
//! followed; sockets, fifos and devices are counted as skipped. Folders are read in name
//! order, so an archive of the same tree comes out the same.

use std::ffi::OsStr;
use std::fs::Metadata;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::ffi::OsStringExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// What an item is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum ItemKind {
    File,
    Folder,
    /// A symbolic link, with its target.
    Link(Vec<u8>),
}

/// One thing to put in the archive.
#[derive(Debug, Clone)]
pub(super) struct Item {
    /// Where it is on disk.
    pub path: PathBuf,
    /// Its name in the archive (bytes, `/`-separated, no trailing slash).
    pub name: Vec<u8>,
    pub kind: ItemKind,
    /// Permission bits.
    pub mode: u32,
    /// Seconds since 1970.
    pub mtime: i64,
    pub size: u64,
}

/// Every item under `sources`, and the count of those skipped.
pub(super) fn walk(sources: &[PathBuf]) -> Result<(Vec<Item>, u64), (PathBuf, std::io::Error)> {
    let mut items = Vec::new();
    let mut skipped = 0;
    for source in sources {
        let name = match source.file_name() {
            Some(n) => n.to_owned(),
            None => std::fs::canonicalize(source)
                .ok()
                .and_then(|p| p.file_name().map(OsStr::to_owned))
                .unwrap_or_else(|| "root".into()),
        };
        let mut stack = vec![(source.clone(), name.as_bytes().to_vec())];
        while let Some((path, name)) = stack.pop() {
            let meta = std::fs::symlink_metadata(&path).map_err(|e| (path.clone(), e))?;
            let Some(kind) = kind_of(&path, &meta).map_err(|e| (path.clone(), e))? else {
                skipped += 1;
                continue;
            };
            if kind == ItemKind::Folder {
                let mut children = std::fs::read_dir(&path)
                    .and_then(|dir| {
                        dir.map(|e| e.map(|e| e.file_name()))
                            .collect::<Result<Vec<_>, _>>()
                    })
                    .map_err(|e| (path.clone(), e))?;
                // Popped from the end: pushed in reverse name order.
                children.sort_unstable_by(|a, b| b.cmp(a));
                for child in children {
                    let mut child_name = name.clone();
                    child_name.push(b'/');
                    child_name.extend_from_slice(child.as_bytes());
                    stack.push((path.join(&child), child_name));
                }
            }
            items.push(Item {
                path,
                name,
                size: if kind == ItemKind::File {
                    meta.len()
                } else {
                    0
                },
                kind,
                mode: meta.mode() & 0o7777,
                mtime: meta.mtime(),
            });
        }
    }
    Ok((items, skipped))
}

/// What the entry at `path` is, or `None` for one that is not stored.
fn kind_of(path: &Path, meta: &Metadata) -> std::io::Result<Option<ItemKind>> {
    let t = meta.file_type();
    Ok(if t.is_file() {
        Some(ItemKind::File)
    } else if t.is_dir() {
        Some(ItemKind::Folder)
    } else if t.is_symlink() {
        Some(ItemKind::Link(
            std::fs::read_link(path)?.into_os_string().into_vec(),
        ))
    } else {
        // Sockets, fifos, devices.
        None
    })
}
