//! Whether a new name can be a file's name on Linux at all.

/// The longest name a Linux filesystem takes, in bytes (`NAME_MAX`).
pub const NAME_MAX: usize = 255;

/// Why a name cannot be a file's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InvalidName {
    Empty,
    /// `.` or `..`.
    Dots,
    /// Holds `/`.
    Slash,
    /// Holds a NUL byte.
    Nul,
    /// Longer than [`NAME_MAX`] bytes.
    TooLong,
}

impl InvalidName {
    /// The stable name used in logs and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            InvalidName::Empty => "empty",
            InvalidName::Dots => "dots",
            InvalidName::Slash => "slash",
            InvalidName::Nul => "nul",
            InvalidName::TooLong => "too_long",
        }
    }
}

/// Why `name` cannot be a file's name, if it cannot.
pub fn invalid(name: &[u8]) -> Option<InvalidName> {
    if name.is_empty() {
        Some(InvalidName::Empty)
    } else if name == b"." || name == b".." {
        Some(InvalidName::Dots)
    } else if name.contains(&b'/') {
        Some(InvalidName::Slash)
    } else if name.contains(&0) {
        Some(InvalidName::Nul)
    } else if name.len() > NAME_MAX {
        Some(InvalidName::TooLong)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_linux_refuses_are_found() {
        assert_eq!(invalid(b""), Some(InvalidName::Empty));
        assert_eq!(invalid(b"."), Some(InvalidName::Dots));
        assert_eq!(invalid(b".."), Some(InvalidName::Dots));
        assert_eq!(invalid(b"a/b"), Some(InvalidName::Slash));
        assert_eq!(invalid(b"a\0b"), Some(InvalidName::Nul));
        assert_eq!(invalid(&[b'x'; 256]), Some(InvalidName::TooLong));
        assert_eq!(invalid(&[b'x'; 255]), None);
        assert_eq!(invalid(b"...\xff"), None);
    }
}
