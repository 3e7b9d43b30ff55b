//! Percent-encoded path bytes, as file URIs and trash records write them.

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
