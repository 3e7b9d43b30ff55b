//! The menus' parts that every menu shares (the context and main menus, the submenus of
//! "New File" and a place's menu): an entry and how it stands out, the entries drawn one
//! under the other, a panel kept inside the window, a menu with a submenu beside it.

use iced::widget::{Column, button, container, mouse_area, row, space, svg, text};
use iced::{Background, Border, Element, Fill, Padding, Point, Theme};

use crate::actions::{ActionMsg, MenuItem};
use crate::app::App;
use crate::i18n::fl;
use crate::icons;
use crate::message::Message;
use crate::theme;

pub(crate) const MENU_WIDTH: f32 = 210.0;
pub(crate) const ITEM_HEIGHT: f32 = 30.0;

/// One entry of a menu.
pub(crate) struct Entry {
    pub(crate) label: String,
    pub(crate) message: Message,
    pub(crate) mark: Mark,
    /// The arrow keys are on it.
    pub(crate) highlighted: bool,
}

/// How an entry stands out.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Mark {
    Plain,
    /// What Enter picks: highlighted, and it says "Enter".
    Default,
    /// A setting: a tick before it when on.
    Tick(bool),
    /// It opens a submenu: an arrow after it.
    Submenu,
}

/// A menu of `items` at `at` (kept inside the window), over a layer that closes it; with
/// a submenu (its entries, and the row of the entry it belongs to) beside that entry, on
/// the right where it fits, else on the left.
pub(crate) fn menu<'a>(
    app: &App,
    items: Vec<Entry>,
    at: Point,
    sub: Option<(Vec<Entry>, usize)>,
) -> Element<'a, Message> {
    let s = app.settings();
    let (x, y) = placed(app, items.len(), at);
    let close = Message::Action(ActionMsg::CloseMenu);
    let catcher = mouse_area(space().width(Fill).height(Fill))
        .on_press(close.clone())
        .on_right_press(close);
    let mut layers = vec![catcher.into(), panel_at(entries(items), x, y)];
    if let Some((sub, row)) = sub {
        let right = x + MENU_WIDTH - 6.0;
        let sx = if right + MENU_WIDTH <= s.window_width {
            right
        } else {
            (x - MENU_WIDTH + 6.0).max(0.0)
        };
        let sy_wanted = Point::new(sx, y + row as f32 * ITEM_HEIGHT);
        let (_, sy) = placed(app, sub.len(), sy_wanted);
        layers.push(panel_at(entries(sub), sx, sy));
    }
    iced::widget::Stack::with_children(layers)
        .width(Fill)
        .height(Fill)
        .into()
}

/// Where a menu of `count` entries wanted at `at` goes: inside the window.
pub(crate) fn placed(app: &App, count: usize, at: Point) -> (f32, f32) {
    let s = app.settings();
    let height = count as f32 * ITEM_HEIGHT + 10.0;
    let x = at.x.min(s.window_width - MENU_WIDTH - 4.0).max(0.0);
    let y = at.y.min(s.window_height - height - 4.0).max(0.0);
    (x, y)
}

/// A menu's panel with its corner at (`x`, `y`).
pub(crate) fn panel_at<'a>(col: Column<'a, Message>, x: f32, y: f32) -> Element<'a, Message> {
    container(container(col).style(panel))
        .padding(Padding {
            top: y,
            left: x,
            right: 0.0,
            bottom: 0.0,
        })
        .into()
}

/// A menu's entries, one under the other.
pub(crate) fn entries<'a>(items: Vec<Entry>) -> Column<'a, Message> {
    let mut col = Column::new().width(MENU_WIDTH).padding(5);
    for Entry {
        label,
        message,
        mark,
        highlighted,
    } in items
    {
        let default = mark == Mark::Default;
        let content: Element<'a, Message> = if let Mark::Tick(on) = mark {
            let tick: Element<'a, Message> = if on {
                svg(icons::CHECK.clone())
                    .width(14)
                    .height(14)
                    .style(theme::symbol(true))
                    .into()
            } else {
                space().width(14).into()
            };
            row![tick, text(label)]
                .spacing(8)
                .align_y(iced::Center)
                .into()
        } else if mark == Mark::Submenu {
            row![
                text(label),
                space().width(Fill),
                svg(icons::GO_FORWARD.clone())
                    .width(12)
                    .height(12)
                    .style(theme::symbol(true)),
            ]
            .align_y(iced::Center)
            .into()
        } else if default {
            row![
                text(label).font(iced::Font {
                    weight: iced::font::Weight::Bold,
                    ..iced::Font::DEFAULT
                }),
                space().width(Fill),
                text(fl!("menu-default-key"))
                    .size(theme::SMALL_TEXT)
                    .style(theme::muted),
            ]
            .align_y(iced::Center)
            .into()
        } else {
            text(label).into()
        };
        let entry = button(content)
            .width(Fill)
            .height(ITEM_HEIGHT)
            .padding([5, 12])
            .on_press(message.clone())
            .style(theme::flat_button(default || highlighted));
        // A submenu opens as the pointer comes onto its entry, as on the desktop.
        col = if mark == Mark::Submenu {
            col.push(mouse_area(entry).on_enter(on_hover(message)))
        } else {
            col.push(entry)
        };
    }
    col
}

/// What the pointer coming onto a submenu's entry sends: "New File" shows its templates
/// (a press on it makes an empty file); "Open With" asks for its applications.
fn on_hover(message: Message) -> Message {
    match message {
        Message::Action(ActionMsg::MenuPick(MenuItem::NewFile)) => {
            Message::NewFile(crate::new_file::NewFileMsg::ShowMenu)
        }
        m => m,
    }
}

/// A raised panel with a border (no shadow: tiny-skia redraws only damaged areas, and a
/// blurred shadow outside the bounds left stale pixels in the real window).
pub(crate) fn panel(t: &Theme) -> container::Style {
    let p = t.extended_palette();
    container::Style {
        background: Some(Background::Color(p.background.base.color)),
        text_color: Some(p.background.base.text),
        border: Border::default()
            .rounded(8)
            .width(1)
            .color(p.background.strong.color),
        ..container::Style::default()
    }
}
