//! A pane's filter box: opening and closing it and typing into it; the pane then shows
//! only the names containing its text.

use super::Pane;

/// The id of the filter text input.
pub const FILTER_INPUT: &str = "porpoise-filter";
use crate::settings::ViewShape;
use iced::Task;

impl Pane {
    /// The filter box's text while it is open.
    pub fn filter(&self) -> Option<&str> {
        self.filter.as_deref()
    }

    /// While a filter hides entries: how many the folder shows without it.
    pub fn unfiltered_len(&self) -> Option<usize> {
        self.filter
            .as_deref()
            .is_some_and(|f| !f.is_empty())
            .then_some(self.lister.unfiltered_len())
    }

    /// The toolbar's toggle: open the box, or close and clear it.
    pub fn toggle_filter<T: Send + 'static>(&mut self, view: ViewShape) -> Task<T> {
        if self.filter.is_some() {
            self.close_filter(view)
        } else {
            self.open_filter()
        }
    }

    /// Open the box (keeping its text if open) and put the keyboard in it.
    pub fn open_filter<T: Send + 'static>(&mut self) -> Task<T> {
        self.filter.get_or_insert_with(String::new);
        super::work::focus(FILTER_INPUT)
    }

    /// Close the box; every entry is shown again.
    pub fn close_filter<T: Send + 'static>(&mut self, view: ViewShape) -> Task<T> {
        self.filter = None;
        self.apply_filter(view)
    }

    /// The box's text changed: show only the names containing it.
    pub fn filter_input<T: Send + 'static>(&mut self, text: String, view: ViewShape) -> Task<T> {
        if self.filter.is_none() {
            // A late message from a box already closed.
            return Task::none();
        }
        self.filter = Some(text);
        self.apply_filter(view)
    }

    fn apply_filter<T: Send + 'static>(&mut self, view: ViewShape) -> Task<T> {
        let text = self.filter.clone().unwrap_or_default();
        self.lister.set_filter(&text);
        for lister in self.tree.listers_mut() {
            lister.set_filter(&text);
        }
        self.relayout();
        self.unselect_hidden_rows();
        // The list changed length: start at its top, or where the cursor is.
        self.scroll_to_cursor_or_top(view)
    }
}
