//! The rubber band in the file view: a click on empty space clears the selection (Ctrl
//! keeps it); dragging selects every row or tile the band touches, added to what was
//! selected when Ctrl is held; held past an edge, the view scrolls on.

use iced::Rectangle;
use iced::Task;

use super::pane::{Mode, Pane};
use super::{Browser, Context, Event, Message};
use crate::selection::Selection;
use crate::settings::{Settings, ViewMode};
use crate::widgets::band::BandEvent;

/// The icons view's grid starts this far from the view's left edge.
pub const GRID_LEFT: f32 = 8.0;

impl Browser {
    pub(super) fn on_band(&mut self, e: BandEvent, cx: &mut Context) -> Task<Message> {
        match e {
            BandEvent::Started(_) => {
                cx.tell(Event::FocusView);
                // A press on the view ends a menu or a typed location (not a name
                // being typed: the entry ends it when it loses the keyboard).
                self.pane.end_mode_if(|m| {
                    matches!(m, Mode::Menu(_) | Mode::Drop(_) | Mode::Location(_))
                });
                let base = if cx.modifiers.control() {
                    self.pane.selection().clone()
                } else {
                    self.pane.selection_mut().clear();
                    Selection::default()
                };
                self.marks.band = Some(base);
                Task::none()
            }
            BandEvent::Spans(span) => {
                let Some(base) = &self.marks.band else {
                    return Task::none();
                };
                let mut selection = base.clone();
                for i in self.touched(span, cx.settings) {
                    if let Some((_, name)) = self.pane.lister().get(i) {
                        selection.add(name);
                    }
                }
                self.pane.set_selection(selection);
                Task::none()
            }
            BandEvent::Scroll(dy) => {
                if self.marks.band.is_none() {
                    return Task::none();
                }
                let (_, max) = scroll_range(&self.pane, cx.settings);
                let y = (self.pane.viewport().offset_y + dy).clamp(0.0, max);
                if y == self.pane.viewport().offset_y {
                    return Task::none();
                }
                self.pane.viewport_mut().offset_y = y;
                self.pane.scroll_to(y)
            }
            BandEvent::Ended => {
                self.marks.band = None;
                Task::none()
            }
        }
    }

    /// Positions of the shown entries the rectangle touches (content coordinates).
    fn touched(&self, span: Rectangle, s: &Settings) -> Vec<usize> {
        let len = self.pane.lister().len();
        let row_height = s.shape().row_height();
        let row = |y: f32| (y.max(0.0) / row_height).floor() as usize;
        let rows = row(span.y)..=row(span.y + span.height);
        match s.view {
            ViewMode::Details => rows.filter(|&i| i < len).collect(),
            ViewMode::Icons => {
                let cols = self.columns(s);
                let tile = s.shape().tile_width();
                let col = |x: f32| ((x - GRID_LEFT).max(0.0) / tile).floor() as usize;
                let (c0, c1) = (col(span.x), col(span.x + span.width).min(cols - 1));
                rows.flat_map(|r| (c0..=c1).map(move |c| r * cols + c))
                    .filter(|&i| i < len)
                    .collect()
            }
        }
    }
}

/// How far `pane`'s view is scrolled, and how far it can be, under `s`.
pub fn scroll_range(pane: &Pane, s: &Settings) -> (f32, f32) {
    let view = s.shape();
    let rows = pane.lister().len().div_ceil(pane.columns(view));
    let content = rows as f32 * view.row_height() + crate::layout::END_SPACE;
    let max = (content - pane.viewport().height).max(0.0);
    (pane.viewport().offset_y, max)
}
