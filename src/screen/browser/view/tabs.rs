//! The tab bar, while there is more than one tab: each tab shows its folder's name
//! (shortened to fit, the whole path in a tooltip) and a close button, the shown one is
//! marked. A click shows a tab, a middle-click closes it, a press dragged onto another tab
//! moves it there, and files dragged onto a tab drop into its folder.

use iced::widget::{Row, container, mouse_area, row, tooltip};
use iced::{Center, Element, Fill};

use super::Show;
use crate::actions::{ActionMsg, DropTarget};
use crate::i18n::fl;
use crate::screen::browser::Message;
use crate::screen::browser::pane::Pane;
use crate::screen::browser::tab::{TAB_BAR_HEIGHT, TabPanes};
use crate::screen::browser::tabs::TabMsg;
use crate::theme;
use crate::widgets::close::close_button;
use crate::widgets::elided::elided;
use crate::widgets::tip::{BUTTON_DELAY, tip};

/// The widest a tab grows; with many tabs they share the bar.
const TAB_WIDTH: f32 = 220.0;

/// The bar, or nothing while there is one tab.
pub fn view(app: Show<'_>) -> Option<Element<'_, Message>> {
    if app.tab_count() < 2 {
        return None;
    }
    let shown = app.shown_tab();
    // Each as wide as it may be, all of them sharing the bar when there are many.
    let room = app.settings().window_width - 12.0;
    let width = (room / app.tab_count() as f32 - 2.0).clamp(60.0, TAB_WIDTH);
    let tabs = app
        .tab_list()
        .into_iter()
        .enumerate()
        .map(|(at, panes)| tab(app, at, panes, at == shown, width));
    let bar = Row::with_children(tabs)
        .spacing(2)
        .padding([3, 6])
        .align_y(Center);
    Some(
        container(bar)
            .width(Fill)
            .height(TAB_BAR_HEIGHT)
            .style(theme::side_panel)
            .into(),
    )
}

/// The name a tab shows for a pane of it (a remote place's root by its share and server).
pub fn label(browser: &crate::screen::browser::Browser, pane: &Pane) -> String {
    if pane.in_trash() {
        fl!("place-trash")
    } else {
        browser.remote().folder_name(pane.path())
    }
}

fn tab<'a>(
    app: Show<'_>,
    at: usize,
    panes: TabPanes<'_>,
    shown: bool,
    width: f32,
) -> Element<'a, Message> {
    // A split tab names both its folders, as they stand.
    let name = panes
        .left_to_right()
        .map(|p| label(app.browser, p))
        .collect::<Vec<_>>()
        .join(" | ");
    let remote = app.browser.remote();
    let path = panes
        .left_to_right()
        .map(|p| remote.text_of(p.path()))
        .collect::<Vec<_>>()
        .join("\n");
    let target = DropTarget::Tab(at);
    let marked = shown || app.is_drop_hover(&target);
    let close = close_button(Message::Tab(TabMsg::Close(Some(at))), 4, None);
    let name = container(elided(name, theme::TEXT_SIZE))
        .width(Fill)
        .clip(true);
    let body = container(row![name, close].spacing(4).align_y(Center))
        .padding(iced::Padding {
            top: 2.0,
            right: 4.0,
            bottom: 2.0,
            left: 10.0,
        })
        .width(width)
        .style(move |theme: &iced::Theme| {
            let look = theme::flat_button(marked)(theme, iced::widget::button::Status::Active);
            container::Style {
                background: look.background,
                text_color: Some(look.text_color),
                border: look.border,
                ..container::Style::default()
            }
        });
    let body = mouse_area(body)
        .on_press(Message::Tab(TabMsg::Pressed(at)))
        .on_middle_press(Message::Tab(TabMsg::Close(Some(at))))
        .on_release(Message::Action(ActionMsg::ReleasedOn(target.clone())))
        .on_enter(Message::Action(ActionMsg::Hover(target.clone())))
        .on_exit(Message::Action(ActionMsg::Unhover(target)));
    tip(body, path, tooltip::Position::Bottom)
        .delay(BUTTON_DELAY)
        .into()
}
