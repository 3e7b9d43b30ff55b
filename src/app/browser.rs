//! The browser in the app: handing it its messages and the keys that reach it, with what
//! it reads of the window, and doing what it asks: start a job, open files, show a
//! dialog, say something in the status bar, save the settings.

use super::App;
use crate::focus::Part;
use crate::key_press::KeyPress;
use crate::message::Message;
use crate::screen::browser::{self, Context, Event};
use iced::Task;
use iced::keyboard::Key;
use iced::keyboard::key::Named;

impl App {
    /// The browser: the tabs, their panes and what they show.
    pub fn browser(&self) -> &browser::Browser {
        &self.browser
    }

    pub(super) fn on_browser_message(&mut self, m: browser::Message) -> Task<Message> {
        self.in_browser(|b, cx| b.update(m, cx))
    }

    /// Do `f` to the browser with what it reads of the window, then what it asked for.
    pub(super) fn in_browser(
        &mut self,
        f: impl FnOnce(&mut browser::Browser, &mut Context) -> Task<browser::Message>,
    ) -> Task<Message> {
        let mut cx = Context {
            settings: &mut self.settings,
            home: &self.home,
            modifiers: self.keyboard.modifiers,
            pointer: self.actions.pointer,
            events: Vec::new(),
        };
        let mut tasks = vec![f(&mut self.browser, &mut cx).map(Message::Browser)];
        for event in std::mem::take(&mut cx.events) {
            tasks.push(self.on_browser_event(event));
        }
        crate::tasks::batch(tasks)
    }

    fn on_browser_event(&mut self, event: Event) -> Task<Message> {
        match event {
            Event::Job(request) => self.start_job(request),
            Event::AskDelete(paths) => self.ask_delete(paths),
            Event::BrokenLink(link) => self.ask_broken_link(link),
            Event::ArchiveLocked { archive, wrong } => self.ask_archive_password(archive, wrong),
            Event::Open { files, with } => self.open_files(files, with),
            Event::AskOpenWith { ticket, files } => self.ask_open_with(ticket, files),
            Event::Chooser { files, mimes } => self.open_chooser(files, mimes),
            Event::Terminal(folder) => self.open_terminal(folder),
            Event::Properties => self.open_properties(),
            Event::Preview => self.open_preview(),
            Event::Preferences => self.open_preferences(),
            Event::Help(page) => self.open_help(page),
            Event::NewWindow(folder) => self.open_new_window(folder),
            Event::BatchRename => self.open_batch_rename(),
            Event::ExtractTo { archives, from } => self.open_extract_to(archives, from),
            Event::Compress {
                sources,
                folder,
                name,
            } => self.open_compress(sources, folder, name),
            Event::Bookmark(folder) => self.bookmark(folder),
            Event::Connect(address) => self.connect(address, crate::servers::Then::Show),
            Event::Error(e) => {
                self.status.error(e);
                Task::none()
            }
            Event::ClearError => {
                self.status.clear_error();
                Task::none()
            }
            Event::Note(note) => {
                self.status.note(note);
                Task::none()
            }
            Event::LeftFolder => {
                // Drags end with the folder, and what the status bar said about it.
                self.actions.left_folder();
                self.status.clear();
                Task::none()
            }
            Event::Scrolled => {
                self.actions.hover = None;
                Task::none()
            }
            Event::Press(sources) => {
                self.actions.drag = Some(crate::actions::Drag::new(sources, self.actions.pointer));
                Task::none()
            }
            Event::Drag(a) => self.on_drag(a),
            Event::Done(step) => {
                tracing::info!(?step, "done");
                self.push_undo(step);
                Task::none()
            }
            Event::Undo => self.on_job_message(crate::screen::jobs::Message::Undo),
            Event::Redo => self.on_job_message(crate::screen::jobs::Message::Redo),
            Event::Save => self.save(),
            Event::FocusView => {
                self.focus_view_by_mouse();
                Task::none()
            }
            Event::Keyboard(part) => self.keyboard_to(part),
            Event::Close => iced::exit(),
        }
    }

    /// Where a key goes, decided by what is open: the dialog takes every key; a drag
    /// takes Escape; a bookmark's menu or label takes its keys; Tab moves the keyboard
    /// among the window's parts, and Places, the main menu's button or the job panel
    /// take their keys while they have it; the browser has the rest.
    pub(super) fn key(&mut self, k: &KeyPress) -> Task<Message> {
        if self.dialog.is_some() {
            return self.dialog_key(k);
        }
        if self.preview.is_some()
            && let Some(task) = self.preview_key(k)
        {
            return task;
        }
        if k.key == Key::Named(Named::Escape) && self.actions.is_dragging() {
            return self.cancel_drag();
        }
        if self.places.bookmarks.holds_keys()
            && let Some(task) = self.bookmark_key(k)
        {
            return task;
        }
        let tab = k.key == Key::Named(Named::Tab);
        if (tab || !matches!(self.focused(), Part::View | Part::Location))
            && let Some(task) = self.focus_key(k)
        {
            return task;
        }
        self.in_browser(|b, cx| b.key(k, cx))
    }
}
