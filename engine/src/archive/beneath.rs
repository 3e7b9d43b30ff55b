//! Writing an archive's entries beneath the extraction folder and nowhere else: every
//! folder on the way is opened without following links (a link entry followed by a file
//! "through" it fails, rather than writing where the link points), files are made new
//! (never opened over something there), links are made as links, and modes lose their
//! setuid, setgid and sticky bits.

use std::ffi::{CStr, CString, OsStr};
use std::fs::File;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use rustix::fs::{Mode, OFlags, RenameFlags};
use rustix::io::Errno;

/// The extraction folder, held open: every entry is made relative to it.
pub struct Beneath {
    root: Arc<OwnedFd>,
    /// The folders of the last walk that made its way, from the top down: entries come
    /// grouped by folder, so the next walk opens only the folders that differ.
    opened: Mutex<Vec<(CString, Arc<OwnedFd>)>>,
}

/// The bits of an entry's mode that are kept: read, write and execute for each.
const KEPT_BITS: u32 = 0o777;

impl Beneath {
    /// Hold the folder at `dest` (which must exist, and not be a link).
    pub fn open(dest: &Path) -> std::io::Result<Beneath> {
        let root = rustix::fs::open(
            dest,
            OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::RDONLY | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        Ok(Beneath {
            root: Arc::new(root),
            opened: Mutex::new(Vec::new()),
        })
    }

    /// Make the folder `rel` (and the folders above it, each named in `made`) with
    /// `mode`; one that is there already is fine. True when it was made.
    pub fn folder(&self, rel: &Path, mode: u32, made: &mut Vec<PathBuf>) -> std::io::Result<bool> {
        let (parent, name) = self.parent_of(rel, made)?;
        let new = match rustix::fs::mkdirat(&parent, &name, kept(mode) | Mode::RWXU) {
            Ok(()) => true,
            Err(Errno::EXIST) => false,
            Err(e) => return Err(e.into()),
        };
        // What is there must be a folder, not a link to one.
        let dir = Arc::new(open_dir_nofollow(&parent, &name)?);
        // Its entries usually follow: the next walk starts from it.
        let mut opened = self.opened.lock().unwrap_or_else(PoisonError::into_inner);
        let top = opened.last().map_or(&self.root, |(_, fd)| fd);
        if Arc::ptr_eq(top, &parent) {
            opened.push((name, dir));
        }
        Ok(new)
    }

    /// The folder the entries are made in.
    pub fn root(&self) -> &OwnedFd {
        &self.root
    }

    /// Make the file `rel`, new, with `mode`: what is written to it lands there alone.
    pub fn file(&self, rel: &Path, mode: u32) -> std::io::Result<File> {
        let (parent, name) = self.parent_of(rel, &mut Vec::new())?;
        Ok(File::from(new_file_at(&parent, &name, mode)?))
    }

    /// Make the link `rel` pointing at `target` (kept as it is: a link is data, and
    /// nothing is ever written through one).
    pub fn link(&self, rel: &Path, target: &OsStr) -> std::io::Result<()> {
        let (parent, name) = self.parent_of(rel, &mut Vec::new())?;
        rustix::fs::symlinkat(target.as_bytes(), &parent, &name)?;
        Ok(())
    }

    /// Remove the file, link or (empty) folder `rel`; one that is gone already is fine.
    pub fn remove(&self, rel: &Path, is_dir: bool) -> std::io::Result<()> {
        // A folder held open from an earlier walk may be the one removed.
        self.opened
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
        let (parent, name) = self.walk_to_parent(rel)?;
        let flags = if is_dir {
            rustix::fs::AtFlags::REMOVEDIR
        } else {
            rustix::fs::AtFlags::empty()
        };
        match rustix::fs::unlinkat(&parent, &name, flags) {
            Ok(()) | Err(Errno::NOENT) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    /// Rename `from` to `to` in the extraction folder itself, never over something there
    /// (`EEXIST` then).
    pub fn rename_to_top(&self, from: &Path, to: &CStr) -> std::io::Result<()> {
        self.opened
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
        let (parent, name) = self.walk_to_parent(from)?;
        rustix::fs::renameat_with(&parent, &name, &*self.root, to, RenameFlags::NOREPLACE)?;
        Ok(())
    }

    /// Give the folder `rel` its entry's mode and modification time (once everything in
    /// it is written: a folder without write permission is made writable until then).
    pub fn finish_folder(&self, rel: &Path, mode: u32, mtime: i64) -> std::io::Result<()> {
        let dir = if rel.as_os_str().is_empty() {
            rustix::io::dup(&*self.root)?
        } else {
            let (parent, name) = self.walk_to_parent(rel)?;
            open_dir_nofollow(&parent, &name)?
        };
        rustix::fs::fchmod(&dir, kept(mode))?;
        set_mtime(&dir, mtime)
    }

    /// The folder holding `rel` and its last name; the folders on the way are made where
    /// missing, each named in `made`.
    pub fn parent_of(
        &self,
        rel: &Path,
        made: &mut Vec<PathBuf>,
    ) -> std::io::Result<(Arc<OwnedFd>, CString)> {
        let (above, last) = parts_of(rel)?;
        let mut opened = self.opened.lock().unwrap_or_else(PoisonError::into_inner);
        // The folders this walk shares with the last one are open already.
        let shared = opened
            .iter()
            .zip(&above)
            .take_while(|((name, _), part)| name.as_bytes() == part.as_bytes())
            .count();
        opened.truncate(shared);
        let mut on_the_way: PathBuf = above[..shared].iter().collect();
        for part in &above[shared..] {
            let name = c_name(part)?;
            on_the_way.push(part);
            let dir = opened.last().map_or(&self.root, |(_, fd)| fd);
            match rustix::fs::mkdirat(
                dir,
                &name,
                Mode::RWXU | Mode::RGRP | Mode::XGRP | Mode::ROTH | Mode::XOTH,
            ) {
                Ok(()) => made.push(on_the_way.clone()),
                Err(Errno::EXIST) => {}
                Err(e) => return Err(e.into()),
            }
            let next = Arc::new(open_dir_nofollow(dir, &name)?);
            opened.push((name, next));
        }
        let dir = opened.last().map_or(&self.root, |(_, fd)| fd).clone();
        Ok((dir, c_name(last)?))
    }

    /// The folder holding `rel` and its last name, opened afresh (nothing made).
    pub fn walk_to_parent(&self, rel: &Path) -> std::io::Result<(OwnedFd, CString)> {
        let (above, last) = parts_of(rel)?;
        let mut dir = rustix::io::dup(&*self.root)?;
        for part in above {
            dir = open_dir_nofollow(&dir, &c_name(part)?)?;
        }
        Ok((dir, c_name(last)?))
    }
}

/// The folders on the way to `rel` and its last name; anything but plain names (which
/// archive::names already checked) is refused here too.
fn parts_of(rel: &Path) -> std::io::Result<(Vec<&OsStr>, &OsStr)> {
    let mut parts = Vec::new();
    for c in rel.components() {
        match c {
            Component::Normal(p) => parts.push(p),
            _ => return Err(Errno::INVAL.into()),
        }
    }
    let last = parts.pop().ok_or(Errno::INVAL)?;
    Ok((parts, last))
}

/// Make the file `name` of `parent`, new (never opened over what is there, nor through a
/// link), with `mode`'s permission bits.
pub fn new_file_at(parent: &OwnedFd, name: &CStr, mode: u32) -> std::io::Result<OwnedFd> {
    Ok(rustix::fs::openat(
        parent,
        name,
        OFlags::CREATE | OFlags::EXCL | OFlags::WRONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        kept(mode),
    )?)
}

/// Set the modification time of the open `fd` to `mtime` (seconds since 1970); its access
/// time too.
pub fn set_mtime(fd: &OwnedFd, mtime: i64) -> std::io::Result<()> {
    let t = rustix::fs::Timespec {
        tv_sec: mtime,
        tv_nsec: 0,
    };
    rustix::fs::futimens(
        fd,
        &rustix::fs::Timestamps {
            last_access: t,
            last_modification: t,
        },
    )?;
    Ok(())
}

fn open_dir_nofollow(dir: &OwnedFd, name: &CString) -> std::io::Result<OwnedFd> {
    Ok(rustix::fs::openat(
        dir,
        name,
        OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::RDONLY | OFlags::CLOEXEC,
        Mode::empty(),
    )?)
}

fn c_name(part: &OsStr) -> std::io::Result<CString> {
    CString::new(part.as_bytes()).map_err(|_| Errno::INVAL.into())
}

/// An entry's mode with only its permission bits.
fn kept(mode: u32) -> Mode {
    Mode::from_bits_truncate(mode & KEPT_BITS)
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    #[test]
    fn entries_are_made_beneath_and_modes_lose_their_special_bits() {
        let dir = tempfile::tempdir().expect("tempdir");
        let b = Beneath::open(dir.path()).expect("open");
        b.folder(Path::new("photos/2026"), 0o755, &mut Vec::new())
            .expect("folder");
        let mut f = b
            .file(Path::new("photos/2026/a.jpg"), 0o4755)
            .expect("file");
        f.write_all(b"jpeg").expect("write");
        let made = dir.path().join("photos/2026/a.jpg");
        assert_eq!(std::fs::read(&made).expect("read"), b"jpeg");
        let mode = std::fs::metadata(&made).expect("meta").permissions().mode();
        assert_eq!(mode & 0o7000, 0, "no setuid: {mode:o}");
        // A file is never opened over one that is there.
        assert!(b.file(Path::new("photos/2026/a.jpg"), 0o644).is_err());
    }

    #[test]
    fn nothing_is_written_through_a_link_entry() {
        let dir = tempfile::tempdir().expect("tempdir");
        let outside = tempfile::tempdir().expect("outside");
        let dest = dir.path().join("dest");
        std::fs::create_dir(&dest).expect("mkdir");
        let b = Beneath::open(&dest).expect("open");
        // The archive's "a" is a link to a folder elsewhere, then "a/owned" a file.
        b.link(Path::new("a"), outside.path().as_os_str())
            .expect("link");
        assert!(b.file(Path::new("a/owned"), 0o644).is_err());
        assert!(
            b.folder(Path::new("a/deeper"), 0o755, &mut Vec::new())
                .is_err()
        );
        assert!(
            b.folder(Path::new("a"), 0o755, &mut Vec::new()).is_err(),
            "a link is not a folder"
        );
        assert_eq!(std::fs::read_dir(outside.path()).expect("ls").count(), 0);
        // Names that are not plain are refused here too.
        assert!(b.file(Path::new("../x"), 0o644).is_err());
        assert!(b.file(Path::new("/tmp/x"), 0o644).is_err());
        assert!(!dir.path().join("x").exists());
    }
}
