//! The thread GIO runs on: a GLib main context of its own with its main loop, where GVfs's
//! callbacks and questions arrive; callers hand it work through the context's queue.
//! The thread ends when the last handle (and the last job started from one) is dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use gio::glib;
use gio::prelude::*;

use super::address::{Address, Scheme};
use super::error::RemoteError;

/// GVfs as this process's GIO sees it: the session's GVfs daemons on the session bus
/// (`DBUS_SESSION_BUS_ADDRESS`, read at the first GIO call in the process). Cheap to clone;
/// clones share one thread.
#[derive(Clone)]
pub struct Gvfs {
    pub(crate) inner: Arc<Inner>,
}

pub(crate) struct Inner {
    pub(crate) context: glib::MainContext,
    main_loop: glib::MainLoop,
    next_job: AtomicU64,
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.main_loop.quit();
    }
}

impl std::fmt::Debug for Gvfs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gvfs").finish_non_exhaustive()
    }
}

impl Gvfs {
    /// Start the thread GIO runs on. Returns once the thread owns its main context, so
    /// work handed to it always runs there.
    pub fn start() -> Result<Gvfs, RemoteError> {
        let context = glib::MainContext::new();
        let main_loop = glib::MainLoop::new(Some(&context), false);
        let (ready_tx, ready_rx) = crossbeam_channel::bounded::<bool>(1);
        let (ctx, ml) = (context.clone(), main_loop.clone());
        std::thread::Builder::new()
            .name("porpoise-gvfs".into())
            .spawn(move || {
                let ran = ctx.with_thread_default(|| {
                    let _ = ready_tx.send(true);
                    ml.run();
                });
                if ran.is_err() {
                    let _ = ready_tx.send(false);
                }
            })
            .map_err(RemoteError::Thread)?;
        let owned = ready_rx.recv().unwrap_or(false);
        if !owned {
            return Err(RemoteError::Thread(std::io::Error::other(
                "the GVfs thread could not own its GLib main context",
            )));
        }
        Ok(Gvfs {
            inner: Arc::new(Inner {
                context,
                main_loop,
                next_job: AtomicU64::new(1),
            }),
        })
    }

    pub(crate) fn job_id(&self) -> u64 {
        self.inner.next_job.fetch_add(1, Ordering::Relaxed)
    }

    /// Run `f` on the GIO thread.
    pub(crate) fn invoke(&self, f: impl FnOnce() + Send + 'static) {
        self.inner.context.invoke(f);
    }
}

/// Can GVfs in this session serve `address`? `NoGvfs` when GIO has no GVfs at all,
/// `NoBackend` when GVfs lacks the scheme's backend. Blocking (asks GVfs's daemon once).
pub fn check_served(address: &Address) -> Result<(), RemoteError> {
    let vfs = gio::Vfs::default();
    let schemes: Vec<String> = vfs
        .supported_uri_schemes()
        .iter()
        .map(|s| s.to_string())
        .collect();
    served(&schemes, address.scheme).map_err(|gvfs_runs| {
        let uri = address.uri();
        if gvfs_runs {
            RemoteError::NoBackend {
                uri,
                scheme: address.scheme.as_str(),
            }
        } else {
            RemoteError::NoGvfs { uri }
        }
    })
}

/// `Ok` when `schemes` (what GIO's VFS serves) holds `scheme`; else whether GVfs is there
/// at all (its VFS serves more than local files).
fn served(schemes: &[String], scheme: Scheme) -> Result<(), bool> {
    if schemes.iter().any(|s| s == scheme.as_str()) {
        return Ok(());
    }
    Err(schemes
        .iter()
        .any(|s| !matches!(s.as_str(), "file" | "resource")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scheme_without_a_backend_is_told_from_no_gvfs() {
        let with = |s: &[&str]| s.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let gvfs = with(&["file", "resource", "smb", "sftp", "trash"]);
        assert_eq!(served(&gvfs, Scheme::Smb), Ok(()));
        assert_eq!(
            served(&gvfs, Scheme::Nfs),
            Err(true),
            "GVfs runs, no nfs backend"
        );
        assert_eq!(
            served(&with(&["file", "resource"]), Scheme::Smb),
            Err(false)
        );
    }
}
