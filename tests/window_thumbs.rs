//! Thumbnails in the real window (tests/desktop: Xvfb, openbox, XTest input, screenshots):
//! pictures in a folder show as their thumbnails in the icons view and in the details
//! view, read off the screenshot by their colour beside their names; the thumbnails are
//! in the shared cache under the MD5 of the file's URI (checked with `md5sum`), a bigger
//! zoom makes `large` ones, and a picture changed on disk shows its new colour; on the
//! rig's network share none is made until the main menu's "Previews on network shares"
//! says so. The window lives and answers pings throughout.
//! Run: `cargo build && cargo test --test window_thumbs` (skips without the tools, fails in
//! CI).

mod desktop;

use std::path::{Path, PathBuf};
use std::process::Command;

use desktop::{Desktop, Home, PATIENCE, Window, wait_for};

/// A picture of one colour, `width` by `height`.
fn picture(path: &Path, (width, height): (u32, u32), rgb: [u8; 3]) {
    let [r, g, b] = rgb;
    image::RgbaImage::from_pixel(width, height, image::Rgba([r, g, b, 255]))
        .save(path)
        .expect("write a picture");
}

const RED: [u8; 3] = [220, 30, 30];
const BLUE: [u8; 3] = [30, 60, 220];
const GREEN: [u8; 3] = [30, 200, 60];

/// How many pixels of about `rgb` the window shows within `radius` of `(x, y)`.
fn pixels_near(win: &Window, (x, y): (i32, i32), radius: i32, rgb: [u8; 3]) -> usize {
    let shot = win.shot();
    let near = |a: u8, b: u8| a.abs_diff(b) < 40;
    let mut n = 0;
    for py in (y - radius).max(0)..(y + radius).min(shot.height as i32) {
        for px in (x - radius).max(0)..(x + radius).min(shot.width as i32) {
            let p = shot.pixel(px as usize, py as usize);
            if near(p[0], rgb[0]) && near(p[1], rgb[1]) && near(p[2], rgb[2]) {
                n += 1;
            }
        }
    }
    n
}

/// Wait until the picture of about `rgb` shows near the name `name`, at least `pixels`
/// of it.
fn wait_picture(win: &Window, name: &str, rgb: [u8; 3], radius: i32, pixels: usize) {
    wait_for(&format!("the thumbnail of {name}"), PATIENCE, || {
        let at = win.wait_text(name);
        (pixels_near(win, at, radius, rgb) >= pixels).then_some(())
    });
}

/// The cache file of `path`'s thumbnail of `size` (`normal`, `large`), named by the MD5
/// of its URI as `md5sum` computes it.
fn cache_file(home: &Path, path: &Path, size: &str) -> PathBuf {
    let uri = format!("file://{}", path.display());
    let out = Command::new("sh")
        .args(["-c", "printf %s \"$0\" | md5sum", &uri])
        .output()
        .expect("md5sum runs");
    let sum = String::from_utf8_lossy(&out.stdout);
    let sum = sum.split_whitespace().next().expect("a sum");
    home.join(".cache/thumbnails")
        .join(size)
        .join(format!("{sum}.png"))
}

#[test]
fn pictures_show_as_thumbnails_in_both_views_and_follow_changes() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["notes"]);
    let red = home.work.join("redsquare.png");
    let blue = home.work.join("bluewide.png");
    picture(&red, (300, 300), RED);
    picture(&blue, (400, 200), BLUE);
    let mut win = desk.open_work_sized(&home, (1000, 700));
    win.wait_text("notes");
    win.key("ctrl+2");

    // The icons view: each picture above its name, in its own colour.
    wait_picture(&win, "redsquare", RED, 60, 800);
    wait_picture(&win, "bluewide", BLUE, 60, 400);
    win.save_shot("thumbs-icons");
    for f in [&red, &blue] {
        let file = cache_file(home.path(), f, "normal");
        wait_for("the thumbnail in the shared cache", PATIENCE, || {
            file.exists().then_some(())
        });
    }
    win.alive();

    // Icons over 128 pixels (four steps: 64, 96, 128, 192) draw from `large` thumbnails.
    win.key_times("ctrl+plus", 4);
    let large = cache_file(home.path(), &red, "large");
    wait_for("a large thumbnail", PATIENCE, || {
        large.exists().then_some(())
    });
    wait_picture(&win, "redsquare", RED, 120, 6000);
    win.alive();

    // The details view: small, but the picture.
    win.key("ctrl+1");
    wait_picture(&win, "redsquare", RED, 200, 60);
    win.save_shot("thumbs-details");

    // The red picture turns green on disk: the window shows the new one.
    picture(&red, (300, 300), GREEN);
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
    std::fs::File::options()
        .write(true)
        .open(&red)
        .and_then(|f| f.set_modified(later))
        .expect("a later mtime");
    wait_picture(&win, "redsquare", GREEN, 200, 60);
    win.alive();
}

#[test]
fn pictures_on_a_network_share_get_thumbnails_only_when_the_menu_says_so() {
    let Some(desk) = Desktop::start() else { return };
    if let Err(why) = porpoise_testkit::rig::available() {
        assert!(
            std::env::var_os("CI").is_none(),
            "the rig's share is needed in CI: {why}"
        );
        eprintln!("skipped: the rig's share: {why}");
        return;
    }
    let share = porpoise_testkit::rig::Share::new(0);
    picture(&share.path().join("redsquare.png"), (300, 300), RED);
    let home = Home::with_files(&["notes"]);
    let mut win = desk.launch(desktop::Launch::new(home.path()).arg(share.path()));
    win.resize(1000, 700);
    // Its type is told (so its thumbnail was considered), yet the icon stays. (The Type
    // column's words: "PNG" alone is also in the file's name.)
    win.wait_text("PNG image");
    win.settle();
    win.settle();
    let at = win.wait_text("redsquare");
    assert_eq!(
        pixels_near(&win, at, 200, RED),
        0,
        "no thumbnail on a share"
    );

    // The main menu's "Previews on network shares".
    let width = win.geometry().2 as i32;
    win.click(width - 23, 20);
    // The menu's entry, not Places' "Network" heading.
    let (x, y) = win.wait_text_where("Previews on network", |x, _| x > width / 2);
    win.click(x, y);
    wait_picture(&win, "redsquare", RED, 200, 60);
    let saved = home.settings_file();
    desktop::wait_file_text(&saved, "the setting saved", |t| {
        t.contains("previews_on_network = true")
    });
    win.alive();
}
