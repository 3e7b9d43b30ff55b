//! The headless window harness every `ui_*` test uses: booting the app on a folder (with
//! a home trash of the test's own, as a value, never the environment's), feeding it
//! messages while the tasks and engine work they set off run on the window's own runtime
//! (`runtime`; collecting the job requests made), rendering and clicking in iced_test's
//! Simulator, the mouse played as raw events, small test trees, and running one test again
//! in a child copy of the test binary with its own environment. (The real window has its
//! own harness: `desktop`.)

#![allow(dead_code)] // each test file uses its own part of these helpers

mod runtime;

pub use runtime::Ui;

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use iced::keyboard::Modifiers;
use iced::mouse;
use iced_test::Simulator;
use porpoise::actions::{ActionMsg, MenuItem};
use porpoise::dialog::Dialog;
use porpoise::places::UserHome;
use porpoise::request::{JobKind, JobRequest};
use porpoise::{App, Message, Settings};
use porpoise_engine::jobs::trash::HomeTrash;

/// Longest a listing, a job, a child test or an outside tool may take.
pub const TIMEOUT: Duration = Duration::from_secs(120);

/// Tests share the process-wide language: hold this while one runs.
static SHARED: Mutex<()> = Mutex::new(());

/// Show the window in `lang` ("en", "de") for as long as the guard lives.
pub fn language(lang: &str) -> MutexGuard<'static, ()> {
    let guard = SHARED.lock().unwrap_or_else(|e| e.into_inner());
    porpoise::i18n::select(&[lang]);
    guard
}

/// English strings held, and a fresh temp folder laid out by `lay_out` (what it gives
/// back comes with them): how most flows start. Keep all three for as long as the test runs.
pub fn english_in<T>(
    lay_out: impl FnOnce(&Path) -> T,
) -> (MutexGuard<'static, ()>, tempfile::TempDir, T) {
    let (lang, dir) = english_folder();
    let laid_out = lay_out(dir.path());
    (lang, dir, laid_out)
}

/// English strings held, and a fresh temp folder: keep both for as long as the test runs.
pub fn english_folder() -> (MutexGuard<'static, ()>, tempfile::TempDir) {
    let lang = language("en");
    let dir = tempfile::tempdir().expect("tempdir");
    (lang, dir)
}

/// [`english_in`] a folder that `lay_out` fills ([`tree`], [`deeper_tree`]), and the app
/// booted there.
pub fn english_booted(lay_out: fn(&Path)) -> (MutexGuard<'static, ()>, tempfile::TempDir, Ui) {
    let (lang, dir, ()) = english_in(lay_out);
    let app = boot(dir.path());
    (lang, dir, app)
}

/// Run `task` (what [`Ui::handle`] gave) with what it sets off, until the app is at rest
/// (see [`Ui::settle`]).
pub fn settle(mut ui: Ui, task: iced::Task<Message>) -> Ui {
    ui.run(task);
    ui.settle();
    ui
}

/// Boot the app at `path` with `settings`, in `home` (its Home place and its trash), and
/// run what booting sets off until the app is at rest (see [`Ui::settle`]).
pub fn boot_as(path: &Path, settings: Settings, home: UserHome) -> Ui {
    let mut ui = Ui::booting(|| App::boot(path.to_owned(), settings, None, home));
    ui.settle();
    ui
}

/// Boot the app at `path`, trashing into `trash` (see [`test_trash`]).
pub fn boot_with_trash(path: &Path, trash: &HomeTrash) -> Ui {
    boot_as(path, Settings::default(), home_with(trash.clone()))
}

pub fn boot_with(path: &Path, settings: Settings) -> Ui {
    boot_as(path, settings, home_with(untouched_trash()))
}

/// This process's home folder (only read: tests never write to it) with `trash`, and no
/// applications (so nothing a test opens starts a program of this machine's).
fn home_with(trash: HomeTrash) -> UserHome {
    UserHome {
        folder: porpoise::places::home_dir(),
        trash,
        apps: porpoise_engine::apps::Env::default(),
    }
}

/// Boot the app at `path` with the applications `apps` names.
pub fn boot_with_apps(path: &Path, apps: porpoise_engine::apps::Env) -> Ui {
    let home = UserHome {
        apps,
        ..home_with(untouched_trash())
    };
    boot_as(path, Settings::default(), home)
}

pub fn boot(path: &Path) -> Ui {
    boot_with(path, Settings::default())
}

/// A home trash for one test, in a temp folder of its own (gone with the folder).
pub fn test_trash() -> (tempfile::TempDir, HomeTrash) {
    let dir = tempfile::tempdir().expect("a folder for the trash");
    let trash = HomeTrash::in_data_home(dir.path());
    (dir, trash)
}

/// The home trash of an app booted without one: a folder of this test process that no
/// test trashes into (a test that trashes boots with [`test_trash`]), so it is not made.
fn untouched_trash() -> HomeTrash {
    HomeTrash::at(
        std::env::temp_dir().join(format!("porpoise-untouched-trash-{}", std::process::id())),
    )
}

/// Handle messages one after the other, each with what it sets off, until the app is at
/// rest (see [`Ui::settle`], failing after `TIMEOUT`); also return the job requests made
/// on the way.
pub fn feed(mut ui: Ui, messages: impl IntoIterator<Item = Message>) -> (Ui, Vec<JobRequest>) {
    ui.take_requests();
    for m in messages {
        ui.update(m);
        ui.settle();
    }
    let jobs = ui.take_requests();
    (ui, jobs)
}

/// Handle one message and everything it sets off.
pub fn send(app: Ui, m: Message) -> Ui {
    feed(app, [m]).0
}

pub fn simulator(app: &App) -> Simulator<'_, Message> {
    Simulator::with_size(iced::Settings::default(), (1024.0, 700.0), app.view())
}

pub fn shows(app: &App, text: &str) -> bool {
    simulator(app).find(text).is_ok()
}

/// The centre of the widget showing `text`.
pub fn center_of(app: &App, text: &str) -> iced::Point {
    let target = simulator(app).find(text).expect("the text is shown");
    target
        .visible_bounds()
        .expect("the text is visible")
        .center()
}

/// The messages a click on what `target` selects produces (at least one).
pub fn clicked(
    app: &App,
    target: impl iced_test::Selector<
        Output = impl iced_test::selector::Bounded + Clone + Send + Sync + 'static,
    > + Send,
) -> Vec<Message> {
    let mut ui = simulator(app);
    ui.click(target).expect("the target is on screen");
    let messages: Vec<Message> = ui.into_messages().collect();
    assert!(!messages.is_empty(), "the click produced a message");
    messages
}

/// Click what `target` selects, then feed what it produced to the app.
pub fn click(
    app: Ui,
    target: impl iced_test::Selector<
        Output = impl iced_test::selector::Bounded + Clone + Send + Sync + 'static,
    > + Send,
) -> Ui {
    click_jobs(app, target).0
}

/// [`click`], also returning the job requests it made.
pub fn click_jobs(
    app: Ui,
    target: impl iced_test::Selector<
        Output = impl iced_test::selector::Bounded + Clone + Send + Sync + 'static,
    > + Send,
) -> (Ui, Vec<JobRequest>) {
    let messages = clicked(&app, target);
    feed(app, messages)
}

/// Play raw mouse events with the pointer at `at`; the messages they produce.
pub fn mouse(app: &App, at: iced::Point, events: Vec<iced::Event>) -> Vec<Message> {
    let mut ui = simulator(app);
    ui.point_at(at);
    let _ = ui.simulate(events);
    ui.into_messages().collect()
}

/// [`mouse`], then feed what it produced to the app.
pub fn play(app: Ui, at: iced::Point, events: Vec<iced::Event>) -> (Ui, Vec<JobRequest>) {
    let messages = mouse(&app, at, events);
    feed(app, messages)
}

pub fn left(pressed: bool) -> iced::Event {
    iced::Event::Mouse(if pressed {
        mouse::Event::ButtonPressed(mouse::Button::Left)
    } else {
        mouse::Event::ButtonReleased(mouse::Button::Left)
    })
}

pub fn moved(to: iced::Point) -> iced::Event {
    iced::Event::Mouse(mouse::Event::CursorMoved { position: to })
}

/// Press on `from`, move in two steps to `to`, release there (each step renders anew).
pub fn drag(app: Ui, from: &str, to: &str, modifiers: Modifiers) -> (Ui, Vec<JobRequest>) {
    let start = center_of(&app, from);
    let end = center_of(&app, to);
    let (app, _) = feed(app, [Message::Modifiers(Modifiers::empty())]);
    let (app, _) = play(app, start, vec![left(true)]);
    let halfway = iced::Point::new(start.x + 20.0, (start.y + end.y) / 2.0);
    let (app, _) = play(app, halfway, vec![moved(halfway)]);
    let (app, _) = play(app, end, vec![moved(end)]);
    let (app, _) = feed(app, [Message::Modifiers(modifiers)]);
    let (app, jobs) = play(app, end, vec![left(false)]);
    let (app, _) = feed(app, [Message::Modifiers(Modifiers::empty())]);
    (app, jobs)
}

pub fn right_click(app: Ui, at: iced::Point) -> Ui {
    let right = iced::Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Right));
    play(app, at, vec![right]).0
}

/// Select the entry `name` with a click.
pub fn select(app: Ui, name: &str) -> Ui {
    send(app, clicked_on(name.as_bytes()))
}

/// The message of a click on the entry `name`.
pub fn clicked_on(name: &[u8]) -> Message {
    to_browser(porpoise::screen::browser::Message::Clicked(name.to_vec()))
}

/// The message that starts a job of `kind` on `sources` into `dest` in the job panel.
pub fn job(kind: JobKind, sources: Vec<PathBuf>, dest: &Path) -> Message {
    Message::Jobs(porpoise::screen::jobs::Message::Start(JobRequest {
        kind,
        sources,
        dest: dest.to_owned(),
        modes: None,
        compress: None,
    }))
}

/// A message of the pane with the keyboard, as the window's.
pub fn to_pane(m: porpoise::screen::browser::pane::PaneMsg) -> Message {
    to_browser(porpoise::screen::browser::Message::Pane(m))
}

/// A message of the search view, as the window's.
pub fn to_search(m: porpoise::screen::browser::search::SearchMsg) -> Message {
    to_browser(porpoise::screen::browser::Message::Search(m))
}

/// Select the entries `names`: a click on the first, Ctrl+clicks on the others.
pub fn select_all_of(app: Ui, names: &[&str]) -> Ui {
    let mut app = app;
    for (i, name) in names.iter().enumerate() {
        if i == 1 {
            app = send(app, Message::Modifiers(Modifiers::CTRL));
        }
        app = select(app, name);
    }
    send(app, Message::Modifiers(Modifiers::empty()))
}

/// Show the filter bar and type `text` into it.
pub fn filter_by(app: Ui, text: &str) -> Ui {
    use porpoise::screen::browser::pane::PaneMsg;
    let app = send(app, to_pane(PaneMsg::ToggleFilter));
    send(app, to_pane(PaneMsg::FilterInput(text.into())))
}

/// A message of the browser, as the window's.
pub fn to_browser(m: porpoise::screen::browser::Message) -> Message {
    Message::Browser(m)
}

/// The menu of the item `target` (`None`: of the folder shown) opened, and `item` picked
/// in it.
pub fn pick_in_menu(app: Ui, target: Option<&[u8]>, item: MenuItem) -> Ui {
    use porpoise::screen::browser::Message as BrowserMsg;
    let menu = ActionMsg::ContextMenu(target.map(<[u8]>::to_vec));
    let app = send(app, to_browser(BrowserMsg::Action(menu)));
    send(
        app,
        to_browser(BrowserMsg::Action(ActionMsg::MenuPick(item))),
    )
}

/// Click into the field `id` and type `text`, as a person would; the app takes what that
/// produced.
pub fn type_into(app: Ui, id: &'static str, text: &str) -> Ui {
    let messages: Vec<Message> = {
        let mut ui = simulator(&app);
        ui.click(iced::widget::Id::new(id))
            .expect("the field is shown");
        ui.typewrite(text);
        ui.into_messages().collect()
    };
    assert!(!messages.is_empty(), "typing into {id} did something");
    messages.into_iter().fold(app, send)
}

/// Start a job of `kind` on the entries `names` of `folder` into `dest`, and handle all
/// it sets off.
pub fn run_job(app: Ui, kind: JobKind, folder: &Path, names: &[&str], dest: &Path) -> Ui {
    let sources = names.iter().map(|n| folder.join(n)).collect();
    send(app, job(kind, sources, dest))
}

/// `a.txt`, `b.txt` and an empty folder `sub`, in `dir`.
pub fn tree(dir: &Path) {
    fs::write(dir.join("a.txt"), b"alpha").expect("write a.txt");
    fs::write(dir.join("b.txt"), b"bravo").expect("write b.txt");
    fs::create_dir(dir.join("sub")).expect("mkdir sub");
}

/// [`tree`], with `inner.txt` in `sub`.
pub fn deeper_tree(dir: &Path) {
    tree(dir);
    fs::write(dir.join("sub/inner.txt"), b"inside").expect("write inner.txt");
}

/// `src/` with the given files and an empty `dest/`, in a temp folder.
pub fn two_folders(files: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path().join("src");
    let dest = dir.path().join("dest");
    fs::create_dir(&src).expect("mkdir src");
    fs::create_dir(&dest).expect("mkdir dest");
    for (name, text) in files {
        fs::write(src.join(name), text).expect("write a source");
    }
    (dir, src, dest)
}

pub fn read(p: &Path) -> String {
    fs::read_to_string(p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()))
}

/// Set in the child copies of this binary: which test they run the inside of.
const CHILD_VAR: &str = "PORPOISE_TEST_CHILD";

/// Run `test` again in a child copy of this binary with `env` (`None` removes a variable);
/// fail if it fails.
pub fn in_child(test: &str, env: &[(&str, Option<&OsStr>)]) {
    let mut cmd = Command::new(std::env::current_exe().expect("test binary"));
    cmd.args(["--exact", test, "--nocapture", "--test-threads=1"])
        .env(CHILD_VAR, test);
    for (k, v) in env {
        match v {
            Some(v) => cmd.env(k, v),
            None => cmd.env_remove(k),
        };
    }
    porpoise_testkit::again::passed_one(&mut cmd, &format!("the child test {test}"));
}

pub fn is_child(test: &str) -> bool {
    std::env::var(CHILD_VAR).is_ok_and(|v| v == test)
}

/// Run the test `name` of this binary again as the unprivileged user (root may open and
/// change any folder), from a copy of the binary that user can reach in `dir`, with a home
/// of its own and `var` set to `value` (how the run knows it is the second); it must pass.
pub fn again_as_nobody(dir: &Path, name: &str, var: &str, value: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let home = dir.join("home");
    fs::create_dir(&home).expect("mkdir");
    fs::set_permissions(&home, fs::Permissions::from_mode(0o777)).expect("chmod");
    let mut again = porpoise_testkit::nobody::test_again(dir, name);
    again
        .env(var, value)
        .env("HOME", &home)
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("XDG_DATA_HOME");
    porpoise_testkit::nobody::passed(again);
}

/// A temp folder anyone may enter, holding `locked/` with `file` in it (the file holding
/// its first letter) and `mode` on `locked`: for the tests of what permissions forbid
/// (see [`again_as_nobody`]). Set `locked` back to 0o755 afterwards, so it can be removed.
pub fn locked_folder(file: &str, mode: u32) -> (tempfile::TempDir, PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).expect("chmod");
    let locked = dir.path().join("locked");
    fs::create_dir(&locked).expect("mkdir");
    fs::write(locked.join(file), &file.as_bytes()[..1]).expect("write");
    fs::set_permissions(&locked, fs::Permissions::from_mode(mode)).expect("chmod");
    (dir, locked)
}

/// `root/one` (a.txt, b.txt, sub/) and `root/two` (x.txt).
pub fn one_and_two(root: &Path) -> (PathBuf, PathBuf) {
    let one = root.join("one");
    let two = root.join("two");
    fs::create_dir_all(one.join("sub")).expect("mkdir");
    fs::create_dir(&two).expect("mkdir");
    fs::write(one.join("a.txt"), b"a").expect("write");
    fs::write(one.join("b.txt"), b"b").expect("write");
    fs::write(two.join("x.txt"), b"x").expect("write");
    (one, two)
}

/// The open dialog when it is of the kind `pick` takes (`Dialog::Preferences`…).
pub fn open_dialog<'a, T>(app: &'a App, pick: fn(&'a Dialog) -> Option<&'a T>) -> Option<&'a T> {
    app.dialog().and_then(pick)
}

/// The open batch rename dialog.
pub fn batch_rename(app: &App) -> Option<&porpoise::dialog::batch_rename::BatchRename> {
    open_dialog(app, |d| match d {
        Dialog::BatchRename(d) => Some(d),
        _ => None,
    })
}

/// The open Preferences dialog.
pub fn preferences(app: &App) -> Option<&porpoise::dialog::preferences::Preferences> {
    open_dialog(app, |d| match d {
        Dialog::Preferences(d) => Some(d),
        _ => None,
    })
}

/// The open properties dialog.
pub fn properties(app: &App) -> Option<&porpoise::dialog::properties::Properties> {
    open_dialog(app, |d| match d {
        Dialog::Properties(d) => Some(d),
        _ => None,
    })
}

/// The open chooser.
pub fn chooser(app: &App) -> Option<&porpoise::dialog::chooser::Chooser> {
    open_dialog(app, |d| match d {
        Dialog::Chooser(d) => Some(d),
        _ => None,
    })
}

/// The open Compress… dialog.
pub fn compress(app: &App) -> Option<&porpoise::dialog::compress::Compress> {
    open_dialog(app, |d| match d {
        Dialog::Compress(d) => Some(d),
        _ => None,
    })
}

/// The question on screen (a job's, or "Delete for good?").
pub fn question(app: &App) -> Option<&porpoise::dialog::question::Ask> {
    open_dialog(app, |d| match d {
        Dialog::Question(q) => Some(&q.ask),
        _ => None,
    })
}

/// A message of the dialog open.
pub fn to_dialog(m: impl Into<porpoise::dialog::Message>) -> Message {
    Message::Dialog(m.into())
}

/// Questions of jobs on screen or waiting to be (and "Delete for good?" on screen).
pub fn questions(app: &App) -> usize {
    usize::from(question(app).is_some()) + app.jobs().questions.len()
}
