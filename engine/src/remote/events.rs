//! What a mount or unmount job reports, and the answers it takes: the events, GVfs's
//! password asks and questions, and the answers to them.

use std::path::PathBuf;

use super::address::Address;
use super::error::RemoteError;

/// How a mount goes.
#[derive(Debug)]
pub enum MountEvent {
    /// Reaching the server `host` (the first event).
    Connecting { host: String },
    /// The server wants a login: answer with [`Mounting::answer_password`](super::Mounting::answer_password) (or
    /// [`Mounting::cancel`](super::Mounting::cancel)). Asked again after a wrong password.
    PasswordAsked(PasswordAsk),
    /// GVfs asks something (an unknown SSH host key…): answer with
    /// [`Mounting::answer_question`](super::Mounting::answer_question).
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
