//! What a row of the details view says in each column beside the name: from the entry's
//! record (size, times, owner, mode), its name (extension) and what the window was told
//! (a folder's item count, the type's words); placeholders while details are pending,
//! markers where they could not be read.

use porpoise_engine::entry::{Entry, State};

use crate::columns::Column;
use crate::format;
use crate::i18n::fl;

/// What an entry's row knows beyond its record.
pub struct Known {
    /// A folder's item count, once counted.
    pub items: Option<u64>,
    /// Its type's words (empty where the Type column is not shown).
    pub kind: String,
}

/// The text of `column` for `entry` named `name`.
pub fn cell(column: Column, entry: &Entry, name: &[u8], known: &Known) -> String {
    match entry.state() {
        State::Complete => complete(column, entry, name, known),
        State::Pending => fl!("placeholder-pending"),
        State::Vanished if column == Column::Type => fl!("marker-vanished"),
        State::Unreadable if column == Column::Type => fl!("marker-unreadable"),
        State::Vanished | State::Unreadable => String::new(),
    }
}

fn complete(column: Column, entry: &Entry, name: &[u8], known: &Known) -> String {
    let time = |secs: u32| match secs {
        0 => String::new(),
        s => format::date(i64::from(s)),
    };
    match column {
        Column::Size => format::size_column(entry, known.items),
        Column::Modified => format::date(entry.mtime_sec),
        Column::Type => known.kind.clone(),
        Column::Owner => porpoise_engine::owners::user(entry.uid)
            .map_or_else(|| entry.uid.to_string(), |n| n.to_string()),
        Column::Group => porpoise_engine::owners::group(entry.gid)
            .map_or_else(|| entry.gid.to_string(), |n| n.to_string()),
        Column::Permissions => format::permissions(entry.permissions()),
        Column::Created => time(entry.btime),
        Column::Accessed => time(entry.atime),
        Column::Extension if entry.is_dir_like() => String::new(),
        Column::Extension => format::shown_name(porpoise_engine::listing::sort::extension(name)),
    }
}
