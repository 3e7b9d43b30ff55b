//! `porpoise mounts`: every mount with its class, filesystem type, mount point and
//! source, in aligned columns under a header line (as `df` and `findmnt` have).

use std::io::{BufWriter, Write};
use std::os::unix::ffi::OsStrExt;

use porpoise_engine::mounts::MountTable;

use super::format::write_escaped;

/// The columns' names, one word each.
const HEADER: [&str; 4] = ["CLASS", "TYPE", "MOUNTPOINT", "SOURCE"];

pub fn run() -> anyhow::Result<()> {
    let table = MountTable::read()?;
    let mut rows = Vec::with_capacity(table.mounts.len() + 1);
    rows.push(HEADER.map(str::to_owned));
    for m in &table.mounts {
        rows.push([
            m.class.as_str().to_owned(),
            m.fs_type.clone(),
            escaped(m.mount_point.as_os_str().as_bytes())?,
            escaped(m.source.as_bytes())?,
        ]);
    }
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    write_columns(&mut out, &rows)?;
    out.flush()?;
    Ok(())
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
