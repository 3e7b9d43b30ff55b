//! A picture's facts for the information panel: its size as shown (read from its header
//! only, the EXIF orientation applied), and the camera and the date it was taken where its
//! EXIF data says.

use std::io::{BufReader, Read};
use std::path::Path;

use exif::{In, Tag, Value};

use super::{EXIF_LIMIT, PreviewError, open};
use crate::error::{IoError, Op};

/// What a picture's header and EXIF data tell.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PictureFacts {
    /// Width and height as the picture is shown (turned as its orientation says).
    pub size: Option<(u32, u32)>,
    /// The camera's maker and model (`Canon EOS 80D`).
    pub camera: Option<String>,
    /// When it was taken, as the camera wrote it (`2024-05-01 12:34:56`).
    pub taken: Option<String>,
}

/// The facts of the picture in `path`; a part its data does not hold is `None`.
pub fn picture_facts(path: &Path) -> Result<PictureFacts, PreviewError> {
    let (file, _) = open::regular_file(path)?;
    let mut reader = BufReader::new(file.take(EXIF_LIMIT));
    let exif = exif::Reader::new().read_from_container(&mut reader).ok();
    let size = header_size(path)?;
    let turned = exif
        .as_ref()
        .and_then(|e| e.get_field(Tag::Orientation, In::PRIMARY))
        .and_then(|f| f.value.get_uint(0))
        .is_some_and(|o| (5..=8).contains(&o));
    Ok(PictureFacts {
        size: size.map(|(w, h)| if turned { (h, w) } else { (w, h) }),
        camera: exif.as_ref().and_then(camera),
        taken: exif.as_ref().and_then(taken),
    })
}

/// The size its header states (nothing decoded), or `None` for a format not known here.
fn header_size(path: &Path) -> Result<Option<(u32, u32)>, PreviewError> {
    let (file, _) = open::regular_file(path)?;
    let reader = image::ImageReader::new(BufReader::new(file))
        .with_guessed_format()
        .map_err(|e| IoError::new(Op::Read, path, e))?;
    Ok(reader.into_dimensions().ok())
}

/// "Maker Model", the maker left out where the model already starts with it.
fn camera(exif: &exif::Exif) -> Option<String> {
    let maker = ascii(exif, Tag::Make);
    let model = ascii(exif, Tag::Model);
    match (maker, model) {
        (Some(maker), Some(model)) if model.to_lowercase().starts_with(&maker.to_lowercase()) => {
            Some(model)
        }
        (Some(maker), Some(model)) => Some(format!("{maker} {model}")),
        (maker, model) => maker.or(model),
    }
}

/// When it was taken: the original date, else the digitised one, else the file's.
fn taken(exif: &exif::Exif) -> Option<String> {
    [Tag::DateTimeOriginal, Tag::DateTimeDigitized, Tag::DateTime]
        .into_iter()
        .find_map(|tag| {
            let field = exif.get_field(tag, In::PRIMARY)?;
            let Value::Ascii(parts) = &field.value else {
                return None;
            };
            let d = exif::DateTime::from_ascii(parts.first()?).ok()?;
            Some(format!(
                "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
                d.year, d.month, d.day, d.hour, d.minute, d.second
            ))
        })
}

/// A text field's first value, trimmed; `None` when empty or not text.
fn ascii(exif: &exif::Exif, tag: Tag) -> Option<String> {
    let field = exif.get_field(tag, In::PRIMARY)?;
    let Value::Ascii(parts) = &field.value else {
        return None;
    };
    let words = String::from_utf8_lossy(parts.first()?);
    let words = words.trim_matches(|c: char| c.is_whitespace() || c == '\0');
    (!words.is_empty()).then(|| words.to_owned())
}
