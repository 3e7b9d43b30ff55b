//! A tar written through gzip, xz or zstd: GNU headers (long names and link targets as
//! the `tar` crate writes them), modes and times kept. xz and zstd compress on every
//! core (xz in independent blocks, as `xz -T0` does but smaller for smaller inputs; zstd
//! with its own workers).

use std::ffi::OsStr;
use std::fs::File;
use std::io::{Read, Write};
use std::num::NonZeroU64;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use super::meter::Meter;
use super::walk::{Item, ItemKind};
use super::{CompressOptions, OutFormat, WriteResult};

/// The largest uncompressed size of an xz block compressed on its own thread (what
/// `xz -T0` takes at level 6: three times the dictionary).
const XZ_BLOCK: u64 = 24 << 20;
/// The smallest: blocks smaller than this lose more of the ratio than they gain.
const XZ_BLOCK_MIN: u64 = 4 << 20;

/// The xz block size for `bytes` of sources on `threads` threads: small enough that each
/// thread gets at least two blocks, so no thread waits long for the last one.
fn xz_block(bytes: u64, threads: u32) -> u64 {
    (bytes / (u64::from(threads) * 2)).clamp(XZ_BLOCK_MIN, XZ_BLOCK)
}

/// The smallest zstd job (zstd's own default is 4 windows: 8 MiB at level 3).
const ZSTD_JOB_MIN: u64 = 1 << 20;
const ZSTD_JOB_DEFAULT: u64 = 8 << 20;

/// The zstd job size for `bytes` of sources on `threads` threads when zstd's default
/// would give a thread fewer than four jobs (the last job then keeps one thread busy
/// alone while the others wait); `None` keeps the default.
fn zstd_job(bytes: u64, threads: u32) -> Option<u32> {
    let job = bytes / (u64::from(threads) * 4);
    (job < ZSTD_JOB_DEFAULT).then(|| job.max(ZSTD_JOB_MIN) as u32)
}

/// Write the tar of `items`, compressed as `options` asks, into `out`.
pub(super) fn write<W: Write>(
    out: W,
    items: &[Item],
    options: &CompressOptions,
    threads: u32,
    meter: &mut Meter,
) -> WriteResult {
    match options.format {
        OutFormat::TarXz => {
            let mut xz = lzma_rust2::XzOptions::with_preset(options.level.unwrap_or(6).min(9));
            if threads > 1 {
                let bytes = items.iter().map(|i| i.size).sum();
                xz.set_block_size(NonZeroU64::new(xz_block(bytes, threads)));
                let w = lzma_rust2::XzWriterMt::new(out, xz, threads)?;
                tar_into(w, items, meter)?.finish()?.flush()?;
            } else {
                let w = lzma_rust2::XzWriter::new(out, xz)?;
                tar_into(w, items, meter)?.finish()?.flush()?;
            }
        }
        OutFormat::TarZst => {
            let level = options.level.map_or(3, |l| l.clamp(1, 22) as i32);
            let mut w = zstd::stream::write::Encoder::new(out, level)?;
            if threads > 1 {
                w.multithread(threads)?;
                let bytes = items.iter().map(|i| i.size).sum();
                if let Some(job) = zstd_job(bytes, threads) {
                    w.set_parameter(zstd::zstd_safe::CParameter::JobSize(job))?;
                }
            }
            tar_into(w, items, meter)?.finish()?.flush()?;
        }
        _ => {
            let level = flate2::Compression::new(options.level.unwrap_or(6).min(9));
            let w = flate2::write::GzEncoder::new(out, level);
            tar_into(w, items, meter)?.finish()?.flush()?;
        }
    }
    Ok(())
}

/// Write the tar of `items` into `w`; `w` back, the tar ended.
fn tar_into<W: Write>(w: W, items: &[Item], meter: &mut Meter) -> std::io::Result<W> {
    let mut tar = tar::Builder::new(w);
    for item in items {
        meter.next(&item.kind)?;
        let mut h = tar::Header::new_gnu();
        h.set_mode(item.mode);
        h.set_mtime(u64::try_from(item.mtime).unwrap_or(0));
        let name = Path::new(OsStr::from_bytes(&item.name));
        match &item.kind {
            ItemKind::File => {
                h.set_entry_type(tar::EntryType::Regular);
                h.set_size(item.size);
                let file = File::open(&item.path).map_err(|e| meter.read_failed(&item.path, e))?;
                // A file that shrank meanwhile is padded to the size its header states.
                let content = meter
                    .reader(&item.path, file)
                    .take(item.size)
                    .chain(std::io::repeat(0))
                    .take(item.size);
                tar.append_data(&mut h, name, content)?;
            }
            ItemKind::Folder => {
                h.set_entry_type(tar::EntryType::Directory);
                h.set_size(0);
                tar.append_data(&mut h, name, std::io::empty())?;
            }
            ItemKind::Link(target) => {
                h.set_entry_type(tar::EntryType::Symlink);
                h.set_size(0);
                tar.append_link(&mut h, name, Path::new(OsStr::from_bytes(target)))?;
            }
        }
    }
    tar.into_inner()
}
