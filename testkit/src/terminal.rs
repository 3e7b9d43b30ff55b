//! A command run on a pseudo-terminal, as a person at a terminal runs it: what it shows is
//! read as it comes, lines are typed into it.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::OwnedFd;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Instant;

use crate::PATIENCE;

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
pub struct OnTerminal {
    master: File,
    output: mpsc::Receiver<Vec<u8>>,
    seen: Vec<u8>,
    exited: mpsc::Receiver<std::process::ExitStatus>,
}

impl OnTerminal {
    /// Start `command` with the terminal as its standard input and outputs.
    pub fn start(mut command: Command) -> OnTerminal {
        let (master, terminal) = open_pty();
        let stdio = || Stdio::from(terminal.try_clone().expect("dup the terminal"));
        command.stdin(stdio()).stdout(stdio()).stderr(stdio());
        let mut child = command.spawn().expect("start the command");
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
            let _ = tx.send(child.wait().expect("wait for the command"));
        });
        OnTerminal {
            master,
            output,
            seen: Vec::new(),
            exited,
        }
    }

    /// What the terminal showed so far.
    pub fn seen(&self) -> String {
        String::from_utf8_lossy(&self.seen).into_owned()
    }

    /// Wait until the terminal shows `text`.
    pub fn wait_for(&mut self, text: &str) {
        self.wait_for_times(text, 1);
    }

    /// Wait until the terminal has shown `text` `times` times.
    pub fn wait_for_times(&mut self, text: &str, times: usize) {
        let until = Instant::now() + PATIENCE;
        while self.seen().matches(text).count() < times {
            let left = until.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(chunk) => self.seen.extend(chunk),
                Err(_) => panic!(
                    "the terminal never showed {text:?} {times} times; it shows {:?}",
                    self.seen()
                ),
            }
        }
    }

    /// Type `line` and Enter.
    pub fn type_line(&mut self, line: &str) {
        self.master
            .write_all(format!("{line}\n").as_bytes())
            .expect("type on the terminal");
    }

    /// Wait for the child to end; what the terminal showed.
    pub fn finish(mut self) -> String {
        let status = self.exited.recv_timeout(PATIENCE).unwrap_or_else(|_| {
            panic!(
                "the command did not end; the terminal shows {:?}",
                self.seen()
            )
        });
        while let Ok(chunk) = self.output.recv_timeout(PATIENCE) {
            self.seen.extend(chunk);
        }
        assert!(status.success(), "{status}: {}", self.seen());
        self.seen()
    }
}
