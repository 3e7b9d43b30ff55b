//! Running an engine job to its end in a test: every event in order, with the preflight
//! question answered by the test.

use std::time::{Duration, Instant};

use porpoise_engine::jobs::preflight::PreflightChoice;
use porpoise_engine::jobs::{Job, JobEvent, JobState, Summary};

/// What a job said, in order, up to `Finished`.
pub struct Outcome {
    pub state: JobState,
    pub summary: Summary,
    pub events: Vec<JobEvent>,
}

/// How long a job may take in a test before it counts as stuck.
const JOB_PATIENCE: Duration = Duration::from_secs(120);

/// Drain a job's events; a `Preflight` event that waits is handed to `answer`, which
/// may look at the world as it is at that moment.
pub fn drain(job: Job, mut answer: impl FnMut(&JobEvent) -> PreflightChoice) -> Outcome {
    let deadline = Instant::now() + JOB_PATIENCE;
    let mut events = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(!left.is_zero(), "the job did not finish in time");
        let ev = match job.next_timeout(left) {
            Ok(ev) => ev,
            Err(false) => continue,
            Err(true) => panic!("the job ended without Finished"),
        };
        if let JobEvent::Preflight {
            can_proceed: true, ..
        } = &ev
        {
            job.control.answer_preflight(answer(&ev));
        }
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
