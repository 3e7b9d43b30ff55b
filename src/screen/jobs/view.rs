//! The job panel above the status bar: one row per job with what it does, a bar over the
//! bytes on the device, files, speed, time left and state, pause/resume and cancel; a
//! finished row keeps its summary, and the failed items until dismissed; a row that
//! finished well leaves by itself (see `Jobs::leave`), and "Clear finished" takes the rest.

use iced::widget::{
    Id, button, column, container, mouse_area, progress_bar, row, scrollable, space, text,
};
use iced::{Center, Element, Fill};

use super::entry::JobEntry;
use super::{Jobs, Message, words};
use crate::i18n::fl;
use crate::theme;

/// The id of one of a job row's buttons: `what` is "pause", "resume", "cancel",
/// "dismiss", "failures", or for a waiting job "start-now", "up" and "down"; the panel's
/// "clear-finished" is job 0's.
pub fn button_id(job: u64, what: &str) -> Id {
    Id::from(format!("job-{job}-{what}"))
}

/// Most rows shown before the panel scrolls (and never more than a third of the window).
const MAX_HEIGHT: f32 = 220.0;

impl Jobs {
    /// The panel, or nothing while there are no jobs; `ring`: it has the keyboard, moved
    /// there by a key; `place`: the name Places gives the device mounted at a path.
    /// `window_height`: the window's, of which the panel takes at most a third.
    pub fn view<'a>(
        &'a self,
        ring: bool,
        place: &dyn Fn(&std::path::Path) -> Option<String>,
        window_height: f32,
    ) -> Option<Element<'a, Message>> {
        if self.entries.is_empty() {
            return None;
        }
        let finished = self
            .entries
            .iter()
            .filter(|e| e.is_finished() && !e.gone)
            .count();
        let mut rows = column(self.entries.iter().map(|e| match e.gone {
            true => gone_row(),
            false => job_row(e, place),
        }))
        .spacing(10);
        if finished >= 2 {
            rows = rows.push(row![
                space().width(Fill),
                small_button(
                    fl!("job-clear-finished"),
                    0,
                    "clear-finished",
                    Message::ClearFinished
                ),
            ]);
        }
        let panel = container(scrollable(rows).height(iced::Shrink))
            .max_height(MAX_HEIGHT.min(window_height / 3.0))
            .padding([8, 12])
            .width(Fill)
            .style(theme::ringed(theme::side_panel, ring))
            .id(PANEL);
        Some(
            mouse_area(panel)
                .on_enter(Message::Hovered(true))
                .on_exit(Message::Hovered(false))
                .into(),
        )
    }
}

/// The id of the job panel (its bounds go to screen readers).
pub const PANEL: &str = "porpoise-jobs";

fn small_button<'a>(label: String, job: u64, what: &str, msg: Message) -> Element<'a, Message> {
    container(
        button(text(label).size(theme::SMALL_TEXT))
            .padding([3, 10])
            .style(theme::flat_button(false))
            .on_press(msg),
    )
    .id(button_id(job, what))
    .into()
}

fn job_row<'a>(
    e: &'a JobEntry,
    place: &dyn Fn(&std::path::Path) -> Option<String>,
) -> Element<'a, Message> {
    let id = e.id;
    if e.is_finished() {
        return finished_row(e);
    }
    if let (true, Some((device, at))) = (e.is_waiting(), &e.waiting) {
        // The device as Places calls it, else the engine's name for it.
        let name = place(&device.mount_point).unwrap_or_else(|| device.name.clone());
        return waiting_row(e, words::waiting(&name, *at));
    }
    let fraction = e.fraction();
    let state = if e.is_paused() {
        words::state(porpoise_engine::jobs::JobState::Paused)
    } else {
        words::state(e.state)
    };
    let pause = if e.is_paused() {
        small_button(fl!("job-resume"), id, "resume", Message::Resume(id))
    } else {
        small_button(fl!("job-pause"), id, "pause", Message::Pause(id))
    };
    let heading = row![
        text(words::title(e)),
        space().width(Fill),
        text(state).size(theme::SMALL_TEXT).style(theme::muted),
        pause,
        small_button(fl!("job-cancel"), id, "cancel", Message::Cancel(id)),
    ]
    .spacing(8)
    .align_y(Center);
    column![
        heading,
        progress_bar(0.0..=1.0, fraction.clamp(0.0, 1.0)).girth(6),
        text(words::progress(e))
            .size(theme::SMALL_TEXT)
            .style(theme::muted),
    ]
    .spacing(4)
    .into()
}

/// A job waiting for its device: what it will do, where it stands in the line, and
/// "Start now", up, down and cancel.
fn waiting_row(e: &JobEntry, line: String) -> Element<'_, Message> {
    let id = e.id;
    let heading = row![
        text(words::title(e)),
        space().width(Fill),
        text(words::state(porpoise_engine::jobs::JobState::Waiting))
            .size(theme::SMALL_TEXT)
            .style(theme::muted),
        small_button(fl!("job-start-now"), id, "start-now", Message::StartNow(id)),
        small_button(fl!("job-move-up"), id, "up", Message::MoveUp(id)),
        small_button(fl!("job-move-down"), id, "down", Message::MoveDown(id)),
        small_button(fl!("job-cancel"), id, "cancel", Message::Cancel(id)),
    ]
    .spacing(8)
    .align_y(Center);
    let mut line = line;
    if e.figures.bytes_total > 0 {
        line.push_str(" · ");
        line.push_str(&crate::format::size(e.figures.bytes_total));
    }
    column![
        heading,
        progress_bar(0.0..=1.0, 0.0).girth(6),
        text(line).size(theme::SMALL_TEXT).style(theme::muted),
    ]
    .spacing(4)
    .into()
}

/// The room of a row dismissed while the pointer is over the panel: as tall as a finished
/// row (a line of text beside a small button), and empty.
fn gone_row<'a>() -> Element<'a, Message> {
    row![
        text(" "),
        button(text(" ").size(theme::SMALL_TEXT))
            .padding([3, 10])
            .style(theme::flat_button(false)),
    ]
    .align_y(Center)
    .into()
}

fn finished_row(e: &JobEntry) -> Element<'_, Message> {
    let id = e.id;
    let summary = text(words::summary(e));
    let summary = if e.failures.is_empty() {
        summary
    } else {
        summary.style(theme::error_text)
    };
    let mut heading = row![text(words::title(e)).style(theme::muted), summary]
        .spacing(12)
        .align_y(Center);
    heading = heading.push(space().width(Fill));
    if !e.failures.is_empty() {
        let label = if e.show_failures {
            fl!("job-hide-failed")
        } else {
            fl!("job-show-failed", count = e.failures.len())
        };
        heading = heading.push(small_button(
            label,
            id,
            "failures",
            Message::ToggleFailures(id),
        ));
    }
    heading = heading.push(small_button(
        fl!("job-dismiss"),
        id,
        "dismiss",
        Message::Dismiss(id),
    ));
    let mut col = column![heading].spacing(4);
    if e.show_failures {
        for f in &e.failures {
            col = col.push(
                text(&f.error)
                    .size(theme::SMALL_TEXT)
                    .style(theme::error_text),
            );
        }
    }
    col.into()
}
