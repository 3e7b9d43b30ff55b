//! The chooser ("Other Application…", and Enter on a file no application opens): every
//! application of the desktop, narrowed by what is typed (each word found in its name or
//! generic name), one highlighted (the arrows move it, Enter or Open opens the files with
//! it), and "Always use for this file type" when the files are of one type.

use std::path::PathBuf;

use porpoise_engine::apps::Apps;

use super::AppChoice;

/// The height of one row of the list.
pub const ROW_HEIGHT: f32 = 44.0;
/// How many rows the list shows at once.
pub const ROWS_SHOWN: usize = 8;

/// The open chooser.
#[derive(Debug, Clone, PartialEq)]
pub struct Chooser {
    /// The files to open.
    pub files: Vec<PathBuf>,
    /// Their types, each once.
    pub mimes: Vec<String>,
    /// What is typed in the search field.
    pub query: String,
    /// Every application to offer, by name; `None` while they are being read.
    all: Option<Vec<AppChoice>>,
    /// The highlighted row of the list as shown.
    pub highlighted: usize,
    /// "Always use for this file type" is ticked.
    pub always: bool,
    /// How far the list is scrolled.
    pub offset: f32,
    /// The row last clicked, and when (a second click soon after opens).
    pub last_click: Option<(usize, std::time::Instant)>,
}

impl Chooser {
    pub fn new(files: Vec<PathBuf>, mimes: Vec<String>) -> Chooser {
        Chooser {
            files,
            mimes,
            query: String::new(),
            all: None,
            highlighted: 0,
            always: false,
            offset: 0.0,
            last_click: None,
        }
    }

    /// Take every application of `apps` to offer.
    pub fn fill(&mut self, apps: &Apps) {
        self.all = Some(apps.all().into_iter().map(AppChoice::of).collect());
        self.highlighted = 0;
    }

    /// The applications are there (the list is not being read).
    pub fn filled(&self) -> bool {
        self.all.is_some()
    }

    /// The applications that match what is typed: those whose name starts with it first,
    /// each group by name.
    pub fn shown(&self) -> Vec<&AppChoice> {
        let words: Vec<String> = self
            .query
            .split_whitespace()
            .map(str::to_lowercase)
            .collect();
        let all = self.all.as_deref().unwrap_or_default();
        let (mut first, rest): (Vec<&AppChoice>, Vec<&AppChoice>) = all
            .iter()
            .filter(|a| words.iter().all(|w| matches(a, w)))
            .partition(|a| {
                words
                    .first()
                    .is_some_and(|w| a.name.to_lowercase().starts_with(w))
            });
        first.extend(rest);
        first
    }

    /// The highlighted application.
    pub fn chosen(&self) -> Option<&AppChoice> {
        self.shown().get(self.highlighted).copied()
    }

    /// "Always use for this file type" is offered: the files are of one type.
    pub fn offers_always(&self) -> bool {
        self.mimes.len() == 1
    }

    /// The search field changed: the first match is highlighted, the list at its top.
    pub fn set_query(&mut self, query: String) {
        self.query = query;
        self.highlighted = 0;
        self.offset = 0.0;
    }

    /// Highlight row `i` of the list as shown.
    pub fn highlight(&mut self, i: usize) {
        if i < self.shown().len() {
            self.highlighted = i;
        }
    }

    /// Move the highlight `by` rows (stopping at the ends); where the list must scroll to
    /// keep it in view, if it must.
    pub fn step(&mut self, by: isize) -> Option<f32> {
        let n = self.shown().len();
        if n == 0 {
            return None;
        }
        self.highlighted = self.highlighted.saturating_add_signed(by).min(n - 1);
        let top = self.highlighted as f32 * ROW_HEIGHT;
        let bottom = top + ROW_HEIGHT;
        let height = ROWS_SHOWN as f32 * ROW_HEIGHT;
        let to = if top < self.offset {
            top
        } else if bottom > self.offset + height {
            bottom - height
        } else {
            return None;
        };
        self.offset = to;
        Some(to)
    }
}

/// `word` (lowercase) is in the application's name or generic name.
fn matches(app: &AppChoice, word: &str) -> bool {
    app.name.to_lowercase().contains(word)
        || app
            .generic
            .as_deref()
            .is_some_and(|g| g.to_lowercase().contains(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chooser(apps: &[(&str, Option<&str>)]) -> Chooser {
        let mut c = Chooser::new(vec!["/f".into()], vec!["text/plain".into()]);
        c.all = Some(
            apps.iter()
                .map(|(name, generic)| AppChoice {
                    id: format!("{name}.desktop"),
                    name: (*name).into(),
                    generic: generic.map(Into::into),
                })
                .collect(),
        );
        c
    }

    fn names(c: &Chooser) -> Vec<&str> {
        c.shown().iter().map(|a| a.name.as_str()).collect()
    }

    #[test]
    fn typing_narrows_by_name_and_generic_name() {
        let mut c = chooser(&[
            ("Firefox", Some("Web Browser")),
            ("Gedit", Some("Text Editor")),
            ("Image Viewer", None),
            ("Vim", Some("Text Editor")),
        ]);
        assert_eq!(names(&c).len(), 4);
        c.set_query("edit".into());
        assert_eq!(names(&c), ["Gedit", "Vim"]);
        c.set_query("text v".into());
        assert_eq!(names(&c), ["Vim"], "every word must match");
        c.set_query("VIEW".into());
        assert_eq!(
            names(&c),
            ["Image Viewer"],
            "case does not matter; a generic name is not needed"
        );
        c.set_query("i".into());
        assert_eq!(
            names(&c),
            ["Image Viewer", "Firefox", "Gedit", "Vim"],
            "names that start with it first"
        );
    }

    #[test]
    fn the_highlight_stays_in_the_list_and_in_view() {
        let many: Vec<String> = (0..20).map(|i| format!("App {i:02}")).collect();
        let apps: Vec<(&str, Option<&str>)> = many.iter().map(|n| (n.as_str(), None)).collect();
        let mut c = chooser(&apps);
        assert_eq!(c.step(-1), None, "at the top already");
        assert_eq!(c.highlighted, 0);
        for _ in 0..ROWS_SHOWN - 1 {
            assert_eq!(c.step(1), None, "still in view");
        }
        assert_eq!(c.step(1), Some(ROW_HEIGHT), "one row further down");
        assert_eq!(c.step(100), Some(12.0 * ROW_HEIGHT));
        assert_eq!(c.chosen().map(|a| a.name.as_str()), Some("App 19"));
        c.set_query("app 1".into());
        assert_eq!(c.highlighted, 0, "a new search starts at its first match");
        assert_eq!(c.shown().len(), 11, "App 01 and App 10 to 19");
        assert_eq!(c.chosen().map(|a| a.name.as_str()), Some("App 01"));
    }
}
