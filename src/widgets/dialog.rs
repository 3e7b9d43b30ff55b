//! The dialogs over the window (a conflict, pre-flight problems, delete for good): a dimmed
//! backdrop that takes every click, and a box with the question and its answers.

use iced::widget::{
    Button, Row, Text, button, center, checkbox, column, container, opaque, row, scrollable, space,
    text,
};
use iced::{Background, Color, Element, Fill, Theme};
use std::path::PathBuf;

use crate::app::App;
use crate::format;
use crate::format::name_of;
use crate::i18n::fl;
use crate::jobs::JobMsg;
use crate::jobs::dialog::Dialog;
use crate::message::Message;
use crate::request::JobRequest;
use crate::theme;
use porpoise_engine::jobs::conflict::Choice;
use porpoise_engine::jobs::events::Conflict;
use porpoise_engine::jobs::preflight::{PreflightChoice, Problem};

/// The shown dialog as a layer over the window, if there is one.
pub fn layer<'a>(app: &'a App) -> Option<Element<'a, Message>> {
    let dialogs = &app.jobs().dialogs;
    let dialog = dialogs.current()?;
    let waiting = dialogs.len() - 1;
    let mut buttons = buttons(dialog, dialogs.focused()).into_iter();
    let body = match dialog {
        Dialog::Conflict {
            job,
            conflict,
            for_all,
        } => {
            let dest = app
                .jobs()
                .get(*job)
                .map(|e| name_of(&target_folder(&e.request, conflict)))
                .unwrap_or_default();
            conflict_box(conflict, &dest, *for_all, waiting, &mut buttons)
        }
        Dialog::Preflight {
            problems,
            can_proceed,
            ..
        } => preflight_box(problems, *can_proceed, &mut buttons),
        Dialog::ConfirmDelete { paths } => delete_box(paths, &mut buttons),
    };
    Some(boxed(body, 560.0))
}

/// A dialog's box holding `body`, at most `max_width` wide, over the window.
pub fn boxed<'a>(body: impl Into<Element<'a, Message>>, max_width: f32) -> Element<'a, Message> {
    modal(
        container(body)
            .padding(20)
            .max_width(max_width)
            .style(container::bordered_box),
    )
}

/// A dialog's title.
pub fn title<'a>(words: String) -> Text<'a> {
    text(words).size(theme::TEXT_SIZE + 3.0)
}

/// The button that leaves a dialog (Cancel, Close), quieter than the one that acts.
pub fn leave_button<'a>(words: String, message: Message) -> Button<'a, Message> {
    button(text(words))
        .on_press(message)
        .style(button::secondary)
}

/// A dialog's buttons, at the right end of its last line.
pub fn button_row<'a>(buttons: impl IntoIterator<Item = Element<'a, Message>>) -> Row<'a, Message> {
    row![space::horizontal()]
        .extend(buttons)
        .spacing(12)
        .align_y(iced::Center)
}

/// A dialog's box, centred on a dimmed backdrop that takes every click: a layer over the
/// window.
pub fn modal<'a>(panel: impl Into<Element<'a, Message>>) -> Element<'a, Message> {
    opaque(center(opaque(panel)).style(backdrop))
}

/// The folder the conflicting item goes into: the job's destination, or the matching
/// subfolder of it for an item inside a copied folder.
fn target_folder(request: &JobRequest, c: &Conflict) -> PathBuf {
    request
        .sources
        .iter()
        .filter_map(|s| c.source.strip_prefix(s.parent()?).ok())
        .filter_map(|rel| rel.parent())
        .map(|rel| request.dest.join(rel))
        .next()
        .unwrap_or_else(|| request.dest.clone())
}

/// The dimmed backdrop under a dialog (every dialog over the window has it).
pub fn backdrop(_: &Theme) -> container::Style {
    container::Style {
        background: Some(Background::Color(Color::from_rgba(0.0, 0.0, 0.0, 0.45))),
        ..container::Style::default()
    }
}

/// The dialog's buttons in [`Dialog::answers`] order, the highlighted one with a ring.
fn buttons<'a>(dialog: &Dialog, focused: Option<usize>) -> Vec<Element<'a, Message>> {
    let (answers, _) = dialog.answers();
    answers
        .into_iter()
        .enumerate()
        .map(|(i, msg)| {
            let (label, tone) = label(&msg, dialog);
            let ring = focused == Some(i);
            button(text(label))
                .padding([6, 14])
                .style(theme::ringed_button(
                    match tone {
                        Tone::Primary => button::primary,
                        Tone::Secondary => button::secondary,
                        Tone::Danger => button::danger,
                    },
                    ring,
                ))
                .on_press(Message::Jobs(msg))
                .into()
        })
        .collect()
}

#[derive(Clone, Copy)]
enum Tone {
    Primary,
    Secondary,
    Danger,
}

/// A button's words and colour.
fn label(msg: &JobMsg, dialog: &Dialog) -> (String, Tone) {
    use Tone::*;
    match msg {
        JobMsg::Answer(Choice::Overwrite) => (fl!("conflict-overwrite"), Secondary),
        JobMsg::Answer(Choice::OverwriteIfOlder) => (fl!("conflict-overwrite-older"), Secondary),
        JobMsg::Answer(Choice::Skip) => (fl!("conflict-skip"), Secondary),
        JobMsg::Answer(Choice::Rename) => (fl!("conflict-rename"), Primary),
        JobMsg::Answer(Choice::Cancel) => (fl!("conflict-cancel"), Secondary),
        JobMsg::Preflight(PreflightChoice::ReplaceCharacters) => {
            (fl!("preflight-replace"), Primary)
        }
        JobMsg::Preflight(PreflightChoice::SkipThem) => (fl!("preflight-skip"), Secondary),
        JobMsg::Preflight(PreflightChoice::Cancel) => (fl!("preflight-cancel"), Secondary),
        JobMsg::ConfirmDelete => (fl!("delete-confirm-delete"), Danger),
        // Closing: "Close" under a notice, "Cancel" under a question.
        _ if matches!(dialog, Dialog::Preflight { .. }) => (fl!("preflight-close"), Primary),
        _ => (fl!("delete-confirm-cancel"), Secondary),
    }
}

/// The next button of `buttons`, or nothing.
fn next<'a>(buttons: &mut impl Iterator<Item = Element<'a, Message>>) -> Element<'a, Message> {
    buttons.next().unwrap_or_else(|| space().into())
}

fn conflict_box<'a>(
    c: &Conflict,
    dest: &str,
    for_all: bool,
    waiting: usize,
    b: &mut impl Iterator<Item = Element<'a, Message>>,
) -> Element<'a, Message> {
    let item = name_of(&c.target);
    let title = if c.source_is_dir {
        fl!("conflict-title-folder", name = item, folder = dest)
    } else {
        fl!("conflict-title", name = item, folder = dest)
    };
    let existing = fl!(
        "conflict-existing",
        size = format::size(c.target_size),
        date = format::date(c.target_mtime)
    );
    let incoming = fl!(
        "conflict-incoming",
        size = format::size(c.source_size),
        date = format::date(c.source_mtime)
    );
    let mut col = column![
        text(title).size(17),
        text(existing),
        text(incoming),
        checkbox(for_all)
            .label(fl!("conflict-apply-all"))
            .on_toggle(|on| Message::Jobs(JobMsg::ApplyToAll(on))),
        row![next(b), next(b), next(b), next(b)].spacing(8).wrap(),
        row![space().width(Fill), next(b)],
    ]
    .spacing(12);
    if waiting > 0 {
        col = col.push(
            text(fl!("conflict-waiting", count = waiting))
                .size(theme::SMALL_TEXT)
                .style(theme::muted),
        );
    }
    col.into()
}

fn preflight_box<'a>(
    problems: &[Problem],
    can_proceed: bool,
    b: &mut impl Iterator<Item = Element<'a, Message>>,
) -> Element<'a, Message> {
    let title = if can_proceed {
        fl!("preflight-title")
    } else {
        fl!("preflight-title-blocked")
    };
    let list = column(problems.iter().map(|p| {
        text(crate::failures::problem(p))
            .size(theme::SMALL_TEXT)
            .into()
    }))
    .spacing(4);
    let buttons = if can_proceed {
        row![next(b), next(b), space().width(Fill), next(b)]
    } else {
        row![space().width(Fill), next(b)]
    };
    column![
        text(title).size(17),
        scrollable(list).height((problems.len() as f32 * 22.0 + 8.0).min(300.0)),
        buttons.spacing(8),
    ]
    .spacing(12)
    .into()
}

fn delete_box<'a>(
    paths: &[std::path::PathBuf],
    b: &mut impl Iterator<Item = Element<'a, Message>>,
) -> Element<'a, Message> {
    let first = paths.first().map(|p| name_of(p)).unwrap_or_default();
    column![
        text(fl!(
            "delete-confirm-title",
            count = paths.len(),
            name = first
        ))
        .size(17),
        text(fl!("delete-confirm-body")),
        row![space().width(Fill), next(b), next(b)].spacing(8),
    ]
    .spacing(12)
    .into()
}
