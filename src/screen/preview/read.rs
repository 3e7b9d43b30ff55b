//! What is read of one item to show it (the quick preview's and the information panel's
//! shared work, always off the UI thread): its properties, and by its type a picture
//! scaled to a box, the start of a text, a document's or video's large thumbnail from the
//! desktop's thumbnailers, or nothing more. On a network share nothing is read from the
//! file unless the setting for previews there is on.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use iced::widget::image;
use porpoise_engine::Kind;
use porpoise_engine::error::IoError;
use porpoise_engine::mime::MimeDb;
use porpoise_engine::preview::{self, PictureFacts, PreviewError};
use porpoise_engine::props::Properties;
use porpoise_engine::thumbs::{Request, ThumbError, ThumbOutcome, ThumbSize};

use crate::thumbs::Pool;
use crate::types::Mime;

/// The item looked at: its path and, where the view has told it, its type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub path: PathBuf,
    pub mime: Option<Mime>,
}

/// How to look: the box a picture must fit, and what else may be read.
#[derive(Debug, Clone)]
pub struct Asked {
    pub target: Target,
    /// A picture's longest side at most (pixels).
    pub box_px: u32,
    /// Files on network shares are read too (the setting).
    pub on_network: bool,
    /// A picture's facts (size, camera, date taken) are read too.
    pub facts: bool,
    /// The types database (whether a type is text).
    pub db: Option<Arc<MimeDb>>,
    /// The thumbnail pool, for types only an external thumbnailer draws.
    pub pool: Option<Pool>,
}

/// What was read of an item.
#[derive(Debug, Clone)]
pub struct Looked {
    pub props: Result<Properties, Arc<IoError>>,
    pub content: Content,
    /// A picture's facts, where asked for and read.
    pub facts: Option<PictureFacts>,
    /// The item is on a network share (and previews there are off: nothing was read).
    pub on_network: bool,
}

/// What is shown of an item besides its properties.
#[derive(Debug, Clone)]
pub enum Content {
    /// A picture: its pixels at the size shown, and its own size.
    Picture {
        handle: image::Handle,
        width: u32,
        height: u32,
    },
    /// The start of a text, in pieces of [`LINES_PER_PIECE`] lines.
    Text {
        pieces: Arc<[String]>,
        encoding: &'static str,
        cut: bool,
    },
    /// A folder (its contents are counted apart).
    Folder,
    /// Nothing more than its icon, type, size and dates.
    Plain,
    /// It could not be shown.
    Failed(Unshown),
}

/// Why an item's content could not be shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unshown {
    /// A picture larger than decoding may take memory for.
    TooLarge { width: u32, height: u32 },
    /// Damaged, cut short, or not what its type says.
    Damaged,
    /// Reading it failed (the system's reason, in words).
    Unreadable(String),
}

/// Lines of a text drawn as one paragraph (a long text is many, so only those in view are
/// drawn).
pub const LINES_PER_PIECE: usize = 64;

/// One reader's reads, one at a time: a read no longer wanted when its turn comes is
/// skipped, so moving quickly through many large pictures costs one decode at a time (and
/// its memory), not one for each picture passed.
#[derive(Debug, Clone, Default)]
pub struct Turns {
    /// The ticket of the read wanted now.
    wanted: Arc<AtomicU64>,
    turn: Arc<Mutex<()>>,
}

impl Turns {
    /// The read numbered `ticket` is the one wanted now.
    pub fn want(&self, ticket: u64) {
        self.wanted.store(ticket, Ordering::SeqCst);
    }

    /// [`read`] in its turn; `None` when another was wanted by then. Blocking.
    pub fn read(&self, ticket: u64, asked: &Asked) -> Option<Looked> {
        let _turn = self.turn.lock().unwrap_or_else(|p| p.into_inner());
        (self.wanted.load(Ordering::SeqCst) == ticket).then(|| read(asked))
    }
}

/// Read what `asked` wants of its item. Blocking: call it off the UI thread.
pub fn read(asked: &Asked) -> Looked {
    let path = &asked.target.path;
    let props = porpoise_engine::props::read(path, None).map_err(Arc::new);
    let on_network = !asked.on_network
        && porpoise_engine::mounts::mount_of(path).is_some_and(|m| m.class.is_slow());
    let is_dir = props.as_ref().is_ok_and(|p| p.kind == Kind::Dir)
        || std::fs::metadata(path).is_ok_and(|m| m.is_dir());
    let mime = asked.target.mime.as_deref().unwrap_or_default();
    let picture = preview::is_picture(mime);
    let content = if is_dir {
        Content::Folder
    } else if props.is_err() || on_network {
        Content::Plain
    } else if picture {
        picture_content(path, asked.box_px)
    } else if is_text(asked.db.as_deref(), mime) {
        text_content(path)
    } else {
        thumbnail_content(asked, mime)
    };
    let facts = (asked.facts && picture && !on_network)
        .then(|| preview::picture_facts(path).ok())
        .flatten();
    Looked {
        props,
        content,
        facts,
        on_network,
    }
}

/// Text, source code, and the types the database says are text.
fn is_text(db: Option<&MimeDb>, mime: &str) -> bool {
    mime.starts_with("text/") || db.is_some_and(|db| db.is_a(mime, "text/plain"))
}

fn picture_content(path: &Path, box_px: u32) -> Content {
    match preview::picture(path, box_px) {
        Ok(p) => Content::Picture {
            handle: image::Handle::from_rgba(p.width, p.height, p.rgba),
            width: p.width,
            height: p.height,
        },
        Err(e) => failed(&e),
    }
}

fn text_content(path: &Path) -> Content {
    match preview::text(path) {
        Ok(t) => {
            let lines: Vec<&str> = t.text.lines().collect();
            let pieces = lines
                .chunks(LINES_PER_PIECE)
                .map(|piece| piece.join("\n"))
                .collect();
            Content::Text {
                pieces,
                encoding: t.encoding,
                cut: t.cut,
            }
        }
        Err(PreviewError::Binary { .. }) => Content::Plain,
        Err(e) => failed(&e),
    }
}

/// A document's or video's large thumbnail from the desktop's thumbnailers (through the
/// cache they share), where one takes the type.
fn thumbnail_content(asked: &Asked, mime: &str) -> Content {
    let Some(pool) = asked
        .pool
        .as_ref()
        .filter(|p| !mime.is_empty() && p.0.can_make(mime))
    else {
        return Content::Plain;
    };
    let request = Request::new(asked.target.path.clone(), ThumbSize::XxLarge)
        .on_slow_mounts(asked.on_network);
    match pool.0.make_now(&request) {
        ThumbOutcome::Ready(t) => Content::Picture {
            handle: image::Handle::from_rgba(t.width, t.height, t.rgba),
            width: t.width,
            height: t.height,
        },
        ThumbOutcome::Failed(Some(e)) => Content::Failed(unshown_picture(&e)),
        ThumbOutcome::Failed(None) | ThumbOutcome::Skipped(_) => Content::Plain,
    }
}

fn failed(e: &PreviewError) -> Content {
    Content::Failed(match e {
        PreviewError::Picture(t) => unshown_picture(t),
        PreviewError::Io(e) => Unshown::Unreadable(crate::failures::why(e)),
        PreviewError::NotAFile { .. } | PreviewError::Binary { .. } => Unshown::Damaged,
    })
}

fn unshown_picture(e: &ThumbError) -> Unshown {
    match e {
        ThumbError::TooLarge { width, height, .. } => Unshown::TooLarge {
            width: *width,
            height: *height,
        },
        ThumbError::Io(e) => Unshown::Unreadable(crate::failures::why(e)),
        _ => Unshown::Damaged,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_no_longer_wanted_is_skipped() {
        let dir = tempfile::tempdir().expect("a temp folder");
        let path = dir.path().join("note.txt");
        std::fs::write(&path, "words on a line\n").expect("write");
        let asked = Asked {
            target: Target {
                path,
                mime: Some("text/plain".into()),
            },
            box_px: 100,
            on_network: false,
            facts: false,
            db: None,
            pool: None,
        };
        let turns = Turns::default();
        turns.want(1);
        turns.want(2);
        assert!(turns.read(1, &asked).is_none());
        let looked = turns.read(2, &asked).expect("the wanted read");
        match looked.content {
            Content::Text { pieces, .. } => assert_eq!(&*pieces, ["words on a line"]),
            other => panic!("expected text, got {other:?}"),
        }
    }
}
