//! What other programs ask the window to show (a second start, a browser's "Show in
//! folder", `org.freedesktop.FileManager1`): folders as tabs, items selected in their
//! folders, the items' properties; then the window comes to the front.

use crate::message::Message;
use iced::Task;
use std::collections::BTreeMap;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use super::App;
use crate::instance::{Show, ShowRequest};

impl App {
    pub(super) fn on_show_request(&mut self, r: ShowRequest) -> Task<Message> {
        tracing::info!(what = ?r.what, startup_id = %r.startup_id, "asked to show");
        // What the window was in the middle of goes: the request is what is wanted now.
        self.browser.pane_mut().close_menus();
        // A question of a job stays: the job waits for its answer.
        if !matches!(self.dialog, Some(crate::dialog::Dialog::Question(_))) {
            self.dialog = None;
        }
        let shown = match r.what {
            // A file opens its folder with it selected (as on the command line).
            Show::Folders(folders) => {
                let tabs: Vec<_> = folders
                    .into_iter()
                    .map(|f| self.in_browser(|b, cx| b.open_tab(f, true, cx)))
                    .collect();
                crate::tasks::batch(tabs)
            }
            Show::Items(items) => self.show_items(items),
            Show::Properties(items) => {
                let tabs = self.show_items(items);
                crate::tasks::batch([tabs, self.open_properties()])
            }
            Show::Connect(servers) => {
                let servers = servers.into_iter().map(|a| (a, crate::servers::Then::Tab));
                self.connect_in_turn(servers.collect())
            }
        };
        crate::tasks::batch([shown, crate::x11::raise(r.startup_id)])
    }

    /// A tab for each folder the items are in, in the order they come, with its items
    /// selected; the last one shown.
    fn show_items(&mut self, items: Vec<PathBuf>) -> Task<Message> {
        let mut folders: Vec<PathBuf> = Vec::new();
        let mut names: BTreeMap<PathBuf, Vec<Vec<u8>>> = BTreeMap::new();
        for item in items {
            let (Some(folder), Some(name)) = (item.parent(), item.file_name()) else {
                // The root: show it.
                folders.push(item.clone());
                continue;
            };
            if !names.contains_key(folder) {
                folders.push(folder.to_owned());
            }
            names
                .entry(folder.to_owned())
                .or_default()
                .push(name.as_bytes().to_vec());
        }
        let mut tasks = Vec::new();
        for folder in folders {
            let tab = folder.clone();
            tasks.push(self.in_browser(|b, cx| b.open_tab(tab, true, cx)));
            for name in names.remove(&folder).unwrap_or_default() {
                self.browser.pane_mut().select(&name);
            }
        }
        crate::tasks::batch(tasks)
    }
}
