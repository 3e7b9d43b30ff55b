//! The details view: column headers (a click sorts, a right-click opens the header's menu
//! of columns, the edge before a column resizes it) and a virtualised list of rows (only
//! the rows in the viewport become widgets; spacers stand in for the rest).

use iced::widget::text::Wrapping;
use iced::widget::{button, column, container, mouse_area, row, rule, space, text, tooltip};
use iced::{Center, Element, Fill, Length, Right};

use super::Show;
use super::cells::{self, Known};
use super::entry;
use super::folder_view;
use crate::actions::{ActionMsg, DropTarget};
use crate::columns::Column;
use crate::i18n::fl;
use crate::icons::{Icon, IconSize};
use crate::layout::{Columns, INDENT, PAD_LEFT, PAD_RIGHT, ROW_ICON, SPACING, TWISTY};
use crate::screen::browser::Message;
use crate::screen::browser::pane::Pane;
use crate::screen::browser::pane::PaneMsg;
use crate::theme;
use crate::widgets::divider::divider;
use crate::widgets::elided::elided;
use crate::widgets::tip::bubble;
use porpoise_engine::entry::Entry;
use porpoise_engine::listing::{SortKey, SortOrder};

/// Tooltips with a whole name wait this long under a still pointer.
const TOOLTIP_DELAY: std::time::Duration = std::time::Duration::from_millis(700);

pub fn view<'a>(app: Show<'a>, pane: &'a Pane) -> Element<'a, Message> {
    let cols = app.detail_columns();
    column![
        header(pane, &cols),
        rule::horizontal(1).style(rule::weak),
        rows(app, pane, &cols)
    ]
    .height(Fill)
    .into()
}

fn header<'a>(pane: &Pane, cols: &Columns) -> Element<'a, Message> {
    let (key, order) = pane.sort();
    let cell = |label: String, k: SortKey, width: Length, right: bool, of: Option<Column>| {
        let mut content = row![text(label).size(theme::SMALL_TEXT).wrapping(Wrapping::None)]
            .spacing(6)
            .align_y(Center);
        if k == key {
            let arrow = if order == SortOrder::Ascending {
                "▲"
            } else {
                "▼"
            };
            content = content.push(text(arrow).size(10));
        }
        let content = container(content).width(Fill).clip(true);
        let content = if right {
            content.align_right(Fill)
        } else {
            content
        };
        let sort = button(content)
            .width(width)
            .padding([4, 0])
            .on_press(Message::Pane(PaneMsg::SortBy(k)))
            .style(theme::flat_button(false));
        mouse_area(sort).on_right_press(Message::Action(ActionMsg::HeaderMenu(of)))
    };
    let mut header = row![
        space().width(TWISTY + ROW_ICON + SPACING),
        cell(fl!("column-name"), SortKey::Name, Fill, false, None),
    ]
    .align_y(Center);
    for &(c, width) in &cols.shown {
        // The edge before a column resizes it (the name takes the difference).
        header = header.push(divider(
            SPACING,
            width,
            move |w| Message::ColumnWidth(c, Some(w)),
            Message::ColumnWidth(c, None),
        ));
        header = header.push(cell(
            c.label(),
            c.sort_key(),
            Length::Fixed(width),
            c.right_aligned(),
            Some(c),
        ));
    }
    let header = container(header).padding(iced::Padding {
        top: 2.0,
        right: PAD_RIGHT,
        bottom: 2.0,
        left: PAD_LEFT,
    });
    // A right-click anywhere on the header is the header's, never the folder's.
    mouse_area(header)
        .on_right_press(Message::Action(ActionMsg::HeaderMenu(None)))
        .into()
}

fn rows<'a>(app: Show<'a>, pane: &'a Pane, cols: &Columns) -> Element<'a, Message> {
    let shown = pane.rows();
    let w = pane.viewport().window(shown.len(), theme::ROW_HEIGHT);
    let types = cols.shows(Column::Type);
    // Folders open in place only where a folder is shown (not in the Trash or search).
    let opens = pane.trash_view().is_none() && pane.search().is_none();
    // Spacers stand for the rows outside the viewport; rows are keyed by entry (its path
    // below the folder, so a row inside an opened folder is its own).
    let mut col = folder_view::lines(&w);
    for i in w.first..w.end {
        if let Some(r) = shown.row(i) {
            let (entry, key) = (r.entry, r.key.as_ref());
            let icon = app.entry_icon(pane, entry, key, IconSize::Small);
            let renaming = entry::rename_input(pane, key, theme::TEXT_SIZE);
            let known = Known {
                items: pane.folder_count(key),
                kind: match types {
                    true => app.type_text(pane, entry, key),
                    false => String::new(),
                },
            };
            let twisty = match opens && entry.is_dir_like() {
                true => Twisty::Folder { open: r.open },
                false => Twisty::None,
            };
            col = col.push(
                entry::key(key),
                entry_row(
                    Row {
                        entry,
                        known,
                        name: r.name,
                        key,
                        depth: r.depth,
                        twisty,
                        icon: &icon,
                        look: entry::Look::of(app, pane, key),
                        target: entry::target(app, pane, key),
                    },
                    cols,
                    renaming,
                ),
            );
        }
    }
    folder_view::scrolled(app, pane, col, &w, 0.0)
}

/// One entry as a row shows it.
struct Row<'r> {
    entry: &'r Entry,
    known: Known,
    /// Its own name.
    name: &'r [u8],
    /// Its path below the pane's folder: what its messages name it by.
    key: &'r [u8],
    /// How many opened folders it is inside.
    depth: usize,
    twisty: Twisty,
    icon: &'r Icon,
    look: entry::Look,
    target: DropTarget,
}

fn entry_row<'a>(
    r: Row<'_>,
    cols: &Columns,
    renaming: Option<Element<'a, Message>>,
) -> Element<'a, Message> {
    let secondary = entry::secondary(r.look);
    let link = r.entry.kind() == porpoise_engine::entry::Kind::Symlink && !r.entry.is_broken_link();
    let icon = entry::icon(r.icon, ROW_ICON, link, r.look);
    // Only the icon and the name's text take a press as the start of a drag; a press
    // beside them reaches the rubber band.
    let indent = r.depth as f32 * INDENT;
    let twisty = twisty(r.twisty, r.key, r.look);
    let name: Element<'a, Message> = match renaming {
        Some(input) => row![icon, container(input).width(Fill)]
            .spacing(SPACING)
            .align_y(Center)
            .into(),
        None => {
            let room = cols.name - indent - TWISTY;
            let label = name_label(crate::format::shown_name(r.name), room);
            let grip = row![icon, label].spacing(SPACING).align_y(Center);
            container(entry::grip(grip, r.key)).width(Fill).into()
        }
    };
    let name: Element<'a, Message> = row![space().width(indent), twisty, name]
        .align_y(Center)
        .into();
    let mut content = row![name];
    // Sizes line up on the right; other words that do not fit are shortened with "…"
    // where they would meet the edge. Nothing in a row draws outside it, so the row
    // needs no clip of its own (a clip makes it a layer of its own in the CPU renderer).
    for &(c, width) in &cols.shown {
        let value = cells::cell(c, r.entry, r.name, &r.known);
        let cell: Element<'a, Message> = if c.right_aligned() {
            text(value)
                .width(width)
                .align_x(Right)
                .wrapping(Wrapping::None)
                .style(secondary)
                .into()
        } else {
            container(elided(value, theme::TEXT_SIZE))
                .width(width)
                .style(move |theme| container::Style {
                    text_color: secondary(theme).color,
                    ..container::Style::default()
                })
                .into()
        };
        content = content.push(cell);
    }
    let content = container(content.spacing(SPACING).align_y(Center))
        .width(Fill)
        .height(theme::ROW_HEIGHT)
        .padding(iced::Padding {
            top: 4.0,
            right: PAD_RIGHT,
            bottom: 4.0,
            left: PAD_LEFT,
        });
    entry::row_area(content, r.key, r.look, r.target)
}

/// What comes before a row's icon: a folder's triangle, or room for one.
#[derive(Debug, Clone, Copy)]
enum Twisty {
    None,
    Folder { open: bool },
}

/// A folder's triangle (a click opens or closes it in place and leaves the selection as
/// it is), or the room for one.
fn twisty<'a>(t: Twisty, key: &[u8], look: entry::Look) -> Element<'a, Message> {
    let Twisty::Folder { open } = t else {
        return space().width(TWISTY).into();
    };
    let glyph = if open { "▼" } else { "▶" };
    let secondary = entry::secondary(look);
    let label = container(text(glyph).size(9).style(secondary)).center(TWISTY);
    button(label)
        .width(TWISTY)
        .padding(0)
        .on_press(Message::Pane(PaneMsg::ToggleOpen(key.to_vec())))
        .style(theme::flat_button(false))
        .into()
}

/// The name, shortened in the middle when it does not fit `width`; a name that may be
/// shortened shows itself whole in a tooltip.
fn name_label<'a>(name: String, width: f32) -> Element<'a, Message> {
    // No glyph is wider than the text size (CJK ones are as wide): a name whose
    // characters fit at that width surely fits and needs no tooltip.
    let may_not_fit = name.chars().count() as f32 * theme::TEXT_SIZE > width;
    let label = elided(name.clone(), theme::TEXT_SIZE).shrink();
    if !may_not_fit {
        return label.into();
    }
    tooltip(
        label,
        bubble(name).max_width(600),
        tooltip::Position::FollowCursor,
    )
    .delay(TOOLTIP_DELAY)
    .into()
}
