//! The browser's views: the toolbar with the location bar, the tab bar, the panes (one,
//! or two side by side), each showing its folder in the details or icons view, the Trash
//! view, search results or a notice; and what floats over them (the menus, the drop menu,
//! the Trash view's questions). They draw from [`Show`]: the browser, and what the window
//! around it says of the look.

pub mod cells;
pub mod details;
pub mod entry;
pub mod folder_view;
pub mod icons;
pub mod item_list;
pub mod location;
pub mod new_file_menu;
pub mod notice;
pub mod overlay;
pub mod search;
pub mod tabs;
pub mod trash;

use iced::widget::{button, column, container, mouse_area, row, rule, space, text};
use iced::{Center, Element, Fill};

use super::pane::Pane;
use super::tab::TabPanes;
use super::{Browser, Message};
use crate::actions::{ActionMsg, DropTarget, NameKind};
use crate::focus::Part;
use crate::i18n::fl;
use crate::icons::{Icon, IconSet, IconSize};
use crate::settings::{Settings, ViewMode};
use crate::theme;
use crate::types::Types;
use porpoise_engine::entry::Entry;

/// What the window around the browser says of its look.
#[derive(Clone, Copy)]
pub struct Look<'a> {
    pub settings: &'a Settings,
    pub icons: &'a IconSet,
    pub types: &'a Types,
    pub thumbs: &'a crate::thumbs::Thumbs,
    /// The home folder (the location bar names it).
    pub home: &'a std::path::Path,
    /// The part of the window with the keyboard, when a key moved it there (it wears a
    /// ring).
    pub ring: Option<Part>,
    /// Ctrl is held (a wheel turn over the icons view zooms).
    pub ctrl: bool,
    /// The target under the pointer, if any.
    pub hover: Option<&'a DropTarget>,
    /// The target a drag would drop on now, if any (it is highlighted).
    pub drop_hover: Option<&'a DropTarget>,
}

/// What the browser's views draw from.
#[derive(Clone, Copy)]
pub struct Show<'a> {
    pub browser: &'a Browser,
    pub look: Look<'a>,
}

/// The browser's parts as the window lays them out.
pub struct Parts<'a> {
    pub toolbar: Element<'a, Message>,
    /// The tab bar, while there is more than one tab.
    pub tab_bar: Option<Element<'a, Message>>,
    /// The panes.
    pub files: Element<'a, Message>,
    /// What floats over the window, bottom first.
    pub layers: Vec<Element<'a, Message>>,
}

impl Browser {
    /// The browser's parts under `look`.
    pub fn view<'a>(&'a self, look: Look<'a>) -> Parts<'a> {
        let show = Show {
            browser: self,
            look,
        };
        Parts {
            toolbar: location::toolbar(show),
            tab_bar: tabs::view(show),
            files: files(show),
            layers: overlay::layers(show),
        }
    }
}

impl<'a> Show<'a> {
    pub fn settings(&self) -> &'a Settings {
        self.look.settings
    }

    pub fn icons(&self) -> &'a IconSet {
        self.look.icons
    }

    pub fn home(&self) -> &'a std::path::Path {
        self.look.home
    }

    /// The pane with the keyboard.
    pub fn pane(&self) -> &'a Pane {
        &self.browser.pane
    }

    /// In split view, the pane beside the one with the keyboard.
    pub fn beside(&self) -> Option<&'a Pane> {
        self.browser.beside()
    }

    /// `pane` is the one with the keyboard.
    pub fn is_focused(&self, pane: &Pane) -> bool {
        self.browser.is_focused(pane)
    }

    /// The shown panes from left to right (one without split view).
    pub fn shown_panes(&self) -> Vec<&'a Pane> {
        self.browser.shown_panes()
    }

    /// The part of the window with the keyboard, when a key moved it there.
    pub fn focus_ring(&self) -> Option<Part> {
        self.look.ring
    }

    /// Whether a drag would drop on `target` now.
    pub fn is_drop_hover(&self, target: &DropTarget) -> bool {
        self.look.drop_hover == Some(target)
    }

    /// Ctrl is held.
    pub fn ctrl_held(&self) -> bool {
        self.look.ctrl
    }

    pub fn tab_count(&self) -> usize {
        self.browser.tab_count()
    }

    pub fn shown_tab(&self) -> usize {
        self.browser.shown_tab()
    }

    pub fn tab_list(&self) -> Vec<TabPanes<'a>> {
        self.browser.tab_list()
    }

    /// The width of a pane's file view now.
    pub fn files_width(&self) -> f32 {
        self.browser.files_width(self.look.settings)
    }

    /// The details view's chosen columns that fit beside the name now, and their widths.
    pub fn detail_columns(&self) -> crate::layout::Columns {
        let s = self.look.settings;
        crate::layout::Columns::fitting(self.files_width(), &s.columns, &s.column_widths)
    }

    /// How far `pane`'s view is scrolled, and how far it can be.
    pub fn scroll_range(&self, pane: &Pane) -> (f32, f32) {
        super::band::scroll_range(pane, self.look.settings)
    }

    /// The Type column of an entry of `pane`: the window's own word for folders and links
    /// whose target is gone, else its type's description once told (nothing before).
    pub fn type_text(&self, pane: &Pane, entry: &Entry, name: &[u8]) -> String {
        type_text(self.look.types, pane, entry, name)
    }

    /// The icon of an entry of `pane`: its thumbnail once made, else its type's icon in
    /// the desktop's theme once told, else the icon of what its name suggests.
    pub fn entry_icon(&self, pane: &Pane, entry: &Entry, name: &[u8], size: IconSize) -> Icon {
        if let Some(picture) = self.thumbnail(pane, entry, name) {
            return Icon::Raster(picture);
        }
        let themed = pane
            .types()
            .of(name)
            .and_then(|m| self.look.types.icon(m, size));
        match themed {
            Some(icon) if !entry.is_broken_link() => icon.clone(),
            _ => self
                .look
                .icons
                .for_class(crate::format::classify(entry, name), size),
        }
    }

    /// The picture of `pane`'s entry `name`, once its thumbnail came.
    fn thumbnail(
        &self,
        pane: &Pane,
        entry: &Entry,
        name: &[u8],
    ) -> Option<iced::widget::image::Handle> {
        use std::os::unix::ffi::OsStrExt;
        if !crate::thumbs::shows_a_file(entry) {
            return None;
        }
        let path = pane.path().join(std::ffi::OsStr::from_bytes(name));
        self.look.thumbs.picture(&path, entry.mtime_sec).cloned()
    }
}

/// The Type column of an entry of `pane` as the `types` the window knows describe it: the
/// window's own word for folders and links whose target is gone, else its type's
/// description once told (nothing before).
pub fn type_text(types: &Types, pane: &Pane, entry: &Entry, name: &[u8]) -> String {
    use crate::format::FileClass;
    match crate::format::classify(entry, name) {
        FileClass::Folder => fl!("type-folder"),
        FileClass::BrokenLink => fl!("type-broken-link"),
        _ => pane
            .types()
            .of(name)
            .and_then(|m| types.description(m))
            .unwrap_or_default(),
    }
}

/// The panes: one, or two side by side with a rule between.
fn files(show: Show<'_>) -> Element<'_, Message> {
    let ring = show.focus_ring() == Some(Part::View);
    let panes = show.shown_panes();
    match panes.as_slice() {
        [left, right] => row![
            split_pane(show, left, ring),
            rule::vertical(1).style(rule::weak),
            split_pane(show, right, ring)
        ]
        .into(),
        _ => container(pane_view(show, show.pane()))
            .width(Fill)
            .height(Fill)
            .padding(if ring { 2 } else { 0 })
            .style(theme::ringed(theme::view_surface, ring))
            .into(),
    }
}

/// What a pane shows: the Trash view, a notice, or its folder in the view mode.
fn pane_view<'a>(app: Show<'a>, pane: &'a Pane) -> Element<'a, Message> {
    if let Some(t) = pane.trash_view() {
        return trash::view(t, app.icons(), app.browser.remote());
    }
    if let Some(s) = pane.search() {
        return search::view(s, app.icons(), app.browser.remote());
    }
    let files = match pane.notice(app.browser.remote()) {
        Some(text) => notice::view(pane, text),
        None => match app.settings().view {
            ViewMode::Details => details::view(app, pane),
            ViewMode::Icons => icons::view(app, pane),
        },
    };
    let files = mouse_area(files).on_right_press(Message::Action(ActionMsg::ContextMenu(None)));
    // The bar's place stays when it is gone: the view keeps its scroll position.
    column![new_folder_bar(pane).unwrap_or_else(nothing), files].into()
}

/// An empty place where a part of the window is not shown.
fn nothing<'a>() -> Element<'a, Message> {
    space().into()
}

/// A pane of split view: its own location bar above its view, marked while it has the
/// keyboard. The other pane's messages are sent as its own (a click there gives it the
/// keyboard), and the other pane as a whole is where files dragged onto it go.
fn split_pane<'a>(app: Show<'a>, pane: &'a Pane, ring: bool) -> Element<'a, Message> {
    let focused = app.is_focused(pane);
    let body = column![
        location::pane_bar(app, pane),
        rule::horizontal(1).style(rule::weak),
        pane_view(app, pane)
    ];
    let body = container(body)
        .width(Fill)
        .height(Fill)
        .padding(if focused && ring { 2 } else { 0 })
        .style(theme::ringed(theme::view_surface, focused && ring));
    if focused {
        return body.into();
    }
    let target = DropTarget::Place(pane.path().to_owned());
    let body: Element<'a, Message> = mouse_area(body)
        .on_release(Message::Action(ActionMsg::ReleasedOn(target.clone())))
        .on_enter(Message::Action(ActionMsg::Hover(target.clone())))
        .on_exit(Message::Action(ActionMsg::Unhover(target)))
        .into();
    body.map(|m| Message::Beside(Box::new(m)))
}

/// The name entry of a new folder or file, above the list.
fn new_folder_bar(pane: &Pane) -> Option<Element<'_, Message>> {
    let n = pane.naming()?;
    let label = match n.kind {
        NameKind::NewFolder => fl!("new-folder-label"),
        NameKind::NewFile(_) => fl!("new-file-label"),
        NameKind::Rename(_) => return None,
    };
    let act = Message::Action;
    Some(
        container(
            row![
                text(label),
                container(entry::name_input(&n.text, theme::TEXT_SIZE)).width(320),
                button(text(fl!("new-folder-create")))
                    .on_press_maybe((!n.busy).then_some(act(ActionMsg::NameSubmit))),
                button(text(fl!("dialog-cancel")))
                    .on_press(act(ActionMsg::NameCancel))
                    .style(button::secondary),
            ]
            .spacing(10)
            .align_y(Center),
        )
        .padding([6, 12])
        .width(Fill)
        .style(theme::side_panel)
        .into(),
    )
}
