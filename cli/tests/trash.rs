//! `porpoise trash` through the real binary, on a private home trash (HOME and
//! XDG_DATA_HOME in a temp folder): `list` writes local dates, `empty` asks first on a real
//! pseudo-terminal (`n` keeps the trash, `y` empties it, `--yes` does not ask) and does
//! not ask without a terminal. Emptying also empties this user's trash folders on other
//! mounted filesystems (`.Trash-$uid`), as `trash empty` does.

use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use porpoise_testkit::terminal::OnTerminal;

const PORPOISE: &str = env!("CARGO_BIN_EXE_porpoise");

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
