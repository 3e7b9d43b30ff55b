//! The properties dialog (Alt+Enter, or Properties in an entry's or the folder's menu):
//! what the selected items are, read off the UI thread, and their permissions as
//! checkboxes and in octal, which the owner can change for a single item (for a folder,
//! on everything inside it too, as a job).

use std::path::PathBuf;
use std::sync::Arc;

use porpoise_engine::error::IoError;
use porpoise_engine::events::{CancelOnDrop, Events};
use porpoise_engine::props::Properties;
use porpoise_engine::usage::{Usage, UsageEvent};

/// The dialog's messages (one variant of `Message`).
#[derive(Debug, Clone)]
pub enum PropsMsg {
    /// The selection's properties (or the shown folder's, with nothing selected).
    Open,
    /// What was read of the items (each one, or why not).
    Read(Vec<Result<Properties, IoError>>),
    /// A permission checkbox: this bit on or off.
    Bit(u32, bool),
    /// The octal field's text.
    Octal(String),
    /// "Apply to everything inside" (a folder's) on or off.
    Recursive(bool),
    /// Set the permissions shown on the item.
    Apply,
    /// How much the items take, counted so far (or at the end) by count number `.0`.
    Counted(u64, Box<Usage>),
    /// The permissions of `path` were set from `from` to `to`, or not.
    Applied {
        path: PathBuf,
        from: u32,
        to: u32,
        result: Result<(), IoError>,
    },
    Close,
}

/// The open dialog.
#[derive(Clone)]
pub struct PropertiesView {
    pub paths: Vec<PathBuf>,
    /// The items' properties, once read (an item that could not be read: its error).
    pub items: Option<Vec<Result<Properties, Arc<IoError>>>>,
    /// The permissions as the dialog shows them (a single item's, perhaps changed).
    pub mode: Option<u32>,
    /// The octal field's text while it is typed in.
    pub octal: String,
    /// A folder's change goes to everything inside it too.
    pub recursive: bool,
    /// Why setting the permissions failed, if it did.
    pub error: Option<String>,
    pub busy: bool,
    /// What the items take (folders counted recursively), as counted so far.
    pub usage: Option<Usage>,
    /// The count under way (its number, and its switch): it stops when the dialog goes.
    count: Option<(u64, Arc<CancelOnDrop>)>,
}

impl std::fmt::Debug for PropertiesView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PropertiesView")
            .field("paths", &self.paths)
            .field("items", &self.items)
            .field("mode", &self.mode)
            .field("usage", &self.usage)
            .finish_non_exhaustive()
    }
}

impl PropertiesView {
    pub fn new(paths: Vec<PathBuf>) -> PropertiesView {
        PropertiesView {
            paths,
            items: None,
            mode: None,
            octal: String::new(),
            recursive: false,
            error: None,
            busy: false,
            usage: None,
            count: None,
        }
    }

    /// Count what the items take, folders recursively, on the engine's threads (never
    /// into other mounts); the effect follows the count.
    pub fn start_count(&mut self) -> PropsEffect {
        let events = porpoise_engine::usage::count(self.paths.clone(), Default::default());
        let stop = Arc::new(events.canceller().on_drop());
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let id = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.count = Some((id, stop));
        PropsEffect::Follow(id, events)
    }

    /// Take a snapshot of its own count (a late one of a dialog closed before is not).
    pub fn counted(&mut self, id: u64, usage: Usage) {
        if self.count.as_ref().is_some_and(|(mine, _)| *mine == id) {
            self.usage = Some(usage);
        }
    }

    /// The single item shown, once read.
    pub fn single(&self) -> Option<&Properties> {
        match self.items.as_deref() {
            Some([Ok(p)]) => Some(p),
            _ => None,
        }
    }

    /// Take what was read.
    pub fn read(&mut self, items: Vec<Result<Properties, IoError>>) {
        self.items = Some(items.into_iter().map(|r| r.map_err(Arc::new)).collect());
        self.mode = self.single().map(|p| p.mode);
        self.octal = self.mode.map(octal).unwrap_or_default();
    }

    /// The shown permissions differ from the item's.
    pub fn changed(&self) -> bool {
        matches!((self.single(), self.mode), (Some(p), Some(m)) if p.mode != m)
    }

    /// A checkbox: `bit` on or off.
    pub fn set_bit(&mut self, bit: u32, on: bool) {
        if let Some(m) = &mut self.mode {
            *m = if on { *m | bit } else { *m & !bit };
            self.octal = octal(*m);
        }
    }

    /// The octal field changed: its text stays as typed; a valid mode takes effect.
    pub fn set_octal(&mut self, text: String) {
        if let Ok(m) = u32::from_str_radix(text.trim(), 8)
            && m <= 0o7777
            && self.mode.is_some()
        {
            self.mode = Some(m);
        }
        self.octal = text;
    }
}

/// A mode in octal as `chmod` takes it: `644`, `1777`.
pub fn octal(mode: u32) -> String {
    format!("{:03o}", mode & 0o7777)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkboxes_and_octal_follow_each_other() {
        let mut v = PropertiesView::new(vec![]);
        v.mode = Some(0o644);
        v.set_bit(0o100, true);
        assert_eq!((v.mode, v.octal.as_str()), (Some(0o744), "744"));
        v.set_octal("600".into());
        assert_eq!(v.mode, Some(0o600));
        v.set_octal("9".into());
        assert_eq!(
            (v.mode, v.octal.as_str()),
            (Some(0o600), "9"),
            "not octal: kept as typed"
        );
        assert_eq!(octal(0o1777), "1777");
    }
}

/// The dialog's work off the UI thread.
#[derive(Debug, Clone)]
pub enum PropsEffect {
    /// Read the items' properties; ends with `PropsMsg::Read`.
    Read {
        paths: Vec<PathBuf>,
        mounts: Option<Arc<porpoise_engine::mounts::MountTable>>,
    },
    /// Follow a count: each snapshot becomes `PropsMsg::Counted`, until the end (or
    /// until the dialog goes, which stops the count).
    Follow(u64, Events<UsageEvent>),
    /// Set an item's permissions from `from` to `to`; ends with `PropsMsg::Applied`.
    SetMode { path: PathBuf, from: u32, to: u32 },
}

impl PropsEffect {
    /// The task that does it, its messages wrapped by `wrap` (`idle` when none comes).
    pub fn into_task<M: Clone + Send + 'static>(
        self,
        wrap: fn(PropsMsg) -> M,
        idle: M,
    ) -> iced::Task<M> {
        if let PropsEffect::Follow(id, events) = self {
            // Each snapshot, until the count ends or the dialog that started it goes (which
            // cancels the count).
            let stream =
                iced::futures::StreamExt::map(crate::stream::stream(events), |e| match e {
                    UsageEvent::Progress(u) | UsageEvent::Finished(u) => u,
                });
            return iced::Task::run(stream, move |u| wrap(PropsMsg::Counted(id, Box::new(u))));
        }
        crate::offload::off_ui_thread("the properties worker", move || self.run().map(wrap), idle)
    }

    /// Do it here (tests).
    pub fn run_blocking(self) -> Vec<PropsMsg> {
        self.run().into_iter().collect()
    }

    /// Do the work here (blocking); a count is followed to its end result.
    fn run(self) -> Option<PropsMsg> {
        Some(match self {
            PropsEffect::Follow(id, events) => {
                let end = events.iter().find_map(|e| match e {
                    UsageEvent::Finished(u) => Some(u),
                    UsageEvent::Progress(_) => None,
                })?;
                PropsMsg::Counted(id, Box::new(end))
            }
            PropsEffect::Read { paths, mounts } => PropsMsg::Read(
                paths
                    .iter()
                    .map(|p| porpoise_engine::props::read(p, mounts.as_deref()))
                    .collect(),
            ),
            PropsEffect::SetMode { path, from, to } => {
                let result = porpoise_engine::props::set_mode(&path, to);
                PropsMsg::Applied {
                    path,
                    from,
                    to,
                    result,
                }
            }
        })
    }
}
