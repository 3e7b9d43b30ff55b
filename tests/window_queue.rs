//! The queue per device in the real window (tests/desktop: Xvfb, openbox, XTest input
//! through xdotool, screenshots read by tesseract) on the rig's slow USB stick: two copies
//! pasted into the stick from different folders, the second waits ("Waiting for" in the
//! job panel), "Start now" makes it run beside the first, and both copies arrive whole.
//! The window lives and answers `_NET_WM_PING` after each step. Needs root and /dev/fuse
//! (skips with a message, fails in CI). Run: `cargo build && cargo test --test window_queue`.

mod desktop;

use std::fs;
use std::path::{Path, PathBuf};

use desktop::{Desktop, Home, PATIENCE, wait_for};
use porpoise_testkit::rig;

const MIB: usize = 1 << 20;

/// A folder `name` in the home holding one file `file` of `size` bytes of its own pattern.
fn big_file(home: &Home, name: &str, file: &str, size: usize) -> (PathBuf, PathBuf) {
    let dir = home.path().join(name);
    fs::create_dir_all(&dir).expect("mkdir");
    let path = dir.join(file);
    let seed = file.len();
    let data: Vec<u8> = (0..size).map(|i| ((i * 31 + seed) % 253) as u8).collect();
    fs::write(&path, data).expect("write");
    (dir, path)
}

/// Copy everything in `from` and paste it into `into`, with the keys a person uses.
fn copy_all_into(win: &desktop::Window, from: &Path, into: &Path) {
    win.go_to(from);
    win.key("ctrl+a");
    win.key("ctrl+c");
    win.go_to(into);
    win.key("ctrl+v");
}

/// Wait until `copy` holds exactly what `source` holds.
fn wait_same(copy: &Path, source: &Path) {
    let want = fs::read(source).expect("the source");
    wait_for(
        &format!("{} copied whole", copy.display()),
        PATIENCE * 3,
        || (fs::read(copy).ok()? == want).then_some(()),
    );
}

#[test]
fn a_second_copy_to_the_stick_waits_and_start_now_runs_it() {
    if let Err(why) = rig::available() {
        return porpoise_testkit::skip(&why);
    }
    let Some(desk) = Desktop::start() else { return };
    // Slow enough that the first copy still runs while the second is pasted.
    let stick = rig::Stick::new(rig::StickOptions {
        rate: 1_500_000,
        ..rig::StickOptions::default()
    });
    let home = Home::with_files(&["notes"]);
    let (first, alpha) = big_file(&home, "first", "alpha.bin", 24 * MIB);
    let (second, beta) = big_file(&home, "second", "beta.bin", 16 * MIB);
    let mut win = desk.open_work(&home);
    win.wait_text("notes");
    let (_, _, _, height) = win.geometry();
    // The job panel is at the bottom, below the files.
    let in_panel = move |_: i32, y: i32| y > height as i32 / 2;

    // 1. The first copy starts at once.
    copy_all_into(&win, &first, stick.path());
    win.alive();

    // 2. The second, to the same stick, waits for it.
    copy_all_into(&win, &second, stick.path());
    win.wait_text_where("Waiting", in_panel);
    win.alive();
    win.save_shot("queue-waiting");
    assert!(
        !stick.path().join("beta.bin").exists(),
        "the waiting copy wrote to the stick"
    );

    // 3. "Start now": it runs beside the first.
    let (x, y) = win.wait_text_where("Start", in_panel);
    win.click(x, y);
    win.alive();
    wait_for("the second copy to begin", PATIENCE, || {
        stick.path().join("beta.bin").exists().then_some(())
    });
    win.alive();

    // 4. Both arrive whole.
    wait_same(&stick.path().join("alpha.bin"), &alpha);
    wait_same(&stick.path().join("beta.bin"), &beta);
    win.wait_gone("Waiting");
    win.alive();
    win.save_shot("queue-done");
}
