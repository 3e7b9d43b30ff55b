//! Other applications to drag files onto and from: real GTK 3 windows (run by the
//! system's Python with PyGObject). `xdnd_target.py` takes `text/uri-list` drops over
//! XDND, or refuses every drop, and writes down what it saw in a record file;
//! `xdnd_source.py` offers a `text/uri-list` of the test's URIs to drag away.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::{Desktop, PATIENCE, Reaper, wait_for};

/// The Python that has GTK's bindings (Debian's `python3-gi` and `gir1.2-gtk-3.0`).
const PYTHON: &str = "/usr/bin/python3";

/// The command that runs the GTK 3 window `script` (of tests/desktop) on `desk`, titled
/// `title`, recording into `record`.
fn gtk_window(desk: &Desktop, script: &str, title: &str, record: &Path) -> Command {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/desktop")
        .join(script);
    let mut cmd = Command::new(PYTHON);
    cmd.arg(script)
        .arg(title)
        .arg(record)
        .env("DISPLAY", desk.display())
        .env_remove("WAYLAND_DISPLAY")
        .env("GDK_BACKEND", "x11")
        .env("NO_AT_BRIDGE", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    cmd
}

pub struct GtkTarget {
    pub id: u32,
    record: PathBuf,
    _process: Reaper,
}

impl GtkTarget {
    /// Whether GTK 3 can be used from the system's Python; where not, a message (a
    /// failure in CI).
    pub fn available() -> bool {
        let ok = Command::new(PYTHON)
            .args(["-c", "import gi; gi.require_version('Gtk', '3.0')"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            assert!(
                std::env::var_os("CI").is_none(),
                "GTK 3 for Python is missing; CI must install python3-gi gir1.2-gtk-3.0 (.ci/run)"
            );
            eprintln!("skipped: apt-get install python3-gi gir1.2-gtk-3.0");
        }
        ok
    }

    /// Start it on `desk` titled `title`, recording into `record`, once it is shown;
    /// `refuse`: it takes no drop.
    pub fn start(desk: &Desktop, title: &str, record: &Path, refuse: bool) -> GtkTarget {
        let mut cmd = gtk_window(desk, "xdnd_target.py", title, record);
        if refuse {
            cmd.arg("--refuse");
        }
        let process = Reaper(cmd.spawn().expect("start the GTK drop target"));
        let id = desk.wait_window_titled(title);
        GtkTarget {
            id,
            record: record.to_owned(),
            _process: process,
        }
    }

    /// What it recorded so far.
    pub fn record(&self) -> Vec<u8> {
        std::fs::read(&self.record).unwrap_or_default()
    }

    /// Its record's lines (bytes).
    pub fn lines(&self) -> Vec<Vec<u8>> {
        self.record()
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(<[u8]>::to_vec)
            .collect()
    }

    /// Wait until a line of its record starts with `start`; that line.
    pub fn wait_line(&self, what: &str, start: &str) -> String {
        wait_for(what, PATIENCE, || {
            self.lines()
                .into_iter()
                .find(|l| l.starts_with(start.as_bytes()))
                .map(|l| String::from_utf8_lossy(&l).into_owned())
        })
    }

    /// Wait until its record holds `n` complete drops; each drop's first line and URIs.
    pub fn wait_drops(&self, n: usize) -> Vec<(String, Vec<Vec<u8>>)> {
        wait_for(&format!("{n} drop(s) recorded"), PATIENCE, || {
            let drops = self.drops();
            (drops.len() >= n).then_some(drops)
        })
    }

    /// The complete drops recorded: each one's first line and URIs.
    pub fn drops(&self) -> Vec<(String, Vec<Vec<u8>>)> {
        let mut drops = Vec::new();
        let mut open: Option<(String, Vec<Vec<u8>>)> = None;
        for line in self.lines() {
            if line.starts_with(b"drop ") {
                open = Some((String::from_utf8_lossy(&line).into_owned(), Vec::new()));
            } else if line == b"end" {
                drops.extend(open.take());
            } else if let Some((_, uris)) = open.as_mut() {
                uris.push(line);
            }
        }
        drops
    }

    /// How many lines of its record start with `start`.
    pub fn count(&self, start: &str) -> usize {
        self.lines()
            .iter()
            .filter(|l| l.starts_with(start.as_bytes()))
            .count()
    }
}

/// A GTK 3 window a drag of the test's URIs starts from.
pub struct GtkSource {
    pub id: u32,
    record: PathBuf,
    _process: Reaper,
}

impl GtkSource {
    /// Start it on `desk` titled `title`, offering `uris` (bytes as they are given),
    /// recording into `record`, once it is shown.
    pub fn start(
        desk: &Desktop,
        title: &str,
        record: &Path,
        uris: &[&std::ffi::OsStr],
    ) -> GtkSource {
        let mut cmd = gtk_window(desk, "xdnd_source.py", title, record);
        let process = Reaper(cmd.args(uris).spawn().expect("start the GTK drag source"));
        let id = desk.wait_window_titled(title);
        GtkSource {
            id,
            record: record.to_owned(),
            _process: process,
        }
    }

    /// Wait until its record holds the line `line` (`get`, `end`).
    pub fn wait_line(&self, what: &str, line: &str) {
        wait_for(what, PATIENCE, || {
            std::fs::read(&self.record)
                .unwrap_or_default()
                .split(|&b| b == b'\n')
                .any(|l| l == line.as_bytes())
                .then_some(())
        })
    }
}
