//! Widgets that wrap one child (`self.content`, whose tree is `children[0]`) and add to
//! it: the `Widget` methods such a wrapper hands on to its child unchanged, its `update`
//! call on the child and its `From` for `Element`, written once.
//! Inside `impl Widget<Message, Theme, R> for W`, `delegate_to_content!(R => size, layout)`
//! writes those methods; the wrapper writes the ones it changes.

macro_rules! delegate_to_content {
    ($renderer:ty => $($method:ident),+ $(,)?) => {
        $( $crate::widgets::wrap::delegate_to_content!(@one $renderer, $method); )+
    };
    (@one $renderer:ty, children) => {
        fn children(&self) -> Vec<::iced::advanced::widget::Tree> {
            vec![::iced::advanced::widget::Tree::new(&self.content)]
        }
    };
    (@one $renderer:ty, diff) => {
        fn diff(&self, tree: &mut ::iced::advanced::widget::Tree) {
            tree.diff_children(::std::slice::from_ref(&self.content));
        }
    };
    (@one $renderer:ty, size) => {
        fn size(&self) -> ::iced::Size<::iced::Length> {
            self.content.as_widget().size()
        }
    };
    (@one $renderer:ty, layout) => {
        fn layout(
            &mut self,
            tree: &mut ::iced::advanced::widget::Tree,
            renderer: &$renderer,
            limits: &::iced::advanced::layout::Limits,
        ) -> ::iced::advanced::layout::Node {
            self.content
                .as_widget_mut()
                .layout(&mut tree.children[0], renderer, limits)
        }
    };
    (@one $renderer:ty, operate) => {
        fn operate(
            &mut self,
            tree: &mut ::iced::advanced::widget::Tree,
            layout: ::iced::advanced::Layout<'_>,
            renderer: &$renderer,
            operation: &mut dyn ::iced::advanced::widget::Operation,
        ) {
            self.content
                .as_widget_mut()
                .operate(&mut tree.children[0], layout, renderer, operation);
        }
    };
    (@one $renderer:ty, mouse_interaction) => {
        fn mouse_interaction(
            &self,
            tree: &::iced::advanced::widget::Tree,
            layout: ::iced::advanced::Layout<'_>,
            cursor: ::iced::mouse::Cursor,
            viewport: &::iced::Rectangle,
            renderer: &$renderer,
        ) -> ::iced::mouse::Interaction {
            self.content.as_widget().mouse_interaction(
                &tree.children[0],
                layout,
                cursor,
                viewport,
                renderer,
            )
        }
    };
    (@one $renderer:ty, draw) => {
        fn draw(
            &self,
            tree: &::iced::advanced::widget::Tree,
            renderer: &mut $renderer,
            theme: &Theme,
            style: &::iced::advanced::renderer::Style,
            layout: ::iced::advanced::Layout<'_>,
            cursor: ::iced::mouse::Cursor,
            viewport: &::iced::Rectangle,
        ) {
            self.content.as_widget().draw(
                &tree.children[0],
                renderer,
                theme,
                style,
                layout,
                cursor,
                viewport,
            );
        }
    };
    (@one $renderer:ty, overlay) => {
        fn overlay<'b>(
            &'b mut self,
            tree: &'b mut ::iced::advanced::widget::Tree,
            layout: ::iced::advanced::Layout<'b>,
            renderer: &$renderer,
            viewport: &::iced::Rectangle,
            translation: ::iced::Vector,
        ) -> Option<::iced::advanced::overlay::Element<'b, Message, Theme, $renderer>> {
            self.content.as_widget_mut().overlay(
                &mut tree.children[0],
                layout,
                renderer,
                viewport,
                translation,
            )
        }
    };
}

pub(crate) use delegate_to_content;

/// `impl From<W<'a, Message, Theme, Renderer>> for Element<…>` for a widget generic over all
/// three, as iced's own widgets have it.
macro_rules! into_element {
    ($widget:ident) => {
        impl<'a, Message, Theme, Renderer> From<$widget<'a, Message, Theme, Renderer>>
            for ::iced::Element<'a, Message, Theme, Renderer>
        where
            Message: 'a,
            Theme: 'a,
            Renderer: ::iced::advanced::renderer::Renderer + 'a,
        {
            fn from(w: $widget<'a, Message, Theme, Renderer>) -> Self {
                ::iced::Element::new(w)
            }
        }
    };
}

pub(crate) use into_element;

/// Hand `update`'s event on to the wrapped child (`self.content`, tree `children[0]`):
/// `update_content!(self, tree, event, layout, cursor, renderer, clipboard, shell,
/// viewport)`.
macro_rules! update_content {
    ($self:ident, $tree:ident, $($arg:ident),+ $(,)?) => {
        $self
            .content
            .as_widget_mut()
            .update(&mut $tree.children[0], $($arg),+)
    };
}

pub(crate) use update_content;
