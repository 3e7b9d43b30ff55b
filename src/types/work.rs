//! The types' work off the UI thread: reading the database, telling entries' types (a
//! name of one glob needs no read), and describing types (their words in the window's
//! language and their icons from the desktop's theme).

use std::path::PathBuf;
use std::sync::Arc;

use iced::Task;
use porpoise_engine::mime::{Facts, MimeDb};

use super::{Look, Mime, SharedMimes, TypesMsg};
use crate::icons::desktop::{self, Dirs};
use crate::icons::{Icon, IconSize};

/// Work of the types, for the app to run.
#[derive(Debug, Clone)]
pub enum TypesEffect {
    /// Read the database; ends with `TypesMsg::Loaded`.
    Load,
    /// Tell the types of these entries of `dir` (listed as `generation`); ends with
    /// `TypesMsg::Told`.
    Tell {
        db: Arc<MimeDb>,
        generation: u64,
        dir: PathBuf,
        entries: Vec<(Vec<u8>, Facts)>,
    },
    /// Describe these types in `languages` (most wanted first), with icons from the theme
    /// `theme` names (else the desktop's); ends with `TypesMsg::Described`.
    Describe {
        db: Arc<MimeDb>,
        mimes: Vec<Mime>,
        languages: Vec<String>,
        theme: Option<String>,
    },
}

/// A type described: its words and its theme icons.
#[derive(Debug, Clone)]
pub struct Described {
    pub mime: Mime,
    look: Look,
}

impl Described {
    pub fn into_look(self) -> Look {
        self.look
    }
}

impl TypesEffect {
    /// The task that does the work on the blocking pool.
    pub fn into_task(self) -> Task<TypesMsg> {
        crate::offload::work("a file type worker", move || self.run())
    }

    fn run(self) -> TypesMsg {
        match self {
            TypesEffect::Load => TypesMsg::Loaded(Arc::new(MimeDb::load())),
            TypesEffect::Tell {
                db,
                generation,
                dir,
                entries,
            } => {
                let mut shared = SharedMimes::default();
                let types = entries
                    .into_iter()
                    .map(|(name, facts)| {
                        let mime = shared.share(db.of_entry(&dir, &name, facts));
                        (name, mime)
                    })
                    .collect();
                TypesMsg::Told { generation, types }
            }
            TypesEffect::Describe {
                db,
                mimes,
                languages,
                theme,
            } => {
                let theme = desktop::choose_theme(theme.as_deref(), &Dirs::from_env());
                let theme = theme.as_deref().unwrap_or("hicolor");
                let described = mimes
                    .into_iter()
                    .map(|mime| {
                        let names = db.icon_names(&mime);
                        let icon = |size| {
                            desktop::find_named(&names, size, theme)
                                .map(|(format, _, bytes)| Icon::from_file(format, bytes))
                        };
                        let look = Look {
                            description: db.description(&mime, &languages),
                            small: icon(IconSize::Small),
                            large: icon(IconSize::Large),
                        };
                        Described { mime, look }
                    })
                    .collect();
                TypesMsg::Described(described)
            }
        }
    }
}
