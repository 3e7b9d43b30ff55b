//! The bytes a drag offers: `text/uri-list` (a `file://` URI per path, percent-encoded
//! from the path's bytes, each line ended by CRLF) and plain text (the paths, one a line).

use std::path::PathBuf;

/// The formats offered, in the order targets should prefer them.
pub const URI_LIST: &str = "text/uri-list";
pub const TEXT: &str = "text/plain;charset=utf-8";

/// What one drag offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payload {
    pub uri_list: Vec<u8>,
    pub text: Vec<u8>,
}

impl Payload {
    pub fn of(paths: &[PathBuf]) -> Payload {
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
