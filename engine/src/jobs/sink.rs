//! The job's side of a copy's data: its control (cancel, pause), its byte counters and,
//! where the destination gets writeback windows, the flusher, as the file operations'
//! [`DataSink`].

use std::os::fd::OwnedFd;
use std::sync::Arc;

use super::control::Control;
use super::data_sink::{DataSink, OpError};
use super::flusher::{Flusher, Part};
use super::progress::Counters;

/// Chunk for data copies; cancel and pause are checked between chunks.
const CHUNK: usize = 8 * 1024 * 1024;

/// Where copied data goes besides the file: the job's control and counters, and the
/// flusher when the destination gets writeback windows.
pub struct Sink<'a> {
    pub control: &'a Control,
    pub counters: &'a Counters,
    pub flusher: Option<&'a Flusher<'a>>,
}

impl DataSink for Sink<'_> {
    fn proceed(&self) -> bool {
        self.control.checkpoint()
    }

    /// Count `n` more bytes written at `total`; hand a full window's worth of the file
    /// (from `handed`) to the flusher.
    fn wrote(
        &self,
        output: &Arc<OwnedFd>,
        n: u64,
        total: u64,
        handed: &mut u64,
        size: u64,
    ) -> Result<(), OpError> {
        Counters::add(&self.counters.bytes_done, n);
        if let Some(f) = self.flusher
            && total - *handed >= f.window()
        {
            f.add(Part {
                fd: output.clone(),
                offset: *handed,
                len: total - *handed,
                last: None,
                size,
            })
            .map_err(|e| (crate::error::Op::Flush, e))?;
            *handed = total;
        }
        Ok(())
    }

    fn range_written(
        &self,
        output: &Arc<OwnedFd>,
        from: u64,
        to: u64,
        size: u64,
    ) -> Result<(), OpError> {
        match self.flusher {
            Some(f) if to > from => f
                .add(Part {
                    fd: output.clone(),
                    offset: from,
                    len: to - from,
                    last: None,
                    size,
                })
                .map_err(|e| (crate::error::Op::Flush, e)),
            _ => Ok(()),
        }
    }

    fn attributes_lost(&self) {
        self.counters
            .attributes_lost
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// How much to copy in one call: a chunk, or a window when windows are in use.
    fn chunk(&self) -> usize {
        match self.flusher {
            Some(f) => (f.window() as usize).min(CHUNK),
            None => CHUNK,
        }
    }

    /// The rest of the file goes into the window being filled, complete.
    fn complete(
        &self,
        output: &Arc<OwnedFd>,
        handed: u64,
        total: u64,
        dst: &Arc<OwnedFd>,
    ) -> Result<(), OpError> {
        if let Some(f) = self.flusher {
            f.add(Part {
                fd: output.clone(),
                offset: handed,
                len: total - handed,
                last: Some(dst.clone()),
                size: total,
            })
            .map_err(|e| (crate::error::Op::Flush, e))?;
        }
        Ok(())
    }
}
