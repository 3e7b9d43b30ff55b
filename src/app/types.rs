//! File types in the window: the database arrives, the rows in view of each shown pane
//! have their types told (asked once each: at once where the name or the listing tells,
//! off the UI thread where the first bytes decide), and each new type is described once
//! (words in the window's language, icons from the theme).

use super::super::types::{Mime, SharedMimes, TypesEffect, TypesMsg};
use super::App;
use crate::message::Message;
use iced::Task;
use porpoise_engine::mime::{Facts, MimeDb};

impl App {
    pub(super) fn on_types_message(&mut self, m: TypesMsg) -> Task<Message> {
        match m {
            TypesMsg::Loaded(db) => {
                self.types.set_db(db);
                // The applications know types by the database's names.
                self.reload_apps()
            }
            TypesMsg::Told { generation, types } => {
                for pane in self.browser.panes_listing(generation) {
                    pane.types_mut().tell(&types);
                }
                let new = self.types.not_asked(types.into_iter().map(|(_, m)| m));
                self.describe(new)
            }
            TypesMsg::Described(described) => {
                self.types.described(described);
                Task::none()
            }
        }
    }

    /// Ask for the types of the rows in view that no one asked about yet (after every
    /// message: a scroll, a listing batch or another folder bring new rows into view).
    pub(super) fn ask_types(&mut self) -> Task<Message> {
        let Some(db) = self.types.db().cloned() else {
            return Task::none();
        };
        let view = self.settings.shape();
        let mut tasks = Vec::new();
        let mut told_here = Vec::new();
        for pane in self.browser.shown_panes_mut() {
            let (told, unread) = tell_unread(&db, pane.untold_in_view(view));
            if !told.is_empty() {
                pane.types_mut().tell(&told);
                told_here.extend(told.into_iter().map(|(_, mime)| mime));
            }
            if !unread.is_empty() {
                tasks.push(
                    TypesEffect::Tell {
                        db: db.clone(),
                        generation: pane.generation(),
                        dir: pane.path().to_owned(),
                        entries: unread,
                    }
                    .into_task()
                    .map(Message::Types),
                );
            }
        }
        let new = self.types.not_asked(told_here);
        tasks.push(self.describe(new));
        crate::tasks::batch(tasks)
    }

    /// Describe every type asked about so far again (another language, another icon
    /// theme); the old looks stay until the new ones come.
    pub(super) fn describe_types_again(&mut self) -> Task<Message> {
        let all = self.types.relook();
        let again = self.types.not_asked(all);
        self.describe(again)
    }

    fn describe(&mut self, mimes: Vec<Mime>) -> Task<Message> {
        let Some(db) = self.types.db().cloned() else {
            return Task::none();
        };
        if mimes.is_empty() {
            return Task::none();
        }
        TypesEffect::Describe {
            db,
            mimes,
            languages: crate::i18n::locale_names(),
            theme: self.settings.icon_theme.clone(),
        }
        .into_task()
        .map(Message::Types)
    }

    /// The file types the window knows.
    pub fn types(&self) -> &super::super::types::Types {
        &self.types
    }
}

/// The types of `entries` that need no read of the file (most: the name tells), told here
/// so the rows that came into view show them in the same frame; and the entries left for
/// the workers, whose first bytes decide.
#[allow(clippy::type_complexity)]
fn tell_unread(
    db: &MimeDb,
    entries: Vec<(Vec<u8>, Facts)>,
) -> (Vec<(Vec<u8>, Mime)>, Vec<(Vec<u8>, Facts)>) {
    let mut told = Vec::new();
    let mut unread = Vec::new();
    let mut shared = SharedMimes::default();
    for (name, facts) in entries {
        // A row inside an opened folder is named by its path: its own name tells.
        let own = crate::screen::browser::pane::tree::split_key(&name).1;
        match db.of_entry_unread(own, facts) {
            Some(mime) => told.push((name, shared.share(mime))),
            None => unread.push((name, facts)),
        }
    }
    (told, unread)
}
