//! A zip's files deflated on several threads: the job thread reads each small file (through
//! the meter, so progress, pause and cancel stay where they were), workers deflate it into
//! a prepared entry, and the job thread adds the entries to the archive in their order.
//! Folders, links, large files and names that are not UTF-8 are written in their turn by
//! the job thread itself, as the one-thread writer writes them.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Read, Seek, Write};

use zip::ZipWriter;
use zip::result::ZipResult;
use zip::write::{PreparedZipFile, SimpleFileOptions};

use super::super::meter::Meter;
use super::super::walk::{Item, ItemKind};
use super::{Entry, file_options};
use crate::archive::compress::WriteResult;

/// Files up to this size are read whole and deflated by a worker; larger ones are
/// streamed by the job thread.
const WHOLE_MAX: u64 = 8 << 20;
/// At most this many bytes read and not yet in the archive (memory stays bounded).
const IN_FLIGHT_BYTES: u64 = 64 << 20;
/// At most this many files read and not yet in the archive.
const IN_FLIGHT_FILES: usize = 512;

/// A file for a worker: its place in the order, name, options and content.
type Work = (usize, String, SimpleFileOptions, Vec<u8>);

/// Write the zip of `items` into `zip` deflated at `level` (1–9) on `threads` workers.
pub(super) fn write<W: Write + Seek>(
    zip: &mut ZipWriter<W>,
    items: &[Item],
    level: u32,
    threads: usize,
    meter: &mut Meter,
) -> WriteResult {
    std::thread::scope(|scope| {
        let (work_tx, work_rx) = crossbeam_channel::bounded::<Work>(IN_FLIGHT_FILES);
        let (done_tx, done_rx) = crossbeam_channel::unbounded();
        for _ in 0..threads {
            let (work_rx, done_tx) = (work_rx.clone(), done_tx.clone());
            scope.spawn(move || {
                for (at, name, options, data) in work_rx {
                    let prepared = PreparedZipFile::from_data(&name, options, &data);
                    if done_tx.send((at, prepared, data.len() as u64)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        let mut order = Order {
            zip,
            items,
            level,
            next: 0,
            ready: BTreeMap::new(),
            in_flight: 0,
            in_flight_bytes: 0,
            done_rx,
        };
        let result = order.run(&work_tx, meter);
        // The workers end once no more work can come.
        drop(work_tx);
        result
    })
}

/// The entries' order in the archive, and what is on its way.
struct Order<'z, 'i, W: Write + Seek> {
    zip: &'z mut ZipWriter<W>,
    items: &'i [Item],
    level: u32,
    /// The next item to add to the archive.
    next: usize,
    /// Deflated files waiting for their turn.
    ready: BTreeMap<usize, ZipResult<PreparedZipFile>>,
    in_flight: usize,
    in_flight_bytes: u64,
    done_rx: crossbeam_channel::Receiver<(usize, ZipResult<PreparedZipFile>, u64)>,
}

impl<W: Write + Seek> Order<'_, '_, W> {
    fn run(&mut self, work_tx: &crossbeam_channel::Sender<Work>, meter: &mut Meter) -> WriteResult {
        for (at, item) in self.items.iter().enumerate() {
            meter.next(&item.kind)?;
            if let Some(name) = whole(item) {
                let file = File::open(&item.path).map_err(|e| meter.read_failed(&item.path, e))?;
                let mut data = Vec::with_capacity(item.size as usize);
                meter.reader(&item.path, file).read_to_end(&mut data)?;
                let options = file_options(item, self.level);
                self.in_flight += 1;
                self.in_flight_bytes += data.len() as u64;
                work_tx
                    .send((at, name.to_owned(), options, data))
                    .map_err(|_| std::io::Error::other("the deflate workers ended"))?;
            }
            while self.in_flight >= IN_FLIGHT_FILES || self.in_flight_bytes >= IN_FLIGHT_BYTES {
                self.receive()?;
                self.add_ready(at, meter)?;
            }
            while let Ok(done) = self.done_rx.try_recv() {
                self.take(done);
            }
            self.add_ready(at, meter)?;
        }
        while self.next < self.items.len() {
            let before = self.next;
            self.add_ready(self.items.len() - 1, meter)?;
            if self.next == before {
                if self.in_flight == 0 {
                    // Only a file a worker lost could be missing.
                    return Err(std::io::Error::other("a deflated file did not come back").into());
                }
                self.receive()?;
            }
        }
        Ok(())
    }

    /// Wait for one deflated file.
    fn receive(&mut self) -> std::io::Result<()> {
        let done = self
            .done_rx
            .recv()
            .map_err(|_| std::io::Error::other("the deflate workers ended"))?;
        self.take(done);
        Ok(())
    }

    fn take(&mut self, (at, prepared, bytes): (usize, ZipResult<PreparedZipFile>, u64)) {
        self.in_flight -= 1;
        self.in_flight_bytes -= bytes;
        self.ready.insert(at, prepared);
    }

    /// Add the items whose turn has come, up to the item `upto`: a deflated file when it
    /// is back from its worker, anything else written here.
    fn add_ready(&mut self, upto: usize, meter: &mut Meter) -> WriteResult {
        while self.next <= upto {
            let item = &self.items[self.next];
            if whole(item).is_some() {
                let Some(prepared) = self.ready.remove(&self.next) else {
                    return Ok(());
                };
                self.zip.add_prepared_file(prepared?)?;
            } else {
                super::entry(self.zip, item, Entry::plain(self.level), meter)?;
            }
            self.next += 1;
        }
        Ok(())
    }
}

/// The item's name when it is a file a worker deflates whole.
fn whole(item: &Item) -> Option<&str> {
    if item.kind != ItemKind::File || item.size > WHOLE_MAX {
        return None;
    }
    std::str::from_utf8(&item.name).ok()
}
