//! The `org.freedesktop.FileManager1` interface the window serves: each method's URIs
//! made local paths and sent on to the window as a [`ShowRequest`].

use std::path::PathBuf;

use iced::futures::channel::mpsc::UnboundedSender;

use porpoise_engine::remote::Address;

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
        let mut paths: Vec<PathBuf> = Vec::new();
        let mut servers: Vec<Address> = Vec::new();
        for u in &uris {
            if let Some(path) = porpoise_engine::uri::local_path(u.as_bytes(), &self.hostname) {
                paths.push(path);
            } else if let Ok(address) = Address::parse(u.as_bytes()) {
                servers.push(address);
            } else {
                tracing::info!(uri = %u, "neither a local file nor a server, left out");
            }
        }
        let requests = [
            (!paths.is_empty()).then(|| what(paths)),
            (!servers.is_empty()).then_some(Show::Connect(servers)),
        ];
        for what in requests.into_iter().flatten() {
            let request = ShowRequest {
                what,
                startup_id: startup_id.clone(),
            };
            if self.to_window.unbounded_send(request).is_err() {
                tracing::info!("a request came as the window closed");
            }
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
