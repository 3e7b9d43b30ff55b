//! The rubber band in the file view: a click on empty space clears the selection (Ctrl
//! keeps it); dragging selects every row or tile the band touches, added to what was
//! selected when Ctrl is held; held past an edge, the view scrolls on.

use iced::Rectangle;

use super::App;
use crate::effects::Effect;
use crate::pane::{Mode, Pane};
use crate::selection::Selection;
use crate::settings::ViewMode;
use crate::widgets::band::BandEvent;

/// The icons view's grid starts this far from the view's left edge.
pub const GRID_LEFT: f32 = 8.0;

impl App {
    pub(super) fn on_band(&mut self, e: BandEvent) -> Vec<Effect> {
        match e {
            BandEvent::Started(_) => {
                self.focus_view_by_mouse();
                // A press on the view ends a menu or a typed location (not a name
                // being typed: the entry ends it when it loses the keyboard).
                self.pane.end_mode_if(|m| {
                    matches!(m, Mode::Menu(_) | Mode::Drop(_) | Mode::Location(_))
                });
                let base = if self.modifiers.control() {
                    self.pane.selection.clone()
                } else {
                    self.pane.selection.clear();
                    Selection::default()
                };
                self.actions.band = Some(base);
                Vec::new()
            }
            BandEvent::Spans(span) => {
                let Some(base) = &self.actions.band else {
                    return Vec::new();
                };
                let mut selection = base.clone();
                for i in self.touched(span) {
                    if let Some((_, name)) = self.pane.lister.get(i) {
                        selection.add(name);
                    }
                }
                self.pane.selection = selection;
                Vec::new()
            }
            BandEvent::Scroll(dy) => {
                if self.actions.band.is_none() {
                    return Vec::new();
                }
                let (_, max) = self.scroll_range(&self.pane);
                let y = (self.pane.viewport.offset_y + dy).clamp(0.0, max);
                if y == self.pane.viewport.offset_y {
                    return Vec::new();
                }
                self.pane.viewport.offset_y = y;
                vec![self.pane.scroll_to(y)]
            }
            BandEvent::Ended => {
                self.actions.band = None;
                Vec::new()
            }
        }
    }

    /// How far the view is scrolled, and how far it can be.
    pub fn scroll_range(&self, pane: &Pane) -> (f32, f32) {
        let view = self.settings.shape();
        let rows = pane.lister.len().div_ceil(pane.columns(view));
        let content = rows as f32 * view.row_height() + crate::layout::END_SPACE;
        let max = (content - pane.viewport.height).max(0.0);
        (pane.viewport.offset_y, max)
    }

    /// Positions of the shown entries the rectangle touches (content coordinates).
    fn touched(&self, span: Rectangle) -> Vec<usize> {
        let len = self.pane.lister.len();
        let row_height = self.row_height();
        let row = |y: f32| (y.max(0.0) / row_height).floor() as usize;
        let rows = row(span.y)..=row(span.y + span.height);
        match self.settings.view {
            ViewMode::Details => rows.filter(|&i| i < len).collect(),
            ViewMode::Icons => {
                let cols = self.columns();
                let tile = self.settings.shape().tile_width();
                let col = |x: f32| ((x - GRID_LEFT).max(0.0) / tile).floor() as usize;
                let (c0, c1) = (col(span.x), col(span.x + span.width).min(cols - 1));
                rows.flat_map(|r| (c0..=c1).map(move |c| r * cols + c))
                    .filter(|&i| i < len)
                    .collect()
            }
        }
    }
}
