//! One test of this test binary run again in a child process (with an environment of its
//! own, or as another user), and the check that the run passed it.

use std::process::Command;

/// Run `run`, a run of one test of a test binary, and assert that it passed that test;
/// `what` names the run in a failure.
pub fn passed_one(run: &mut Command, what: &str) {
    let out = run
        .output()
        .unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && said.contains("1 passed"),
        "{what}: {said}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
