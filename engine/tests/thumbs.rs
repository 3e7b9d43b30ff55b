//! Thumbnails on real files in temp folders, checked against the desktop's own tools: the
//! cache file's name is the MD5 (`md5sum`) of the URI GLib gives the file (`gio info`),
//! its tags as an independent chunk reader finds them and as GLib judges them
//! (`thumbnail::is-valid`), 0600; a thumbnail the real `gdk-pixbuf-thumbnailer` made is
//! used; a changed file gets a new one; unreadable images get a fail marker and are not
//! decoded again; hundreds of damaged JPEGs neither panic nor hang; cancelling drops
//! queued work; a hanging external thumbnailer is killed at the timeout with its whole
//! process group; nothing on the rig's FUSE "network share" unless allowed; EXIF
//! orientation; progressive, greyscale and CMYK JPEGs; the skip reasons.

use std::collections::HashMap;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant, SystemTime};

use porpoise_engine::events::Next;
use porpoise_engine::mime::MimeDb;
use porpoise_engine::mounts::{self, MountClass};
use porpoise_engine::thumbs::{
    Request, Setup, SkipReason, ThumbCache, ThumbError, ThumbEvent, ThumbOutcome, ThumbSize,
    Thumbnailer, Thumbnailers, slow_mount_allowed,
};
use porpoise_testkit::rng::Rng;
use porpoise_testkit::{PATIENCE, have, skip};

static DB: LazyLock<Arc<MimeDb>> = LazyLock::new(|| Arc::new(MimeDb::load()));

/// A temp folder with files, a cache and a data folder for thumbnailers.
struct Desk {
    dir: tempfile::TempDir,
}

impl Desk {
    fn new() -> Desk {
        Desk {
            dir: tempfile::tempdir().expect("tempdir"),
        }
    }

    fn path(&self, name: impl AsRef<OsStr>) -> PathBuf {
        self.dir.path().join(name.as_ref())
    }

    /// A file `name` holding `contents`; its path.
    fn file(&self, name: impl AsRef<OsStr>, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, contents).expect("write");
        path
    }

    fn cache_root(&self) -> PathBuf {
        self.path("cache/thumbnails")
    }

    fn setup(&self, thumbnailers: Thumbnailers) -> Setup {
        Setup::new(ThumbCache::new(self.cache_root()), DB.clone(), thumbnailers)
    }

    fn start(&self) -> (Thumbnailer, Events) {
        let (t, rx) = Thumbnailer::start(self.setup(Thumbnailers::none()));
        (t, Events::new(rx))
    }

    /// A thumbnailer for PDFs (`%i %o`) that runs `script`, in a data folder of its own.
    fn hanging_thumbnailers(&self) -> Thumbnailers {
        let script = self.path("hang.sh");
        let text = format!(
            "#!/bin/sh\nsleep 600 &\necho $! > '{0}/sleep.pid'\necho $$ > '{0}/sh.pid'\nwait\n",
            self.dir.path().display()
        );
        std::fs::write(&script, text).expect("script");
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let data = self.path("data");
        std::fs::create_dir_all(data.join("thumbnailers")).expect("mkdir");
        std::fs::write(
            data.join("thumbnailers/hang.thumbnailer"),
            format!(
                "[Thumbnailer Entry]\nTryExec={0}\nExec={0} %i %o %s\nMimeType=application/pdf;\n",
                script.display()
            ),
        )
        .expect("thumbnailer file");
        Thumbnailers::load(&[data])
    }

    fn pid(&self, name: &str) -> Option<i32> {
        std::fs::read_to_string(self.path(name))
            .ok()
            .and_then(|t| t.trim().parse().ok())
    }
}

/// The events received so far, by path and size.
struct Events {
    rx: porpoise_engine::events::Events<ThumbEvent>,
    seen: Vec<ThumbEvent>,
}

impl Events {
    fn new(rx: porpoise_engine::events::Events<ThumbEvent>) -> Events {
        Events {
            rx,
            seen: Vec::new(),
        }
    }

    /// The outcome for `path` at `size`, waiting for it (generously); taken from the seen.
    fn wait(&mut self, path: &Path, size: ThumbSize) -> ThumbOutcome {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(i) = self
                .seen
                .iter()
                .position(|e| e.path == path && e.size == size)
            {
                return self.seen.remove(i).outcome;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.next_timeout(left) {
                Next::Event(e) => self.seen.push(e),
                Next::Waiting | Next::Ended => {
                    panic!("no event for {} at {size:?}", path.display())
                }
            }
        }
    }
}

fn ask(t: &Thumbnailer, events: &mut Events, path: &Path, size: ThumbSize) -> ThumbOutcome {
    t.request(Request::new(path.to_owned(), size));
    events.wait(path, size)
}

fn ready(outcome: ThumbOutcome) -> porpoise_engine::thumbs::Thumb {
    match outcome {
        ThumbOutcome::Ready(t) => t,
        other => panic!("expected a thumbnail, got {other:?}"),
    }
}

/// A picture with gradients and detail, `w`×`h`.
fn picture(w: u32, h: u32) -> image::RgbImage {
    image::RgbImage::from_fn(w, h, |x, y| {
        let r = (x * 255 / w.max(1)) as u8;
        let g = (y * 255 / h.max(1)) as u8;
        let b = ((x ^ y) & 0xff) as u8;
        image::Rgb([r, g, b])
    })
}

fn write_png(path: &Path, img: &image::RgbImage) {
    img.save_with_format(path, image::ImageFormat::Png)
        .expect("write png");
}

fn jpeg_bytes(img: &image::RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90)
        .encode_image(img)
        .expect("encode jpeg");
    out
}

/// `jpeg` with an EXIF segment whose orientation is `orientation`.
fn with_orientation(jpeg: &[u8], orientation: u16) -> Vec<u8> {
    let exif = porpoise_testkit::pictures::Exif {
        orientation,
        ..Default::default()
    };
    porpoise_testkit::pictures::with_exif(jpeg, &exif)
}

/// The tEXt chunks of a PNG, read here by hand (independent of the engine's reader).
fn text_chunks(png: &[u8]) -> HashMap<String, String> {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    let mut out = HashMap::new();
    let mut i = 8;
    while i + 8 <= png.len() {
        let len = u32::from_be_bytes(png[i..i + 4].try_into().expect("4 bytes")) as usize;
        let kind = &png[i + 4..i + 8];
        let data = &png[i + 8..i + 8 + len];
        if kind == b"tEXt" {
            let nul = data.iter().position(|&b| b == 0).expect("keyword end");
            out.insert(
                String::from_utf8_lossy(&data[..nul]).into_owned(),
                String::from_utf8_lossy(&data[nul + 1..]).into_owned(),
            );
        }
        i += 12 + len;
    }
    out
}

/// `png` with tEXt chunks added after its header, as GNOME's thumbnail factory tags what a
/// thumbnailer wrote.
fn add_text_chunks(png: &[u8], texts: &[(&str, String)]) -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xffff_ffffu32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 != 0 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    let header_end = 8 + 12 + 13;
    let mut out = png[..header_end].to_vec();
    for (key, value) in texts {
        let mut body = b"tEXt".to_vec();
        body.extend_from_slice(key.as_bytes());
        body.push(0);
        body.extend_from_slice(value.as_bytes());
        out.extend_from_slice(&((body.len() - 4) as u32).to_be_bytes());
        out.extend_from_slice(&body);
        out.extend_from_slice(&crc32(&body).to_be_bytes());
    }
    out.extend_from_slice(&png[header_end..]);
    out
}

/// The URI GLib gives `path` (`gio info`), or `None` (skipped) without `gio`.
fn glib_uri(path: &Path) -> Option<String> {
    if !have("gio") {
        skip("gio (libglib2.0-bin) is not installed");
        return None;
    }
    let out = Command::new("gio")
        .arg("info")
        .arg(path)
        .output()
        .expect("gio");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    Some(
        text.lines()
            .find_map(|l| l.strip_prefix("uri: "))
            .unwrap_or_else(|| panic!("gio info printed no uri: {text}"))
            .to_owned(),
    )
}

/// `md5sum` of `text`.
fn md5sum(text: &str) -> String {
    use std::io::Write;
    let mut child = Command::new("md5sum")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("md5sum");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(text.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("md5sum output");
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .next()
        .expect("a sum")
        .to_owned()
}

/// What GLib says of the thumbnail of `path` in the cache under `cache_home`.
fn glib_thumbnail(path: &Path, cache_home: &Path) -> (Option<PathBuf>, Option<bool>) {
    let out = Command::new("gio")
        .args(["info", "-a", "thumbnail::*"])
        .arg(path)
        .env("XDG_CACHE_HOME", cache_home)
        .output()
        .expect("gio info");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let file = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("thumbnail::path: "))
        .map(PathBuf::from);
    let valid = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("thumbnail::is-valid: "))
        .map(|v| v == "TRUE");
    (file, valid)
}

fn mtime_secs(path: &Path) -> i64 {
    std::fs::metadata(path).expect("stat").mtime()
}

/// Sets the file's modification time 100 seconds ahead, so it reads as changed since.
fn modified_later(file: &Path) {
    let later = SystemTime::now() + Duration::from_secs(100);
    std::fs::File::options()
        .write(true)
        .open(file)
        .and_then(|f| f.set_modified(later))
        .expect("set mtime");
}

#[test]
fn thumbnails_are_named_by_the_uri_glib_gives_and_tagged() {
    let desk = Desk::new();
    // `;`, a space, `#`, `[`, a byte that is no UTF-8, and what GLib leaves as it is.
    let name = OsStr::from_bytes(b"a;b c#[x]&=@,$!\xe9.png");
    let file = desk.path(name);
    write_png(&file, &picture(600, 400));
    let Some(uri) = glib_uri(&file) else { return };
    let (t, mut events) = desk.start();
    for (size, expected_size) in [
        (ThumbSize::Large, (256, 171)),
        (ThumbSize::Normal, (128, 85)),
    ] {
        let thumb = ready(ask(&t, &mut events, &file, size));
        let expected = desk
            .cache_root()
            .join(size.dir_name())
            .join(format!("{}.png", md5sum(&uri)));
        assert_eq!(thumb.file, expected);
        let meta = std::fs::metadata(&expected).expect("the thumbnail is there");
        assert_eq!(meta.permissions().mode() & 0o777, 0o600);
        let tags = text_chunks(&std::fs::read(&expected).expect("read"));
        assert_eq!(tags.get("Thumb::URI"), Some(&uri));
        assert_eq!(
            tags.get("Thumb::MTime"),
            Some(&mtime_secs(&file).to_string())
        );
        assert_eq!(
            tags.get("Thumb::Size"),
            Some(&std::fs::metadata(&file).expect("stat").len().to_string())
        );
        assert_eq!((thumb.width, thumb.height), expected_size);
        assert_eq!(thumb.rgba.len(), (thumb.width * thumb.height * 4) as usize);
    }
    // GLib finds ours where it looks and judges it valid.
    let (found, valid) = glib_thumbnail(&file, &desk.path("cache"));
    assert_eq!(
        found,
        Some(
            desk.cache_root()
                .join("large")
                .join(format!("{}.png", md5sum(&uri)))
        )
    );
    assert_eq!(valid, Some(true), "GLib takes our thumbnail as valid");
    // No temp file is left beside it.
    let left: Vec<_> = std::fs::read_dir(desk.cache_root().join("large"))
        .expect("large")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left.len(), 1, "only the thumbnail: {left:?}");
}

#[test]
fn a_thumbnail_gdk_pixbuf_made_is_used() {
    if !have("gdk-pixbuf-thumbnailer") {
        skip("gdk-pixbuf-thumbnailer (libgdk-pixbuf2.0-bin) is not installed");
        return;
    }
    let desk = Desk::new();
    let file = desk.path("photo.png");
    write_png(&file, &picture(600, 400));
    let Some(uri) = glib_uri(&file) else { return };
    let theirs = desk
        .cache_root()
        .join("large")
        .join(format!("{}.png", md5sum(&uri)));
    std::fs::create_dir_all(theirs.parent().expect("large")).expect("mkdir");
    // 64 pixels: not what we would make at "large", so its use shows.
    let made = desk.path("gdk.png");
    porpoise_testkit::run(
        Command::new("gdk-pixbuf-thumbnailer")
            .args(["-s", "64"])
            .arg(&file)
            .arg(&made),
    );
    let bytes = std::fs::read(&made).expect("its output");
    assert!(
        !text_chunks(&bytes).contains_key("Thumb::URI"),
        "gdk-pixbuf-thumbnailer writes no tags: the factory adds them"
    );
    let tagged = add_text_chunks(
        &bytes,
        &[
            ("Thumb::URI", uri.clone()),
            ("Thumb::MTime", mtime_secs(&file).to_string()),
        ],
    );
    std::fs::write(&theirs, tagged).expect("write");
    assert_eq!(
        glib_thumbnail(&file, &desk.path("cache")).1,
        Some(true),
        "GLib takes it as valid"
    );
    let inode = std::fs::metadata(&theirs).expect("stat").ino();
    let (t, mut events) = desk.start();
    let thumb = ready(ask(&t, &mut events, &file, ThumbSize::Large));
    assert_eq!(thumb.file, theirs);
    assert_eq!((thumb.width, thumb.height), (64, 43));
    assert_eq!(std::fs::metadata(&theirs).expect("stat").ino(), inode);
}

#[test]
fn a_changed_file_gets_a_new_thumbnail() {
    let desk = Desk::new();
    let file = desk.path("changes.png");
    write_png(&file, &picture(600, 400));
    let (t, mut events) = desk.start();
    let first = ready(ask(&t, &mut events, &file, ThumbSize::Large));
    assert_eq!((first.width, first.height), (256, 171));
    let before = mtime_secs(&file);
    write_png(&file, &picture(300, 600));
    modified_later(&file);
    let second = ready(ask(&t, &mut events, &file, ThumbSize::Large));
    assert_eq!(second.file, first.file);
    assert_eq!((second.width, second.height), (128, 256));
    let tags = text_chunks(&std::fs::read(&second.file).expect("read"));
    let mtime = mtime_secs(&file);
    assert_ne!(mtime, before);
    assert_eq!(tags.get("Thumb::MTime"), Some(&mtime.to_string()));
}

#[test]
fn unreadable_images_are_marked_and_not_decoded_again() {
    let desk = Desk::new();
    let garbage = desk.file(
        "garbage.png",
        b"this is no picture at all, only words".repeat(20),
    );
    let jpeg = jpeg_bytes(&picture(400, 300));
    let truncated = desk.file("truncated.jpg", &jpeg[..jpeg.len() / 3]);
    let damaged = desk.path("damaged.jpg");
    let mut bad = jpeg.clone();
    // The start of scan's table selectors and the first entropy-coded bytes overwritten.
    let sos = bad
        .windows(2)
        .position(|w| w == [0xff, 0xda])
        .expect("a scan");
    for b in &mut bad[sos + 4..sos + 64] {
        *b = 0xff;
    }
    std::fs::write(&damaged, &bad).expect("write");
    let (t, mut events) = desk.start();
    let cache = ThumbCache::new(desk.cache_root());
    for file in [&garbage, &truncated, &damaged] {
        match ask(&t, &mut events, file, ThumbSize::Normal) {
            ThumbOutcome::Failed(Some(ThumbError::Decode { path, .. })) => assert_eq!(&path, file),
            other => panic!(
                "{}: expected a decoding failure, got {other:?}",
                file.display()
            ),
        }
        let uri = porpoise_engine::uri::file_uri(file);
        let marker = cache.fail_path(&uri);
        assert!(
            marker.starts_with(desk.cache_root().join("fail/porpoise-0.1.0")),
            "{}",
            marker.display()
        );
        let bytes = std::fs::read(&marker).expect("a fail marker");
        let tags = text_chunks(&bytes);
        assert_eq!(tags.get("Thumb::URI"), Some(&uri));
        assert_eq!(
            tags.get("Thumb::MTime"),
            Some(&mtime_secs(file).to_string())
        );
        let meta = std::fs::metadata(&marker).expect("stat");
        assert_eq!(meta.permissions().mode() & 0o777, 0o600);
        let stamp = (meta.ino(), meta.mtime(), meta.mtime_nsec());
        // Again, for another size too: the marker answers, nothing is decoded or written.
        for size in [ThumbSize::Normal, ThumbSize::Large] {
            match ask(&t, &mut events, file, size) {
                ThumbOutcome::Failed(Some(ThumbError::FailedBefore { marker: m, .. })) => {
                    assert_eq!(m, marker)
                }
                other => panic!("expected the marker's answer, got {other:?}"),
            }
        }
        let meta = std::fs::metadata(&marker).expect("stat");
        assert_eq!((meta.ino(), meta.mtime(), meta.mtime_nsec()), stamp);
        assert!(!cache.thumbnail_path(&uri, ThumbSize::Normal).exists());
    }
    // Changed, it is tried again (and fails again, freshly).
    modified_later(&garbage);
    assert!(matches!(
        ask(&t, &mut events, &garbage, ThumbSize::Normal),
        ThumbOutcome::Failed(Some(ThumbError::Decode { .. }))
    ));
}

/// The fuzz guard: 300 deterministic mutations of a real JPEG (with EXIF) — byte flips
/// anywhere, flips in the headers, truncations, markers spliced in — each decoded within
/// the time limit, none panicking (a decoder's panic is caught and would show as
/// `Panicked`), the pool going on.
#[test]
fn damaged_jpegs_neither_panic_nor_hang() {
    const CASES: usize = 300;
    let desk = Desk::new();
    let base = with_orientation(&jpeg_bytes(&picture(320, 240)), 6);
    let header_end = base
        .windows(2)
        .position(|w| w == [0xff, 0xda])
        .expect("a scan")
        + 20;
    let mut rng = Rng(0x5eed_cafe_f00d_1234);
    let dir = desk.path("fuzz");
    std::fs::create_dir(&dir).expect("mkdir");
    let mut files = Vec::new();
    for i in 0..CASES {
        let mut data = base.clone();
        match i % 4 {
            0 => {
                for _ in 0..1 + rng.below(8) {
                    let at = rng.below(data.len());
                    data[at] ^= 1 << rng.below(8);
                }
            }
            1 => {
                for _ in 0..1 + rng.below(4) {
                    let at = 2 + rng.below(header_end - 2);
                    data[at] = rng.number() as u8;
                }
            }
            2 => data.truncate(rng.below(data.len())),
            _ => {
                let at = 2 + rng.below(data.len() - 2);
                let marker = [0xc0, 0xc4, 0xd9, 0xda, 0xdb, 0xdd, 0xe1][rng.below(7)];
                data.splice(
                    at..at,
                    [0xff, marker, rng.number() as u8, rng.number() as u8],
                );
            }
        }
        let file = dir.join(format!("case{i:03}.jpg"));
        std::fs::write(&file, &data).expect("write");
        files.push(file);
    }
    let (t, rx) = Thumbnailer::start(desk.setup(Thumbnailers::none()));
    for file in &files {
        t.request(Request::new(file.clone(), ThumbSize::Normal));
    }
    let (mut ready, mut failed) = (0, 0);
    for _ in 0..CASES {
        // Each case gets its own limit: one that hangs stops the test here.
        let Next::Event(event) = rx.next_timeout(Duration::from_secs(30)) else {
            panic!("a damaged JPEG took over 30 s (ready {ready}, failed {failed})")
        };
        match event.outcome {
            ThumbOutcome::Ready(thumb) => {
                assert!(thumb.width <= 128 && thumb.height <= 128);
                ready += 1;
            }
            ThumbOutcome::Failed(Some(ThumbError::Panicked { path })) => {
                panic!("the decoder panicked on {}", path.display())
            }
            ThumbOutcome::Failed(_) => failed += 1,
            ThumbOutcome::Skipped(why) => panic!("{}: skipped ({why:?})", event.path.display()),
        }
    }
    // The mutations bite, and not every one breaks the picture.
    assert!(failed >= CASES / 10, "only {failed} of {CASES} failed");
    assert!(ready >= CASES / 10, "only {ready} of {CASES} decoded");
}

/// Whether process `pid` still runs (a zombie waiting for its parent does not).
fn running(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the command's closing parenthesis.
        Ok(stat) => stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.trim_start().chars().next())
            .is_some_and(|state| state != 'Z' && state != 'X'),
        Err(_) => false,
    }
}

/// The niceness of process `pid` (field 19 of its stat line).
fn niceness(pid: i32) -> Option<i32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(')')?;
    rest.split_whitespace().nth(16)?.parse().ok()
}

#[test]
fn a_hanging_thumbnailer_is_killed_at_the_timeout() {
    let desk = Desk::new();
    let thumbnailers = desk.hanging_thumbnailers();
    let pdf = desk.file("hangs.pdf", b"%PDF-1.4\n% not much of one\n");
    let (t, rx) = Thumbnailer::start(desk.setup(thumbnailers).timeout(Duration::from_secs(2)));
    assert!(t.can_make("application/pdf"));
    let mut events = Events::new(rx);
    t.request(Request::new(pdf.clone(), ThumbSize::Large));
    let (sh, sleep) = porpoise_testkit::wait_for("the thumbnailer to start", PATIENCE, || {
        Some((desk.pid("sh.pid")?, desk.pid("sleep.pid")?))
    });
    assert!(running(sh) && running(sleep));
    assert_eq!(
        niceness(sh),
        Some(19),
        "the thumbnailer runs at the lowest priority"
    );
    match events.wait(&pdf, ThumbSize::Large) {
        ThumbOutcome::Failed(Some(ThumbError::TimedOut { timeout, .. })) => {
            assert_eq!(timeout, Duration::from_secs(2))
        }
        other => panic!("expected a timeout, got {other:?}"),
    }
    // The script and what it started are gone with it.
    porpoise_testkit::wait_for("the thumbnailer's processes to end", PATIENCE, || {
        (!running(sh) && !running(sleep)).then_some(())
    });
    // Marked: not run again.
    std::fs::remove_file(desk.path("sh.pid")).expect("rm");
    assert!(matches!(
        ask(&t, &mut events, &pdf, ThumbSize::Large),
        ThumbOutcome::Failed(Some(ThumbError::FailedBefore { .. }))
    ));
    assert!(desk.pid("sh.pid").is_none(), "the thumbnailer ran again");
}

#[test]
fn cancelling_drops_queued_work_and_kills_the_running_thumbnailer() {
    let desk = Desk::new();
    let thumbnailers = desk.hanging_thumbnailers();
    let pdf = desk.file("busy.pdf", b"%PDF-1.4\n");
    let images: Vec<PathBuf> = ["a", "b", "c", "d"]
        .iter()
        .map(|n| desk.path(format!("{n}.png")))
        .collect();
    for f in &images {
        write_png(f, &picture(300, 200));
    }
    let (t, rx) = Thumbnailer::start(desk.setup(thumbnailers).threads(1));
    let mut events = Events::new(rx);
    t.request(Request::new(pdf.clone(), ThumbSize::Large).priority(10));
    let sh =
        porpoise_testkit::wait_for("the thumbnailer to start", PATIENCE, || desk.pid("sh.pid"));
    let sleep = porpoise_testkit::wait_for("its helper", PATIENCE, || desk.pid("sleep.pid"));
    // The one worker is busy: these wait.
    for (i, f) in images.iter().enumerate() {
        t.request(Request::new(f.clone(), ThumbSize::Large).priority(5 - i as i32));
    }
    assert_eq!(t.pending(), 5);
    t.cancel(&images[0]);
    t.cancel(&images[1]);
    assert_eq!(t.pending(), 3);
    t.cancel(&pdf);
    porpoise_testkit::wait_for("the cancelled thumbnailer to end", PATIENCE, || {
        (!running(sh) && !running(sleep)).then_some(())
    });
    // c, then d (lower priority, so last): by d's event every earlier one was sent.
    ready(events.wait(&images[2], ThumbSize::Large));
    ready(events.wait(&images[3], ThumbSize::Large));
    let others: Vec<_> = events
        .rx
        .receiver()
        .try_iter()
        .chain(events.seen.drain(..))
        .collect();
    assert!(
        others.is_empty(),
        "events for cancelled requests: {others:?}"
    );
    let cache = ThumbCache::new(desk.cache_root());
    for f in [&images[0], &images[1], &pdf] {
        let uri = porpoise_engine::uri::file_uri(f);
        assert!(!cache.thumbnail_path(&uri, ThumbSize::Large).exists());
        assert!(
            !cache.fail_path(&uri).exists(),
            "a cancelled run marks nothing"
        );
    }
    // Asked again after cancelling, it runs again (and is cancelled for good with the pool).
    std::fs::remove_file(desk.path("sh.pid")).expect("rm");
    t.request(Request::new(pdf.clone(), ThumbSize::Large));
    let sh = porpoise_testkit::wait_for("the thumbnailer to start again", PATIENCE, || {
        desk.pid("sh.pid")
    });
    drop(t);
    porpoise_testkit::wait_for("the pool's thumbnailer to end with it", PATIENCE, || {
        (!running(sh)).then_some(())
    });
}

#[test]
fn the_real_desktop_thumbnailer_output_gets_our_tags() {
    if !have("gdk-pixbuf-thumbnailer") || !Path::new("/usr/share/thumbnailers").is_dir() {
        skip("gdk-pixbuf-thumbnailer (libgdk-pixbuf2.0-bin) is not installed");
        return;
    }
    let desk = Desk::new();
    // A type decoded by no in-process decoder here, which gdk-pixbuf reads: PPM.
    let file = desk.path("picture.ppm");
    let mut ppm = b"P6\n300 200\n255\n".to_vec();
    ppm.extend(picture(300, 200).into_raw());
    std::fs::write(&file, ppm).expect("write");
    let Some(uri) = glib_uri(&file) else { return };
    let thumbnailers = Thumbnailers::load(&[PathBuf::from("/usr/share")]);
    let (t, rx) = Thumbnailer::start(desk.setup(thumbnailers));
    let mut events = Events::new(rx);
    let thumb = ready(ask(&t, &mut events, &file, ThumbSize::Normal));
    assert_eq!((thumb.width, thumb.height), (128, 85));
    let tags = text_chunks(&std::fs::read(&thumb.file).expect("read"));
    assert_eq!(tags.get("Thumb::URI"), Some(&uri));
    assert_eq!(
        tags.get("Thumb::MTime"),
        Some(&mtime_secs(&file).to_string())
    );
    assert_eq!(
        std::fs::metadata(&thumb.file)
            .expect("stat")
            .permissions()
            .mode()
            & 0o777,
        0o600
    );
    // Nothing of the thumbnailer's own output is left behind.
    let left = std::fs::read_dir(desk.cache_root().join("normal"))
        .expect("normal")
        .count();
    assert_eq!(left, 1);
}

/// A preview's large picture of a type only an external thumbnailer draws, made at once
/// on the calling thread (past the queue, no event sent), and kept in the cache.
#[test]
fn make_now_draws_through_the_desktop_thumbnailer_on_the_calling_thread() {
    if !have("gdk-pixbuf-thumbnailer") || !Path::new("/usr/share/thumbnailers").is_dir() {
        skip("gdk-pixbuf-thumbnailer (libgdk-pixbuf2.0-bin) is not installed");
        return;
    }
    let desk = Desk::new();
    let file = desk.path("poster.ppm");
    let mut ppm = b"P6\n1600 1200\n255\n".to_vec();
    ppm.extend(picture(1600, 1200).into_raw());
    std::fs::write(&file, ppm).expect("write");
    let thumbnailers = Thumbnailers::load(&[PathBuf::from("/usr/share")]);
    let (t, rx) = Thumbnailer::start(desk.setup(thumbnailers));
    let request = porpoise_engine::thumbs::Request::new(file.clone(), ThumbSize::XxLarge);
    let thumb = ready(t.make_now(&request));
    assert_eq!((thumb.width, thumb.height), (1024, 768));
    assert!(thumb.file.starts_with(desk.cache_root().join("xx-large")));
    assert!(matches!(rx.try_next(), Next::Waiting), "no event for it");
}

#[test]
fn nothing_on_a_network_mount_unless_allowed() {
    // The rule, and the class a real tmpfs gets.
    assert!(slow_mount_allowed(MountClass::Local, false));
    assert!(slow_mount_allowed(MountClass::Removable, false));
    assert!(!slow_mount_allowed(MountClass::Network, false));
    assert!(slow_mount_allowed(MountClass::Network, true));
    if Path::new("/dev/shm").is_dir() {
        let shm = tempfile::tempdir_in("/dev/shm").expect("tempdir on /dev/shm");
        let mount = mounts::mount_of(shm.path()).expect("its mount");
        assert_eq!(
            (mount.fs_type.as_str(), mount.class),
            ("tmpfs", MountClass::Local)
        );
    }
    // A real one: the rig's FUSE share, which the engine counts as network.
    if let Err(why) = porpoise_testkit::rig::available() {
        skip(&format!("the rig's share: {why}"));
        return;
    }
    let share = porpoise_testkit::rig::Share::new(0);
    let file = share.path().join("on the share.png");
    write_png(&file, &picture(300, 200));
    let desk = Desk::new();
    let (t, mut events) = desk.start();
    assert!(matches!(
        ask(&t, &mut events, &file, ThumbSize::Large),
        ThumbOutcome::Skipped(SkipReason::SlowMount)
    ));
    let uri = porpoise_engine::uri::file_uri(&file);
    let cache = ThumbCache::new(desk.cache_root());
    assert!(!cache.thumbnail_path(&uri, ThumbSize::Large).exists());
    t.request(Request::new(file.clone(), ThumbSize::Large).on_slow_mounts(true));
    let thumb = ready(events.wait(&file, ThumbSize::Large));
    assert_eq!((thumb.width, thumb.height), (256, 171));
}

/// JPEGs libjpeg itself wrote in the other shapes photos come in: progressive, greyscale
/// and Adobe CMYK (inks stored inverted), each the right size and colour.
#[test]
fn progressive_grey_and_cmyk_jpegs() {
    use mozjpeg::ColorSpace;
    let desk = Desk::new();
    let (w, h) = (640, 480);
    let write = |name: &str, space: ColorSpace, pixel: &[u8]| {
        let mut c = mozjpeg::Compress::new(space);
        c.set_size(w, h);
        c.set_progressive_mode();
        let mut c = c.start_compress(Vec::new()).expect("start");
        c.write_scanlines(&pixel.repeat(w * h)).expect("pixels");
        desk.file(name, c.finish().expect("finish"))
    };
    let cases = [
        (
            write("progressive.jpg", ColorSpace::JCS_RGB, &[255, 0, 0]),
            [255, 0, 0],
        ),
        (
            write("grey.jpg", ColorSpace::JCS_GRAYSCALE, &[128]),
            [128, 128, 128],
        ),
        // No cyan, full magenta and yellow, no black: red.
        (
            write("cmyk.jpg", ColorSpace::JCS_CMYK, &[255, 0, 0, 255]),
            [255, 0, 0],
        ),
    ];
    let (t, mut events) = desk.start();
    for (path, want) in cases {
        let thumb = ready(ask(&t, &mut events, &path, ThumbSize::Normal));
        assert_eq!((thumb.width, thumb.height), (128, 96), "{}", path.display());
        let got = &thumb.rgba[(48 * 128 + 64) * 4..][..3];
        for (g, w) in got.iter().zip(want) {
            assert!(
                g.abs_diff(w) < 12,
                "{}: {got:?}, not {want:?}",
                path.display()
            );
        }
    }
}

/// A small JPEG whose header claims 60000×60000 pixels fails as too large before libjpeg
/// sets aside room for it.
#[test]
fn a_jpeg_claiming_a_huge_size_is_too_large() {
    let desk = Desk::new();
    let mut data = jpeg_bytes(&picture(64, 64));
    let sof = data
        .windows(2)
        .position(|w| w == [0xff, 0xc0])
        .expect("a frame header");
    data[sof + 5..sof + 9].copy_from_slice(&[0xea, 0x60, 0xea, 0x60]);
    let path = desk.file("huge.jpg", data);
    let (t, mut events) = desk.start();
    match ask(&t, &mut events, &path, ThumbSize::Normal) {
        ThumbOutcome::Failed(Some(ThumbError::TooLarge { width, height, .. })) => {
            assert_eq!((width, height), (60000, 60000))
        }
        other => panic!("expected too large, got {other:?}"),
    }
}

#[test]
fn exif_orientation_is_honoured() {
    let desk = Desk::new();
    // Red on the left, blue on the right; orientation 6 says: turn it a quarter clockwise
    // to show it, so red ends up on top.
    let img = image::RgbImage::from_fn(400, 200, |x, _| {
        if x < 200 {
            image::Rgb([255, 0, 0])
        } else {
            image::Rgb([0, 0, 255])
        }
    });
    let plain = desk.file("plain.jpg", jpeg_bytes(&img));
    let turned = desk.file("turned.jpg", with_orientation(&jpeg_bytes(&img), 6));
    let (t, mut events) = desk.start();
    let a = ready(ask(&t, &mut events, &plain, ThumbSize::Normal));
    assert_eq!((a.width, a.height), (128, 64));
    let b = ready(ask(&t, &mut events, &turned, ThumbSize::Normal));
    assert_eq!((b.width, b.height), (64, 128));
    let pixel = |t: &porpoise_engine::thumbs::Thumb, x: u32, y: u32| {
        let i = ((y * t.width + x) * 4) as usize;
        [t.rgba[i], t.rgba[i + 1], t.rgba[i + 2]]
    };
    let (top, bottom) = (pixel(&b, 32, 10), pixel(&b, 32, 118));
    assert!(top[0] > 200 && top[2] < 60, "top is red: {top:?}");
    assert!(
        bottom[2] > 200 && bottom[0] < 60,
        "bottom is blue: {bottom:?}"
    );
}

#[test]
fn what_is_not_tried() {
    let desk = Desk::new();
    let text = desk.file("notes.txt", "words");
    let big = desk.path("big.png");
    write_png(&big, &picture(300, 200));
    let folder = desk.path("folder.png");
    std::fs::create_dir(&folder).expect("mkdir");
    let (t, rx) = Thumbnailer::start(desk.setup(Thumbnailers::none()).max_image_bytes(100));
    let mut events = Events::new(rx);
    assert!(t.can_make("image/jpeg") && t.can_make("image/png") && t.can_make("image/x-bmp"));
    assert!(!t.can_make("text/plain") && !t.can_make("application/pdf"));
    let skipped = |events: &mut Events, path: &Path| match ask(&t, events, path, ThumbSize::Normal)
    {
        ThumbOutcome::Skipped(why) => why,
        other => panic!("{}: expected a skip, got {other:?}", path.display()),
    };
    assert_eq!(skipped(&mut events, &text), SkipReason::NoThumbnailer);
    assert_eq!(skipped(&mut events, &big), SkipReason::TooBig);
    assert_eq!(skipped(&mut events, &folder), SkipReason::NotAFile);
    assert_eq!(
        skipped(&mut events, &desk.path("gone.png")),
        SkipReason::Gone
    );
    // The cache itself, also reached through a link.
    let inside = desk.cache_root().join("normal/some.png");
    std::fs::create_dir_all(inside.parent().expect("normal")).expect("mkdir");
    write_png(&inside, &picture(10, 10));
    assert_eq!(skipped(&mut events, &inside), SkipReason::InCache);
    std::os::unix::fs::symlink(desk.cache_root(), desk.path("link")).expect("symlink");
    assert_eq!(
        skipped(&mut events, &desk.path("link/normal/some.png")),
        SkipReason::InCache
    );
}
