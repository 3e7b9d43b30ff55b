//! A zip written with deflate (or stored at level 0), each file's mode, time and link
//! kept in the Unix fields `unzip` reads; with a password, each file locked with AES-256.
//! Names are stored as their bytes (flagged UTF-8 when they are); a folder's or a link's
//! name, and a link's target, that are not UTF-8 are stored lossily (the zip crate takes
//! those as strings). Without a password, files are deflated on several threads.

use std::fs::File;
use std::io::{Seek, Write};

use zip::write::SimpleFileOptions;
use zip::{AesMode, CompressionMethod, DateTime, ZipWriter};

mod parallel;

use super::meter::Meter;
use super::walk::{Item, ItemKind};
use super::{CompressOptions, WriteResult};

/// Write the zip of `items` into `out`: without a password, deflated on `threads`
/// threads (see [`parallel`]).
pub(super) fn write<W: Write + Seek>(
    out: W,
    items: &[Item],
    options: &CompressOptions,
    threads: u32,
    meter: &mut Meter,
) -> WriteResult {
    let mut zip = ZipWriter::new(out);
    let level = options.level.unwrap_or(6).min(9);
    if options.password.is_none() && level > 0 && threads > 1 {
        parallel::write(&mut zip, items, level, threads as usize, meter)?;
    } else {
        let how = Entry {
            level,
            password: options.password.as_deref(),
        };
        for item in items {
            meter.next(&item.kind)?;
            entry(&mut zip, item, how, meter)?;
        }
    }
    zip.finish()?.flush()?;
    Ok(())
}

/// How a file's content is stored: the deflate level (0: stored), and the password that
/// locks it.
#[derive(Debug, Clone, Copy)]
struct Entry<'p> {
    level: u32,
    password: Option<&'p str>,
}

impl Entry<'_> {
    fn plain(level: u32) -> Self {
        Entry {
            level,
            password: None,
        }
    }
}

/// The options of every entry for `item`: method, mode and time.
fn base_options(item: &Item, level: u32) -> SimpleFileOptions {
    let method = if level == 0 {
        CompressionMethod::Stored
    } else {
        CompressionMethod::Deflated
    };
    let mut base = SimpleFileOptions::default()
        .unix_permissions(item.mode)
        .compression_method(method);
    if let Some(t) = dos_time(item.mtime) {
        base = base.last_modified_time(t);
    }
    base
}

/// The options of the file `item`'s entry, without a password.
fn file_options(item: &Item, level: u32) -> SimpleFileOptions {
    base_options(item, level)
        .compression_level((level > 0).then_some(i64::from(level)))
        .large_file(item.size >= 0xFFFF_FFFF)
}

/// Write `item` into `zip` on this thread, its content read through `meter`.
fn entry<W: Write + Seek>(
    zip: &mut ZipWriter<W>,
    item: &Item,
    how: Entry<'_>,
    meter: &mut Meter,
) -> WriteResult {
    let base = base_options(item, how.level);
    match &item.kind {
        ItemKind::File => {
            let mut opts = file_options(item, how.level);
            if let Some(password) = how.password {
                opts = opts.with_aes_encryption(AesMode::Aes256, password);
            }
            zip.start_file_with_options(opts.name(&item.name))?;
            let file = File::open(&item.path).map_err(|e| meter.read_failed(&item.path, e))?;
            std::io::copy(&mut meter.reader(&item.path, file), zip)?;
        }
        ItemKind::Folder => {
            let name = String::from_utf8_lossy(&item.name);
            zip.add_directory(format!("{name}/"), base)?;
        }
        ItemKind::Link(target) => {
            let name = String::from_utf8_lossy(&item.name);
            zip.add_symlink(name, String::from_utf8_lossy(target), base)?;
        }
    }
    Ok(())
}

/// A zip time (local DOS time, taken as UTC as the reader does) for `secs` since 1970;
/// none outside 1980–2107.
fn dos_time(secs: i64) -> Option<DateTime> {
    let days = secs.div_euclid(86_400);
    let rest = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    DateTime::from_date_and_time(
        u16::try_from(y).ok()?,
        m as u8,
        d as u8,
        (rest / 3600) as u8,
        (rest % 3600 / 60) as u8,
        (rest % 60) as u8,
    )
    .ok()
}

/// The date `days` after 1970-01-01 (proleptic Gregorian).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_become_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_017), (2000, 3, 1));
        assert_eq!(civil_from_days(20_792), (2026, 12, 5));
        assert!(dos_time(0).is_none());
        assert!(dos_time(1_700_000_000).is_some());
    }
}
