//! Copying a file with holes extent by extent, as `cp --sparse=auto` does: `SEEK_DATA` and
//! `SEEK_HOLE` find the data, `copy_file_range` moves each extent to the same offset, and
//! `ftruncate` gives the copy its size, so the holes stay holes. Files without holes never
//! come here (see [`super::fsops::Meta::is_sparse`]).

use std::os::fd::OwnedFd;
use std::sync::Arc;

use rustix::fs::SeekFrom;
use rustix::io::Errno;

use crate::error::Op;

use super::data_sink::{DataSink, OpError};

fn interrupted() -> OpError {
    (
        Op::Write,
        std::io::Error::from(std::io::ErrorKind::Interrupted),
    )
}

/// Copy the data extents of `input` (of `size` bytes, as seen when the job looked) into
/// the empty `output` at the same offsets, then set the copy's size. Holes count as done
/// bytes when they are passed, so progress ends at `size` as for any file. Returns the
/// bytes copied (the size) and how many were already handed to the flusher.
pub fn copy_extents(
    input: &OwnedFd,
    output: &Arc<OwnedFd>,
    size: u64,
    sink: &impl DataSink,
) -> Result<(u64, u64), OpError> {
    let mut pos = 0u64;
    // Bytes (data and holes) before this offset are counted as done.
    let mut counted = 0u64;
    let mut handed = 0u64;
    let mut by_kernel = true;
    while pos < size {
        if !sink.proceed() {
            return Err(interrupted());
        }
        let data = match rustix::fs::seek(input, SeekFrom::Data(pos)) {
            Ok(d) => d.min(size),
            // Nothing but a hole from here to the end.
            Err(Errno::NXIO) => size,
            Err(e) => return Err((Op::Read, e.into())),
        };
        if data >= size {
            break;
        }
        let hole = match rustix::fs::seek(input, SeekFrom::Hole(data)) {
            Ok(h) => h.min(size),
            Err(e) => return Err((Op::Read, e.into())),
        };
        let mut at = data;
        while at < hole {
            if !sink.proceed() {
                return Err(interrupted());
            }
            let want = (hole - at).min(sink.chunk() as u64) as usize;
            let n = if by_kernel {
                let (mut off_in, mut off_out) = (at, at);
                match rustix::fs::copy_file_range(
                    input,
                    Some(&mut off_in),
                    &**output,
                    Some(&mut off_out),
                    want,
                ) {
                    Ok(n) => n,
                    Err(Errno::XDEV | Errno::INVAL | Errno::NOSYS | Errno::OPNOTSUPP) => {
                        by_kernel = false;
                        continue;
                    }
                    Err(e) => return Err((Op::Write, e.into())),
                }
            } else {
                read_write_at(input, output, at, want)?
            };
            if n == 0 {
                // The file shrank since the job looked: copy what is there.
                pos = size;
                break;
            }
            at += n as u64;
            sink.wrote(output, at - counted, at, &mut handed, size)?;
            counted = at;
        }
        pos = pos.max(hole);
    }
    // The holes at the end: the size alone makes them.
    rustix::fs::ftruncate(&**output, size).map_err(|e| (Op::Write, e.into()))?;
    if size > counted {
        sink.wrote(output, size - counted, size, &mut handed, size)?;
    }
    Ok((size, handed))
}

/// Copy up to `len` bytes at `offset` with pread/pwrite, where the filesystems refuse
/// `copy_file_range`. Returns the bytes copied (0 at the end of the file).
fn read_write_at(
    input: &OwnedFd,
    output: &Arc<OwnedFd>,
    offset: u64,
    len: usize,
) -> Result<usize, OpError> {
    let mut buf = vec![0u8; len.min(256 * 1024)];
    let n = loop {
        match rustix::io::pread(input, &mut buf, offset) {
            Ok(n) => break n,
            Err(Errno::INTR) => {}
            Err(e) => return Err((Op::Read, e.into())),
        }
    };
    super::fsops::write_all_at(output, &buf[..n], offset).map_err(|e| (Op::Write, e))?;
    Ok(n)
}
