//! `porpoise ls network:///`: what the network neighbourhood shows (GVfs's `network:///`),
//! one entry a line: its name, a tab, and the address it leads to.

use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::Duration;

use porpoise_engine::remote::network::{NETWORK_URI, neighbours};

/// How long GVfs may take to say what the network shows.
const PATIENCE: Duration = Duration::from_secs(20);

/// Whether `dir` names the neighbourhood (`network:///`, `network://` or `network:`).
pub fn is_network(dir: &Path) -> bool {
    let text = dir.as_os_str().as_encoded_bytes();
    text.eq_ignore_ascii_case(NETWORK_URI.as_bytes())
        || text.eq_ignore_ascii_case(b"network://")
        || text.eq_ignore_ascii_case(b"network:")
}

pub fn list() -> anyhow::Result<()> {
    let found = neighbours(PATIENCE)?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    for n in &found {
        writeln!(out, "{}\t{}", n.name, n.uri)?;
    }
    out.flush()?;
    Ok(())
}
