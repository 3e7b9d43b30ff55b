//! Reading a folder in a child process, so that Ctrl+C ends the command at once even when
//! the folder is on a network share whose server stopped answering. A request the kernel
//! has already handed to such a server (FUSE) waits where no signal reaches it, and a
//! process only ends once every one of its threads has; the parent here only waits, so it
//! ends at once, and the child is killed with it (it goes when the kernel lets it).

/// Run `work` in a child process; this process then ends as the child does, with its exit
/// status. Returns `work`'s result in the child only, or here when no child can be made.
/// Call it while the process has a single thread (the child gets only the calling one).
pub fn in_child<T>(work: impl FnOnce() -> T) -> T {
    // SAFETY: getpid and fork have no preconditions; with a single thread the child is a
    // whole copy of this process and may do anything.
    let parent = unsafe { libc::getpid() };
    match unsafe { libc::fork() } {
        -1 => work(),
        0 => {
            // Killed when the parent ends (Ctrl+C); it may have ended already.
            // SAFETY: plain system calls without pointers.
            unsafe {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                if libc::getppid() != parent {
                    libc::_exit(130);
                }
            }
            work()
        }
        child => std::process::exit(wait_for(child)),
    }
}

/// Wait until `child` ends; the exit code that says how it ended.
fn wait_for(child: libc::pid_t) -> i32 {
    let mut status = 0;
    loop {
        // SAFETY: `status` is valid for the call.
        let r = unsafe { libc::waitpid(child, &mut status, 0) };
        if r == child {
            break;
        }
        if r == -1 && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return 1;
        }
    }
    if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else if libc::WIFSIGNALED(status) {
        128 + libc::WTERMSIG(status)
    } else {
        1
    }
}
