//! The window in a Wayland session (tests/desktop/wayland.rs: a headless sway, the window
//! as its client run by the unprivileged user, keys through wtype, the pointer through
//! sway's seat, screenshots through grim read by tesseract): it comes as a Wayland client
//! drawing on the CPU, with the app id the desktop file names; its title follows the
//! folder; keys and clicks go into a folder, select and rename a file (checked on disk);
//! after each step it lives and redraws at a key.
//! Run: `cargo build && cargo test --test wayland_window` (skips without sway, wtype,
//! grim, wl-clipboard and tesseract; fails in CI).

mod desktop;

use std::path::Path;

use desktop::wayland::Sway;
use desktop::{Home, wait_exists};

/// The desktop file's `StartupWMClass`: what docks match the window's app id to.
fn desktop_file_wm_class() -> String {
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/io.github.porpoise.Porpoise.desktop");
    let text = std::fs::read_to_string(&file).expect("read the desktop file");
    text.lines()
        .find_map(|l| l.strip_prefix("StartupWMClass="))
        .expect("a StartupWMClass")
        .trim()
        .to_owned()
}

/// The shared libraries process `pid` has loaded.
fn libraries(pid: u32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/maps")).expect("read its maps")
}

/// The environment process `pid` was started with, a `NAME=value` a line.
fn environment(pid: u32) -> String {
    let bytes = std::fs::read(format!("/proc/{pid}/environ")).expect("read its environment");
    String::from_utf8_lossy(&bytes).replace('\0', "\n")
}

#[test]
fn comes_as_a_wayland_client_with_its_app_id_and_the_folder_in_its_title() {
    let Some(sway) = Sway::start() else { return };
    let home = Home::with_files(&["alpha"]);
    let inner = home.folder("projects", &["gamma"]);
    let mut win = sway.open_work(&home);
    win.wait_text("alpha");

    assert_eq!(win.app_id(), "porpoise", "the app id sway shows");
    assert_eq!(
        win.app_id(),
        desktop_file_wm_class(),
        "the app id is the desktop file's StartupWMClass"
    );
    let env = environment(win.pid());
    assert!(env.lines().any(|l| l.starts_with("WAYLAND_DISPLAY=")));
    assert!(
        !env.lines().any(|l| l.starts_with("DISPLAY=")),
        "no X display to fall back on"
    );
    let libs = libraries(win.pid());
    assert!(libs.contains("libwayland-client"), "speaks Wayland");
    assert!(
        !libs.contains("libvulkan"),
        "draws with tiny-skia, not wgpu"
    );
    win.alive();

    win.go_to(&inner);
    win.wait_text("gamma");
    win.alive();
    win.key("alt+Up");
    win.wait_title("the home folder in the title", |t| {
        t.ends_with(&home.name())
    });
    win.alive();
    win.closes_with("ctrl+q");
}

#[test]
fn keys_and_clicks_go_into_a_folder_select_and_rename() {
    let Some(sway) = Sway::start() else { return };
    let home = Home::with_files(&["alpha", "beta"]);
    std::fs::create_dir(home.work.join("inner")).expect("mkdir");
    std::fs::write(home.work.join("inner/delta.txt"), "delta").expect("write");
    let mut win = sway.open_work(&home);

    // A double click goes into the folder; Backspace comes back.
    let (x, y) = win.wait_text("inner");
    win.double_click(x, y);
    win.wait_title("the folder in the title", |t| t.ends_with("inner"));
    win.wait_text("delta");
    win.alive();
    win.key("BackSpace");
    win.wait_title("back in work", |t| t.ends_with("work"));
    win.alive();

    // A click selects a file; F2 names it anew.
    win.click_text("beta");
    win.wait_text("1 selected");
    win.key("F2");
    win.key("ctrl+a");
    win.type_text("omega.txt");
    win.key("Return");
    wait_exists(&home.work.join("omega.txt"), true);
    wait_exists(&home.work.join("beta.txt"), false);
    win.wait_text("omega");
    win.alive();
}
