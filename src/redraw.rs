//! Whole redraws for the frames that move the shown rows.
//!
//! iced's CPU renderer draws a frame by the regions that changed since the last one. When
//! most rows change at once (a scroll, a resize, another folder, another sort), it finds
//! dozens of small, overlapping regions and draws every row once for each region it
//! touches: up to ten times the work of drawing the frame once, and a window that answers
//! late (`cargo bench -p porpoise --bench redraw`). It draws the whole frame, once, when
//! the window's background colour differs from the last frame's. So after such a message
//! the background takes the next of eight shades one step apart in red, green or blue,
//! which no eye tells apart. Eight, not two: the window may handle several batches of
//! messages before it draws, and each batch moves to the next shade; two shades would
//! come back to the last frame's after two batches.

use std::cell::Cell;

use iced::Color;

use crate::message::Message;
use crate::screen::browser::{self, PaneMsg};
use crate::types::TypesMsg;

/// Whether the next frame is to be drawn whole, and the shade the last one asked for.
#[derive(Debug, Default)]
pub struct Redraw {
    whole: Cell<bool>,
    shade: Cell<u8>,
}

impl Redraw {
    /// Take note of a message handled: one that moves the rows asks for a whole frame.
    pub fn note(&self, message: &Message) {
        if moves_rows(message) {
            self.whole.set(true);
        }
    }

    /// The background to draw the next frame on. The window asks once per batch of
    /// messages handled, before the frame that shows them.
    pub fn background(&self, base: Color) -> Color {
        if self.whole.take() {
            self.shade.set((self.shade.get() + 1) % 8);
        }
        let shade = self.shade.get();
        let step = |channel: f32, bit: u8| {
            if shade & bit == 0 {
                channel
            } else if channel + STEP <= 1.0 {
                channel + STEP
            } else {
                channel - STEP
            }
        };
        Color {
            r: step(base.r, 1),
            g: step(base.g, 2),
            b: step(base.b, 4),
            a: base.a,
        }
    }
}

/// One step of an 8-bit colour channel.
const STEP: f32 = 1.0 / 255.0;

/// Rows told of at once beyond which they are likely spread over the view.
const MANY_ROWS: usize = 4;

/// Messages after which most of the shown rows may have moved or changed: the pane's
/// (navigation, scrolling, the viewport, sorting, filtering), its listing's, keys (a page
/// down, Select All), the window's size, the view, tabs, split view and search; and news
/// of many rows at once (their types, their types' words and icons, folders' counts).
fn moves_rows(message: &Message) -> bool {
    match message {
        Message::Browser(m) => browser_moves_rows(m),
        Message::Key(_) | Message::Resized(..) => true,
        Message::Types(TypesMsg::Told { types, .. }) => types.len() >= MANY_ROWS,
        // One type's words or icon are every row of that type.
        Message::Types(TypesMsg::Described(_) | TypesMsg::Loaded(_)) => true,
        _ => false,
    }
}

/// The browser's messages among [`moves_rows`]'.
fn browser_moves_rows(message: &browser::Message) -> bool {
    match message {
        browser::Message::Beside(inner) => browser_moves_rows(inner),
        browser::Message::Pane(PaneMsg::FolderCounts(_, counts)) => counts.len() >= MANY_ROWS,
        browser::Message::Pane(PaneMsg::Space(..)) => false,
        browser::Message::Pane(_)
        | browser::Message::Dir(..)
        | browser::Message::SetView(_)
        | browser::Message::ToggleHidden
        | browser::Message::Zoom(_)
        | browser::Message::Tab(_)
        | browser::Message::ToggleSplit
        | browser::Message::ClosePane { .. }
        | browser::Message::Search(_) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moving_message_changes_the_background_once_per_batch() {
        let redraw = Redraw::default();
        let base = Color::from_rgb(0.98, 0.98, 0.98);
        assert_eq!(redraw.background(base), base, "nothing moved yet");
        // Two moving messages in one batch: one change, not two.
        redraw.note(&Message::Browser(browser::Message::ToggleHidden));
        redraw.note(&Message::Browser(browser::Message::ToggleSplit));
        let first = redraw.background(base);
        assert_ne!(first, base);
        for (a, b) in [(first.r, base.r), (first.g, base.g), (first.b, base.b)] {
            assert!(
                (a - b).abs() <= STEP + f32::EPSILON,
                "one step at most: {first:?}"
            );
        }
        // A batch of messages that move nothing keeps the background.
        redraw.note(&Message::PurgeCache);
        assert_eq!(redraw.background(base), first);
        // Batches that each move the rows, with no frame drawn between them, never come
        // back to the last frame's background (the base here) before eight.
        let mut seen = vec![base, first];
        for _ in 0..6 {
            redraw.note(&Message::Resized(800.0, 600.0));
            let next = redraw.background(base);
            assert!(!seen.contains(&next), "{next:?} again");
            seen.push(next);
        }
    }

    #[test]
    fn news_of_one_row_keeps_the_background_and_of_many_changes_it() {
        let redraw = Redraw::default();
        let base = Color::from_rgb(0.1, 0.1, 0.1);
        let counts = |n: usize| (0..n).map(|i| (vec![b'a' + i as u8], 1)).collect();
        redraw.note(&Message::Browser(browser::Message::Pane(
            PaneMsg::FolderCounts(1, counts(1)),
        )));
        assert_eq!(redraw.background(base), base);
        redraw.note(&Message::Browser(browser::Message::Pane(
            PaneMsg::FolderCounts(1, counts(MANY_ROWS)),
        )));
        assert_ne!(redraw.background(base), base);
    }

    #[test]
    fn white_is_nudged_down() {
        let redraw = Redraw::default();
        redraw.note(&Message::Browser(browser::Message::ToggleSplit));
        let nudged = redraw.background(Color::WHITE);
        assert!(nudged.r < 1.0 && nudged.r > 0.99, "{nudged:?}");
    }
}
