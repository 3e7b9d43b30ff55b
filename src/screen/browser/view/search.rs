//! The search view: the name and "containing" fields, Stop and Open Folder, the results
//! (icon, name, size, where below the searched folder they are) as they stream in, and a
//! line that says whether it is still searching, how many were found and what could not
//! be read.

use std::os::unix::ffi::OsStrExt;

use iced::widget::text::Wrapping;
use iced::widget::{
    Column, button, checkbox, column, container, mouse_area, row, rule, scrollable, space, text,
    text_input,
};
use iced::{Center, Element, Fill};

use super::item_list;
use crate::format::{self, FileClass};
use crate::i18n::fl;
use crate::icons::{IconSet, IconSize};
use crate::screen::browser::Message;
use crate::screen::browser::search::{ROWS_SHOWN, SEARCH_INPUT, SearchMsg, SearchView};
use crate::servers::RemotePlaces;
use crate::theme;

const WHERE_WIDTH: f32 = 320.0;
const FIELD_WIDTH: f32 = 220.0;

fn msg(m: SearchMsg) -> Message {
    Message::Search(m)
}

/// The search's fields, its hits and where it stands; a folder in one of the `remote`
/// places is named by its address.
pub fn view<'a>(s: &'a SearchView, icons: &IconSet, remote: &RemotePlaces) -> Element<'a, Message> {
    let open = s.cursor.map(|i| msg(SearchMsg::Open(i)));
    let name = text_input(&fl!("search-name-placeholder"), &s.name)
        .id(SEARCH_INPUT)
        .on_input(|t| msg(SearchMsg::Name(t)))
        .on_submit_maybe(open.clone())
        .padding([6, 10])
        .width(FIELD_WIDTH);
    let content = text_input(&fl!("search-content-placeholder"), &s.content)
        .on_input(|t| msg(SearchMsg::Content(t)))
        .on_submit_maybe(open)
        .padding([6, 10])
        .width(FIELD_WIDTH);
    let label = |words: String| text(words).wrapping(Wrapping::None);
    let stop =
        button(label(fl!("search-stop"))).on_press_maybe(s.running.then(|| msg(SearchMsg::Stop)));
    let folder = button(label(fl!("search-open-folder")))
        .on_press_maybe(s.cursor.map(|_| msg(SearchMsg::OpenFolder)));
    let back = button(label(fl!("search-back"))).on_press(msg(SearchMsg::Close));
    let bar = row![name, content, space().width(Fill), stop, folder, back]
        .spacing(10)
        .align_y(Center)
        .padding([8, 12]);
    let options = row![
        checkbox(s.regex)
            .label(fl!("search-regex"))
            .on_toggle(|on| msg(SearchMsg::Regex(on))),
        checkbox(s.match_case)
            .label(fl!("search-match-case"))
            .on_toggle(|on| msg(SearchMsg::MatchCase(on))),
        checkbox(s.everywhere)
            .label(fl!("search-everywhere"))
            .on_toggle(|on| msg(SearchMsg::Everywhere(on))),
    ]
    .spacing(20)
    .padding([0, 12]);
    let header = item_list::header(vec![(fl!("search-column-where"), WHERE_WIDTH)]);
    let mut rows = Column::new().width(Fill);
    for (i, hit) in s.hits.iter().take(ROWS_SHOWN).enumerate() {
        let selected = s.cursor == Some(i);
        let class = if hit.is_dir() {
            FileClass::Folder
        } else {
            format::classify_name(&hit.name)
        };
        let size = if hit.is_dir() {
            String::new()
        } else {
            format::size(hit.size)
        };
        let place = s.location(&hit.dir);
        let place = if place.as_os_str().is_empty() {
            ".".to_owned()
        } else {
            crate::format::shown_name(place.as_os_str().as_bytes())
        };
        let line = item_list::line(
            icons.for_class(class, IconSize::Small).view(20.0),
            crate::format::shown_name(&hit.name),
            size,
            vec![(place, WHERE_WIDTH)],
            selected,
        );
        // Taken on the press (as the folder's rows), so a press can become a drag.
        let row = container(line)
            .width(Fill)
            .height(theme::ROW_HEIGHT)
            .clip(true)
            .padding([4, 10])
            .style(theme::entry_row(selected));
        rows = rows.push(mouse_area(row).on_press(msg(SearchMsg::Clicked(i))));
    }
    column![
        bar,
        options,
        rule::horizontal(1).style(rule::weak),
        header,
        rule::horizontal(1).style(rule::weak),
        scrollable(rows).height(Fill),
        rule::horizontal(1).style(rule::weak),
        container(
            text(state_line(s, remote))
                .size(theme::SMALL_TEXT)
                .style(theme::muted)
        )
        .padding([4, 12]),
    ]
    .height(Fill)
    .into()
}

/// Where the search stands, in words.
fn state_line(s: &SearchView, remote: &RemotePlaces) -> String {
    let found = s.hits.len() as u64;
    if s.bad_pattern {
        return fl!("search-bad-pattern");
    }
    if s.running {
        return fl!("search-running", count = found);
    }
    match &s.summary {
        None => fl!("search-hint", folder = remote.text_of(&s.root)),
        Some(sum) if sum.problems > 0 => {
            fl!(
                "search-done-unreadable",
                count = found,
                unreadable = sum.problems
            )
        }
        Some(sum) if sum.cancelled => fl!("search-stopped", count = found),
        Some(_) => fl!("search-done", count = found),
    }
}
