//! "Compress…": the archive's name (without its extension), its format (zip, tar.gz,
//! tar.xz, tar.zst, 7z), how hard to compress (fast, normal, best) and, for the formats
//! that can lock their content (zip and 7z, AES-256), a password (empty: none; never shown
//! or logged). Create starts the compression job into the folder shown; a name already
//! there is refused by the job, never overwritten. Escape closes, Enter creates.

mod view;

use std::path::PathBuf;

use iced::Task;
use iced::keyboard::Key;
use iced::keyboard::key::Named;
use porpoise_engine::archive::compress::{CompressOptions, OutFormat};
use porpoise_engine::jobs::conflict::is_entry_name;

use crate::dialog::unlock::Passphrase;
use crate::key_press::KeyPress;
use crate::request::{JobKind, JobRequest};

/// The id of the name field, which has the keyboard while the dialog is open.
pub const NAME_INPUT: &str = "compress-name";

/// The id of the password field (shown for zip and 7z).
pub const PASSWORD_INPUT: &str = "compress-password";

/// The formats offered, in the order shown.
pub const FORMATS: [OutFormat; 5] = [
    OutFormat::Zip,
    OutFormat::TarGz,
    OutFormat::TarXz,
    OutFormat::TarZst,
    OutFormat::SevenZ,
];

/// How hard to compress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effort {
    Fast,
    Normal,
    Best,
}

impl Effort {
    pub const ALL: [Effort; 3] = [Effort::Fast, Effort::Normal, Effort::Best];

    /// Its words in the dialog.
    pub fn label(self) -> String {
        match self {
            Effort::Fast => crate::i18n::fl!("compress-fast"),
            Effort::Normal => crate::i18n::fl!("compress-normal"),
            Effort::Best => crate::i18n::fl!("compress-best"),
        }
    }

    /// The level on `format`'s own scale (`None`: its default).
    pub fn level(self, format: OutFormat) -> Option<u32> {
        let zstd = format == OutFormat::TarZst;
        match self {
            Effort::Fast => Some(1),
            Effort::Normal => None,
            Effort::Best if zstd => Some(19),
            Effort::Best => Some(9),
        }
    }
}

/// What the dialog asks of the window.
#[derive(Debug)]
pub enum Event {
    Close,
    /// Create: the job to start; the dialog closes.
    Job(JobRequest),
}

/// The dialog's messages.
#[derive(Debug, Clone)]
pub enum Message {
    Name(String),
    Format(OutFormat),
    Effort(Effort),
    /// The password field changed.
    Password(Passphrase),
    Create,
    Close,
}

/// The open dialog.
#[derive(Debug)]
pub struct Compress {
    pub sources: Vec<PathBuf>,
    /// Where the archive goes: the folder shown.
    pub folder: PathBuf,
    /// The archive's name without the extension.
    pub name: String,
    pub format: OutFormat,
    pub effort: Effort,
    /// What the password field holds; used only where the format takes a password.
    pub password: Passphrase,
}

impl Compress {
    /// The dialog for `sources` in `folder`, its name field (holding `name`) with the
    /// keyboard.
    pub fn open(sources: Vec<PathBuf>, folder: PathBuf, name: String) -> (Compress, Task<Message>) {
        let dialog = Compress {
            sources,
            folder,
            name,
            format: OutFormat::Zip,
            effort: Effort::Normal,
            password: Passphrase::default(),
        };
        (dialog, iced::widget::operation::focus(NAME_INPUT))
    }

    pub fn update(&mut self, m: Message) -> (Task<Message>, Option<Event>) {
        let event = match m {
            Message::Name(typed) => {
                self.name = typed;
                None
            }
            Message::Format(f) => {
                self.format = f;
                None
            }
            Message::Effort(e) => {
                self.effort = e;
                None
            }
            Message::Password(typed) => {
                self.password = typed;
                None
            }
            Message::Create => self.file_name().map(|file| {
                Event::Job(JobRequest {
                    kind: JobKind::Compress,
                    sources: self.sources.clone(),
                    dest: self.folder.join(file),
                    modes: None,
                    compress: Some(CompressOptions {
                        format: self.format,
                        level: self.effort.level(self.format),
                        password: self.password(),
                    }),
                })
            }),
            Message::Close => Some(Event::Close),
        };
        (Task::none(), event)
    }

    /// The archive's file name: the name typed and the format's extension; `None` while
    /// what is typed cannot be a name.
    pub fn file_name(&self) -> Option<String> {
        let name = self.name.trim();
        let file = format!("{name}{}", self.format.extension());
        (!name.is_empty() && is_entry_name(std::ffi::OsStr::new(&file))).then_some(file)
    }

    /// The password the archive is locked with: what was typed, where the format takes
    /// one and something was typed.
    pub fn password(&self) -> Option<String> {
        (self.format.takes_password() && !self.password.is_empty())
            .then(|| self.password.expose().to_owned())
    }

    /// Escape closes, Enter creates (the field's Enter does too).
    pub fn key(&self, k: &KeyPress) -> Option<Message> {
        match k.key.as_ref() {
            Key::Named(Named::Escape) => Some(Message::Close),
            Key::Named(Named::Enter) if !k.captured => Some(Message::Create),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_is_named_with_its_format_and_a_name_that_cannot_be_is_refused() {
        let (mut d, _) = Compress::open(vec!["/a/photos".into()], "/a".into(), "photos".into());
        assert_eq!(d.file_name().as_deref(), Some("photos.zip"));
        let _ = d.update(Message::Format(OutFormat::TarZst));
        assert_eq!(d.file_name().as_deref(), Some("photos.tar.zst"));
        let _ = d.update(Message::Effort(Effort::Best));
        let (_, event) = d.update(Message::Create);
        match event {
            Some(Event::Job(r)) => {
                assert_eq!(r.dest, PathBuf::from("/a/photos.tar.zst"));
                assert_eq!(r.compress.and_then(|c| c.level), Some(19));
            }
            other => panic!("{other:?}"),
        }
        let _ = d.update(Message::Name("a/b".into()));
        assert_eq!(d.file_name(), None);
        assert!(d.update(Message::Create).1.is_none());
    }

    #[test]
    fn a_password_goes_with_zip_and_7z_only_and_an_empty_one_is_none() {
        let (mut d, _) = Compress::open(vec!["/a/photos".into()], "/a".into(), "photos".into());
        let locked = |d: &mut Compress| match d.update(Message::Create).1 {
            Some(Event::Job(r)) => r.compress.and_then(|c| c.password),
            other => panic!("{other:?}"),
        };
        assert_eq!(locked(&mut d), None);
        let _ = d.update(Message::Password(Passphrase::new("s3cret".into())));
        assert_eq!(locked(&mut d), Some("s3cret".into()));
        let _ = d.update(Message::Format(OutFormat::SevenZ));
        assert_eq!(locked(&mut d), Some("s3cret".into()));
        let _ = d.update(Message::Format(OutFormat::TarXz));
        assert_eq!(locked(&mut d), None);
        let _ = d.update(Message::Format(OutFormat::Zip));
        let _ = d.update(Message::Password(Passphrase::default()));
        assert_eq!(locked(&mut d), None);
    }
}
