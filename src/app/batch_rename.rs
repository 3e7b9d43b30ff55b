//! The batch rename dialog in the app: F2 (or Rename in the menu) with several items
//! selected opens it on them in the shown order; its rules preview every new name; Tab and
//! Shift+Tab go through its text fields; Rename (or Enter) runs the renames as one job of
//! the panel, which one Ctrl+Z takes back; Escape closes it.

use std::collections::HashSet;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

use iced::keyboard::Key;
use iced::keyboard::key::Named;

use super::App;
use crate::batch_rename::{BatchMsg, BatchRename, FIND_INPUT};
use crate::effects::Effect;
use crate::message::KeyPress;
use crate::request::{JobKind, JobRequest};
use porpoise_engine::Kind;
use porpoise_engine::jobs::JobSpec;
use porpoise_engine::rename::Item;

impl App {
    pub(super) fn on_batch_message(&mut self, m: BatchMsg) -> Vec<Effect> {
        match m {
            BatchMsg::Rename => self.batch_rename_now(),
            BatchMsg::Close => {
                self.batch_rename = None;
                Vec::new()
            }
            change => {
                if let Some(v) = &mut self.batch_rename {
                    v.change(change);
                }
                Vec::new()
            }
        }
    }

    /// Several items selected: the dialog on them, in the order the view shows them (the
    /// numbering follows it), the keyboard in its Find field. Fewer: nothing.
    pub(super) fn open_batch_rename(&mut self) -> Vec<Effect> {
        if self.pane.trash.is_some() || self.pane.selection.len() < 2 {
            return Vec::new();
        }
        self.pane.close_menus();
        let lister = &self.pane.lister;
        let selection = &self.pane.selection;
        let items: Vec<Item> = lister
            .iter()
            .filter(|(_, name)| selection.is_selected(name))
            .map(|(e, name)| Item {
                name: OsStr::from_bytes(name).to_owned(),
                is_dir: e.kind() == Kind::Dir,
            })
            .collect();
        if items.len() < 2 {
            return Vec::new();
        }
        let taken: HashSet<Vec<u8>> = lister.all_names().map(<[u8]>::to_vec).collect();
        self.batch_rename = Some(BatchRename::new(lister.path().to_owned(), items, taken));
        vec![Effect::FocusInput(iced::widget::Id::new(FIND_INPUT))]
    }

    /// Rename as previewed, when nothing is in the way: the dialog closes and the panel
    /// shows the job.
    fn batch_rename_now(&mut self) -> Vec<Effect> {
        let Some(job) = self.batch_rename.as_ref().and_then(BatchRename::job) else {
            return Vec::new();
        };
        self.batch_rename = None;
        let request = JobRequest {
            kind: JobKind::Rename,
            sources: job
                .renames
                .iter()
                .map(|(old, _)| job.dir.join(old))
                .collect(),
            dest: job.dir.clone(),
            modes: None,
        };
        self.start_job_with(request, JobSpec::rename(job))
    }

    /// A key while the dialog is open: it is modal. Escape closes it; Enter renames (a
    /// field's Enter does too).
    pub(super) fn batch_rename_key(&mut self, k: &KeyPress) -> Vec<Effect> {
        match k.key.as_ref() {
            Key::Named(Named::Escape) => self.on_batch_message(BatchMsg::Close),
            Key::Named(Named::Enter) if !k.captured => self.batch_rename_now(),
            Key::Named(Named::Tab) => match &mut self.batch_rename {
                Some(v) => {
                    let id = v.tab(k.modifiers.shift());
                    vec![Effect::FocusInput(iced::widget::Id::new(id))]
                }
                None => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    /// The open batch rename dialog.
    pub fn batch_rename(&self) -> Option<&BatchRename> {
        self.batch_rename.as_ref()
    }
}
