//! Starting a helper program that works for us at the lowest priority and dies with the
//! thread that waits for it.

use std::os::unix::process::CommandExt;
use std::process::{Child, Command};

/// Start `command` with its niceness raised to `nice` (19: only idle time) and killed
/// when the calling thread ends, set in the child before the program runs, so it never
/// runs a moment at our priority.
pub fn spawn_niced(command: &mut Command, nice: i32) -> std::io::Result<Child> {
    // SAFETY: between fork and exec the closure calls only async-signal-safe functions
    // (setpriority, prctl), as `pre_exec` requires; it touches no memory of ours.
    unsafe {
        command.pre_exec(move || {
            if libc::setpriority(libc::PRIO_PROCESS, 0, nice) == -1 {
                return Err(std::io::Error::last_os_error());
            }
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) == -1 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    command.spawn()
}
