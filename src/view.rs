//! The window's layout: toolbar on top, Places on the left, the file view (or the Trash
//! view), the job panel, the status bar; menus and the drag ghost float over it, and a
//! dialog over all of it when one is open.

use iced::widget::{Stack, button, column, container, mouse_area, row, rule, text};
use iced::{Center, Element, Fill};

use super::actions::{ActionMsg, NameKind};
use super::app::App;
use super::focus::Part;
use super::i18n::fl;
use super::message::Message;
use super::settings::ViewMode;
use super::theme;
use super::widgets::pointer::pointer;
use super::widgets::{
    details, dialog, entry, icons, jobs, location, notice, overlay, places, status, tabs, trash,
};

pub fn view(app: &App) -> Element<'_, Message> {
    let files: Element<'_, Message> = match app.trash_view() {
        Some(t) => trash::view(t, app.icons()),
        None => {
            let files = match app.notice() {
                Some(text) => notice::view(app, text),
                None => match app.settings().view {
                    ViewMode::Details => details::view(app),
                    ViewMode::Icons => icons::view(app),
                },
            };
            let files =
                mouse_area(files).on_right_press(Message::Action(ActionMsg::ContextMenu(None)));
            match new_folder_bar(app) {
                Some(bar) => column![bar, files].into(),
                None => files.into(),
            }
        }
    };
    let ring = app.focus_ring();
    let files = container(files)
        .width(Fill)
        .height(Fill)
        .padding(if ring == Some(Part::View) { 2 } else { 0 })
        .style(theme::ringed(theme::view_surface, ring == Some(Part::View)));
    let base = column![
        location::toolbar(app),
        rule::horizontal(1).style(rule::weak)
    ]
    .push(tabs::view(app).map(|bar| column![bar, rule::horizontal(1).style(rule::weak)]))
    .push(
        match places::view(app) {
            Some(places) => row![places, rule::vertical(1).style(rule::weak), files],
            None => row![files],
        }
        .height(Fill),
    )
    .push(jobs::view(app).map(|panel| column![rule::horizontal(1).style(rule::weak), panel]))
    .push(rule::horizontal(1).style(rule::weak))
    .push(status::view(app));
    let mut layers = vec![base.into()];
    layers.extend(overlay::layers(app));
    let tracking = app.actions().drag.is_some();
    let window = pointer(Stack::with_children(layers), tracking, |e| {
        Message::Action(ActionMsg::Pointer(e))
    });
    dialog::over(app, window.into())
}

/// The name entry of a new folder, above the list.
fn new_folder_bar(app: &App) -> Option<Element<'_, Message>> {
    let n = app.actions().naming.as_ref()?;
    if n.kind != NameKind::NewFolder {
        return None;
    }
    let act = Message::Action;
    Some(
        container(
            row![
                text(fl!("new-folder-label")),
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
