//! Starting a window job in the engine and following its events: into the window as a
//! stream (every event, until the end), or on the calling thread for tests (until the job
//! waits on the person, leaving its events where the next follower picks them up).

use std::fmt;
use std::sync::{Arc, Mutex};

use porpoise_engine::events::Events;
use porpoise_engine::jobs::{self, Control, JobEvent, JobKind, JobSpec, Queue};

use super::JobMsg;

/// A job's controls and the slot its events wait in while nobody follows them.
#[derive(Clone)]
pub struct JobLink {
    pub control: Arc<Control>,
    events: Arc<Mutex<Option<Events<JobEvent>>>>,
}

impl fmt::Debug for JobLink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JobLink")
            .field("control", &self.control)
            .finish_non_exhaustive()
    }
}

impl JobLink {
    pub fn new() -> JobLink {
        JobLink {
            control: Control::new(),
            events: Arc::new(Mutex::new(None)),
        }
    }

    fn take(&self) -> Option<Events<JobEvent>> {
        self.events.lock().ok()?.take()
    }

    fn put(&self, rx: Events<JobEvent>) {
        if let Ok(mut slot) = self.events.lock() {
            *slot = Some(rx);
        }
    }
}

impl Default for JobLink {
    fn default() -> Self {
        JobLink::new()
    }
}

/// Start an engine job (a request's [`spec`](crate::request::JobRequest::spec)) in the
/// device queues; its events come from the returned events (dropping them cancels it).
pub fn start(
    kind: JobKind,
    spec: JobSpec,
    control: Arc<Control>,
    queue: &Queue,
) -> Events<JobEvent> {
    queue.start(kind, spec, control).events
}

/// Does this event leave the job waiting for the person (a question, a pause)?
fn waits(event: &JobEvent, control: &Control) -> bool {
    match event {
        JobEvent::Conflict(_) => true,
        JobEvent::Preflight { can_proceed, .. } => *can_proceed,
        JobEvent::State(jobs::JobState::Paused) => control.is_paused(),
        // Its turn comes when the job before it ends (tests follow it on then).
        JobEvent::State(jobs::JobState::Waiting) => true,
        _ => false,
    }
}

fn message(id: u64, event: JobEvent) -> JobMsg {
    JobMsg::Event(id, event)
}

/// Follow a job on this thread until it ends or waits for the person; in the second case
/// its events go back into the link for the next follower.
pub fn follow_blocking(id: u64, link: &JobLink, rx: Events<JobEvent>) -> Vec<JobMsg> {
    let mut out = Vec::new();
    while let Some(event) = rx.next() {
        let last = matches!(event, JobEvent::Finished { .. });
        let wait = waits(&event, &link.control);
        out.push(message(id, event));
        if last {
            return out;
        }
        if wait {
            link.put(rx);
            return out;
        }
    }
    out
}

/// Follow whatever a link holds (nothing when the window's stream already follows it).
pub fn resume_blocking(id: u64, link: &JobLink) -> Vec<JobMsg> {
    match link.take() {
        Some(rx) => follow_blocking(id, link, rx),
        None => Vec::new(),
    }
}

/// A job the window asked for, ready to start: its engine work, the link its controls and
/// events go through, and the device queues it waits its turn in.
#[derive(Debug, Clone)]
pub struct JobRun {
    pub id: u64,
    pub kind: JobKind,
    pub spec: JobSpec,
    pub link: JobLink,
    pub queue: Queue,
}

impl JobRun {
    /// The window's task: start the job on a blocking thread and forward every event until
    /// the job ends or the window stops listening.
    pub fn task(self) -> iced::Task<JobMsg> {
        let id = self.id;
        iced::Task::run(
            events(self.kind, self.spec, self.link, self.queue),
            move |ev| message(id, ev),
        )
    }

    /// Start the job and follow it on this thread until it ends or waits for the person
    /// (tests).
    pub fn follow_blocking(self) -> Vec<JobMsg> {
        let rx = start(self.kind, self.spec, self.link.control.clone(), &self.queue);
        follow_blocking(self.id, &self.link, rx)
    }
}

/// The events of a job started on a blocking thread, as a stream (needs a tokio runtime).
pub fn events(
    kind: JobKind,
    spec: JobSpec,
    link: JobLink,
    queue: Queue,
) -> impl iced::futures::Stream<Item = JobEvent> + Send + 'static {
    crate::stream::starting(move || Some(start(kind, spec, link.control.clone(), &queue)))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::request::JobRequest;
    use iced::futures::StreamExt;
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
        };
        let runtime = tokio::runtime::Runtime::new().expect("a runtime");
        let seen: Vec<JobEvent> = runtime.block_on(async {
            tokio::time::timeout(
                Duration::from_secs(60),
                events(
                    request.kind,
                    request.spec(&HomeTrash::at(dir.path().join("Trash")), false),
                    JobLink::new(),
                    Queue::default(),
                )
                .collect(),
            )
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
