//! The shown folder's scrolling body, shared by the details and icons views: keyed lines
//! for the viewport between spacers that stand for the lines outside it, a scrollable that
//! reports the viewport, the rubber band over it, and Ctrl+wheel zooming the icons view.

use iced::widget::{container, scrollable, space};
use iced::{Element, Fill, Theme};

use super::Show;
use super::entry;
use crate::actions::ActionMsg;
use crate::layout;
use crate::screen::browser::Message;
use crate::screen::browser::pane::Pane;
use crate::screen::browser::pane::PaneMsg;
use crate::settings::ViewMode;
use crate::viewport::{Viewport, Window};
use crate::widgets::band::band;
use crate::widgets::keyed_rows::KeyedRows;
use crate::widgets::zoom::zoom;

/// The view's lines, to be pushed keyed by entry.
pub type Lines<'a> = KeyedRows<'a, Message, Theme, iced::Renderer>;

/// The lines of window `w`, starting with the spacer for those above it.
pub fn lines<'a>(w: &Window) -> Lines<'a> {
    KeyedRows::with_capacity(w.end - w.first + 2).push(entry::SPACER_ABOVE, space().height(w.top))
}

/// `lines` with the spacer for those below window `w`, in the view's scrollable (`left`
/// pixels in from its left edge) under the rubber band.
pub fn scrolled<'a>(
    app: Show<'a>,
    pane: &'a Pane,
    lines: Lines<'a>,
    w: &Window,
    left: f32,
) -> Element<'a, Message> {
    let lines = lines.push(
        entry::SPACER_BELOW,
        space().height(w.bottom + layout::END_SPACE),
    );
    let view = scrollable(container(lines).padding([0.0, left]))
        .id(pane.ids().view.clone())
        .width(Fill)
        .height(Fill)
        .on_scroll(|v| {
            Message::Pane(PaneMsg::Scrolled(Viewport {
                offset_y: v.absolute_offset().y,
                width: v.bounds().width,
                height: v.bounds().height,
            }))
        });
    let view = band(view, app.scroll_range(pane), |e| {
        Message::Action(ActionMsg::Band(e))
    });
    // Always wrapped, so switching views keeps the widget tree's shape.
    let zooms = app.ctrl_held() && app.settings().view == ViewMode::Icons;
    zoom(view, zooms, Message::Zoom).into()
}
