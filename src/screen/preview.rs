//! The quick preview (Space), as Nautilus's: the selected item large over the window — a
//! picture at the window's size, the start of a text in monospace, a document's or video's
//! large thumbnail, a folder's counts and size, anything else its icon — with its name,
//! type, size and date beneath. All is read off the UI thread; one not ready in
//! [`SLOW`] says it is loading. The window moves it to the next item on the arrows (it
//! follows the cursor); Space or Escape closes it, Enter opens the item.

pub mod read;
mod view;

use std::sync::Arc;
use std::time::Duration;

use iced::Task;
use porpoise_engine::events::CancelOnDrop;
use porpoise_engine::usage::{Usage, UsageEvent};

pub use read::{Asked, Content, Looked, Target, Unshown};
pub use view::{Show, item_icon, picture_box};

/// A preview not read by then shows that it is loading.
pub const SLOW: Duration = Duration::from_millis(100);

/// The preview's messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// What was read for the look numbered `ticket` (`None`: skipped, no longer wanted).
    Read(u64, Option<Box<Looked>>),
    /// The look numbered `ticket` is still not read after [`SLOW`].
    Slow(u64),
    /// A folder's contents as counted so far, for the look numbered `ticket`.
    Counted(u64, Box<Usage>),
    /// A click beside the preview, or its close button.
    Close,
}

/// What the preview asks of the window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Close,
}

/// The open preview.
#[derive(Debug)]
pub struct Preview {
    target: Target,
    /// Which look is current: older answers are dropped.
    ticket: u64,
    looked: Option<Looked>,
    /// Not read within [`SLOW`].
    slow: bool,
    /// A folder's contents, as counted so far.
    usage: Option<Usage>,
    /// The count under way; it stops when the preview moves on or closes.
    count: Option<Arc<CancelOnDrop>>,
    /// Its reads, one at a time.
    turns: read::Turns,
}

impl Preview {
    /// A preview of what `asked` names, and the work that reads it.
    pub fn open(asked: Asked) -> (Preview, Task<Message>) {
        let mut preview = Preview {
            target: asked.target.clone(),
            ticket: 0,
            looked: None,
            slow: false,
            usage: None,
            count: None,
            turns: read::Turns::default(),
        };
        let task = preview.look(asked);
        (preview, task)
    }

    /// The item shown.
    pub fn target(&self) -> &Target {
        &self.target
    }

    /// Show what `asked` names instead (the cursor moved).
    pub fn look(&mut self, asked: Asked) -> Task<Message> {
        self.ticket += 1;
        self.target = asked.target.clone();
        self.looked = None;
        self.slow = false;
        self.usage = None;
        self.count = None;
        let ticket = self.ticket;
        self.turns.want(ticket);
        let turns = self.turns.clone();
        let read = crate::offload::work("the preview reader", move || {
            Message::Read(ticket, turns.read(ticket, &asked).map(Box::new))
        });
        let slow = Task::perform(tokio::time::sleep(SLOW), move |()| Message::Slow(ticket));
        crate::tasks::batch([read, slow])
    }

    pub fn update(&mut self, m: Message) -> (Task<Message>, Option<Event>) {
        match m {
            Message::Read(ticket, Some(looked)) if ticket == self.ticket => {
                let count = matches!(looked.content, Content::Folder) && !looked.on_network;
                self.looked = Some(*looked);
                if count {
                    return (self.start_count(), None);
                }
            }
            Message::Slow(ticket) if ticket == self.ticket => self.slow = self.looked.is_none(),
            Message::Counted(ticket, usage) if ticket == self.ticket => self.usage = Some(*usage),
            Message::Close => return (Task::none(), Some(Event::Close)),
            Message::Read(..) | Message::Slow(_) | Message::Counted(..) => {}
        }
        (Task::none(), None)
    }

    /// Count the shown folder's contents on the engine's threads (never into other
    /// mounts), until the count ends or the preview moves on.
    fn start_count(&mut self) -> Task<Message> {
        let events =
            porpoise_engine::usage::count(vec![self.target.path.clone()], Default::default());
        self.count = Some(Arc::new(events.canceller().on_drop()));
        let ticket = self.ticket;
        let stream = iced::futures::StreamExt::map(crate::stream::stream(events), |e| match e {
            UsageEvent::Progress(u) | UsageEvent::Finished(u) => u,
        });
        Task::run(stream, move |u| Message::Counted(ticket, Box::new(u)))
    }

    /// Read and shown: nothing the person waits for.
    pub fn is_read(&self) -> bool {
        self.looked.is_some()
    }
}
