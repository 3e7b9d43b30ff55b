//! A big file read from an SMB or SFTP server in parts at once, each through a stream of
//! its own on a thread of its own, written where it belongs in the copy. A GVfs stream
//! asks for the next piece only once the last one came; with several, the backend reads
//! one part's piece from the server while the others' travel.
//! 256 MiB over loopback by hand, runs interleaved: from SMB one stream 0.43–0.60 s,
//! two to six parts 0.28–0.40 s (four did best more often), `smbclient get` 0.24–0.26 s;
//! from SFTP one stream 1.0–1.3 s, four parts 0.76–0.91 s, `gio copy` (the backend's own
//! pull) 0.75–0.98 s.
//! A part that comes short (the file shrank while it was read) fails the copy, which then
//! leaves nothing behind; the last part reads on to wherever the file ends.

use std::os::fd::OwnedFd;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use gio::glib;
use gio::prelude::*;

use crate::error::Op;
use crate::mounts::gvfs::io_error;

use super::super::data_sink::{DataSink, OpError};
use super::super::fsops::write_all_at;
use super::super::parts::{self as in_parts, PARTS_FROM, Span, Taken};
use super::Remote;

/// How much one part asks its stream for at a time (1 MiB and 4 MiB did no better).
const PIECE: usize = 256 << 10;

/// The niceness of the threads of the parts after the first. They only wait for the
/// backend, whose one job thread every part waits for: where the backend (and on loopback
/// the server) share the cores with them, that thread goes first. 256 MiB over loopback
/// on 2 cores, medians of 12 interleaved runs: 229 ms at normal priority (180–274), 203 ms
/// at 10 (195–252), `smbclient get` 260 ms.
const PART_NICENESS: i32 = 10;

/// The hold on the copy's one file in parts, when this file goes in parts: a big one,
/// from a server whose backend was measured faster so, through a stream that can seek,
/// while no other file of the copy is in parts (four files of 64 MiB from SMB by two
/// workers took as long with each in parts as with none).
pub(super) fn wanted<'a>(
    remote: &Remote<'a>,
    size: u64,
    first: &gio::FileInputStream,
) -> Option<Taken<'a>> {
    let measured = ["smb", "sftp"]
        .iter()
        .any(|scheme| remote.file.has_uri_scheme(scheme));
    let fits = measured && size >= PARTS_FROM && first.can_seek() && first.tell() == 0;
    fits.then(|| remote.in_parts.take()).flatten()
}

/// Copy the file, `size` bytes, into `output` in parts at once: the first through `first`
/// on this thread, each other through a stream of its own on a thread of its own (or
/// after the first, on this thread, where no thread can be had). Returns the bytes
/// copied; every one of them was handed on.
pub(super) fn copy(
    remote: &Remote<'_>,
    size: u64,
    first: gio::FileInputStream,
    output: &Arc<OwnedFd>,
    sink: &impl DataSink,
) -> Result<(u64, u64), OpError> {
    let spans = in_parts::spans(&in_parts::starts(size));
    let stop = AtomicBool::new(false);
    let part = Part {
        remote,
        size,
        output,
        sink,
        stop: &stop,
    };
    // The first part runs here, with the stream already open.
    let mut rest = spans.into_iter();
    let head = rest.next().unwrap_or(Span { from: 0, to: None });
    let ends = std::thread::scope(|s| {
        let part = &part;
        let mut threads = Vec::new();
        let mut here = Vec::new();
        for span in rest {
            let spawned = std::thread::Builder::new()
                .name("porpoise-part".into())
                .spawn_scoped(s, move || {
                    if let Err(e) = crate::sys::lower_this_thread(PART_NICENESS) {
                        tracing::debug!("a part's thread keeps its priority: {e}");
                    }
                    part.read(None, span)
                });
            match spawned {
                Ok(thread) => threads.push(thread),
                Err(_) => here.push(span),
            }
        }
        let mut ends = vec![part.read(Some(first), head)];
        ends.extend(here.into_iter().map(|span| part.read(None, span)));
        for thread in threads {
            ends.push(thread.join().unwrap_or_else(|_| {
                tracing::error!("a part of a file read from its server panicked");
                Err((Op::Read, std::io::Error::from_raw_os_error(libc::EIO)))
            }));
        }
        ends
    });
    let mut total = 0;
    let mut failures = Vec::new();
    for end in ends {
        match end {
            Ok(end) => total = total.max(end),
            Err(e) => failures.push(e),
        }
    }
    // A part stopped because another failed says less than that failure: it goes last.
    failures.sort_by_key(|(_, e)| e.kind() == std::io::ErrorKind::Interrupted);
    match failures.into_iter().next() {
        Some(e) => Err(e),
        None => Ok((total, total)),
    }
}

/// What every part of one file reads for and writes into.
struct Part<'a, S> {
    remote: &'a Remote<'a>,
    /// The file's size when the copy looked.
    size: u64,
    output: &'a Arc<OwnedFd>,
    sink: &'a S,
    /// Set when a part failed: the others stop at their next piece.
    stop: &'a AtomicBool,
}

impl<S: DataSink> Part<'_, S> {
    /// Read `span` through `stream`, or through a stream of its own opened at its start,
    /// into the copy; where it ended. A failure stops the other parts.
    fn read(&self, stream: Option<gio::FileInputStream>, span: Span) -> Result<u64, OpError> {
        let read = self.read_span(stream, span);
        if read.is_err() {
            self.stop.store(true, Ordering::Relaxed);
        }
        read
    }

    /// Read `span` into the copy, piece by piece; where it ended.
    fn read_span(&self, stream: Option<gio::FileInputStream>, span: Span) -> Result<u64, OpError> {
        let cancel = Some(&self.remote.cancel);
        let stream = match stream {
            Some(stream) => stream,
            None => self.open_at(span.from)?,
        };
        let mut buf = vec![0u8; PIECE];
        let mut at = span.from;
        let mut handed = span.from;
        loop {
            if self.stop.load(Ordering::Relaxed) || !self.sink.proceed() {
                return Err((Op::Read, std::io::ErrorKind::Interrupted.into()));
            }
            let left = span.to.map_or(u64::MAX, |to| to - at);
            let want = usize::try_from(left).unwrap_or(usize::MAX).min(PIECE);
            if want == 0 {
                break;
            }
            let n = stream
                .read(&mut buf[..want], cancel)
                .map_err(|e| (Op::Read, io_error(&e)))?;
            if n == 0 {
                if span.to.is_some() {
                    // The file ended before this part did: it shrank since the copy looked.
                    return Err((Op::Read, crate::error::Shrank.io()));
                }
                break;
            }
            write_all_at(self.output, &buf[..n], at).map_err(|e| (Op::Write, e))?;
            at += n as u64;
            self.sink
                .wrote(self.output, n as u64, at, &mut handed, self.size)?;
        }
        self.sink
            .range_written(self.output, handed, at, self.size)?;
        Ok(at)
    }

    /// A stream of the file of its own, at `offset`.
    fn open_at(&self, offset: u64) -> Result<gio::FileInputStream, OpError> {
        let cancel = Some(&self.remote.cancel);
        let stream = self
            .remote
            .file
            .read(cancel)
            .map_err(|e| (Op::Open, io_error(&e)))?;
        let at = i64::try_from(offset)
            .map_err(|_| (Op::Read, std::io::ErrorKind::InvalidInput.into()))?;
        stream
            .seek(at, glib::SeekType::Set, cancel)
            .map_err(|e| (Op::Read, io_error(&e)))?;
        Ok(stream)
    }
}
