//! `porpoise ls ARCHIVE`: a zip, 7z or tar (plain or compressed) given as the path is
//! listed inside, each entry as `ls -l` writes a file: mode, size, time, and its path
//! inside the archive. Names the archive would put outside its folder are named on
//! stderr, and the command then fails, as it does for a damaged archive.

use std::io::{BufWriter, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use anyhow::Context;
use porpoise_engine::archive::list::{Format, Kind, MOST_ENTRIES, format_of, list as entries_of};

use super::write_time;
use crate::format::{HUMAN_SIZE_WIDTH, human_size, mode_string, write_escaped};

/// Whether the file at `path` is an archive of entries (not a single compressed file,
/// which is shown as itself), by its first bytes.
pub fn is_archive(path: &Path) -> bool {
    matches!(
        format_of(path),
        Ok(Some(
            Format::Zip
                | Format::SevenZ
                | Format::Tar
                | Format::TarGzip
                | Format::TarBzip2
                | Format::TarXz
                | Format::TarZstd
                | Format::TarLz4
        ))
    )
}

/// Write the entries of the archive at `path`, one `ls -l` line each, in its order.
pub fn list(path: &Path, human: bool) -> anyhow::Result<()> {
    let shown = path.display();
    let listing = entries_of(path, MOST_ENTRIES).with_context(|| format!("cannot list {shown}"))?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut last_time = (i64::MIN, Vec::new());
    let size_width = if human { HUMAN_SIZE_WIDTH } else { 12 };
    for e in &listing.entries {
        out.write_all(&mode_string(mode_of(&e.kind, e.mode)))?;
        if human {
            write!(out, " {:>size_width$} ", human_size(e.size))?;
        } else {
            write!(out, " {:>size_width$} ", e.size)?;
        }
        write_time(&mut out, e.mtime, &mut last_time)?;
        write_escaped(&mut out, e.path.as_os_str().as_bytes())?;
        out.write_all(b"\n")?;
    }
    out.flush().context("cannot write the listing")?;
    drop(out);
    for (raw, why) in &listing.refused {
        let mut name = Vec::new();
        write_escaped(&mut name, raw)?;
        eprintln!(
            "porpoise: {shown}: refused {}: {why}",
            String::from_utf8_lossy(&name)
        );
    }
    if listing.cut {
        eprintln!("porpoise: {shown}: only the first {MOST_ENTRIES} entries are listed");
    }
    if listing.damaged {
        anyhow::bail!("{shown} is damaged: what follows these entries cannot be read");
    }
    match listing.refused.len() {
        0 => Ok(()),
        1 => anyhow::bail!("{shown}: 1 entry refused (its name leaves the folder)"),
        n => anyhow::bail!("{shown}: {n} entries refused (their names leave the folder)"),
    }
}

/// The `st_mode` an entry stands for: its kind's type bits and its permissions (as
/// extraction gives them when the archive does not tell).
fn mode_of(kind: &Kind, mode: Option<u32>) -> u32 {
    let (kind_bits, default) = match kind {
        Kind::Folder => (libc::S_IFDIR, 0o755),
        Kind::Symlink => (libc::S_IFLNK, 0o777),
        Kind::File | Kind::HardLink | Kind::Other => (libc::S_IFREG, 0o644),
    };
    kind_bits | (mode.unwrap_or(default) & 0o7777)
}
