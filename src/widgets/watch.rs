//! A wrapper that hears the mouse events its child gets: before the child (and then it may
//! keep an event from the child) and after it. The pointer tracker and the icons view's
//! zoom are such wrappers; this is their one `Widget`.

use super::wrap::{delegate_to_content, into_element, update_content};
use iced::advanced::renderer;
use iced::advanced::widget::Tree;
use iced::advanced::{Clipboard, Layout, Shell, Widget};
use iced::{Element, Event, Rectangle, mouse};

/// What the wrapper knows when an event comes.
pub struct Heard<'e> {
    pub event: &'e Event,
    pub cursor: mouse::Cursor,
    /// The wrapper's (and its child's) bounds.
    pub bounds: Rectangle,
    /// A widget before it took the event already.
    pub captured: bool,
}

/// What the wrapper does with an event before its child sees it.
pub struct Before<Message> {
    /// Told to the window.
    pub say: Option<Message>,
    /// The child never sees the event, nor does anything behind the wrapper.
    pub keep: bool,
}

impl<Message> Before<Message> {
    /// Hand the event on, saying nothing.
    pub fn pass() -> Self {
        Before {
            say: None,
            keep: false,
        }
    }
}

type BeforeFn<'a, Message> = Box<dyn Fn(&Heard<'_>) -> Before<Message> + 'a>;
type AfterFn<'a, Message> = Box<dyn Fn(&Heard<'_>) -> Option<Message> + 'a>;

pub struct Watch<'a, Message, Theme, Renderer> {
    content: Element<'a, Message, Theme, Renderer>,
    before: BeforeFn<'a, Message>,
    after: AfterFn<'a, Message>,
}

/// Wrap `content`: `before` hears each event first, `after` once the child has had it
/// (and only when `before` handed it on).
pub fn watch<'a, Message, Theme, Renderer>(
    content: impl Into<Element<'a, Message, Theme, Renderer>>,
    before: impl Fn(&Heard<'_>) -> Before<Message> + 'a,
    after: impl Fn(&Heard<'_>) -> Option<Message> + 'a,
) -> Watch<'a, Message, Theme, Renderer> {
    Watch {
        content: content.into(),
        before: Box::new(before),
        after: Box::new(after),
    }
}

impl<Message, Theme, Renderer> Widget<Message, Theme, Renderer>
    for Watch<'_, Message, Theme, Renderer>
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
        let heard = |shell: &Shell<'_, Message>| Heard {
            event,
            cursor,
            bounds: layout.bounds(),
            captured: shell.is_event_captured(),
        };
        let before = (self.before)(&heard(shell));
        if let Some(message) = before.say {
            shell.publish(message);
        }
        if before.keep {
            shell.capture_event();
            return;
        }
        update_content!(
            self, tree, event, layout, cursor, renderer, clipboard, shell, viewport
        );
        if let Some(message) = (self.after)(&heard(shell)) {
            shell.publish(message);
        }
    }
}

into_element!(Watch);
