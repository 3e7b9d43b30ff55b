//! Window flows on real temporary folders: the app's pure `handle` runs, its effects run
//! with the real engine (`Effect::run_blocking`), and iced_test's Simulator renders the
//! view, finds text and clicks widgets. Runs headless: `env -u DISPLAY cargo test --test ui_flows`.

use std::fs;
use std::path::Path;
use std::sync::mpsc;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use iced::keyboard::Modifiers;
use iced::keyboard::key::Named;
use iced::widget::Id;
use iced_test::Simulator;
use porpoise::listing::SortKey;
use porpoise::ui::keys::{char_key, named, press};
use porpoise::ui::viewport::Viewport;
use porpoise::ui::widgets::location;
use porpoise::ui::{App, Effect, Message, Settings};

/// Longest a folder listing may take before the test fails.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Tests share the process-wide language: hold this while one runs.
static LANGUAGE: Mutex<()> = Mutex::new(());

fn language(lang: &str) -> MutexGuard<'static, ()> {
    let guard = LANGUAGE.lock().unwrap_or_else(|e| e.into_inner());
    porpoise::ui::i18n::select(&[lang]);
    guard
}

/// Run effects with the real engine until nothing is left, failing after `TIMEOUT`.
fn settle(app: App, effects: Vec<Effect>) -> App {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut app = app;
        app.settle(effects);
        let _ = tx.send(app);
    });
    rx.recv_timeout(TIMEOUT)
        .expect("the listing finished within the timeout")
}

fn boot_with(path: &Path, settings: Settings) -> App {
    let (app, effects) = App::boot(path.to_owned(), settings, None);
    settle(app, effects)
}

fn boot(path: &Path) -> App {
    boot_with(path, Settings::default())
}

/// Handle one message and everything it sets off.
fn send(app: App, message: Message) -> App {
    let mut app = app;
    let effects = app.handle(message);
    settle(app, effects)
}

fn simulator(app: &App) -> Simulator<'_, Message> {
    Simulator::with_size(iced::Settings::default(), (1024.0, 700.0), app.view())
}

/// Click what `f` finds in the rendered view, then feed the produced messages to the app.
fn click(
    app: App,
    target: impl iced_test::Selector<
        Output = impl iced_test::selector::Bounded + Clone + Send + Sync + 'static,
    > + Send,
) -> App {
    let messages: Vec<Message> = {
        let mut ui = simulator(&app);
        ui.click(target).expect("the target is on screen");
        ui.into_messages().collect()
    };
    assert!(!messages.is_empty(), "the click produced a message");
    messages.into_iter().fold(app, send)
}

fn shows(app: &App, text: &str) -> bool {
    simulator(app).find(text).is_ok()
}

fn tree(dir: &Path) {
    fs::write(dir.join("a.txt"), b"alpha").expect("write a.txt");
    fs::write(dir.join("b.txt"), b"bravo").expect("write b.txt");
    fs::create_dir(dir.join("sub")).expect("mkdir sub");
    fs::write(dir.join("sub/inner.txt"), b"inside").expect("write inner.txt");
}

#[test]
fn opens_a_folder_and_a_subfolder_then_goes_back() {
    let _lang = language("en");
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let app = boot(dir.path());
    assert_eq!(app.shown_names(), ["sub", "a.txt", "b.txt"]);
    assert!(shows(&app, "a.txt"));
    assert!(shows(&app, "b.txt"));
    assert!(shows(&app, "3 items"));
    assert!(!shows(&app, "inner.txt"));

    // Double-click "sub": two clicks on the same row in quick succession.
    let messages: Vec<Message> = {
        let mut ui = simulator(&app);
        ui.click("sub").expect("sub is shown");
        ui.click("sub").expect("sub is shown");
        ui.into_messages().collect()
    };
    let app = messages.into_iter().fold(app, send);
    assert_eq!(app.path(), dir.path().join("sub"));
    assert_eq!(app.shown_names(), ["inner.txt"]);
    assert!(shows(&app, "inner.txt"));
    assert!(!shows(&app, "a.txt"));
    assert!(app.title().contains("Porpoise"));
    assert!(app.title().contains("sub"));

    // Back (the toolbar button) shows the parent again, with "sub" selected.
    let app = click(app, Id::new(location::BACK));
    assert_eq!(app.path(), dir.path());
    assert!(shows(&app, "a.txt"));
    assert!(app.selection().is_selected(b"sub"));
    assert!(shows(&app, "3 items, 1 selected"));

    // Forward with Alt+Right, back with Alt+Left.
    let app = send(app, press(named(Named::ArrowRight), Modifiers::ALT));
    assert_eq!(app.path(), dir.path().join("sub"));
    let app = send(app, press(named(Named::ArrowLeft), Modifiers::ALT));
    assert_eq!(app.path(), dir.path());
    assert!(shows(&app, "b.txt"));
}

#[test]
fn keyboard_selects_and_opens() {
    let _lang = language("en");
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let mut app = boot(dir.path());
    app = send(app, press(named(Named::ArrowDown), Modifiers::empty()));
    assert_eq!(app.selection().cursor(), Some(&b"sub"[..]));
    app = send(app, press(named(Named::End), Modifiers::empty()));
    assert_eq!(app.selection().cursor(), Some(&b"b.txt"[..]));
    app = send(app, press(char_key("a"), Modifiers::empty()));
    assert_eq!(app.selection().cursor(), Some(&b"a.txt"[..]));
    app = send(app, press(named(Named::Home), Modifiers::empty()));
    app = send(app, press(named(Named::Enter), Modifiers::empty()));
    assert_eq!(app.path(), dir.path().join("sub"));
    assert!(shows(&app, "inner.txt"));
    app = send(app, press(named(Named::Backspace), Modifiers::empty()));
    assert_eq!(app.path(), dir.path());
    assert!(app.selection().is_selected(b"sub"));

    // Ctrl+L, type a path, Enter.
    app = send(app, press(char_key("l"), Modifiers::CTRL));
    assert!(app.location().is_some());
    app = send(app, Message::LocationInput("sub".into()));
    app = send(app, Message::LocationSubmit);
    assert_eq!(app.path(), dir.path().join("sub"));
    assert!(app.location().is_none());
}

#[test]
fn sorts_by_size_from_the_column_header() {
    let _lang = language("en");
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(dir.path().join("big.bin"), vec![0u8; 3000]).expect("write");
    fs::write(dir.path().join("small.bin"), vec![0u8; 10]).expect("write");
    fs::write(dir.path().join("mid.bin"), vec![0u8; 500]).expect("write");
    let app = boot(dir.path());
    assert_eq!(app.shown_names(), ["big.bin", "mid.bin", "small.bin"]);

    let app = click(app, "Size");
    assert_eq!(app.settings().sort_key(), SortKey::Size);
    assert_eq!(app.shown_names(), ["small.bin", "mid.bin", "big.bin"]);
    assert!(shows(&app, "small.bin"));
    assert!(shows(&app, "▲"));
    assert!(shows(&app, "10 bytes"));
    assert!(shows(&app, "3.0 kB"));

    let app = click(app, "Size");
    assert_eq!(app.shown_names(), ["big.bin", "mid.bin", "small.bin"]);
    assert!(shows(&app, "▼"));
}

#[test]
fn hidden_files_toggle() {
    let _lang = language("en");
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(dir.path().join(".hidden"), b"x").expect("write");
    fs::write(dir.path().join("shown.txt"), b"x").expect("write");
    let app = boot(dir.path());
    assert_eq!(app.shown_names(), ["shown.txt"]);
    assert!(!shows(&app, ".hidden"));

    let app = send(app, press(char_key("h"), Modifiers::CTRL));
    assert!(app.settings().show_hidden);
    assert_eq!(app.shown_names(), [".hidden", "shown.txt"]);
    assert!(shows(&app, ".hidden"));

    // The toolbar button hides them again.
    let app = click(app, Id::new(location::HIDDEN));
    assert!(!app.settings().show_hidden);
    assert!(!shows(&app, ".hidden"));
}

#[test]
fn folders_that_cannot_be_shown_say_why() {
    let _lang = language("en");
    let dir = tempfile::tempdir().expect("tempdir");
    let app = boot(&dir.path().join("missing"));
    assert_eq!(
        app.notice().as_deref(),
        Some("This folder no longer exists.")
    );
    assert!(shows(&app, "This folder no longer exists."));

    let app = boot(dir.path());
    assert!(shows(&app, "This folder is empty."));

    fs::write(dir.path().join(".only"), b"x").expect("write");
    let app = send(app, Message::Reload);
    assert!(shows(
        &app,
        "This folder only contains hidden files. Press Ctrl+H to show them."
    ));
}

/// Set in the unprivileged copy of this test binary that the test below starts.
const LOCKED_DIR_VAR: &str = "PORPOISE_TEST_LOCKED_DIR";

#[test]
fn a_folder_without_permission_says_so() {
    use std::os::unix::fs::PermissionsExt;
    if let Some(locked) = std::env::var_os(LOCKED_DIR_VAR) {
        let _lang = language("en");
        let app = boot(Path::new(&locked));
        assert!(shows(
            &app,
            "You don't have permission to open this folder."
        ));
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).expect("chmod");
    let locked = dir.path().join("locked");
    fs::create_dir(&locked).expect("mkdir");
    fs::write(locked.join("secret.txt"), b"s").expect("write");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).expect("chmod");
    if porpoise::sys::uid() != 0 {
        let _lang = language("en");
        let app = boot(&locked);
        assert!(shows(
            &app,
            "You don't have permission to open this folder."
        ));
        return;
    }
    // Root reads every folder: run this test again as an unprivileged user, from a copy
    // of this binary that user can reach.
    let home = dir.path().join("home");
    fs::create_dir(&home).expect("mkdir");
    fs::set_permissions(&home, fs::Permissions::from_mode(0o777)).expect("chmod");
    let exe = dir.path().join("ui-flows-under-test");
    fs::copy(std::env::current_exe().expect("test binary"), &exe).expect("copy");
    let out = std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(&exe)
        .args(["--exact", "a_folder_without_permission_says_so"])
        .env(LOCKED_DIR_VAR, &locked)
        .env("HOME", &home)
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("XDG_DATA_HOME")
        .output()
        .expect("run the test as an unprivileged user");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).expect("chmod");
}

#[test]
fn only_visible_rows_become_widgets() {
    let _lang = language("en");
    let dir = tempfile::tempdir().expect("tempdir");
    for i in 0..20_000 {
        fs::write(dir.path().join(format!("f{i:05}")), b"").expect("write");
    }
    let app = boot(dir.path());
    assert_eq!(app.lister().len(), 20_000);
    assert!(shows(&app, "f00000"));
    assert!(!shows(&app, "f00100"));
    assert!(!shows(&app, "f19999"));

    let height = app.viewport().height;
    let end = 20_000.0 * porpoise::ui::theme::ROW_HEIGHT - height;
    let app = send(
        app,
        Message::Scrolled(Viewport {
            offset_y: end,
            width: 800.0,
            height,
        }),
    );
    assert!(shows(&app, "f19999"));
    assert!(!shows(&app, "f00000"));

    // End moves the selection to the last entry and keeps it in view.
    let app = send(app, press(named(Named::Home), Modifiers::empty()));
    assert_eq!(app.viewport().offset_y, 0.0);
    assert!(shows(&app, "f00000"));
}

#[test]
fn icons_view_shows_the_same_entries() {
    let _lang = language("en");
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let app = boot(dir.path());
    let app = click(app, Id::new(location::ICONS));
    assert_eq!(app.settings().view, porpoise::ui::settings::ViewMode::Icons);
    assert!(shows(&app, "a.txt"));
    assert!(shows(&app, "sub"));
    assert!(!shows(&app, "Size"));
}

#[test]
fn german_strings() {
    let _lang = language("de");
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let app = boot(dir.path());
    assert!(shows(&app, "3 Elemente"));
    assert!(shows(&app, "Größe"));
    let app = boot(&dir.path().join("missing"));
    assert!(shows(&app, "Dieser Ordner existiert nicht mehr."));
    drop(app);
    porpoise::ui::i18n::select(&["en"]);
}
