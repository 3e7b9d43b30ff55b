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

impl<'a, Message, Theme, Renderer> From<KeyedRows<'a, Message, Theme, Renderer>>
    for Element<'a, Message, Theme, Renderer>
where
    Message: 'a,
    Theme: 'a,
    Renderer: renderer::Renderer + 'a,
{
    fn from(rows: KeyedRows<'a, Message, Theme, Renderer>) -> Self {
        Element::new(rows)
    }
}
