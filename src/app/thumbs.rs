//! Thumbnails in the app: the pool starts once the file types are known; after every
//! message the files in view of the shown panes whose type the pool can make are wanted
//! (most visible first, at the size the view draws); the views draw a file's picture in
//! place of its icon once it came.

use crate::message::Message;
use iced::Task;
use std::os::unix::ffi::OsStrExt;

use porpoise_engine::thumbs::ThumbSize;

use super::super::settings::{ViewMode, ViewShape};
use super::super::thumbs::{ThumbsMsg, Wanted};
use super::App;
use crate::screen::browser::pane::Pane;

impl App {
    pub(super) fn on_thumbs_message(&mut self, m: ThumbsMsg) -> Task<Message> {
        match m {
            ThumbsMsg::Started(Some((pool, events))) => {
                self.thumbs.started(pool, events);
                Task::none()
            }
            ThumbsMsg::Started(None) => Task::none(),
            ThumbsMsg::Made(event) => {
                self.thumbs.made(event);
                Task::none()
            }
        }
    }

    /// Start the pool once the types are there; then want the thumbnails of the files in
    /// view (a scroll, a listing batch, a told type or another folder bring new ones).
    pub(super) fn ask_thumbs(&mut self) -> Task<Message> {
        if let Some(start) = self.thumbs.start(self.types.db(), &self.apps.env) {
            return start.into_task().map(Message::Thumbs);
        }
        if !self.thumbs.running() {
            return Task::none();
        }
        let shape = self.settings.shape();
        let mut wanted = Vec::new();
        for pane in self.browser.shown_panes() {
            self.wanted_in(pane, shape, &mut wanted);
        }
        self.thumbs
            .want(&wanted, size_for(shape), self.settings.previews_on_network);
        Task::none()
    }

    /// The files of `pane` in view that could have a thumbnail.
    fn wanted_in(&self, pane: &Pane, shape: ViewShape, wanted: &mut Vec<Wanted>) {
        if pane.in_trash() {
            return;
        }
        let (first, end) = pane.rows_in_view(shape);
        let rows = pane.rows();
        for i in first..end {
            let Some((entry, name)) = rows.get(i) else {
                break;
            };
            let name = name.as_ref();
            if !crate::thumbs::shows_a_file(entry) {
                continue;
            }
            let Some(mime) = pane.types().of(name) else {
                continue;
            };
            if self.thumbs.can_make(mime) {
                wanted.push(Wanted {
                    path: pane.path().join(std::ffi::OsStr::from_bytes(name)),
                    mtime: entry.mtime_sec,
                    priority: i32::try_from(end - i).unwrap_or(i32::MAX),
                });
            }
        }
    }
}

/// The thumbnail size a view draws from: the standard's smallest for the details view's
/// icons and icons up to 128 pixels, the next for larger ones.
fn size_for(shape: ViewShape) -> ThumbSize {
    match shape.mode {
        ViewMode::Details => ThumbSize::Normal,
        ViewMode::Icons => ThumbSize::for_pixels(shape.icon as u32),
    }
}
