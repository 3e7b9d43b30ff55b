//! Changing the case of a name's letters, on bytes: only the parts that are valid UTF-8
//! change; bytes that are not stay exactly as they were.

/// How the letters of a name change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CaseChange {
    /// As they are.
    #[default]
    Keep,
    Lower,
    Upper,
    /// The first letter of each word upper case, the others lower case.
    Title,
}

impl CaseChange {
    /// `name` with its letters changed; bytes that are not UTF-8 are kept and end a word.
    pub fn apply(self, name: &[u8]) -> Vec<u8> {
        if self == CaseChange::Keep {
            return name.to_vec();
        }
        let mut out = Vec::with_capacity(name.len());
        let mut word_start = true;
        for chunk in name.utf8_chunks() {
            for c in chunk.valid().chars() {
                let mut buf = [0u8; 4];
                match self {
                    CaseChange::Keep => out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes()),
                    CaseChange::Lower => push_all(&mut out, c.to_lowercase()),
                    CaseChange::Upper => push_all(&mut out, c.to_uppercase()),
                    CaseChange::Title if word_start => push_all(&mut out, c.to_uppercase()),
                    CaseChange::Title => push_all(&mut out, c.to_lowercase()),
                }
                word_start = !c.is_alphanumeric() && c != '\'';
            }
            if !chunk.invalid().is_empty() {
                out.extend_from_slice(chunk.invalid());
                word_start = true;
            }
        }
        out
    }
}

fn push_all(out: &mut Vec<u8>, chars: impl Iterator<Item = char>) {
    let mut buf = [0u8; 4];
    for c in chars {
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::CaseChange;

    #[test]
    fn letters_change_and_other_bytes_stay() {
        assert_eq!(CaseChange::Lower.apply(b"Holiday PHOTO"), b"holiday photo");
        assert_eq!(
            CaseChange::Upper.apply("straße".as_bytes()),
            "STRASSE".as_bytes()
        );
        assert_eq!(
            CaseChange::Title.apply(b"the old_MILL-house don't"),
            b"The Old_Mill-House Don't"
        );
        assert_eq!(
            CaseChange::Upper.apply(b"caf\xe9 ab\xff"),
            b"CAF\xe9 AB\xff"
        );
        assert_eq!(CaseChange::Title.apply(b"x\xffyz"), b"X\xffYz");
        assert_eq!(CaseChange::Keep.apply(b"MiXed\xfe"), b"MiXed\xfe");
    }
}
