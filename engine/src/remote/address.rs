//! Addresses of remote places (`smb://`, `sftp://`, `ftp://`, `dav://`, `davs://`,
//! `nfs://`), read from untrusted text: a bad address is a typed error, never a local path.

use std::fmt;

use crate::uri::{percent_decode, percent_encode};

/// The longest address taken, in bytes.
const MAX_LEN: usize = 8192;

/// The kinds of server an address can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scheme {
    Smb,
    Sftp,
    Ftp,
    /// WebDAV over HTTP.
    Dav,
    /// WebDAV over HTTPS.
    Davs,
    Nfs,
}

impl Scheme {
    pub const ALL: [Scheme; 6] = [
        Scheme::Smb,
        Scheme::Sftp,
        Scheme::Ftp,
        Scheme::Dav,
        Scheme::Davs,
        Scheme::Nfs,
    ];

    /// The scheme as addresses write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Scheme::Smb => "smb",
            Scheme::Sftp => "sftp",
            Scheme::Ftp => "ftp",
            Scheme::Dav => "dav",
            Scheme::Davs => "davs",
            Scheme::Nfs => "nfs",
        }
    }

    /// The scheme written `s` (any case).
    pub fn parse(s: &str) -> Option<Scheme> {
        Scheme::ALL
            .into_iter()
            .find(|k| k.as_str().eq_ignore_ascii_case(s))
    }
}

/// Why text is not an address of a remote place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    #[error("{uri:?} is not an address: it has no scheme:// in front")]
    NoScheme { uri: String },
    /// A scheme no part of Porpoise serves (`gopher://`, `http://`…).
    #[error("{uri:?}: no server of {scheme}:// addresses can be opened")]
    UnknownScheme { uri: String, scheme: String },
    #[error("{uri:?} names no server")]
    NoHost { uri: String },
    #[error("{uri:?} names its server with characters no server name has")]
    BadHost { uri: String },
    #[error("{uri:?} has a port that is not a number from 1 to 65535")]
    BadPort { uri: String },
    #[error("{uri:?} has a user name that is not plain text")]
    BadUser { uri: String },
    /// Passwords are asked for, never taken from an address (which is shown and kept).
    #[error("{uri:?} holds a password; leave it out, it will be asked for")]
    PasswordInAddress { uri: String },
    #[error("{uri:?} has a broken %-escape, a NUL byte or a control character")]
    BadEscape { uri: String },
    /// `?query` and `#fragment` mean nothing to a file server.
    #[error("{uri:?} has a query or a fragment (? or #); write them as %3F and %23")]
    QueryOrFragment { uri: String },
    /// `..` in the path: it would climb out of where the address points.
    #[error("{uri:?} has a .. in its path")]
    DotDot { uri: String },
    #[error("an address of {len} bytes is longer than the {MAX_LEN} taken")]
    TooLong { len: usize },
}

/// Where a remote place is: the server and the path on it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Address {
    pub scheme: Scheme,
    /// The user to log in as, when the address names one.
    pub user: Option<String>,
    /// A server name or an IP address (an IPv6 one in `[...]`), in lower case.
    pub host: String,
    pub port: Option<u16>,
    /// The path's bytes, decoded, starting with `/`: no empty, `.` or `..` parts, no
    /// trailing `/` (except the root itself).
    pub path: Vec<u8>,
}

/// Does `text` begin like an address (`scheme://`)? `file://` does not count: it names a
/// local path.
pub fn looks_like_address(text: &[u8]) -> bool {
    scheme_end(text).is_some_and(|end| !text[..end].eq_ignore_ascii_case(b"file"))
}

/// The length of the scheme when `text` starts `scheme://`.
fn scheme_end(text: &[u8]) -> Option<usize> {
    let end = text.windows(3).position(|w| w == b"://")?;
    let scheme = &text[..end];
    let first = scheme.first()?;
    let valid = first.is_ascii_alphabetic()
        && scheme
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
    valid.then_some(end)
}

impl Address {
    /// Read an address; every part checked, the path percent-decoded to bytes.
    pub fn parse(text: &[u8]) -> Result<Address, AddressError> {
        if text.len() > MAX_LEN {
            return Err(AddressError::TooLong { len: text.len() });
        }
        let uri = String::from_utf8_lossy(text).into_owned();
        let Some(end) = scheme_end(text) else {
            return Err(AddressError::NoScheme { uri });
        };
        let scheme_text = String::from_utf8_lossy(&text[..end]).into_owned();
        let Some(scheme) = Scheme::parse(&scheme_text) else {
            return Err(AddressError::UnknownScheme {
                uri,
                scheme: scheme_text.to_ascii_lowercase(),
            });
        };
        let rest = &text[end + 3..];
        if rest.iter().any(|&b| b < 0x20 || b == 0x7f) {
            return Err(AddressError::BadEscape { uri });
        }
        if rest.iter().any(|&b| b == b'?' || b == b'#') {
            return Err(AddressError::QueryOrFragment { uri });
        }
        let slash = rest.iter().position(|&b| b == b'/').unwrap_or(rest.len());
        let (authority, raw_path) = rest.split_at(slash);
        let (user, hostport) = match authority.iter().rposition(|&b| b == b'@') {
            Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
            None => (None, authority),
        };
        let user = match user {
            Some(u) => Some(parse_user(u).map_err(|e| e(uri.clone()))?),
            None => None,
        };
        let (host, port) =
            split_port(hostport).ok_or(AddressError::BadPort { uri: uri.clone() })?;
        if host.is_empty() {
            return Err(AddressError::NoHost { uri });
        }
        let host = parse_host(host).ok_or(AddressError::BadHost { uri: uri.clone() })?;
        let decoded =
            percent_decode(raw_path).ok_or(AddressError::BadEscape { uri: uri.clone() })?;
        let path = clean_path(&decoded).ok_or(AddressError::DotDot { uri })?;
        Ok(Address {
            scheme,
            user,
            host,
            port,
            path,
        })
    }

    /// The address written out as a URI: what [`Address::parse`] reads back as the same
    /// address, and what other programs take (the clipboard, GIO, saved servers).
    pub fn uri(&self) -> String {
        let mut out = self.server_part();
        out.push_str(&percent_encode(&self.path));
        out
    }

    /// The address as a person reads it (the title, the location bar, Places): the
    /// path's text as it is (`smb://nas/photos/Summer 2026`), with `%XX` only for what
    /// would not read back or could mislead the eye: `%`, `?`, `#`, control and
    /// direction-changing characters, bytes that are not UTF-8, and white space that
    /// ends the text. [`Address::parse`] reads it back as this address.
    pub fn readable(&self) -> String {
        let mut out = self.server_part();
        out.push_str(&readable_path(&self.path));
        out
    }

    /// `scheme://user@host:port`, each part as [`Address::parse`] reads it.
    fn server_part(&self) -> String {
        let mut out = format!("{}://", self.scheme.as_str());
        if let Some(user) = &self.user {
            out.push_str(&percent_encode(user.as_bytes()).replace('/', "%2F"));
            out.push('@');
        }
        out.push_str(&self.host);
        if let Some(port) = self.port {
            out.push_str(&format!(":{port}"));
        }
        out
    }

    /// The same server with `path` (bytes, absolute) in place of this path.
    pub fn with_path(&self, path: &[u8]) -> Option<Address> {
        Some(Address {
            path: clean_path(path)?,
            ..self.clone()
        })
    }

    /// The address of `rest`, a path below this address's folder (what a place's folder
    /// in GVfs's FUSE folder holds under its root): its parts joined onto this path.
    pub fn below(&self, rest: &std::path::Path) -> Option<Address> {
        use std::os::unix::ffi::OsStrExt;
        let mut path = self.path.clone();
        for part in rest.components() {
            if path.last() != Some(&b'/') {
                path.push(b'/');
            }
            path.extend_from_slice(part.as_os_str().as_bytes());
        }
        self.with_path(&path)
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.uri())
    }
}

type MakeError = fn(String) -> AddressError;

/// A path's bytes as [`Address::readable`] writes them.
fn readable_path(path: &[u8]) -> String {
    let mut out = String::with_capacity(path.len());
    let escape = |out: &mut String, bytes: &[u8]| {
        for b in bytes {
            out.push_str(&format!("%{b:02X}"));
        }
    };
    for chunk in path.utf8_chunks() {
        for c in chunk.valid().chars() {
            match misleads(c) {
                true => escape(&mut out, c.encode_utf8(&mut [0; 4]).as_bytes()),
                false => out.push(c),
            }
        }
        escape(&mut out, chunk.invalid());
    }
    // White space at the end would be trimmed off a typed line.
    if let Some(last) = out.chars().last().filter(|c| c.is_whitespace()) {
        out.truncate(out.len() - last.len_utf8());
        escape(&mut out, last.encode_utf8(&mut [0; 4]).as_bytes());
    }
    out
}

/// Would `c`, written as itself in an address, read back as something else (`%`, `?`,
/// `#`) or not be seen for what it is (control, invisible and direction-changing
/// characters, which can make a name look like another)?
fn misleads(c: char) -> bool {
    matches!(c, '%' | '?' | '#')
        || c.is_control()
        || matches!(c,
            '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{180E}' | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FEFF}'
            | '\u{FFA0}' | '\u{FFF9}'..='\u{FFFB}')
}

/// `user` or `domain;user`, decoded, as plain text without control characters.
fn parse_user(raw: &[u8]) -> Result<String, MakeError> {
    if raw.contains(&b':') {
        return Err(|uri| AddressError::PasswordInAddress { uri });
    }
    let decoded =
        percent_decode(raw).ok_or((|uri| AddressError::BadEscape { uri }) as MakeError)?;
    let text = String::from_utf8(decoded)
        .map_err(|_| (|uri| AddressError::BadUser { uri }) as MakeError)?;
    if text.is_empty() || text.chars().any(|c| c.is_control() || c == '@' || c == '/') {
        return Err(|uri| AddressError::BadUser { uri });
    }
    Ok(text)
}

/// `host` or `host:port` (`[v6]` or `[v6]:port`); `None` for a bad port.
fn split_port(hostport: &[u8]) -> Option<(&[u8], Option<u16>)> {
    let colon = if hostport.first() == Some(&b'[') {
        let close = hostport.iter().position(|&b| b == b']')?;
        match hostport.get(close + 1) {
            None => return Some((hostport, None)),
            Some(b':') => close + 1,
            Some(_) => return None,
        }
    } else {
        match hostport.iter().position(|&b| b == b':') {
            Some(c) => c,
            None => return Some((hostport, None)),
        }
    };
    let digits = &hostport[colon + 1..];
    if digits.is_empty() || digits.len() > 5 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let port: u16 = std::str::from_utf8(digits).ok()?.parse().ok()?;
    (port != 0).then_some((&hostport[..colon], Some(port)))
}

/// A server name (letters, digits, `-`, `_`, `.`) or a bracketed IPv6 address, in lower
/// case.
fn parse_host(host: &[u8]) -> Option<String> {
    let ok = if let Some(inner) = host.strip_prefix(b"[") {
        let inner = inner.strip_suffix(b"]")?;
        !inner.is_empty()
            && inner
                .iter()
                .all(|&b| b.is_ascii_hexdigit() || b == b':' || b == b'.')
    } else {
        host.len() <= 253
            && host
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
            && !host.starts_with(b".")
            && !host.starts_with(b"-")
    };
    ok.then(|| String::from_utf8_lossy(host).to_ascii_lowercase())
}

/// The path with empty and `.` parts dropped, starting with `/`; `None` when a part is
/// `..`.
fn clean_path(decoded: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(decoded.len() + 1);
    for part in decoded.split(|&b| b == b'/') {
        match part {
            b"" | b"." => {}
            b".." => return None,
            name => {
                out.push(b'/');
                out.extend_from_slice(name);
            }
        }
    }
    if out.is_empty() {
        out.push(b'/');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Address, AddressError> {
        Address::parse(s.as_bytes())
    }

    #[test]
    fn a_path_below_an_address_is_joined_onto_its_folder() {
        let below = |address: &str, rest: &str| {
            let address = parse(address).expect("an address");
            address.below(std::path::Path::new(rest)).map(|a| a.uri())
        };
        assert_eq!(
            below("smb://nas/photos", "2026/summer.jpg").as_deref(),
            Some("smb://nas/photos/2026/summer.jpg")
        );
        assert_eq!(
            below("smb://nas/photos", "").as_deref(),
            Some("smb://nas/photos")
        );
        assert_eq!(
            below("sftp://ann@host/", "srv").as_deref(),
            Some("sftp://ann@host/srv")
        );
        assert_eq!(below("smb://nas/photos", "../secret"), None);
    }

    #[test]
    fn a_readable_address_shows_the_text_and_reads_back_the_same() {
        let readable = |uri: &str| parse(uri).expect("an address").readable();
        assert_eq!(
            readable("smb://nas/photos/Summer%202026/caf%C3%A9"),
            "smb://nas/photos/Summer 2026/café"
        );
        // What would read back as something else, or hide from the eye, stays escaped.
        assert_eq!(
            readable("smb://nas/a%25b%3F%23/%E2%80%AEgpj.exe/%FF/x%09y/end%20"),
            "smb://nas/a%25b%3F%23/%E2%80%AEgpj.exe/%FF/x%09y/end%20"
        );
        assert_eq!(
            readable("sftp://ann%3Bw@[::1]:2222/"),
            "sftp://ann%3Bw@[::1]:2222/"
        );
        // Every path reads back as itself, also as the location bar hands it back
        // (a `/` added, white space trimmed).
        let names: [&[u8]; 12] = [
            b"plain",
            b"two words",
            b"100%",
            b"%41",
            b"what?#",
            b"caf\xc3\xa9",
            b"\xff\xfe",
            b"\xe2\x80\xae",
            b"tab\there",
            b"ends in space ",
            b"\xc2\xa0",
            b"a:b@c;d",
        ];
        for name in names {
            let mut path = b"/share/".to_vec();
            path.extend_from_slice(name);
            let a = parse("smb://nas/").expect("an address").with_path(&path);
            let a = a.expect("a path");
            let shown = a.readable();
            assert_eq!(parse(&shown).as_ref(), Ok(&a), "{shown}");
            let typed = format!(" {shown}/ ");
            assert_eq!(parse(typed.trim()).as_ref(), Ok(&a), "{typed}");
        }
    }

    #[test]
    fn reads_every_part() {
        let a = parse("smb://Alice@NAS.local:4450/photos/2026/My%20Trip%FF").expect("an address");
        assert_eq!(a.scheme, Scheme::Smb);
        assert_eq!(a.user.as_deref(), Some("Alice"));
        assert_eq!(a.host, "nas.local");
        assert_eq!(a.port, Some(4450));
        assert_eq!(a.path, b"/photos/2026/My Trip\xff");
        assert_eq!(
            a.uri(),
            "smb://Alice@nas.local:4450/photos/2026/My%20Trip%FF"
        );
        assert_eq!(parse(&a.uri()), Ok(a));
    }

    #[test]
    fn every_scheme_and_the_short_forms() {
        for s in Scheme::ALL {
            let a = parse(&format!("{}://host", s.as_str().to_uppercase())).expect("address");
            assert_eq!((a.scheme, a.path.as_slice(), a.port), (s, &b"/"[..], None));
        }
        let a = parse("sftp://[::1]:2222//srv//./x/").expect("v6");
        assert_eq!((a.host.as_str(), a.port), ("[::1]", Some(2222)));
        assert_eq!(a.path, b"/srv/x");
        let a = parse("smb://WORK%3Bbob@nas/share").expect("domain;user");
        assert_eq!(a.user.as_deref(), Some("WORK;bob"));
    }

    #[test]
    fn hostile_text_is_a_typed_error() {
        use AddressError::*;
        let kind = |s: &str| match parse(s) {
            Ok(a) => panic!("{s:?} was taken as {a:?}"),
            Err(e) => std::mem::discriminant(&e),
        };
        let d = std::mem::discriminant;
        let uri = String::new();
        assert_eq!(kind("smb:/nas/x"), d(&NoScheme { uri: uri.clone() }));
        assert_eq!(kind("/tmp/x"), d(&NoScheme { uri: uri.clone() }));
        assert_eq!(
            kind("gopher://host/x"),
            d(&UnknownScheme {
                uri: uri.clone(),
                scheme: uri.clone()
            })
        );
        assert_eq!(
            kind("file:///etc"),
            d(&UnknownScheme {
                uri: uri.clone(),
                scheme: uri.clone()
            })
        );
        assert_eq!(kind("smb:///share"), d(&NoHost { uri: uri.clone() }));
        assert_eq!(kind("smb://:445/share"), d(&NoHost { uri: uri.clone() }));
        assert_eq!(kind("smb://ho st/x"), d(&BadHost { uri: uri.clone() }));
        assert_eq!(kind("smb://h%41st/x"), d(&BadHost { uri: uri.clone() }));
        assert_eq!(kind("smb://[zz]/x"), d(&BadHost { uri: uri.clone() }));
        for port in ["0", "65536", "99999999999", "x", ""] {
            assert_eq!(
                kind(&format!("smb://h:{port}/x")),
                d(&BadPort { uri: uri.clone() })
            );
        }
        assert_eq!(
            kind("smb://a:pw@h/x"),
            d(&PasswordInAddress { uri: uri.clone() })
        );
        assert_eq!(kind("smb://%FF@h/x"), d(&BadUser { uri: uri.clone() }));
        assert_eq!(kind("smb://@h/x"), d(&BadUser { uri: uri.clone() }));
        assert_eq!(kind("smb://h/x%00y"), d(&BadEscape { uri: uri.clone() }));
        assert_eq!(kind("smb://h/x%2"), d(&BadEscape { uri: uri.clone() }));
        assert_eq!(kind("smb://h/x\ny"), d(&BadEscape { uri: uri.clone() }));
        assert_eq!(
            kind("smb://h/x?y"),
            d(&QueryOrFragment { uri: uri.clone() })
        );
        assert_eq!(
            kind("smb://h/x#y"),
            d(&QueryOrFragment { uri: uri.clone() })
        );
        assert_eq!(
            kind("smb://h/share/../../etc"),
            d(&DotDot { uri: uri.clone() })
        );
        // An escaped slash and dots decode to a `..` part: refused all the same.
        assert_eq!(
            kind("smb://h/share/x%2F%2E%2E%2F%2E%2E"),
            d(&DotDot { uri: uri.clone() })
        );
        let long = format!("smb://h/{}", "a".repeat(MAX_LEN));
        assert_eq!(kind(&long), d(&TooLong { len: 0 }));
    }

    #[test]
    fn tells_addresses_from_paths() {
        assert!(looks_like_address(b"smb://h/x"));
        assert!(looks_like_address(b"gopher://h"));
        assert!(!looks_like_address(b"file:///tmp"));
        assert!(!looks_like_address(b"./smb:/x"));
        assert!(!looks_like_address(b"/tmp/a://b"));
        assert!(!looks_like_address(b"relative/dir"));
    }
}
