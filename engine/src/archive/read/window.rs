//! A file read through one large window at a position: a seek inside the window costs no
//! call, and each refill is one positional read. Readers that seek before every entry
//! (a zip's local headers, one after the other) then read the archive in large pieces
//! instead of a seek and a small read per entry.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::os::unix::fs::FileExt;

/// Bytes read into the window at once.
const WINDOW: usize = 256 * 1024;

/// `file`, read through a window.
pub struct Windowed {
    file: File,
    window: Vec<u8>,
    /// Where in the file the window starts.
    start: u64,
    /// The reading position in the file.
    pos: u64,
}

impl Windowed {
    pub fn new(file: File) -> Windowed {
        Windowed {
            file,
            window: Vec::new(),
            start: 0,
            pos: 0,
        }
    }

    /// The part of the window from the reading position on (empty when it is outside).
    fn ahead(&self) -> &[u8] {
        match self.pos.checked_sub(self.start) {
            Some(at) if at < self.window.len() as u64 => &self.window[at as usize..],
            _ => &[],
        }
    }
}

impl Read for Windowed {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.ahead().is_empty() {
            if buf.len() >= WINDOW {
                // A large read goes straight into the caller's buffer.
                let n = self.file.read_at(buf, self.pos)?;
                self.pos += n as u64;
                return Ok(n);
            }
            self.window.resize(WINDOW, 0);
            let n = self.file.read_at(&mut self.window, self.pos)?;
            self.window.truncate(n);
            self.start = self.pos;
        }
        let ahead = self.ahead();
        let n = ahead.len().min(buf.len());
        buf[..n].copy_from_slice(&ahead[..n]);
        self.pos += n as u64;
        Ok(n)
    }
}

impl Seek for Windowed {
    fn seek(&mut self, to: SeekFrom) -> std::io::Result<u64> {
        let invalid = || std::io::Error::from(std::io::ErrorKind::InvalidInput);
        self.pos = match to {
            SeekFrom::Start(n) => n,
            SeekFrom::Current(d) => self.pos.checked_add_signed(d).ok_or_else(invalid)?,
            SeekFrom::End(d) => {
                let len = self.file.metadata()?.len();
                len.checked_add_signed(d).ok_or_else(invalid)?
            }
        };
        Ok(self.pos)
    }

    fn stream_position(&mut self) -> std::io::Result<u64> {
        Ok(self.pos)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    #[test]
    fn reads_and_seeks_as_the_file_does() {
        let mut f = tempfile::tempfile().expect("tempfile");
        let data: Vec<u8> = (0..(WINDOW * 2 + 77)).map(|i| (i % 251) as u8).collect();
        f.write_all(&data).expect("write");
        let mut w = Windowed::new(f);
        let mut got = [0u8; 10];
        w.seek(SeekFrom::Start(5)).expect("seek");
        w.read_exact(&mut got).expect("read");
        assert_eq!(got, data[5..15]);
        // Back, within the window, and past its end.
        w.seek(SeekFrom::Current(-8)).expect("seek");
        w.read_exact(&mut got).expect("read");
        assert_eq!(got, data[7..17]);
        w.seek(SeekFrom::Start(WINDOW as u64 - 3)).expect("seek");
        w.read_exact(&mut got).expect("read");
        assert_eq!(got, data[WINDOW - 3..WINDOW + 7]);
        let mut rest = Vec::new();
        w.seek(SeekFrom::End(-100)).expect("seek");
        w.read_to_end(&mut rest).expect("read");
        assert_eq!(rest, data[data.len() - 100..]);
        let mut big = vec![0u8; WINDOW + 1];
        w.seek(SeekFrom::Start(1)).expect("seek");
        w.read_exact(&mut big).expect("read");
        assert_eq!(big, data[1..WINDOW + 2]);
    }
}
