//! The search view of the pane with the keyboard: Ctrl+F opens it at the shown folder,
//! each change to what is typed starts a new search (the old one stops at once), results
//! stream in; Enter or a double-click opens one, "Open folder" shows where it is, Delete
//! moves it to the trash (or, where the place keeps none, asks to delete it), Ctrl+C puts
//! it on the clipboard, Escape goes back to the folder. What jobs delete or move away
//! leaves the results.

use iced::Task;
use std::path::PathBuf;
use std::time::Instant;

use iced::keyboard::Key;
use iced::keyboard::key::Named;

use super::commands::{self, Command};
use super::input::DOUBLE_CLICK;
use super::menus::act;
use super::menus::job;
use super::pane::PaneMsg;
use super::search::{SearchMsg, SearchView};
use super::{Browser, Context, Event, Message};
use crate::actions::work;
use crate::clipboard::FileList;
use crate::key_press::KeyPress;
use crate::request::JobKind;

impl Browser {
    /// The search view of the pane with the keyboard, while it shows one.
    pub fn search(&self) -> Option<&SearchView> {
        self.pane.search()
    }

    /// Files a job deleted or moved away leave the results of every pane's search.
    pub fn forget_found(&mut self, gone: &[PathBuf]) {
        if gone.is_empty() {
            return;
        }
        for pane in self.every_pane_mut() {
            if let Some(view) = pane.search_mut() {
                view.forget(gone);
            }
        }
    }

    /// Ctrl+F: show the search view at the shown folder (again: put the keyboard in it).
    pub(super) fn open_search(&mut self) -> Task<Message> {
        if self.pane.search().is_none() {
            self.pane.end_mode();
            self.pane.set_trash(None);
            let root = self.pane.path().to_owned();
            self.pane.set_search(Some(SearchView::new(root)));
        }
        super::pane::work::focus(super::search::SEARCH_INPUT)
    }

    /// The search view while the pane shows it (else nothing happens).
    fn search_view(&mut self) -> Option<&mut SearchView> {
        self.pane.search_mut()
    }

    pub(super) fn on_search_message(&mut self, m: SearchMsg, cx: &mut Context) -> Task<Message> {
        let hidden = cx.settings.show_hidden;
        let Some(view) = self.search_view() else {
            return Task::none();
        };
        // What to search for changed: the search starts again.
        match m {
            SearchMsg::Name(text) => view.name = text,
            SearchMsg::Content(text) => view.content = text,
            SearchMsg::Regex(on) => view.regex = on,
            SearchMsg::MatchCase(on) => view.match_case = on,
            SearchMsg::Everywhere(on) => view.everywhere = on,
            other => return self.on_search_use(other, cx),
        }
        restart(view, hidden)
    }

    /// A message of the search view other than what to search for: its results used.
    fn on_search_use(&mut self, m: SearchMsg, cx: &mut Context) -> Task<Message> {
        let Some(view) = self.search_view() else {
            return Task::none();
        };
        match m {
            SearchMsg::Event(id, ev) => {
                view.on_event(id, ev);
                Task::none()
            }
            SearchMsg::Clicked(i) => {
                let now = Instant::now();
                let double = view.cursor == Some(i)
                    && view
                        .last_click
                        .is_some_and(|at| now.duration_since(at) < DOUBLE_CLICK);
                if double {
                    view.last_click = None;
                    return self.open_hit(i, cx);
                }
                view.cursor = Some(i);
                view.last_click = Some(now);
                // The press may become a drag of the result (onto Places, a tab, the other
                // pane).
                if let Some(hit) = view.hits.get(i) {
                    cx.tell(Event::Press(vec![hit.path()]));
                }
                Task::none()
            }
            SearchMsg::Open(i) => self.open_hit(i, cx),
            SearchMsg::OpenFolder => {
                let Some(hit) = view.cursor_hit().cloned() else {
                    return Task::none();
                };
                let (pane, around) = self.split(cx);
                pane.navigate_to_entry(hit.dir.to_path_buf(), hit.name, around)
                    .map(Message::Pane)
            }
            SearchMsg::Stop => {
                view.stop();
                Task::none()
            }
            SearchMsg::Close => self.close_search(),
            SearchMsg::Name(_)
            | SearchMsg::Content(_)
            | SearchMsg::Regex(_)
            | SearchMsg::MatchCase(_)
            | SearchMsg::Everywhere(_) => Task::none(),
        }
    }

    /// Back to the folder the search started from; the search stops.
    fn close_search(&mut self) -> Task<Message> {
        self.pane.set_search(None);
        Task::none()
    }

    /// Open the result `i`: a folder is shown, a file opened with its application.
    fn open_hit(&mut self, i: usize, cx: &mut Context) -> Task<Message> {
        let Some(hit) = self.pane.search().and_then(|v| v.hits.get(i)).cloned() else {
            return Task::none();
        };
        if hit.is_dir() {
            self.pane_message(PaneMsg::Navigate(hit.path()), cx)
        } else {
            cx.tell(Event::ClearError);
            cx.tell(Event::Open {
                files: vec![hit.path()],
                with: None,
            });
            Task::none()
        }
    }

    /// Keys while the search view is shown: arrows move among the results, Enter opens
    /// the one under the cursor, Delete trashes it, Ctrl+C copies it, Escape goes back. `None`: not the search
    /// view's key.
    pub fn search_key(&mut self, k: &KeyPress, cx: &mut Context) -> Option<Task<Message>> {
        let view = self.pane.search_mut()?;
        let copy = Key::Character("c".into());
        if k.modifiers.control() && !k.modifiers.shift() && k.key.as_ref() == copy.as_ref() {
            // Ctrl+C: the result under the cursor goes onto the clipboard, to be pasted.
            let paths = view
                .cursor_hit()
                .map(|h| vec![h.path()])
                .unwrap_or_default();
            if paths.is_empty() {
                return Some(Task::none());
            }
            let list = FileList { paths, cut: false };
            return Some(act(work::clipboard_put(list)));
        }
        if k.modifiers.control() || k.modifiers.alt() || k.key == Key::Named(Named::Tab) {
            // The window's own keys (a new tab, another search, Ctrl+Q) work; those that
            // act on the folder's selection, hidden behind the results, do not.
            let window_key = matches!(
                commands::command(k),
                Some(
                    Command::Search
                        | Command::Close
                        | Command::Tabs(_)
                        | Command::TogglePlaces
                        | Command::ToggleHidden
                )
            );
            return (!window_key && k.key != Key::Named(Named::Tab)).then(Task::none);
        }
        match k.key.as_ref() {
            Key::Named(Named::Escape) => Some(self.close_search()),
            Key::Named(Named::ArrowDown) => {
                view.move_cursor(1);
                Some(Task::none())
            }
            Key::Named(Named::ArrowUp) => {
                view.move_cursor(-1);
                Some(Task::none())
            }
            Key::Named(Named::Delete) if !k.modifiers.shift() => {
                // To the trash, as Delete does in the folder; the row goes. Where the
                // place keeps no trash the window asks first, and the row goes once the
                // file is deleted (`forget_found`), so a "no" leaves it listed.
                let Some(i) = view.cursor.filter(|&i| i < view.hits.len()) else {
                    return Some(Task::none());
                };
                let (path, dir) = (view.hits[i].path(), view.hits[i].dir.to_path_buf());
                if !self.remote.keeps_no_trash(&path) {
                    view.forget(std::slice::from_ref(&path));
                }
                job(cx, JobKind::Trash, vec![path], dir);
                Some(Task::none())
            }
            Key::Named(Named::Enter) => match view.cursor {
                Some(i) => Some(self.open_hit(i, cx)),
                None => Some(Task::none()),
            },
            // Typing belongs to the search's inputs, not to the folder behind.
            _ => Some(Task::none()),
        }
    }
}

/// A new search from what the view holds now (the old one stops).
fn restart(view: &mut SearchView, hidden: bool) -> Task<Message> {
    match view.restart(hidden) {
        Some(start) => super::search::task(start, Message::Search),
        None => Task::none(),
    }
}
