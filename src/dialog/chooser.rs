//! The chooser ("Other Application…", and Enter on a file no application opens): every
//! application of the desktop, narrowed by what is typed (each word found in its name or
//! generic name), one highlighted (the arrows move it, Enter or Open opens the files with
//! it), and "Always use for this file type" when the files are of one type. Typing
//! searches (also when the search field lost the keyboard), Escape closes it.

mod view;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use iced::Task;
use iced::keyboard::Key;
use iced::keyboard::key::Named;
use iced::widget::operation;
use porpoise_engine::apps::Apps;

use crate::apps::AppChoice;
use crate::key_press::KeyPress;

/// The id of the search field.
pub const SEARCH_INPUT: &str = "porpoise-chooser-search";
/// The id of the list's scrollable.
pub const LIST: &str = "porpoise-chooser-list";

/// Two clicks on the same row within this time open the files with it.
const DOUBLE_CLICK: std::time::Duration = std::time::Duration::from_millis(450);

/// What the chooser asks of the window.
#[derive(Debug)]
pub enum Event {
    Close,
    /// Open `files` with `app`; `default_for`: make it the default for this type too.
    /// The dialog closes.
    Open {
        files: Vec<PathBuf>,
        app: AppChoice,
        default_for: Option<String>,
    },
}

/// The dialog's messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// The search field was typed in.
    Query(String),
    /// Something typed while the search field did not have the keyboard: it goes there.
    Typed(String),
    /// Backspace while the search field did not have the keyboard.
    Erase,
    /// This row of the list (as shown) was clicked.
    Clicked(usize),
    /// The arrows, Page Up and Page Down: the highlight moves so many rows.
    Step(isize),
    /// "Always use for this file type".
    Always(bool),
    /// Open the files with the highlighted application.
    Open,
    /// The list was scrolled to this offset.
    Scrolled(f32),
    Close,
}

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
    pub last_click: Option<(usize, Instant)>,
}

impl Chooser {
    /// The chooser for `files` (of types `mimes`) among `apps` (none while they are read:
    /// [`Chooser::fill`] then), its search field with the keyboard.
    pub fn open(
        files: Vec<PathBuf>,
        mimes: Vec<String>,
        apps: Option<&Arc<Apps>>,
    ) -> (Chooser, Task<Message>) {
        let mut chooser = Chooser::new(files, mimes);
        if let Some(apps) = apps {
            chooser.fill(apps);
        }
        (chooser, focus_search())
    }

    pub fn update(&mut self, m: Message) -> (Task<Message>, Option<Event>) {
        match m {
            Message::Query(q) => {
                self.set_query(q);
                return (scroll_to(0.0), None);
            }
            Message::Typed(t) => {
                let q = format!("{}{t}", self.query);
                self.set_query(q);
                return (focus_search(), None);
            }
            Message::Erase => {
                let mut q = self.query.clone();
                q.pop();
                self.set_query(q);
                return (focus_search(), None);
            }
            Message::Clicked(i) => {
                let now = Instant::now();
                let again = matches!(self.last_click, Some((row, at)) if row == i && now.duration_since(at) < DOUBLE_CLICK);
                self.highlight(i);
                self.last_click = Some((i, now));
                if again {
                    return (Task::none(), self.choose());
                }
            }
            Message::Step(by) => {
                if let Some(y) = self.step(by) {
                    return (scroll_to(y), None);
                }
            }
            Message::Always(on) => self.always = on,
            Message::Open => return (Task::none(), self.choose()),
            Message::Scrolled(y) => self.offset = y,
            Message::Close => return (Task::none(), Some(Event::Close)),
        }
        (Task::none(), None)
    }

    /// What a key means here: typing searches, the arrows move the highlight, Enter
    /// opens, Escape closes.
    pub fn key(&self, k: &KeyPress) -> Option<Message> {
        let m = k.modifiers;
        match k.key.as_ref() {
            Key::Named(Named::Escape) => Some(Message::Close),
            Key::Named(Named::Enter) if !k.captured => Some(Message::Open),
            Key::Named(Named::ArrowDown) => Some(Message::Step(1)),
            Key::Named(Named::ArrowUp) => Some(Message::Step(-1)),
            Key::Named(Named::PageDown) => Some(Message::Step(ROWS_SHOWN as isize)),
            Key::Named(Named::PageUp) => Some(Message::Step(-(ROWS_SHOWN as isize))),
            Key::Named(Named::Backspace) if !k.captured => Some(Message::Erase),
            _ => match &k.text {
                Some(t) if !k.captured && !m.control() && !m.alt() && !t.trim().is_empty() => {
                    Some(Message::Typed(t.clone()))
                }
                _ => None,
            },
        }
    }

    /// Open the files with the highlighted application (and make it the default for their
    /// type when "Always use" is ticked).
    fn choose(&self) -> Option<Event> {
        let app = self.chosen()?.clone();
        let default_for = match self.mimes.as_slice() {
            [mime] if self.always => Some(mime.clone()),
            _ => None,
        };
        Some(Event::Open {
            files: self.files.clone(),
            app,
            default_for,
        })
    }

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

fn focus_search<M: Send + 'static>() -> Task<M> {
    crate::tasks::batch([
        operation::focus(SEARCH_INPUT),
        operation::select_all(SEARCH_INPUT),
    ])
}

fn scroll_to<M: Send + 'static>(y: f32) -> Task<M> {
    operation::scroll_to(
        LIST,
        operation::AbsoluteOffset {
            x: None,
            y: Some(y),
        },
    )
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
