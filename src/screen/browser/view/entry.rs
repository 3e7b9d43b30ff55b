//! What rows and tiles share: the area that turns presses, releases, right-presses and
//! hovering into messages (select, drag, drop, context menu), its colours, and the name
//! input shown while an entry is renamed.

use iced::widget::{container, mouse_area, stack, svg, text_input};
use iced::{Background, Border, Color, Element, Theme};

use super::Show;
use crate::actions::work::NAME_INPUT;
use crate::actions::{ActionMsg, DropTarget, NameKind};
use crate::icons::{self, Icon};
use crate::screen::browser::Message;
use crate::screen::browser::pane::Pane;
use crate::theme;

/// The key of an entry's row (or tile row) in the virtualised views: widget state (such
/// as "the pointer is over this row") follows the entry when the view scrolls, instead of
/// staying with the row's position.
pub fn key(name: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    name.hash(&mut h);
    h.finish()
}

/// Keys of the spacers that stand for the rows above and below the viewport.
pub const SPACER_ABOVE: u64 = u64::MAX;
pub const SPACER_BELOW: u64 = u64::MAX - 1;

/// How an entry looks now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Look {
    pub selected: bool,
    pub hovered: bool,
    /// A drag would drop here.
    pub drop: bool,
    /// The keyboard's cursor is here, apart from the selection (after Ctrl+arrows, or
    /// among several selected): it gets a ring.
    pub cursor: bool,
    /// Cut and not yet pasted: drawn faded.
    pub cut: bool,
}

impl Look {
    pub fn of(app: Show<'_>, pane: &Pane, name: &[u8]) -> Look {
        let target = target(app, pane, name);
        let selection = pane.selection();
        let selected = selection.is_selected(name);
        Look {
            selected,
            hovered: app.look.hover == Some(&target),
            drop: app.is_drop_hover(&target),
            cursor: selection.cursor() == Some(name) && (!selected || selection.len() > 1),
            cut: app
                .browser
                .marks()
                .cut
                .as_ref()
                .is_some_and(|(dir, names)| dir == pane.path() && names.contains(name)),
        }
    }
}

/// Where a drop on the entry `name` of `pane` goes: the entry itself in the pane with the
/// keyboard; in the pane beside it, the entry when it is a folder, else that pane's folder.
pub fn target(app: Show<'_>, pane: &Pane, name: &[u8]) -> DropTarget {
    if app.is_focused(pane) {
        DropTarget::Entry(name.to_vec())
    } else {
        DropTarget::Place(
            pane.folder_of(name)
                .unwrap_or_else(|| pane.path().to_owned()),
        )
    }
}

/// Make `content` (already sized) an entry of the file view: a press anywhere on it
/// selects the entry and may start a drag (the icons view's tiles).
pub fn area<'a>(
    content: container::Container<'a, Message>,
    name: &[u8],
    look: Look,
    target: DropTarget,
) -> Element<'a, Message> {
    surface(content, name, look, target)
        .on_press(Message::Clicked(name.to_vec()))
        .into()
}

/// Make `content` (already sized) a row of the details view: it hovers, takes drops and
/// right and middle presses, but a left press on it reaches the view below (a rubber
/// band, or a click that selects the row); only its [`grip`] (the icon and the name's
/// text) takes a press as the start of a drag, as in Dolphin and Nautilus.
pub fn row_area<'a>(
    content: container::Container<'a, Message>,
    name: &[u8],
    look: Look,
    target: DropTarget,
) -> Element<'a, Message> {
    surface(content, name, look, target).into()
}

/// The part of a row a press selects and may drag: the icon and the name's text.
pub fn grip<'a>(content: impl Into<Element<'a, Message>>, name: &[u8]) -> Element<'a, Message> {
    mouse_area(content)
        .on_press(Message::Clicked(name.to_vec()))
        .into()
}

/// `content` in its entry's colours, turning release, right and middle presses and
/// hovering into messages.
fn surface<'a>(
    content: container::Container<'a, Message>,
    name: &[u8],
    look: Look,
    target: DropTarget,
) -> iced::widget::MouseArea<'a, Message> {
    mouse_area(content.style(style(look)))
        .on_release(Message::Action(ActionMsg::ReleasedOn(target.clone())))
        .on_right_press(Message::Action(ActionMsg::ContextMenu(Some(name.to_vec()))))
        .on_middle_press(Message::Tab(
            crate::screen::browser::tabs::TabMsg::OpenEntry(name.to_vec()),
        ))
        .on_enter(Message::Action(ActionMsg::Hover(target.clone())))
        .on_exit(Message::Action(ActionMsg::Unhover(target)))
}

/// The rename input, when `name` is the entry being renamed.
pub fn rename_input<'a>(pane: &Pane, name: &[u8], size: f32) -> Option<Element<'a, Message>> {
    let n = pane.naming()?;
    match &n.kind {
        NameKind::Rename(from) if from == name => Some(name_input(&n.text, size)),
        _ => None,
    }
}

/// The name entry's text input (new folder, rename).
pub fn name_input<'a>(text: &str, size: f32) -> Element<'a, Message> {
    text_input("", text)
        .id(NAME_INPUT)
        .size(size)
        .padding([2, 4])
        .on_input(|t| Message::Action(ActionMsg::NameInput(t)))
        .on_submit(Message::Action(ActionMsg::NameSubmit))
        .into()
}

/// The colours of an entry: primary when selected, a soft hover, a ring as a drop target.
pub fn style(look: Look) -> impl Fn(&Theme) -> container::Style {
    move |theme| {
        let p = theme.extended_palette();
        let (bg, text) = if look.selected {
            (Some(p.primary.base.color), Color::WHITE)
        } else if look.hovered || look.drop {
            (Some(p.background.weak.color), p.background.base.text)
        } else {
            (None, p.background.base.text)
        };
        let border = if look.drop {
            Border::default()
                .rounded(4)
                .width(2)
                .color(p.primary.strong.color)
        } else if look.cursor {
            let ring = if look.selected {
                Color::WHITE
            } else {
                p.primary.base.color
            };
            Border::default().rounded(4).width(1.5).color(ring)
        } else {
            Border::default().rounded(4)
        };
        container::Style {
            background: bg.map(Background::Color),
            text_color: Some(if look.cut {
                text.scale_alpha(CUT_ALPHA)
            } else {
                text
            }),
            border,
            ..container::Style::default()
        }
    }
}

/// The muted colour of secondary columns, readable on a selected row.
pub fn secondary(look: Look) -> impl Fn(&Theme) -> iced::widget::text::Style + Copy {
    let base = theme::secondary_on(look.selected);
    move |theme| {
        let mut style = base(theme);
        if look.cut {
            style.color = style.color.map(|c| c.scale_alpha(CUT_ALPHA));
        }
        style
    }
}

/// How opaque a cut entry is drawn.
const CUT_ALPHA: f32 = 0.45;

/// An entry's icon of `size`: faded while cut, with a link emblem at its lower left when
/// the entry is a symbolic link.
pub fn icon<'a>(icon: &Icon, size: f32, link: bool, look: Look) -> Element<'a, Message> {
    let opacity = if look.cut { CUT_ALPHA } else { 1.0 };
    let base = icon.view_faded(size, opacity);
    if !link {
        return base;
    }
    let emblem = svg(icons::EMBLEM_LINK.clone())
        .width(size * 0.55)
        .height(size * 0.55)
        .opacity(opacity);
    stack![
        base,
        container(emblem)
            .width(size)
            .height(size)
            .align_x(iced::alignment::Horizontal::Left)
            .align_y(iced::alignment::Vertical::Bottom),
    ]
    .into()
}
