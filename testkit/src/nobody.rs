//! Running a program as an unprivileged user (65534), for tests of what permissions forbid:
//! root reads every folder whatever its mode says. The program is copied into a folder of
//! the test's first, so that user can reach it; without root it runs as it is.

use std::path::Path;
use std::process::Command;

/// The user and group the tests drop to.
pub const NOBODY: u32 = 65534;

/// A command that runs `program` as the unprivileged user when the test runs as root,
/// from a copy of it in `dir` (which that user must be able to read).
pub fn command(program: &Path, dir: &Path) -> Command {
    if !rustix::process::geteuid().is_root() {
        return Command::new(program);
    }
    let name = program.file_name().expect("a program's name");
    let copy = dir.join(name);
    // `cp` writes the copy, not this process: a program file some process still holds
    // open for writing cannot be started ("Text file busy"), and a child another test
    // thread forks here at the wrong moment would hold this process's open copy.
    crate::run(Command::new("cp").arg(program).arg(&copy));
    let mut c = Command::new("setpriv");
    c.arg(format!("--reuid={NOBODY}"))
        .arg(format!("--regid={NOBODY}"))
        .arg("--clear-groups")
        .arg(&copy);
    c
}

/// A command that runs the installed `program` (found on `PATH`) as the unprivileged
/// user when the test runs as root, else as it is.
pub fn as_nobody(program: &str) -> Command {
    if !rustix::process::geteuid().is_root() {
        return Command::new(program);
    }
    let mut c = Command::new("setpriv");
    c.arg(format!("--reuid={NOBODY}"))
        .arg(format!("--regid={NOBODY}"))
        .arg("--clear-groups")
        .arg("--")
        .arg(program);
    c
}

/// As root: hand the tree at `dir` to the unprivileged user (else nothing to do).
pub fn give(dir: &Path) {
    if rustix::process::geteuid().is_root() {
        crate::run(
            Command::new("chown")
                .arg("-R")
                .arg(format!("{NOBODY}:{NOBODY}"))
                .arg(dir),
        );
    }
}

/// This test binary's test `name`, run again as the unprivileged user (where the test
/// runs as root) from a copy in `dir`; the caller adds what tells the run it is the
/// second, then checks it with [`passed`].
pub fn test_again(dir: &Path, name: &str) -> Command {
    let exe = std::env::current_exe().expect("the test binary");
    let mut c = command(&exe, dir);
    c.args(["--exact", name, "--test-threads=1", "--nocapture"]);
    c
}

/// Assert that a run of [`test_again`] passed its one test.
pub fn passed(mut run: Command) {
    crate::again::passed_one(&mut run, "the test again as the unprivileged user");
}

/// Run `check` on `tree` as a user whom folder modes bind (as root: the unprivileged one).
pub fn check_unprivileged(
    dir: &Path,
    child: &str,
    var: &str,
    tree: &Path,
    what: &str,
    check: fn(&Path),
) {
    if rustix::process::geteuid().is_root() {
        // Root reads any folder: this binary's test `child` runs again as the unprivileged
        // user, from a copy in `dir`, with `var` naming the tree; without `setpriv` the
        // test is skipped, the message saying it cannot `what`.
        if !crate::have("setpriv") {
            return crate::skip(&format!(
                "setpriv missing: cannot {what} as an unprivileged user"
            ));
        }
        let mut again = test_again(dir, child);
        again.env(var, tree);
        passed(again);
    } else {
        check(tree);
    }
}

/// [`check_unprivileged`]'s child test: `check` on the tree `var` names, where it is set.
pub fn child_check(var: &str, check: fn(&Path)) {
    if let Some(tree) = std::env::var_os(var) {
        check(Path::new(&tree));
    }
}
