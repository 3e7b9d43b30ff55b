//! The `org.freedesktop.FileManager1` interface the window serves: each method's URIs
//! made local paths and sent on to the window as a [`ShowRequest`].

use std::path::PathBuf;

use iced::futures::channel::mpsc::UnboundedSender;

use super::{Show, ShowRequest};

/// Where the interface is served, as the specification names it.
pub const OBJECT_PATH: &str = "/org/freedesktop/FileManager1";

/// The interface's state: where requests go.
pub struct FileManager {
    to_window: UnboundedSender<ShowRequest>,
    hostname: String,
}

impl FileManager {
    pub fn new(to_window: UnboundedSender<ShowRequest>) -> FileManager {
        FileManager {
            to_window,
            hostname: porpoise_engine::host::hostname(),
        }
    }

    fn send(&self, uris: Vec<String>, startup_id: String, what: fn(Vec<PathBuf>) -> Show) {
        let paths: Vec<PathBuf> = uris
            .iter()
            .filter_map(|u| {
                let path = porpoise_engine::uri::local_path(u.as_bytes(), &self.hostname);
                if path.is_none() {
                    tracing::info!(uri = %u, "not a local file, left out");
                }
                path
            })
            .collect();
        if paths.is_empty() {
            return;
        }
        let request = ShowRequest {
            what: what(paths),
            startup_id,
        };
        if self.to_window.unbounded_send(request).is_err() {
            tracing::info!("a request came as the window closed");
        }
    }
}

#[zbus::interface(name = "org.freedesktop.FileManager1")]
impl FileManager {
    #[zbus(name = "ShowFolders")]
    fn show_folders(&self, uris: Vec<String>, startup_id: String) {
        self.send(uris, startup_id, Show::Folders);
    }

    #[zbus(name = "ShowItems")]
    fn show_items(&self, uris: Vec<String>, startup_id: String) {
        self.send(uris, startup_id, Show::Items);
    }

    #[zbus(name = "ShowItemProperties")]
    fn show_item_properties(&self, uris: Vec<String>, startup_id: String) {
        self.send(uris, startup_id, Show::Properties);
    }
}
