//! `porpoise mounts`: every mount with its class (or `plumbing`), filesystem type, mount
//! point and source, in aligned columns under a header line (as `df` and `findmnt` have);
//! after GVfs's FUSE folder, each remote place GVfs mounted in it, of type `gvfs`, with
//! its address as its source.

use std::io::{BufWriter, Write};
use std::os::unix::ffi::OsStrExt;

use std::os::unix::fs::MetadataExt;
use std::path::Path;

use porpoise_engine::mounts::{MountClass, MountTable};
use porpoise_engine::remote::resolve;

use super::format::write_escaped;

/// The columns' names, one word each.
const HEADER: [&str; 4] = ["CLASS", "TYPE", "MOUNTPOINT", "SOURCE"];

pub fn run() -> anyhow::Result<()> {
    let table = MountTable::read()?;
    let mut rows = Vec::with_capacity(table.mounts.len() + 1);
    rows.push(HEADER.map(str::to_owned));
    let uid = porpoise_engine::host::uid();
    for m in &table.mounts {
        rows.push([
            m.kind_str().to_owned(),
            m.fs_type.clone(),
            escaped(m.mount_point.as_os_str().as_bytes())?,
            escaped(m.source.as_bytes())?,
        ]);
        if m.fs_type == resolve::GVFS_FUSE && mount_owner(&m.mount_point) == Some(uid) {
            for (path, address) in resolve::places_in(&m.mount_point) {
                rows.push([
                    MountClass::Network.as_str().to_owned(),
                    "gvfs".to_owned(),
                    escaped(path.as_os_str().as_bytes())?,
                    address.uri(),
                ]);
            }
        }
    }
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    write_columns(&mut out, &rows)?;
    out.flush()?;
    Ok(())
}

/// The owner of the folder at `path`.
fn mount_owner(path: &Path) -> Option<u32> {
    std::fs::metadata(path).ok().map(|m| m.uid())
}

/// Each row on a line, every column but the last padded to its widest cell (in
/// characters), two spaces between columns.
fn write_columns<const N: usize>(
    out: &mut impl Write,
    rows: &[[String; N]],
) -> std::io::Result<()> {
    let mut widths = [0; N];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in rows {
        let mut line = String::new();
        for (i, (cell, w)) in row.iter().zip(widths).enumerate() {
            line.push_str(cell);
            if i + 1 < N {
                line.extend(std::iter::repeat_n(' ', w - cell.chars().count() + 2));
            }
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// A name as one safe line of text (see [`write_escaped`]).
fn escaped(name: &[u8]) -> std::io::Result<String> {
    let mut v = Vec::with_capacity(name.len());
    write_escaped(&mut v, name)?;
    Ok(String::from_utf8_lossy(&v).into_owned())
}
