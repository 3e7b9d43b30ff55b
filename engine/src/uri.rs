//! Percent-encoded path bytes, as file URIs and trash records write them.

use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// `%XX` escapes to bytes; `None` for a broken escape or a NUL byte (no path holds one).
pub fn percent_decode(s: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' {
            let hex = std::str::from_utf8(s.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    (!out.contains(&0)).then_some(out)
}

/// Path bytes with every byte but `/` and the URI's unreserved ones (`A-Z a-z 0-9 - . _
/// ~`) written as `%XX`: what [`percent_decode`] reads back.
pub fn percent_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    push_encoded(&mut out, bytes, b"/-._~");
    out
}

/// Append `bytes` to `out`, each ASCII letter or digit and each byte of `keep` as it is,
/// every other byte as `%XX` (upper-case hex).
fn push_encoded(out: &mut String, bytes: &[u8], keep: &[u8]) {
    for &b in bytes {
        if b.is_ascii_alphanumeric() || keep.contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
}

/// The `file://` URI of an absolute path exactly as GLib writes it (`g_filename_to_uri`,
/// which GNOME, KDE and Thunar all match for thumbnails): the path's bytes, with every
/// byte but the unreserved ones (`A-Z a-z 0-9 - . _ ~`) and `! $ & ' ( ) * + , = : @ /`
/// written as `%XX` (upper-case hex). `;` is escaped: GLib's table leaves it out.
pub fn file_uri(path: &Path) -> String {
    let bytes = path.as_os_str().as_bytes();
    let mut out = String::with_capacity(bytes.len() + 7);
    out.push_str("file://");
    push_encoded(&mut out, bytes, b"-._~!$&'()*+,=:@/");
    out
}

/// The local path a `file:` URI names: the host must be empty, `localhost` or `hostname`
/// (this computer's name); `None` for any other URI.
pub fn local_path(uri: &[u8], hostname: &str) -> Option<std::path::PathBuf> {
    use std::os::unix::ffi::OsStringExt;
    let scheme = uri.get(..7)?;
    if !scheme.eq_ignore_ascii_case(b"file://") {
        return None;
    }
    let rest = &uri[7..];
    let slash = rest.iter().position(|&b| b == b'/')?;
    let host = &rest[..slash];
    let local = host.is_empty()
        || host.eq_ignore_ascii_case(b"localhost")
        || (!hostname.is_empty() && host == hostname.as_bytes());
    if !local {
        return None;
    }
    let bytes = percent_decode(&rest[slash..])?;
    Some(std::ffi::OsString::from_vec(bytes).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_name_local_paths_only() {
        let p = |u: &str| local_path(u.as_bytes(), "box");
        assert_eq!(
            p("file:///home/a/My%20Files"),
            Some("/home/a/My Files".into())
        );
        assert_eq!(p("FILE://localhost/tmp"), Some("/tmp".into()));
        assert_eq!(p("file://box/srv/x"), Some("/srv/x".into()));
        assert_eq!(p("file://elsewhere/srv/x"), None);
        assert_eq!(p("sftp://box/srv/x"), None);
        assert_eq!(p("file://"), None);
        assert_eq!(p("file:///bad%zz"), None);
    }

    #[test]
    fn decodes_escapes_and_refuses_broken_ones() {
        assert_eq!(percent_decode(b"a%20b").as_deref(), Some(&b"a b"[..]));
        assert_eq!(
            percent_decode(b"%ff%FE").as_deref(),
            Some(&[0xff, 0xfe][..])
        );
        assert_eq!(percent_decode(b"bad%2"), None);
        assert_eq!(percent_decode(b"bad%zz"), None);
        assert_eq!(percent_decode(b"nul%00"), None);
    }

    #[test]
    fn file_uris_escape_as_glib_does() {
        let uri = |b: &[u8]| file_uri(Path::new(std::ffi::OsStr::from_bytes(b)));
        assert_eq!(
            uri(b"/tmp/a;b c#d&e=f[x]@,$!~'()*+:.png"),
            "file:///tmp/a%3Bb%20c%23d&e=f%5Bx%5D@,$!~'()*+:.png"
        );
        assert_eq!(uri(b"/t/\xe9\xff%?"), "file:///t/%E9%FF%25%3F");
        let back = local_path(uri(b"/t/\xe9 %;").as_bytes(), "");
        assert_eq!(
            back.as_deref().map(|p| p.as_os_str().as_bytes()),
            Some(&b"/t/\xe9 %;"[..])
        );
    }

    #[test]
    fn encodes_what_decoding_reads_back() {
        let raw = b"/home/a/r\xc3\xa9sum\xc3\xa9 100%.txt\xff";
        let enc = percent_encode(raw);
        assert_eq!(enc, "/home/a/r%C3%A9sum%C3%A9%20100%25.txt%FF");
        assert_eq!(percent_decode(enc.as_bytes()).as_deref(), Some(&raw[..]));
    }
}
