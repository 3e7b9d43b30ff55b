//! The job panel as a screen reader reads it: each job a group named by what it does,
//! with its progress as a value (0 to 100, and in words), its state and its buttons; a
//! finished job's summary and failed items. Progress and summaries are live: a screen
//! reader hears them change without moving there.

use accesskit::{Live, Role};

use super::entry::JobEntry;
use super::{Jobs, Message, words};
use crate::accessible::bounds::Bounds;
use crate::accessible::{self, Part, labelled};
use crate::i18n::fl;

impl Jobs {
    /// Add the panel's nodes under `part` (nothing while there are no jobs); `keyboard`:
    /// the panel has the keyboard.
    pub fn accessible(&self, part: &mut Part<'_, Message>, keyboard: bool, bounds: &Bounds) {
        let shown: Vec<&JobEntry> = self.entries.iter().filter(|e| !e.gone).collect();
        if shown.is_empty() {
            return;
        }
        let mut node = labelled(Role::Group, fl!("a11y-jobs"));
        bounds.place(&mut node, &iced::widget::Id::new(super::view::PANEL));
        let mut panel = part.child("jobs", node);
        let id = panel.parent();
        for e in &shown {
            job(&mut panel, e);
        }
        if shown.iter().filter(|e| e.is_finished()).count() >= 2 {
            accessible::button(
                &mut panel,
                "clear",
                &fl!("job-clear-finished"),
                Some(Message::ClearFinished),
            );
        }
        panel.on_focus(id, Message::Keyboard);
        if keyboard {
            panel.focus(id);
        }
    }
}

fn job(panel: &mut Part<'_, Message>, e: &JobEntry) {
    let id = e.id;
    let title = words::title(e);
    let mut group = panel.child(("job", id), labelled(Role::Group, title.clone()));
    if e.is_finished() {
        let mut summary = accessible::said(words::summary(e));
        summary.set_live(Live::Polite);
        group.add("summary", summary);
        if !e.failures.is_empty() {
            let label = match e.show_failures {
                true => fl!("job-hide-failed"),
                false => fl!("job-show-failed", count = e.failures.len()),
            };
            accessible::button(
                &mut group,
                "failures",
                &label,
                Some(Message::ToggleFailures(id)),
            );
            if e.show_failures {
                for (i, f) in e.failures.iter().enumerate() {
                    accessible::label(&mut group, ("failed", i), &f.error);
                }
            }
        }
        accessible::button(
            &mut group,
            "dismiss",
            &fl!("job-dismiss"),
            Some(Message::Dismiss(id)),
        );
        return;
    }
    let waiting = e.is_waiting();
    let state = match (waiting, e.is_paused()) {
        (true, _) => porpoise_engine::jobs::JobState::Waiting,
        (false, true) => porpoise_engine::jobs::JobState::Paused,
        (false, false) => e.state,
    };
    let mut bar = labelled(Role::ProgressIndicator, title);
    let percent = match waiting {
        true => 0.0,
        false => (f64::from(e.fraction()) * 100.0).clamp(0.0, 100.0).round(),
    };
    bar.set_numeric_value(percent);
    bar.set_min_numeric_value(0.0);
    bar.set_max_numeric_value(100.0);
    bar.set_value(words::progress(e));
    group.add("progress", bar);
    let mut state_line = accessible::said(words::state(state));
    state_line.set_live(Live::Polite);
    group.add("state", state_line);
    if waiting {
        accessible::button(
            &mut group,
            "start",
            &fl!("job-start-now"),
            Some(Message::StartNow(id)),
        );
    } else if e.is_paused() {
        accessible::button(
            &mut group,
            "resume",
            &fl!("job-resume"),
            Some(Message::Resume(id)),
        );
    } else {
        accessible::button(
            &mut group,
            "pause",
            &fl!("job-pause"),
            Some(Message::Pause(id)),
        );
    }
    accessible::button(
        &mut group,
        "cancel",
        &fl!("job-cancel"),
        Some(Message::Cancel(id)),
    );
}
