//! Which applications open a type, by the XDG MIME Applications spec, as GLib reads it:
//! for the type and then each type it is a kind of (nearest first), the association
//! folders are visited most important first; at each, its lists' `[Added Associations]`
//! add applications and its `[Removed Associations]` hide them from then on (for every
//! type after, too), and the entries of an `applications/` folder add those that support
//! the type, unless hidden. A list's additions reach only entries of its own folder or
//! less important ones. The default is the first installed application the
//! `[Default Applications]` of the lists name for the type (the desktop's own lists before
//! `mimeapps.list`, folder by folder), else the first associated one; then the same for
//! the next type it is a kind of.

use super::{App, Apps};
use crate::mime::MimeDb;

impl Apps {
    /// The default application for `mime`: the one to open it with on Enter.
    pub fn default_for(&self, db: &MimeDb, mime: &str) -> Option<&App> {
        let mut hidden = Vec::new();
        for t in db.ancestry(mime) {
            let defaults = self.defaults(&t);
            let associated = self.associated(&t, &mut hidden);
            if let Some(app) = defaults.chain(associated).find_map(|id| self.get(&id)) {
                return Some(app);
            }
        }
        None
    }

    /// Every application that opens `mime` ("Open with"): the default first, then the
    /// others in the spec's order (those for the type itself, then those of the types it
    /// is a kind of), each once.
    pub fn for_type(&self, db: &MimeDb, mime: &str) -> Vec<&App> {
        let mut out: Vec<&App> = self.default_for(db, mime).into_iter().collect();
        let mut hidden = Vec::new();
        for t in db.ancestry(mime) {
            for id in self.associated(&t, &mut hidden) {
                if let Some(app) = self.get(&id)
                    && !out.iter().any(|a| a.id == app.id)
                {
                    out.push(app);
                }
            }
        }
        out
    }

    /// The IDs the lists name as defaults for `mime`, in the order they are tried.
    fn defaults<'a>(&'a self, mime: &'a str) -> impl Iterator<Item = String> + 'a {
        self.levels
            .iter()
            .flat_map(|level| &level.lists)
            .filter_map(move |list| list.defaults.get(mime))
            .flatten()
            .cloned()
    }

    /// The IDs of the applications associated with `mime`, in the spec's order, not
    /// counting those in `hidden` (which the removals met here join); only applications
    /// shown on this desktop.
    fn associated(&self, mime: &str, hidden: &mut Vec<String>) -> std::vec::IntoIter<String> {
        let mut found: Vec<String> = Vec::new();
        let add = |id: &String, hidden: &[String], found: &mut Vec<String>| {
            if !hidden.contains(id) && !found.contains(id) {
                found.push(id.clone());
            }
        };
        for (level, folder) in self.levels.iter().enumerate() {
            for list in &folder.lists {
                for id in list.added.get(mime).into_iter().flatten() {
                    // Only entries of this folder or a less important one.
                    if self.get(id).is_some_and(|a| a.level >= level) {
                        add(id, hidden, &mut found);
                    }
                }
                for id in list.removed.get(mime).into_iter().flatten() {
                    if self.get(id).is_some_and(|a| a.level >= level) {
                        hidden.push(id.clone());
                    }
                }
            }
            for id in folder.declared.get(mime).into_iter().flatten() {
                add(id, hidden, &mut found);
            }
        }
        found.retain(|id| self.get(id).is_some_and(|a| a.shown));
        found.into_iter()
    }
}
