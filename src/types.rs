//! What the window knows of file types: the shared-mime-info database (loaded off the UI
//! thread), each type's description in the window's language and its icons from the
//! desktop's theme (asked for once per type), and the types of a pane's entries, told
//! off the UI thread for the rows that are shown (which those are: `pane::types`).

mod work;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use porpoise_engine::mime::MimeDb;

use super::icons::{Icon, IconSize};
pub use work::{Described, TypesEffect};

/// A MIME type, shared between the panes and the table of looks.
pub type Mime = Arc<str>;

/// The types' messages (one variant of `Message`).
#[derive(Debug, Clone)]
pub enum TypesMsg {
    /// The database is read.
    Loaded(Arc<MimeDb>),
    /// The types of entries of the folder listed as `generation`, by name.
    Told {
        generation: u64,
        types: Vec<(Vec<u8>, Mime)>,
    },
    /// Descriptions and icons of types asked about.
    Described(Vec<Described>),
}

/// Type names made into shared `Mime`s, one per type however many entries have it.
#[derive(Debug, Default)]
pub struct SharedMimes(HashMap<String, Mime>);

impl SharedMimes {
    /// The shared `Mime` for the type named `mime`.
    pub fn share(&mut self, mime: String) -> Mime {
        self.0
            .entry(mime)
            .or_insert_with_key(|m| m.as_str().into())
            .clone()
    }
}

/// How a type is shown: its description and its theme icons (when the theme has one).
#[derive(Debug, Clone, Default)]
pub struct Look {
    pub description: Option<String>,
    pub small: Option<Icon>,
    pub large: Option<Icon>,
}

/// The window's table of types.
#[derive(Debug, Default)]
pub struct Types {
    db: Option<Arc<MimeDb>>,
    looks: HashMap<Mime, Look>,
    /// Types whose look was asked for (and may still be on its way).
    asked: HashSet<Mime>,
}

impl Types {
    pub fn db(&self) -> Option<&Arc<MimeDb>> {
        self.db.as_ref()
    }

    pub fn set_db(&mut self, db: Arc<MimeDb>) {
        self.db = Some(db);
    }

    /// How `mime` is shown, once described.
    pub fn look(&self, mime: &str) -> Option<&Look> {
        self.looks.get(mime)
    }

    /// The description of `mime`: the database's words (capitalised when they came), or
    /// the type itself where the database has none.
    pub fn description(&self, mime: &str) -> Option<String> {
        let look = self.looks.get(mime)?;
        Some(look.description.clone().unwrap_or_else(|| mime.to_owned()))
    }

    /// The theme's icon for `mime` at `size`, once found.
    pub fn icon(&self, mime: &str, size: IconSize) -> Option<&Icon> {
        let look = self.looks.get(mime)?;
        match size {
            IconSize::Small => look.small.as_ref(),
            IconSize::Large => look.large.as_ref(),
        }
    }

    /// Every type asked about so far, to be described again (in another language, with
    /// another theme's icons); their looks stay until the new ones come.
    pub fn relook(&mut self) -> Vec<Mime> {
        self.asked.drain().collect()
    }

    /// The types among `told` not yet asked about (they are marked asked).
    pub fn not_asked(&mut self, told: impl IntoIterator<Item = Mime>) -> Vec<Mime> {
        told.into_iter()
            .filter(|m| self.asked.insert(m.clone()))
            .collect()
    }

    /// Take the looks of described types.
    pub fn described(&mut self, described: Vec<Described>) {
        for d in described {
            let mime = d.mime.clone();
            let mut look = d.into_look();
            // Starting with a capital, as the window's own words do (once, not per frame).
            look.description = look.description.as_deref().map(capitalised);
            self.looks.insert(mime, look);
        }
    }
}

/// `words` with its first letter a capital ("plain text document" → "Plain text
/// document").
fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The types of one pane's entries, by name, and those asked for.
#[derive(Debug, Clone, Default)]
pub struct EntryTypes {
    told: HashMap<Vec<u8>, Mime>,
    asked: HashSet<Vec<u8>>,
}

impl EntryTypes {
    /// The type of the entry `name`, once told.
    pub fn of(&self, name: &[u8]) -> Option<&Mime> {
        self.told.get(name)
    }

    /// Whether `name`'s type was told or asked for.
    pub fn known_or_asked(&self, name: &[u8]) -> bool {
        self.told.contains_key(name) || self.asked.contains(name)
    }

    pub fn mark_asked(&mut self, name: &[u8]) {
        self.asked.insert(name.to_vec());
    }

    pub fn tell(&mut self, types: &[(Vec<u8>, Mime)]) {
        for (name, mime) in types {
            self.asked.remove(name);
            self.told.insert(name.clone(), mime.clone());
        }
    }

    /// The names asked for and not told yet are asked for again (their answer, for the
    /// listing before, will not reach the pane).
    pub fn forget_asked(&mut self) {
        self.asked.clear();
    }

    /// Another folder: nothing is known.
    pub fn clear(&mut self) {
        self.told.clear();
        self.asked.clear();
    }
}
