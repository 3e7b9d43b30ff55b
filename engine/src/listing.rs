//! Listing folders: reading one directory in batches, the sorted lister model, the cache
//! of recently left folders, and watching a shown folder for single-entry changes.

pub mod answers;
pub mod cache;
pub mod count;
mod gvfs;
pub mod lister;
pub mod read;
pub mod revalidate;
pub mod sort;
mod stat;
pub mod stream;
pub mod watch;

pub use cache::{Clock, ListerCache, SystemClock};
pub use count::count_children;
pub use lister::Lister;
pub use lister::{Listed, Progress, ViewOptions};
pub use read::{DirEvent, ListOptions, Listing, list_all, list_kinds, list_one, read_dir};
pub use sort::{Sort, SortKey, SortOrder, natural_cmp};
pub use stream::open_dir;
pub use watch::Changes;

/// The descriptor of the folder at `path`, for reading several of its entries relative to
/// it (see [`link_target`]).
pub fn open_folder(path: &std::path::Path) -> std::io::Result<std::os::fd::OwnedFd> {
    crate::sys::open_dir(path)
}

/// Where the symbolic link `name` in the folder `dir` points, as bytes.
pub fn link_target(
    dir: impl std::os::fd::AsFd,
    name: &std::ffi::OsStr,
) -> std::io::Result<Vec<u8>> {
    crate::sys::read_link_at(dir, name)
}
