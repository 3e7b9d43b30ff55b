//! The rubber band in the file view: a click on empty space clears the selection (Ctrl
//! keeps it); dragging selects every row or tile the band touches, added to what was
//! selected when Ctrl is held; held past an edge, the view scrolls on. In the details view
//! a press beside a row's name starts a band too, and a click there selects the row.

use iced::Rectangle;
use iced::Task;

use super::pane::{Mode, Pane};
use super::{Browser, Context, Event, Message};
use crate::selection::Selection;
use crate::settings::{Settings, ViewMode};
use crate::widgets::band::BandEvent;

/// The icons view's grid starts this far from the view's left edge.
pub const GRID_LEFT: f32 = 8.0;

/// A press that may become a rubber band.
#[derive(Debug, Clone, Default)]
pub struct BandPress {
    /// The selection the band adds to (what was selected with Ctrl held when it
    /// started; nothing otherwise).
    base: Selection,
    /// The row of the details view the press was on (beside its name): a click without
    /// a drag selects it.
    row: Option<Vec<u8>>,
    /// The pointer moved far enough to draw a band.
    moved: bool,
}

impl Browser {
    pub(super) fn on_band(&mut self, e: BandEvent, cx: &mut Context) -> Task<Message> {
        match e {
            BandEvent::Started(at) => {
                cx.tell(Event::FocusView);
                // A press on the view ends a menu or a typed location (not a name
                // being typed: the entry ends it when it loses the keyboard).
                self.pane.end_mode_if(|m| {
                    matches!(m, Mode::Menu(_) | Mode::Drop(_) | Mode::Location(_))
                });
                let row = (cx.settings.view == ViewMode::Details)
                    .then(|| (at.y.max(0.0) / cx.settings.shape().row_height()) as usize)
                    .and_then(|i| self.pane.rows().get(i))
                    .map(|(_, name)| name.into_owned());
                let base = if cx.modifiers.control() {
                    self.pane.selection().clone()
                } else {
                    // A press on a row keeps the selection until it is a band or a
                    // click; one on empty space clears it at once.
                    if row.is_none() {
                        self.pane.selection_mut().clear();
                    }
                    Selection::default()
                };
                self.marks.band = Some(BandPress {
                    base,
                    row,
                    moved: false,
                });
                Task::none()
            }
            BandEvent::Spans(span) => {
                let Some(press) = &mut self.marks.band else {
                    return Task::none();
                };
                press.moved = true;
                let mut selection = press.base.clone();
                for i in self.touched(span, cx.settings) {
                    if let Some((_, name)) = self.pane.rows().get(i) {
                        selection.add(&name);
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
            BandEvent::Ended => match self.marks.band.take() {
                // A click beside a row's name: the row is clicked.
                Some(BandPress {
                    row: Some(name),
                    moved: false,
                    ..
                }) => self.clicked(name, cx),
                _ => Task::none(),
            },
        }
    }

    /// Positions of the shown entries the rectangle touches (content coordinates).
    fn touched(&self, span: Rectangle, s: &Settings) -> Vec<usize> {
        let len = self.pane.rows().len();
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
    let rows = pane.rows().len().div_ceil(pane.columns(view));
    let content = rows as f32 * view.row_height() + crate::layout::END_SPACE;
    let max = (content - pane.viewport().height).max(0.0);
    (pane.viewport().offset_y, max)
}
