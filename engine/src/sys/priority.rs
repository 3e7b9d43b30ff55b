//! A thread's own CPU priority.

/// Raise the calling thread's niceness to `nice` (Linux keeps one for each thread): where
/// the cores are short, threads of normal priority run first. A thread cannot take its
/// niceness back, so only threads made for one job call this.
pub fn lower_this_thread(nice: i32) -> std::io::Result<()> {
    rustix::process::setpriority_process(Some(rustix::thread::gettid()), nice)
        .map_err(std::io::Error::from)
}
