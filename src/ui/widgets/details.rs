//! The details view: sortable column headers and a virtualised list of rows (only the rows
//! in the viewport become widgets; spacers stand in for the rest).

use iced::widget::text::Wrapping;
use iced::widget::{button, column, container, row, rule, scrollable, space, text};
use iced::{Center, Element, Fill, Length, Right};

use crate::entry::{Entry, State};
use crate::listing::{SortKey, SortOrder};
use crate::ui::app::App;
use crate::ui::effects::VIEW_SCROLL;
use crate::ui::format;
use crate::ui::i18n::fl;
use crate::ui::icons::{Icon, IconSize};
use crate::ui::message::Message;
use crate::ui::theme;
use crate::ui::viewport::Viewport;
use crate::ui::widgets::entry;
use crate::ui::widgets::keyed_rows::KeyedRows;

const SIZE_WIDTH: f32 = 96.0;
const DATE_WIDTH: f32 = 140.0;
const TYPE_WIDTH: f32 = 170.0;
const SPACING: f32 = 12.0;
/// Row padding: left, and right (room for the scrollbar).
const PAD_LEFT: f32 = 10.0;
const PAD_RIGHT: f32 = 18.0;

pub fn view(app: &App) -> Element<'_, Message> {
    column![
        header(app),
        rule::horizontal(1).style(rule::weak),
        rows(app)
    ]
    .height(Fill)
    .into()
}

fn header(app: &App) -> Element<'_, Message> {
    let key = app.settings().sort_key();
    let order = app.settings().sort_order();
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
            .on_press(Message::SortBy(k))
            .style(theme::flat_button(false))
            .into()
    };
    container(
        row![
            space().width(20),
            col(fl!("column-name"), SortKey::Name, Fill, false),
            col(
                fl!("column-size"),
                SortKey::Size,
                Length::Fixed(SIZE_WIDTH),
                true
            ),
            col(
                fl!("column-modified"),
                SortKey::Modified,
                Length::Fixed(DATE_WIDTH),
                false
            ),
            col(
                fl!("column-type"),
                SortKey::Type,
                Length::Fixed(TYPE_WIDTH),
                false
            ),
        ]
        .spacing(SPACING)
        .align_y(Center),
    )
    .padding(iced::Padding {
        top: 2.0,
        right: PAD_RIGHT,
        bottom: 2.0,
        left: PAD_LEFT,
    })
    .into()
}

fn rows(app: &App) -> Element<'_, Message> {
    let lister = app.lister();
    let w = app.viewport().window(lister.len(), theme::ROW_HEIGHT);
    // Spacers stand for the rows outside the viewport; rows are keyed by entry.
    let mut col = KeyedRows::with_capacity(w.end - w.first + 2);
    col = col.push(entry::SPACER_ABOVE, space().height(w.top));
    for i in w.first..w.end {
        if let Some((entry, name)) = lister.get(i) {
            let icon = app
                .icons()
                .for_class(format::classify(entry, name), IconSize::Small);
            let renaming = entry::rename_input(app, name, theme::TEXT_SIZE);
            col = col.push(
                entry::key(name),
                entry_row(entry, name, &icon, entry::Look::of(app, name), renaming),
            );
        }
    }
    col = col.push(entry::SPACER_BELOW, space().height(w.bottom));
    scrollable(col)
        .id(VIEW_SCROLL)
        .width(Fill)
        .height(Fill)
        .on_scroll(|v| {
            Message::Scrolled(Viewport {
                offset_y: v.absolute_offset().y,
                width: v.bounds().width,
                height: v.bounds().height,
            })
        })
        .into()
}

/// The size, date and type columns of an entry, with placeholders and markers.
pub fn columns(entry: &Entry, name: &[u8]) -> (String, String, String) {
    match entry.state() {
        State::Complete => (
            format::size_column(entry),
            format::date(entry.mtime_sec),
            format::type_name(entry, name),
        ),
        State::Pending => {
            let p = fl!("placeholder-pending");
            (p.clone(), p.clone(), p)
        }
        State::Vanished => (String::new(), String::new(), fl!("marker-vanished")),
        State::Unreadable => (String::new(), String::new(), fl!("marker-unreadable")),
    }
}

fn entry_row<'a>(
    entry: &Entry,
    name: &[u8],
    icon: &Icon,
    look: entry::Look,
    renaming: Option<Element<'a, Message>>,
) -> Element<'a, Message> {
    let (size, date, kind) = columns(entry, name);
    let label: Element<'a, Message> = match renaming {
        Some(input) => container(input).width(Fill).into(),
        None => text(String::from_utf8_lossy(name).into_owned())
            .width(Fill)
            .wrapping(Wrapping::None)
            .into(),
    };
    let secondary = entry::secondary(look);
    let content = row![
        icon.view(20.0),
        label,
        text(size).width(SIZE_WIDTH).align_x(Right).style(secondary),
        text(date)
            .width(DATE_WIDTH)
            .wrapping(Wrapping::None)
            .style(secondary),
        text(kind)
            .width(TYPE_WIDTH)
            .wrapping(Wrapping::None)
            .style(secondary),
    ]
    .spacing(SPACING)
    .align_y(Center);
    let content = container(content)
        .width(Fill)
        .height(theme::ROW_HEIGHT)
        .clip(true)
        .padding(iced::Padding {
            top: 4.0,
            right: PAD_RIGHT,
            bottom: 4.0,
            left: PAD_LEFT,
        });
    entry::area(content, name, look)
}
