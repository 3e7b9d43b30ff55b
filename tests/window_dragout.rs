//! Dragging files out of the real window into another application (tests/desktop: Xvfb,
//! openbox, the pointer through XTest): a real GTK 3 window beside Porpoise takes drops of
//! `text/uri-list` over XDND and writes down what it got. A file dragged onto it arrives
//! as its `file://` URI (a non-UTF-8 name percent-encoded from its bytes), offered as a
//! copy, or as a move with Shift held; the file stays where it is (the target does the
//! copying). A drag released over the bare screen does nothing; over a window that refuses
//! the files the status bar says so; a drag that comes back goes on inside the window (its
//! drop menu); Escape leaves the other window without a drop. The window lives and answers
//! pings throughout. Entries of a zip opened as a folder, dragged onto it, arrive as files
//! extracted for the drop. Files dragged in from a GTK 3 window that offers their URIs
//! (one with a Latin-1 name among them) reach the window's own drop target: its drop menu
//! copies them here, byte for byte.
//! Run: `cargo build && cargo test --test window_dragout` (skips without the tools, fails in CI).

mod desktop;

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use desktop::{Desktop, GtkSource, GtkTarget, Home, PATIENCE, Window, wait_for};

/// Where the two windows stand: Porpoise on the left, the other application on the right.
const PORPOISE_AT: (i32, i32) = (0, 0);
const PORPOISE_SIZE: (u32, u32) = (660, 600);
const TARGET_AT: (i32, i32) = (780, 120);
const TARGET_SIZE: (u32, u32) = (400, 300);

/// A non-UTF-8 name: "delta-café.txt" with the é in Latin-1.
const LATIN1_NAME: &[u8] = b"delta-caf\xe9.txt";

/// The URI a drop of `path` must carry: every byte but the unreserved ones percent-encoded.
fn uri_of(path: &Path) -> Vec<u8> {
    let mut uri = b"file://".to_vec();
    for &b in path.as_os_str().as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/!$&'()*+,=:@".contains(&b) {
            uri.push(b);
        } else {
            uri.extend(format!("%{b:02X}").bytes());
        }
    }
    uri
}

/// Where on the file rows `name` is drawn (not the breadcrumb, not Places).
fn row_of(win: &Window, name: &str) -> (i32, i32) {
    win.wait_text_where(name, |x, y| x > 215 && y > 80)
}

/// The middle of the other application's window, in Porpoise's coordinates.
fn middle_of(desk: &Desktop, win: &Window, target: &GtkTarget) -> (i32, i32) {
    let (wx, wy, _, _) = win.geometry();
    let (tx, ty, tw, th) = desk.geometry_of(target.id);
    (tx + tw as i32 / 2 - wx, ty + th as i32 / 2 - wy)
}

/// Move the pointer (button held or not) in `steps` from `from` to `to`.
fn glide(win: &Window, from: (i32, i32), to: (i32, i32), steps: i32) {
    for i in 1..=steps {
        let x = from.0 + (to.0 - from.0) * i / steps;
        let y = from.1 + (to.1 - from.1) * i / steps;
        wait_a_frame(win);
        win.point(x, y);
    }
}

/// Let the window handle what was sent (a ping round trip, not a sleep).
fn wait_a_frame(win: &Window) {
    win.settle();
}

/// Porpoise on `home`'s work folder and a GTK window recording into `record`, side by
/// side.
fn side_by_side<'d>(
    desk: &'d Desktop,
    home: &Home,
    record: &Path,
    refuse: bool,
) -> (Window<'d>, GtkTarget) {
    let win = desk.open_work(home);
    desk.place(win.id(), PORPOISE_AT, PORPOISE_SIZE);
    let target = GtkTarget::start(desk, "Drop Target", record, refuse);
    desk.place(target.id, TARGET_AT, TARGET_SIZE);
    win.activate();
    win.settle();
    (win, target)
}

/// The desktop, where the GTK drop target can run on it too; `None` (skipped) otherwise.
fn desktop_for_drops() -> Option<Desktop> {
    if !GtkTarget::available() {
        return None;
    }
    Desktop::start()
}

#[test]
fn files_dragged_onto_another_application_arrive_as_uris_and_stay_here() {
    let Some(desk) = desktop_for_drops() else {
        return;
    };
    let home = Home::with_files(&["alpha", "bravo"]);
    let latin1 = home.work.join(OsStr::from_bytes(LATIN1_NAME));
    std::fs::write(&latin1, b"latin-1").expect("write");
    let record = home.path().join("drops.txt");
    let (mut win, target) = side_by_side(&desk, &home, &record, false);
    let alpha = home.work.join("alpha.txt");

    // alpha dragged onto the other window: it sees the files offered as a URI list, as
    // a copy.
    let from = row_of(&win, "alpha");
    let onto = middle_of(&desk, &win, &target);
    win.drag_and_hold(from, onto, 24);
    let motion = target.wait_line("the other window to see the drag over it", "motion");
    win.save_shot("dragout-over-target");
    assert!(
        motion.contains("text/uri-list"),
        "the drag offers a URI list: {motion}"
    );
    assert!(
        motion.contains("suggested=copy"),
        "a plain drag offers a copy: {motion}"
    );
    win.alive();
    win.release();
    let drops = target.wait_drops(1);
    let (how, uris) = &drops[0];
    assert!(how.contains("selected=copy"), "the drop is a copy: {how}");
    assert_eq!(
        uris,
        &[uri_of(&alpha)],
        "the drop carries alpha's URI: {:?}",
        String::from_utf8_lossy(&target.record())
    );
    assert!(alpha.exists(), "a copy leaves the file where it is");
    win.alive();

    // The non-UTF-8 name, with Shift pressed on the way: offered as a move, its URI
    // percent-encoded from the name's bytes.
    let from = row_of(&win, "delta");
    let (_, wy, ww, _) = win.geometry();
    // Outside Porpoise, on the bare screen between the two windows.
    let between = (ww as i32 + 50, TARGET_AT.1 + 150 - wy);
    win.drag_and_hold(from, between, 16);
    desk.xdotool(["keydown", "shift"]);
    glide(&win, between, onto, 10);
    wait_for("the second drag over the other window", PATIENCE, || {
        (target.count("motion") >= 2).then_some(())
    });
    let motion = target
        .lines()
        .into_iter()
        .rfind(|l| l.starts_with(b"motion"))
        .map(|l| String::from_utf8_lossy(&l).into_owned())
        .unwrap_or_default();
    assert!(
        motion.contains("suggested=move"),
        "Shift offers a move: {motion}"
    );
    win.release();
    desk.xdotool(["keyup", "shift"]);
    let drops = target.wait_drops(2);
    let (how, uris) = &drops[1];
    assert!(
        how.contains("selected=move"),
        "the target took it as a move: {how}"
    );
    assert_eq!(uris, &[uri_of(&latin1)]);
    assert!(
        String::from_utf8_lossy(&uris[0]).ends_with("/delta-caf%E9.txt"),
        "the Latin-1 byte is percent-encoded: {:?}",
        String::from_utf8_lossy(&uris[0])
    );
    // This target only records what it is given: moving is the target's work, so the
    // file is still here.
    assert!(latin1.exists());
    assert!(home.work.join("bravo.txt").exists());
    win.alive();
}

#[test]
fn drags_over_nothing_a_refusing_window_or_cancelled_drop_nothing() {
    let Some(desk) = desktop_for_drops() else {
        return;
    };
    let home = Home::with_files(&["alpha", "bravo"]);
    std::fs::create_dir(home.work.join("kilo")).expect("mkdir kilo");
    let record = home.path().join("refused.txt");
    let (mut win, refusing) = side_by_side(&desk, &home, &record, true);
    let before = listing(&home.work);

    // Released over the bare screen (no window takes drops there): nothing happens.
    let from = row_of(&win, "alpha");
    let (_, _, _, wh) = win.geometry();
    let bare = (PORPOISE_SIZE.0 as i32 + 300, wh as i32 + 120);
    win.drag(from, bare, 20);
    win.alive();

    // Released over a window that refuses the files: it saw them, took nothing, and the
    // status bar says so.
    let onto = middle_of(&desk, &win, &refusing);
    win.drag_and_hold(row_of(&win, "bravo"), onto, 24);
    refusing.wait_line("the refusing window to see the drag", "motion");
    win.release();
    win.wait_text_where("did not take", |_, y| y > wh as i32 - 60);
    win.save_shot("dragout-refused");
    assert!(
        refusing.drops().is_empty(),
        "the refusing window got no drop"
    );
    assert_eq!(listing(&home.work), before, "nothing changed in the folder");
    win.alive();

    // Escape while over a window that takes drops: it is left, and no drop comes; the
    // next drag drops once.
    let record = home.path().join("taken.txt");
    let taking = GtkTarget::start(&desk, "Taking Target", &record, false);
    desk.place(
        taking.id,
        (TARGET_AT.0, TARGET_AT.1 + 320),
        (TARGET_SIZE.0, 200),
    );
    win.activate();
    let onto = middle_of(&desk, &win, &taking);

    // Out over it and back onto a folder of the window: the other window is left, and the
    // drag goes on inside as before (its drop menu).
    let folder = row_of(&win, "kilo");
    win.drag_and_hold(row_of(&win, "alpha"), onto, 24);
    taking.wait_line("the drag over the taking window", "motion");
    glide(&win, onto, folder, 16);
    taking.wait_line("the drag to leave it", "leave");
    win.release();
    win.wait_text_where("Link here", |x, _| x > 215);
    win.key("Escape");
    win.wait_gone("Link here");
    win.alive();

    win.drag_and_hold(row_of(&win, "alpha"), onto, 24);
    wait_for("the drag over the taking window again", PATIENCE, || {
        (taking.count("motion") >= 2).then_some(())
    });
    let left = taking.count("leave");
    win.key("Escape");
    wait_for("the cancelled drag to leave it", PATIENCE, || {
        (taking.count("leave") > left).then_some(())
    });
    win.release();
    win.alive();
    win.drag_and_hold(row_of(&win, "bravo"), onto, 24);
    wait_for("the third drag over it", PATIENCE, || {
        (taking.count("motion") >= 3).then_some(())
    });
    win.release();
    let drops = taking.wait_drops(1);
    assert_eq!(drops.len(), 1, "only the drag released over it dropped");
    assert_eq!(drops[0].1, [uri_of(&home.work.join("bravo.txt"))]);
    assert_eq!(listing(&home.work), before);
    win.alive();
}

/// The names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<PathBuf> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read the folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    names.sort();
    names
}

/// The path a `file://` URI names (percent-decoded).
fn path_of(uri: &[u8]) -> PathBuf {
    let rest = uri.strip_prefix(b"file://").expect("a file URI");
    let mut bytes = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        if rest[i] == b'%' && i + 2 < rest.len() {
            let hex = std::str::from_utf8(&rest[i + 1..i + 3]).expect("hex");
            bytes.push(u8::from_str_radix(hex, 16).expect("hex"));
            i += 3;
        } else {
            bytes.push(rest[i]);
            i += 1;
        }
    }
    PathBuf::from(OsStr::from_bytes(&bytes))
}

#[test]
fn an_entry_of_an_open_zip_dragged_onto_another_application_arrives_as_a_file() {
    let Some(desk) = desktop_for_drops() else {
        return;
    };
    let home = Home::with_empty("work");
    porpoise_testkit::archives::zip(
        &home.work.join("photos.zip"),
        &[
            porpoise_testkit::archives::Entry::file("beach.txt", "waves"),
            porpoise_testkit::archives::Entry::file("forest.txt", "trees"),
        ],
    );
    let record = home.path().join("drops.txt");
    let (mut win, target) = side_by_side(&desk, &home, &record, false);
    let (x, y) = win.wait_text("photos.zip");
    win.double_click(x, y);
    win.wait_title("the archive in the title", |t| t.ends_with("photos.zip"));
    let from = row_of(&win, "forest");
    let onto = middle_of(&desk, &win, &target);
    win.drag_and_hold(from, onto, 24);
    target.wait_line("the other window to see the drag over it", "motion");
    win.release();
    let drops = target.wait_drops(1);
    let (_, uris) = &drops[0];
    assert_eq!(uris.len(), 1, "one file: {uris:?}");
    let got = path_of(&uris[0]);
    // A file of its own, extracted for the drop: not a path inside the zip.
    assert_eq!(got.file_name(), Some(OsStr::new("forest.txt")));
    assert!(
        got.starts_with(home.path().join(".cache/porpoise/dragged")),
        "extracted into the cache: {}",
        got.display()
    );
    assert_eq!(std::fs::read(&got).expect("the dropped file"), b"trees");
    assert!(
        !home.work.join("forest.txt").exists(),
        "nothing extracted beside the zip"
    );
    win.alive();
}

#[test]
fn files_dragged_in_from_another_application_are_copied_here() {
    let Some(desk) = desktop_for_drops() else {
        return;
    };
    let home = Home::with_files(&["alpha"]);
    let outside = home.folder("outside", &["bravo-letter"]);
    let latin1 = outside.join(OsStr::from_bytes(LATIN1_NAME));
    std::fs::write(&latin1, b"latin-1").expect("write");
    let uris: Vec<PathBuf> = [outside.join("bravo-letter.txt"), latin1]
        .iter()
        .map(|p| PathBuf::from(OsStr::from_bytes(&uri_of(p))))
        .collect();
    let uris: Vec<&OsStr> = uris.iter().map(|u| u.as_os_str()).collect();
    let mut win = desk.open_work(&home);
    desk.place(win.id(), PORPOISE_AT, PORPOISE_SIZE);
    let record = home.path().join("source.txt");
    let source = GtkSource::start(&desk, "Drag Source", &record, &uris);
    desk.place(source.id, TARGET_AT, TARGET_SIZE);
    win.activate();
    win.settle();
    win.wait_text("alpha");

    // From the other window onto the file view: the drop menu asks what to do.
    let (wx, wy, _, _) = win.geometry();
    let (sx, sy, sw, sh) = desk.geometry_of(source.id);
    let from = (sx + sw as i32 / 2 - wx, sy + sh as i32 / 2 - wy);
    win.drag(from, (400, 400), 30);
    source.wait_line("the window to read the dragged list", "get");
    source.wait_line("the drag to end", "end");
    win.click_text("Copy here");
    wait_for("the dropped files copied here", PATIENCE, || {
        let letter = std::fs::read(home.work.join("bravo-letter.txt")).ok()?;
        let named = std::fs::read(home.work.join(OsStr::from_bytes(LATIN1_NAME))).ok()?;
        (letter == b"bravo-letter" && named == b"latin-1").then_some(())
    });
    assert!(
        outside.join("bravo-letter.txt").exists(),
        "a copy keeps its source"
    );
    win.alive();
}
