//! A pane's work off the UI thread (its folder's free space, how many entries its
//! folders hold) and the moves of its widgets (scrolling the view, the keyboard into an
//! input), as tasks. The work's answers carry the listing's number, so they reach the
//! panes that still show that listing.

use std::path::{Path, PathBuf};

use iced::Task;
use iced::widget::Id;
use iced::widget::operation::{self, AbsoluteOffset};

use super::PaneMsg;
use crate::offload::blocking;

/// Free and total bytes of the filesystem holding `path`; `PaneMsg::Space` of
/// `generation`.
pub fn space(generation: u64, path: PathBuf) -> Task<PaneMsg> {
    Task::perform(
        blocking(move || porpoise_engine::host::space(&path).ok()),
        move |space| PaneMsg::Space(generation, space.flatten()),
    )
}

/// The entry counts of folders `names` of `dir`; `PaneMsg::FolderCounts` of
/// `generation`.
pub fn count(generation: u64, dir: PathBuf, names: Vec<Vec<u8>>, hidden: bool) -> Task<PaneMsg> {
    Task::perform(
        blocking(move || count_folders(&dir, &names, hidden)),
        move |counts| PaneMsg::FolderCounts(generation, counts.unwrap_or_default()),
    )
}

/// The entry counts of folders `names` of `dir` (a folder that cannot be read has none).
fn count_folders(dir: &Path, names: &[Vec<u8>], hidden: bool) -> Vec<(Vec<u8>, u64)> {
    let mut counts = Vec::with_capacity(names.len());
    let r = porpoise_engine::listing::count_children(dir, names, hidden, &mut |n, c| {
        counts.push((n.to_vec(), c));
        true
    });
    if let Err(e) = r {
        tracing::info!("{}", porpoise_engine::error::chain(&e));
    }
    counts
}

/// Scroll the scrollable `id` to `y`.
pub fn scroll<T>(id: Id, y: f32) -> Task<T> {
    operation::scroll_to(
        id,
        AbsoluteOffset {
            x: None,
            y: Some(y),
        },
    )
}

/// Put the keyboard in the text input `id`, its text selected.
pub fn focus<T: Send + 'static>(id: impl Into<Id> + Clone) -> Task<T> {
    crate::tasks::batch([operation::focus(id.clone()), operation::select_all(id)])
}
