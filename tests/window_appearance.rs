//! The window follows the desktop's dark and light live (tests/desktop: Xvfb, openbox,
//! screenshots): with the real XDG desktop portal (xdg-desktop-portal and its GTK
//! backend, on a private session bus with dconf), `gsettings set
//! org.gnome.desktop.interface color-scheme prefer-dark` turns the running window dark
//! and `default` light again; without a session bus, writing GTK's
//! `gtk-3.0/settings.ini` in the window's config folder does the same. The window lives
//! and answers pings throughout.
//! Run: `cargo build && cargo test --test window_appearance` (skips without the tools,
//! fails in CI).

mod desktop;

use desktop::{Desktop, Home, Launch, PATIENCE, Window, wait_for};
use porpoise_testkit::portal::DesktopPortal;

/// The brightness (0..=255) of the file view's empty space on the right, half-way down.
fn view_brightness(win: &Window) -> u32 {
    let shot = win.shot();
    let [r, g, b] = shot.pixel(shot.width - 24, shot.height / 2);
    (u32::from(r) + u32::from(g) + u32::from(b)) / 3
}

/// Write GTK's `settings.ini` in `home`'s config folder, asking for the dark theme or not.
fn prefer_dark_in_gtk_settings(home: &std::path::Path, dark: bool) {
    let gtk = home.join(".config/gtk-3.0");
    std::fs::create_dir_all(&gtk).expect("mkdir gtk-3.0");
    std::fs::write(
        gtk.join("settings.ini"),
        format!(
            "[Settings]\ngtk-application-prefer-dark-theme={}\n",
            u8::from(dark)
        ),
    )
    .expect("write settings.ini");
}

fn wait_dark(win: &Window, dark: bool) {
    let what = if dark { "dark" } else { "light" };
    wait_for(&format!("the window to turn {what}"), PATIENCE, || {
        let b = view_brightness(win);
        (if dark { b < 80 } else { b > 200 }).then_some(())
    });
}

#[test]
fn the_window_follows_the_portals_colour_scheme() {
    if let Some(why) = porpoise_testkit::portal::missing() {
        porpoise_testkit::skip(&why);
        return;
    }
    let Some(desk) = Desktop::start() else { return };
    let portal = DesktopPortal::start(desk.display());
    let home = Home::with_files(&["notes"]);
    let mut win = desk.launch(
        Launch::new(home.path())
            .arg(&home.work)
            .env("DBUS_SESSION_BUS_ADDRESS", &portal.address),
    );
    win.wait_title("the folder in the title", |t| t.ends_with("work"));
    win.wait_text("notes");
    wait_dark(&win, false);
    win.alive();

    portal.set_color_scheme("prefer-dark");
    wait_dark(&win, true);
    win.save_shot("appearance-portal-dark");
    win.alive();

    portal.set_color_scheme("default");
    wait_dark(&win, false);
    win.alive();
    portal.set_color_scheme("prefer-dark");
    wait_dark(&win, true);
    win.alive();
}

#[test]
fn the_window_follows_gtks_settings_file_without_a_portal() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["notes"]);
    let mut win = desk.open_work(&home);
    win.wait_text("notes");
    wait_dark(&win, false);
    win.alive();

    prefer_dark_in_gtk_settings(home.path(), true);
    wait_dark(&win, true);
    win.save_shot("appearance-gtk-dark");
    win.alive();

    prefer_dark_in_gtk_settings(home.path(), false);
    wait_dark(&win, false);
    win.alive();
}
