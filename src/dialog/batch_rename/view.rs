//! The batch rename dialog over the window: find and replace (plain or a regular
//! expression, case option), text before and after, numbering with start and step, a case
//! change, the extension kept; under them the preview of every new name, each problem
//! marked in red beside it; Rename stays disabled while any remains.

use iced::widget::{button, checkbox, column, container, radio, row, scrollable, text, text_input};
use iced::{Center, Color, Element, Fill, FillPortion, Theme};

use super::{
    AFTER_INPUT, BEFORE_INPUT, BatchRename, FIND_INPUT, Message, NUMBERING_INPUT, REPLACE_INPUT,
    START_INPUT, STEP_INPUT,
};
use crate::i18n::fl;
use crate::theme;
use crate::widgets::dialog::{self, boxed, button_row, leave_button};
use porpoise_engine::rename::{CaseChange, InvalidName, Planned, Problem};

/// Rows of the preview drawn at most in the shown order (problems further down are drawn
/// after them).
const ROWS_DRAWN: usize = 300;
const LABEL_WIDTH: f32 = 110.0;

impl BatchRename {
    /// The dialog as a layer over the window.
    pub fn view(&self) -> Element<'_, Message> {
        let v = self;
        let title = dialog::title(fl!("batch-title", count = v.count()));
        let cancel = leave_button(fl!("batch-cancel"), Message::Close);
        let rename =
            button(text(fl!("batch-rename"))).on_press_maybe(v.ready().then_some(Message::Rename));
        let body = column![
            title,
            rules(v),
            preview(v),
            row![summary(v), button_row([cancel.into(), rename.into()])].align_y(Center),
        ]
        .spacing(14);
        boxed(body, 720.0)
    }
}

/// A label and what is beside it.
fn labelled<'a>(label: String, field: impl Into<Element<'a, Message>>) -> Element<'a, Message> {
    row![
        text(label).width(LABEL_WIDTH).style(text::secondary),
        field.into()
    ]
    .spacing(12)
    .align_y(Center)
    .into()
}

/// A text field that previews as it is typed, and renames on Enter.
fn field<'a>(
    hint: String,
    value: &'a str,
    on: impl Fn(String) -> Message + 'a,
) -> text_input::TextInput<'a, Message> {
    text_input(&hint, value)
        .on_input(on)
        .on_submit(Message::Rename)
}

fn rules(v: &BatchRename) -> Element<'_, Message> {
    let r = &v.rules;
    let find = row![
        field(fl!("batch-find-hint"), &r.find, Message::Find)
            .id(FIND_INPUT)
            .width(Fill),
        text(fl!("batch-replace")).style(text::secondary),
        field(fl!("batch-replace-hint"), &r.replace, Message::Replace)
            .id(REPLACE_INPUT)
            .width(Fill),
    ]
    .spacing(12)
    .align_y(Center);
    let options = row![
        checkbox(r.regex)
            .label(fl!("batch-regex"))
            .on_toggle(Message::Regex),
        checkbox(r.case_sensitive)
            .label(fl!("batch-case-sensitive"))
            .on_toggle(Message::CaseSensitive),
    ]
    .spacing(20);
    let around = row![
        field(String::new(), &r.before, Message::Before)
            .id(BEFORE_INPUT)
            .width(Fill),
        text(fl!("batch-after")).style(text::secondary),
        field(String::new(), &r.after, Message::After)
            .id(AFTER_INPUT)
            .width(Fill),
    ]
    .spacing(12)
    .align_y(Center);
    let numbering = row![
        field(
            fl!("batch-numbering-hint"),
            &r.numbering,
            Message::Numbering
        )
        .id(NUMBERING_INPUT)
        .width(Fill),
        text(fl!("batch-start")).style(text::secondary),
        field(String::new(), &v.start, Message::Start)
            .id(START_INPUT)
            .width(70),
        text(fl!("batch-step")).style(text::secondary),
        field(String::new(), &v.step, Message::Step)
            .id(STEP_INPUT)
            .width(70),
    ]
    .spacing(12)
    .align_y(Center);
    let case = [
        (CaseChange::Keep, fl!("batch-case-keep")),
        (CaseChange::Lower, fl!("batch-case-lower")),
        (CaseChange::Upper, fl!("batch-case-upper")),
        (CaseChange::Title, fl!("batch-case-title")),
    ]
    .into_iter()
    .fold(row![].spacing(16), |row, (c, label)| {
        row.push(radio(label, c, Some(r.case), Message::Case))
    });
    column![
        labelled(fl!("batch-find"), find),
        labelled(String::new(), options),
        labelled(fl!("batch-before"), around),
        labelled(fl!("batch-numbering"), numbering),
        labelled(fl!("batch-case"), case),
        labelled(
            String::new(),
            checkbox(r.keep_extension)
                .label(fl!("batch-keep-extension"))
                .on_toggle(Message::KeepExtension)
        ),
    ]
    .spacing(8)
    .into()
}

/// Every item's old and new name, a problem marked beside it.
fn preview(v: &BatchRename) -> Element<'_, Message> {
    let plan = match &v.plan {
        Ok(plan) => plan,
        Err(why) => return text(why.clone()).style(problem).into(),
    };
    let first = plan.items.iter().take(ROWS_DRAWN);
    let later_problems = plan
        .items
        .iter()
        .skip(ROWS_DRAWN)
        .filter(|p| p.problem.is_some())
        .take(ROWS_DRAWN);
    let rows = first.chain(later_problems).map(preview_row);
    let list = column(rows).spacing(2).padding([4, 8]);
    let shown = plan.items.len().min(2 * ROWS_DRAWN) as f32;
    container(scrollable(list).height((shown * 22.0 + 10.0).min(260.0)))
        .style(container::bordered_box)
        .width(Fill)
        .into()
}

fn preview_row(p: &Planned) -> Element<'_, Message> {
    use std::os::unix::ffi::OsStrExt;
    let old = crate::format::shown_name(p.old.as_bytes());
    let new = crate::format::shown_name(p.new.as_bytes());
    // Columns of the same widths in every row: old, arrow, new, what stands in the way.
    let why = p.problem.map(problem_text).unwrap_or_default();
    row![
        text(old).width(FillPortion(5)).size(theme::SMALL_TEXT),
        text("→").size(theme::SMALL_TEXT),
        text(new)
            .width(FillPortion(5))
            .size(theme::SMALL_TEXT)
            .style(if p.changes() {
                text::default
            } else {
                text::secondary
            }),
        text(why)
            .width(FillPortion(4))
            .size(theme::SMALL_TEXT)
            .style(problem),
    ]
    .spacing(10)
    .into()
}

/// Problems in red; on a light theme a darker red than the theme's, so it reads as
/// well as the names beside it on the preview's grey.
fn problem(theme: &Theme) -> text::Style {
    let palette = theme.extended_palette();
    let c = palette.danger.base.color;
    let shade = if palette.is_dark { 1.0 } else { 0.7 };
    text::Style {
        color: Some(Color {
            r: c.r * shade,
            g: c.g * shade,
            b: c.b * shade,
            a: c.a,
        }),
    }
}

/// Why an item cannot have its new name, in words.
fn problem_text(p: Problem) -> String {
    match p {
        Problem::Duplicate => fl!("batch-problem-duplicate"),
        Problem::Exists => fl!("batch-problem-exists"),
        Problem::Invalid(InvalidName::Empty) => fl!("batch-problem-empty"),
        Problem::Invalid(InvalidName::Dots) => fl!("batch-problem-dots"),
        Problem::Invalid(InvalidName::Slash) => fl!("batch-problem-slash"),
        Problem::Invalid(InvalidName::Nul) => fl!("batch-problem-nul"),
        Problem::Invalid(InvalidName::TooLong) => fl!("batch-problem-too-long"),
    }
}

/// How many names change, or how many problems stand in the way.
fn summary(v: &BatchRename) -> Element<'_, Message> {
    let Ok(plan) = &v.plan else {
        return text("").into();
    };
    match plan.problems() {
        0 => text(fl!("batch-changes", count = plan.changes())).into(),
        n => text(fl!("batch-problems", count = n)).style(problem).into(),
    }
}
