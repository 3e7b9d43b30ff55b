//! Starting a program that is no child of ours: in a session of its own, its parent
//! gone before it runs (so init reaps it, and no zombie waits on us), with nothing of
//! our terminal.

use std::os::unix::process::CommandExt;
use std::process::Command;

/// Start `command` detached: the child makes a new session and forks, the fork runs the
/// program and the child ends at once, reaped here. An `exec` that fails is still
/// reported (through the pipe `std` keeps open until the program runs).
pub fn spawn_detached(command: &mut Command) -> std::io::Result<()> {
    // SAFETY: between fork and exec the closure calls only async-signal-safe functions
    // (setsid, fork, _exit), as `pre_exec` requires.
    unsafe {
        command.pre_exec(|| {
            if libc::setsid() == -1 {
                return Err(std::io::Error::last_os_error());
            }
            match libc::fork() {
                -1 => Err(std::io::Error::last_os_error()),
                0 => Ok(()),
                _ => libc::_exit(0),
            }
        });
    }
    let mut child = command.spawn()?;
    child.wait()?;
    Ok(())
}
