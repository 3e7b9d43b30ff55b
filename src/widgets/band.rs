//! The rubber band: a press on the file view's empty space, where no row or tile took it,
//! starts a band; dragging draws it and tells the app the rectangle it spans (in the
//! view's content coordinates, so rows scrolled out of sight stay in it); holding it past
//! the top or bottom edge scrolls the view on, every frame. A press and release without a
//! move is a click on empty space.

use super::wrap::{delegate_to_content, update_content};
use iced::advanced::renderer::{self, Quad};
use iced::advanced::widget::{Tree, tree};
use iced::advanced::{Clipboard, Layout, Shell, Widget};
use iced::{Border, Color, Element, Event, Point, Rectangle, Size, Theme, Vector, mouse};

/// What the band tells the app.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BandEvent {
    /// The left button went down on empty space here (content coordinates).
    Started(Point),
    /// The band now spans this rectangle (content coordinates).
    Spans(Rectangle),
    /// The pointer is held past an edge: scroll the view by this much.
    Scroll(f32),
    /// The button came up.
    Ended,
}

/// Pixels the pointer moves before a press becomes a band.
const THRESHOLD: f32 = 4.0;
/// The most the view scrolls in one frame while the band is held past an edge.
const MAX_SCROLL_STEP: f32 = 24.0;

pub struct Band<'a, Message> {
    content: Element<'a, Message>,
    /// How far the content under the band is scrolled now, and at most.
    offset_y: f32,
    max_offset_y: f32,
    on_event: Box<dyn Fn(BandEvent) -> Message + 'a>,
}

/// Wrap the view `content` (its scrollable), scrolled by `offset_y` of `max_offset_y`.
pub fn band<'a, Message>(
    content: impl Into<Element<'a, Message>>,
    (offset_y, max_offset_y): (f32, f32),
    on_event: impl Fn(BandEvent) -> Message + 'a,
) -> Band<'a, Message> {
    Band {
        content: content.into(),
        offset_y,
        max_offset_y,
        on_event: Box::new(on_event),
    }
}

#[derive(Debug, Default)]
struct State {
    /// Where the press was, in content coordinates.
    start: Option<Point>,
    /// Where the pointer is, in the widget's own coordinates, once it moved far enough.
    current: Option<Point>,
}

impl State {
    /// The band's rectangle in content coordinates, for a view scrolled by `offset_y`.
    fn span(&self, offset_y: f32) -> Option<Rectangle> {
        let (a, b) = (self.start?, self.current?);
        let b = Point::new(b.x, b.y + offset_y);
        Some(Rectangle::new(
            Point::new(a.x.min(b.x), a.y.min(b.y)),
            Size::new((a.x - b.x).abs(), (a.y - b.y).abs()),
        ))
    }
}

impl<Message> Widget<Message, Theme, iced::Renderer> for Band<'_, Message> {
    delegate_to_content!(iced::Renderer => children, diff, size, layout, operate, mouse_interaction, overlay);

    fn tag(&self) -> tree::Tag {
        tree::Tag::of::<State>()
    }

    fn state(&self) -> tree::State {
        tree::State::new(State::default())
    }

    fn update(
        &mut self,
        tree: &mut Tree,
        event: &Event,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        renderer: &iced::Renderer,
        clipboard: &mut dyn Clipboard,
        shell: &mut Shell<'_, Message>,
        viewport: &Rectangle,
    ) {
        update_content!(
            self, tree, event, layout, cursor, renderer, clipboard, shell, viewport
        );
        let state = tree.state.downcast_mut::<State>();
        let bounds = layout.bounds();
        let here = cursor
            .land()
            .position()
            .map(|p| p - Vector::new(bounds.x, bounds.y));
        match event {
            Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Left)) => {
                if shell.is_event_captured() {
                    return;
                }
                if let Some(p) = cursor.position_over(bounds) {
                    let start = Point::new(p.x - bounds.x, p.y - bounds.y + self.offset_y);
                    state.start = Some(start);
                    state.current = None;
                    shell.publish((self.on_event)(BandEvent::Started(start)));
                    shell.capture_event();
                }
            }
            Event::Mouse(mouse::Event::CursorMoved { .. }) => {
                let (Some(start), Some(p)) = (state.start, here) else {
                    return;
                };
                let moved = state.current.is_some()
                    || (p.x - start.x)
                        .abs()
                        .max((p.y + self.offset_y - start.y).abs())
                        >= THRESHOLD;
                if moved {
                    state.current = Some(p);
                    if let Some(span) = state.span(self.offset_y) {
                        shell.publish((self.on_event)(BandEvent::Spans(span)));
                    }
                    shell.request_redraw();
                }
            }
            Event::Mouse(mouse::Event::ButtonReleased(mouse::Button::Left))
                if state.start.take().is_some() =>
            {
                state.current = None;
                shell.publish((self.on_event)(BandEvent::Ended));
                shell.request_redraw();
            }
            Event::Window(iced::window::Event::RedrawRequested(_)) => {
                let (Some(_), Some(p)) = (state.start, state.current) else {
                    return;
                };
                // Held past an edge the view can still scroll towards: scroll on, faster
                // the further out.
                let past = if p.y < 0.0 && self.offset_y > 0.0 {
                    p.y
                } else if p.y > bounds.height && self.offset_y < self.max_offset_y {
                    p.y - bounds.height
                } else {
                    0.0
                };
                if past != 0.0 {
                    let step = past.clamp(-MAX_SCROLL_STEP, MAX_SCROLL_STEP);
                    shell.publish((self.on_event)(BandEvent::Scroll(step)));
                    if let Some(span) = state.span(self.offset_y + step) {
                        shell.publish((self.on_event)(BandEvent::Spans(span)));
                    }
                    shell.request_redraw();
                }
            }
            _ => {}
        }
    }

    fn draw(
        &self,
        tree: &Tree,
        renderer: &mut iced::Renderer,
        theme: &Theme,
        style: &renderer::Style,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        viewport: &Rectangle,
    ) {
        use iced::advanced::Renderer as _;
        self.content.as_widget().draw(
            &tree.children[0],
            renderer,
            theme,
            style,
            layout,
            cursor,
            viewport,
        );
        let state = tree.state.downcast_ref::<State>();
        let Some(span) = state.span(self.offset_y) else {
            return;
        };
        let bounds = layout.bounds();
        let shown = Rectangle::new(
            Point::new(bounds.x + span.x, bounds.y + span.y - self.offset_y),
            span.size(),
        );
        let Some(shown) = shown.intersection(&bounds) else {
            return;
        };
        let primary = theme.extended_palette().primary.base.color;
        renderer.with_layer(bounds, |renderer| {
            renderer.fill_quad(
                Quad {
                    bounds: shown,
                    border: Border::default().width(1).color(primary),
                    ..Quad::default()
                },
                Color { a: 0.18, ..primary },
            );
        });
    }
}

impl<'a, Message: 'a> From<Band<'a, Message>> for Element<'a, Message> {
    fn from(b: Band<'a, Message>) -> Self {
        Element::new(b)
    }
}
