//! Unmounting a remote place as a job on the GIO thread, reported as [`UnmountEvent`]s.
//! A mount whose files were just closed may still be busy a moment (FUSE hands the last
//! close over after the program's own): a busy refusal is tried again for a while before
//! it is reported. The unmount is reported once the mount's folder has gone from GVfs's
//! FUSE folder, and the backend process that served it from the session bus
//! ([`backend`]): until then the place mounted again answered through FUSE, and through
//! GIO, from the mount on its way out (a folder there "not found", a file made there "an
//! input/output error"), and an SFTP mount made again went with the old one's ssh.

use std::path::PathBuf;
use std::time::Duration;

use gio::glib;
use gio::prelude::*;

use super::address::Address;
use super::backend::{self, Backend};
use super::error::{Action, Failure, RemoteError};
use super::events::UnmountEvent;
use super::gvfs::Gvfs;
use super::settle;
use crate::events::{self, Events, Sender};

/// How often, and how far apart, a busy mount is asked again.
const BUSY_TRIES: u32 = 15;
const BUSY_PAUSE: Duration = Duration::from_millis(200);

impl Gvfs {
    /// Unmount the mount that holds `address`; never blocks.
    pub fn unmount(&self, address: &Address) -> Events<UnmountEvent> {
        let (tx, events) = events::channel(1);
        let uri = address.uri();
        let keep = self.clone();
        self.invoke(move || start(uri, tx, keep, BUSY_TRIES));
        events
    }
}

fn failed(uri: String, why: Failure, source: glib::Error) -> UnmountEvent {
    UnmountEvent::Failed(RemoteError::Failed {
        action: Action::Unmount,
        uri,
        why,
        source,
    })
}

fn start(uri: String, tx: Sender<UnmountEvent>, keep: Gvfs, tries: u32) {
    let mount = match gio::File::for_uri(&uri).find_enclosing_mount(gio::Cancellable::NONE) {
        Ok(m) => m,
        Err(e) => {
            let why = match Failure::of(&e) {
                Failure::NoSuchShare | Failure::Other => Failure::NotMounted,
                other => other,
            };
            tx.finish(failed(uri, why, e));
            return;
        }
    };
    // Where the mount's folder is in GVfs's FUSE folder, asked before the unmount: after
    // it GIO knows the mount no more. GIO answers from what it learnt finding the mount.
    // The backend that serves it is asked for then too, for the same reason.
    let root = mount.root().path();
    match root.clone() {
        Some(folder) => backend::find(folder, move |backend| {
            unmount(&mount, Gone { root, backend }, uri, tx, keep, tries);
        }),
        None => unmount(&mount, Gone::default(), uri, tx, keep, tries),
    }
}

/// Ask GVfs to unmount `mount`; once it has, report it when what `gone` names is gone.
fn unmount(
    mount: &gio::Mount,
    gone: Gone,
    uri: String,
    tx: Sender<UnmountEvent>,
    keep: Gvfs,
    tries: u32,
) {
    mount.unmount_with_operation(
        gio::MountUnmountFlags::NONE,
        gio::MountOperation::NONE,
        gio::Cancellable::NONE,
        move |result| {
            let event = match result {
                Ok(()) => {
                    drop(keep);
                    gone.then_finish(UnmountEvent::Unmounted { uri }, tx);
                    return;
                }
                Err(e) if Failure::of(&e) == Failure::Busy && tries > 1 && !tx.is_cancelled() => {
                    again_later(move || start(uri, tx, keep, tries - 1));
                    return;
                }
                Err(e) => failed(uri, Failure::of(&e), e),
            };
            drop(keep);
            tx.finish(event);
        },
    );
}

/// Run `f` on this thread's main context (the GIO thread's) after [`BUSY_PAUSE`].
fn again_later(f: impl FnOnce() + Send + 'static) {
    let mut f = Some(f);
    let source = glib::timeout_source_new(BUSY_PAUSE, None, glib::Priority::DEFAULT, move || {
        if let Some(f) = f.take() {
            f();
        }
        glib::ControlFlow::Break
    });
    source.attach(Some(&glib::MainContext::ref_thread_default()));
}

/// What has to be gone before an unmount is reported: the mount's folder in GVfs's FUSE
/// folder, and the backend process that served it (see [`backend`]).
#[derive(Default)]
struct Gone {
    root: Option<PathBuf>,
    backend: Option<Backend>,
}

impl Gone {
    /// Hand `event` over once both are gone.
    fn then_finish(self, event: UnmountEvent, tx: Sender<UnmountEvent>) {
        let Gone { root, backend } = self;
        if root.is_none() && backend.is_none() {
            tx.finish(event);
            return;
        }
        settle::finish_when(tx, event, "porpoise-gvfs-gone", move |_| {
            root.as_ref().is_none_or(|root| !root.exists())
                && backend.as_ref().is_none_or(Backend::gone)
        });
    }
}
