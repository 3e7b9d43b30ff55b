//! A wrapper around the whole window that tells where the pointer is, in window
//! coordinates, when it matters: at every press (before the widgets under it speak), on
//! every move while a drag is possible, and at every release of the left button (after
//! them).

use super::wrap::{delegate_to_content, into_element, update_content};
use iced::advanced::renderer;
use iced::advanced::widget::Tree;
use iced::advanced::{Clipboard, Layout, Shell, Widget};
use iced::{Element, Event, Point, Rectangle, mouse};

/// What the wrapper reports.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PointerEvent {
    /// A button went down here.
    Pressed(Point),
    /// The pointer moved here (only while `tracking`).
    Moved(Point),
    /// The left button came up.
    Released,
}

pub struct Pointer<'a, Message, Theme, Renderer> {
    content: Element<'a, Message, Theme, Renderer>,
    on_event: Box<dyn Fn(PointerEvent) -> Message + 'a>,
    tracking: bool,
}

/// Wrap `content`; `tracking`: a press may become a drag, so moves count.
pub fn pointer<'a, Message, Theme, Renderer>(
    content: impl Into<Element<'a, Message, Theme, Renderer>>,
    tracking: bool,
    on_event: impl Fn(PointerEvent) -> Message + 'a,
) -> Pointer<'a, Message, Theme, Renderer> {
    Pointer {
        content: content.into(),
        on_event: Box::new(on_event),
        tracking,
    }
}

impl<Message, Theme, Renderer> Widget<Message, Theme, Renderer>
    for Pointer<'_, Message, Theme, Renderer>
where
    Renderer: renderer::Renderer,
{
    delegate_to_content!(Renderer => children, diff, size, layout, operate, mouse_interaction, draw, overlay);

    fn update(
        &mut self,
        tree: &mut Tree,
        event: &Event,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        renderer: &Renderer,
        clipboard: &mut dyn Clipboard,
        shell: &mut Shell<'_, Message>,
        viewport: &Rectangle,
    ) {
        // Presses and moves are told before the widgets below react to them.
        match event {
            Event::Mouse(mouse::Event::ButtonPressed(_)) => {
                if let Some(p) = cursor.position() {
                    shell.publish((self.on_event)(PointerEvent::Pressed(p)));
                }
            }
            Event::Mouse(mouse::Event::CursorMoved { position }) if self.tracking => {
                shell.publish((self.on_event)(PointerEvent::Moved(*position)));
            }
            _ => {}
        }
        update_content!(
            self, tree, event, layout, cursor, renderer, clipboard, shell, viewport
        );
        // The release is told after the target under the pointer said what it is, and
        // always: a quick click's press and release can come in one frame, before the
        // view that tracks the press exists, and a missed release would leave a drag
        // armed with the button up.
        if matches!(
            event,
            Event::Mouse(mouse::Event::ButtonReleased(mouse::Button::Left))
        ) {
            shell.publish((self.on_event)(PointerEvent::Released));
        }
    }
}

into_element!(Pointer);
