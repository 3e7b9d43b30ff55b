//! What the window and the command ask of this machine and process, so neither makes a
//! syscall of its own: setting up the process before threads exist, work in a child
//! process that Ctrl+C ends at once, this computer's name, the user, local time and a
//! filesystem's free space.

use std::path::Path;

pub use crate::sys::{answer_in_child, in_child, local_time, set_env_while_alone};

/// Call first thing in `main`, while the process has one thread: grows the descriptor
/// table once, so deep trees never wait for the kernel to grow it under many threads, and
/// sends log lines to stderr, at the level `RUST_LOG` says (warnings by default).
pub fn prepare_process() {
    crate::sys::reserve_fds();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .init();
}

/// Call first thing in the command's `main`: when the reader of its output goes away
/// (`porpoise ls | head -1`), the command ends there quietly, as `ls` does. (A window
/// started from it sets its own: Rust ignores SIGPIPE in every program it starts.)
pub fn end_with_closed_output() {
    crate::sys::end_with_closed_output();
}

/// Call first thing in the window's `main` (a process that lives for hours): memory
/// freed after a large listing goes back to the system rather than staying resident.
pub fn keep_memory_lean() {
    crate::sys::keep_memory_lean();
}

/// This computer's name, as `file://` URIs from it carry it.
pub fn hostname() -> String {
    rustix::system::uname()
        .nodename()
        .to_string_lossy()
        .into_owned()
}

/// The current user's numeric id.
pub fn uid() -> u32 {
    crate::sys::uid()
}

/// Free and total bytes of the filesystem holding `path`.
pub fn space(path: &Path) -> std::io::Result<(u64, u64)> {
    crate::sys::space(path)
}
