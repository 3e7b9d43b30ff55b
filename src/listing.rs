//! Listing folders: reading one directory in batches, the sorted lister model, the cache
//! of recently left folders, and watching a shown folder for single-entry changes.

pub mod cache;
pub mod count;
pub mod lister;
pub mod read;
pub mod sort;
pub mod stream;
pub mod watch;

pub use cache::{Clock, ListerCache, SystemClock};
pub use count::count_children;
pub use lister::Lister;
pub use lister::{Progress, ViewOptions};
pub use read::{DirEvent, ListOptions, Listing, list_all, read_dir};
pub use sort::{SortKey, SortOrder, natural_cmp};
pub use stream::{DirStream, Next, open_dir};
pub use watch::Changes;
