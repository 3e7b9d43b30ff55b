//! The job panel above the status bar: one row per job with what it does, a bar over the
//! bytes on the device, files, speed, time left and state, pause/resume and cancel; a
//! finished row keeps its summary and the failed items until dismissed.

use iced::widget::{Id, button, column, container, progress_bar, row, scrollable, space, text};
use iced::{Center, Element, Fill};

use crate::app::App;
use crate::i18n::fl;
use crate::jobs::JobMsg;
use crate::jobs::entry::JobEntry;
use crate::jobs::words;
use crate::message::Message;
use crate::theme;

/// The id of one of a job row's buttons: `what` is "pause", "resume", "cancel",
/// "dismiss" or "failures".
pub fn button_id(job: u64, what: &str) -> Id {
    Id::from(format!("job-{job}-{what}"))
}

/// Most rows shown before the panel scrolls.
const MAX_HEIGHT: f32 = 220.0;

/// The panel, or nothing while there are no jobs.
pub fn view(app: &App) -> Option<Element<'_, Message>> {
    let entries = &app.jobs().entries;
    if entries.is_empty() {
        return None;
    }
    let rows = column(entries.iter().map(job_row)).spacing(10);
    let ring = app.focus_ring() == Some(crate::focus::Part::Jobs);
    Some(
        container(scrollable(rows).height(iced::Shrink))
            .max_height(MAX_HEIGHT)
            .padding([8, 12])
            .width(Fill)
            .style(theme::ringed(theme::side_panel, ring))
            .into(),
    )
}

fn small_button<'a>(label: String, job: u64, what: &str, msg: JobMsg) -> Element<'a, Message> {
    container(
        button(text(label).size(theme::SMALL_TEXT))
            .padding([3, 10])
            .style(theme::flat_button(false))
            .on_press(Message::Jobs(msg)),
    )
    .id(button_id(job, what))
    .into()
}

fn job_row(e: &JobEntry) -> Element<'_, Message> {
    let id = e.id;
    if e.is_finished() {
        return finished_row(e);
    }
    let fraction = e.fraction();
    let state = if e.is_paused() {
        words::state(porpoise_engine::jobs::JobState::Paused)
    } else {
        words::state(e.state)
    };
    let pause = if e.is_paused() {
        small_button(fl!("job-resume"), id, "resume", JobMsg::Resume(id))
    } else {
        small_button(fl!("job-pause"), id, "pause", JobMsg::Pause(id))
    };
    let heading = row![
        text(words::title(e)),
        space().width(Fill),
        text(state).size(theme::SMALL_TEXT).style(theme::muted),
        pause,
        small_button(fl!("job-cancel"), id, "cancel", JobMsg::Cancel(id)),
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
            JobMsg::ToggleFailures(id),
        ));
    }
    heading = heading.push(small_button(
        fl!("job-dismiss"),
        id,
        "dismiss",
        JobMsg::Dismiss(id),
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
