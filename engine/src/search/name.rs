//! Matching a name (bytes, UTF-8 or not) against the name pattern: a substring, or a glob
//! matched against the whole name. Both become one regular expression on bytes
//! (`regex-automata`, the engine of the `regex` crate; globs translated by ripgrep's
//! `globset`), so case is folded in the comparison only (Unicode simple folding for a
//! substring, ASCII for a glob) and a name that is not UTF-8 is compared as it is.

use regex_automata::meta::{Cache, Regex};
use regex_automata::util::syntax;
use regex_automata::{Input, MatchKind};

use super::QueryError;

/// The compiled name pattern; each walking thread takes its own [`NameMatcher::matcher`].
#[derive(Debug, Clone)]
pub struct NameMatcher {
    /// `None`: every name matches.
    re: Option<Regex>,
}

/// One thread's matcher: the pattern with its own scratch space.
pub struct ThreadMatcher<'a> {
    re: Option<&'a Regex>,
    cache: Option<Cache>,
}

impl ThreadMatcher<'_> {
    pub fn is_match(&mut self, name: &[u8]) -> bool {
        match (self.re, self.cache.as_mut()) {
            (Some(re), Some(cache)) => re.is_match_with(cache, &Input::new(name).earliest(true)),
            _ => true,
        }
    }
}

/// Characters that make a pattern a glob.
fn is_glob(pattern: &[u8]) -> bool {
    pattern.iter().any(|b| matches!(b, b'*' | b'?' | b'['))
}

impl NameMatcher {
    /// `pattern` is a glob when it holds `*`, `?` or `[`, else a part of the name.
    pub fn new(pattern: &[u8], case_sensitive: bool) -> Result<NameMatcher, QueryError> {
        if pattern.is_empty() {
            return Ok(NameMatcher { re: None });
        }
        let expr = if is_glob(pattern) {
            glob_regex(pattern)?
        } else {
            substring_regex(pattern)
        };
        let re = Regex::builder()
            .syntax(
                syntax::Config::new()
                    .case_insensitive(!case_sensitive)
                    .utf8(false),
            )
            .configure(Regex::config().match_kind(MatchKind::LeftmostFirst))
            .build(&expr)
            .map_err(|e| QueryError::Name {
                pattern: String::from_utf8_lossy(pattern).into_owned(),
                source: Box::new(e),
            })?;
        Ok(NameMatcher { re: Some(re) })
    }

    /// Every name matches (an empty pattern).
    pub fn matches_all(&self) -> bool {
        self.re.is_none()
    }

    pub fn matcher(&self) -> ThreadMatcher<'_> {
        ThreadMatcher {
            re: self.re.as_ref(),
            cache: self.re.as_ref().map(Regex::create_cache),
        }
    }

    /// Whether `name` matches (for a single look; walking threads use [`Self::matcher`]).
    pub fn is_match(&self, name: &[u8]) -> bool {
        self.matcher().is_match(name)
    }
}

/// A regular expression matching names that hold `pattern`; bytes that are not UTF-8
/// are matched as bytes.
fn substring_regex(pattern: &[u8]) -> String {
    let mut expr = String::new();
    for chunk in pattern.utf8_chunks() {
        expr.push_str(&regex_syntax_escape(chunk.valid()));
        for b in chunk.invalid() {
            expr.push_str(&format!("(?-u:\\x{b:02X})"));
        }
    }
    expr
}

/// The regular expression `globset` makes of a glob, matching the whole name.
fn glob_regex(pattern: &[u8]) -> Result<String, QueryError> {
    let text = String::from_utf8_lossy(pattern).into_owned();
    let glob = globset::GlobBuilder::new(&text)
        .literal_separator(true)
        .backslash_escape(true)
        .build()
        .map_err(|source| QueryError::Glob {
            pattern: text.clone(),
            source,
        })?;
    // globset writes `(?-u)^…$`, matching any byte where the glob has `*` or `?`; case
    // is then folded for ASCII letters (as `find -iname` does in the C locale).
    Ok(glob.regex().to_owned())
}

/// `regex_syntax::escape`, without depending on the crate for one function.
fn regex_syntax_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_punctuation() || c == ' ' {
            // Every ASCII punctuation character may be escaped in Rust's syntax; a
            // space is escaped so that `x` mode could never change its meaning.
            if c != ' ' {
                out.push('\\');
            }
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(p: &[u8]) -> NameMatcher {
        NameMatcher::new(p, false).expect("pattern")
    }

    #[test]
    fn substring_folds_case() {
        assert!(m(b"report").is_match(b"Q3 REPORT.pdf"));
        assert!(!m(b"report").is_match(b"repo.txt"));
        assert!(m("é".as_bytes()).is_match("CAFÉ".as_bytes()));
        assert!(m(b"a.b").is_match(b"xa.by"));
        assert!(!m(b"a.b").is_match(b"axb"));
    }

    #[test]
    fn glob_matches_the_whole_name() {
        assert!(m(b"*.pdf").is_match(b"Book.PDF"));
        assert!(!m(b"*.pdf").is_match(b"book.pdf.txt"));
        assert!(m(b"?a[bc]").is_match(b"xAC"));
    }

    #[test]
    fn names_that_are_not_utf8() {
        assert!(m(b"caf").is_match(b"caf\xe9 au lait"));
        assert!(m(b"\xe9").is_match(b"caf\xe9"));
        assert!(m(b"*.txt").is_match(b"\xff\xfe.txt"));
        assert!(!m(b"\xe9").is_match(b"cafe"));
    }

    #[test]
    fn case_sensitive_when_asked() {
        let s = NameMatcher::new(b"Read", true).expect("pattern");
        assert!(s.is_match(b"ReadMe"));
        assert!(!s.is_match(b"readme"));
    }
}
