//! The properties dialog (Alt+Enter, or Properties in an entry's or the folder's menu):
//! what the selected items are, read off the UI thread, and their permissions as
//! checkboxes and in octal, which the owner can change for a single item.

use std::path::PathBuf;
use std::sync::Arc;

use porpoise_engine::error::IoError;
use porpoise_engine::props::Properties;

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
    /// Set the permissions shown on the item.
    Apply,
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
#[derive(Debug, Clone)]
pub struct PropertiesView {
    pub paths: Vec<PathBuf>,
    /// The items' properties, once read (an item that could not be read: its error).
    pub items: Option<Vec<Result<Properties, Arc<IoError>>>>,
    /// The permissions as the dialog shows them (a single item's, perhaps changed).
    pub mode: Option<u32>,
    /// The octal field's text while it is typed in.
    pub octal: String,
    /// Why setting the permissions failed, if it did.
    pub error: Option<String>,
    pub busy: bool,
}

impl PropertiesView {
    pub fn new(paths: Vec<PathBuf>) -> PropertiesView {
        PropertiesView {
            paths,
            items: None,
            mode: None,
            octal: String::new(),
            error: None,
            busy: false,
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
    /// Set an item's permissions from `from` to `to`; ends with `PropsMsg::Applied`.
    SetMode { path: PathBuf, from: u32, to: u32 },
}

impl PropsEffect {
    pub fn into_task(self) -> iced::Task<crate::message::Message> {
        iced::Task::perform(
            async move { tokio::task::spawn_blocking(move || self.run()).await.ok() },
            |msg| match msg {
                Some(msg) => crate::message::Message::Props(msg),
                None => {
                    tracing::error!("the properties worker panicked");
                    crate::message::Message::Tick
                }
            },
        )
    }

    pub fn run_blocking(self) -> Vec<crate::message::Message> {
        vec![crate::message::Message::Props(self.run())]
    }

    fn run(self) -> PropsMsg {
        match self {
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
        }
    }
}
