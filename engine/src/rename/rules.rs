//! The rules of a batch rename and how they make one new name: numbering, find and
//! replace (plain text or a regular expression, on bytes through `regex::bytes`, so the
//! bytes of a name that are not UTF-8 and are not matched stay as they were), a case
//! change, text before and after, and the extension kept.
//!
//! They apply in that order to the name's stem (the name without its extension when the
//! extension is kept, else the whole name): a numbering template, when given, takes the
//! stem's place; find and replace then work on what is there; the case changes; the text
//! before and after is added as typed.

use regex::bytes::{NoExpand, Regex, RegexBuilder};

use super::case::CaseChange;

/// What a batch rename does to each name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Text (or a regular expression) to find; empty finds nothing.
    pub find: String,
    /// What each match becomes (a regular expression's may name groups: `$1`, `${name}`).
    pub replace: String,
    /// `find` is a regular expression.
    pub regex: bool,
    /// Upper and lower case letters differ when finding.
    pub case_sensitive: bool,
    /// Text added before the name.
    pub before: String,
    /// Text added after the name (before a kept extension).
    pub after: String,
    /// A template that replaces the name, its first run of `#` standing for the item's
    /// number with as many digits (zero-padded; a template without `#` gets the number at
    /// its end); empty numbers nothing.
    pub numbering: String,
    /// The first item's number.
    pub start: u64,
    /// How much each next item's number is larger.
    pub step: u64,
    pub case: CaseChange,
    /// The extension (from a file name's last dot, not a leading one) stays as it is.
    pub keep_extension: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            find: String::new(),
            replace: String::new(),
            regex: false,
            case_sensitive: true,
            before: String::new(),
            after: String::new(),
            numbering: String::new(),
            start: 1,
            step: 1,
            case: CaseChange::Keep,
            keep_extension: true,
        }
    }
}

/// Why rules cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum RuleError {
    #[error("the regular expression {pattern:?} is not valid")]
    Regex {
        pattern: String,
        #[source]
        source: regex::Error,
    },
}

/// Rules made ready to rename: the expression compiled once for every name.
#[derive(Debug, Clone)]
pub struct Renamer {
    rules: Rules,
    finder: Option<Regex>,
}

impl Rules {
    /// Make the rules ready to use (compiles the expression).
    pub fn compile(&self) -> Result<Renamer, RuleError> {
        let finder = if self.find.is_empty() {
            None
        } else {
            let pattern = if self.regex {
                self.find.clone()
            } else {
                regex::escape(&self.find)
            };
            let built = RegexBuilder::new(&pattern)
                .case_insensitive(!self.case_sensitive)
                .build()
                .map_err(|source| RuleError::Regex {
                    pattern: self.find.clone(),
                    source,
                })?;
            Some(built)
        };
        Ok(Renamer {
            rules: self.clone(),
            finder,
        })
    }
}

impl Renamer {
    /// The new name of `name`, the item at `index` in the shown order (counting from 0);
    /// a folder's name has no extension.
    pub fn rename(&self, name: &[u8], is_dir: bool, index: usize) -> Vec<u8> {
        let r = &self.rules;
        let (stem, ext) = if r.keep_extension && !is_dir {
            split_extension(name)
        } else {
            (name, &b""[..])
        };
        let mut stem = if r.numbering.is_empty() {
            stem.to_vec()
        } else {
            let n = r.start.saturating_add(r.step.saturating_mul(index as u64));
            numbered(&r.numbering, n)
        };
        if let Some(finder) = &self.finder {
            stem = if r.regex {
                finder.replace_all(&stem, r.replace.as_bytes()).into_owned()
            } else {
                finder
                    .replace_all(&stem, NoExpand(r.replace.as_bytes()))
                    .into_owned()
            };
        }
        let stem = r.case.apply(&stem);
        let mut out = Vec::with_capacity(r.before.len() + stem.len() + r.after.len() + ext.len());
        out.extend_from_slice(r.before.as_bytes());
        out.extend_from_slice(&stem);
        out.extend_from_slice(r.after.as_bytes());
        out.extend_from_slice(ext);
        out
    }
}

/// A file name's stem and its extension with the dot (`.jpg`); a name whose only dot
/// leads (`.bashrc`) or ends it has none.
pub fn split_extension(name: &[u8]) -> (&[u8], &[u8]) {
    match name.iter().rposition(|&b| b == b'.') {
        Some(i) if i > 0 && i + 1 < name.len() => name.split_at(i),
        _ => (name, &[]),
    }
}

/// `template` with its first run of `#` replaced by `n`, zero-padded to the run's length
/// (a longer number is not cut); without `#`, `n` is added at the end.
fn numbered(template: &str, n: u64) -> Vec<u8> {
    let Some(start) = template.find('#') else {
        return format!("{template}{n}").into_bytes();
    };
    let width = template[start..].bytes().take_while(|&b| b == b'#').count();
    let end = start + width;
    format!("{}{n:0width$}{}", &template[..start], &template[end..]).into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Rules {
        Rules::default()
    }

    fn one(r: &Rules, name: &[u8]) -> Vec<u8> {
        r.compile().unwrap().rename(name, false, 0)
    }

    #[test]
    fn numbering_pads_counts_from_start_by_step_and_keeps_the_extension() {
        let r = Rules {
            numbering: "Holiday ###".into(),
            start: 8,
            step: 2,
            ..rules()
        };
        let r = r.compile().unwrap();
        assert_eq!(r.rename(b"IMG_1.jpg", false, 0), b"Holiday 008.jpg");
        assert_eq!(r.rename(b"IMG_2.JPG", false, 1), b"Holiday 010.JPG");
        assert_eq!(r.rename(b"notes", false, 600), b"Holiday 1208");
        assert_eq!(r.rename(b"album.d", true, 2), b"Holiday 012", "a folder");
        assert_eq!(numbered("x", 3), b"x3");
        assert_eq!(numbered("#-#", 3), b"3-#");
    }

    #[test]
    fn plain_find_is_literal_and_may_ignore_case() {
        let r = Rules {
            find: "a.b".into(),
            replace: "$1".into(),
            ..rules()
        };
        assert_eq!(one(&r, b"a.b axb A.B.txt"), b"$1 axb A.B.txt");
        let r = Rules {
            case_sensitive: false,
            ..r
        };
        assert_eq!(one(&r, b"a.b axb A.B.txt"), b"$1 axb $1.txt");
    }

    #[test]
    fn regular_expressions_replace_with_groups() {
        let r = Rules {
            find: r"IMG_(\d+)".into(),
            replace: "photo-${1}x".into(),
            regex: true,
            ..rules()
        };
        assert_eq!(one(&r, b"IMG_0042.jpg"), b"photo-0042x.jpg");
        let bad = Rules {
            find: "(".into(),
            ..r
        };
        assert!(matches!(bad.compile(), Err(RuleError::Regex { .. })));
    }

    #[test]
    fn case_text_around_and_extension() {
        let r = Rules {
            case: CaseChange::Upper,
            before: "new ".into(),
            after: "_v2".into(),
            ..rules()
        };
        assert_eq!(one(&r, b"report.final.pdf"), b"new REPORT.FINAL_v2.pdf");
        assert_eq!(one(&r, b".bashrc"), b"new .BASHRC_v2");
        let r = Rules {
            keep_extension: false,
            ..r
        };
        assert_eq!(one(&r, b"report.pdf"), b"new REPORT.PDF_v2");
    }

    #[test]
    fn bytes_that_are_not_utf8_stay_where_nothing_matched() {
        let r = Rules {
            find: "IMG".into(),
            replace: "Photo".into(),
            case: CaseChange::Lower,
            ..rules()
        };
        assert_eq!(one(&r, b"IMG_\xff\xfeX.JPG"), b"photo_\xff\xfex.JPG");
        let r = Rules {
            find: r"\d+".into(),
            replace: "N".into(),
            regex: true,
            ..rules()
        };
        assert_eq!(one(&r, b"\xe9t\xe912\xff.txt"), b"\xe9t\xe9N\xff.txt");
        let ext = Rules {
            after: "!".into(),
            ..rules()
        };
        assert_eq!(one(&ext, b"a.\xff\xfe"), b"a!.\xff\xfe");
    }
}
