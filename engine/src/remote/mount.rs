//! Mounting and unmounting remote places as jobs on the GIO thread: a job reports how it
//! goes as events ([`MountEvent`], [`UnmountEvent`]), takes answers to GVfs's password asks
//! and questions through its handle ([`Mounting`]), and can be cancelled. A login is tried
//! anonymously first (as `gio mount -a` does): a guest share opens with no question.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use gio::glib;
use gio::prelude::*;

use super::address::Address;
use super::error::{Action, Failure, RemoteError};
use super::gvfs::{Gvfs, Inner, check_served};
use crate::events::{self, Events, Sender};

/// Events of one job that may wait for the consumer: asks come one at a time.
const DEPTH: usize = 16;

/// How a mount goes.
#[derive(Debug)]
pub enum MountEvent {
    /// Reaching the server `host` (the first event).
    Connecting { host: String },
    /// The server wants a login: answer with [`Mounting::answer_password`] (or
    /// [`Mounting::cancel`]). Asked again after a wrong password.
    PasswordAsked(PasswordAsk),
    /// GVfs asks something (an unknown SSH host key…): answer with
    /// [`Mounting::answer_question`].
    QuestionAsked(Question),
    /// The last event of a mount that worked.
    Mounted(Mounted),
    /// The last event of a mount that did not.
    Failed(RemoteError),
}

impl MountEvent {
    pub fn is_final(&self) -> bool {
        matches!(self, MountEvent::Mounted(_) | MountEvent::Failed(_))
    }
}

/// A login GVfs asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PasswordAsk {
    /// GVfs's own words about it.
    pub message: String,
    pub default_user: String,
    pub default_domain: String,
    pub needs_user: bool,
    pub needs_domain: bool,
    pub needs_password: bool,
    /// Logging in anonymously is an answer ([`PasswordAnswer::anonymous`]).
    pub anonymous_allowed: bool,
    /// The password can be kept (in the desktop's keyring).
    pub can_remember: bool,
    /// How many times a login was asked of the person in this job (1 the first time):
    /// more means the last answer was refused.
    pub attempt: u32,
}

/// How long a given password is kept (GVfs's `PasswordSave`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Remember {
    /// Forget it after this login.
    #[default]
    Never,
    /// Until the session ends.
    ForSession,
    /// In the desktop's keyring, for good.
    Permanently,
}

/// An answer to a [`PasswordAsk`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PasswordAnswer {
    /// `None` keeps the ask's default.
    pub user: Option<String>,
    pub domain: Option<String>,
    pub password: String,
    pub remember: Remember,
    /// Log in as a guest instead (where the ask allows it).
    pub anonymous: bool,
}

impl PasswordAnswer {
    /// A login as `user` with `password`, kept for this login only.
    pub fn login(user: &str, password: &str) -> PasswordAnswer {
        PasswordAnswer {
            user: Some(user.to_owned()),
            password: password.to_owned(),
            ..PasswordAnswer::default()
        }
    }

    /// A login as a guest.
    pub fn anonymous() -> PasswordAnswer {
        PasswordAnswer {
            anonymous: true,
            ..PasswordAnswer::default()
        }
    }
}

/// A question GVfs asks, with the choices to answer it by (their index).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    pub message: String,
    pub choices: Vec<String>,
}

/// Where a mounted place is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mounted {
    /// The address that was mounted.
    pub address: Address,
    /// The address's path in GVfs's FUSE folder (`$XDG_RUNTIME_DIR/gvfs/…`), when
    /// gvfsd-fuse runs.
    pub path: Option<PathBuf>,
    /// The mount's root in the FUSE folder (the share, or the server's `/`).
    pub root: Option<PathBuf>,
}

/// How an unmount goes.
#[derive(Debug)]
pub enum UnmountEvent {
    /// The last event of an unmount that worked.
    Unmounted { uri: String },
    /// The last event of an unmount that did not.
    Failed(RemoteError),
}

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
        let id = self.id;
        self.gvfs.invoke(move || {
            with_job(id, |job| {
                if let Some(op) = job.asking.take() {
                    reply_password(&op, &answer);
                }
            })
        });
    }

    /// Answer the last [`MountEvent::QuestionAsked`] with the choice at `choice`.
    pub fn answer_question(&self, choice: usize) {
        let id = self.id;
        self.gvfs.invoke(move || {
            with_job(id, |job| {
                if let Some(op) = job.asking.take() {
                    op.set_choice(i32::try_from(choice).unwrap_or(i32::MAX));
                    op.reply(gio::MountOperationResult::Handled);
                }
            })
        });
    }

    /// Give up: a pending ask is aborted, the call to GVfs cancelled; the job ends with
    /// [`Failure::Cancelled`].
    pub fn cancel(&self) {
        self.events.cancel();
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

fn with_job(id: u64, f: impl FnOnce(&mut Job)) {
    JOBS.with(|jobs| {
        if let Some(job) = jobs.borrow_mut().get_mut(&id) {
            f(job);
        }
    });
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

    /// Unmount the mount that holds `address`; never blocks.
    pub fn unmount(&self, address: &Address) -> Events<UnmountEvent> {
        let (tx, events) = events::channel(1);
        let address = address.clone();
        let keep = self.clone();
        self.invoke(move || start_unmount(address, tx, keep));
        events
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
    op.connect_ask_password(move |op, message, user, domain, flags| {
        ask_password(id, op, message, user, domain, flags)
    });
    op.connect_local("ask-question", false, move |values| {
        let op = values.first()?.get::<gio::MountOperation>().ok()?;
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
                Ok(()) => mounted(&target, address),
                Err(e) if already(&e) => mounted(&target, address),
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

fn mounted(file: &gio::File, address: Address) -> MountEvent {
    let root = file
        .find_enclosing_mount(gio::Cancellable::NONE)
        .ok()
        .and_then(|m| m.root().path());
    MountEvent::Mounted(Mounted {
        path: file.path(),
        root,
        address,
    })
}

fn cancelled(uri: &str) -> RemoteError {
    RemoteError::Failed {
        action: Action::Mount,
        uri: uri.to_owned(),
        why: Failure::Cancelled,
        source: glib::Error::new(gio::IOErrorEnum::Cancelled, "cancelled"),
    }
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
    let mut known = false;
    with_job(id, |job| {
        known = true;
        if job.cancelled {
            op.reply(gio::MountOperationResult::Aborted);
            return;
        }
        if flags.contains(F::ANONYMOUS_SUPPORTED) && !job.tried_anonymous {
            job.tried_anonymous = true;
            op.set_anonymous(true);
            op.reply(gio::MountOperationResult::Handled);
            return;
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
    });
    if !known {
        op.reply(gio::MountOperationResult::Aborted);
    }
}

fn ask_question(id: u64, op: &gio::MountOperation, message: String, choices: Vec<String>) {
    let mut known = false;
    with_job(id, |job| {
        known = true;
        if job.cancelled {
            op.reply(gio::MountOperationResult::Aborted);
            return;
        }
        job.asking = Some(op.clone());
        job.tx
            .send(MountEvent::QuestionAsked(Question { message, choices }));
    });
    if !known {
        op.reply(gio::MountOperationResult::Aborted);
    }
}

/// Cancel job `id`: abort its pending ask, whose refusal ends GVfs's attempt (the job ends
/// when GVfs has given up, so a new attempt does not meet this one); with no ask pending,
/// cancel the call to GVfs.
fn cancel(id: u64) {
    with_job(id, |job| {
        job.cancelled = true;
        match job.asking.take() {
            Some(op) => op.reply(gio::MountOperationResult::Aborted),
            None => job.cancellable.cancel(),
        }
    });
}

fn start_unmount(address: Address, tx: Sender<UnmountEvent>, keep: Gvfs) {
    let uri = address.uri();
    let failed = |why: Failure, e: glib::Error| {
        UnmountEvent::Failed(RemoteError::Failed {
            action: Action::Unmount,
            uri: uri.clone(),
            why,
            source: e,
        })
    };
    let mount = match gio::File::for_uri(&uri).find_enclosing_mount(gio::Cancellable::NONE) {
        Ok(m) => m,
        Err(e) => {
            let why = match Failure::of(&e) {
                Failure::NoSuchShare | Failure::Other => Failure::NotMounted,
                other => other,
            };
            tx.finish(failed(why, e));
            return;
        }
    };
    let done_uri = uri.clone();
    mount.unmount_with_operation(
        gio::MountUnmountFlags::NONE,
        gio::MountOperation::NONE,
        gio::Cancellable::NONE,
        move |result| {
            let _keep = keep;
            let event = match result {
                Ok(()) => UnmountEvent::Unmounted { uri: done_uri },
                Err(e) => UnmountEvent::Failed(RemoteError::Failed {
                    action: Action::Unmount,
                    uri: done_uri,
                    why: Failure::of(&e),
                    source: e,
                }),
            };
            tx.finish(event);
        },
    );
}
