//! A question answered in a child process, and the environment changed before any thread
//! exists: for what must be decided once at start (which renderer draws the window) by
//! code that may leave threads and libraries behind in the process that runs it.

use std::time::{Duration, Instant};

/// Run `question` in a child process and return its answer, or `None` when no child can
/// be made, the child does not answer within `patience` (it is then killed), or it ends
/// some other way. The caller keeps none of what the question loaded or started. Call
/// it while the process has a single thread (the child gets only the calling one).
pub fn answer_in_child(question: impl FnOnce() -> u8, patience: Duration) -> Option<u8> {
    // SAFETY: fork has no preconditions; with a single thread the child is a whole copy
    // of this process and may do anything.
    match unsafe { libc::fork() } {
        -1 => None,
        0 => {
            let answer = question();
            // SAFETY: ends the child at once, without running the parent's exit handlers
            // or flushing buffers it shares with the parent.
            unsafe { libc::_exit(i32::from(answer)) }
        }
        child => wait_answer(child, patience),
    }
}

/// The exit code of `child`, once it has exited by itself within `patience`.
fn wait_answer(child: libc::pid_t, patience: Duration) -> Option<u8> {
    let deadline = Instant::now() + patience;
    let mut status = 0;
    loop {
        // SAFETY: `status` is valid for the call.
        let r = unsafe { libc::waitpid(child, &mut status, libc::WNOHANG) };
        if r == child {
            return libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status) as u8);
        }
        let interrupted = std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted;
        if r == -1 && !interrupted {
            return None;
        }
        if Instant::now() >= deadline {
            // SAFETY: plain system calls without pointers but `status`, valid here.
            unsafe {
                libc::kill(child, libc::SIGKILL);
                libc::waitpid(child, &mut status, 0);
            }
            return None;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Set the environment variable `key` to `value`. Call it only while the process has a
/// single thread: no other thread may read the environment at the same time.
pub fn set_env_while_alone(key: &str, value: &str) {
    // SAFETY: the caller promises a single thread, so nothing reads the environment
    // while it changes.
    unsafe { std::env::set_var(key, value) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_child_answers_with_its_byte() {
        assert_eq!(answer_in_child(|| 7, Duration::from_secs(30)), Some(7));
        assert_eq!(answer_in_child(|| 0, Duration::from_secs(30)), Some(0));
    }

    #[test]
    fn a_child_that_does_not_answer_in_time_is_ended() {
        let started = Instant::now();
        let answer = answer_in_child(
            || {
                std::thread::sleep(Duration::from_secs(60));
                1
            },
            Duration::from_millis(300),
        );
        assert_eq!(answer, None);
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "it waited for the child"
        );
    }
}
