//! Pictures the tests make: photos of a given size and colour as JPEG (with EXIF data of
//! their own where asked) and PNG, and hostile ones (a header claiming a huge size, a
//! file cut short).

use std::path::Path;

/// A `w`×`h` picture of one colour, with a darker band along its top so turning shows.
pub fn plain(w: u32, h: u32, colour: [u8; 3]) -> image::RgbImage {
    image::RgbImage::from_fn(w, h, |_, y| {
        if y < h / 10 {
            image::Rgb(colour.map(|c| c / 4))
        } else {
            image::Rgb(colour)
        }
    })
}

/// A `w`×`h` picture of about `colour`, each channel of each pixel off by up to
/// `spread` either way (seeded): detail as a photo's, which JPEG cannot make small.
pub fn grainy(w: u32, h: u32, colour: [u8; 3], spread: u8) -> image::RgbImage {
    let mut rng = crate::rng::Rng(w as u64 * 31 + h as u64);
    let width = usize::from(spread) * 2 + 1;
    image::RgbImage::from_fn(w, h, |_, _| {
        image::Rgb(colour.map(|c| {
            let off = rng.below(width) as i32 - i32::from(spread);
            (i32::from(c) + off).clamp(0, 255) as u8
        }))
    })
}

/// `img` as a JPEG of quality 90.
pub fn jpeg(img: &image::RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90)
        .encode_image(img)
        .expect("encode a jpeg");
    out
}

/// `img` as a PNG.
pub fn png(img: &image::RgbImage) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .expect("encode a png");
    out.into_inner()
}

/// What an EXIF segment says of a photo.
#[derive(Debug, Clone, Default)]
pub struct Exif<'a> {
    pub make: &'a str,
    pub model: &'a str,
    /// `YYYY:MM:DD HH:MM:SS`, as cameras write it.
    pub taken: &'a str,
    /// 1 (as stored) to 8; 6 means "turn a quarter clockwise to show".
    pub orientation: u16,
}

/// `jpeg` with an EXIF APP1 segment after its start marker, written here byte by byte
/// (big-endian TIFF: IFD0 with Make, Model, Orientation and a pointer to the Exif IFD,
/// which holds DateTimeOriginal).
pub fn with_exif(jpeg: &[u8], exif: &Exif<'_>) -> Vec<u8> {
    let text = |s: &str| {
        let mut v = s.as_bytes().to_vec();
        v.push(0);
        v
    };
    let (make, model, taken) = (text(exif.make), text(exif.model), text(exif.taken));
    // IFD0 at 8: 4 entries; the Exif IFD after it: 1 entry; then the values.
    let ifd0_len = 2 + 4 * 12 + 4;
    let exif_ifd_at = 8 + ifd0_len;
    let exif_ifd_len = 2 + 12 + 4;
    let mut values_at = (exif_ifd_at + exif_ifd_len) as u32;
    let mut values = Vec::new();
    let mut place = |bytes: &[u8]| {
        let at = values_at;
        values.extend_from_slice(bytes);
        values_at += bytes.len() as u32;
        at
    };
    let (make_at, model_at, taken_at) = (place(&make), place(&model), place(&taken));
    let entry = |tag: u16, kind: u16, count: u32, value: u32| {
        let mut e = Vec::new();
        e.extend_from_slice(&tag.to_be_bytes());
        e.extend_from_slice(&kind.to_be_bytes());
        e.extend_from_slice(&count.to_be_bytes());
        e.extend_from_slice(&value.to_be_bytes());
        e
    };
    let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
    tiff.extend_from_slice(&4u16.to_be_bytes());
    tiff.extend(entry(0x010f, 2, make.len() as u32, make_at));
    tiff.extend(entry(0x0110, 2, model.len() as u32, model_at));
    // A SHORT sits in the first two bytes of the value field.
    tiff.extend(entry(
        0x0112,
        3,
        1,
        u32::from(exif.orientation.max(1)) << 16,
    ));
    tiff.extend(entry(0x8769, 4, 1, exif_ifd_at as u32));
    tiff.extend_from_slice(&0u32.to_be_bytes());
    tiff.extend_from_slice(&1u16.to_be_bytes());
    tiff.extend(entry(0x9003, 2, taken.len() as u32, taken_at));
    tiff.extend_from_slice(&0u32.to_be_bytes());
    tiff.extend_from_slice(&values);
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend_from_slice(&tiff);
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xff, 0xe1]);
    out.extend_from_slice(&((app1.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(&app1);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// A PNG whose header claims `w`×`h` pixels (RGBA) and that holds the first row of them
/// only, then ends.
pub fn png_claiming(w: u32, h: u32) -> Vec<u8> {
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    // 8 bits, RGBA, deflate, no filter method but the standard one, not interlaced.
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    let mut row = vec![0u8; 1 + 4 * w as usize];
    row[0] = 0; // no filter
    let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut zlib, &row).expect("compress a row");
    let data = zlib.finish().expect("compress a row");
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    png_chunk(&mut out, b"IHDR", &ihdr);
    png_chunk(&mut out, b"IDAT", &data);
    out
}

/// A PNG chunk: its length, kind, data and CRC.
fn png_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let mut crc = flate2::Crc::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    out.extend_from_slice(&crc.sum().to_be_bytes());
}

/// A JPEG whose frame header claims `w`×`h` pixels (at most 65535 each), its data that of
/// a small picture.
pub fn jpeg_claiming(w: u16, h: u16) -> Vec<u8> {
    let mut data = jpeg(&plain(64, 64, [200, 40, 40]));
    let sof = data
        .windows(2)
        .position(|p| p == [0xff, 0xc0])
        .expect("a frame header");
    data[sof + 5..sof + 7].copy_from_slice(&h.to_be_bytes());
    data[sof + 7..sof + 9].copy_from_slice(&w.to_be_bytes());
    data
}

/// Write `bytes` to `path`.
pub fn write(path: &Path, bytes: &[u8]) {
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
}
