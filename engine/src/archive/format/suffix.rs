//! The one table of the endings archives are named with (`.zip`, `.tar.gz`, `.tgz`, `.7z`,
//! `.gz`…): what each says the file holds and which format is written to a name ending
//! so. A name only guides what is offered and what things are called; reading goes by
//! the first bytes.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

use crate::archive::compress::OutFormat;

/// One ending an archive's name may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Suffix {
    /// The ending, lower case, with its dot.
    pub text: &'static str,
    /// One compressed file (`notes.txt.gz`) rather than an archive of entries: extracted
    /// as that file, never opened as a folder.
    pub one_file: bool,
    /// The format written to a name with this ending (the first row of a format is the
    /// extension it is given).
    pub writes: Option<OutFormat>,
}

const fn entries(text: &'static str, writes: Option<OutFormat>) -> Suffix {
    Suffix {
        text,
        one_file: false,
        writes,
    }
}

const fn one_file(text: &'static str) -> Suffix {
    Suffix {
        text,
        one_file: true,
        writes: None,
    }
}

/// Every ending known. Where two fit a name (`.tar.gz`, `.gz`), the longer one counts.
pub const SUFFIXES: &[Suffix] = &[
    entries(".zip", Some(OutFormat::Zip)),
    entries(".tar.gz", Some(OutFormat::TarGz)),
    entries(".tgz", Some(OutFormat::TarGz)),
    entries(".tar.xz", Some(OutFormat::TarXz)),
    entries(".txz", Some(OutFormat::TarXz)),
    entries(".tar.zst", Some(OutFormat::TarZst)),
    entries(".tzst", Some(OutFormat::TarZst)),
    entries(".7z", Some(OutFormat::SevenZ)),
    entries(".jar", None),
    entries(".tar", None),
    entries(".tar.bz2", None),
    entries(".tbz2", None),
    entries(".tbz", None),
    entries(".tar.lz4", None),
    one_file(".gz"),
    one_file(".xz"),
    one_file(".zst"),
    one_file(".bz2"),
    one_file(".lz4"),
];

/// The ending `name` has (case aside), when it is more than that ending.
pub fn suffix_of(name: &[u8]) -> Option<&'static Suffix> {
    let lower = name.to_ascii_lowercase();
    SUFFIXES
        .iter()
        .filter(|s| lower.len() > s.text.len() && lower.ends_with(s.text.as_bytes()))
        .max_by_key(|s| s.text.len())
}

/// `name` without its archive ending ("photos.tar.gz" → "photos"); `None` when it has
/// none.
pub fn strip_suffix(name: &OsStr) -> Option<&OsStr> {
    let b = name.as_bytes();
    suffix_of(b).map(|s| OsStr::from_bytes(&b[..b.len() - s.text.len()]))
}

/// The extension archives of `format` are given.
pub fn extension_of(format: OutFormat) -> &'static str {
    SUFFIXES
        .iter()
        .find(|s| s.writes == Some(format))
        .map_or("", |s| s.text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longer_ending_counts_and_case_is_aside() {
        let text = |name: &[u8]| suffix_of(name).map(|s| s.text);
        assert_eq!(text(b"a.TAR.GZ"), Some(".tar.gz"));
        assert_eq!(text(b"notes.txt.gz"), Some(".gz"));
        assert_eq!(text(b"a.tgz"), Some(".tgz"));
        assert_eq!(text(b".zip"), None);
        assert_eq!(text(b".tar.gz"), Some(".gz"));
        assert_eq!(text(b"README"), None);
        assert_eq!(
            strip_suffix(OsStr::new("v1.2.tar.zst")),
            Some(OsStr::new("v1.2"))
        );
    }

    #[test]
    fn each_format_written_has_an_extension_that_names_it() {
        for format in [
            OutFormat::Zip,
            OutFormat::TarGz,
            OutFormat::TarXz,
            OutFormat::TarZst,
            OutFormat::SevenZ,
        ] {
            let ext = extension_of(format);
            let name = format!("a{ext}");
            assert_eq!(
                suffix_of(name.as_bytes()).and_then(|s| s.writes),
                Some(format)
            );
        }
        assert_eq!(extension_of(OutFormat::TarGz), ".tar.gz");
    }
}
