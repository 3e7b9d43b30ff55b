//! "New File": an empty file, or a copy of a template from the templates folder
//! (`XDG_TEMPLATES_DIR`), its subfolders as submenus. The state the window keeps (the
//! templates found, which submenus are open), the messages, and the work off the UI
//! thread: finding the templates and making the file (the engine's `items::files`).

use iced::Task;
use std::path::{Path, PathBuf};

use porpoise_engine::items::files::{self, Stamp};
use porpoise_engine::templates::{self, Template, TemplateKind};

use crate::actions::names::NameOpError;

/// What the window keeps for "New File".
#[derive(Debug, Default)]
pub struct NewFileState {
    /// The templates, as last read.
    pub templates: Vec<Template>,
    /// The submenu is shown: the folders open in it, by their place in the level above
    /// (empty: only its first level).
    pub open: Option<Vec<usize>>,
    /// Opened from the keyboard: the entry of its innermost open level the arrows are on
    /// (counted as shown: "Empty File" first on the first level).
    pub highlighted: Option<usize>,
    /// How to find the templates again (the folder can change while the window runs).
    pub find: Option<TemplatesAt>,
}

impl NewFileState {
    /// What is shown on level `level` (the first has "Empty File" before the templates).
    pub fn shown_count(&self, level: usize) -> usize {
        self.level(level)
            .map_or(0, |t| t.len() + usize::from(level == 0))
    }

    /// The entries of submenu level `level` (0: the templates folder itself), while it is
    /// open.
    pub fn level(&self, level: usize) -> Option<&[Template]> {
        let open = self.open.as_ref()?;
        let mut at: &[Template] = &self.templates;
        for &i in open.get(..level)? {
            match &at.get(i)?.kind {
                TemplateKind::Folder(inside) => at = inside,
                TemplateKind::File => return None,
            }
        }
        Some(at)
    }
}

/// A file made: its path, what it was like when made, and the template it copies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Made {
    pub path: PathBuf,
    pub stamp: Stamp,
    pub template: Option<PathBuf>,
}

/// The messages of "New File".
#[derive(Debug, Clone)]
pub enum NewFileMsg {
    /// The templates folder was read.
    Found(Vec<Template>),
    /// The pointer came onto "New File": show its submenu (and read the templates again).
    ShowMenu,
    /// The pointer came onto the folder at `index` of submenu level `level`: open it.
    OpenFolder { level: usize, index: usize },
    /// An entry of the submenu: name a new empty file (`None`) or a copy of this template.
    Pick(Option<PathBuf>),
    /// The file was made, or not.
    Created(Result<Made, NameOpError>),
}

/// Where the templates folder is found: `user-dirs.dirs` in the config home, else a
/// folder of the home.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplatesAt {
    pub config_home: Option<PathBuf>,
    pub home: PathBuf,
}

/// Find the templates folder and read it, off the UI thread.
pub fn find(at: TemplatesAt) -> Task<NewFileMsg> {
    crate::offload::work("the new file thread", move || {
        let found = templates::templates_dir(at.config_home.as_deref(), &at.home)
            .map(|d| templates::find(&d))
            .unwrap_or_default();
        NewFileMsg::Found(found)
    })
}

/// Make `name` in `parent`, empty or a copy of `template`, off the UI thread.
pub fn make(parent: PathBuf, name: Vec<u8>, template: Option<PathBuf>) -> Task<NewFileMsg> {
    crate::offload::work("the new file thread", move || {
        NewFileMsg::Created(create(&parent, &name, template))
    })
}

/// Make the file (blocking).
fn create(parent: &Path, name: &[u8], template: Option<PathBuf>) -> Result<Made, NameOpError> {
    use std::os::unix::ffi::OsStrExt;
    let (path, stamp) = files::create_file(
        parent,
        std::ffi::OsStr::from_bytes(name),
        template.as_deref(),
    )?;
    Ok(Made {
        path,
        stamp,
        template,
    })
}
