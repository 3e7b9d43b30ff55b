//! Counting the source bytes read and the items put in, and asking the caller whether to
//! go on: each file's content is read through [`Meter::reader`], which stops the writing
//! (with an error the archive crates pass up) when the caller says stop or a source cannot
//! be read, keeping which of the two it was.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::walk::ItemKind;
use super::{Compressed, Watch};

/// Why reading the sources stopped.
pub(super) enum Failure {
    Stopped,
    Read(PathBuf, std::io::Error),
}

/// What is in so far, the caller's watch, and what stopped the reading.
pub(super) struct Meter<'a> {
    /// Bytes read and items put in (an item counts once the next one starts, or at the end).
    pub done: Compressed,
    /// The item being put in, not yet counted.
    pending: Option<ItemKind>,
    watch: &'a mut dyn Watch,
    pub failure: Option<Failure>,
}

impl<'a> Meter<'a> {
    pub fn new(watch: &'a mut dyn Watch) -> Self {
        Meter {
            done: Compressed::default(),
            pending: None,
            watch,
            failure: None,
        }
    }

    /// The next item is `kind`: the one before it is in. Whether to go on, as
    /// [`Meter::go_on`].
    pub fn next(&mut self, kind: &ItemKind) -> std::io::Result<()> {
        self.count_pending();
        self.pending = Some(kind.clone());
        self.go_on()
    }

    /// The last item is in.
    pub fn count_pending(&mut self) {
        match self.pending.take() {
            Some(ItemKind::File) => self.done.files += 1,
            Some(ItemKind::Folder) => self.done.folders += 1,
            Some(ItemKind::Link(_)) => self.done.links += 1,
            None => {}
        }
    }

    /// Whether the caller still wants the work (asked between entries too).
    pub fn go_on(&mut self) -> std::io::Result<()> {
        if self.failure.is_none() && !self.watch.progress(&self.done) {
            self.failure = Some(Failure::Stopped);
        }
        match self.failure {
            Some(_) => Err(std::io::Error::other("stopped")),
            None => Ok(()),
        }
    }

    /// A reader of `file` (at `path`) counting what it reads.
    pub fn reader<'m, R: Read>(&'m mut self, path: &'m Path, file: R) -> Metered<'m, 'a, R> {
        Metered {
            meter: self,
            path,
            inner: file,
        }
    }
}

/// A source file's reader that counts into its [`Meter`].
pub(super) struct Metered<'m, 'a, R> {
    meter: &'m mut Meter<'a>,
    path: &'m Path,
    inner: R,
}

impl<R: Read> Read for Metered<'_, '_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.meter.go_on()?;
        match self.inner.read(buf) {
            Ok(n) => {
                self.meter.done.bytes += n as u64;
                Ok(n)
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => Err(e),
            Err(e) => Err(self.meter.read_failed(self.path, e)),
        }
    }
}

impl Meter<'_> {
    /// Keep that the source at `path` could not be read; the error to pass up.
    pub fn read_failed(&mut self, path: &Path, e: std::io::Error) -> std::io::Error {
        let copy = std::io::Error::new(e.kind(), e.to_string());
        if self.failure.is_none() {
            self.failure = Some(Failure::Read(path.to_owned(), e));
        }
        copy
    }
}
