//! Lists of items from many folders (the search results, the trash): the column header
//! and one item's line, an icon, the name, the size and the columns a list adds after them.

use iced::widget::text::Wrapping;
use iced::widget::{Row, row, space, text};
use iced::{Center, Element, Fill};

use crate::i18n::fl;
use crate::theme;

const SIZE_WIDTH: f32 = 96.0;

/// A column after name and size: its words (a heading, or a value) and its width.
pub type Cell = (String, f32);

/// The header: Name, Size, then `columns`.
pub fn header<'a, M: 'a>(columns: Vec<Cell>) -> Row<'a, M> {
    let mut header = row![
        space().width(20),
        text(fl!("column-name")).width(Fill).size(theme::SMALL_TEXT),
        text(fl!("column-size"))
            .width(SIZE_WIDTH)
            .align_x(iced::Right)
            .size(theme::SMALL_TEXT),
    ];
    for (words, width) in columns {
        header = header.push(text(words).width(width).size(theme::SMALL_TEXT));
    }
    header.spacing(12).padding([4, 10])
}

/// One item's line: its `icon`, `name`, `size`, then `columns`, in the colours of a
/// `selected` row or not.
pub fn line<'a, M: 'a>(
    icon: Element<'a, M>,
    name: String,
    size: String,
    columns: Vec<Cell>,
    selected: bool,
) -> Row<'a, M> {
    let secondary = theme::secondary_on(selected);
    let mut line = row![
        icon,
        text(name).width(Fill).wrapping(Wrapping::None),
        text(size)
            .width(SIZE_WIDTH)
            .align_x(iced::Right)
            .wrapping(Wrapping::None)
            .style(secondary),
    ];
    for (words, width) in columns {
        line = line.push(
            text(words)
                .width(width)
                .wrapping(Wrapping::None)
                .style(secondary),
        );
    }
    line.spacing(12).align_y(Center)
}
