//! The one clipboard connection of the process: a `clipboard_rs` context living on its own
//! thread (X11 selections are served while it lives), or on a Wayland session whose
//! compositor offers data-control, [`super::wayland`]; reached by requests with a reply
//! channel, so the UI thread never waits on the display.

use clipboard_rs::{Clipboard, ClipboardContent, ClipboardContext};
use tokio::sync::oneshot;

use crate::serving::Served;

use super::{FileList, decode, encode};

/// Why the clipboard could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClipboardError {
    #[error("no clipboard is available ({0})")]
    Unavailable(String),
    #[error("the clipboard refused the files ({0})")]
    Write(String),
    #[error(transparent)]
    Decode(#[from] super::DecodeError),
    #[error("the clipboard thread stopped")]
    Stopped,
}

enum Request {
    Put(FileList, oneshot::Sender<Result<(), ClipboardError>>),
    PutText(String, oneshot::Sender<Result<(), ClipboardError>>),
    Read(oneshot::Sender<Result<FileList, ClipboardError>>),
    Clear(oneshot::Sender<Result<(), ClipboardError>>),
}

static OWNER: Served<Request> = Served::new("porpoise-clipboard", serve);

fn send(request: Request) {
    OWNER.send(request);
}

/// Put files on the clipboard (copied, or cut when `list.cut`).
pub async fn put(list: FileList) -> Result<(), ClipboardError> {
    let (tx, rx) = oneshot::channel();
    send(Request::Put(list, tx));
    rx.await.unwrap_or(Err(ClipboardError::Stopped))
}

/// Put plain text on the clipboard ("Copy Location").
pub async fn put_text(text: String) -> Result<(), ClipboardError> {
    let (tx, rx) = oneshot::channel();
    send(Request::PutText(text, tx));
    rx.await.unwrap_or(Err(ClipboardError::Stopped))
}

/// The files on the clipboard, from whichever program put them there.
pub async fn read() -> Result<FileList, ClipboardError> {
    let (tx, rx) = oneshot::channel();
    send(Request::Read(tx));
    rx.await.unwrap_or(Err(ClipboardError::Stopped))
}

/// Empty the clipboard (after cut files were pasted).
pub async fn clear() -> Result<(), ClipboardError> {
    let (tx, rx) = oneshot::channel();
    send(Request::Clear(tx));
    rx.await.unwrap_or(Err(ClipboardError::Stopped))
}

/// The clipboard thread: Wayland's clipboard where the session has one this process can
/// use; else X11's, connecting on the first request (and again after a failure), then
/// keeping the context for the life of the process.
fn serve(rx: crossbeam_channel::Receiver<Request>) {
    if super::wayland::usable() {
        rx.into_iter().for_each(answer_on_wayland);
        return;
    }
    let mut ctx: Option<ClipboardContext> = None;
    for request in rx {
        if ctx.is_none() {
            ctx = connect();
        }
        let Some(cb) = ctx.as_ref() else {
            let e = ClipboardError::Unavailable(no_display_reason());
            match request {
                Request::Put(_, reply) | Request::PutText(_, reply) | Request::Clear(reply) => {
                    let _ = reply.send(Err(e));
                }
                Request::Read(reply) => {
                    let _ = reply.send(Err(e));
                }
            }
            continue;
        };
        match request {
            Request::Put(list, reply) => {
                let contents = encode(&list)
                    .formats
                    .into_iter()
                    .map(|(format, bytes)| match format {
                        super::TEXT => {
                            ClipboardContent::Text(String::from_utf8_lossy(&bytes).into_owned())
                        }
                        _ => ClipboardContent::Other(format.to_owned(), bytes),
                    })
                    .collect();
                let r = cb
                    .set(contents)
                    .map_err(|e| ClipboardError::Write(e.to_string()));
                let _ = reply.send(r);
            }
            Request::PutText(text, reply) => {
                let r = cb
                    .set_text(text)
                    .map_err(|e| ClipboardError::Write(e.to_string()));
                let _ = reply.send(r);
            }
            Request::Read(reply) => {
                let _ = reply.send(read_files(cb));
            }
            Request::Clear(reply) => {
                let r = cb.clear().map_err(|e| ClipboardError::Write(e.to_string()));
                let _ = reply.send(r);
            }
        }
    }
}

/// Answer `request` through the Wayland session's clipboard.
fn answer_on_wayland(request: Request) {
    use super::wayland;
    match request {
        Request::Put(list, reply) => drop(reply.send(wayland::put(&list))),
        Request::PutText(text, reply) => drop(reply.send(wayland::put_text(text))),
        Request::Read(reply) => drop(reply.send(wayland::read())),
        Request::Clear(reply) => drop(reply.send(wayland::clear())),
    }
}

fn connect() -> Option<ClipboardContext> {
    if std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty()) {
        return None;
    }
    match ClipboardContext::new() {
        Ok(c) => Some(c),
        Err(e) => {
            tracing::warn!("cannot connect to the clipboard: {e}");
            None
        }
    }
}

fn no_display_reason() -> String {
    match std::env::var_os("DISPLAY") {
        Some(d) if !d.is_empty() => format!("cannot connect to display {}", d.to_string_lossy()),
        _ => "no X display".into(),
    }
}

fn read_files(cb: &ClipboardContext) -> Result<FileList, ClipboardError> {
    let offered = cb
        .available_formats()
        .map_err(|_| ClipboardError::Decode(super::DecodeError::NoFiles))?;
    let hostname = porpoise_engine::host::hostname();
    let got = decode(&offered, |f| cb.get_buffer(f).ok(), &hostname)?;
    Ok(got)
}
