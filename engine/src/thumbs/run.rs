//! Running one external thumbnailer: its command line with the field codes filled in,
//! started at the lowest priority in a process group of its own (so whatever it starts
//! goes with it), waited for through a pidfd, and its whole group killed at the timeout
//! or when the request is cancelled.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rustix::process::{Pid, Signal};

use super::ThumbError;
use super::external::External;
use crate::sys;

/// How low the thumbnailer runs: 19, only idle time.
const NICENESS: i32 = 19;

/// A request's off switch: set once, it kills the thumbnailer running for it (if any).
#[derive(Debug, Default)]
pub(super) struct Cancel {
    cancelled: AtomicBool,
    /// The process group of the thumbnailer running for the request.
    group: Mutex<Option<Pid>>,
}

impl Cancel {
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
        let group = self.group.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(pid) = *group {
            let _ = rustix::process::kill_process_group(pid, Signal::KILL);
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::SeqCst)
    }

    /// Note the running group; false (and it is killed) when the request was cancelled
    /// meanwhile.
    fn watch(&self, pid: Pid) -> bool {
        let mut group = self.group.lock().unwrap_or_else(|p| p.into_inner());
        *group = Some(pid);
        if self.is_cancelled() {
            let _ = rustix::process::kill_process_group(pid, Signal::KILL);
            return false;
        }
        true
    }

    /// Kill what is left of the group (helpers the program left behind) and forget it,
    /// while its leader is not yet reaped, so its id cannot name another group.
    fn end(&self) {
        let mut group = self.group.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(pid) = group.take() {
            let _ = rustix::process::kill_process_group(pid, Signal::KILL);
        }
    }
}

/// What to run a thumbnailer on.
pub(super) struct Job<'a> {
    pub external: &'a External,
    pub input: &'a Path,
    pub uri: &'a str,
    pub size: u32,
    pub output: &'a Path,
    pub timeout: Duration,
}

/// How a run ended when it did not fail.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Ended {
    /// It exited with success (its output is still to be checked).
    Done,
    /// The request was cancelled and the thumbnailer killed.
    Cancelled,
}

/// Run the thumbnailer of `job` to its end, its timeout or the request's cancelling.
pub(super) fn run(job: &Job, cancel: &Cancel) -> Result<Ended, ThumbError> {
    use std::os::unix::ffi::OsStrExt;
    let program = &job.external.program;
    let argv = job.external.exec.expand_with(|code| match code {
        'i' => Some(job.input.as_os_str().as_bytes().to_vec()),
        'u' => Some(job.uri.as_bytes().to_vec()),
        'o' => Some(job.output.as_os_str().as_bytes().to_vec()),
        's' => Some(job.size.to_string().into_bytes()),
        _ => None,
    });
    let mut command = Command::new(program);
    command
        .args(argv.iter().skip(1))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = sys::spawn_niced(&mut command, NICENESS).map_err(|e| ThumbError::Start {
        program: program.clone(),
        path: job.input.to_owned(),
        source: std::sync::Arc::new(e),
    })?;
    let pid = Pid::from_child(&child);
    if !cancel.watch(pid) {
        cancel.end();
        let _ = child.wait();
        return Ok(Ended::Cancelled);
    }
    let ended = wait(&mut child, pid, job.timeout, cancel);
    cancel.end();
    let status = child.wait();
    match ended {
        // Killed by a cancel that came as it was being waited for.
        Waited::Exited if cancel.is_cancelled() => return Ok(Ended::Cancelled),
        Waited::Exited => {}
        Waited::Cancelled => return Ok(Ended::Cancelled),
        Waited::TimedOut => {
            return Err(ThumbError::TimedOut {
                program: program.clone(),
                path: job.input.to_owned(),
                timeout: job.timeout,
            });
        }
    }
    match status {
        Ok(s) if s.success() => Ok(Ended::Done),
        Ok(s) => Err(ThumbError::External {
            program: program.clone(),
            path: job.input.to_owned(),
            code: s.code(),
        }),
        Err(e) => Err(ThumbError::Start {
            program: program.clone(),
            path: job.input.to_owned(),
            source: std::sync::Arc::new(e),
        }),
    }
}

enum Waited {
    Exited,
    Cancelled,
    TimedOut,
}

/// Wait until the child exits (left to be reaped), the timeout passes or the request is
/// cancelled (both: its group killed).
fn wait(child: &mut Child, pid: Pid, timeout: Duration, cancel: &Cancel) -> Waited {
    let deadline = Instant::now() + timeout;
    let pidfd = rustix::process::pidfd_open(pid, rustix::process::PidfdFlags::empty()).ok();
    loop {
        if cancel.is_cancelled() {
            cancel.end();
            return Waited::Cancelled;
        }
        let now = Instant::now();
        if now >= deadline {
            cancel.end();
            return Waited::TimedOut;
        }
        // Cancelling kills the child, which wakes the poll; the slice only bounds how
        // late a cancel that came before the child was noted is seen.
        let slice = (deadline - now).min(Duration::from_millis(100));
        match &pidfd {
            Some(fd) => {
                use rustix::event::{PollFd, PollFlags, Timespec, poll};
                let mut fds = [PollFd::new(fd, PollFlags::IN)];
                let timeout = Timespec {
                    tv_sec: 0,
                    tv_nsec: i64::from(slice.subsec_nanos()),
                };
                if matches!(poll(&mut fds, Some(&timeout)), Ok(n) if n > 0) {
                    return Waited::Exited;
                }
            }
            None => {
                // Without pidfds (Linux before 5.3): look now and then.
                if matches!(child.try_wait(), Ok(Some(_))) {
                    return Waited::Exited;
                }
                std::thread::sleep(slice.min(Duration::from_millis(20)));
            }
        }
    }
}
