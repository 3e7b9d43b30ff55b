//! The toolbar: back, forward, up and reload; the location bar (a breadcrumb of clickable
//! folders, or a text input after Ctrl+L); hidden files, the view-mode toggle, the
//! filter box with its toggle, and the main menu's button.

use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use iced::widget::{
    Space, button, container, mouse_area, row, scrollable, space, svg, text, text_input, tooltip,
};
use iced::{Center, Element, Fill, Length};

use super::Show;
use crate::actions::ActionMsg;
use crate::i18n::fl;
use crate::icons;
use crate::screen::browser::Message;
use crate::screen::browser::pane::FILTER_INPUT;
use crate::screen::browser::pane::Pane;
use crate::screen::browser::pane::PaneMsg;
use crate::settings::ViewMode;
use crate::theme;
use crate::widgets::close::close_button;
use crate::widgets::tip;

/// Ids of the toolbar buttons (tests click them by id).
pub const BACK: &str = "porpoise-back";
pub const FORWARD: &str = "porpoise-forward";
pub const UP: &str = "porpoise-up";
pub const RELOAD: &str = "porpoise-reload";
pub const HIDDEN: &str = "porpoise-hidden";
pub const DETAILS: &str = "porpoise-details";
pub const ICONS: &str = "porpoise-icons";
pub const FILTER: &str = "porpoise-filter-toggle";
pub const MENU: &str = "porpoise-main-menu";
/// The id of the location bar in the toolbar (its bounds go to screen readers).
pub const LOCATION: &str = "porpoise-location";

/// Width of the filter box.
const FILTER_WIDTH: f32 = 220.0;

/// A toolbar button: what it shows, says and does.
pub struct Tool {
    pub id: &'static str,
    pub icon: &'static iced::widget::svg::Handle,
    /// Its tooltip, and its name to a screen reader.
    pub tip: String,
    /// What a press sends; `None`: it is disabled.
    pub on_press: Option<Message>,
    /// A toggle that is on, or the view shown.
    pub active: bool,
    /// It is a toggle (on or off) rather than a plain button.
    pub toggle: bool,
}

/// The toolbar's buttons in the order drawn: back, forward, up, reload (before the
/// location bar); hidden files, details, icons (after it); the filter's toggle, the main
/// menu.
pub fn tools(app: Show<'_>) -> [Tool; 9] {
    let h = &app.pane().history();
    let up = app.pane().path().parent().is_some();
    let view = app.settings().view;
    let tool = |id, icon, tip, on_press, active, toggle| Tool {
        id,
        icon,
        tip,
        on_press,
        active,
        toggle,
    };
    [
        tool(
            BACK,
            &*icons::GO_BACK,
            fl!("tooltip-back"),
            h.can_go_back().then_some(Message::Pane(PaneMsg::Back)),
            false,
            false,
        ),
        tool(
            FORWARD,
            &*icons::GO_FORWARD,
            fl!("tooltip-forward"),
            h.can_go_forward()
                .then_some(Message::Pane(PaneMsg::Forward)),
            false,
            false,
        ),
        tool(
            UP,
            &*icons::GO_UP,
            fl!("tooltip-up"),
            up.then_some(Message::Pane(PaneMsg::Up)),
            false,
            false,
        ),
        tool(
            RELOAD,
            &*icons::RELOAD,
            fl!("tooltip-reload"),
            Some(Message::Pane(PaneMsg::Reload)),
            false,
            false,
        ),
        tool(
            HIDDEN,
            &*icons::HIDDEN,
            fl!("tooltip-hidden"),
            Some(Message::ToggleHidden),
            app.settings().show_hidden,
            true,
        ),
        tool(
            DETAILS,
            &*icons::VIEW_DETAILS,
            fl!("tooltip-details"),
            Some(Message::SetView(ViewMode::Details)),
            view == ViewMode::Details,
            true,
        ),
        tool(
            ICONS,
            &*icons::VIEW_ICONS,
            fl!("tooltip-icons"),
            Some(Message::SetView(ViewMode::Icons)),
            view == ViewMode::Icons,
            true,
        ),
        tool(
            FILTER,
            &*icons::FILTER,
            fl!("tooltip-filter"),
            Some(Message::Pane(PaneMsg::ToggleFilter)),
            app.pane().filter().is_some(),
            true,
        ),
        tool(
            MENU,
            &*icons::MENU,
            fl!("tooltip-menu"),
            Some(Message::Action(ActionMsg::MainMenu)),
            app.pane().menu().is_some_and(|m| m.is_main()),
            false,
        ),
    ]
}

pub fn toolbar(app: Show<'_>) -> Element<'_, Message> {
    let [
        back,
        forward,
        up,
        reload,
        hidden,
        details,
        icons,
        filter,
        menu,
    ] = tools(app);
    let mut bar = row![
        tool(back),
        tool(forward),
        tool(up),
        tool(reload),
        space().width(6),
        // In split view each pane has its own location bar.
        match app.beside() {
            Some(_) => space().width(Fill).into(),
            None => Element::from(container(location(app, app.pane())).id(LOCATION)),
        },
        space().width(6),
        tool(hidden),
        tool(details),
        tool(icons),
    ]
    .spacing(2)
    .align_y(Center);
    if let Some(typed) = app.pane().filter() {
        bar = bar.push(space().width(6)).push(
            text_input(&fl!("filter-placeholder"), typed)
                .id(FILTER_INPUT)
                .on_input(|x| Message::Pane(PaneMsg::FilterInput(x)))
                .padding([6, 10])
                .width(FILTER_WIDTH),
        );
    }
    bar = bar.push(tool(filter));
    // The main menu's button is on the keyboard's round (Tab): it wears the ring there.
    let ring = app.focus_ring() == Some(crate::focus::Part::Menu);
    bar = bar.push(container(tool(menu)).style(theme::ringed(container::transparent, ring)));
    container(bar)
        .padding([6, 8])
        .width(Fill)
        .style(theme::side_panel)
        .into()
}

/// A flat toolbar button with a symbol and a tooltip; `None` disables it.
fn tool<'a>(t: Tool) -> Element<'a, Message> {
    let enabled = t.on_press.is_some();
    let b = button(
        svg(t.icon.clone())
            .width(16)
            .height(16)
            .style(theme::symbol(enabled)),
    )
    .padding(7)
    .on_press_maybe(t.on_press)
    .style(theme::flat_button(t.active));
    tip::tip(
        container(b).id(t.id),
        t.tip,
        // The main menu opens below its button: its tooltip goes to the left.
        if t.id == MENU {
            tooltip::Position::Left
        } else {
            tooltip::Position::Bottom
        },
    )
    .delay(tip::BUTTON_DELAY)
    .into()
}

/// A pane's own bar in split view: its location, and a button that closes the pane
/// (the other stays). The bar of the pane with the keyboard is marked.
pub fn pane_bar<'a>(app: Show<'a>, pane: &'a Pane) -> Element<'a, Message> {
    let left = app
        .shown_panes()
        .first()
        .is_some_and(|p| std::ptr::eq(*p, pane));
    let close = close_button(
        Message::ClosePane { left },
        6,
        Some(fl!("tooltip-close-pane")),
    );
    let focused = app.is_focused(pane);
    container(row![location(app, pane), close].align_y(Center))
        .padding([3, 6])
        .width(Fill)
        .height(crate::layout::PANE_BAR_HEIGHT)
        .style(move |theme: &iced::Theme| {
            let mut style = theme::side_panel(theme);
            if focused {
                let p = theme.extended_palette();
                style.border = iced::Border::default().width(2).color(p.primary.base.color);
            }
            style
        })
        .into()
}

/// A pane's breadcrumb, or the text input while typing a location.
fn location<'a>(app: Show<'a>, pane: &'a Pane) -> Element<'a, Message> {
    if let Some(typed) = pane.location() {
        return text_input(&fl!("location-placeholder"), typed)
            .id(pane.ids().location.clone())
            .on_input(|x| Message::Pane(PaneMsg::LocationInput(x)))
            .on_submit(Message::Pane(PaneMsg::LocationSubmit))
            .padding([6, 10])
            .width(Fill)
            .into();
    }
    let mut bar = row![].spacing(0).align_y(Center);
    if pane.in_trash() {
        // The Trash view's location is the trash itself.
        let crumb = row![
            svg(icons::TRASH.clone()).width(16).height(16),
            text(fl!("place-trash"))
        ]
        .spacing(6)
        .align_y(Center);
        return bar
            .push(
                button(crumb)
                    .padding([5, 8])
                    .style(theme::flat_button(true)),
            )
            .width(Fill)
            .into();
    }
    // The way down to the deepest folder shown lately; the shown one is marked, those
    // below it are muted.
    let shown = pane.path();
    let crumbs = crumbs(pane.trail(), app.home(), app.browser.remote());
    for (i, (label, path, home)) in crumbs.into_iter().enumerate() {
        let below = path != shown && path.starts_with(shown);
        let here = path == shown;
        if i > 0 {
            bar = bar.push(text("›").style(theme::muted));
        }
        let content: Element<'_, Message> = if home {
            row![svg(icons::HOME.clone()).width(16).height(16), text(label)]
                .spacing(6)
                .align_y(Center)
                .into()
        } else if below {
            text(label).style(theme::muted).into()
        } else {
            text(label).into()
        };
        bar = bar.push(
            button(content)
                .padding([5, 8])
                .on_press(Message::Pane(PaneMsg::Navigate(path)))
                .style(theme::flat_button(here)),
        );
    }
    let crumbs = scrollable(bar)
        .direction(scrollable::Direction::Horizontal(
            scrollable::Scrollbar::hidden(),
        ))
        .anchor_right()
        .width(Length::Shrink);
    // Clicking the empty rest of the bar switches to typing, as in other file managers.
    let rest = mouse_area(Space::new().width(Fill).height(30))
        .on_press(Message::Pane(PaneMsg::EditLocation));
    let rest = tip::tip(rest, fl!("tooltip-location"), tooltip::Position::Bottom)
        .delay(std::time::Duration::from_millis(900));
    row![crumbs, rest].align_y(Center).width(Fill).into()
}

/// The breadcrumb's segments: (label, path, is home). Paths inside home start at Home,
/// paths in a remote place at the place's address.
pub fn crumbs(
    path: &Path,
    home: &Path,
    remote: &crate::servers::RemotePlaces,
) -> Vec<(String, PathBuf, bool)> {
    let mut out = Vec::new();
    let in_remote = remote
        .root_of(path)
        .and_then(|root| Some((root, remote.shown(root)?, path.strip_prefix(root).ok()?)));
    let (mut at, rest) = match (in_remote, path.strip_prefix(home)) {
        (Some((root, uri, rest)), _) => {
            out.push((uri, root.to_owned(), false));
            (root.to_owned(), rest.to_owned())
        }
        (None, Ok(rest)) if home != Path::new("/") => {
            out.push((fl!("place-home"), home.to_owned(), true));
            (home.to_owned(), rest.to_owned())
        }
        _ => {
            out.push(("/".to_owned(), PathBuf::from("/"), false));
            (
                PathBuf::from("/"),
                path.strip_prefix("/").unwrap_or(path).to_owned(),
            )
        }
    };
    for c in rest.components() {
        at.push(c);
        out.push((
            crate::format::shown_name(c.as_os_str().as_bytes()),
            at.clone(),
            false,
        ));
    }
    out
}
