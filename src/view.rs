//! The window's layout: toolbar on top, Places on the left, the file view (or the Trash
//! view), the job panel, the status bar; menus and the drag ghost float over it, and a
//! dialog over all of it when one is open.

use iced::widget::{Stack, button, column, container, mouse_area, row, rule, space, text};
use iced::{Center, Element, Fill};

use super::actions::{ActionMsg, DropTarget, NameKind};
use super::app::App;
use super::focus::Part;
use super::i18n::fl;
use super::message::Message;
use super::pane::Pane;
use super::settings::ViewMode;
use super::theme;
use super::widgets::pointer::pointer;
use super::widgets::{details, entry, icons, location, notice, overlay, tabs, trash};

pub fn view(app: &App) -> Element<'_, Message> {
    let ring = app.focus_ring() == Some(Part::View);
    let panes = app.shown_panes();
    let files: Element<'_, Message> = match panes.as_slice() {
        [left, right] => row![
            split_pane(app, left, ring),
            rule::vertical(1).style(rule::weak),
            split_pane(app, right, ring)
        ]
        .into(),
        _ => container(pane_view(app, app.pane()))
            .width(Fill)
            .height(Fill)
            .padding(if ring { 2 } else { 0 })
            .style(theme::ringed(theme::view_surface, ring))
            .into(),
    };
    // Parts that come and go leave an empty place rather than none, so the parts after
    // them keep their place in the widget tree, and with it their state: the file view
    // keeps its scroll position when the tab bar, Places or the job panel come or go.
    let places = match app.places_view() {
        Some(places) => row![places, rule::vertical(1).style(rule::weak)].into(),
        None => nothing(),
    };
    let base = column![
        location::toolbar(app),
        rule::horizontal(1).style(rule::weak),
        tabs::view(app).map_or_else(nothing, |bar| {
            column![bar, rule::horizontal(1).style(rule::weak)].into()
        }),
        row![places, files].height(Fill),
        app.jobs_view().map_or_else(nothing, |panel| {
            column![rule::horizontal(1).style(rule::weak), panel].into()
        }),
        rule::horizontal(1).style(rule::weak),
        app.status().view(app.pane()),
    ];
    let mut layers = vec![base.into()];
    layers.extend(overlay::layers(app));
    let tracking = app.actions().drag.is_some();
    let window = pointer(Stack::with_children(layers), tracking, |e| {
        Message::Action(ActionMsg::Pointer(e))
    });
    // One stack whatever is open: a dialog is a layer after the window, so the window's
    // widgets keep their state (the file view its scroll position) under it.
    Stack::with_children(std::iter::once(window.into()).chain(app.dialog_view())).into()
}

/// What a pane shows: the Trash view, a notice, or its folder in the view mode.
fn pane_view<'a>(app: &'a App, pane: &'a Pane) -> Element<'a, Message> {
    if let Some(t) = &pane.trash {
        return trash::view(t, app.icons());
    }
    if let Some(s) = &pane.search {
        return crate::widgets::search::view(s, app.icons());
    }
    let files = match pane.notice() {
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
fn split_pane<'a>(app: &'a App, pane: &'a Pane, ring: bool) -> Element<'a, Message> {
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
