//! The chooser over the window ("Other Application…"): its title and the files it opens,
//! the search field, the list of applications (name, and generic name beneath), "Always
//! use for this file type" when the files are of one type, Cancel and Open.

use iced::widget::{
    button, center, checkbox, column, container, row, scrollable, space, text, text_input,
};
use iced::{Element, Fill};

use super::{Chooser, LIST, Message, ROW_HEIGHT, ROWS_SHOWN, SEARCH_INPUT};
use crate::i18n::fl;
use crate::theme;
use crate::types::Types;

/// The dialog's width.
const WIDTH: f32 = 460.0;

impl Chooser {
    /// The chooser as a layer over the window (`types` describe the files' type).
    pub fn view<'a>(&'a self, types: &Types) -> Element<'a, Message> {
        body(self, types)
    }
}

fn body<'a>(c: &'a Chooser, types: &Types) -> Element<'a, Message> {
    let mut body = column![
        text(fl!("chooser-title")).size(17),
        text(for_what(c, types)).style(theme::muted),
        text_input(&fl!("chooser-search"), &c.query)
            .id(SEARCH_INPUT)
            .on_input(Message::Query)
            .on_submit(Message::Open)
            .padding(8),
        container(list(c))
            .height(ROWS_SHOWN as f32 * ROW_HEIGHT + 2.0)
            .style(container::bordered_box),
    ]
    .spacing(12);
    if c.offers_always() {
        body = body.push(
            checkbox(c.always)
                .label(fl!("chooser-always"))
                .on_toggle(Message::Always),
        );
    }
    let open = button(text(fl!("chooser-open")))
        .padding([6, 14])
        .style(button::primary)
        .on_press_maybe(c.chosen().map(|_| Message::Open));
    let cancel = button(text(fl!("dialog-cancel")))
        .padding([6, 14])
        .style(button::secondary)
        .on_press(Message::Close);
    body = body.push(row![space().width(Fill), cancel, open].spacing(8));
    let panel = container(body)
        .padding(20)
        .width(WIDTH)
        .style(container::bordered_box);
    crate::widgets::dialog::modal(panel)
}

/// "To open “notes.xyz” (Unknown)", or "To open 3 files".
fn for_what(c: &Chooser, types: &Types) -> String {
    match (c.files.as_slice(), c.mimes.as_slice()) {
        ([file], [mime]) => fl!(
            "chooser-for-one",
            name = crate::format::name_of(file),
            kind = types.description(mime).unwrap_or_else(|| mime.clone())
        ),
        (files, _) => fl!("chooser-for-many", count = files.len()),
    }
}

/// The applications that match what is typed, the highlighted one marked; or why
/// there are none.
fn list(c: &Chooser) -> Element<'_, Message> {
    let shown = c.shown();
    let why_none = if !c.filled() {
        Some(fl!("chooser-loading"))
    } else if shown.is_empty() && c.query.trim().is_empty() {
        Some(fl!("chooser-empty"))
    } else if shown.is_empty() {
        Some(fl!("chooser-none", query = c.query.clone()))
    } else {
        None
    };
    if let Some(words) = why_none {
        return center(text(words).style(theme::muted)).into();
    }
    let rows = shown.into_iter().enumerate().map(|(i, a)| {
        let on = i == c.highlighted;
        let mut lines = column![text(a.name.clone())];
        if let Some(g) = &a.generic {
            lines = lines.push(
                text(g.clone())
                    .size(theme::SMALL_TEXT)
                    .style(theme::secondary_on(on)),
            );
        }
        button(container(lines).center_y(Fill))
            .width(Fill)
            .height(ROW_HEIGHT)
            .padding([4, 10])
            .style(theme::entry_button(on))
            .on_press(Message::Clicked(i))
            .into()
    });
    scrollable(column(rows).padding(1))
        .id(LIST)
        .on_scroll(|v| Message::Scrolled(v.absolute_offset().y))
        .height(Fill)
        .into()
}
