//! Thumbnail PNGs: written with their `Thumb::` tags as tEXt chunks (RGB when every pixel
//! is opaque, else RGBA), and read back as straight RGBA with the tags, from tEXt, zTXt or
//! iTXt, before or after the image data (Qt, which KDE writes with, compresses long ones).

use std::io::{BufRead, Seek, Write};

/// The tags a thumbnail is checked by.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Tags {
    pub uri: Option<String>,
    pub mtime: Option<String>,
    pub size: Option<String>,
}

/// A PNG read whole.
pub(super) struct Decoded {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
    pub tags: Tags,
}

/// Encode straight RGBA pixels as a PNG with the given text chunks.
pub(super) fn encode(
    out: impl Write,
    width: u32,
    height: u32,
    rgba: &[u8],
    texts: &[(&str, String)],
) -> Result<(), png::EncodingError> {
    let opaque = rgba.chunks_exact(4).all(|p| p[3] == u8::MAX);
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_depth(png::BitDepth::Eight);
    // Fast deflate: photos compress little more with the slow ones, and this runs per file.
    encoder.set_compression(png::Compression::Fast);
    for (key, value) in texts {
        encoder.add_text_chunk((*key).to_owned(), value.clone())?;
    }
    if opaque {
        encoder.set_color(png::ColorType::Rgb);
        let rgb: Vec<u8> = rgba
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&rgb)?;
        writer.finish()
    } else {
        encoder.set_color(png::ColorType::Rgba);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(rgba)?;
        writer.finish()
    }
}

/// Decode a PNG's first image as RGBA (8 bits), with its tags; `max_bytes` bounds what
/// decoding may allocate.
pub(super) fn decode(
    input: impl BufRead + Seek,
    max_bytes: usize,
) -> Result<Decoded, png::DecodingError> {
    let mut decoder = png::Decoder::new_with_limits(input, png::Limits { bytes: max_bytes });
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info()?;
    let len = reader
        .output_buffer_size()
        .ok_or(png::DecodingError::LimitsExceeded)?;
    let mut buf = vec![0; len];
    let frame = reader.next_frame(&mut buf)?;
    buf.truncate(frame.buffer_size());
    let (width, height) = (frame.width, frame.height);
    let rgba = to_rgba(buf, frame.color_type);
    // Tags may follow the image data; a damaged tail after it loses only those.
    let _ = reader.finish();
    let tags = tags(reader.info());
    Ok(Decoded {
        width,
        height,
        rgba,
        tags,
    })
}

fn to_rgba(buf: Vec<u8>, color: png::ColorType) -> Vec<u8> {
    match color {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], u8::MAX])
            .collect(),
        png::ColorType::GrayscaleAlpha => buf
            .chunks_exact(2)
            .flat_map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        // Grayscale (palettes are expanded to RGB(A) by the transformations).
        png::ColorType::Grayscale | png::ColorType::Indexed => {
            buf.iter().flat_map(|&g| [g, g, g, u8::MAX]).collect()
        }
    }
}

fn tags(info: &png::Info) -> Tags {
    let mut tags = Tags::default();
    let mut put = |key: &str, value: String| {
        let slot = match key {
            "Thumb::URI" => &mut tags.uri,
            "Thumb::MTime" => &mut tags.mtime,
            "Thumb::Size" => &mut tags.size,
            _ => return,
        };
        slot.get_or_insert(value);
    };
    for t in &info.uncompressed_latin1_text {
        put(&t.keyword, t.text.clone());
    }
    for t in &info.compressed_latin1_text {
        if let Ok(text) = t.get_text() {
            put(&t.keyword, text);
        }
    }
    for t in &info.utf8_text {
        if let Ok(text) = t.get_text() {
            put(&t.keyword, text);
        }
    }
    tags
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_pixels_come_back() {
        let rgba = [1, 2, 3, 255, 4, 5, 6, 128];
        let mut out = Vec::new();
        let texts = [
            ("Thumb::URI", "file:///a".to_owned()),
            ("Thumb::MTime", "12".to_owned()),
        ];
        encode(&mut out, 2, 1, &rgba, &texts).expect("encode");
        let back = decode(std::io::Cursor::new(out), 1 << 20).expect("decode");
        assert_eq!((back.width, back.height), (2, 1));
        assert_eq!(back.rgba, rgba);
        assert_eq!(back.tags.uri.as_deref(), Some("file:///a"));
        assert_eq!(back.tags.mtime.as_deref(), Some("12"));
        assert_eq!(back.tags.size, None);
    }
}
