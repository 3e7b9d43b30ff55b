//! `porpoise trash` through the real binary, on a private home trash (HOME and
//! XDG_DATA_HOME in a temp folder): `list` writes local dates, `empty` asks first on a real
//! pseudo-terminal (`n` keeps the trash, `y` empties it, `--yes` does not ask) and does
//! not ask without a terminal. Emptying also empties this user's trash folders on other
//! mounted filesystems (`.Trash-$uid`), as `trash empty` does.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const PORPOISE: &str = env!("CARGO_BIN_EXE_porpoise");
/// How long a step may take before the test gives up (a loaded machine is slow).
const PATIENCE: Duration = Duration::from_secs(60);

/// A private home with its trash.
struct Home {
    dir: tempfile::TempDir,
}

impl Home {
    fn new() -> Home {
        let dir = tempfile::tempdir().expect("home");
        std::fs::create_dir(dir.path().join("data")).expect("mkdir");
        Home { dir }
    }

    fn trash(&self) -> PathBuf {
        self.dir.path().join("data/Trash")
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut c = Command::new(PORPOISE);
        c.args(args)
            .env("HOME", self.dir.path())
            .env("XDG_DATA_HOME", self.dir.path().join("data"));
        c
    }

    /// Put `name` (from the home folder) in the trash as deleted at `date` (local time,
    /// as the trash spec writes it).
    fn trashed(&self, name: &str, date: &str) -> PathBuf {
        let trash = self.trash();
        std::fs::create_dir_all(trash.join("files")).expect("mkdir");
        std::fs::create_dir_all(trash.join("info")).expect("mkdir");
        std::fs::write(trash.join("files").join(name), b"kept?").expect("write");
        let original = self.dir.path().join(name);
        std::fs::write(
            trash.join("info").join(format!("{name}.trashinfo")),
            format!(
                "[Trash Info]\nPath={}\nDeletionDate={date}\n",
                percent_encoded(&original)
            ),
        )
        .expect("write");
        original
    }

    /// Whether `name` is still in the trash (its file and its record).
    fn holds(&self, name: &str) -> bool {
        let trash = self.trash();
        let file = trash.join("files").join(name).exists();
        let info = trash
            .join("info")
            .join(format!("{name}.trashinfo"))
            .exists();
        assert_eq!(file, info, "{name}: file and record go together");
        file
    }
}

fn percent_encoded(path: &Path) -> String {
    let mut s = String::new();
    for &b in path.as_os_str().as_bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            s.push(char::from(b));
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    s
}

fn ok(o: &Output) -> String {
    porpoise_testkit::succeeded(o, "porpoise trash")
}

#[test]
fn trash_list_writes_local_dates() {
    let home = Home::new();
    let original = home.trashed("notes.txt", "2026-11-30T10:00:05");
    let want = format!("2026-11-30 10:00:05 {}\n", original.display());
    // The record's local time comes back as it was written, whatever the zone.
    for tz in ["UTC0", "IST-5:30", "EST5EDT,M3.2.0,M11.1.0"] {
        let listed = ok(&home
            .command(&["trash", "list"])
            .env("TZ", tz)
            .output()
            .expect("run porpoise trash list"));
        assert!(listed.contains(&want), "TZ={tz}: {listed}");
    }
    // A record without a valid date says so instead of inventing one.
    let odd = home.trashed("odd.txt", "yesterday");
    let listed = ok(&home.command(&["trash", "list"]).output().expect("run"));
    assert!(
        listed.contains(&format!("????-??-?? ??:??:?? {}\n", odd.display())),
        "{listed}"
    );
}

/// A pseudo-terminal: the controlling side, and the terminal a child gets as its stdin,
/// stdout and stderr.
fn open_pty() -> (File, OwnedFd) {
    use rustix::fs::{Mode, OFlags};
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY | OpenptFlags::CLOEXEC)
        .expect("posix_openpt");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name = ptsname(&master, Vec::new()).expect("ptsname");
    let terminal = rustix::fs::open(
        name.as_c_str(),
        OFlags::RDWR | OFlags::NOCTTY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .expect("open the terminal");
    (File::from(master), terminal)
}

/// A child running on a pseudo-terminal, its output read as it comes.
struct OnTerminal {
    master: File,
    output: mpsc::Receiver<Vec<u8>>,
    seen: Vec<u8>,
    exited: mpsc::Receiver<std::process::ExitStatus>,
}

impl OnTerminal {
    fn start(mut command: Command) -> OnTerminal {
        let (master, terminal) = open_pty();
        let stdio = || Stdio::from(terminal.try_clone().expect("dup the terminal"));
        command.stdin(stdio()).stdout(stdio()).stderr(stdio());
        let mut child = command.spawn().expect("start porpoise");
        // Only the child holds the terminal now: reading it ends when the child does.
        drop(command);
        drop(terminal);
        let (tx, output) = mpsc::channel();
        let mut reader = master.try_clone().expect("dup the pty");
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // Ends with EIO once no one holds the terminal.
            while let Ok(n @ 1..) = reader.read(&mut buf) {
                if tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        let (tx, exited) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(child.wait().expect("wait for porpoise"));
        });
        OnTerminal {
            master,
            output,
            seen: Vec::new(),
            exited,
        }
    }

    fn seen(&self) -> String {
        String::from_utf8_lossy(&self.seen).into_owned()
    }

    /// Wait until the terminal shows `text`.
    fn wait_for(&mut self, text: &str) {
        let until = Instant::now() + PATIENCE;
        while !self.seen().contains(text) {
            let left = until.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(chunk) => self.seen.extend(chunk),
                Err(_) => panic!(
                    "the terminal never showed {text:?}; it shows {:?}",
                    self.seen()
                ),
            }
        }
    }

    fn type_line(&mut self, line: &str) {
        self.master
            .write_all(format!("{line}\n").as_bytes())
            .expect("type on the terminal");
    }

    /// Wait for the child to end; what the terminal showed.
    fn finish(mut self) -> String {
        let status = self.exited.recv_timeout(PATIENCE).unwrap_or_else(|_| {
            panic!("porpoise did not end; the terminal shows {:?}", self.seen())
        });
        while let Ok(chunk) = self.output.recv_timeout(PATIENCE) {
            self.seen.extend(chunk);
        }
        assert!(status.success(), "{status}: {}", self.seen());
        self.seen()
    }
}

const QUESTION: &str = "in the trash for good? [y/N]";

/// All emptying in one test: each empties every trash folder of this user.
#[test]
fn trash_empty_asks_first_on_a_terminal() {
    let home = Home::new();
    home.trashed("notes.txt", "2026-11-30T10:00:05");
    home.trashed("photo.jpg", "2026-11-30T10:01:00");

    // "n" keeps everything.
    let mut t = OnTerminal::start(home.command(&["trash", "empty"]));
    t.wait_for(QUESTION);
    assert!(t.seen().contains("Delete the "), "{}", t.seen());
    t.type_line("n");
    t.finish();
    assert!(home.holds("notes.txt") && home.holds("photo.jpg"));

    // Just Enter is no too.
    let mut t = OnTerminal::start(home.command(&["trash", "empty"]));
    t.wait_for(QUESTION);
    t.type_line("");
    t.finish();
    assert!(home.holds("notes.txt") && home.holds("photo.jpg"));

    // "y" empties it.
    let mut t = OnTerminal::start(home.command(&["trash", "empty"]));
    t.wait_for(QUESTION);
    t.type_line("y");
    t.finish();
    assert!(!home.holds("notes.txt") && !home.holds("photo.jpg"));

    // --yes does not ask.
    home.trashed("again.txt", "2026-11-30T11:00:00");
    let shown = OnTerminal::start(home.command(&["trash", "empty", "--yes"])).finish();
    assert!(!shown.contains(QUESTION), "{shown}");
    assert!(!home.holds("again.txt"));

    // Without a terminal it empties as before, without a question.
    home.trashed("scripted.txt", "2026-11-30T12:00:00");
    let out = home
        .command(&["trash", "empty"])
        .stdin(Stdio::null())
        .output()
        .expect("run porpoise trash empty");
    ok(&out);
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains(QUESTION),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!home.holds("scripted.txt"));
}
