//! Words and numbers for the file view: sizes (SI: kB, MB, GB), dates ("YYYY-MM-DD HH:MM",
//! local time) and file types from the name's extension ("Image (JPG)").

use porpoise_engine::entry::{Entry, Kind, State};
use porpoise_engine::listing::sort::extension;

use super::i18n::fl;

/// Human-readable size with SI units (1 kB = 1000 bytes), one decimal below 100.
pub fn size(bytes: u64) -> String {
    remembered(Said::Size(bytes), || said_size(bytes))
}

/// What a size column says, kept: formatting through Fluent costs more than the rest of
/// a row's view, and the rows in view say it again on every frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Said {
    Size(u64),
    Items(u64),
}

/// How many sayings are kept before they are forgotten all at once.
const REMEMBERED: usize = 4096;

/// `say`'s words for `what`, from the ones kept for the current language.
fn remembered(what: Said, say: impl FnOnce() -> String) -> String {
    type Kept = (u64, std::collections::HashMap<Said, String>);
    thread_local! {
        static KEPT: std::cell::RefCell<Kept> = Default::default();
    }
    KEPT.with_borrow_mut(|(language, kept)| {
        let now = super::i18n::switches();
        if *language != now || kept.len() >= REMEMBERED {
            *language = now;
            kept.clear();
        }
        kept.entry(what).or_insert_with(say).clone()
    })
}

fn said_size(bytes: u64) -> String {
    if bytes < 1000 {
        return fl!("size-bytes", count = bytes);
    }
    let units: [fn(String) -> String; 4] = [
        |n| fl!("size-kb", n = n),
        |n| fl!("size-mb", n = n),
        |n| fl!("size-gb", n = n),
        |n| fl!("size-tb", n = n),
    ];
    let mut value = bytes as f64 / 1000.0;
    let mut unit = 0;
    while value >= 999.95 && unit < units.len() - 1 {
        value /= 1000.0;
        unit += 1;
    }
    units[unit](number(value))
}

/// `value` with one decimal below 100 (the locale's separator), none above.
fn number(value: f64) -> String {
    if value < 99.95 {
        let s = format!("{value:.1}");
        s.replace('.', &fl!("decimal-separator"))
    } else {
        format!("{value:.0}")
    }
}

/// "2026-11-20 12:00" in local time; empty if the time cannot be represented.
pub fn date(secs: i64) -> String {
    match porpoise_engine::host::local_time(secs) {
        Some((y, mo, d, h, mi)) => format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}"),
        None => String::new(),
    }
}

/// The time of day now, "14:05" in local time; empty if it cannot be told.
pub fn clock_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    match porpoise_engine::host::local_time(secs) {
        Some((_, _, _, h, mi)) => format!("{h:02}:{mi:02}"),
        None => String::new(),
    }
}

/// The broad kind of a file, used for its type name and its icon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileClass {
    Folder,
    Text,
    Image,
    Audio,
    Video,
    Archive,
    Document,
    Code,
    Executable,
    Link,
    BrokenLink,
    Special,
    Other,
}

const TEXT: &[&str] = &[
    "txt", "md", "log", "csv", "ini", "cfg", "conf", "rst", "nfo",
];
const IMAGE: &[&str] = &[
    "png", "jpg", "jpeg", "gif", "bmp", "svg", "webp", "tif", "tiff", "ico", "heic", "avif", "xcf",
    "raw", "cr2", "nef",
];
const AUDIO: &[&str] = &[
    "mp3", "ogg", "oga", "flac", "wav", "m4a", "aac", "opus", "wma",
];
const VIDEO: &[&str] = &[
    "mp4", "mkv", "webm", "avi", "mov", "wmv", "m4v", "mpg", "mpeg", "ogv",
];
const ARCHIVE: &[&str] = &[
    "zip", "tar", "gz", "tgz", "bz2", "xz", "zst", "7z", "rar", "deb", "rpm", "iso", "lz", "lzma",
];
const DOCUMENT: &[&str] = &[
    "pdf", "odt", "ods", "odp", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "rtf", "epub", "tex",
];
const CODE: &[&str] = &[
    "rs", "c", "h", "cpp", "hpp", "cc", "py", "js", "ts", "java", "go", "rb", "sh", "bash", "pl",
    "lua", "html", "css", "json", "toml", "yaml", "yml", "xml", "kt", "swift", "php", "sql", "ftl",
];
const EXECUTABLE: &[&str] = &["exe", "appimage", "bin", "run", "msi"];

/// Classify an entry by kind, link state, extension and execute bits.
pub fn classify(entry: &Entry, name: &[u8]) -> FileClass {
    if entry.is_dir_like() {
        return FileClass::Folder;
    }
    match entry.kind() {
        Kind::Symlink if entry.is_broken_link() => return FileClass::BrokenLink,
        Kind::Fifo | Kind::Socket | Kind::CharDevice | Kind::BlockDevice => {
            return FileClass::Special;
        }
        _ => {}
    }
    let by_name = classify_name(name);
    if by_name != FileClass::Other {
        return by_name;
    }
    if entry.kind() == Kind::Symlink {
        return FileClass::Link;
    }
    let executable = entry.state() == State::Complete && entry.mode & 0o111 != 0;
    if extension(name).is_empty() && executable && entry.kind() == Kind::File {
        return FileClass::Executable;
    }
    FileClass::Other
}

/// Classify a file by its name's extension alone (`Other` when it tells nothing).
pub fn classify_name(name: &[u8]) -> FileClass {
    let ext = String::from_utf8_lossy(extension(name)).to_ascii_lowercase();
    let table: [(&[&str], FileClass); 8] = [
        (TEXT, FileClass::Text),
        (IMAGE, FileClass::Image),
        (AUDIO, FileClass::Audio),
        (VIDEO, FileClass::Video),
        (ARCHIVE, FileClass::Archive),
        (DOCUMENT, FileClass::Document),
        (CODE, FileClass::Code),
        (EXECUTABLE, FileClass::Executable),
    ];
    table
        .iter()
        .find(|(list, _)| list.contains(&ext.as_str()))
        .map_or(FileClass::Other, |(_, class)| *class)
}

/// Permission bits as `ls -l` writes them after the type: `rwxr-xr-x`, with `s`/`S`
/// for set-user and set-group ID and `t`/`T` for the sticky bit.
pub fn permissions(bits: u32) -> String {
    let triple = |shift: u32, special: u32, mark: char| {
        let r = if bits & (0o4 << shift) != 0 { 'r' } else { '-' };
        let w = if bits & (0o2 << shift) != 0 { 'w' } else { '-' };
        let x = bits & (0o1 << shift) != 0;
        let x = match (bits & special != 0, x) {
            (true, true) => mark,
            (true, false) => mark.to_ascii_uppercase(),
            (false, true) => 'x',
            (false, false) => '-',
        };
        [r, w, x]
    };
    [
        triple(6, 0o4000, 's'),
        triple(3, 0o2000, 's'),
        triple(0, 0o1000, 't'),
    ]
    .concat()
    .into_iter()
    .collect()
}

/// The Size column: folders show nothing, files their size.
/// The Size column: a file's size, a folder's item count once known.
pub fn size_column(entry: &Entry, items: Option<u64>) -> String {
    match (entry.is_dir_like(), items) {
        (false, _) => size(entry.size),
        (true, Some(count)) => remembered(Said::Items(count), || fl!("size-items", count = count)),
        (true, None) => String::new(),
    }
}

/// The last component of a path as [`shown_name`] shows it, or "/" for the root.
pub fn name_of(path: &std::path::Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    path.file_name()
        .map(|n| shown_name(n.as_bytes()))
        .unwrap_or_else(|| path.display().to_string())
}

/// A file name as the window shows it, one mark for what cannot be shown as it is: U+FFFD
/// for bytes that are not UTF-8 (names are bytes), for control characters, so every name
/// keeps to its one line (a newline in a name would push it onto two), and for the
/// bidirectional embeddings, overrides and isolates, so no name can turn its own letters
/// round to pass for another ("\u{202e}txt.exe" drawn as "exe.txt"). Control pictures (␊)
/// would say more, but the fonts the window falls back on lack them.
pub fn shown_name(name: &[u8]) -> String {
    String::from_utf8_lossy(name)
        .chars()
        .map(|c| match c {
            '\0'..='\u{1f}' | '\u{7f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => {
                char::REPLACEMENT_CHARACTER
            }
            c => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permissions_read_as_ls_writes_them() {
        assert_eq!(permissions(0o755), "rwxr-xr-x");
        assert_eq!(permissions(0o640), "rw-r-----");
        assert_eq!(permissions(0o4755), "rwsr-xr-x");
        assert_eq!(permissions(0o2644), "rw-r-Sr--");
        assert_eq!(permissions(0o1777), "rwxrwxrwt");
        assert_eq!(permissions(0o1666), "rw-rw-rwT");
    }

    #[test]
    fn shown_names_keep_to_one_line_and_their_own_order() {
        assert_eq!(shown_name(b"plain.txt"), "plain.txt");
        assert_eq!(shown_name("Ünïcödé ✓.txt".as_bytes()), "Ünïcödé ✓.txt");
        assert_eq!(
            shown_name(b"new\nline\ttab\x01\x7f"),
            "new\u{fffd}line\u{fffd}tab\u{fffd}\u{fffd}"
        );
        assert_eq!(shown_name(b"bad-\xff.txt"), "bad-\u{fffd}.txt");
        assert_eq!(shown_name("\u{202e}txt.exe".as_bytes()), "\u{fffd}txt.exe");
        assert_eq!(
            shown_name("\u{2067}a\u{2069}".as_bytes()),
            "\u{fffd}a\u{fffd}"
        );
        // Right-to-left letters and the plain direction marks are names' own.
        assert_eq!(
            shown_name("שלום\u{200f}.txt".as_bytes()),
            "שלום\u{200f}.txt"
        );
    }

    #[test]
    fn sizes_read_naturally() {
        crate::i18n::select(&["en"]);
        assert_eq!(size(1), "1 byte");
        assert_eq!(size(999), "999 bytes");
        assert_eq!(size(1000), "1.0 kB");
        assert_eq!(size(4_200_000), "4.2 MB");
        assert_eq!(size(182_000_000_000), "182 GB");
        assert_eq!(size(999_999), "1.0 MB");
    }
}
