//! The filter box: opening and closing it and typing into it.

use super::super::effects::Effect;
use super::App;

impl App {
    /// The toolbar's toggle: open the box, or close and clear it.
    pub(super) fn toggle_filter(&mut self) -> Vec<Effect> {
        if self.pane.filter.is_some() {
            self.close_filter()
        } else {
            self.open_filter()
        }
    }

    /// Open the box (keeping its text if open) and put the keyboard in it.
    pub(super) fn open_filter(&mut self) -> Vec<Effect> {
        self.pane.filter.get_or_insert_with(String::new);
        vec![Effect::FocusFilter]
    }

    /// Close the box; every entry is shown again.
    pub(super) fn close_filter(&mut self) -> Vec<Effect> {
        self.pane.filter = None;
        self.apply_filter()
    }

    /// The box's text changed: show only the names containing it.
    pub(super) fn filter_input(&mut self, text: String) -> Vec<Effect> {
        if self.pane.filter.is_none() {
            // A late message from a box already closed.
            return Vec::new();
        }
        self.pane.filter = Some(text);
        self.apply_filter()
    }

    fn apply_filter(&mut self) -> Vec<Effect> {
        let text = self.pane.filter.clone().unwrap_or_default();
        self.pane.lister.set_filter(&text);
        self.pane.selection.retain_shown(&self.pane.lister);
        // The list changed length: start at its top, or where the cursor is.
        self.pane.viewport.offset_y = 0.0;
        let mut effects = self.reveal_cursor();
        if effects.is_empty() {
            effects.push(self.pane.scroll_to(0.0));
        }
        effects
    }
}
