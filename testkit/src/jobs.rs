//! Running an engine job to its end in a test: every event in order, each seen by the
//! test first, so it can answer the job's questions (a conflict, the pre-flight check).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use porpoise_engine::events::Next;
use porpoise_engine::jobs::conflict::Answer;
use porpoise_engine::jobs::events::Figures;
use porpoise_engine::jobs::preflight::PreflightChoice;
use porpoise_engine::jobs::{Job, JobEvent, JobState, Summary};

/// What a job said, in order, up to `Finished`.
pub struct Outcome {
    pub state: JobState,
    pub summary: Summary,
    pub events: Vec<JobEvent>,
}

impl Outcome {
    /// What `pick` takes from each of its events, in order.
    pub fn picked<T>(&self, pick: impl FnMut(&JobEvent) -> Option<T>) -> Vec<T> {
        self.events.iter().filter_map(pick).collect()
    }

    /// The paths of its `ItemFailed` events, in order.
    pub fn failed_paths(&self) -> Vec<PathBuf> {
        self.picked(|e| match e {
            JobEvent::ItemFailed { path, .. } => Some(path.clone()),
            _ => None,
        })
    }

    /// (source, target, new) of its `Placed` events, in order.
    pub fn placed(&self) -> Vec<(PathBuf, PathBuf, bool)> {
        self.picked(|e| match e {
            JobEvent::Placed {
                source,
                target,
                new,
            } => Some((source.clone(), target.clone(), *new)),
            _ => None,
        })
    }

    /// The figures of its `Progress` events, in order.
    pub fn progress(&self) -> Vec<Figures> {
        self.picked(|e| match e {
            JobEvent::Progress(f) => Some(*f),
            _ => None,
        })
    }

    /// The states it announced, in order.
    pub fn states(&self) -> Vec<JobState> {
        self.picked(|e| match e {
            JobEvent::State(s) => Some(*s),
            _ => None,
        })
    }

    /// Whether it announced the state `state` at some point.
    pub fn went_through(&self, state: JobState) -> bool {
        self.states().contains(&state)
    }
}

/// How long a job may take in a test before it counts as stuck (a slow destination of
/// the rig included).
pub const JOB_PATIENCE: Duration = Duration::from_secs(180);

/// Follow `job` to its `Finished`, handing each event to `on` first (which may answer
/// the job through `job.control`).
pub fn follow(job: &Job, mut on: impl FnMut(&Job, &JobEvent)) -> Outcome {
    let deadline = Instant::now() + JOB_PATIENCE;
    let mut events = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(!left.is_zero(), "the job did not finish in time");
        let ev = match job.events.next_timeout(left) {
            Next::Event(ev) => ev,
            Next::Waiting => continue,
            Next::Ended => panic!("the job ended without Finished"),
        };
        on(job, &ev);
        if let JobEvent::Finished { state, summary } = &ev {
            let (state, summary) = (*state, summary.clone());
            events.push(ev);
            return Outcome {
                state,
                summary,
                events,
            };
        }
        events.push(ev);
    }
}

/// Run `job` to its end; a `Preflight` event that waits is handed to `answer`, which
/// may look at the world as it is at that moment.
pub fn drain(job: Job, mut answer: impl FnMut(&JobEvent) -> PreflightChoice) -> Outcome {
    follow(&job, |job, ev| {
        if let JobEvent::Preflight {
            can_proceed: true, ..
        } = ev
        {
            job.control.answer_preflight(answer(ev));
        }
    })
}

/// Run `job` to its end, answering each conflict with `answer` (`None`: the test did not
/// expect one, and fails).
pub fn finish_answering(job: Job, mut answer: impl FnMut(&JobEvent) -> Option<Answer>) -> Outcome {
    follow(&job, |job, ev| {
        if matches!(ev, JobEvent::Conflict(_)) {
            let a = answer(ev).expect("a conflict this test expects");
            job.control.answer(a);
        }
    })
}

/// Run `job` to its end; it must ask nothing.
pub fn finish(job: Job) -> Outcome {
    finish_answering(job, |_| None)
}
