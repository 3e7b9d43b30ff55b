//! The properties dialog in the app: opening it on the selection (or the shown folder),
//! taking what was read, the permission checkboxes and octal field, applying a change (to
//! a folder's contents too, as a job),
//! and its keys (Escape closes; Enter applies a change, else closes).

use iced::keyboard::Key;
use iced::keyboard::key::Named;

use super::App;
use crate::effects::Effect;
use crate::message::KeyPress;
use crate::properties::{PropertiesView, PropsEffect, PropsMsg};
use crate::request::{JobKind, JobRequest};
use crate::undo::UndoStep;
use porpoise_engine::jobs::modes::{ModeChange, ModeJob};

impl App {
    pub(super) fn on_props_message(&mut self, m: PropsMsg) -> Vec<Effect> {
        match m {
            PropsMsg::Open => self.open_properties(),
            PropsMsg::Read(items) => self.in_dialog(|v| v.read(items)),
            PropsMsg::Counted(id, usage) => self.in_dialog(|v| v.counted(id, *usage)),
            PropsMsg::Bit(bit, on) => self.in_dialog(|v| v.set_bit(bit, on)),
            PropsMsg::Octal(text) => self.in_dialog(|v| v.set_octal(text)),
            PropsMsg::Recursive(on) => self.in_dialog(|v| v.recursive = on),
            PropsMsg::Apply => self.apply_mode(),
            PropsMsg::Applied {
                path,
                from,
                to,
                result,
            } => {
                if result.is_ok() {
                    // Ctrl+Z sets them back.
                    self.push_undo(UndoStep::ModeChanged { path, from, to });
                }
                let mounts = self.mounts.clone();
                let Some(v) = &mut self.properties else {
                    return Vec::new();
                };
                v.busy = false;
                match result {
                    // Read again: what the item is now.
                    Ok(()) => read_with(v, mounts),
                    Err(e) => {
                        v.error = Some(crate::failures::why(&e));
                        Vec::new()
                    }
                }
            }
            PropsMsg::Close => {
                self.properties = None;
                Vec::new()
            }
        }
    }

    /// Change the open dialog (a late message for a closed one changes nothing).
    fn in_dialog(&mut self, change: impl FnOnce(&mut PropertiesView)) -> Vec<Effect> {
        if let Some(v) = &mut self.properties {
            change(v);
        }
        Vec::new()
    }

    /// The dialog on the selected items, or on the shown folder when none is.
    fn open_properties(&mut self) -> Vec<Effect> {
        if self.pane.trash.is_some() {
            return Vec::new();
        }
        self.pane.close_menus();
        let mut paths = self.selected_paths();
        if paths.is_empty() {
            paths.push(self.pane.path().to_owned());
        }
        let mut view = PropertiesView::new(paths);
        let mut effects = read_with(&view, self.mounts.clone());
        effects.push(Effect::Props(view.start_count()));
        self.properties = Some(view);
        effects
    }

    /// Set the shown permissions on the single item shown; for a folder with "Apply to
    /// everything inside", change it and its contents as a job of the panel (the dialog
    /// closes: the panel shows how it goes, and undo takes it back).
    fn apply_mode(&mut self) -> Vec<Effect> {
        let Some(v) = self.properties.as_mut().filter(|v| v.changed() && !v.busy) else {
            return Vec::new();
        };
        let (Some(p), Some(to)) = (v.single(), v.mode) else {
            return Vec::new();
        };
        let (path, from) = (p.path.clone(), p.mode);
        if v.recursive && p.kind == porpoise_engine::Kind::Dir {
            self.properties = None;
            let change = ModeChange::between(from, to, true);
            return self.start_job(JobRequest {
                kind: JobKind::Permissions,
                sources: vec![path],
                dest: std::path::PathBuf::new(),
                modes: Some(ModeJob::Change(change)),
            });
        }
        v.busy = true;
        v.error = None;
        vec![Effect::Props(PropsEffect::SetMode { path, from, to })]
    }

    /// A key while the dialog is open: it is modal.
    pub(super) fn properties_key(&mut self, k: &KeyPress) -> Vec<Effect> {
        match k.key.as_ref() {
            Key::Named(Named::Escape) => self.on_props_message(PropsMsg::Close),
            // Enter applies a change (from the octal field too), else closes.
            Key::Named(Named::Enter) if self.properties_changed() => self.apply_mode(),
            Key::Named(Named::Enter) if !k.captured => self.on_props_message(PropsMsg::Close),
            _ => Vec::new(),
        }
    }

    fn properties_changed(&self) -> bool {
        self.properties.as_ref().is_some_and(|v| v.changed())
    }

    /// The open properties dialog.
    pub fn properties(&self) -> Option<&PropertiesView> {
        self.properties.as_ref()
    }
}

/// Read the dialog's items (`mounts` tells their filesystems).
fn read_with(
    v: &PropertiesView,
    mounts: Option<std::sync::Arc<porpoise_engine::mounts::MountTable>>,
) -> Vec<Effect> {
    vec![Effect::Props(PropsEffect::Read {
        paths: v.paths.clone(),
        mounts,
    })]
}
