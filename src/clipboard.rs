//! File lists on the system clipboard: the bytes of each format other file managers read
//! and write (`text/uri-list`, `x-special/gnome-copied-files`, `application/x-kde-cutselection`,
//! plain text), built and parsed here without I/O; [`owner`] talks to the display, through
//! [`wayland`] on a Wayland session.

pub mod owner;
mod wayland;

use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use porpoise_engine::remote::{Address, looks_like_address, resolve};
use porpoise_engine::uri::{file_uri, local_path};

/// The freedesktop list of URIs, one per line, CRLF-terminated.
pub const URI_LIST: &str = "text/uri-list";
/// GNOME's list: `copy` or `cut`, then one URI per line, LF-separated.
pub const GNOME_FILES: &str = "x-special/gnome-copied-files";
/// KDE's cut flag: `1` when the files were cut.
pub const KDE_CUT: &str = "application/x-kde-cutselection";
/// Plain text (the paths, one per line), for text editors and terminals.
pub const TEXT: &str = "UTF8_STRING";

/// What is on (or goes onto) the clipboard: local files, copied or cut.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileList {
    pub paths: Vec<PathBuf>,
    /// Cut (a paste moves them) rather than copied.
    pub cut: bool,
}

/// The bytes of every format for one file list, in the order they are offered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payload {
    pub formats: Vec<(&'static str, Vec<u8>)>,
}

/// Why a clipboard's content is not a list of local files.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("the clipboard holds no files")]
    NoFiles,
    #[error("the clipboard holds files that are not on this computer ({0})")]
    NotLocal(String),
    #[error("the clipboard holds files of a server that is not connected ({0})")]
    NotConnected(String),
}

/// Encode a file list in every format.
pub fn encode(list: &FileList) -> Payload {
    // Encoded as drags and the bus encode them (GLib's way), so one path is one URI.
    let uris: Vec<String> = list.paths.iter().map(|p| file_uri(p)).collect();
    let mut uri_list = String::new();
    for u in &uris {
        uri_list.push_str(u);
        uri_list.push_str("\r\n");
    }
    let gnome = format!(
        "{}\n{}",
        if list.cut { "cut" } else { "copy" },
        uris.join("\n")
    );
    let text = list
        .paths
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("\n");
    let mut formats = vec![
        (GNOME_FILES, gnome.into_bytes()),
        (URI_LIST, uri_list.into_bytes()),
    ];
    if list.cut {
        formats.push((KDE_CUT, b"1".to_vec()));
    }
    formats.push((TEXT, text.into_bytes()));
    Payload { formats }
}

/// The text "Copy Location" puts on the clipboard: each path on a line of its own, as
/// written; a path that is not UTF-8 as its `file:` URI, which keeps every byte.
pub fn locations_text(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| match p.to_str() {
            Some(s) => s.to_owned(),
            None => file_uri(p),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The local path of a URI in a file list: a `file:` URI's (its host empty, `localhost`
/// or `hostname`), or a server address's (`smb://nas/photos/a.jpg`, as other file
/// managers list files on a share) in GVfs's FUSE folder, when its place is connected.
/// Blocking (GVfs answers over the session bus): call it off the UI thread.
pub fn parse_file_uri(uri: &str, hostname: &str) -> Result<PathBuf, DecodeError> {
    if let Some(path) = local_path(uri.as_bytes(), hostname) {
        return Ok(path);
    }
    match Address::parse(uri.as_bytes()) {
        Ok(address) if looks_like_address(uri.as_bytes()) => {
            resolve::fuse_path(&address).ok_or_else(|| DecodeError::NotConnected(uri.to_owned()))
        }
        _ => Err(DecodeError::NotLocal(uri.to_owned())),
    }
}

/// Parse a `text/uri-list` (CRLF or LF lines; `#` lines are comments).
pub fn decode_uri_list(bytes: &[u8], hostname: &str) -> Result<Vec<PathBuf>, DecodeError> {
    let text = String::from_utf8_lossy(bytes);
    let paths = text
        .lines()
        .map(|l| l.trim_end_matches('\r').trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| parse_file_uri(l, hostname))
        .collect::<Result<Vec<_>, _>>()?;
    if paths.is_empty() {
        return Err(DecodeError::NoFiles);
    }
    Ok(paths)
}

/// Parse GNOME's list: `copy`/`cut` on the first line, then URIs.
pub fn decode_gnome(bytes: &[u8], hostname: &str) -> Result<FileList, DecodeError> {
    let text = String::from_utf8_lossy(bytes);
    let mut lines = text.lines();
    let cut = match lines.next().map(str::trim) {
        Some("cut") => true,
        Some("copy") => false,
        _ => return Err(DecodeError::NoFiles),
    };
    let rest: Vec<&str> = lines.collect();
    let paths = decode_uri_list(rest.join("\n").as_bytes(), hostname)?;
    Ok(FileList { paths, cut })
}

/// Parse plain text: every line an absolute path or a `file:` URI.
pub fn decode_text(bytes: &[u8], hostname: &str) -> Result<Vec<PathBuf>, DecodeError> {
    let mut paths = Vec::new();
    for line in bytes.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            continue;
        }
        if line.starts_with(b"/") {
            paths.push(PathBuf::from(std::ffi::OsStr::from_bytes(line)));
        } else if line.starts_with(b"file:") {
            paths.push(parse_file_uri(&String::from_utf8_lossy(line), hostname)?);
        } else {
            return Err(DecodeError::NoFiles);
        }
    }
    if paths.is_empty() {
        return Err(DecodeError::NoFiles);
    }
    Ok(paths)
}

/// Read the best format on offer: GNOME's list, else the URI list (cut if KDE's flag says
/// so), else plain text. `get` fetches one format's bytes (`None` if not offered).
pub fn decode(
    offered: &[String],
    mut get: impl FnMut(&str) -> Option<Vec<u8>>,
    hostname: &str,
) -> Result<FileList, DecodeError> {
    let has = |f: &str| offered.iter().any(|o| o == f);
    if has(GNOME_FILES)
        && let Some(bytes) = get(GNOME_FILES)
    {
        return decode_gnome(&bytes, hostname);
    }
    if has(URI_LIST)
        && let Some(bytes) = get(URI_LIST)
    {
        let paths = decode_uri_list(&bytes, hostname)?;
        let cut = has(KDE_CUT) && get(KDE_CUT).is_some_and(|b| b.trim_ascii() == b"1");
        return Ok(FileList { paths, cut });
    }
    for text in [TEXT, "text/plain;charset=utf-8", "text/plain", "STRING"] {
        if has(text)
            && let Some(bytes) = get(text)
        {
            let paths = decode_text(&bytes, hostname)?;
            return Ok(FileList { paths, cut: false });
        }
    }
    Err(DecodeError::NoFiles)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(paths: &[&[u8]], cut: bool) -> FileList {
        FileList {
            paths: paths
                .iter()
                .map(|p| PathBuf::from(std::ffi::OsStr::from_bytes(p)))
                .collect(),
            cut,
        }
    }

    fn format<'a>(p: &'a Payload, name: &str) -> Option<&'a [u8]> {
        p.formats
            .iter()
            .find(|(f, _)| *f == name)
            .map(|(_, b)| b.as_slice())
    }

    #[test]
    fn locations_are_paths_and_non_utf8_ones_uris() {
        let l = list(&[b"/tmp/a b.txt", b"/tmp/caf\xe9"], false);
        assert_eq!(locations_text(&l.paths), "/tmp/a b.txt\nfile:///tmp/caf%E9");
    }

    #[test]
    fn encodes_spaces_and_non_utf8_names() {
        let p = encode(&list(
            &[b"/tmp/a b.txt", b"/tmp/caf\xe9", b"/t/\xc3\xa4%#"],
            false,
        ));
        assert_eq!(
            format(&p, URI_LIST).unwrap(),
            b"file:///tmp/a%20b.txt\r\nfile:///tmp/caf%E9\r\nfile:///t/%C3%A4%25%23\r\n"
        );
        assert_eq!(
            format(&p, GNOME_FILES).unwrap(),
            b"copy\nfile:///tmp/a%20b.txt\nfile:///tmp/caf%E9\nfile:///t/%C3%A4%25%23"
        );
        assert_eq!(format(&p, KDE_CUT), None);
        assert_eq!(
            format(&p, TEXT).unwrap(),
            "/tmp/a b.txt\n/tmp/caf\u{FFFD}\n/t/ä%#".as_bytes()
        );
    }

    #[test]
    fn cut_is_marked_for_gnome_and_kde() {
        let p = encode(&list(&[b"/x"], true));
        assert_eq!(format(&p, GNOME_FILES).unwrap(), b"cut\nfile:///x");
        assert_eq!(format(&p, KDE_CUT).unwrap(), b"1");
    }

    #[test]
    fn round_trips_bytes() {
        let original = list(&[b"/tmp/a b", b"/tmp/\xff\xfe name", b"/n\nl"], true);
        let p = encode(&original);
        let offered: Vec<String> = p.formats.iter().map(|(f, _)| f.to_string()).collect();
        let get = |f: &str| format(&p, f).map(<[u8]>::to_vec);
        assert_eq!(decode(&offered, get, "box").unwrap(), original);
        // Without GNOME's format the URI list and KDE's flag say the same.
        let offered = vec![URI_LIST.to_owned(), KDE_CUT.to_owned()];
        assert_eq!(decode(&offered, get, "box").unwrap(), original);
    }

    #[test]
    fn reads_hosts_and_refuses_foreign_ones() {
        let host = "porpoise-box";
        for uri in [
            "file:///a%20b",
            "file://localhost/a%20b",
            "file://porpoise-box/a%20b",
        ] {
            assert_eq!(parse_file_uri(uri, host).unwrap(), PathBuf::from("/a b"));
        }
        assert!(matches!(
            parse_file_uri("file://elsewhere/a", host),
            Err(DecodeError::NotLocal(_))
        ));
        assert!(matches!(
            decode_uri_list(b"gopher://h/a\r\n", host),
            Err(DecodeError::NotLocal(_))
        ));
        // A server's file, with no place of that server connected.
        assert!(matches!(
            decode_uri_list(b"sftp://nowhere.invalid/a\r\n", host),
            Err(DecodeError::NotConnected(_))
        ));
        assert_eq!(
            decode_uri_list(b"# comment\r\nfile:///x\r\n\r\nfile:///y", host).unwrap(),
            [PathBuf::from("/x"), PathBuf::from("/y")]
        );
        assert_eq!(decode_uri_list(b"", host), Err(DecodeError::NoFiles));
    }

    #[test]
    fn reads_foreign_lists_and_text() {
        // Dolphin: uri-list with LF only, KDE's cut flag.
        let offered = vec![URI_LIST.to_owned(), KDE_CUT.to_owned(), TEXT.to_owned()];
        let got = decode(
            &offered,
            |f| match f {
                URI_LIST => Some(b"file:///home/u/x.txt\nfile:///home/u/y".to_vec()),
                KDE_CUT => Some(b"1".to_vec()),
                _ => None,
            },
            "h",
        )
        .unwrap();
        assert!(got.cut);
        assert_eq!(got.paths.len(), 2);
        // A terminal: plain text paths.
        let got = decode(
            &[TEXT.to_owned()],
            |_| Some(b"/etc/hosts\nfile:///etc/fstab\n".to_vec()),
            "h",
        )
        .unwrap();
        assert_eq!(
            got.paths,
            [PathBuf::from("/etc/hosts"), PathBuf::from("/etc/fstab")]
        );
        // Ordinary text is not a file list.
        assert_eq!(
            decode(&[TEXT.to_owned()], |_| Some(b"hello".to_vec()), "h"),
            Err(DecodeError::NoFiles)
        );
        assert_eq!(decode(&[], |_| None, "h"), Err(DecodeError::NoFiles));
    }
}
