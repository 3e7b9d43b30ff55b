//! Previews of real files in a temp folder: a photo scaled to the box and turned as its
//! EXIF says, its facts, text in its encoding, and hostile files (a huge claimed size, a
//! file cut short, a 2 GB text, a fifo) that fail at once with bounded memory.

use std::path::Path;
use std::time::{Duration, Instant};

use porpoise_engine::preview::{self, PreviewError, TEXT_LIMIT};
use porpoise_engine::thumbs::ThumbError;
use porpoise_testkit::pictures::{self, Exif};

fn pixel(p: &preview::Picture, x: u32, y: u32) -> [u8; 3] {
    let i = ((y * p.width + x) * 4) as usize;
    [p.rgba[i], p.rgba[i + 1], p.rgba[i + 2]]
}

#[test]
fn a_photo_is_scaled_to_the_box_and_turned() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("photo.jpg");
    let jpeg = pictures::jpeg(&pictures::plain(4000, 3000, [30, 160, 60]));
    let exif = Exif {
        orientation: 6,
        ..Exif::default()
    };
    pictures::write(&path, &pictures::with_exif(&jpeg, &exif));
    let p = preview::picture(&path, 800).expect("a picture");
    assert_eq!(p.original, (4000, 3000));
    // Turned a quarter: 600 wide, 800 high; the dark band (the top) is now on the right.
    assert_eq!((p.width, p.height), (600, 800));
    assert_eq!(p.rgba.len(), 600 * 800 * 4);
    let middle = pixel(&p, 300, 400);
    assert!(middle[1] > 130 && middle[0] < 60, "green: {middle:?}");
    let right = pixel(&p, 595, 400);
    assert!(right[1] < 60, "the dark band on the right: {right:?}");
}

#[test]
fn a_photo_s_facts_come_from_its_header_and_exif() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("camera.jpg");
    let jpeg = pictures::jpeg(&pictures::plain(640, 480, [200, 200, 40]));
    let exif = Exif {
        make: "Canon",
        model: "Canon EOS 80D",
        taken: "2024:05:01 12:34:56",
        orientation: 8,
    };
    pictures::write(&path, &pictures::with_exif(&jpeg, &exif));
    let facts = preview::picture_facts(&path).expect("facts");
    assert_eq!(facts.size, Some((480, 640)));
    assert_eq!(facts.camera.as_deref(), Some("Canon EOS 80D"));
    assert_eq!(facts.taken.as_deref(), Some("2024-05-01 12:34:56"));

    let plain = dir.path().join("plain.png");
    pictures::write(&plain, &pictures::png(&pictures::plain(30, 20, [0, 0, 0])));
    let facts = preview::picture_facts(&plain).expect("facts");
    assert_eq!(facts.size, Some((30, 20)));
    assert_eq!((facts.camera, facts.taken), (None, None));
}

#[test]
fn text_is_read_in_its_encoding_and_binary_refused() {
    let dir = tempfile::tempdir().unwrap();
    let latin = dir.path().join("latin.txt");
    std::fs::write(
        &latin,
        b"Gr\xfc\xdfe aus der Stra\xdfe, sch\xf6ne Gr\xfc\xdfe und \xe4hnliches.\n",
    )
    .unwrap();
    let t = preview::text(&latin).expect("text");
    assert_eq!(t.encoding, "windows-1252");
    assert!(t.text.starts_with("Grüße aus der Straße"), "{}", t.text);
    assert!(!t.cut);

    let elf = dir.path().join("program");
    std::fs::copy("/bin/true", &elf).unwrap();
    assert!(matches!(
        preview::text(&elf),
        Err(PreviewError::Binary { .. })
    ));
}

/// A sparse 2 GB text file: only its first 200 KiB are read, at once.
#[test]
fn a_two_gigabyte_text_reads_only_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.log");
    let line = "first line of a very long log\n";
    let file = std::fs::File::create(&path).unwrap();
    std::io::Write::write_all(&mut &file, line.repeat(10_000).as_bytes()).unwrap();
    file.set_len(2 << 30).unwrap();
    let start = Instant::now();
    let t = preview::text(&path).expect("text");
    assert!(start.elapsed() < Duration::from_secs(10), "liveness");
    assert!(t.cut);
    assert!(t.text.starts_with(line));
    assert!(t.text.len() <= TEXT_LIMIT);
}

/// A fifo is refused at once: nothing waits for a writer.
#[test]
fn a_fifo_is_not_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pipe");
    rustix::fs::mknodat(
        rustix::fs::CWD,
        &path,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o644),
        0,
    )
    .unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let p = path.clone();
    std::thread::spawn(move || {
        let text = preview::text(&p);
        let picture = preview::picture(&p, 500);
        let facts = preview::picture_facts(&p);
        let _ = tx.send((text, picture, facts));
    });
    let (text, picture, facts) = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the fifo was refused, not waited on");
    assert!(matches!(text, Err(PreviewError::NotAFile { .. })));
    assert!(matches!(picture, Err(PreviewError::NotAFile { .. })));
    assert!(matches!(facts, Err(PreviewError::NotAFile { .. })));
}

fn too_large(path: &Path) -> bool {
    matches!(
        preview::picture(path, 1000),
        Err(PreviewError::Picture(ThumbError::TooLarge { .. }))
    )
}

#[test]
fn hostile_pictures_fail_without_decoding() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("claims.png");
    pictures::write(&png, &pictures::png_claiming(30000, 30000));
    // Refused as too large, or as holding too little, before its pixels are set aside
    // (preview_memory.rs measures that).
    assert!(preview::picture(&png, 1000).is_err());
    let empty = dir.path().join("empty.png");
    pictures::write(&empty, &pictures::png_claiming(30000, 30000)[..33]);
    assert!(preview::picture(&empty, 1000).is_err());
    let jpeg = dir.path().join("claims.jpg");
    pictures::write(&jpeg, &pictures::jpeg_claiming(60000, 60000));
    assert!(too_large(&jpeg));

    let whole = pictures::jpeg(&pictures::plain(800, 600, [10, 10, 200]));
    let cut = dir.path().join("cut.jpg");
    pictures::write(&cut, &whole[..whole.len() / 2]);
    assert!(matches!(
        preview::picture(&cut, 500),
        Err(PreviewError::Picture(ThumbError::Decode { .. }))
    ));
    let cut_png = dir.path().join("cut.png");
    let png_bytes = pictures::png(&pictures::plain(800, 600, [10, 10, 200]));
    pictures::write(&cut_png, &png_bytes[..png_bytes.len() / 2]);
    assert!(preview::picture(&cut_png, 500).is_err());
}
