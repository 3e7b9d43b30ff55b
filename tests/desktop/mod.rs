//! The real-window harness: an X server (Xvfb) with a window manager (openbox, so typed
//! keys reach the focused window as a person's do), the real `porpoise` command started in
//! it, real input through XTest (the pointer from the harness's own connection, keys through
//! `xdotool`), and what a person would check afterwards: the
//! window title, what is drawn (screenshots, and `tesseract` reading names off them), and
//! that the process lives and answers the window manager's `_NET_WM_PING` in time.
//!
//! ```ignore
//! mod desktop;
//! let Some(desk) = desktop::Desktop::start() else { return }; // skipped where tools lack
//! let win = desk.launch(desktop::Launch::new(&folder));
//! win.click_text("alpha-report.txt");
//! win.key("ctrl+c");
//! win.alive(); // lives and answers a ping within 250 ms
//! ```
#![allow(dead_code)]

mod accessibility;
mod image;
mod launch;
pub mod measure;
mod startup;
mod target;
pub mod wayland;
mod wayland_pointer;
mod wayland_window;
mod x11;

// Only the tests of what screen readers are told start the accessibility bus.
#[allow(unused_imports)]
pub use accessibility::Accessibility;
pub use image::Shot;
// Only the tests that measure what a word looks like name it.
#[allow(unused_imports)]
pub use image::Word;
pub use launch::Launch;
// Only the tests of launches handed to the window watch for them.
#[allow(unused_imports)]
pub use startup::StartupWatch;
// Only the tests that drag files out to another application, or in from one, start one.
#[allow(unused_imports)]
pub use target::{GtkSource, GtkTarget};

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use x11::X;

/// How long a window may take to answer a ping: a person notices a longer stall.
pub const PING_LIMIT: Duration = Duration::from_millis(250);
pub use porpoise_testkit::{PATIENCE, Reaper, have, wait_for};

/// For the window's benchmarks: the desktop, or `None` (said) where its tools are missing.
pub fn bench_desktop() -> Option<Desktop> {
    let desk = Desktop::start();
    if desk.is_none() {
        eprintln!("the real-window tools are missing: nothing measured");
    }
    desk
}

/// How many rounds (or steps) a window benchmark runs: `PORPOISE_BENCH_ROUNDS`, else
/// `default`.
pub fn bench_rounds(default: usize) -> usize {
    std::env::var("PORPOISE_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(default)
}

/// What the harness needs on the machine (`.ci/run` installs them).
const TOOLS: [(&str, &str); 4] = [
    ("Xvfb", "xvfb"),
    ("openbox", "openbox"),
    ("xdotool", "xdotool"),
    ("tesseract", "tesseract-ocr"),
];

/// One real window at a time in a test binary: two would share the 2 cores and make each
/// other's pings late.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// An Xvfb, stopped as a person stops it when dropped: SIGTERM, so it removes its lock
/// file and socket (a killed one leaves them, and the next program to pick that display
/// number gets none); what a server that had to be killed left is removed here.
pub struct Xserver {
    number: u32,
    child: Child,
}

impl Xserver {
    /// Start Xvfb on display `:number` with one screen of `screen` (`1280x800x24`) and
    /// wait until it takes connections.
    pub fn start(number: u32, screen: &str) -> Xserver {
        let child = Command::new("Xvfb")
            .args([
                &format!(":{number}"),
                "-screen",
                "0",
                screen,
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start Xvfb");
        let server = Xserver { number, child };
        let socket = server.socket();
        wait_for("the X server", PATIENCE, || {
            std::os::unix::net::UnixStream::connect(&socket).ok()
        });
        server
    }

    pub fn display(&self) -> String {
        format!(":{}", self.number)
    }

    fn socket(&self) -> PathBuf {
        PathBuf::from(format!("/tmp/.X11-unix/X{}", self.number))
    }

    fn lock(&self) -> PathBuf {
        PathBuf::from(format!("/tmp/.X{}-lock", self.number))
    }
}

impl Drop for Xserver {
    fn drop(&mut self) {
        if let Some(pid) = rustix::process::Pid::from_raw(self.child.id() as i32) {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        while matches!(self.child.try_wait(), Ok(None)) && Instant::now() < deadline {
            std::thread::park_timeout(Duration::from_millis(20));
        }
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        // Gone now either way: nothing of it may stay behind.
        let _ = std::fs::remove_file(self.lock());
        let _ = std::fs::remove_file(self.socket());
    }
}

/// An X server with a window manager, taken down when dropped.
pub struct Desktop {
    display: String,
    x: X,
    _wm: Reaper,
    _xvfb: Xserver,
    _turn: MutexGuard<'static, ()>,
}

impl Desktop {
    /// Start Xvfb and openbox; `None` (with a message) where a tool is missing, a
    /// failure in CI.
    pub fn start() -> Option<Desktop> {
        Desktop::start_after(|_| None)
    }

    /// [`Desktop::start`] with a screen of another size (`2560x1600x24`).
    pub fn start_screen(screen: &str) -> Option<Desktop> {
        Desktop::start_on(screen, |_| None)
    }

    /// [`Desktop::start`], with `before` run first with the display's name (`:N`), before
    /// its X server exists: a window started there must wait for it. When `before` gives
    /// the process's id, the window manager starts once that process's window is shown,
    /// as in a session whose file manager comes up first. (openbox loses the map request
    /// of a window that maps while openbox itself is starting: the window then stays
    /// unmapped. That race is the window manager's, so the harness keeps out of it.)
    pub fn start_after(before: impl FnOnce(&str) -> Option<u32>) -> Option<Desktop> {
        Desktop::start_on("1280x800x24", before)
    }

    /// [`Desktop::start_after`] with one screen of `screen` (`1280x800x24`).
    fn start_on(screen: &str, before: impl FnOnce(&str) -> Option<u32>) -> Option<Desktop> {
        if !tools_installed(&TOOLS) {
            return None;
        }
        let turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let n = free_display();
        let display = format!(":{n}");
        let first = before(&display);
        let xvfb = Xserver::start(n, screen);
        let x = wait_for("a connection to the X server", PATIENCE, || {
            X::connect(&display).ok()
        });
        if let Some(pid) = first {
            wait_for(
                "the window shown without a window manager",
                PATIENCE,
                || x.shown_window_of_pid(pid),
            );
        }
        let wm = Reaper(
            Command::new("openbox")
                .args(["--sm-disable"])
                .env("DISPLAY", &display)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("start openbox"),
        );
        wait_for("the window manager", PATIENCE, || {
            x.has_window_manager().then_some(())
        });
        Some(Desktop {
            display,
            x,
            _wm: wm,
            _xvfb: xvfb,
            _turn: turn,
        })
    }

    pub fn display(&self) -> &str {
        &self.display
    }

    /// Run `xdotool` with `args` on this display.
    pub fn xdotool<I, S>(&self, args: I)
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        porpoise_testkit::run(
            Command::new("xdotool")
                .args(args)
                .env("DISPLAY", &self.display),
        );
    }

    /// The managed window titled `title`, once it is shown.
    pub fn wait_window_titled(&self, title: &str) -> u32 {
        wait_for(&format!("a window titled {title:?}"), PATIENCE, || {
            self.x.window_titled(title)
        })
    }

    /// Where window `id`'s inside is on the screen, and its size.
    pub fn geometry_of(&self, id: u32) -> (i32, i32, u32, u32) {
        self.x.geometry(id)
    }

    /// Put window `id` at `(x, y)` on the screen with its inside `width` x `height`.
    pub fn place(&self, id: u32, (x, y): (i32, i32), (width, height): (u32, u32)) {
        let id = id.to_string();
        self.xdotool([
            "windowsize",
            "--sync",
            &id,
            &width.to_string(),
            &height.to_string(),
        ]);
        self.xdotool(["windowmove", "--sync", &id, &x.to_string(), &y.to_string()]);
    }

    /// Start the window as `launch` says and wait until it has drawn its first frame.
    pub fn launch(&self, launch: Launch) -> Window<'_> {
        let (child, log) = launch.spawn(&self.display);
        self.adopt(child, log)
    }

    /// The window of `child`, started on this desktop's display (perhaps before the X
    /// server was up), once it has drawn its first frame; `log` holds what it printed.
    pub fn adopt(&self, child: Child, log: PathBuf) -> Window<'_> {
        let mut child = Reaper(child);
        let pid = child.0.id();
        let id = wait_for("the Porpoise window", PATIENCE, || {
            if let Ok(Some(status)) = child.0.try_wait() {
                panic!("porpoise exited early ({status}):\n{}", tail(&log));
            }
            self.x.window_of_pid(pid)
        });
        let window = Window {
            desk: self,
            id,
            child,
            log,
        };
        wait_for("a drawn frame", PATIENCE, || {
            (window.shot().distinct_colours() > 16).then_some(())
        });
        window.activate();
        window
    }
}

/// Whether every one of `tools` (each with the package that has it) is installed; where
/// one is not, says so and gives `false` (a failure in CI).
pub fn tools_installed(tools: &[(&str, &str)]) -> bool {
    let Some((tool, package)) = tools.iter().find(|(t, _)| !have(t)) else {
        return true;
    };
    assert!(
        std::env::var_os("CI").is_none(),
        "{tool} is missing; CI must install {package} (.ci/run)"
    );
    eprintln!("skipped: {tool} is not installed (apt-get install {package})");
    false
}

/// A display number nobody uses (no socket, no lock file).
pub fn free_display() -> u32 {
    (90..400)
        .find(|n| {
            !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
                && !Path::new(&format!("/tmp/.X{n}-lock")).exists()
        })
        .expect("a free X display number")
}

/// The last lines of the window's log, for a failure message.
fn tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

/// The running window: input goes to it, checks look at it.
pub struct Window<'d> {
    desk: &'d Desktop,
    id: u32,
    child: Reaper,
    log: PathBuf,
}

/// A home in a temp folder with a working folder in it (`work`, unless the test names
/// another): what most tests show the window.
pub struct Home {
    dir: tempfile::TempDir,
    pub work: PathBuf,
}

impl Home {
    /// A fresh home whose `work` folder holds `<name>.txt` for each of `names`, each file
    /// holding its name (names tesseract reads well: words, not digits).
    pub fn with_files(names: &[&str]) -> Home {
        let home = Home::with_empty("work");
        for n in names {
            std::fs::write(home.work.join(format!("{n}.txt")), n.as_bytes()).expect("write");
        }
        home
    }

    /// A fresh home whose working folder is an empty folder `name` in it, for the test to
    /// fill.
    pub fn with_empty(name: &str) -> Home {
        let dir = tempfile::tempdir().expect("a home folder");
        let work = dir.path().join(name);
        std::fs::create_dir_all(&work).expect("mkdir the working folder");
        Home { dir, work }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The home folder's own name (what the title ends with there).
    pub fn name(&self) -> String {
        self.path()
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned()
    }

    /// The window's settings file in this home (`.config/porpoise/settings.toml`).
    pub fn settings_file(&self) -> PathBuf {
        self.path().join(".config/porpoise/settings.toml")
    }

    /// A folder `name` in the home holding `<file>.txt` for each of `files`, each
    /// holding its name; its path.
    pub fn folder(&self, name: &str, files: &[&str]) -> PathBuf {
        let folder = self.path().join(name);
        std::fs::create_dir_all(&folder).expect("mkdir");
        for f in files {
            std::fs::write(folder.join(format!("{f}.txt")), f.as_bytes()).expect("write");
        }
        folder
    }
}

impl Desktop {
    /// The window on `home`'s working folder, once its title names it.
    pub fn open_work(&self, home: &Home) -> Window<'_> {
        let win = self.launch(Launch::new(home.path()).arg(&home.work));
        let name = home
            .work
            .file_name()
            .expect("a named folder")
            .to_string_lossy();
        win.wait_title("the folder in the title", |t| t.ends_with(&*name));
        win
    }

    /// [`Desktop::open_work`], the window's inside then resized to `width` x `height`.
    pub fn open_work_sized(&self, home: &Home, (width, height): (u32, u32)) -> Window<'_> {
        let win = self.open_work(home);
        win.resize(width, height);
        win
    }
}

/// Wait until the text file at `path` (a settings file) reads as `pred` wants.
pub fn wait_file_text(path: &Path, what: &str, pred: impl Fn(&str) -> bool) {
    wait_for(what, PATIENCE, || {
        pred(&std::fs::read_to_string(path).unwrap_or_default()).then_some(())
    });
}

/// What other programs read from the X clipboard as text (through `xclip`), once it is
/// what `want` wants.
pub fn wait_clipboard_text(display: &str, what: &str, want: impl Fn(&str) -> bool) -> String {
    wait_for(what, PATIENCE, || {
        let out = Command::new("xclip")
            .args(["-selection", "clipboard", "-o", "-t", "UTF8_STRING"])
            .env("DISPLAY", display)
            .output()
            .ok()?;
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        want(&text).then_some(text)
    })
}

/// Wait until `path` exists (`exists`) or is gone.
pub fn wait_exists(path: &Path, exists: bool) {
    let what = format!(
        "{} to {}",
        path.display(),
        if exists { "exist" } else { "go" }
    );
    wait_for(&what, PATIENCE, || (path.exists() == exists).then_some(()));
}

impl Window<'_> {
    /// Wait until `text` is no longer drawn.
    pub fn wait_gone(&self, text: &str) {
        wait_for(&format!("{text:?} to go from the window"), PATIENCE, || {
            self.find_text(text).is_none().then_some(())
        });
    }

    pub fn pid(&self) -> u32 {
        self.child.0.id()
    }

    /// The process lives and answers `_NET_WM_PING` within [`PING_LIMIT`]; otherwise a
    /// failure that shows the end of its log.
    pub fn alive(&mut self) {
        if let Ok(Some(status)) = self.child.0.try_wait() {
            panic!("the window died ({status}):\n{}", tail(&self.log));
        }
        let took = self.desk.x.ping(self.id, PING_LIMIT * 8);
        match took {
            Some(t) if t <= PING_LIMIT => {}
            Some(t) => panic!("the window answered a ping only after {t:?}"),
            None => panic!("the window did not answer a ping:\n{}", tail(&self.log)),
        }
    }

    /// Processor time the window's process (all its threads, user and system) has used so
    /// far, in clock ticks (1/100 s on Linux).
    pub fn cpu_ticks(&self) -> u64 {
        porpoise_testkit::procs::process(self.pid())
            .expect("the window's process")
            .ticks
    }

    /// How long the window takes to answer a ping now (`None`: not within the patience).
    pub fn ping_time(&self) -> Option<Duration> {
        self.desk.x.ping(self.id, PATIENCE)
    }

    /// Whether the process is still running (without the ping).
    pub fn running(&mut self) -> bool {
        matches!(self.child.0.try_wait(), Ok(None))
    }

    pub fn title(&self) -> String {
        self.desk.x.title(self.id)
    }

    /// Wait until the title satisfies `pred`; returns it.
    pub fn wait_title(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        wait_for(what, PATIENCE, || {
            let t = self.title();
            pred(&t).then_some(t)
        })
    }

    /// `WM_CLASS` as (instance, class).
    pub fn wm_class(&self) -> (String, String) {
        self.desk.x.wm_class(self.id)
    }

    /// The window's inside: where it is on the screen, and its size.
    pub fn geometry(&self) -> (i32, i32, u32, u32) {
        self.desk.x.geometry(self.id)
    }

    /// The window's X id.
    pub fn id(&self) -> u32 {
        self.id
    }

    /// Give the window the keyboard focus, as clicking its title bar would.
    pub fn activate(&self) {
        self.desk
            .xdotool(["windowactivate", "--sync", &self.id.to_string()]);
    }

    /// Move the pointer to `(x, y)` inside the window.
    pub fn point(&self, x: i32, y: i32) {
        let (wx, wy, _, _) = self.geometry();
        self.desk.x.move_pointer(wx + x, wy + y);
    }

    /// Press and release `button` where the pointer is, as a quick finger does, and
    /// wait until the window has handled it.
    fn press_release(&self, button: u8) {
        self.desk.x.button(button, true);
        std::thread::sleep(Duration::from_millis(15));
        self.desk.x.button(button, false);
        self.settle();
    }

    /// Wait until the window has handled the input sent so far. iced hands a frame's
    /// input to the widgets at the pointer's position at the end of that frame, so a
    /// move sent right after a click, while a long frame runs, would move the click too.
    /// The first ping is answered as the window reads its events, the second only after
    /// it has handled what it read.
    pub fn settle(&self) {
        for _ in 0..2 {
            assert!(
                self.desk.x.ping(self.id, PATIENCE).is_some(),
                "the window stopped answering:\n{}",
                tail(&self.log)
            );
        }
    }

    /// Move the pointer to `(x, y)` inside the window and press and release `button` there.
    fn press_release_at(&self, button: u8, x: i32, y: i32) {
        self.point(x, y);
        self.press_release(button);
    }

    pub fn click(&self, x: i32, y: i32) {
        self.press_release_at(1, x, y);
    }

    pub fn double_click(&self, x: i32, y: i32) {
        self.press_release_at(1, x, y);
        std::thread::sleep(Duration::from_millis(80));
        self.press_release(1);
    }

    pub fn middle_click(&self, x: i32, y: i32) {
        self.press_release_at(2, x, y);
    }

    pub fn right_click(&self, x: i32, y: i32) {
        self.press_release_at(3, x, y);
    }

    /// Turn the wheel `steps` notches: down when positive, up when negative.
    pub fn wheel(&self, steps: i32) {
        let button = if steps >= 0 { 5 } else { 4 };
        for _ in 0..steps.unsigned_abs() {
            self.press_release(button);
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Turn the wheel `steps` notches (as [`Window::wheel`]) while `key` (`ctrl`) is held.
    pub fn wheel_holding(&self, key: &str, steps: i32) {
        self.desk.xdotool(["keydown", key]);
        self.settle();
        self.wheel(steps);
        self.desk.xdotool(["keyup", key]);
        self.settle();
    }

    /// Press the left button at `from`, move in `steps` to `to`, release there.
    pub fn drag(&self, from: (i32, i32), to: (i32, i32), steps: i32) {
        self.drag_and_hold(from, to, steps);
        self.release();
    }

    /// Press the left button at `from` and move in `steps` to `to`, keeping it held (a
    /// rubber band held past an edge); [`Window::release`] ends it.
    pub fn drag_and_hold(&self, from: (i32, i32), to: (i32, i32), steps: i32) {
        self.point(from.0, from.1);
        self.settle();
        self.desk.x.button(1, true);
        for i in 1..=steps {
            let x = from.0 + (to.0 - from.0) * i / steps;
            let y = from.1 + (to.1 - from.1) * i / steps;
            std::thread::sleep(Duration::from_millis(20));
            self.point(x, y);
        }
        self.settle();
    }

    /// Let go of the left button.
    pub fn release(&self) {
        self.desk.x.button(1, false);
        self.settle();
    }

    /// Press keys as `xdotool key` names them (`ctrl+c`, `End`, `Return`).
    pub fn key(&self, keys: &str) {
        self.press_keys(keys);
        self.settle();
    }

    /// Press `key` `times` times, waiting for the window to handle each.
    pub fn key_times(&self, key: &str, times: usize) {
        for _ in 0..times {
            self.key(key);
        }
    }

    /// Press keys without waiting for the window to handle them (to time what follows).
    pub fn send_keys(&self, keys: &str) {
        self.press_keys(keys);
    }

    fn press_keys(&self, keys: &str) {
        let mut args = vec!["key", "--delay", "40"];
        args.extend(keys.split_whitespace());
        self.desk.xdotool(args);
    }

    /// Press keys that close the window (Ctrl+Q), and wait until it has ended cleanly.
    pub fn closes_with(mut self, keys: &str) {
        self.press_keys(keys);
        let status = self.wait_exit();
        assert!(status.success(), "{keys} ends the window cleanly: {status}");
    }

    /// Go to `folder` as a person types a location (Ctrl+L, the path, Enter), and wait
    /// until the title names it.
    pub fn go_to(&self, folder: &Path) {
        self.key("ctrl+l");
        self.type_text(&folder.to_string_lossy());
        self.key("Return");
        let name = folder
            .file_name()
            .expect("a named folder")
            .to_string_lossy();
        self.wait_title(&format!("{name} in the title"), |t| t.ends_with(&*name));
    }

    /// Type `text` as a person would.
    pub fn type_text(&self, text: &str) {
        self.desk.xdotool(["type", "--delay", "40", text]);
        self.settle();
    }

    /// Resize the window's inside to `width` x `height`.
    pub fn resize(&self, width: u32, height: u32) {
        self.desk.xdotool([
            "windowsize",
            "--sync",
            &self.id.to_string(),
            &width.to_string(),
            &height.to_string(),
        ]);
    }

    /// What the window shows now.
    pub fn shot(&self) -> Shot {
        self.desk.x.shot(self.id)
    }

    /// Where `text` is drawn (its centre, inside the window), read off a screenshot.
    pub fn find_text(&self, text: &str) -> Option<(i32, i32)> {
        self.shot().find_text(text)
    }

    /// Wait until `text` is drawn; returns where.
    pub fn wait_text(&self, text: &str) -> (i32, i32) {
        self.wait_text_where(text, |_, _| true)
    }

    /// Click on `text` where it is drawn.
    pub fn click_text(&self, text: &str) -> (i32, i32) {
        let (x, y) = self.wait_text(text);
        self.click(x, y);
        (x, y)
    }

    /// Wait until `text` is drawn with its centre where `place` allows (a band of the
    /// window, say); returns where.
    pub fn wait_text_where(&self, text: &str, place: impl Fn(i32, i32) -> bool) -> (i32, i32) {
        let start = Instant::now();
        loop {
            let shot = self.shot();
            let words = shot.words();
            let here: Vec<Word> = words
                .iter()
                .filter(|w| {
                    let (x, y) = w.centre();
                    place(x, y)
                })
                .cloned()
                .collect();
            if let Some(at) = image::find(&here, text) {
                return at;
            }
            if start.elapsed() > PATIENCE {
                let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("wait-text-failed.png");
                shot.write_png(&path);
                let read: Vec<&str> = here.iter().map(|w| w.text.as_str()).collect();
                panic!(
                    "gave up waiting for {text:?} drawn in the window; read {read:?}; screenshot {}",
                    path.display()
                );
            }
            std::thread::park_timeout(Duration::from_millis(100));
        }
    }

    /// Wait until the words read off the window satisfy `pred` (each with its box).
    pub fn wait_words(&self, what: &str, pred: impl Fn(&[Word]) -> bool) {
        wait_for(what, PATIENCE, || pred(&self.shot().words()).then_some(()));
    }

    /// Save a screenshot under the test target's temp folder; returns its path.
    pub fn save_shot(&self, name: &str) -> PathBuf {
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.png"));
        self.shot().write_png(&path);
        path
    }

    /// Everything the window printed so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Wait until the process has ended; its exit status.
    pub fn wait_exit(&mut self) -> std::process::ExitStatus {
        wait_for("the window to close", PATIENCE, || {
            self.child.0.try_wait().ok().flatten()
        })
    }
}
