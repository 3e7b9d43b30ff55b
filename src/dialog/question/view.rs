//! A question over the window (a conflict, pre-flight problems, delete for good, a broken
//! link opened): the box
//! with the question, its details and its buttons, the highlighted one ringed.

use iced::widget::{button, checkbox, column, row, scrollable, space, text, text_input};
use iced::{Element, Fill};

use super::{Ask, Message, Question, Reply};
use crate::dialog::unlock::Passphrase;
use crate::format;
use crate::format::name_of;
use crate::i18n::fl;
use crate::theme;
use crate::widgets::dialog::boxed;
use porpoise_engine::jobs::conflict::Choice;
use porpoise_engine::jobs::events::Conflict;
use porpoise_engine::jobs::preflight::{PreflightChoice, Problem};

impl Question {
    /// The question as a layer over the window; `waiting`: how many more wait behind it.
    pub fn view(&self, waiting: usize) -> Element<'_, Message> {
        let mut buttons = buttons(self).into_iter();
        let body = match &self.ask {
            Ask::Conflict {
                conflict,
                folder,
                for_all,
                new_name,
                ..
            } => {
                let named = NameField {
                    text: new_name,
                    refused: self.typed_name() == Some(None),
                };
                conflict_box(conflict, folder, *for_all, named, waiting, &mut buttons)
            }
            Ask::Preflight {
                problems,
                can_proceed,
                ..
            } => preflight_box(problems, *can_proceed, &mut buttons),
            Ask::Password {
                archive,
                wrong,
                typed,
                ..
            } => password_box(archive, *wrong, typed, &mut buttons),
            Ask::ConfirmDelete { paths, no_trash } => delete_box(paths, no_trash, &mut buttons),
            Ask::BrokenLink { link } => broken_link_box(link, &mut buttons),
        };
        boxed(body, 560.0)
    }
}

impl Question {
    /// What it asks, in one line (its title), and what it says under it.
    pub fn headline(&self) -> (String, String) {
        match &self.ask {
            Ask::Conflict {
                conflict, folder, ..
            } => (conflict_title(conflict, folder), String::new()),
            Ask::Preflight {
                problems,
                can_proceed,
                ..
            } => (
                preflight_title(*can_proceed),
                problems
                    .iter()
                    .map(crate::failures::problem)
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
            Ask::Password { archive, wrong, .. } => (
                fl!("password-title", name = name_of(archive)),
                match wrong {
                    true => fl!("password-wrong"),
                    false => String::new(),
                },
            ),
            Ask::ConfirmDelete { paths, no_trash } => (delete_title(paths), delete_body(no_trash)),
            Ask::BrokenLink { link } => (
                fl!("broken-link-title", name = name_of(link)),
                fl!("broken-link-body"),
            ),
        }
    }

    /// Its buttons in [`Question::replies`] order: each one's words and what it sends
    /// (`None`: it cannot be pressed now).
    pub fn button_labels(&self) -> Vec<(String, Option<Message>)> {
        let (replies, _) = self.replies();
        replies
            .into_iter()
            .map(|reply| {
                let refused =
                    reply == Reply::Conflict(Choice::Rename) && self.typed_name() == Some(None);
                (
                    label(reply, self).0,
                    (!refused).then_some(Message::Reply(reply)),
                )
            })
            .collect()
    }
}

/// The question's buttons in [`Question::replies`] order, the highlighted one ringed.
fn buttons<'a>(q: &Question) -> Vec<Element<'a, Message>> {
    let (replies, _) = q.replies();
    let focused = q.highlighted();
    replies
        .into_iter()
        .enumerate()
        .map(|(i, reply)| {
            let (label, tone) = label(reply, q);
            let ring = focused == i;
            // "Rename" waits for a name a folder can hold.
            let refused = reply == Reply::Conflict(Choice::Rename) && q.typed_name() == Some(None);
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
                .on_press_maybe((!refused).then_some(Message::Reply(reply)))
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
fn label(reply: Reply, q: &Question) -> (String, Tone) {
    use Tone::*;
    let ask = &q.ask;
    match reply {
        Reply::Conflict(Choice::Rename) if q.typed_name().is_some() => {
            (fl!("conflict-rename-to"), Primary)
        }
        Reply::Conflict(Choice::Merge) => (fl!("conflict-merge"), Primary),
        Reply::Conflict(Choice::Overwrite) => (fl!("conflict-overwrite"), Secondary),
        Reply::Conflict(Choice::OverwriteIfOlder) => (fl!("conflict-overwrite-older"), Secondary),
        Reply::Conflict(Choice::Skip) => (fl!("conflict-skip"), Secondary),
        Reply::Conflict(Choice::Rename) if matches!(ask, Ask::Conflict { conflict, .. } if conflict.target_is_dir) => {
            (fl!("conflict-rename"), Secondary)
        }
        Reply::Conflict(Choice::Rename) => (fl!("conflict-rename"), Primary),
        Reply::Conflict(Choice::Cancel) => (fl!("conflict-cancel"), Secondary),
        Reply::Preflight(PreflightChoice::ReplaceCharacters) => (fl!("preflight-replace"), Primary),
        Reply::Preflight(PreflightChoice::SkipThem) => (fl!("preflight-skip"), Secondary),
        Reply::Preflight(PreflightChoice::Cancel) => (fl!("preflight-cancel"), Secondary),
        Reply::Password if matches!(ask, Ask::Password { job: None, .. }) => {
            (fl!("password-open"), Primary)
        }
        Reply::Password => (fl!("password-extract"), Primary),
        Reply::Delete => (fl!("delete-confirm-delete"), Danger),
        Reply::Trash => (fl!("broken-link-trash"), Primary),
        // Closing: "Close" under a notice, "Cancel" under a question.
        Reply::Close if matches!(ask, Ask::Preflight { .. }) => (fl!("preflight-close"), Primary),
        Reply::Close => (fl!("delete-confirm-cancel"), Secondary),
    }
}

/// The next button of `buttons`, or nothing.
fn next<'a>(buttons: &mut impl Iterator<Item = Element<'a, Message>>) -> Element<'a, Message> {
    buttons.next().unwrap_or_else(|| space().into())
}

/// The conflict's name field as it is shown.
struct NameField<'a> {
    text: &'a str,
    /// What is typed cannot be a name.
    refused: bool,
}

/// "New name:" and its field; Enter in it renames to what is typed. A name that cannot
/// be taken says why below it.
fn name_field<'a>(named: NameField<'a>) -> Element<'a, Message> {
    let field = row![
        text(fl!("conflict-new-name")),
        text_input("", named.text)
            .id(super::NAME_FIELD)
            .on_input(Message::NewName)
            .on_submit(Message::Reply(Reply::Conflict(Choice::Rename)))
            .padding(6),
    ]
    .spacing(8)
    .align_y(iced::Alignment::Center);
    if named.refused {
        column![
            field,
            text(fl!("conflict-name-refused"))
                .size(theme::SMALL_TEXT)
                .style(theme::muted),
        ]
        .spacing(4)
        .into()
    } else {
        field.into()
    }
}

/// What a conflict asks, in one line.
fn conflict_title(c: &Conflict, dest: &str) -> String {
    let item = name_of(&c.target);
    if c.source_is_dir && c.target_is_dir {
        fl!("conflict-title-merge", name = item, folder = dest)
    } else if c.source_is_dir {
        fl!("conflict-title-folder", name = item, folder = dest)
    } else {
        fl!("conflict-title", name = item, folder = dest)
    }
}

fn conflict_box<'a>(
    c: &Conflict,
    dest: &str,
    for_all: bool,
    named: NameField<'a>,
    waiting: usize,
    b: &mut impl Iterator<Item = Element<'a, Message>>,
) -> Element<'a, Message> {
    let title = conflict_title(c, dest);
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
    let merging = c.target_is_dir && c.source_is_dir;
    let details = if merging {
        column![text(fl!("conflict-merge-body"))]
    } else {
        column![text(existing), text(incoming)]
    };
    // Every button but Cancel in a row, Cancel on its own at the end.
    let leading = if merging { 3 } else { 4 };
    let mut col = column![
        text(title).size(17),
        details.spacing(12),
        name_field(named),
        checkbox(for_all)
            .label(fl!("conflict-apply-all"))
            .on_toggle(Message::ApplyToAll),
        iced::widget::Row::with_children((0..leading).map(|_| next(b)))
            .spacing(8)
            .wrap(),
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

fn preflight_title(can_proceed: bool) -> String {
    match can_proceed {
        true => fl!("preflight-title"),
        false => fl!("preflight-title-blocked"),
    }
}

fn preflight_box<'a>(
    problems: &[Problem],
    can_proceed: bool,
    b: &mut impl Iterator<Item = Element<'a, Message>>,
) -> Element<'a, Message> {
    let title = preflight_title(can_proceed);
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

/// "“x.zip” is protected by a password", its field (Enter extracts), and Cancel or
/// Extract; a wrong password says so above the field.
fn password_box<'a>(
    archive: &std::path::Path,
    wrong: bool,
    typed: &Passphrase,
    b: &mut impl Iterator<Item = Element<'a, Message>>,
) -> Element<'a, Message> {
    let mut col = column![text(fl!("password-title", name = name_of(archive))).size(17)];
    if wrong {
        col = col.push(text(fl!("password-wrong")).style(theme::error_text));
    }
    let field = text_input(&fl!("password-placeholder"), typed.expose())
        .id(super::PASSWORD_FIELD)
        .secure(true)
        .on_input(|t| Message::Password(Passphrase::new(t)))
        .on_submit(Message::Reply(Reply::Password))
        .padding(6);
    col.push(field)
        .push(row![space().width(Fill), next(b), next(b)].spacing(8))
        .spacing(12)
        .into()
}

/// "The link “x” is broken", why it cannot open, and Cancel or Move to Trash.
fn broken_link_box<'a>(
    link: &std::path::Path,
    b: &mut impl Iterator<Item = Element<'a, Message>>,
) -> Element<'a, Message> {
    column![
        text(fl!("broken-link-title", name = name_of(link))).size(17),
        text(fl!("broken-link-body")),
        row![space().width(Fill), next(b), next(b)].spacing(8),
    ]
    .spacing(12)
    .into()
}

fn delete_title(paths: &[std::path::PathBuf]) -> String {
    let first = paths.first().map(|p| name_of(p)).unwrap_or_default();
    fl!("delete-confirm-title", count = paths.len(), name = first)
}

/// "This cannot be undone.", after why, when the place keeps no trash.
fn delete_body(no_trash: &Option<String>) -> String {
    match no_trash {
        Some(place) => fl!("delete-no-trash-body", place = place.clone()),
        None => fl!("delete-confirm-body"),
    }
}

fn delete_box<'a>(
    paths: &[std::path::PathBuf],
    no_trash: &Option<String>,
    b: &mut impl Iterator<Item = Element<'a, Message>>,
) -> Element<'a, Message> {
    column![
        text(delete_title(paths)).size(17),
        text(delete_body(no_trash)),
        row![space().width(Fill), next(b), next(b)].spacing(8),
    ]
    .spacing(12)
    .into()
}
