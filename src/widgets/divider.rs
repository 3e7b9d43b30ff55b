//! The edge between two column headers: a thin line that shows a resize pointer, and a
//! press there dragged sideways resizes the column on its right (the name on the left
//! takes what that column gives up or gets): each move tells the column's new width,
//! the release that the dragging is over.

use iced::advanced::layout::{self, Layout};
use iced::advanced::renderer::{self, Quad};
use iced::advanced::widget::{Tree, tree};
use iced::advanced::{Clipboard, Shell, Widget};
use iced::{Element, Event, Length, Rectangle, Size, Theme, mouse};

/// Its height: a header's.
const HEIGHT: f32 = 24.0;

pub struct Divider<'a, Message> {
    width: f32,
    /// The column's width now.
    column: f32,
    on_drag: Box<dyn Fn(f32) -> Message + 'a>,
    on_done: Message,
}

/// An edge `width` pixels wide beside a column now `column` pixels wide.
pub fn divider<'a, Message>(
    width: f32,
    column: f32,
    on_drag: impl Fn(f32) -> Message + 'a,
    on_done: Message,
) -> Divider<'a, Message> {
    Divider {
        width,
        column,
        on_drag: Box::new(on_drag),
        on_done,
    }
}

/// Where the press was and the column's width then, while the edge is dragged.
#[derive(Debug, Default)]
struct State {
    pressed: Option<(f32, f32)>,
}

impl<Message: Clone> Widget<Message, Theme, iced::Renderer> for Divider<'_, Message> {
    fn tag(&self) -> tree::Tag {
        tree::Tag::of::<State>()
    }

    fn state(&self) -> tree::State {
        tree::State::new(State::default())
    }

    fn size(&self) -> Size<Length> {
        Size::new(Length::Fixed(self.width), Length::Fixed(HEIGHT))
    }

    fn layout(
        &mut self,
        _tree: &mut Tree,
        _renderer: &iced::Renderer,
        limits: &layout::Limits,
    ) -> layout::Node {
        layout::Node::new(limits.resolve(self.width, HEIGHT, Size::new(self.width, HEIGHT)))
    }

    fn update(
        &mut self,
        tree: &mut Tree,
        event: &Event,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        _renderer: &iced::Renderer,
        _clipboard: &mut dyn Clipboard,
        shell: &mut Shell<'_, Message>,
        _viewport: &Rectangle,
    ) {
        let state = tree.state.downcast_mut::<State>();
        match event {
            Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Left)) => {
                if let Some(p) = cursor.position_over(layout.bounds()) {
                    state.pressed = Some((p.x, self.column));
                    shell.capture_event();
                }
            }
            Event::Mouse(mouse::Event::CursorMoved { position }) => {
                if let Some((x, start)) = state.pressed {
                    // Leftwards widens the column on the right.
                    shell.publish((self.on_drag)(start + (x - position.x)));
                    shell.capture_event();
                }
            }
            Event::Mouse(mouse::Event::ButtonReleased(mouse::Button::Left))
                if state.pressed.take().is_some() =>
            {
                shell.publish(self.on_done.clone());
                shell.capture_event();
            }
            _ => {}
        }
    }

    fn mouse_interaction(
        &self,
        tree: &Tree,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        _viewport: &Rectangle,
        _renderer: &iced::Renderer,
    ) -> mouse::Interaction {
        let dragged = tree.state.downcast_ref::<State>().pressed.is_some();
        if dragged || cursor.is_over(layout.bounds()) {
            mouse::Interaction::ResizingHorizontally
        } else {
            mouse::Interaction::default()
        }
    }

    fn draw(
        &self,
        _tree: &Tree,
        renderer: &mut iced::Renderer,
        theme: &Theme,
        _style: &renderer::Style,
        layout: Layout<'_>,
        _cursor: mouse::Cursor,
        _viewport: &Rectangle,
    ) {
        use iced::advanced::Renderer as _;
        let b = layout.bounds();
        let line = Rectangle {
            x: (b.x + b.width / 2.0).floor(),
            y: b.y + b.height * 0.2,
            width: 1.0,
            height: b.height * 0.6,
        };
        let color = theme.extended_palette().background.strong.color;
        renderer.fill_quad(
            Quad {
                bounds: line,
                ..Quad::default()
            },
            color,
        );
    }
}

impl<'a, Message: Clone + 'a> From<Divider<'a, Message>> for Element<'a, Message> {
    fn from(d: Divider<'a, Message>) -> Self {
        Element::new(d)
    }
}
