//! Whether a file holds the content pattern, through ripgrep's libraries: `grep-regex`
//! compiles the text or regular expression, `grep-searcher` reads the file in buffers and
//! stops at the first matching line. A file that looks binary is still searched, its NUL
//! bytes read as line ends (as `grep -rl` lists binary files that match).

use std::fs::File;

use grep_matcher::Matcher;
use grep_regex::{RegexMatcher, RegexMatcherBuilder};
use grep_searcher::{BinaryDetection, Searcher, SearcherBuilder, Sink, SinkMatch};

use super::{Content, QueryError};

/// The compiled content pattern; each walking thread takes its own [`ContentMatcher::searcher`].
#[derive(Debug, Clone)]
pub struct ContentMatcher {
    matcher: RegexMatcher,
}

impl ContentMatcher {
    pub fn new(content: &Content) -> Result<ContentMatcher, QueryError> {
        let matcher = RegexMatcherBuilder::new()
            .fixed_strings(!content.regex)
            .case_insensitive(content.ignore_case)
            // Lets the searcher look through whole buffers at once, as ripgrep does.
            .line_terminator(Some(b'\n'))
            .build(&content.pattern)
            .map_err(|source| QueryError::Content {
                pattern: content.pattern.clone(),
                source,
            })?;
        Ok(ContentMatcher { matcher })
    }

    pub fn searcher(&self) -> FileSearcher {
        FileSearcher {
            // A clone has its own scratch space: threads never wait for each other's.
            matcher: self.matcher.clone(),
            searcher: SearcherBuilder::new()
                .binary_detection(BinaryDetection::convert(b'\x00'))
                .line_number(false)
                .build(),
        }
    }
}

/// One thread's searcher.
pub struct FileSearcher {
    matcher: RegexMatcher,
    searcher: Searcher,
}

impl FileSearcher {
    /// Whether `file` holds a match (it is read up to the first).
    pub fn holds_match(&mut self, file: &File) -> std::io::Result<bool> {
        let mut first = FirstMatch(false);
        self.searcher.search_file(&self.matcher, file, &mut first)?;
        Ok(first.0)
    }

    /// Whether `text` holds a match (for a quick look without a file).
    pub fn text_matches(&self, text: &[u8]) -> bool {
        self.matcher.is_match(text).unwrap_or(false)
    }
}

/// A sink that notes the first match and stops the search there.
struct FirstMatch(bool);

impl Sink for FirstMatch {
    type Error = std::io::Error;

    fn matched(&mut self, _: &Searcher, _: &SinkMatch<'_>) -> Result<bool, std::io::Error> {
        self.0 = true;
        Ok(false)
    }
}
