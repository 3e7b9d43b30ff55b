//! `porpoise mounts`: every mount with its filesystem type and class.

use std::io::{BufWriter, Write};
use std::os::unix::ffi::OsStrExt;

use porpoise::mounts::MountTable;

use super::format::write_escaped;

pub fn run() -> anyhow::Result<()> {
    let table = MountTable::read()?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for m in &table.mounts {
        write!(out, "{:<10} {:<14} ", m.class.as_str(), m.fs_type)?;
        write_escaped(&mut out, m.mount_point.as_os_str().as_bytes())?;
        out.write_all(b"  ")?;
        write_escaped(&mut out, m.source.as_bytes())?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(())
}
