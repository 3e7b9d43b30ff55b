//! Mounting remote places as jobs on the GIO thread: a job reports how it
//! goes as events ([`MountEvent`]), takes answers to GVfs's password asks
//! and questions through its handle ([`Mounting`]), and can be cancelled. A login is tried
//! anonymously first (as `gio mount -a` does): a guest share opens with no question.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use gio::glib;
use gio::prelude::*;

use super::address::Address;
use super::error::{Action, Failure, RemoteError};
use super::events::{MountEvent, Mounted, PasswordAnswer, PasswordAsk, Question, Remember};
use super::gvfs::{Gvfs, Inner, check_served};
use super::{resolve, settle};
use crate::events::{self, Events, Sender};

/// Events of one job that may wait for the consumer: asks come one at a time.
const DEPTH: usize = 16;

/// A mount under way: its events, and where its answers go.
pub struct Mounting {
    id: u64,
    gvfs: Gvfs,
    events: Events<MountEvent>,
}

impl std::fmt::Debug for Mounting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mounting").field("id", &self.id).finish()
    }
}

impl Mounting {
    pub fn events(&self) -> &Events<MountEvent> {
        &self.events
    }

    /// Answer the last [`MountEvent::PasswordAsked`].
    pub fn answer_password(&self, answer: PasswordAnswer) {
        self.answers().password(answer);
    }

    /// Answer the last [`MountEvent::QuestionAsked`] with the choice at `choice`.
    pub fn answer_question(&self, choice: usize) {
        self.answers().question(choice);
    }

    fn answers(&self) -> MountAnswers {
        MountAnswers {
            id: self.id,
            gvfs: self.gvfs.clone(),
            cancel: self.events.canceller(),
        }
    }

    /// Give up: a pending ask is refused (GVfs then gives up, and the job ends), else the
    /// call to GVfs is cancelled; the job ends with [`Failure::Cancelled`].
    pub fn cancel(&self) {
        self.events.cancel();
    }

    /// The job's answers and its events apart, for a consumer that hands the events on
    /// (dropping the events, or calling [`MountAnswers::cancel`], cancels the job).
    pub fn into_parts(self) -> (MountAnswers, Events<MountEvent>) {
        (self.answers(), self.events)
    }
}

/// Where a mount job's answers go, apart from its events ([`Mounting::into_parts`]).
/// Cheap to clone; answers to a job that ended do nothing.
#[derive(Clone)]
pub struct MountAnswers {
    id: u64,
    gvfs: Gvfs,
    cancel: events::Cancel,
}

impl std::fmt::Debug for MountAnswers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MountAnswers")
            .field("id", &self.id)
            .finish()
    }
}

impl MountAnswers {
    /// Answer the job's last [`MountEvent::PasswordAsked`].
    pub fn password(&self, answer: PasswordAnswer) {
        let id = self.id;
        self.gvfs.invoke(move || {
            if let Some(op) = take_ask(id) {
                reply_password(&op, &answer);
            }
        });
    }

    /// Answer the job's last [`MountEvent::QuestionAsked`] with the choice at `choice`.
    pub fn question(&self, choice: usize) {
        let id = self.id;
        self.gvfs.invoke(move || {
            if let Some(op) = take_ask(id) {
                op.set_choice(i32::try_from(choice).unwrap_or(i32::MAX));
                op.reply(gio::MountOperationResult::Handled);
            }
        });
    }

    /// Give up (as [`Mounting::cancel`]).
    pub fn cancel(&self) {
        self.cancel.cancel();
    }
}

/// A job's state on the GIO thread.
struct Job {
    tx: Sender<MountEvent>,
    cancellable: gio::Cancellable,
    /// The operation whose ask waits for an answer.
    asking: Option<gio::MountOperation>,
    tried_anonymous: bool,
    asked: u32,
    cancelled: bool,
}

thread_local! {
    /// The GIO thread's jobs under way, by id.
    static JOBS: RefCell<HashMap<u64, Job>> = RefCell::new(HashMap::new());
}

/// `f` on job `id`, if it is under way; what `f` gives. GIO is not called inside `f` (a
/// reply may lead GIO to call back here): `f` hands out what to reply to.
fn with_job<T>(id: u64, f: impl FnOnce(&mut Job) -> T) -> Option<T> {
    JOBS.with(|jobs| jobs.borrow_mut().get_mut(&id).map(f))
}

/// The operation job `id` waits on for an answer, taken.
fn take_ask(id: u64) -> Option<gio::MountOperation> {
    with_job(id, |job| job.asking.take()).flatten()
}

fn reply_password(op: &gio::MountOperation, answer: &PasswordAnswer) {
    op.set_anonymous(answer.anonymous);
    if !answer.anonymous {
        if let Some(user) = &answer.user {
            op.set_username(Some(user));
        }
        if let Some(domain) = &answer.domain {
            op.set_domain(Some(domain));
        }
        op.set_password(Some(&answer.password));
    }
    op.set_password_save(match answer.remember {
        Remember::Never => gio::PasswordSave::Never,
        Remember::ForSession => gio::PasswordSave::ForSession,
        Remember::Permanently => gio::PasswordSave::Permanently,
    });
    op.reply(gio::MountOperationResult::Handled);
}

impl Gvfs {
    /// Mount `address` (the share or server it is on) as the desktop does, unless it is
    /// mounted already; never blocks. The job ends with [`MountEvent::Mounted`] or
    /// [`MountEvent::Failed`]; dropping its handle cancels it.
    pub fn mount(&self, address: &Address) -> Mounting {
        let id = self.job_id();
        let (tx, events) = events::channel(DEPTH);
        let hook: Arc<Inner> = self.inner.clone();
        let events = events.on_cancel(move || hook.context.invoke(move || cancel(id)));
        let address = address.clone();
        let keep = self.clone();
        self.invoke(move || start_mount(id, address, tx, keep));
        Mounting {
            id,
            gvfs: self.clone(),
            events,
        }
    }
}

fn start_mount(id: u64, address: Address, tx: Sender<MountEvent>, keep: Gvfs) {
    let uri = address.uri();
    if let Err(e) = check_served(&address) {
        tx.finish(MountEvent::Failed(e));
        return;
    }
    if !tx.send(MountEvent::Connecting {
        host: address.host.clone(),
    }) {
        tx.finish(MountEvent::Failed(cancelled(&uri)));
        return;
    }
    let op = gio::MountOperation::new();
    // Each ask is answered here alone: GIO's own handler, run after this one unless the
    // ask stops with it, answers "not handled" from an idle on GLib's default main
    // context (which the uploads' thread runs), which GVfs takes as a cancelled login.
    op.connect_ask_password(move |op, message, user, domain, flags| {
        op.stop_signal_emission_by_name("ask-password");
        ask_password(id, op, message, user, domain, flags)
    });
    // Sendable: GVfs may drop the operation's last reference from an idle on GLib's
    // default main context, which the uploads' thread runs.
    op.connect("ask-question", false, move |values| {
        let op = values.first()?.get::<gio::MountOperation>().ok()?;
        op.stop_signal_emission_by_name("ask-question");
        let message = values.get(1)?.get::<String>().unwrap_or_default();
        let choices = values.get(2)?.get::<Vec<String>>().unwrap_or_default();
        ask_question(id, &op, message, choices);
        None
    });
    let cancellable = gio::Cancellable::new();
    JOBS.with(|jobs| {
        jobs.borrow_mut().insert(
            id,
            Job {
                tx,
                cancellable: cancellable.clone(),
                asking: None,
                tried_anonymous: false,
                asked: 0,
                cancelled: false,
            },
        )
    });
    let file = gio::File::for_uri(&uri);
    let target = file.clone();
    file.mount_enclosing_volume(
        gio::MountMountFlags::NONE,
        Some(&op),
        Some(&cancellable),
        move |result| {
            let _keep = keep;
            let Some(job) = JOBS.with(|jobs| jobs.borrow_mut().remove(&id)) else {
                return;
            };
            let already = |e: &glib::Error| e.matches(gio::IOErrorEnum::AlreadyMounted);
            let event = match result {
                Err(_) if job.cancelled => MountEvent::Failed(cancelled(&uri)),
                Ok(()) => return when_shown(mounted(&target, address), job.tx),
                Err(e) if already(&e) => return when_shown(mounted(&target, address), job.tx),
                Err(e) => MountEvent::Failed(RemoteError::Failed {
                    action: Action::Mount,
                    uri,
                    why: Failure::of(&e),
                    source: e,
                }),
            };
            job.tx.finish(event);
        },
    );
}

fn mounted(file: &gio::File, address: Address) -> Mounted {
    let root = file
        .find_enclosing_mount(gio::Cancellable::NONE)
        .ok()
        .and_then(|m| m.root().path());
    Mounted {
        path: file.path(),
        root,
        address,
    }
}

/// Hand `mounted` over once it answers in GVfs's FUSE folder (see [`answers`]).
fn when_shown(mounted: Mounted, tx: Sender<MountEvent>) {
    let mut fuse_runs = None;
    let event = MountEvent::Mounted(mounted);
    settle::finish_when(tx, event, "porpoise-gvfs-shown", move |event| match event {
        MountEvent::Mounted(mounted) => answers(mounted, &mut fuse_runs),
        _ => true,
    });
}

/// Whether `mounted` answers in GVfs's FUSE folder: its path there is known (GIO may not
/// know it at first for a place mounted again a moment after an unmount), its root shows
/// there (gvfsd-fuse learns of a new mount a moment after GVfs reports it), and the place
/// answers. Where gvfsd-fuse does not run there is nothing to wait for; whether it runs is
/// looked up once, in `fuse_runs`.
fn answers(mounted: &mut Mounted, fuse_runs: &mut Option<bool>) -> bool {
    if mounted.path.is_none() {
        mounted.path = resolve::fuse_path(&mounted.address);
    }
    let Some(place) = &mounted.path else {
        return !*fuse_runs.get_or_insert_with(resolve::fuse_runs);
    };
    let root = mounted.root.as_ref().unwrap_or(place);
    root.exists() && !not_answering_yet(place)
}

/// Whether `place` in GVfs's FUSE folder, or reading its first entry, fails with an I/O
/// error, as a share mounted again a moment after it was unmounted does for its first
/// questions. Any other answer (a folder, a file, or a place that is not there) is the
/// server's.
fn not_answering_yet(place: &std::path::Path) -> bool {
    let answer = match std::fs::read_dir(place).map(|mut entries| entries.next()) {
        Ok(Some(Err(e))) | Err(e) => e,
        Ok(_) => return false,
    };
    answer.raw_os_error() == Some(libc::EIO)
}

fn cancelled(uri: &str) -> RemoteError {
    RemoteError::Failed {
        action: Action::Mount,
        uri: uri.to_owned(),
        why: Failure::Cancelled,
        source: glib::Error::new(gio::IOErrorEnum::Cancelled, "cancelled"),
    }
}

/// What to do with an ask of GVfs's.
enum Reply {
    /// Nobody will answer (the job ended, or was cancelled).
    Abort,
    /// Log in as a guest, without asking.
    Anonymous,
    /// The person was asked; the answer comes through the handle.
    Wait,
}

fn ask_password(
    id: u64,
    op: &gio::MountOperation,
    message: &str,
    user: &str,
    domain: &str,
    flags: gio::AskPasswordFlags,
) {
    use gio::AskPasswordFlags as F;
    let reply = with_job(id, |job| {
        if job.cancelled {
            return Reply::Abort;
        }
        if flags.contains(F::ANONYMOUS_SUPPORTED) && !job.tried_anonymous {
            job.tried_anonymous = true;
            return Reply::Anonymous;
        }
        job.asked += 1;
        job.asking = Some(op.clone());
        let ask = PasswordAsk {
            message: message.to_owned(),
            default_user: user.to_owned(),
            default_domain: domain.to_owned(),
            needs_user: flags.contains(F::NEED_USERNAME),
            needs_domain: flags.contains(F::NEED_DOMAIN),
            needs_password: flags.contains(F::NEED_PASSWORD),
            anonymous_allowed: flags.contains(F::ANONYMOUS_SUPPORTED),
            can_remember: flags.contains(F::SAVING_SUPPORTED),
            attempt: job.asked,
        };
        job.tx.send(MountEvent::PasswordAsked(ask));
        Reply::Wait
    });
    answer(op, reply.unwrap_or(Reply::Abort));
}

fn ask_question(id: u64, op: &gio::MountOperation, message: String, choices: Vec<String>) {
    let reply = with_job(id, |job| {
        if job.cancelled {
            return Reply::Abort;
        }
        job.asking = Some(op.clone());
        job.tx
            .send(MountEvent::QuestionAsked(Question { message, choices }));
        Reply::Wait
    });
    answer(op, reply.unwrap_or(Reply::Abort));
}

fn answer(op: &gio::MountOperation, reply: Reply) {
    match reply {
        Reply::Abort => op.reply(gio::MountOperationResult::Aborted),
        Reply::Anonymous => {
            op.set_anonymous(true);
            op.reply(gio::MountOperationResult::Handled);
        }
        Reply::Wait => {}
    }
}

/// Cancel job `id`: abort its pending ask, whose refusal ends GVfs's attempt (the job ends
/// when GVfs has given up, so a new attempt does not meet this one); with no ask pending,
/// cancel the call to GVfs.
fn cancel(id: u64) {
    let pending = with_job(id, |job| {
        job.cancelled = true;
        (job.asking.take(), job.cancellable.clone())
    });
    match pending {
        Some((Some(op), _)) => op.reply(gio::MountOperationResult::Aborted),
        Some((None, cancellable)) => cancellable.cancel(),
        None => {}
    }
}
