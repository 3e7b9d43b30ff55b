//! A pane's update: it takes a [`PaneMsg`], changes the pane and returns the task to run
//! and, when the window around it must act too, a [`PaneEvent`] for the app.

use super::{Around, Mode, Pane};
use super::{PaneEvent, PaneMsg};
use iced::Task;
use porpoise_engine::remote::{Address, looks_like_address};

impl Pane {
    /// Take a message: change the pane, and return the task to run and what the window
    /// must hear of it.
    pub fn update(&mut self, msg: PaneMsg, cx: Around) -> (Task<PaneMsg>, Option<PaneEvent>) {
        let view = cx.settings.shape();
        let before = self.lister.path().to_owned();
        let task = match msg {
            PaneMsg::Navigate(path) => {
                self.trash = None;
                self.search = None;
                self.navigate(path, cx)
            }
            PaneMsg::Back => self.back(cx),
            PaneMsg::Forward => self.forward(cx),
            PaneMsg::Up => self.up(cx),
            PaneMsg::Reload => {
                self.reload(cx.settings);
                Task::none()
            }
            PaneMsg::Activate(name) => self.activate(&name, cx),
            PaneMsg::ToggleOpen(key) => {
                self.toggle_open(&key, cx);
                Task::none()
            }
            PaneMsg::SortBy(key) => {
                self.sort_by(key);
                let (key, order) = self.sort;
                return (
                    self.reveal_cursor(view),
                    Some(PaneEvent::Sorted(key, order)),
                );
            }
            PaneMsg::Sort(key, order) => {
                self.set_sort(key, order);
                let (key, order) = self.sort;
                return (
                    self.reveal_cursor(view),
                    Some(PaneEvent::Sorted(key, order)),
                );
            }
            PaneMsg::Scrolled(v) => {
                tracing::trace!(?v, "scrolled");
                self.viewport = v;
                return (Task::none(), Some(PaneEvent::Scrolled));
            }
            PaneMsg::ToggleFilter => self.toggle_filter(view),
            PaneMsg::FilterInput(text) => self.filter_input(text, view),
            PaneMsg::EditLocation => self.edit_location(cx.remote),
            PaneMsg::LocationInput(text) => {
                self.set_mode(Mode::Location(text));
                Task::none()
            }
            PaneMsg::LocationSubmit => {
                if let Some(typed) = self
                    .location()
                    .filter(|t| looks_like_address(t.trim().as_bytes()))
                {
                    // A server's address: the window connects, and the text stays until
                    // the place shows (or to be mended, if it cannot be opened).
                    return match Address::parse(typed.trim().as_bytes()) {
                        Ok(address) => (Task::none(), Some(PaneEvent::Connect(address))),
                        Err(e) => {
                            let text = crate::servers::address_error(&e);
                            (Task::none(), Some(PaneEvent::Say { text, failed: true }))
                        }
                    };
                }
                self.submit_location(cx)
            }
            PaneMsg::LocationCancel => {
                self.end_location();
                Task::none()
            }
            PaneMsg::CompleteLocation => match self.location() {
                Some(typed) => super::complete::complete(
                    typed.to_owned(),
                    self.lister.path().to_owned(),
                    cx.home.to_owned(),
                ),
                None => Task::none(),
            },
            PaneMsg::LocationCompleted(c) => {
                let Some(c) = c.filter(|c| self.location() == Some(c.typed.as_str())) else {
                    return (Task::none(), None);
                };
                self.set_mode(Mode::Location(c.text));
                let said = (!c.names.is_empty()).then(|| PaneEvent::Say {
                    text: c.names.join("   "),
                    failed: false,
                });
                return (
                    iced::widget::operation::move_cursor_to_end(self.ids.location.clone()),
                    said,
                );
            }
            PaneMsg::LocationLooked { typed, path, found } => {
                if self.location() != Some(typed.as_str()) {
                    return (Task::none(), None);
                }
                if found == super::complete::Found::Missing {
                    let text =
                        crate::i18n::fl!("location-missing", path = cx.remote.text_of(&path));
                    return (Task::none(), Some(PaneEvent::Say { text, failed: true }));
                }
                // As any other way there: the Trash view or a search ends even when the
                // folder typed is the one they were opened from.
                self.mode = Mode::Browsing;
                self.trash = None;
                self.search = None;
                self.navigate(path, cx)
            }
            answer @ (PaneMsg::FolderCounts(..) | PaneMsg::Space(..)) => {
                self.take_answer(answer);
                Task::none()
            }
        };
        let left = self.lister.path() != before;
        (task, left.then_some(PaneEvent::LeftFolder))
    }
}

#[cfg(test)]
mod tests {
    use porpoise_engine::listing::{ListerCache, SortKey, SortOrder};

    use super::*;
    use crate::settings::Settings;
    use crate::viewport::Viewport;

    #[test]
    fn the_update_tells_the_window_what_concerns_it() {
        let dir = tempfile::tempdir().expect("tempdir");
        let sub = dir.path().join("sub");
        let settings = Settings::default();
        let mut cache = ListerCache::default();
        let viewport = Viewport {
            offset_y: 0.0,
            width: 400.0,
            height: 300.0,
        };
        let mut pane = Pane::new(dir.path().to_owned(), &settings, viewport);
        let mut update = |pane: &mut Pane, msg| {
            let cx = Around {
                settings: &settings,
                cache: &mut cache,
                home: dir.path(),
                peers: Vec::new(),
                remote: &crate::servers::RemotePlaces::NONE,
            };
            pane.update(msg, cx)
        };

        let (_, event) = update(&mut pane, PaneMsg::Navigate(sub.clone()));
        assert_eq!(event, Some(PaneEvent::LeftFolder));
        let listing = pane.listing();
        assert!(
            listing.path == sub && !listing.ended,
            "the folder is listed"
        );
        let (_, event) = update(&mut pane, PaneMsg::Navigate(sub.clone()));
        assert_eq!(event, None, "the folder it shows already");
        let (_, event) = update(&mut pane, PaneMsg::Back);
        assert_eq!(event, Some(PaneEvent::LeftFolder));
        assert_eq!(pane.path(), dir.path());

        let (_, event) = update(&mut pane, PaneMsg::SortBy(SortKey::Size));
        assert_eq!(
            event,
            Some(PaneEvent::Sorted(SortKey::Size, SortOrder::Ascending))
        );
        let (_, event) = update(&mut pane, PaneMsg::SortBy(SortKey::Size));
        assert_eq!(
            event,
            Some(PaneEvent::Sorted(SortKey::Size, SortOrder::Descending)),
            "the same column again turns the order round"
        );
        let scrolled = Viewport {
            offset_y: 90.0,
            ..viewport
        };
        let (_, event) = update(&mut pane, PaneMsg::Scrolled(scrolled));
        assert_eq!(event, Some(PaneEvent::Scrolled));
        assert_eq!(pane.viewport().offset_y, 90.0);

        // Typing a location is the pane's alone until it leads somewhere.
        let (_, event) = update(&mut pane, PaneMsg::EditLocation);
        assert_eq!(event, None);
        let (_, event) = update(&mut pane, PaneMsg::LocationInput("sub".into()));
        assert_eq!((event, pane.location()), (None, Some("sub")));
        let (_, event) = update(&mut pane, PaneMsg::LocationSubmit);
        assert_eq!(event, None, "it looks first");
        let missing = PaneMsg::LocationLooked {
            typed: "sub".into(),
            path: dir.path().join("nothing"),
            found: super::super::complete::Found::Missing,
        };
        let (_, event) = update(&mut pane, missing);
        assert!(matches!(event, Some(PaneEvent::Say { failed: true, .. })));
        assert_eq!(pane.location(), Some("sub"), "the typed text stays");
        let there = PaneMsg::LocationLooked {
            typed: "sub".into(),
            path: sub.clone(),
            found: super::super::complete::Found::There,
        };
        let (_, event) = update(&mut pane, there);
        assert_eq!(event, Some(PaneEvent::LeftFolder));
        assert_eq!((pane.path(), pane.mode()), (sub.as_path(), &Mode::Browsing));
    }
}
