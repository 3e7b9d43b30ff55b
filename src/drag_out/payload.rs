//! The bytes a drag offers: `text/uri-list` (a `file://` URI per path, percent-encoded
//! from the path's bytes, each line ended by CRLF) and plain text (the paths, one a line).
//! Entries of an archive become files only when a target asks for them
//! ([`super::from_archive`]).

use std::path::PathBuf;

use super::from_archive::{extract_for_drop, picked_in_archive};

/// The formats offered, in the order targets should prefer them.
pub const URI_LIST: &str = "text/uri-list";
pub const TEXT: &str = "text/plain;charset=utf-8";

/// What one drag offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payload {
    pub uri_list: Vec<u8>,
    pub text: Vec<u8>,
    /// Entries of this archive, picked, still to be extracted.
    pending: Option<(PathBuf, Vec<PathBuf>)>,
}

impl Payload {
    /// What a drag of `paths` offers (entries of one archive: once extracted).
    pub fn of(paths: &[PathBuf]) -> Payload {
        match picked_in_archive(paths) {
            Some(pending) => Payload {
                uri_list: Vec::new(),
                text: Vec::new(),
                pending: Some(pending),
            },
            None => Payload::of_files(paths),
        }
    }

    /// Make the files the payload names, when it names entries of an archive: extracted
    /// now, once (an extraction that fails offers nothing).
    pub fn make_ready(&mut self) {
        let Some((archive, pick)) = self.pending.take() else {
            return;
        };
        match extract_for_drop(&archive, &pick) {
            Ok(files) => *self = Payload::of_files(&files),
            Err(e) => tracing::warn!("{}", porpoise_engine::error::chain(&e)),
        }
    }

    fn of_files(paths: &[PathBuf]) -> Payload {
        let mut uri_list = String::new();
        for p in paths {
            uri_list.push_str(&porpoise_engine::uri::file_uri(p));
            uri_list.push_str("\r\n");
        }
        let text = paths
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("\n");
        Payload {
            uri_list: uri_list.into_bytes(),
            text: text.into_bytes(),
            pending: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    #[test]
    fn uris_come_from_the_path_bytes() {
        let paths = [
            PathBuf::from("/home/u/a b.txt"),
            PathBuf::from(OsStr::from_bytes(b"/home/u/caf\xe9%#.txt")),
        ];
        let p = Payload::of(&paths);
        assert_eq!(
            p.uri_list,
            b"file:///home/u/a%20b.txt\r\nfile:///home/u/caf%E9%25%23.txt\r\n"
        );
        assert_eq!(
            p.text,
            "/home/u/a b.txt\n/home/u/caf\u{FFFD}%#.txt".as_bytes()
        );
    }
}
