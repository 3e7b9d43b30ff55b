//! The window's layout: toolbar on top, Places on the left, the file view, the job panel,
//! the status bar; a dialog over all of it when one is open.

use iced::widget::{column, container, row, rule};
use iced::{Element, Fill};

use super::app::App;
use super::message::Message;
use super::settings::ViewMode;
use super::theme;
use super::widgets::{details, dialog, icons, jobs, location, notice, places, status};

pub fn view(app: &App) -> Element<'_, Message> {
    let files: Element<'_, Message> = match app.notice() {
        Some(text) => notice::view(app, text),
        None => match app.settings().view {
            ViewMode::Details => details::view(app),
            ViewMode::Icons => icons::view(app),
        },
    };
    let files = container(files)
        .width(Fill)
        .height(Fill)
        .style(theme::view_surface);
    let base = column![
        location::toolbar(app),
        rule::horizontal(1).style(rule::weak),
        row![
            places::view(app),
            rule::vertical(1).style(rule::weak),
            files
        ]
        .height(Fill),
    ]
    .push(jobs::view(app).map(|panel| column![rule::horizontal(1).style(rule::weak), panel]))
    .push(rule::horizontal(1).style(rule::weak))
    .push(status::view(app));
    dialog::over(app, base.into())
}
