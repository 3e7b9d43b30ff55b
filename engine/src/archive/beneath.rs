//! Writing an archive's entries beneath the extraction folder and nowhere else: every
//! folder on the way is opened without following links (a link entry followed by a file
//! "through" it fails, rather than writing where the link points), files are made new
//! (never opened over something there), links are made as links, and modes lose their
//! setuid, setgid and sticky bits.

use std::ffi::{CString, OsStr};
use std::fs::File;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path};

use rustix::fs::{Mode, OFlags};
use rustix::io::Errno;

/// The extraction folder, held open: every entry is made relative to it.
pub struct Beneath {
    root: OwnedFd,
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
        Ok(Beneath { root })
    }

    /// Make the folder `rel` (and the folders above it) with `mode`; one that is there
    /// already is fine.
    pub fn folder(&self, rel: &Path, mode: u32) -> std::io::Result<()> {
        let (parent, name) = self.parent_of(rel)?;
        match rustix::fs::mkdirat(&parent, &name, kept(mode) | Mode::RWXU) {
            Ok(()) | Err(Errno::EXIST) => {
                // What is there must be a folder, not a link to one.
                open_dir_nofollow(&parent, &name).map(drop)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Make the file `rel`, new, with `mode`: what is written to it lands there alone.
    pub fn file(&self, rel: &Path, mode: u32) -> std::io::Result<File> {
        let (parent, name) = self.parent_of(rel)?;
        let fd = rustix::fs::openat(
            &parent,
            &name,
            OFlags::CREATE | OFlags::EXCL | OFlags::WRONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            kept(mode),
        )?;
        Ok(File::from(fd))
    }

    /// Make the link `rel` pointing at `target` (kept as it is: a link is data, and
    /// nothing is ever written through one).
    pub fn link(&self, rel: &Path, target: &OsStr) -> std::io::Result<()> {
        let (parent, name) = self.parent_of(rel)?;
        rustix::fs::symlinkat(target.as_bytes(), &parent, &name)?;
        Ok(())
    }

    /// The folder holding `rel` (made where missing) and its last name.
    fn parent_of(&self, rel: &Path) -> std::io::Result<(OwnedFd, CString)> {
        let mut parts = Vec::new();
        for c in rel.components() {
            match c {
                Component::Normal(p) => parts.push(p),
                // Names come checked by archive::names; anything else is refused here too.
                _ => return Err(Errno::INVAL.into()),
            }
        }
        let Some((last, above)) = parts.split_last() else {
            return Err(Errno::INVAL.into());
        };
        let mut dir = rustix::fs::openat(
            &self.root,
            c".",
            OFlags::DIRECTORY | OFlags::RDONLY | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        for part in above {
            let name = c_name(part)?;
            match rustix::fs::mkdirat(
                &dir,
                &name,
                Mode::RWXU | Mode::RGRP | Mode::XGRP | Mode::ROTH | Mode::XOTH,
            ) {
                Ok(()) | Err(Errno::EXIST) => {}
                Err(e) => return Err(e.into()),
            }
            dir = open_dir_nofollow(&dir, &name)?;
        }
        Ok((dir, c_name(last)?))
    }
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
        b.folder(Path::new("photos/2026"), 0o755).expect("folder");
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
        assert!(b.folder(Path::new("a/deeper"), 0o755).is_err());
        assert!(
            b.folder(Path::new("a"), 0o755).is_err(),
            "a link is not a folder"
        );
        assert_eq!(std::fs::read_dir(outside.path()).expect("ls").count(), 0);
        // Names that are not plain are refused here too.
        assert!(b.file(Path::new("../x"), 0o644).is_err());
        assert!(b.file(Path::new("/tmp/x"), 0o644).is_err());
        assert!(!dir.path().join("x").exists());
    }
}
