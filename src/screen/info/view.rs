//! The information panel drawn: the picture or icon on top, then the facts as label and
//! value, one pair a line.

use std::os::unix::ffi::OsStrExt;

use iced::widget::{Column, column, container, image, scrollable, text};
use iced::{Center, Element, Fill};

use super::{Info, Message, Subject};
use crate::format;
use crate::i18n::fl;
use crate::icons::IconSet;
use crate::screen::preview::{Content, Looked, Target};
use crate::theme;
use crate::types::Types;
use porpoise_engine::Kind;

/// The panel's width.
pub const WIDTH: f32 = 260.0;

/// What the view draws with.
pub struct Show<'a> {
    pub types: &'a Types,
    pub icons: &'a IconSet,
}

impl Info {
    pub fn view<'a>(&'a self, show: Show<'a>) -> Element<'a, Message> {
        let body: Element<'a, Message> = match self.subject.as_ref() {
            None => column![].into(),
            Some(&Subject::Several { count, bytes }) => column![
                big_icon(&show, None, false),
                text(fl!("info-selected", count = count)).size(theme::TEXT_SIZE + 1.0),
                fact(fl!("info-total"), format::size(bytes)),
            ]
            .spacing(10)
            .align_x(Center)
            .into(),
            Some(Subject::One(target)) => one(target, self.looked.as_ref(), &show),
        };
        container(scrollable(container(body).padding(12).width(Fill)))
            .width(WIDTH)
            .height(Fill)
            .into()
    }
}

fn one<'a>(
    target: &'a Target,
    looked: Option<&'a Looked>,
    show: &Show<'a>,
) -> Element<'a, Message> {
    let props = looked.and_then(|l| l.props.as_ref().ok());
    let folder = props.is_some_and(|p| p.kind == Kind::Dir);
    let top: Element<'a, Message> = match looked.map(|l| &l.content) {
        Some(Content::Picture {
            handle,
            width,
            height,
        }) => image(handle.clone())
            .width(*width as f32)
            .height(*height as f32)
            .into(),
        _ => big_icon(show, Some(target), folder),
    };
    let name = target
        .path
        .file_name()
        .map(|n| format::shown_name(n.as_bytes()))
        .unwrap_or_else(|| target.path.display().to_string());
    let mut facts = Column::new().spacing(6).width(Fill);
    let kind = match folder {
        true => Some(fl!("type-folder")),
        false => target.mime.as_ref().and_then(|m| show.types.description(m)),
    };
    if let Some(kind) = kind {
        facts = facts.push(fact(fl!("props-type"), kind));
    }
    if let Some(p) = props {
        if !folder {
            facts = facts.push(fact(fl!("props-size"), format::size(p.size)));
        }
        facts = facts.push(fact(fl!("props-modified"), format::date(p.modified.0)));
        facts = facts.push(fact(fl!("props-accessed"), format::date(p.accessed.0)));
        if let Some(created) = p.created {
            facts = facts.push(fact(fl!("props-created"), format::date(created.0)));
        }
        let owner = p.owner.clone().unwrap_or_else(|| p.uid.to_string());
        facts = facts.push(fact(fl!("props-owner"), owner));
        facts = facts.push(fact(fl!("info-permissions"), format::permissions(p.mode)));
    }
    if let Some(f) = looked.and_then(|l| l.facts.as_ref()) {
        if let Some((w, h)) = f.size {
            facts = facts.push(fact(
                fl!("info-dimensions"),
                fl!("info-dimensions-value", width = w, height = h),
            ));
        }
        if let Some(camera) = &f.camera {
            facts = facts.push(fact(fl!("info-camera"), camera.clone()));
        }
        if let Some(taken) = &f.taken {
            facts = facts.push(fact(fl!("info-taken"), taken.clone()));
        }
    }
    if let Some(e) = looked.and_then(|l| l.props.as_ref().err()) {
        facts = facts.push(text(crate::failures::why(e)).style(text::danger));
    }
    column![
        container(top).center_x(Fill),
        text(name)
            .size(theme::TEXT_SIZE + 1.0)
            .width(Fill)
            .align_x(Center),
        facts,
    ]
    .spacing(10)
    .into()
}

/// A label above its value.
fn fact<'a>(label: String, value: String) -> Element<'a, Message> {
    column![
        text(label).size(theme::SMALL_TEXT).style(text::secondary),
        text(value),
    ]
    .spacing(1)
    .width(Fill)
    .into()
}

/// The item's type icon, large (a folder's, or several items').
fn big_icon<'a>(show: &Show<'a>, target: Option<&Target>, folder: bool) -> Element<'a, Message> {
    crate::screen::preview::item_icon(show.types, show.icons, target, folder).view(96.0)
}
