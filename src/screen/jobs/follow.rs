//! Starting a window job in the engine and following its events into the window: each job
//! not finished is a subscription of the window, which starts the job when it first runs
//! and forwards every event until the job ends.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use porpoise_engine::events::Events;
use porpoise_engine::jobs::trash::HomeTrash;
use porpoise_engine::jobs::{ConflictPolicy, Control, JobEvent, JobKind, JobSpec, Queue};

use super::Message;
use crate::request::JobRequest;

/// What the engine is asked for `request`: conflicts and pre-flight problems wait for the
/// person's answer; a trash job puts items into `home_trash`; copies and moves are read
/// back and compared when `verify_copies` says so.
pub fn spec(request: &JobRequest, home_trash: &HomeTrash, verify_copies: bool) -> JobSpec {
    JobSpec {
        on_conflict: ConflictPolicy::Ask,
        on_problem: None,
        home_trash: (request.kind == JobKind::Trash).then(|| home_trash.clone()),
        verify: verify_copies && matches!(request.kind, JobKind::Copy | JobKind::Move),
        modes: request.modes.clone(),
        compress: request.compress.clone(),
        ..JobSpec::new(request.sources.clone(), request.dest.clone())
    }
}

/// A job the window asked for: its engine work, the controls the panel and the dialogs
/// steer it with, and the device queues it waits its turn in.
#[derive(Debug)]
pub struct JobRun {
    pub id: u64,
    pub kind: JobKind,
    pub spec: JobSpec,
    pub control: Arc<Control>,
    pub queue: Queue,
}

/// A job as a subscription's identity: its id alone.
struct Key(Arc<JobRun>);

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.id.hash(state);
    }
}

/// The subscription that starts `run` and forwards its events as
/// `Message::Event(id, ..)` until it ends.
pub fn subscription(run: &Arc<JobRun>) -> iced::Subscription<Message> {
    iced::Subscription::run_with(Key(run.clone()), |key| {
        let run = key.0.clone();
        let id = run.id;
        iced::futures::StreamExt::map(events(run), move |ev| Message::Event(id, ev))
    })
}

/// The events of a job started on a blocking thread (starting it may block), as a stream
/// (needs a tokio runtime).
pub fn events(run: Arc<JobRun>) -> impl iced::futures::Stream<Item = JobEvent> + Send + 'static {
    crate::stream::starting(move || Some(start(&run)))
}

/// Start the job in its device's queue (blocking); its events come from the returned
/// events (dropping them cancels it).
pub fn start(run: &JobRun) -> Events<JobEvent> {
    run.queue
        .start(run.kind, run.spec.clone(), run.control.clone())
        .events
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::request::JobRequest;
    use iced::futures::StreamExt;
    use porpoise_engine::jobs;
    use porpoise_engine::jobs::trash::HomeTrash;

    #[test]
    fn the_window_stream_forwards_every_event_to_the_end() {
        let dir = tempfile::tempdir().expect("tempdir");
        let src = dir.path().join("a.txt");
        std::fs::write(&src, b"alpha").expect("write");
        let dest = dir.path().join("dest");
        std::fs::create_dir(&dest).expect("mkdir");
        let request = JobRequest {
            kind: JobKind::Copy,
            sources: vec![src],
            dest: dest.clone(),
            modes: None,
            compress: None,
        };
        let run = Arc::new(JobRun {
            id: 1,
            kind: request.kind,
            spec: spec(&request, &HomeTrash::at(dir.path().join("Trash")), false),
            control: Control::new(),
            queue: Queue::default(),
        });
        let runtime = tokio::runtime::Runtime::new().expect("a runtime");
        let seen: Vec<JobEvent> = runtime.block_on(async {
            tokio::time::timeout(Duration::from_secs(60), events(run).collect())
                .await
                .expect("the job ended in time")
        });
        assert!(matches!(
            seen.last(),
            Some(JobEvent::Finished {
                state: jobs::JobState::Done,
                ..
            })
        ));
        assert!(
            seen.iter()
                .any(|e| matches!(e, JobEvent::Placed { new: true, .. }))
        );
        assert_eq!(std::fs::read(dest.join("a.txt")).expect("copied"), b"alpha");
    }
}
