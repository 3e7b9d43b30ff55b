//! The `porpoise` command on a network share whose server stopped answering: Ctrl+C ends
//! it within a second, although a thread of it waits in the kernel for the share. Uses
//! the project's rig (a FUSE share that can be made silent); needs root and /dev/fuse
//! (skips with a message, fails in CI).

use porpoise_testkit as kit;
use porpoise_testkit::rig;

use std::io::{Read, Seek};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long the command may take to end after Ctrl+C.
const ENDS_WITHIN: Duration = Duration::from_secs(1);

/// Generous: only a broken test waits this long.
const PATIENCE: Duration = Duration::from_secs(30);

/// Wait until `child` has ended or `limit` has passed; its exit status, if it ended.
fn wait_at_most(child: &mut Child, limit: Duration) -> Option<std::process::ExitStatus> {
    let until = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().expect("wait for porpoise") {
            return Some(status);
        }
        if Instant::now() >= until {
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn ls_on_a_frozen_share_ends_within_a_second_of_ctrl_c() {
    if let Err(why) = rig::available() {
        return kit::skip(&why);
    }
    let share = rig::Share::new(0);
    let folder = share.path().join("docs");
    std::fs::create_dir(&folder).expect("a folder on the share");
    for i in 0..20 {
        std::fs::write(folder.join(format!("report-{i}.txt")), b"text").expect("a file");
    }
    share.set_silent(true);

    // A file, not a pipe: reading it never waits for a process still stuck on the share.
    let mut stderr = tempfile::tempfile().expect("a file for stderr");
    // As from a terminal, whatever this test inherited: a test run in the background of
    // a non-interactive shell has SIGINT ignored, and an ignored signal stays ignored
    // through exec. `env` puts it back to its default, then becomes the command.
    let mut child = Command::new("env")
        .arg("--default-signal=INT")
        .arg(env!("CARGO_BIN_EXE_porpoise"))
        .args(["ls", "-l"])
        .arg(&folder)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr.try_clone().expect("stderr file"))
        .spawn()
        .expect("start porpoise ls");
    // Stuck for real: the server holds a request of it, and it has not ended.
    let until = Instant::now() + PATIENCE;
    let mut stuck = false;
    while Instant::now() < until {
        if share.held_requests() > 0 {
            stuck = true;
            break;
        }
        if child.try_wait().expect("wait for porpoise").is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let still_running = child.try_wait().expect("wait for porpoise").is_none();

    if still_running {
        let pid = rustix::process::Pid::from_child(&child);
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::INT);
    }
    let sent = Instant::now();
    let ended = wait_at_most(&mut child, ENDS_WITHIN);
    let took = sent.elapsed();

    // Whatever happened, nothing may stay stuck: the server answers again, the command
    // ends, the share comes down.
    share.set_silent(false);
    if ended.is_none() {
        let _ = child.kill();
    }
    let later = wait_at_most(&mut child, PATIENCE);
    let mut err = String::new();
    let _ = stderr.rewind();
    let _ = stderr.read_to_string(&mut err);
    drop(share);

    assert!(stuck, "porpoise ls never waited on the silent share: {err}");
    assert!(still_running, "porpoise ls ended on a silent share: {err}");
    assert!(
        later.is_some(),
        "porpoise ls did not end even once the share answered"
    );
    let status = ended.unwrap_or_else(|| panic!("porpoise ls still ran {took:?} after Ctrl+C"));
    assert!(
        !status.success(),
        "an interrupted ls does not succeed: {status:?}"
    );
}
