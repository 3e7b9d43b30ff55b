//! File types in the window: the database arrives, the rows in view of each shown pane
//! have their types told off the UI thread (asked once each), and each new type is
//! described once (words in the window's language, icons from the theme).

use super::super::effects::Effect;
use super::super::types::{Mime, TypesEffect, TypesMsg};
use super::App;
use crate::i18n::fl;
use crate::icons::{Icon, IconSize};
use crate::pane::Pane;
use porpoise_engine::entry::Entry;

impl App {
    pub(super) fn on_types_message(&mut self, m: TypesMsg) -> Vec<Effect> {
        match m {
            TypesMsg::Loaded(db) => {
                self.types.set_db(db);
                // The applications know types by the database's names.
                self.reload_apps()
            }
            TypesMsg::Told { generation, types } => {
                for pane in self.panes_listing(generation) {
                    pane.types.tell(&types);
                }
                let new = self.types.not_asked(types.into_iter().map(|(_, m)| m));
                self.describe(new)
            }
            TypesMsg::Described(described) => {
                self.types.described(described);
                Vec::new()
            }
        }
    }

    /// Ask for the types of the rows in view that no one asked about yet (after every
    /// message: a scroll, a listing batch or another folder bring new rows into view).
    pub(super) fn ask_types(&mut self) -> Vec<Effect> {
        let Some(db) = self.types.db().cloned() else {
            return Vec::new();
        };
        let view = self.settings.shape();
        let mut effects = Vec::new();
        let beside = self.beside.as_mut().map(|b| &mut b.pane);
        for pane in std::iter::once(&mut self.pane).chain(beside) {
            let entries = pane.untold_in_view(view);
            if !entries.is_empty() {
                effects.push(Effect::Types(TypesEffect::Tell {
                    db: db.clone(),
                    generation: pane.generation(),
                    dir: pane.path().to_owned(),
                    entries,
                }));
            }
        }
        effects
    }

    /// Describe every type asked about so far again (another language, another icon
    /// theme); the old looks stay until the new ones come.
    pub(super) fn describe_types_again(&mut self) -> Vec<Effect> {
        let all = self.types.relook();
        let again = self.types.not_asked(all);
        self.describe(again)
    }

    fn describe(&mut self, mimes: Vec<Mime>) -> Vec<Effect> {
        let Some(db) = self.types.db().cloned() else {
            return Vec::new();
        };
        if mimes.is_empty() {
            return Vec::new();
        }
        vec![Effect::Types(TypesEffect::Describe {
            db,
            mimes,
            languages: crate::i18n::locale_names(),
            theme: self.settings.icon_theme.clone(),
        })]
    }

    /// The Type column of an entry of `pane`: the window's own word for folders and links
    /// whose target is gone, else its type's description once told (nothing before).
    pub fn type_text(&self, pane: &Pane, entry: &Entry, name: &[u8]) -> String {
        use crate::format::FileClass;
        match crate::format::classify(entry, name) {
            FileClass::Folder => fl!("type-folder"),
            FileClass::BrokenLink => fl!("type-broken-link"),
            _ => pane
                .types()
                .of(name)
                .and_then(|m| self.types.description(m))
                .unwrap_or_default(),
        }
    }

    /// The icon of an entry of `pane`: its thumbnail once made, else its type's icon in
    /// the desktop's theme once told, else the icon of what its name suggests.
    pub fn entry_icon(&self, pane: &Pane, entry: &Entry, name: &[u8], size: IconSize) -> Icon {
        if let Some(picture) = self.thumbnail(pane, entry, name) {
            return Icon::Raster(picture);
        }
        let themed = pane.types().of(name).and_then(|m| self.types.icon(m, size));
        match themed {
            Some(icon) if !entry.is_broken_link() => icon.clone(),
            _ => self
                .icons
                .for_class(crate::format::classify(entry, name), size),
        }
    }

    /// The Type line of the properties of `path`: a folder's word, or the description of
    /// its type where the pane showing it has told it.
    pub fn type_of_path(&self, path: &std::path::Path, kind: porpoise_engine::Kind) -> String {
        use std::os::unix::ffi::OsStrExt;
        if kind == porpoise_engine::Kind::Dir {
            return fl!("type-folder");
        }
        let name = path.file_name().map(|n| n.as_bytes()).unwrap_or_default();
        let pane = self
            .shown_panes()
            .into_iter()
            .find(|p| Some(p.path()) == path.parent());
        pane.and_then(|p| p.types().of(name))
            .and_then(|m| self.types.description(m))
            .unwrap_or_default()
    }

    /// The file types the window knows.
    pub fn types(&self) -> &super::super::types::Types {
        &self.types
    }
}
