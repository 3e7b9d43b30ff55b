//! The start of a text file, decoded: its encoding taken from a byte-order mark, else
//! UTF-8 when it is valid, else guessed by `chardetng`; a file with NUL bytes (that is
//! not UTF-16) or mostly control characters is binary and refused.

use std::io::Read;
use std::path::Path;

use encoding_rs::{Encoding, UTF_8};

use super::{PreviewError, open};
use crate::error::{IoError, Op};

/// At most this many bytes of a text file are read for its preview.
pub const TEXT_LIMIT: usize = 200 << 10;

/// The start of a text file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    /// Its first [`TEXT_LIMIT`] bytes (or all of it), decoded; an incomplete character
    /// where the read stopped is left out.
    pub text: String,
    /// The encoding it was read in, by its WHATWG name (`UTF-8`, `windows-1252`, …).
    pub encoding: &'static str,
    /// The file holds more than was read.
    pub cut: bool,
}

/// The first [`TEXT_LIMIT`] bytes of `path`, decoded; binary content is refused.
pub fn text(path: &Path) -> Result<Text, PreviewError> {
    let (file, size) = open::regular_file(path)?;
    let mut data =
        Vec::with_capacity(usize::try_from(size).map_or(TEXT_LIMIT, |s| s.min(TEXT_LIMIT)));
    file.take(TEXT_LIMIT as u64)
        .read_to_end(&mut data)
        .map_err(|e| IoError::new(Op::Read, path, e))?;
    let cut = size > data.len() as u64;
    decode(&data, cut).ok_or_else(|| PreviewError::Binary {
        path: path.to_owned(),
    })
}

/// `data` decoded, or `None` when it is binary. `cut`: more follows it.
pub(super) fn decode(data: &[u8], cut: bool) -> Option<Text> {
    let (encoding, body) = match Encoding::for_bom(data) {
        Some((encoding, bom)) => (encoding, &data[bom..]),
        None if data.contains(&0) => return None,
        None => (guess(data, cut), data),
    };
    let (text, _) = encoding.decode_without_bom_handling(body);
    let mut text = text.into_owned();
    if cut && text.ends_with('\u{fffd}') {
        // The read stopped inside a character.
        text.pop();
    }
    if mostly_control(&text) {
        return None;
    }
    Some(Text {
        text,
        encoding: encoding.name(),
        cut,
    })
}

/// UTF-8 when `data` is valid UTF-8 (up to a character cut at its end), else
/// `chardetng`'s guess.
fn guess(data: &[u8], cut: bool) -> &'static Encoding {
    match std::str::from_utf8(data) {
        Ok(_) => return UTF_8,
        // Only the last character is incomplete, where the read stopped.
        Err(e) if cut && e.error_len().is_none() => return UTF_8,
        Err(_) => {}
    }
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(data, !cut);
    detector.guess(None, true)
}

/// More than one character in ten is a control character other than the whitespace
/// and escapes text holds (tab, newline, carriage return, form feed, escape).
fn mostly_control(text: &str) -> bool {
    let (mut control, mut all) = (0usize, 0usize);
    for c in text.chars().take(64 << 10) {
        all += 1;
        if c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0c' | '\x1b') {
            control += 1;
        }
    }
    control * 10 > all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_taken_as_it_is() {
        let t = decode("grüße\n".as_bytes(), false).unwrap();
        assert_eq!((t.text.as_str(), t.encoding), ("grüße\n", "UTF-8"));
    }

    #[test]
    fn a_character_cut_by_the_limit_is_left_out() {
        let data = "abc ü".as_bytes();
        let t = decode(&data[..data.len() - 1], true).unwrap();
        assert_eq!((t.text.as_str(), t.encoding), ("abc ", "UTF-8"));
    }

    #[test]
    fn latin1_is_guessed() {
        let data = b"Die Stra\xdfe war gr\xfcn und sch\xf6n, \xe4rgerlich gro\xdf.\n";
        let t = decode(data, false).unwrap();
        assert_eq!(t.encoding, "windows-1252");
        assert!(t.text.contains("Straße"), "{}", t.text);
    }

    #[test]
    fn utf16_with_its_mark_is_read() {
        let mut data = vec![0xff, 0xfe];
        data.extend("hello".encode_utf16().flat_map(u16::to_le_bytes));
        let t = decode(&data, false).unwrap();
        assert_eq!((t.text.as_str(), t.encoding), ("hello", "UTF-16LE"));
    }

    #[test]
    fn binary_is_refused() {
        assert_eq!(decode(b"\x7fELF\x02\x01\x01\0\0\0", false), None);
        assert_eq!(decode(&[1, 2, 3, 4, 5, 6, 7, 8, b'a'], false), None);
    }
}
