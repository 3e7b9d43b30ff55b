//! The menus' parts that every menu shares (the context and main menus, the submenus of
//! "New File" and a place's menu): an entry and how it stands out, the entries drawn one
//! under the other, a panel kept inside the window, a menu with a submenu beside it.

use iced::widget::text::Wrapping;
use iced::widget::{Column, button, container, mouse_area, row, space, svg, text};
use iced::{Background, Border, Element, Fill, Padding, Point, Theme};

use crate::i18n::fl;
use crate::icons;
use crate::theme;

/// The narrowest a menu is, and the widest (a longer label is cut).
pub(crate) const MENU_WIDTH: f32 = 210.0;
const MENU_MAX_WIDTH: f32 = 440.0;
pub(crate) const ITEM_HEIGHT: f32 = 30.0;
/// A menu's padding, an entry's padding and the gap before a tick or after an arrow.
const MENU_CHROME: f32 = 10.0 + 24.0 + 8.0;
/// Room for a tick (and its gap) or a submenu's arrow beside a label.
const MARK_ROOM: f32 = 14.0 + 8.0;
/// The least gap between a default entry's label and its key.
const KEY_GAP: f32 = 12.0;

/// One entry of a menu.
pub(crate) struct Entry<M> {
    pub(crate) label: String,
    pub(crate) message: M,
    pub(crate) mark: Mark,
    /// The arrow keys are on it.
    pub(crate) highlighted: bool,
    /// What the pointer coming onto it sends (a submenu's entry shows its submenu).
    pub(crate) hover: Option<M>,
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

/// A menu of `items` at `at` (kept inside the window of size `window`), over a layer
/// that sends `close` when pressed; with a submenu (its entries, and the row of the entry
/// it belongs to) beside that entry, on the right where it fits, else on the left.
pub(crate) fn menu<'a, M: Clone + 'a>(
    window: iced::Size,
    items: Vec<Entry<M>>,
    at: Point,
    sub: Option<(Vec<Entry<M>>, usize)>,
    close: M,
) -> Element<'a, M> {
    let width = width_of(&items);
    let (x, y) = placed(window, items.len(), at, width);
    let catcher = mouse_area(space().width(Fill).height(Fill))
        .on_press(close.clone())
        .on_right_press(close);
    let mut layers = vec![catcher.into(), panel_at(entries(items), x, y)];
    if let Some((sub, row)) = sub {
        let sub_width = width_of(&sub);
        let sx = beside(x, width, sub_width, window.width);
        let sy_wanted = Point::new(sx, y + row as f32 * ITEM_HEIGHT);
        let (_, sy) = placed(window, sub.len(), sy_wanted, sub_width);
        layers.push(panel_at(entries(sub), sx, sy));
    }
    iced::widget::Stack::with_children(layers)
        .width(Fill)
        .height(Fill)
        .into()
}

/// How wide a menu of `items` is: its longest label (with a tick's or an arrow's room)
/// fits on one line, within [`MENU_WIDTH`] and a maximum. The labels are measured as they
/// will be drawn, so a language with longer words gets a wider menu.
pub(crate) fn width_of<M>(items: &[Entry<M>]) -> f32 {
    let longest = items
        .iter()
        .map(|e| match e.mark {
            Mark::Plain => text_width(&e.label, iced::Font::DEFAULT, theme::TEXT_SIZE),
            Mark::Tick(_) | Mark::Submenu => {
                text_width(&e.label, iced::Font::DEFAULT, theme::TEXT_SIZE) + MARK_ROOM
            }
            Mark::Default => {
                text_width(&e.label, BOLD, theme::TEXT_SIZE)
                    + KEY_GAP
                    + text_width(
                        &fl!("menu-default-key"),
                        iced::Font::DEFAULT,
                        theme::SMALL_TEXT,
                    )
            }
        })
        .fold(0.0, f32::max);
    (longest.ceil() + MENU_CHROME).clamp(MENU_WIDTH, MENU_MAX_WIDTH)
}

/// The default entry's label face.
const BOLD: iced::Font = iced::Font {
    weight: iced::font::Weight::Bold,
    ..iced::Font::DEFAULT
};

/// How wide `label` is drawn on one line in `font` at `size`.
fn text_width(label: &str, font: iced::Font, size: f32) -> f32 {
    use iced::advanced::text::{self as core_text, Paragraph as _};
    let paragraph =
        <iced::Renderer as core_text::Renderer>::Paragraph::with_text(core_text::Text {
            content: label,
            bounds: iced::Size::INFINITE,
            size: iced::Pixels(size),
            line_height: core_text::LineHeight::default(),
            font,
            align_x: core_text::Alignment::Default,
            align_y: iced::alignment::Vertical::Top,
            shaping: core_text::Shaping::Advanced,
            wrapping: Wrapping::None,
        });
    paragraph.min_width()
}

/// Where a submenu `sub_width` wide goes beside a menu at `x` that is `width` wide: on
/// its right where it fits in the window, else on its left.
pub(crate) fn beside(x: f32, width: f32, sub_width: f32, window_width: f32) -> f32 {
    let right = x + width - 6.0;
    if right + sub_width <= window_width {
        right
    } else {
        (x - sub_width + 6.0).max(0.0)
    }
}

/// Where a menu of `count` entries `width` wide wanted at `at` goes: inside the window
/// of size `window`.
pub(crate) fn placed(window: iced::Size, count: usize, at: Point, width: f32) -> (f32, f32) {
    let height = count as f32 * ITEM_HEIGHT + 10.0;
    let x = at.x.min(window.width - width - 4.0).max(0.0);
    let y = at.y.min(window.height - height - 4.0).max(0.0);
    (x, y)
}

/// A menu's panel with its corner at (`x`, `y`).
pub(crate) fn panel_at<'a, M: 'a>(col: Column<'a, M>, x: f32, y: f32) -> Element<'a, M> {
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
pub(crate) fn entries<'a, M: Clone + 'a>(items: Vec<Entry<M>>) -> Column<'a, M> {
    let mut col = Column::new().width(width_of(&items)).padding(5);
    for Entry {
        label,
        message,
        mark,
        highlighted,
        hover,
    } in items
    {
        let default = mark == Mark::Default;
        let content: Element<'a, M> = if let Mark::Tick(on) = mark {
            let tick: Element<'a, M> = if on {
                svg(icons::CHECK.clone())
                    .width(14)
                    .height(14)
                    .style(theme::symbol(true))
                    .into()
            } else {
                space().width(14).into()
            };
            row![tick, text(label).wrapping(Wrapping::None)]
                .spacing(8)
                .align_y(iced::Center)
                .into()
        } else if mark == Mark::Submenu {
            row![
                text(label).wrapping(Wrapping::None),
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
                text(label).wrapping(Wrapping::None).font(BOLD),
                space().width(Fill),
                text(fl!("menu-default-key"))
                    .size(theme::SMALL_TEXT)
                    .style(theme::muted),
            ]
            .align_y(iced::Center)
            .into()
        } else {
            text(label).wrapping(Wrapping::None).into()
        };
        let entry = button(content)
            .width(Fill)
            .height(ITEM_HEIGHT)
            .padding([5, 12])
            .on_press(message)
            .style(theme::flat_button(default || highlighted));
        // A submenu opens as the pointer comes onto its entry, as on the desktop.
        col = match hover {
            Some(hover) => col.push(mouse_area(entry).on_enter(hover)),
            None => col.push(entry),
        };
    }
    col
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

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(label: &str, mark: Mark) -> Entry<()> {
        Entry {
            label: label.to_owned(),
            message: (),
            mark,
            highlighted: false,
            hover: None,
        }
    }

    #[test]
    fn a_menu_is_as_wide_as_its_widest_label_is_drawn() {
        // As many letters, far from as wide: measured, not counted.
        let wide = "W".repeat(24);
        let narrow = "i".repeat(24);
        let w = width_of(&[entry(&narrow, Mark::Plain), entry(&wide, Mark::Plain)]);
        let n = width_of(&[entry(&narrow, Mark::Plain)]);
        assert_eq!(n, MENU_WIDTH, "a short label keeps the narrowest menu");
        assert!(w > n + 100.0, "{w} for {wide:?}, {n} for {narrow:?}");
        assert!(w >= text_width(&wide, iced::Font::DEFAULT, theme::TEXT_SIZE) + MENU_CHROME);
        // A tick takes room beside the label; a label past the widest menu is cut.
        assert!(width_of(&[entry(&wide, Mark::Tick(true))]) > w);
        let endless = "W".repeat(200);
        assert_eq!(width_of(&[entry(&endless, Mark::Plain)]), MENU_MAX_WIDTH);
    }
}
