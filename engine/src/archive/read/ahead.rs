//! Decompressing on a thread of its own, ahead of the reader: while the entries read so
//! far are written out, the next megabytes are already being decompressed on the other
//! core. A few buffers go back and forth between the two threads, so memory stays bounded
//! (at most [`BUFFERS`] × [`CHUNK`]) and nothing is allocated per chunk.

use std::io::Read;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use super::decode::Failing;

/// Bytes decompressed into one buffer.
const CHUNK: usize = 1 << 20;

/// Buffers in flight between the threads.
const BUFFERS: usize = 4;

/// What the decompressing thread hands over: a filled buffer, or how the stream ended.
enum Piece {
    /// A buffer, filled up to the length told (buffers keep their whole size: they are
    /// not zeroed again).
    Data(Vec<u8>, usize),
    End,
    Failed(std::io::Error),
}

/// A reader of what a decompressor running on its own thread yields.
pub struct ReadAhead {
    filled: Receiver<Piece>,
    empty: SyncSender<Vec<u8>>,
    current: Vec<u8>,
    /// Where the data of `current` ends, and where reading it is.
    end: usize,
    at: usize,
}

/// Read `source` ahead on a thread of its own (a reader failing at once when no thread
/// can be started).
pub fn read_ahead(source: Box<dyn Read + Send>) -> Box<dyn Read + Send> {
    let (filled_tx, filled) = sync_channel(BUFFERS);
    let (empty, empty_rx) = sync_channel(BUFFERS);
    for _ in 0..BUFFERS {
        let _ = empty.send(vec![0u8; CHUNK]);
    }
    let started = std::thread::Builder::new()
        .name("decompress".into())
        .spawn(move || fill(source, &filled_tx, &empty_rx));
    match started {
        Ok(_) => Box::new(ReadAhead {
            filled,
            empty,
            current: Vec::new(),
            end: 0,
            at: 0,
        }),
        Err(e) => Box::new(Failing(Some(e))),
    }
}

/// The decompressing thread: fill the empty buffers from `source` until it ends, fails,
/// or the reader is gone.
fn fill(mut source: Box<dyn Read + Send>, filled: &SyncSender<Piece>, empty: &Receiver<Vec<u8>>) {
    while let Ok(mut buf) = empty.recv() {
        let mut len = 0;
        let end = loop {
            match source.read(&mut buf[len..]) {
                Ok(0) => break true,
                Ok(n) => {
                    len += n;
                    if len == CHUNK {
                        break false;
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    let _ = filled.send(Piece::Data(buf, len));
                    let _ = filled.send(Piece::Failed(e));
                    return;
                }
            }
        };
        if filled.send(Piece::Data(buf, len)).is_err() {
            return;
        }
        if end {
            let _ = filled.send(Piece::End);
            return;
        }
    }
}

impl Read for ReadAhead {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        while self.at == self.end {
            match self.filled.recv() {
                Ok(Piece::End) => return Ok(0),
                Ok(Piece::Data(next, end)) => {
                    let used = std::mem::replace(&mut self.current, next);
                    (self.at, self.end) = (0, end);
                    if used.capacity() > 0 {
                        let _ = self.empty.send(used);
                    }
                }
                Ok(Piece::Failed(e)) => return Err(e),
                // The thread ended without saying how: never taken as the end.
                Err(_) => return Err(std::io::Error::other("decompressing stopped")),
            }
        }
        let n = (self.end - self.at).min(out.len());
        out[..n].copy_from_slice(&self.current[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yields_what_the_source_yields_then_its_error() {
        let data: Vec<u8> = (0..(CHUNK * 3 + 5)).map(|i| (i % 253) as u8).collect();
        let mut got = Vec::new();
        read_ahead(Box::new(std::io::Cursor::new(data.clone())))
            .read_to_end(&mut got)
            .expect("read");
        assert_eq!(got, data);
        let failing = std::io::Cursor::new(vec![7u8; 10]).chain(Failing(None));
        let mut got = Vec::new();
        let e = read_ahead(Box::new(failing)).read_to_end(&mut got);
        assert!(e.is_err());
        assert_eq!(got, vec![7u8; 10]);
        let mut nothing = Vec::new();
        read_ahead(Box::new(std::io::empty()))
            .read_to_end(&mut nothing)
            .expect("read");
        assert!(nothing.is_empty());
    }
}
