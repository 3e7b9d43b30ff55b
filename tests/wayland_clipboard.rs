//! Files on the clipboard in a Wayland session (tests/desktop/wayland.rs: a headless sway,
//! the window as its client run by the unprivileged user, wl-clipboard as the other
//! program): files copied or cut in the window reach other Wayland clients as
//! `text/uri-list` and `x-special/gnome-copied-files` (`wl-paste --list-types`,
//! `wl-paste -t`), and paste in another folder (checked on disk); files copied by another
//! program (`wl-copy -t text/uri-list`) paste into the window's folder. The window lives
//! and redraws at a key after each step.
//! Run: `cargo build && cargo test --test wayland_clipboard` (skips without sway, wtype,
//! grim, wl-clipboard and tesseract; fails in CI).

mod desktop;

use std::process::Stdio;

use desktop::wayland::Sway;
use desktop::{Home, PATIENCE, wait_exists, wait_for};

const URI_LIST: &str = "text/uri-list";
const GNOME_FILES: &str = "x-special/gnome-copied-files";

/// What `wl-paste` gives for `mime` (without a newline added), once it offers it.
fn pasted(sway: &Sway, mime: &str) -> String {
    let out = sway.run("wl-paste", &["--no-newline", "--type", mime]);
    String::from_utf8_lossy(&out).into_owned()
}

/// The types on the clipboard, as another client lists them (none when it is empty).
fn offered(sway: &Sway) -> Vec<String> {
    let out = sway
        .client("wl-paste")
        .arg("--list-types")
        .stdin(Stdio::null())
        .output()
        .expect("run wl-paste");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn copied_and_cut_files_reach_other_clients_and_paste_elsewhere() {
    let Some(sway) = Sway::start() else { return };
    let home = Home::with_files(&["alpha", "beta"]);
    let inner = home.work.join("inner");
    std::fs::create_dir(&inner).expect("mkdir");
    let mut win = sway.open_work(&home);
    let alpha = home.work.join("alpha.txt");
    let uri = format!("file://{}", alpha.display());

    // Copied: other clients see the file in both formats.
    win.click_text("alpha");
    win.wait_text("1 selected");
    win.key("ctrl+c");
    wait_for("the copied files offered to others", PATIENCE, || {
        let types = offered(&sway);
        (types.iter().any(|t| t == URI_LIST) && types.iter().any(|t| t == GNOME_FILES))
            .then_some(())
    });
    assert_eq!(pasted(&sway, URI_LIST), format!("{uri}\r\n"));
    assert_eq!(pasted(&sway, GNOME_FILES), format!("copy\n{uri}"));
    win.alive();

    // Pasted in another folder: a copy there, the original kept.
    win.go_to(&inner);
    win.key("ctrl+v");
    wait_exists(&inner.join("alpha.txt"), true);
    assert!(alpha.exists(), "a copy keeps the original");
    win.alive();

    // Cut: GNOME's list says so.
    win.key("BackSpace");
    win.wait_title("back in work", |t| t.ends_with("work"));
    win.click_text("beta");
    win.key("ctrl+x");
    let beta = format!("file://{}", home.work.join("beta.txt").display());
    wait_for("the cut file offered to others", PATIENCE, || {
        (pasted(&sway, GNOME_FILES) == format!("cut\n{beta}")).then_some(())
    });
    win.alive();
}

#[test]
fn files_copied_by_another_client_paste_into_the_window() {
    let Some(sway) = Sway::start() else { return };
    let home = Home::with_files(&["alpha"]);
    let gift = home.folder("elsewhere", &["gift"]).join("gift.txt");
    let mut win = sway.open_work(&home);
    win.wait_text("alpha");

    // wl-copy serves the list from a process of its own until the clipboard changes.
    let uri_list = format!("file://{}\r\n", gift.display());
    let copied = sway
        .client("wl-copy")
        .args(["--type", URI_LIST, &uri_list])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run wl-copy");
    assert!(copied.success(), "wl-copy: {copied}");
    wait_for(
        "the other client's files on the clipboard",
        PATIENCE,
        || offered(&sway).iter().any(|t| t == URI_LIST).then_some(()),
    );
    win.key("ctrl+v");
    wait_exists(&home.work.join("gift.txt"), true);
    assert!(gift.exists(), "a copy keeps the original");
    win.wait_text("gift");
    win.alive();
}
