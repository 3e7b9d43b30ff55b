//! The Preferences dialog in the real window (tests/desktop: Xvfb, openbox, XTest input,
//! screenshots read by tesseract): Ctrl+comma opens it; a click on "Show hidden files"
//! shows a dot-file in the view; a click on "Dark" turns the window dark (its pixels) and
//! the settings file says so; a click on "Deutsch" shows German words at once; Escape
//! closes it; from the keyboard alone, the arrows go to "Verify copies" and Space turns
//! it on, and Left on the theme goes from dark to light; the window lives and answers
//! pings throughout.
//! Run: `cargo build && cargo test --test window_preferences` (skips without the tools,
//! fails in CI).

mod desktop;

use std::path::Path;

use desktop::{Desktop, Home, PATIENCE, Window, wait_file_text, wait_for};

/// The brightness (0..=255) of the file view's empty space on the right, half-way down.
fn view_brightness(win: &Window) -> u32 {
    let shot = win.shot();
    let [r, g, b] = shot.pixel(shot.width - 24, shot.height / 2);
    (u32::from(r) + u32::from(g) + u32::from(b)) / 3
}

#[test]
fn preferences_apply_at_once_and_are_saved() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["notes"]);
    std::fs::write(home.work.join(".hideaway.txt"), "secret").expect("write a dot-file");
    let settings = home.settings_file();
    let mut win = desk.open_work_sized(&home, (1100, 760));
    win.wait_text("notes");
    assert!(view_brightness(&win) > 200, "light at first");
    win.alive();

    win.key("ctrl+comma");
    win.wait_text("Preferences");
    win.wait_text("Appearance");
    win.save_shot("preferences");
    win.alive();

    // Show hidden files: the dot-file appears in the view once the dialog is closed.
    win.click_text("hidden");
    wait_file_text(&settings, "show_hidden saved", |t| {
        t.contains("show_hidden = true")
    });
    win.key("Escape");
    win.wait_gone("Appearance");
    win.wait_text("hideaway");
    win.alive();

    // Dark: at once, and saved.
    win.key("ctrl+comma");
    win.wait_text("Appearance");
    win.click_text("Dark");
    wait_file_text(&settings, "the dark theme saved", |t| {
        t.contains("theme = \"dark\"")
    });
    // Behind the dialog's dimmed backdrop: far darker than the light view dimmed.
    wait_for("the window to turn dark", PATIENCE, || {
        (view_brightness(&win) < 40).then_some(())
    });
    win.save_shot("preferences-dark");
    win.alive();

    // Deutsch: the dialog speaks German at once.
    win.click_text("Deutsch");
    win.wait_text("Einstellungen");
    win.wait_text("Erscheinungsbild");
    wait_file_text(&settings, "the language saved", |t| {
        t.contains("language = \"de\"")
    });
    win.save_shot("preferences-deutsch");
    win.alive();

    win.key("Escape");
    win.wait_gone("Erscheinungsbild");
    wait_for("the dark view without the backdrop", PATIENCE, || {
        let b = view_brightness(&win);
        (20..80).contains(&b).then_some(())
    });
    win.save_shot("preferences-closed");
    win.alive();

    // The keyboard alone: down to "Verify copies", Space; back up to the theme, Left.
    win.key("ctrl+comma");
    win.wait_text("Erscheinungsbild");
    change_line(
        &win,
        &settings,
        ("Down", 5),
        "space",
        "verify_copies = true",
    );
    win.save_shot("preferences-keyboard");
    win.key("shift+Tab");
    change_line(&win, &settings, ("Up", 4), "Left", "theme = \"light\"");
    win.key("Escape");
    win.wait_gone("Erscheinungsbild");
    wait_for("the window to turn light", PATIENCE, || {
        (view_brightness(&win) > 200).then_some(())
    });
    win.alive();
}

/// Press `step` `times` times, then `key`; wait until the settings file holds `saved`.
fn change_line(
    win: &Window,
    settings: &Path,
    (step, times): (&str, usize),
    key: &str,
    saved: &str,
) {
    win.key_times(step, times);
    win.key(key);
    wait_file_text(settings, &format!("{saved} saved"), |t| t.contains(saved));
}
