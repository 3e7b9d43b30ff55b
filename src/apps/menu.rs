//! The "Open With" submenu of a file's menu: the applications for the selection's type
//! (for files of several types, those that open all of them), the default first, then
//! "Other Application…". Its entries come off the UI thread (the files' types are read);
//! until they come it is not shown.

use std::path::PathBuf;

use super::AppChoice;

/// The messages of the "Open With" submenu.
#[derive(Debug, Clone)]
pub enum OpenWithMsg {
    /// The applications for the files it was asked for (`ticket`), and their types.
    Choices {
        ticket: u64,
        choices: Vec<AppChoice>,
        mimes: Vec<String>,
    },
    /// The entry of this application (its desktop file ID): open the files with it.
    OpenWith(String),
    /// "Other Application…": the chooser for its files.
    Other,
}

/// The open submenu (or the question for its entries, on its way).
#[derive(Debug, Clone, PartialEq)]
pub struct OpenWithMenu {
    /// The question its entries answer (a late answer to an older one is dropped).
    pub ticket: u64,
    /// The files it opens: the entry the menu is on first, then the rest of the selection.
    pub files: Vec<PathBuf>,
    /// The applications and the files' types, once told.
    pub entries: Option<(Vec<AppChoice>, Vec<String>)>,
    /// The entry the arrow keys are on: an application, or "Other Application…" after
    /// them (at the applications' count).
    pub highlighted: Option<usize>,
    /// Opened by a key: the arrows start on the first entry.
    pub by_key: bool,
}

impl OpenWithMenu {
    pub fn asking(ticket: u64, files: Vec<PathBuf>, by_key: bool) -> OpenWithMenu {
        OpenWithMenu {
            ticket,
            files,
            entries: None,
            highlighted: None,
            by_key,
        }
    }

    /// The applications offered (none while they are asked for).
    pub fn choices(&self) -> &[AppChoice] {
        self.entries.as_ref().map_or(&[], |(c, _)| c)
    }

    /// The files' types, once told.
    pub fn mimes(&self) -> &[String] {
        self.entries.as_ref().map_or(&[], |(_, m)| m)
    }

    /// Shown: its entries are there.
    pub fn shown(&self) -> bool {
        self.entries.is_some()
    }

    /// Take the answer to its question.
    pub fn told(&mut self, choices: Vec<AppChoice>, mimes: Vec<String>) {
        self.entries = Some((choices, mimes));
        if self.by_key {
            self.highlighted = Some(0);
        }
    }

    /// The highlight one entry down (`forward`) or up, round the ends.
    pub fn step(&mut self, forward: bool) {
        let n = self.choices().len() + 1;
        self.highlighted = Some(match (self.highlighted, forward) {
            (None, true) => 0,
            (None, false) => n - 1,
            (Some(i), true) => (i + 1) % n,
            (Some(i), false) => (i + n - 1) % n,
        });
    }

    /// The application at the highlight: `Some(None)` for "Other Application…".
    pub fn at_highlight(&self) -> Option<Option<&AppChoice>> {
        let i = self.highlighted?;
        Some(self.choices().get(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_arrows_go_round_the_applications_and_other() {
        let app = |id: &str| AppChoice {
            id: id.into(),
            name: id.into(),
            generic: None,
        };
        let mut m = OpenWithMenu::asking(1, vec!["/a".into()], true);
        assert!(!m.shown());
        m.told(vec![app("a"), app("b")], vec!["text/plain".into()]);
        assert_eq!(m.at_highlight(), Some(Some(&app("a"))));
        m.step(true);
        m.step(true);
        assert_eq!(m.at_highlight(), Some(None), "Other Application… last");
        m.step(true);
        assert_eq!(m.highlighted, Some(0), "round to the first");
        m.step(false);
        assert_eq!(m.highlighted, Some(2));
    }
}
