//! Copying into a folder of a server that GVfs mounted, through GIO rather than GVfs's
//! FUSE folder. Through FUSE every file is several questions from the kernel to
//! gvfsd-fuse and on to the server's backend, one file after the other; through GIO the
//! files go to the backend directly, many at once, as `gio copy` sends one. A file counts
//! as copied once the backend has closed it on the server, and its bytes as they are
//! written there: a move deletes a source only after that.

mod home;
mod parts;
mod piece;
mod send;
mod shared;
mod wait;
mod walk;
mod whole;

use std::cell::{Cell, RefCell};
use std::os::fd::OwnedFd;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::time::Duration;

use crate::error::Op;

use super::JobSpec;
use super::copy::{Beside, Outcome};
use super::events::JobState;
use super::fit;
use super::resolve::Resolver;
use super::runner::Ctx;
use crate::remote::Settable;
use shared::Shared;

/// How many files are on their way to the server at once: enough to keep the backend
/// busy while each file waits for its answers (measured on SMB and SFTP over loopback:
/// 1 000 small files took 4.5 s one at a time, 2.9 s with 8 and 2.2 s with 32 at once).
const IN_FLIGHT: usize = 24;
/// How often an upload waiting for its turn looks whether its job was cancelled.
const TURN_LOOK: Duration = Duration::from_millis(50);

/// The server's folder a copy goes into, when `spec.dest` lies in GVfs's FUSE folder.
/// A copy that verifies goes the FUSE way, which reads its copies back.
pub(crate) fn destination(spec: &JobSpec) -> Option<gio::File> {
    if spec.verify {
        return None;
    }
    crate::mounts::gvfs::daemon_file(&spec.dest)
}

/// The uploads' thread runs one upload at a time: one that waits for the user (a pause, a
/// name already taken) blocks it, and uploads side by side there would wait for that user
/// too. An upload waits for its turn on its own thread, where a pause or a cancel still
/// reaches it. `None` when the job was cancelled while it waited.
fn turn(ctx: &Ctx) -> Option<MutexGuard<'static, ()>> {
    static TURN: Mutex<()> = Mutex::new(());
    loop {
        match TURN.try_lock() {
            Ok(turn) => return Some(turn),
            Err(TryLockError::Poisoned(p)) => return Some(p.into_inner()),
            Err(TryLockError::WouldBlock) => {}
        }
        if !ctx.control.checkpoint() {
            return None;
        }
        std::thread::sleep(TURN_LOOK);
    }
}

/// Copy the given (index, source) pairs of `spec` into the server's folder `dest`.
pub(crate) fn copy_some(
    ctx: &Ctx,
    spec: &JobSpec,
    sources: &[(usize, &PathBuf)],
    beside: Beside,
    dest: gio::File,
) -> Outcome {
    ctx.state(JobState::Scanning);
    let n = spec.sources.len();
    let mut outcome = Outcome::new(n);
    // Conflicts are looked at through the FUSE folder (they are rare); a server that
    // does not answer fails here as it would for any copy.
    let dest_fd = match crate::sys::open_dir(&spec.dest) {
        Ok(fd) => fd,
        Err(e) => {
            ctx.failed(spec.dest.clone(), (Op::OpenDir, e));
            outcome.aborted = true;
            return outcome;
        }
    };
    let paths: Vec<PathBuf> = sources.iter().map(|(_, p)| (*p).clone()).collect();
    let Some(fit) = fit::gate(ctx, spec, &paths) else {
        outcome.aborted = true;
        return outcome;
    };
    let settable = Settable::of(&dest);
    let Some(_turn) = turn(ctx) else {
        outcome.aborted = true;
        return outcome;
    };
    let sent = ctx.owned().and_then(|owned| {
        let upload = Upload {
            ctx: owned,
            spec: spec.clone(),
            sources: sources.iter().map(|(i, p)| (*i, (*p).clone())).collect(),
            beside,
            dest,
            dest_fd,
            fit,
            settable,
        };
        home::run(move || upload.run())
    });
    match sent {
        Some(outcome) => outcome,
        None => {
            ctx.failed(
                spec.dest.clone(),
                (Op::Write, std::io::Error::from_raw_os_error(libc::EBUSY)),
            );
            outcome.aborted = true;
            outcome
        }
    }
}

/// An upload as it goes to the uploads' thread ([`home`]), with all it needs.
struct Upload {
    ctx: Arc<Ctx>,
    spec: JobSpec,
    sources: Vec<(usize, PathBuf)>,
    beside: Beside,
    dest: gio::File,
    dest_fd: OwnedFd,
    fit: fit::Fit,
    settable: Settable,
}

impl Upload {
    /// Send the files, many at once; what the copy achieved.
    async fn run(self) -> Outcome {
        let Upload {
            ctx,
            spec,
            sources,
            beside,
            dest,
            dest_fd,
            fit,
            settable,
        } = self;
        let ctx = &*ctx;
        let n = spec.sources.len();
        let mut outcome = Outcome::new(n);
        let shared = Shared {
            troubles: (0..n).map(|_| Cell::new(0)).collect(),
            walked: (0..n).map(|_| Cell::new(false)).collect(),
            seen: RefCell::new(vec![None; n]),
            dest: spec.dest.clone(),
            stopped: Cell::new(false),
            // A server that cannot keep modes (SMB) loses them, as through the FUSE folder.
            attributes_lost: Cell::new(!settable.mode),
            settable,
            held: piece::Held::default(),
            in_parts: super::parts::InParts::default(),
        };
        let resolver = Resolver::new(spec.on_conflict);
        ctx.state(JobState::Copying);
        let tops: Vec<usize> = sources.iter().map(|(top, _)| *top).collect();
        let walk = RefCell::new(walk::Walk::new(
            walk::Rules {
                ctx,
                shared: &shared,
                resolver: &resolver,
                fit,
                beside,
            },
            sources,
            dest_fd,
            dest,
        ));
        let senders = (0..IN_FLIGHT).map(|_| async {
            loop {
                let next = walk.borrow_mut().next();
                let Some(item) = next else { break };
                send::send(ctx, &shared, &resolver, item).await;
            }
        });
        futures_util::future::join_all(senders).await;
        drop(walk);
        if shared.attributes_lost.get() {
            ctx.counters
                .attributes_lost
                .store(true, std::sync::atomic::Ordering::Relaxed);
        }
        let stopped = shared.stopped.get();
        for top in tops {
            outcome.whole[top] =
                shared.troubles[top].get() == 0 && shared.walked[top].get() && !stopped;
        }
        // The server has what was closed on it: nothing is left to put on a device here.
        outcome.on_device = !stopped;
        outcome.aborted = stopped;
        outcome.seen = shared.seen.take();
        outcome
    }
}
