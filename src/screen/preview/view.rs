//! The preview drawn over the window: a dimmed backdrop (a click there closes it) and a
//! card with the item large and a line of what it is beneath.

use std::os::unix::ffi::OsStrExt;

use iced::widget::{Column, column, container, image, mouse_area, opaque, scrollable, space, text};
use iced::{Center, Element, Fill, Font, Length};

use super::{Content, Message, Preview, Target, Unshown};
use crate::format;
use crate::i18n::fl;
use crate::icons::{Icon, IconSet, IconSize};
use crate::theme;
use crate::types::Types;
use crate::widgets::dialog::backdrop;
use porpoise_engine::Kind;

/// What the view draws with: the types' words and icons, the icons, the window's size.
pub struct Show<'a> {
    pub types: &'a Types,
    pub icons: &'a IconSet,
    pub window: iced::Size,
}

/// Room kept around the card, and under its content for the line of facts.
pub const MARGIN: f32 = 40.0;
pub const FOOTER: f32 = 64.0;

/// The longest side a picture may take in a window of `window`'s size.
pub fn picture_box(window: iced::Size) -> u32 {
    let w = window.width - 2.0 * MARGIN - 32.0;
    let h = window.height - 2.0 * MARGIN - FOOTER - 32.0;
    w.min(h).max(64.0) as u32
}

impl Preview {
    pub fn view<'a>(&'a self, show: Show<'a>) -> Element<'a, Message> {
        let body = match &self.looked {
            None if self.slow => waiting(fl!("preview-loading")),
            None => space().width(120).height(120).into(),
            Some(looked) => self.content(&looked.content, &show),
        };
        let card = column![body, self.facts_line(&show)]
            .spacing(12)
            .align_x(Center);
        let card = container(card)
            .padding(16)
            .max_width(show.window.width - 2.0 * MARGIN)
            .max_height(show.window.height - 2.0 * MARGIN)
            .style(container::bordered_box);
        let layer = container(opaque(card)).center(Fill).style(backdrop);
        opaque(mouse_area(layer).on_press(Message::Close))
    }

    fn content<'a>(&'a self, content: &'a Content, show: &Show<'a>) -> Element<'a, Message> {
        let side = picture_box(show.window) as f32;
        match content {
            Content::Picture {
                handle,
                width,
                height,
            } => image(handle.clone())
                .width(*width as f32)
                .height(*height as f32)
                .into(),
            Content::Text {
                pieces,
                encoding,
                cut,
            } => {
                let lines = Column::with_children(pieces.iter().map(|p| {
                    text(p.as_str())
                        .font(Font::MONOSPACE)
                        .size(theme::TEXT_SIZE)
                        .into()
                }));
                let encoding = *encoding;
                let note = match cut {
                    true => fl!("preview-text-cut", encoding = encoding),
                    false => fl!("preview-text-encoding", encoding = encoding),
                };
                column![
                    container(scrollable(lines).width(Fill).height(Fill))
                        .width(side)
                        .height(side * 0.75)
                        .padding(8)
                        .style(theme::view_surface),
                    text(note).size(theme::SMALL_TEXT).style(text::secondary),
                ]
                .spacing(6)
                .into()
            }
            Content::Folder => {
                let counted = match &self.usage {
                    None => fl!("preview-counting"),
                    Some(u) => {
                        let t = u.contents();
                        let words = fl!(
                            "preview-folder-value",
                            contents =
                                crate::dialog::properties::contents_words(t.files, t.folders),
                            size = format::size(t.apparent_bytes)
                        );
                        match u.finished {
                            true => words,
                            false => fl!("props-counting", value = words),
                        }
                    }
                };
                column![self.icon(show), text(counted)]
                    .spacing(12)
                    .align_x(Center)
                    .into()
            }
            Content::Plain => self.icon(show),
            Content::Failed(why) => {
                let words = match why {
                    &Unshown::TooLarge { width, height } => {
                        fl!("preview-too-large", width = width, height = height)
                    }
                    Unshown::Damaged => fl!("preview-damaged"),
                    Unshown::Unreadable(why) => fl!("preview-unreadable", why = why.clone()),
                };
                column![self.icon(show), text(words)]
                    .spacing(12)
                    .align_x(Center)
                    .into()
            }
        }
    }

    /// The item's type icon, large.
    fn icon<'a>(&self, show: &Show<'a>) -> Element<'a, Message> {
        let folder = self
            .looked
            .as_ref()
            .is_some_and(|l| matches!(l.content, Content::Folder));
        item_icon(show.types, show.icons, Some(&self.target), folder).view(128.0)
    }

    fn name_bytes(&self) -> &[u8] {
        self.target
            .path
            .file_name()
            .map_or(b"" as &[u8], |n| n.as_bytes())
    }

    /// The name, then type, size and date.
    fn facts_line<'a>(&'a self, show: &Show<'a>) -> Element<'a, Message> {
        let name = text(format::shown_name(self.name_bytes())).size(theme::TEXT_SIZE + 2.0);
        let mut facts: Vec<String> = Vec::new();
        let props = self.looked.as_ref().and_then(|l| l.props.as_ref().ok());
        match props {
            Some(p) if p.kind == Kind::Dir => facts.push(fl!("type-folder")),
            _ => facts.extend(
                self.target
                    .mime
                    .as_ref()
                    .and_then(|m| show.types.description(m)),
            ),
        }
        if let Some(p) = props {
            if p.kind != Kind::Dir {
                facts.push(format::size(p.size));
            }
            facts.push(format::date(p.modified.0));
        }
        column![
            name,
            text(facts.join("  ·  "))
                .size(theme::SMALL_TEXT)
                .style(text::secondary)
        ]
        .spacing(2)
        .align_x(Center)
        .width(Length::Shrink)
        .into()
    }
}

/// The large icon of `target` (none: several items): a folder's, else its type's from the
/// theme, else the one its name suggests.
pub fn item_icon(types: &Types, icons: &IconSet, target: Option<&Target>, folder: bool) -> Icon {
    let themed = target
        .and_then(|t| t.mime.as_ref())
        .filter(|_| !folder)
        .and_then(|m| types.icon(m, IconSize::Large));
    let class = match (folder, target.and_then(|t| t.path.file_name())) {
        (true, _) => format::FileClass::Folder,
        (false, Some(name)) => format::classify_name(name.as_bytes()),
        (false, None) => format::FileClass::Other,
    };
    themed
        .cloned()
        .unwrap_or_else(|| icons.for_class(class, IconSize::Large))
}

/// Words in place of the content while it is read.
fn waiting<'a>(words: String) -> Element<'a, Message> {
    container(text(words).style(text::secondary))
        .center(Length::Fixed(240.0))
        .into()
}
