//! The passthrough filesystem's tables: kernel node ids to `O_PATH` handles on the backing
//! objects (so renames and unlinked-but-open files need no path bookkeeping), and open file
//! and directory handles.

use std::collections::HashMap;
use std::ffi::OsString;
use std::os::fd::OwnedFd;
use std::sync::{Arc, Mutex, MutexGuard};

use fuser::{Errno, FileType};

/// One object the kernel knows by node id.
struct Node {
    fd: Arc<OwnedFd>,
    lookups: u64,
    generation: u64,
}

/// A directory listing taken at `opendir`, so offsets stay stable while it is read.
pub struct DirEntry {
    pub ino: u64,
    pub kind: FileType,
    pub name: OsString,
}

struct Inner {
    nodes: HashMap<u64, Node>,
    files: HashMap<u64, Arc<OwnedFd>>,
    dirs: HashMap<u64, Arc<Vec<DirEntry>>>,
    next_handle: u64,
    next_generation: u64,
}

pub struct Nodes {
    /// The backing root's inode number; it is shown as node 1 (and a backing 1 as this).
    root_ino: u64,
    inner: Mutex<Inner>,
}

impl Nodes {
    pub fn new(root: OwnedFd, root_ino: u64) -> Nodes {
        let mut nodes = HashMap::new();
        nodes.insert(
            1,
            Node {
                fd: Arc::new(root),
                lookups: 1,
                generation: 0,
            },
        );
        Nodes {
            root_ino,
            inner: Mutex::new(Inner {
                nodes,
                files: HashMap::new(),
                dirs: HashMap::new(),
                next_handle: 1,
                next_generation: 1,
            }),
        }
    }

    /// The node id shown for a backing inode number: a bijection that puts the root at 1.
    pub fn id_of(&self, backing_ino: u64) -> u64 {
        if backing_ino == self.root_ino {
            1
        } else if backing_ino == 1 {
            self.root_ino
        } else {
            backing_ino
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The `O_PATH` handle of a node the kernel knows.
    pub fn fd(&self, id: u64) -> Result<Arc<OwnedFd>, Errno> {
        self.lock()
            .nodes
            .get(&id)
            .map(|n| n.fd.clone())
            .ok_or(Errno::ESTALE)
    }

    /// Count one more kernel reference to the object behind `fd` (inode `backing_ino`,
    /// still linked when `linked`); returns its node id and generation. When the id is
    /// known but its handle is a deleted file whose inode number was reused, the node
    /// gets the new handle and a new generation, so the kernel drops its stale inode.
    pub fn remember(&self, fd: OwnedFd, backing_ino: u64, linked: bool) -> (u64, u64) {
        let id = self.id_of(backing_ino);
        let mut inner = self.lock();
        let fresh_generation = inner.next_generation;
        let (generation, replaced) = match inner.nodes.get_mut(&id) {
            Some(node) => {
                let stale = id != 1
                    && rustix::fs::fstat(&*node.fd).map_or(true, |st| {
                        st.st_ino != backing_ino || (st.st_nlink == 0 && linked)
                    });
                if stale {
                    node.fd = Arc::new(fd);
                    node.generation = fresh_generation;
                }
                node.lookups += 1;
                (node.generation, stale)
            }
            None => {
                inner.nodes.insert(
                    id,
                    Node {
                        fd: Arc::new(fd),
                        lookups: 1,
                        generation: 0,
                    },
                );
                (0, false)
            }
        };
        if replaced {
            inner.next_generation += 1;
        }
        (id, generation)
    }

    /// The kernel dropped `n` references; the node goes when none are left.
    pub fn forget(&self, id: u64, n: u64) {
        if id == 1 {
            return;
        }
        let mut inner = self.lock();
        if let Some(node) = inner.nodes.get_mut(&id) {
            node.lookups = node.lookups.saturating_sub(n);
            if node.lookups == 0 {
                inner.nodes.remove(&id);
            }
        }
    }

    pub fn add_file(&self, fd: OwnedFd) -> u64 {
        let mut inner = self.lock();
        let fh = inner.next_handle;
        inner.next_handle += 1;
        inner.files.insert(fh, Arc::new(fd));
        fh
    }

    pub fn file(&self, fh: u64) -> Result<Arc<OwnedFd>, Errno> {
        self.lock().files.get(&fh).cloned().ok_or(Errno::EBADF)
    }

    pub fn drop_file(&self, fh: u64) {
        self.lock().files.remove(&fh);
    }

    pub fn add_dir(&self, entries: Vec<DirEntry>) -> u64 {
        let mut inner = self.lock();
        let fh = inner.next_handle;
        inner.next_handle += 1;
        inner.dirs.insert(fh, Arc::new(entries));
        fh
    }

    pub fn dir(&self, fh: u64) -> Result<Arc<Vec<DirEntry>>, Errno> {
        self.lock().dirs.get(&fh).cloned().ok_or(Errno::EBADF)
    }

    pub fn drop_dir(&self, fh: u64) {
        self.lock().dirs.remove(&fh);
    }
}
