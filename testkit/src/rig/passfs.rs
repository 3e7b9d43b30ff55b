//! The rig's FUSE filesystem: a passthrough to a backing folder whose `write()` is paced
//! by a [`Throttle`] and counted, optionally with the kernel's writeback cache.

use std::ffi::OsStr;
use std::io;
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::os::unix::fs::{DirEntryExt, FileTypeExt};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use fuser::{
    Errno, FileAttr, FileHandle, FileType, Filesystem, FopenFlags, Generation, INodeNo, InitFlags,
    KernelConfig, LockOwner, OpenFlags, RenameFlags, ReplyAttr, ReplyCreate, ReplyData,
    ReplyDirectory, ReplyEmpty, ReplyEntry, ReplyOpen, ReplyStatfs, ReplyWrite, Request, TimeOrNow,
    WriteFlags,
};
use rustix::fs::{AtFlags, Mode, OFlags, Timestamps};

use super::attrs::{attr, timespec};
use super::nodes::{DirEntry, Nodes};
use super::throttle::Throttle;

/// How long the kernel may cache names and attributes.
const TTL: Duration = Duration::from_secs(1);

pub struct PassFs {
    nodes: Nodes,
    throttle: Arc<Throttle>,
    writeback: bool,
}

fn raw(flags: i32) -> OFlags {
    OFlags::from_bits_retain(flags as u32)
}

fn errno(e: rustix::io::Errno) -> Errno {
    Errno::from_i32(e.raw_os_error())
}

fn io_errno(e: io::Error) -> Errno {
    Errno::from(e)
}

/// The permission bits of a new object asked for with `mode`, less the requester's `umask`.
fn created_mode(mode: u32, umask: u32) -> Mode {
    Mode::from_raw_mode(mode & !umask & 0o7777)
}

/// The `/proc/self/fd` name of a handle: reopens an `O_PATH` handle for real I/O.
fn proc_path(fd: &OwnedFd) -> String {
    format!("/proc/self/fd/{}", fd.as_raw_fd())
}

impl PassFs {
    /// A passthrough over `store`; `writeback` asks the kernel for its writeback cache.
    pub fn new(store: &Path, throttle: Arc<Throttle>, writeback: bool) -> io::Result<PassFs> {
        let root = rustix::fs::open(
            store,
            OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        let st = rustix::fs::fstat(&root)?;
        Ok(PassFs {
            nodes: Nodes::new(root, st.st_ino),
            throttle,
            writeback,
        })
    }

    /// Look `name` up in `parent` and count a kernel reference to it.
    fn entry(&self, parent: INodeNo, name: &OsStr) -> Result<(FileAttr, Generation), Errno> {
        let pfd = self.nodes.fd(parent.0)?;
        let fd = rustix::fs::openat(
            &*pfd,
            name,
            OFlags::PATH | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::empty(),
        )
        .map_err(errno)?;
        let st = rustix::fs::fstat(&fd).map_err(errno)?;
        let (id, generation) = self.nodes.remember(fd, st.st_ino, true);
        Ok((attr(id, &st), Generation(generation)))
    }

    fn stat_node(&self, ino: INodeNo, fh: Option<FileHandle>) -> Result<FileAttr, Errno> {
        let st = match fh.map(|fh| self.nodes.file(fh.0)) {
            Some(Ok(f)) => rustix::fs::fstat(&*f),
            _ => rustix::fs::fstat(&*self.nodes.fd(ino.0)?),
        }
        .map_err(errno)?;
        Ok(attr(ino.0, &st))
    }

    /// Open flags for the backing file: the kernel may read pages of a write-only file
    /// and owns the file offset when it caches writes.
    fn backing_flags(&self, flags: i32) -> OFlags {
        let mut f = raw(flags);
        if self.writeback {
            if f & OFlags::RWMODE == OFlags::WRONLY {
                f = (f - OFlags::WRONLY) | OFlags::RDWR;
            }
            f -= OFlags::APPEND;
        }
        (f - OFlags::NOFOLLOW - OFlags::DIRECT - OFlags::CREATE - OFlags::EXCL) | OFlags::CLOEXEC
    }

    /// Make a new object `name` in `parent` with `make` (given the parent's fd), give it
    /// to the requester, and answer with its entry.
    fn make_entry(
        &self,
        req: &Request,
        parent: INodeNo,
        name: &OsStr,
        make: impl FnOnce(&OwnedFd) -> rustix::io::Result<()>,
    ) -> Result<(FileAttr, Generation), Errno> {
        let pfd = self.nodes.fd(parent.0)?;
        make(&pfd).map_err(errno)?;
        self.chown_new(req, &pfd, name);
        self.entry(parent, name)
    }

    /// Remove `name` from `parent` (a folder with `AtFlags::REMOVEDIR`).
    fn remove(&self, parent: INodeNo, name: &OsStr, flags: AtFlags) -> Result<(), Errno> {
        let pfd = self.nodes.fd(parent.0)?;
        rustix::fs::unlinkat(&*pfd, name, flags).map_err(errno)
    }

    /// Give a new object to the requester when it is not root.
    fn chown_new(&self, req: &Request, parent: &OwnedFd, name: &OsStr) {
        if req.uid() != 0 {
            let _ = rustix::fs::chownat(
                parent,
                name,
                Some(rustix::fs::Uid::from_raw(req.uid())),
                Some(rustix::fs::Gid::from_raw(req.gid())),
                AtFlags::SYMLINK_NOFOLLOW,
            );
        }
    }

    fn list(&self, ino: INodeNo) -> Result<Vec<DirEntry>, Errno> {
        let node = self.nodes.fd(ino.0)?;
        let mut out = vec![
            DirEntry {
                ino: ino.0,
                kind: FileType::Directory,
                name: ".".into(),
            },
            DirEntry {
                ino: 1,
                kind: FileType::Directory,
                name: "..".into(),
            },
        ];
        for e in std::fs::read_dir(proc_path(&node)).map_err(io_errno)? {
            let e = e.map_err(io_errno)?;
            let Ok(ft) = e.file_type() else { continue };
            let kind = if ft.is_dir() {
                FileType::Directory
            } else if ft.is_symlink() {
                FileType::Symlink
            } else if ft.is_fifo() {
                FileType::NamedPipe
            } else if ft.is_char_device() {
                FileType::CharDevice
            } else if ft.is_block_device() {
                FileType::BlockDevice
            } else if ft.is_socket() {
                FileType::Socket
            } else {
                FileType::RegularFile
            };
            out.push(DirEntry {
                ino: self.nodes.id_of(e.ino()),
                kind,
                name: e.file_name(),
            });
        }
        Ok(out)
    }

    fn write_inner(&self, fh: FileHandle, offset: u64, data: &[u8]) -> Result<u32, Errno> {
        if !self.throttle.take(data.len() as u64) {
            return Err(Errno::EIO);
        }
        let f = self.nodes.file(fh.0)?;
        let mut done = 0;
        while done < data.len() {
            let n = rustix::io::pwrite(&*f, &data[done..], offset + done as u64).map_err(errno)?;
            if n == 0 {
                return Err(Errno::EIO);
            }
            done += n;
        }
        self.throttle.add_received(done as u64);
        Ok(done as u32)
    }
}

fn reply_entry(reply: ReplyEntry, r: Result<(FileAttr, Generation), Errno>) {
    match r {
        Ok((a, g)) => reply.entry(&TTL, &a, g),
        Err(e) => reply.error(e),
    }
}

/// Answer with the attributes in `r`, or its error.
fn reply_attr(reply: ReplyAttr, r: Result<FileAttr, Errno>) {
    match r {
        Ok(a) => reply.attr(&TTL, &a),
        Err(e) => reply.error(e),
    }
}

fn reply_empty(reply: ReplyEmpty, r: Result<(), Errno>) {
    match r {
        Ok(()) => reply.ok(),
        Err(e) => reply.error(e),
    }
}

impl Filesystem for PassFs {
    fn init(&mut self, _req: &Request, config: &mut KernelConfig) -> io::Result<()> {
        if self.writeback {
            config
                .add_capabilities(InitFlags::FUSE_WRITEBACK_CACHE)
                .map_err(|_| io::Error::other("the kernel offers no FUSE writeback cache"))?;
        }
        Ok(())
    }

    fn lookup(&self, _req: &Request, parent: INodeNo, name: &OsStr, reply: ReplyEntry) {
        self.throttle.wait_while_silent();
        reply_entry(reply, self.entry(parent, name));
    }

    fn forget(&self, _req: &Request, ino: INodeNo, nlookup: u64) {
        self.nodes.forget(ino.0, nlookup);
    }

    fn getattr(&self, _req: &Request, ino: INodeNo, fh: Option<FileHandle>, reply: ReplyAttr) {
        self.throttle.wait_while_silent();
        reply_attr(reply, self.stat_node(ino, fh));
    }

    fn setattr(
        &self,
        _req: &Request,
        ino: INodeNo,
        mode: Option<u32>,
        uid: Option<u32>,
        gid: Option<u32>,
        size: Option<u64>,
        atime: Option<TimeOrNow>,
        mtime: Option<TimeOrNow>,
        _ctime: Option<SystemTime>,
        fh: Option<FileHandle>,
        _crtime: Option<SystemTime>,
        _chgtime: Option<SystemTime>,
        _bkuptime: Option<SystemTime>,
        _flags: Option<fuser::BsdFileFlags>,
        reply: ReplyAttr,
    ) {
        let r = (|| {
            let node = self.nodes.fd(ino.0)?;
            let is_link = rustix::fs::fstat(&*node)
                .map(|st| st.st_mode & libc::S_IFMT == libc::S_IFLNK)
                .map_err(errno)?;
            if let Some(size) = size {
                match fh.map(|fh| self.nodes.file(fh.0)) {
                    Some(Ok(f)) => rustix::fs::ftruncate(&*f, size).map_err(errno)?,
                    _ => {
                        let f = rustix::fs::open(
                            proc_path(&node),
                            OFlags::WRONLY | OFlags::CLOEXEC,
                            Mode::empty(),
                        )
                        .map_err(errno)?;
                        rustix::fs::ftruncate(&f, size).map_err(errno)?;
                    }
                }
            }
            if let Some(mode) = mode
                && !is_link
            {
                rustix::fs::chmod(proc_path(&node), Mode::from_raw_mode(mode & 0o7777))
                    .map_err(errno)?;
            }
            if uid.is_some() || gid.is_some() {
                rustix::fs::chownat(
                    &*node,
                    "",
                    uid.map(rustix::fs::Uid::from_raw),
                    gid.map(rustix::fs::Gid::from_raw),
                    AtFlags::EMPTY_PATH | AtFlags::SYMLINK_NOFOLLOW,
                )
                .map_err(errno)?;
            }
            if atime.is_some() || mtime.is_some() {
                let times = Timestamps {
                    last_access: timespec(atime),
                    last_modification: timespec(mtime),
                };
                rustix::fs::utimensat(
                    &*node,
                    "",
                    &times,
                    AtFlags::EMPTY_PATH | AtFlags::SYMLINK_NOFOLLOW,
                )
                .map_err(errno)?;
            }
            self.stat_node(ino, fh)
        })();
        reply_attr(reply, r);
    }

    fn readlink(&self, _req: &Request, ino: INodeNo, reply: ReplyData) {
        self.throttle.wait_while_silent();
        let r = self
            .nodes
            .fd(ino.0)
            .and_then(|fd| rustix::fs::readlinkat(&*fd, "", Vec::new()).map_err(errno));
        match r {
            Ok(target) => reply.data(target.as_bytes()),
            Err(e) => reply.error(e),
        }
    }

    fn mknod(
        &self,
        req: &Request,
        parent: INodeNo,
        name: &OsStr,
        mode: u32,
        umask: u32,
        rdev: u32,
        reply: ReplyEntry,
    ) {
        let r = self.make_entry(req, parent, name, |pfd| {
            rustix::fs::mknodat(
                pfd,
                name,
                rustix::fs::FileType::from_raw_mode(mode),
                created_mode(mode, umask),
                u64::from(rdev),
            )
        });
        reply_entry(reply, r);
    }

    fn mkdir(
        &self,
        req: &Request,
        parent: INodeNo,
        name: &OsStr,
        mode: u32,
        umask: u32,
        reply: ReplyEntry,
    ) {
        let r = self.make_entry(req, parent, name, |pfd| {
            rustix::fs::mkdirat(pfd, name, created_mode(mode, umask))
        });
        reply_entry(reply, r);
    }

    fn unlink(&self, _req: &Request, parent: INodeNo, name: &OsStr, reply: ReplyEmpty) {
        reply_empty(reply, self.remove(parent, name, AtFlags::empty()));
    }

    fn rmdir(&self, _req: &Request, parent: INodeNo, name: &OsStr, reply: ReplyEmpty) {
        reply_empty(reply, self.remove(parent, name, AtFlags::REMOVEDIR));
    }

    fn symlink(
        &self,
        req: &Request,
        parent: INodeNo,
        link_name: &OsStr,
        target: &Path,
        reply: ReplyEntry,
    ) {
        let r = self.make_entry(req, parent, link_name, |pfd| {
            rustix::fs::symlinkat(target, pfd, link_name)
        });
        reply_entry(reply, r);
    }

    fn rename(
        &self,
        _req: &Request,
        parent: INodeNo,
        name: &OsStr,
        newparent: INodeNo,
        newname: &OsStr,
        flags: RenameFlags,
        reply: ReplyEmpty,
    ) {
        let r = (|| {
            if flags.contains(RenameFlags::RENAME_WHITEOUT) {
                return Err(Errno::EINVAL);
            }
            let from = self.nodes.fd(parent.0)?;
            let to = self.nodes.fd(newparent.0)?;
            rustix::fs::renameat_with(
                &*from,
                name,
                &*to,
                newname,
                rustix::fs::RenameFlags::from_bits_retain(flags.bits()),
            )
            .map_err(errno)
        })();
        reply_empty(reply, r);
    }

    fn link(
        &self,
        _req: &Request,
        ino: INodeNo,
        newparent: INodeNo,
        newname: &OsStr,
        reply: ReplyEntry,
    ) {
        let r = (|| {
            let fd = self.nodes.fd(ino.0)?;
            let to = self.nodes.fd(newparent.0)?;
            rustix::fs::linkat(&*fd, "", &*to, newname, AtFlags::EMPTY_PATH).map_err(errno)?;
            self.entry(newparent, newname)
        })();
        reply_entry(reply, r);
    }

    fn open(&self, _req: &Request, ino: INodeNo, flags: OpenFlags, reply: ReplyOpen) {
        self.throttle.wait_while_silent();
        let r = self.nodes.fd(ino.0).and_then(|node| {
            rustix::fs::open(proc_path(&node), self.backing_flags(flags.0), Mode::empty())
                .map_err(errno)
        });
        match r {
            Ok(f) => reply.opened(FileHandle(self.nodes.add_file(f)), FopenFlags::empty()),
            Err(e) => reply.error(e),
        }
    }

    fn create(
        &self,
        req: &Request,
        parent: INodeNo,
        name: &OsStr,
        mode: u32,
        umask: u32,
        flags: i32,
        reply: ReplyCreate,
    ) {
        let r = (|| {
            let pfd = self.nodes.fd(parent.0)?;
            let f = rustix::fs::openat(
                &*pfd,
                name,
                self.backing_flags(flags) | OFlags::CREATE | (OFlags::EXCL & raw(flags)),
                created_mode(mode, umask),
            )
            .map_err(errno)?;
            self.chown_new(req, &pfd, name);
            let (a, g) = self.entry(parent, name)?;
            Ok((a, g, f))
        })();
        match r {
            Ok((a, g, f)) => {
                let fh = FileHandle(self.nodes.add_file(f));
                reply.created(&TTL, &a, g, fh, FopenFlags::empty());
            }
            Err(e) => reply.error(e),
        }
    }

    fn read(
        &self,
        _req: &Request,
        _ino: INodeNo,
        fh: FileHandle,
        offset: u64,
        size: u32,
        _flags: OpenFlags,
        _lock_owner: Option<LockOwner>,
        reply: ReplyData,
    ) {
        self.throttle.wait_while_silent();
        let r = self.nodes.file(fh.0).and_then(|f| {
            let mut buf = vec![0u8; size as usize];
            let mut got = 0;
            while got < buf.len() {
                let n =
                    rustix::io::pread(&*f, &mut buf[got..], offset + got as u64).map_err(errno)?;
                if n == 0 {
                    break;
                }
                got += n;
            }
            buf.truncate(got);
            Ok(buf)
        });
        match r {
            Ok(buf) => reply.data(&buf),
            Err(e) => reply.error(e),
        }
    }

    fn write(
        &self,
        _req: &Request,
        _ino: INodeNo,
        fh: FileHandle,
        offset: u64,
        data: &[u8],
        _write_flags: WriteFlags,
        _flags: OpenFlags,
        _lock_owner: Option<LockOwner>,
        reply: ReplyWrite,
    ) {
        match self.write_inner(fh, offset, data) {
            Ok(n) => reply.written(n),
            Err(e) => reply.error(e),
        }
    }

    fn flush(
        &self,
        _req: &Request,
        _ino: INodeNo,
        _fh: FileHandle,
        _lock_owner: LockOwner,
        reply: ReplyEmpty,
    ) {
        reply.ok();
    }

    fn release(
        &self,
        _req: &Request,
        _ino: INodeNo,
        fh: FileHandle,
        _flags: OpenFlags,
        _lock_owner: Option<LockOwner>,
        _flush: bool,
        reply: ReplyEmpty,
    ) {
        self.nodes.drop_file(fh.0);
        reply.ok();
    }

    fn fsync(
        &self,
        _req: &Request,
        _ino: INodeNo,
        _fh: FileHandle,
        _datasync: bool,
        reply: ReplyEmpty,
    ) {
        // The data is on the "device" once write() took it; a dead device fails.
        if self.throttle.failing() {
            reply.error(Errno::EIO);
        } else {
            reply.ok();
        }
    }

    fn opendir(&self, _req: &Request, ino: INodeNo, _flags: OpenFlags, reply: ReplyOpen) {
        self.throttle.wait_while_silent();
        match self.list(ino) {
            Ok(entries) => {
                reply.opened(FileHandle(self.nodes.add_dir(entries)), FopenFlags::empty())
            }
            Err(e) => reply.error(e),
        }
    }

    fn readdir(
        &self,
        _req: &Request,
        _ino: INodeNo,
        fh: FileHandle,
        offset: u64,
        mut reply: ReplyDirectory,
    ) {
        self.throttle.wait_while_silent();
        let entries = match self.nodes.dir(fh.0) {
            Ok(e) => e,
            Err(e) => return reply.error(e),
        };
        for (i, e) in entries.iter().enumerate().skip(offset as usize) {
            if reply.add(INodeNo(e.ino), i as u64 + 1, e.kind, &e.name) {
                break;
            }
        }
        reply.ok();
    }

    fn releasedir(
        &self,
        _req: &Request,
        _ino: INodeNo,
        fh: FileHandle,
        _flags: OpenFlags,
        reply: ReplyEmpty,
    ) {
        self.nodes.drop_dir(fh.0);
        reply.ok();
    }

    fn fsyncdir(
        &self,
        _req: &Request,
        _ino: INodeNo,
        _fh: FileHandle,
        _datasync: bool,
        reply: ReplyEmpty,
    ) {
        reply.ok();
    }

    fn statfs(&self, _req: &Request, _ino: INodeNo, reply: ReplyStatfs) {
        self.throttle.wait_while_silent();
        match self
            .nodes
            .fd(1)
            .and_then(|root| rustix::fs::fstatvfs(&*root).map_err(errno))
        {
            Ok(s) => reply.statfs(
                s.f_blocks,
                s.f_bfree,
                s.f_bavail,
                s.f_files,
                s.f_ffree,
                s.f_bsize as u32,
                s.f_namemax as u32,
                s.f_frsize as u32,
            ),
            Err(e) => reply.error(e),
        }
    }

    fn fallocate(
        &self,
        _req: &Request,
        _ino: INodeNo,
        fh: FileHandle,
        offset: u64,
        length: u64,
        mode: i32,
        reply: ReplyEmpty,
    ) {
        let r = self.nodes.file(fh.0).and_then(|f| {
            rustix::fs::fallocate(
                f.as_fd(),
                rustix::fs::FallocateFlags::from_bits_retain(mode as u32),
                offset,
                length,
            )
            .map_err(errno)
        });
        reply_empty(reply, r);
    }
}
