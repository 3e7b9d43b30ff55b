//! The details view: sortable column headers and a virtualised list of rows (only the rows
//! in the viewport become widgets; spacers stand in for the rest).

use iced::widget::text::Wrapping;
use iced::widget::{button, column, container, row, rule, space, text, tooltip};
use iced::{Center, Element, Fill, Length, Right};

use super::Show;
use super::entry;
use super::folder_view;
use crate::actions::DropTarget;
use crate::format;
use crate::i18n::fl;
use crate::icons::{Icon, IconSize};
use crate::layout::{
    Columns, DATE_WIDTH, PAD_LEFT, PAD_RIGHT, ROW_ICON, SIZE_WIDTH, SPACING, TYPE_WIDTH,
};
use crate::screen::browser::Message;
use crate::screen::browser::pane::Pane;
use crate::screen::browser::pane::PaneMsg;
use crate::theme;
use crate::widgets::elided::elided;
use crate::widgets::tip::bubble;
use porpoise_engine::entry::{Entry, State};
use porpoise_engine::listing::{SortKey, SortOrder};

/// Tooltips with a whole name wait this long under a still pointer.
const TOOLTIP_DELAY: std::time::Duration = std::time::Duration::from_millis(700);

pub fn view<'a>(app: Show<'a>, pane: &'a Pane) -> Element<'a, Message> {
    column![
        header(app, pane),
        rule::horizontal(1).style(rule::weak),
        rows(app, pane)
    ]
    .height(Fill)
    .into()
}

fn header<'a>(app: Show<'a>, pane: &Pane) -> Element<'a, Message> {
    let shown = app.detail_columns();
    let (key, order) = pane.sort();
    let col = |label: String, k: SortKey, width: Length, right: bool| -> Element<'_, Message> {
        let mut content = row![text(label).size(theme::SMALL_TEXT)]
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
        let content = container(content).width(Fill);
        let content = if right {
            content.align_right(Fill)
        } else {
            content
        };
        button(content)
            .width(width)
            .padding([4, 0])
            .on_press(Message::Pane(PaneMsg::SortBy(k)))
            .style(theme::flat_button(false))
            .into()
    };
    let mut header = row![
        space().width(ROW_ICON),
        col(fl!("column-name"), SortKey::Name, Fill, false),
    ];
    // The lesser columns, each with its width and whether it is aligned right.
    let lesser = [
        (shown.size, SortKey::Size, SIZE_WIDTH, true),
        (shown.modified, SortKey::Modified, DATE_WIDTH, false),
        (shown.kind, SortKey::Type, TYPE_WIDTH, false),
    ];
    for (_, k, width, right) in lesser.into_iter().filter(|c| c.0) {
        let label = match k {
            SortKey::Size => fl!("column-size"),
            SortKey::Modified => fl!("column-modified"),
            _ => fl!("column-type"),
        };
        header = header.push(col(label, k, Length::Fixed(width), right));
    }
    container(header.spacing(SPACING).align_y(Center))
        .padding(iced::Padding {
            top: 2.0,
            right: PAD_RIGHT,
            bottom: 2.0,
            left: PAD_LEFT,
        })
        .into()
}

fn rows<'a>(app: Show<'a>, pane: &'a Pane) -> Element<'a, Message> {
    let lister = pane.lister();
    let w = pane.viewport().window(lister.len(), theme::ROW_HEIGHT);
    let shown = app.detail_columns();
    let name_width = shown.name_width(app.files_width());
    // Spacers stand for the rows outside the viewport; rows are keyed by entry.
    let mut col = folder_view::lines(&w);
    for i in w.first..w.end {
        if let Some((entry, name)) = lister.get(i) {
            let icon = app.entry_icon(pane, entry, name, IconSize::Small);
            let renaming = entry::rename_input(pane, name, theme::TEXT_SIZE);
            col = col.push(
                entry::key(name),
                entry_row(
                    Row {
                        entry,
                        items: pane.folder_count(name),
                        kind: app.type_text(pane, entry, name),
                        name,
                        icon: &icon,
                        look: entry::Look::of(app, pane, name),
                        target: entry::target(app, pane, name),
                    },
                    shown,
                    name_width,
                    renaming,
                ),
            );
        }
    }
    folder_view::scrolled(app, pane, col, &w, 0.0)
}

/// The size, date and type columns of an entry (`kind`: its type's words), with
/// placeholders and markers.
pub fn columns(entry: &Entry, items: Option<u64>, kind: String) -> (String, String, String) {
    match entry.state() {
        State::Complete => (
            format::size_column(entry, items),
            format::date(entry.mtime_sec),
            kind,
        ),
        State::Pending => {
            let p = fl!("placeholder-pending");
            (p.clone(), p.clone(), p)
        }
        State::Vanished => (String::new(), String::new(), fl!("marker-vanished")),
        State::Unreadable => (String::new(), String::new(), fl!("marker-unreadable")),
    }
}

/// One entry as a row shows it.
struct Row<'r> {
    entry: &'r Entry,
    /// A folder's item count, once known.
    items: Option<u64>,
    /// Its type's words.
    kind: String,
    name: &'r [u8],
    icon: &'r Icon,
    look: entry::Look,
    target: DropTarget,
}

fn entry_row<'a>(
    r: Row<'_>,
    shown: Columns,
    name_width: f32,
    renaming: Option<Element<'a, Message>>,
) -> Element<'a, Message> {
    let (size, date, kind) = columns(r.entry, r.items, r.kind);
    let secondary = entry::secondary(r.look);
    let link = r.entry.kind() == porpoise_engine::entry::Kind::Symlink && !r.entry.is_broken_link();
    let icon = entry::icon(r.icon, ROW_ICON, link, r.look);
    // Only the icon and the name's text take a press as the start of a drag; a press
    // beside them reaches the rubber band.
    let name: Element<'a, Message> = match renaming {
        Some(input) => row![icon, container(input).width(Fill)]
            .spacing(SPACING)
            .align_y(Center)
            .into(),
        None => {
            let label = name_label(crate::format::shown_name(r.name), name_width);
            let grip = row![icon, label].spacing(SPACING).align_y(Center);
            container(entry::grip(grip, r.name)).width(Fill).into()
        }
    };
    let mut content = row![name];
    if shown.size {
        content = content.push(text(size).width(SIZE_WIDTH).align_x(Right).style(secondary));
    }
    // The date has one short form that fits its column; the type's words may not, and
    // are shortened with "…" where they would meet the edge. Nothing in a row draws
    // outside it, so the row needs no clip of its own (a clip makes it a layer of its own
    // in the CPU renderer).
    if shown.modified {
        content = content.push(
            text(date)
                .width(DATE_WIDTH)
                .wrapping(Wrapping::None)
                .style(secondary),
        );
    }
    if shown.kind {
        content = content.push(
            container(elided(kind, theme::TEXT_SIZE))
                .width(TYPE_WIDTH)
                .style(move |theme| container::Style {
                    text_color: secondary(theme).color,
                    ..container::Style::default()
                }),
        );
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
    entry::row_area(content, r.name, r.look, r.target)
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
