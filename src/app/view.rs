//! The window's layout: the toolbar on top, Places on the left, the browser's panes, the
//! job panel, the status bar; menus and the drag ghost float over it, and the dialog over
//! all of it when one is open.

use iced::widget::{Stack, column, container, row, rule, space, text};
use iced::{Background, Border, Element, Fill, Padding, Point, Theme};

use super::App;
use crate::actions::ActionMsg;
use crate::i18n::fl;
use crate::message::Message;
use crate::screen::browser::view::Look;
use crate::theme;
use crate::widgets::modifiers::modifiers;
use crate::widgets::pointer::pointer;

impl App {
    pub fn view(&self) -> Element<'_, Message> {
        let parts = self.browser.view(self.browser_look());
        fn browser(e: Element<'_, crate::screen::browser::Message>) -> Element<'_, Message> {
            e.map(Message::Browser)
        }
        // Parts that come and go leave an empty place rather than none, so the parts
        // after them keep their place in the widget tree, and with it their state: the
        // file view keeps its scroll position when the tab bar, Places or the job panel
        // come or go.
        let places = match self.places_view() {
            Some(places) => row![places, rule::vertical(1).style(rule::weak)].into(),
            None => nothing(),
        };
        let base = column![
            browser(parts.toolbar),
            rule::horizontal(1).style(rule::weak),
            parts.tab_bar.map_or_else(nothing, |bar| {
                column![browser(bar), rule::horizontal(1).style(rule::weak)].into()
            }),
            row![places, browser(parts.files), self.info_view()].height(Fill),
            self.jobs_view().map_or_else(nothing, |panel| {
                column![rule::horizontal(1).style(rule::weak), panel].into()
            }),
            rule::horizontal(1).style(rule::weak),
            self.status.view(self.browser.pane()).map(Message::Status),
        ];
        let mut layers = vec![base.into()];
        if let Some(d) = self.actions.drag.as_ref().filter(|d| d.active) {
            layers.push(ghost(d.sources.len(), d.at));
        }
        layers.extend(parts.layers.into_iter().map(browser));
        layers.extend(self.place_menu_view());
        layers.extend(
            crate::screen::status::history_layer(&self.status).map(|l| l.map(Message::Status)),
        );
        if let Some(p) = &self.preview {
            let show = crate::screen::preview::Show {
                types: &self.types,
                icons: &self.look.icons,
                window: self.window_size(),
            };
            layers.push(p.view(show).map(Message::Preview));
        }
        let tracking = self.actions.drag.is_some();
        let window = pointer(Stack::with_children(layers), tracking, |e| {
            Message::Drag(ActionMsg::Pointer(e))
        });
        // One stack whatever is open: a dialog is a layer after the window, so the
        // window's widgets keep their state (the file view its scroll position) under it.
        let all = Stack::with_children(std::iter::once(window.into()).chain(self.dialog_view()));
        modifiers(all, self.keyboard.modifiers, Message::Modifiers).into()
    }
}

impl App {
    /// What the window around the browser says of its look.
    pub(super) fn browser_look(&self) -> Look<'_> {
        Look {
            settings: &self.settings,
            icons: &self.look.icons,
            types: &self.types,
            thumbs: &self.thumbs,
            home: &self.home.folder,
            ring: self.focus_ring(),
            ctrl: self.keyboard.modifiers.control(),
            hover: self.actions.hover.as_ref(),
            drop_hover: self.drop_hover(),
        }
    }

    /// The information panel with its rule, or an empty place while it is hidden.
    fn info_view(&self) -> Element<'_, Message> {
        if crate::layout::info_width(self.settings.window_width, self.settings.show_info) <= 0.0 {
            return nothing();
        }
        let show = crate::screen::info::Show {
            types: &self.types,
            icons: &self.look.icons,
        };
        row![
            rule::vertical(1).style(rule::weak),
            self.info.view(show).map(Message::Info)
        ]
        .into()
    }
}

/// An empty place where a part of the window is not shown.
fn nothing<'a>() -> Element<'a, Message> {
    space().into()
}

/// "3 items" next to the pointer.
fn ghost<'a>(count: usize, at: Point) -> Element<'a, Message> {
    let label = container(text(fl!("drag-items", count = count)).size(theme::SMALL_TEXT))
        .padding([4, 10])
        .style(|t: &Theme| {
            let p = t.extended_palette();
            // Inverted colours stand out over selected (primary) and plain rows alike.
            container::Style {
                background: Some(Background::Color(p.background.base.text.scale_alpha(0.85))),
                text_color: Some(p.background.base.color),
                border: Border::default().rounded(6),
                ..container::Style::default()
            }
        });
    container(label)
        .padding(Padding {
            top: at.y + 12.0,
            left: at.x + 14.0,
            right: 0.0,
            bottom: 0.0,
        })
        .width(Fill)
        .height(Fill)
        .into()
}
