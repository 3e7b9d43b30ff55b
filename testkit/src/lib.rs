//! The tests' shared kit, used by the engine's, the command's and the window's tests alike:
//! the rule for skipping where a test cannot run, waiting for what a step brings about,
//! child processes reaped when dropped, a test run again in a child ([`again`]), running a program as an unprivileged user, the
//! built `porpoise` command, applications that record their runs ([`recorders`]), real filesystems brought up as root ([`mounts`]), a job run to
//! its end ([`jobs`]), archives made and read back ([`archives`]), the running processes ([`procs`]) and the project's slow destinations ([`rig`]).

pub mod again;
pub mod archives;
pub mod jobs;
pub mod mounts;
pub mod nobody;
pub mod pictures;
pub mod portal;
pub mod procs;
pub mod recorders;
pub mod rig;
pub mod rng;
pub mod servers;
pub mod session_bus;
pub mod terminal;
pub mod trees;
pub mod udisks;

use std::path::PathBuf;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

pub use jobs::{Outcome, drain};
pub use mounts::{LoopMount, ReadOnlyTmpfs, other_filesystem, other_filesystem_or_skip};

/// How long to wait for what a step should bring about (a file on disk, a title, an
/// event) before the test gives up: a loaded machine is slow, a stuck one never answers.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// Skip with a message; in CI (`CI` set) this is a failure instead.
pub fn skip(why: &str) {
    assert!(std::env::var_os("CI").is_none(), "CI must run this: {why}");
    eprintln!("skipped: {why}");
}

/// A program of that name is on the `PATH`.
pub fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The full path of the program `tool` on the `PATH`, if there is one.
pub fn which(tool: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|d| d.join(tool))
        .find(|p| p.is_file())
}

/// The test runs as root (what mounting and the rig need).
pub fn root() -> Result<(), String> {
    if rustix::process::geteuid().is_root() {
        Ok(())
    } else {
        Err("not root".into())
    }
}

/// Run `script` in `sh` inside `dir`; whether it succeeded.
pub fn sh(dir: &std::path::Path, script: &str) -> bool {
    Command::new("sh")
        .args(["-c", script])
        .current_dir(dir)
        .status()
        .is_ok_and(|s| s.success())
}

/// Run `cmd` to its end and give what it wrote to standard output; panics with what it
/// wrote to standard error if it failed.
pub fn run(cmd: &mut Command) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    succeeded(&out, &format!("{cmd:?}"))
}

/// The standard output of a program that ended (`what` names it); panics with its
/// standard error if it failed, and if its output is not UTF-8.
pub fn succeeded(out: &std::process::Output, what: &str) -> String {
    assert!(
        out.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap_or_else(|_| panic!("{what} wrote UTF-8"))
}

/// Poll `probe` until it gives a value; panics with `what` when `limit` passes.
pub fn wait_for<T>(what: &str, limit: Duration, mut probe: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(v) = probe() {
            return v;
        }
        assert!(start.elapsed() < limit, "gave up waiting for {what}");
        std::thread::park_timeout(Duration::from_millis(50));
    }
}

/// Kills a child process when dropped (also when the test panics).
pub struct Reaper(pub Child);

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A binary of the workspace as `cargo build` or `cargo test` at the top of the
/// repository leaves it: beside the test binaries' folder (`target/<profile>/`). The
/// window's tests start the `porpoise` command, which lives in another package.
pub fn built(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    // target/<profile>/deps/<test> → target/<profile>/<name>
    let profile = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("a test binary lives in target/<profile>/deps");
    let path = profile.join(name);
    assert!(
        path.is_file(),
        "{} is missing: `cargo build` (`--release` for benchmarks) or `cargo test` at the top of the repository builds it",
        path.display()
    );
    path
}

/// The `porpoise` command as people run it (cli/: the engine only).
pub fn porpoise_command() -> PathBuf {
    built("porpoise")
}
