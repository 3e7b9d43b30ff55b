//! File lists on a Wayland session's clipboard through its data-control protocol
//! (`wl_clipboard_rs`: wlroots' and the standard `ext` one), which needs no window focus
//! and serves what was copied from a thread of its own while the copy lasts.

use std::io::Read;

use wl_clipboard_rs::copy::{self, MimeSource, Source};
use wl_clipboard_rs::paste::{self, ClipboardType, Seat};

use super::owner::ClipboardError;
use super::{FileList, TEXT, decode, encode};

/// Whether this is a Wayland session whose compositor lets the clipboard be used this way.
/// Without data-control (GNOME's compositor has none) the clipboard is reached through
/// Xwayland as on X11.
pub fn usable() -> bool {
    if std::env::var_os("WAYLAND_DISPLAY").is_none_or(|d| d.is_empty()) {
        return false;
    }
    match paste::get_mime_types(ClipboardType::Regular, Seat::Unspecified) {
        Ok(_) | Err(paste::Error::ClipboardEmpty | paste::Error::NoSeats) => true,
        Err(e) => {
            tracing::info!("the Wayland clipboard is not usable, Xwayland's is taken: {e}");
            false
        }
    }
}

/// Put `list` on the clipboard in every format of [`encode`]; the plain text as every text
/// type Wayland clients ask for.
pub fn put(list: &FileList) -> Result<(), ClipboardError> {
    let sources = encode(list)
        .formats
        .into_iter()
        .map(|(format, bytes)| MimeSource {
            source: Source::Bytes(bytes.into_boxed_slice()),
            mime_type: if format == TEXT {
                copy::MimeType::Text
            } else {
                copy::MimeType::Specific(format.to_owned())
            },
        })
        .collect();
    offer(sources)
}

/// Put plain text on the clipboard.
pub fn put_text(text: String) -> Result<(), ClipboardError> {
    offer(vec![MimeSource {
        source: Source::Bytes(text.into_bytes().into_boxed_slice()),
        mime_type: copy::MimeType::Text,
    }])
}

/// Offer `sources` until another program puts something on the clipboard.
fn offer(sources: Vec<MimeSource>) -> Result<(), ClipboardError> {
    let mut options = copy::Options::new();
    options.clipboard(copy::ClipboardType::Regular);
    options
        .copy_multi(sources)
        .map_err(|e| ClipboardError::Write(e.to_string()))
}

/// The files on the clipboard, in the best format on offer.
pub fn read() -> Result<FileList, ClipboardError> {
    let offered: Vec<String> =
        match paste::get_mime_types(ClipboardType::Regular, Seat::Unspecified) {
            Ok(types) => types.into_iter().collect(),
            Err(paste::Error::ClipboardEmpty | paste::Error::NoSeats) => Vec::new(),
            Err(e) => return Err(ClipboardError::Unavailable(e.to_string())),
        };
    let hostname = porpoise_engine::host::hostname();
    Ok(decode(&offered, contents, &hostname)?)
}

/// The bytes offered as `mime`, read to the end (`None` when not offered or unreadable).
fn contents(mime: &str) -> Option<Vec<u8>> {
    let (mut pipe, _) = paste::get_contents(
        ClipboardType::Regular,
        Seat::Unspecified,
        paste::MimeType::Specific(mime),
    )
    .ok()?;
    let mut bytes = Vec::new();
    pipe.read_to_end(&mut bytes).ok()?;
    Some(bytes)
}

/// Empty the clipboard.
pub fn clear() -> Result<(), ClipboardError> {
    copy::clear(copy::ClipboardType::Regular, copy::Seat::All)
        .map_err(|e| ClipboardError::Write(e.to_string()))
}
