//! What a frame costs the processor in Porpoise beside Dolphin and Thunar, each drawing a
//! real window under Xvfb: per step, the CPU time (user and system, from
//! `/proc/PID/stat`) the process that draws the window spends on it, with what the same
//! process spends sitting idle for as long taken off, and the median time until the
//! window has answered two pings after a step.
//!
//! Each app is opened on a folder of 3 000 empty files, in its default view, with a fresh
//! home and settings of its own. Four cells per app: 20 seeded resizes, then 20 steps of
//! three wheel notches over the (left) file view, first with one pane, then in split view
//! (F3 in all three). All at scale 1 (a 1280x800 screen) and at scale 2 (2560x1600, each
//! app told to scale by 2, every size and position doubled). An app that is not installed
//! is skipped with a line saying so.
//!
//! Run: `cargo bench -p porpoise --bench frames` (needs Xvfb, openbox, xdotool and
//! tesseract, as the window tests do, and `dbus-daemon` for the peers;
//! `PORPOISE_BENCH_ROUNDS` sets the steps per cell, default 20; `PORPOISE_BENCH_APPS`
//! names the apps to run, e.g. `porpoise,dolphin`, default all). Screenshots of each app
//! with one pane and in split view, and the peers' logs, are left in the bench target's
//! temp folder (`target/tmp`).

#[path = "../../tests/desktop/mod.rs"]
mod desktop;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use desktop::{Desktop, Launch, Window};
use porpoise_testkit::rng::Rng;
use porpoise_testkit::session_bus::SessionBus;

/// Files in the folder shown.
const FILES: usize = 3_000;

/// The window's size before each cell, at scale 1.
const BASE: (u32, u32) = (1000, 650);

/// How long a step set off by the last one may go on drawing after its pings are
/// answered (a scroll's animation); counted in the cell, and in the idle stretch too.
const TAIL: Duration = Duration::from_millis(500);

/// How long an app may take to come to rest before a cell.
const REST_LIMIT: Duration = Duration::from_secs(30);

/// The cells, in the order they run.
const CELLS: [&str; 4] = [
    "resize, one pane",
    "scroll, one pane",
    "resize, split view",
    "scroll, split view",
];

#[derive(Clone, Copy, PartialEq)]
enum App {
    Porpoise,
    Dolphin,
    Thunar,
}

impl App {
    fn name(self) -> &'static str {
        match self {
            App::Porpoise => "Porpoise",
            App::Dolphin => "Dolphin",
            App::Thunar => "Thunar",
        }
    }

    /// The peer's program; Porpoise is the window binary built with this bench.
    fn program(self) -> Option<&'static str> {
        match self {
            App::Porpoise => None,
            App::Dolphin => Some("dolphin"),
            App::Thunar => Some("thunar"),
        }
    }
}

/// One cell's figures.
#[derive(Clone, Copy)]
struct Cell {
    /// CPU ms per step, the idle CPU taken off.
    cpu_ms: f64,
    /// CPU ms per step the process spent while idle for as long as the cell took: what was
    /// taken off.
    idle_ms: f64,
    /// Median ms the window took to answer two pings after a step's input.
    answer_ms: f64,
}

fn main() {
    let steps = desktop::bench_rounds(20);
    let root = tempfile::tempdir().expect("a bench folder");
    let folder = root.path().join("many");
    std::fs::create_dir_all(&folder).expect("mkdir");
    for i in 0..FILES {
        std::fs::write(folder.join(format!("file-{i:04}.txt")), b"").expect("write");
    }

    println!(
        "# frames: CPU per step in Porpoise, Dolphin and Thunar ({steps} steps per cell, \
         {FILES} files)\n"
    );
    let asked = std::env::var("PORPOISE_BENCH_APPS")
        .unwrap_or_default()
        .to_lowercase();
    let mut apps = Vec::new();
    for app in [App::Porpoise, App::Dolphin, App::Thunar] {
        if !asked.is_empty() && !asked.split(',').any(|a| a == app.name().to_lowercase()) {
            continue;
        }
        match app.program() {
            Some(program) if !desktop::have(program) => {
                println!("{} is not installed (`{program}`): skipped\n", app.name());
            }
            _ => apps.push(app),
        }
    }
    if apps.len() > 1 && !desktop::have("dbus-daemon") {
        println!("dbus-daemon is not installed: the peers are skipped\n");
        apps.truncate(1);
    }

    for scale in [1u32, 2] {
        let screen = format!("{}x{}x24", 1280 * scale, 800 * scale);
        let Some(desk) = Desktop::start_screen(&screen) else {
            eprintln!("the real-window tools are missing: nothing measured");
            return;
        };
        let mut rows = Vec::new();
        for &app in &apps {
            eprintln!("frames: {} at scale {scale}", app.name());
            rows.push((app, measure(&desk, app, scale, &folder, steps)));
        }
        drop(desk);
        report(scale, &rows);
    }
}

/// Open `app` on `folder` at `scale` and run the four cells.
fn measure(desk: &Desktop, app: App, scale: u32, folder: &Path, steps: usize) -> [Cell; 4] {
    let home = tempfile::tempdir().expect("a home folder");
    let (win, bus) = open(desk, app, scale, home.path(), folder);
    win.wait_title("the folder in the title", |t| t.contains("many"));
    let base = (BASE.0 * scale, BASE.1 * scale);
    desk.place(win.id(), (0, 0), base);
    rest(&win, app);
    let shot = |what: &str| {
        win.save_shot(&format!(
            "frames-{}-scale{scale}-{what}",
            app.name().to_lowercase()
        ))
    };
    shot("one-pane");

    let mut cells = Vec::with_capacity(CELLS.len());
    for split in [false, true] {
        if split {
            win.key("F3");
            rest(&win, app);
            shot("split-view");
        }
        for change in [resize as Change, scroll] {
            win.resize(base.0, base.1);
            rest(&win, app);
            cells.push(cell(&win, scale, steps, change));
        }
    }
    // The app goes before its bus, so that it does not see the bus go.
    drop(win);
    drop(bus);
    cells.try_into().unwrap_or_else(|_| panic!("four cells"))
}

/// The window of `app` on `folder`, with `home` as its home folder and its settings,
/// data and cache below it; and the private session bus a peer runs on, to be kept until
/// the window is gone.
fn open<'d>(
    desk: &'d Desktop,
    app: App,
    scale: u32,
    home: &Path,
    folder: &Path,
) -> (Window<'d>, Option<SessionBus>) {
    let scale = scale.to_string();
    let Some(program) = app.program() else {
        let launch = Launch::new(home)
            .arg(folder)
            .window_binary()
            .env("WINIT_X11_SCALE_FACTOR", &scale);
        return (desk.launch(launch), None);
    };
    // A bus of its own (with no services to start), so that the app does not hand the
    // folder to an instance already running and starts no helpers.
    let bus = SessionBus::start(home);
    let runtime = home.join("runtime");
    std::fs::create_dir_all(&runtime).expect("mkdir the runtime folder");
    std::fs::set_permissions(
        &runtime,
        std::os::unix::fs::PermissionsExt::from_mode(0o700),
    )
    .expect("make the runtime folder private");
    let log = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("frames-{program}-scale{scale}.log"));
    let out = std::fs::File::create(&log).expect("open the log");
    let err = out.try_clone().expect("open the log");
    let mut cmd = Command::new(program);
    cmd.arg(folder)
        .env("DISPLAY", desk.display())
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("XDG_CURRENT_DESKTOP")
        .env_remove("XDG_SESSION_TYPE")
        .env_remove("DESKTOP_SESSION")
        .env_remove("QT_QPA_PLATFORMTHEME")
        .env_remove("GTK_THEME")
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .env("XDG_CACHE_HOME", home.join(".cache"))
        .env("XDG_RUNTIME_DIR", &runtime)
        .env("DBUS_SESSION_BUS_ADDRESS", &bus.address)
        // No accessibility bus: there is none to find.
        .env("NO_AT_BRIDGE", "1")
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err);
    match app {
        App::Dolphin => {
            dolphin_icons(home);
            // Qt's KDE desktop theme, so that Dolphin reads its icon theme from its
            // kdeglobals as on its own desktop.
            cmd.env("QT_QPA_PLATFORM", "xcb")
                .env("XDG_CURRENT_DESKTOP", "KDE")
                .env("KDE_SESSION_VERSION", "5")
                .env("QT_SCALE_FACTOR", &scale);
        }
        App::Thunar => {
            cmd.env("GDK_BACKEND", "x11").env("GDK_SCALE", &scale);
        }
        App::Porpoise => unreachable!("Porpoise is started above"),
    }
    let child = cmd
        .spawn()
        .unwrap_or_else(|e| panic!("start {program}: {e}"));
    (desk.adopt(child, log), Some(bus))
}

/// Dolphin's icons: this machine has no KDE icon theme (Breeze), and Adwaita, which
/// Thunar draws its files with, has no `text-plain`, the only name Dolphin asks for a
/// text file's icon; Dolphin would then draw its files with no icon at all. So its home
/// gets a theme `bench` that inherits Adwaita and names Adwaita's `text-x-generic`
/// pictures `text-plain` (what Thunar falls back to), chosen in its `kdeglobals`.
fn dolphin_icons(home: &Path) {
    let theme = home.join(".local/share/icons/bench");
    let mut dirs = Vec::new();
    let mut sections = String::new();
    for size in [16, 22, 24, 32, 48, 64, 96, 128, 256, 512] {
        let dir = format!("{size}x{size}/mimetypes");
        let picture = Path::new("/usr/share/icons/Adwaita")
            .join(&dir)
            .join("text-x-generic.png");
        if !picture.is_file() {
            continue;
        }
        std::fs::create_dir_all(theme.join(&dir)).expect("mkdir the icon theme");
        std::os::unix::fs::symlink(&picture, theme.join(&dir).join("text-plain.png"))
            .expect("link an icon");
        sections.push_str(&format!(
            "\n[{dir}]\nSize={size}\nContext=MimeTypes\nType=Fixed\n"
        ));
        dirs.push(dir);
    }
    if dirs.is_empty() {
        eprintln!("frames: Adwaita's icons are missing: Dolphin draws its files without icons");
    }
    std::fs::create_dir_all(&theme).expect("mkdir the icon theme");
    std::fs::write(
        theme.join("index.theme"),
        format!(
            "[Icon Theme]\nName=bench\nInherits=Adwaita,hicolor\nDirectories={}\n{sections}",
            dirs.join(",")
        ),
    )
    .expect("write the icon theme");
    std::fs::create_dir_all(home.join(".config")).expect("mkdir the settings folder");
    std::fs::write(home.join(".config/kdeglobals"), "[Icons]\nTheme=bench\n")
        .expect("write kdeglobals");
}

/// Wait until the window is at rest: it answers two pings after a second in which its
/// process used at most one clock tick. An app still busy after [`REST_LIMIT`] is said
/// to be, and measured as it is (the idle stretch takes off what it keeps using).
fn rest(win: &Window, app: App) {
    let start = Instant::now();
    loop {
        win.settle();
        let before = win.cpu_ticks();
        std::thread::sleep(Duration::from_secs(1));
        win.settle();
        if win.cpu_ticks() - before <= 1 {
            return;
        }
        if start.elapsed() > REST_LIMIT {
            eprintln!(
                "frames: {} still used the processor after {REST_LIMIT:?}",
                app.name()
            );
            return;
        }
    }
}

/// A step: a change made to the window at a scale.
type Change = fn(&Window, u32, &mut Rng);

/// Do `change` `steps` times with the same seed, two pings after each; then sit idle as
/// long as that took. The CPU per step with the idle CPU taken off, and the median
/// answer time.
fn cell(win: &Window, scale: u32, steps: usize, change: Change) -> Cell {
    let mut rng = Rng(7);
    let start = Instant::now();
    let cpu_before = win.cpu_ticks();
    let mut times = Vec::with_capacity(steps);
    for _ in 0..steps {
        change(win, scale, &mut rng);
        // The first ping is answered as the window reads the change, the second only
        // after it has handled it.
        let answered = win.ping_time().expect("the window answers")
            + win.ping_time().expect("the window answers");
        times.push(ms(answered));
    }
    std::thread::sleep(TAIL);
    win.settle();
    let busy = win.cpu_ticks() - cpu_before;
    let took = start.elapsed();

    let idle_before = win.cpu_ticks();
    std::thread::sleep(took);
    let idle = win.cpu_ticks() - idle_before;
    win.settle();

    // Clock ticks are 1/100 s.
    let per_step = |ticks: f64| ticks * 10.0 / steps.max(1) as f64;
    times.sort_by(f64::total_cmp);
    Cell {
        cpu_ms: per_step(busy as f64 - idle as f64),
        idle_ms: per_step(idle as f64),
        answer_ms: times.get(times.len() / 2).copied().unwrap_or(f64::NAN),
    }
}

/// A new size from the seeded sizes (as the redraw bench picks them), doubled at scale 2.
fn resize(win: &Window, scale: u32, rng: &mut Rng) {
    let (width, height) = (700 + rng.below(500) as u32, 480 + rng.below(270) as u32);
    win.resize(width * scale, height * scale);
}

/// Three wheel notches down, or one time in three up, over the (left) file view: a
/// quarter of the way across what lies right of Porpoise's 260-wide sidebar, halfway
/// down (inside the left pane in all three apps).
fn scroll(win: &Window, scale: u32, rng: &mut Rng) {
    let (_, _, width, height) = win.geometry();
    let side = 260 * scale as i32;
    win.point(side + (width as i32 - side) / 4, height as i32 / 2);
    win.wheel(if rng.below(3) == 0 { -3 } else { 3 });
}

/// The tables of one scale: CPU per step, the idle CPU that was taken off, the median
/// answer time; then Porpoise's CPU per step over Dolphin's.
fn report(scale: u32, rows: &[(App, [Cell; 4])]) {
    let screen = format!("{}x{}", 1280 * scale, 800 * scale);
    let table = |title: &str, figure: fn(&Cell) -> f64| {
        println!("{title}\n");
        println!("| app | {} |", CELLS.join(" | "));
        println!("|---|---|---|---|---|");
        for (app, cells) in rows {
            let figures: Vec<String> = cells.iter().map(|c| format!("{:.1}", figure(c))).collect();
            println!("| {} | {} |", app.name(), figures.join(" | "));
        }
        println!();
    };
    table(
        &format!("## Scale {scale} ({screen}): CPU ms per step, idle taken off"),
        |c| c.cpu_ms,
    );
    table(
        &format!("Scale {scale}: idle CPU taken off, ms per step"),
        |c| c.idle_ms,
    );
    table(
        &format!("Scale {scale}: median answer ms per step (two pings)"),
        |c| c.answer_ms,
    );
    let cells_of = |app: App| rows.iter().find(|(a, _)| *a == app).map(|(_, c)| c);
    match (cells_of(App::Porpoise), cells_of(App::Dolphin)) {
        (Some(ours), Some(dolphin)) => {
            let ratios: Vec<String> = CELLS
                .iter()
                .zip(ours.iter().zip(dolphin))
                .map(|(name, (o, d))| {
                    if d.cpu_ms > 0.0 {
                        format!("{name} {:.2}", o.cpu_ms / d.cpu_ms)
                    } else {
                        format!("{name} n/a")
                    }
                })
                .collect();
            println!(
                "Scale {scale}: Porpoise's CPU per step over Dolphin's: {}\n",
                ratios.join(", ")
            );
        }
        _ => println!("Scale {scale}: no Dolphin to compare with\n"),
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
