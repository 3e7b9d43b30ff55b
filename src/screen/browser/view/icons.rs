//! The icons view: a virtualised grid of tiles (icon above name); only the tile rows in
//! the viewport become widgets.

use iced::widget::text::Wrapping;
use iced::widget::{Row, column, container, text};
use iced::{Center, Element, Fill};

use super::Show;
use super::entry;
use super::folder_view;
use crate::actions::DropTarget;
use crate::icons::{Icon, IconSize};
use crate::screen::browser::Message;
use crate::screen::browser::pane::Pane;
use crate::settings::ViewShape;
use crate::theme;

pub fn view<'a>(app: Show<'a>, pane: &'a Pane) -> Element<'a, Message> {
    let lister = pane.lister();
    let shape = app.settings().shape();
    let cols = pane.columns(shape);
    let rows = lister.len().div_ceil(cols);
    let w = pane.viewport().window(rows, shape.row_height());
    // Spacers stand for the rows outside the viewport; a row is keyed by its first entry.
    let mut grid = folder_view::lines(&w);
    for r in w.first..w.end {
        let mut line = Row::with_capacity(cols);
        let mut key = None;
        for i in r * cols..((r + 1) * cols).min(lister.len()) {
            if let Some((entry, name)) = lister.get(i) {
                let icon = app.entry_icon(pane, entry, name, IconSize::Large);
                let renaming = entry::rename_input(pane, name, theme::SMALL_TEXT);
                key.get_or_insert_with(|| entry::key(name));
                let link = entry.kind() == porpoise_engine::entry::Kind::Symlink
                    && !entry.is_broken_link();
                line = line.push(tile(
                    shape,
                    name,
                    &icon,
                    link,
                    entry::Look::of(app, pane, name),
                    entry::target(app, pane, name),
                    renaming,
                ));
            }
        }
        if let Some(key) = key {
            grid = grid.push(key, line);
        }
    }
    folder_view::scrolled(app, pane, grid, &w, crate::screen::browser::band::GRID_LEFT)
}

fn tile<'a>(
    shape: ViewShape,
    name: &[u8],
    icon: &Icon,
    link: bool,
    look: entry::Look,
    target: DropTarget,
    renaming: Option<Element<'a, Message>>,
) -> Element<'a, Message> {
    let label: Element<'a, Message> = match renaming {
        Some(input) => input,
        None => text(crate::format::shown_name(name))
            .size(theme::SMALL_TEXT)
            .align_x(Center)
            .wrapping(Wrapping::WordOrGlyph)
            .into(),
    };
    let content = column![
        entry::icon(icon, shape.icon, link, look),
        container(label)
            .width(Fill)
            .height(theme::TILE_LABEL)
            .center_x(Fill)
            .clip(true),
    ]
    .spacing(4)
    .align_x(Center);
    let tile = entry::area(
        container(content)
            .width(Fill)
            .height(Fill)
            .padding([6, 4])
            .clip(true),
        name,
        look,
        target,
    );
    // The gap around each tile keeps neighbouring selected tiles apart.
    container(tile)
        .width(shape.tile_width())
        .height(shape.row_height())
        .padding(3)
        .into()
}
