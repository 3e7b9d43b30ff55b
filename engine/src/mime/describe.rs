//! What a type is called and drawn as: its description in the reader's language, read
//! from the database's `<type>.xml` (`<comment xml:lang="de">PNG-Bild</comment>`), and the
//! names of its icons in an icon theme (its own, then the generic one of its kind).

use std::path::Path;

use super::MimeDb;

impl MimeDb {
    /// The description of `mime` in the first of `languages` (`"de_DE"`, `"de"`, … most
    /// wanted first) that it has, else its plain (English) one; `None` for a type the
    /// database does not describe. Reads a small file: off the UI thread.
    pub fn description(&self, mime: &str, languages: &[String]) -> Option<String> {
        let mime = self.unalias(mime);
        self.dirs
            .iter()
            .find_map(|dir| describe(&dir.join(format!("{mime}.xml")), languages))
    }

    /// The icon names to look `mime` up by in an icon theme, the best first: the one the
    /// database names for it, `media-subtype`, then the generic icon of its kind.
    pub fn icon_names(&self, mime: &str) -> Vec<String> {
        match self.unalias(mime).parse() {
            Ok(m) => self.info.lookup_icon_names(&m),
            Err(_) => vec!["application-x-generic".into()],
        }
    }
}

/// The comment of one type's file in the first of `languages` it has, else the plain one.
fn describe(file: &Path, languages: &[String]) -> Option<String> {
    let text = std::fs::read_to_string(file).ok()?;
    let doc = roxmltree::Document::parse(&text).ok()?;
    let comments: Vec<(Option<&str>, &str)> = doc
        .root_element()
        .children()
        .filter(|n| n.has_tag_name("comment"))
        .filter_map(|n| {
            let lang = n.attribute(("http://www.w3.org/XML/1998/namespace", "lang"));
            Some((lang, n.text()?))
        })
        .collect();
    languages
        .iter()
        .find_map(|want| {
            comments
                .iter()
                .find(|(lang, _)| *lang == Some(want.as_str()))
        })
        .or_else(|| comments.iter().find(|(lang, _)| lang.is_none()))
        .map(|(_, text)| text.trim().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_comment_in_the_wanted_language_or_the_plain_one() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("png.xml");
        std::fs::write(
            &file,
            r#"<?xml version="1.0" encoding="utf-8"?>
<mime-type xmlns="http://www.freedesktop.org/standards/shared-mime-info" type="image/png">
  <comment>PNG image</comment>
  <comment xml:lang="de">PNG-Bild</comment>
  <comment xml:lang="fr">image PNG &amp; co</comment>
</mime-type>"#,
        )
        .expect("write");
        let langs = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            describe(&file, &langs(&["de_DE", "de"])).as_deref(),
            Some("PNG-Bild")
        );
        assert_eq!(
            describe(&file, &langs(&["fr"])).as_deref(),
            Some("image PNG & co")
        );
        assert_eq!(
            describe(&file, &langs(&["ja"])).as_deref(),
            Some("PNG image")
        );
        assert_eq!(describe(&dir.path().join("none.xml"), &[]), None);
    }
}
