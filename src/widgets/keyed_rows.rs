//! A column whose children keep their widget state by key, not by position: when the
//! list scrolls, grows while it loads, or is sorted anew, each row finds the state it had
//! under its key (so "the pointer is over this row" follows the entry), and a child whose
//! kind changed under a key gets fresh state.
//!
//! iced's own `keyed::Column` matches old and new children by position after guessing at
//! one insertion or removal, and hands a child's state to its new widget without comparing
//! their kinds; a spacer's empty state given to a row's `mouse_area` ends the program
//! ("Downcast on stateless state"). Here every match goes by key and through
//! [`Tree::diff`], which replaces state of another kind.

use std::collections::HashMap;

use iced::advanced::layout::{self, flex};
use iced::advanced::overlay;
use iced::advanced::renderer;
use iced::advanced::widget::{Operation, Tree, tree};
use iced::advanced::{Clipboard, Layout, Shell, Widget};
use iced::{Alignment, Element, Event, Length, Padding, Rectangle, Size, Vector, mouse};

use super::wrap::into_element;

/// Rows stacked top to bottom, each under a key unique among its siblings.
pub struct KeyedRows<'a, Message, Theme, Renderer> {
    keys: Vec<u64>,
    children: Vec<Element<'a, Message, Theme, Renderer>>,
}

/// The keys the tree's children were built for, in order.
struct Keys(Vec<u64>);

impl<'a, Message, Theme, Renderer> KeyedRows<'a, Message, Theme, Renderer>
where
    Renderer: renderer::Renderer,
{
    pub fn with_capacity(capacity: usize) -> Self {
        KeyedRows {
            keys: Vec::with_capacity(capacity),
            children: Vec::with_capacity(capacity),
        }
    }

    /// Add `child` under `key`. A key given twice keeps state for its first child only.
    pub fn push(
        mut self,
        key: u64,
        child: impl Into<Element<'a, Message, Theme, Renderer>>,
    ) -> Self {
        self.keys.push(key);
        self.children.push(child.into());
        self
    }
}

impl<Message, Theme, Renderer> Widget<Message, Theme, Renderer>
    for KeyedRows<'_, Message, Theme, Renderer>
where
    Renderer: renderer::Renderer,
{
    fn tag(&self) -> tree::Tag {
        tree::Tag::of::<Keys>()
    }

    fn state(&self) -> tree::State {
        tree::State::new(Keys(self.keys.clone()))
    }

    fn children(&self) -> Vec<Tree> {
        self.children.iter().map(Tree::new).collect()
    }

    fn diff(&self, tree: &mut Tree) {
        let Keys(old_keys) = tree.state.downcast_mut::<Keys>();
        if *old_keys == self.keys && tree.children.len() == self.children.len() {
            for (state, child) in tree.children.iter_mut().zip(&self.children) {
                state.diff(child.as_widget());
            }
            return;
        }
        let mut by_key: HashMap<u64, Tree> = old_keys
            .iter()
            .copied()
            .zip(std::mem::take(&mut tree.children))
            .collect();
        tree.children = self
            .keys
            .iter()
            .zip(&self.children)
            .map(|(key, child)| match by_key.remove(key) {
                Some(mut state) => {
                    state.diff(child.as_widget());
                    state
                }
                None => Tree::new(child.as_widget()),
            })
            .collect();
        old_keys.clone_from(&self.keys);
    }

    fn size(&self) -> Size<Length> {
        Size {
            width: Length::Fill,
            height: Length::Shrink,
        }
    }

    fn layout(
        &mut self,
        tree: &mut Tree,
        renderer: &Renderer,
        limits: &layout::Limits,
    ) -> layout::Node {
        flex::resolve(
            flex::Axis::Vertical,
            renderer,
            limits,
            Length::Fill,
            Length::Shrink,
            Padding::ZERO,
            0.0,
            Alignment::Start,
            &mut self.children,
            &mut tree.children,
        )
    }

    fn operate(
        &mut self,
        tree: &mut Tree,
        layout: Layout<'_>,
        renderer: &Renderer,
        operation: &mut dyn Operation,
    ) {
        operation.container(None, layout.bounds());
        operation.traverse(&mut |operation| {
            for ((child, state), layout) in self
                .children
                .iter_mut()
                .zip(&mut tree.children)
                .zip(layout.children())
            {
                child
                    .as_widget_mut()
                    .operate(state, layout, renderer, operation);
            }
        });
    }

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
        for ((child, state), layout) in self
            .children
            .iter_mut()
            .zip(&mut tree.children)
            .zip(layout.children())
        {
            child.as_widget_mut().update(
                state, event, layout, cursor, renderer, clipboard, shell, viewport,
            );
        }
    }

    fn mouse_interaction(
        &self,
        tree: &Tree,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        viewport: &Rectangle,
        renderer: &Renderer,
    ) -> mouse::Interaction {
        self.children
            .iter()
            .zip(&tree.children)
            .zip(layout.children())
            .map(|((child, state), layout)| {
                child
                    .as_widget()
                    .mouse_interaction(state, layout, cursor, viewport, renderer)
            })
            .max()
            .unwrap_or_default()
    }

    fn draw(
        &self,
        tree: &Tree,
        renderer: &mut Renderer,
        theme: &Theme,
        style: &renderer::Style,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        viewport: &Rectangle,
    ) {
        for ((child, state), layout) in self
            .children
            .iter()
            .zip(&tree.children)
            .zip(layout.children())
        {
            child
                .as_widget()
                .draw(state, renderer, theme, style, layout, cursor, viewport);
        }
    }

    fn overlay<'b>(
        &'b mut self,
        tree: &'b mut Tree,
        layout: Layout<'b>,
        renderer: &Renderer,
        viewport: &Rectangle,
        translation: Vector,
    ) -> Option<overlay::Element<'b, Message, Theme, Renderer>> {
        overlay::from_children(
            &mut self.children,
            tree,
            layout,
            renderer,
            viewport,
            translation,
        )
    }
}

into_element!(KeyedRows);

#[cfg(test)]
mod tests {
    //! The rows' state kept from frame to frame as the real window keeps it (iced_test's
    //! Simulator builds a fresh tree every frame and would not see these).

    use iced::advanced::renderer::Headless;
    use iced::advanced::widget::Tree;
    use iced::advanced::{Layout, Shell, clipboard, layout};
    use iced::widget::{container, mouse_area, space};
    use iced::{Element, Event, Point, Rectangle, Size, mouse};

    use super::KeyedRows;

    #[derive(Debug, Clone, PartialEq)]
    enum Msg {
        Enter(u64),
        Exit(u64),
    }

    const ROW: f32 = 20.0;
    const SPACER_ABOVE: u64 = u64::MAX;

    /// A virtualised list as the views build it: a spacer, then a hoverable row per key.
    fn view(keys: &[u64], spacer: f32) -> Element<'static, Msg> {
        let mut rows = KeyedRows::with_capacity(keys.len() + 1);
        rows = rows.push(SPACER_ABOVE, space().height(spacer));
        for &k in keys {
            let row = container(space().height(ROW)).width(200);
            rows = rows.push(
                k,
                mouse_area(row)
                    .on_enter(Msg::Enter(k))
                    .on_exit(Msg::Exit(k)),
            );
        }
        rows.into()
    }

    struct Frames {
        renderer: iced::Renderer,
        tree: Option<Tree>,
    }

    impl Frames {
        fn new() -> Frames {
            let renderer = iced::futures::executor::block_on(<iced::Renderer as Headless>::new(
                iced::Font::DEFAULT,
                iced::Pixels(14.0),
                None,
            ))
            .expect("a headless renderer");
            Frames {
                renderer,
                tree: None,
            }
        }

        /// Show `element` (keeping the state of the frame before) and move the pointer
        /// to `pointer`; what the widgets said.
        fn frame(&mut self, mut element: Element<'static, Msg>, pointer: Point) -> Vec<Msg> {
            let tree = match self.tree.as_mut() {
                Some(tree) => {
                    tree.diff(element.as_widget());
                    tree
                }
                None => self.tree.insert(Tree::new(element.as_widget())),
            };
            let size = Size::new(400.0, 400.0);
            let node = element.as_widget_mut().layout(
                tree,
                &self.renderer,
                &layout::Limits::new(Size::ZERO, size),
            );
            let mut messages = Vec::new();
            let mut shell = Shell::new(&mut messages);
            element.as_widget_mut().update(
                tree,
                &Event::Mouse(mouse::Event::CursorMoved { position: pointer }),
                Layout::new(&node),
                mouse::Cursor::Available(pointer),
                &self.renderer,
                &mut clipboard::Null,
                &mut shell,
                &Rectangle::with_size(size),
            );
            messages
        }
    }

    #[test]
    fn rows_of_any_kind_come_and_go_without_mismatched_state() {
        let mut frames = Frames::new();
        let at = Point::new(10.0, 5.0);
        // Loading (rows arrive), scrolling (spacer grows, rows shift), a re-sort, an
        // emptied folder, and back: every frame keeps the tree of the one before.
        let lists: [(&[u64], f32); 7] = [
            (&[], 0.0),
            (&[1, 2], 0.0),
            (&[1, 2, 3, 4, 5], 0.0),
            (&[3, 4, 5, 6], 40.0),
            (&[9, 5, 1, 7, 3], 0.0),
            (&[], 0.0),
            (&[2, 4, 6, 8], 0.0),
        ];
        for (keys, spacer) in lists {
            frames.frame(view(keys, spacer), at);
        }
    }

    #[test]
    fn the_pointer_over_state_follows_the_entry_when_the_view_scrolls() {
        let mut frames = Frames::new();
        // The pointer over the first row (key 1).
        let at = Point::new(10.0, ROW / 2.0);
        assert_eq!(frames.frame(view(&[1, 2, 3], 0.0), at), [Msg::Enter(1)]);
        // Scrolled by one row: row 2 is now under the pointer; it was not hovered
        // before, so it is entered (its state came along with it, not row 1's).
        assert_eq!(frames.frame(view(&[2, 3, 4], 0.0), at), [Msg::Enter(2)]);
        // Scrolled back: row 1 is under the pointer again, row 2 has left it.
        assert_eq!(
            frames.frame(view(&[1, 2, 3], 0.0), at),
            [Msg::Enter(1), Msg::Exit(2)]
        );
    }
}
