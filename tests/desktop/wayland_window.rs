//! The window as a client of the Wayland test desktop: keys typed through `wtype`, the
//! pointer moved and pressed through sway's seat, its title and app id read off sway's
//! tree, what it draws taken by `grim`, and a check that it lives and redraws at a key
//! (Wayland has no `_NET_WM_PING` a test can send).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::wayland::Sway;
use super::{PATIENCE, Reaper, Shot, image, tail, wait_for};

/// How long the window may take to redraw after a key: far longer than a person waits for
/// a frame, so that only a window that has stopped (or stalls for seconds) fails it.
pub const REDRAW_LIMIT: Duration = Duration::from_secs(2);

/// The window, started on a [`Sway`] desktop.
pub struct WlWindow<'s> {
    sway: &'s Sway,
    child: Reaper,
    log: PathBuf,
}

impl<'s> WlWindow<'s> {
    /// The window of `child` once sway shows it and it has drawn its first frame.
    pub fn adopt(sway: &'s Sway, mut child: Reaper, log: PathBuf) -> WlWindow<'s> {
        let pid = child.0.id();
        wait_for("the Porpoise window in sway's tree", PATIENCE, || {
            if let Ok(Some(status)) = child.0.try_wait() {
                panic!("porpoise exited early ({status}):\n{}", tail(&log));
            }
            sway.node_of_pid(pid)
        });
        let win = WlWindow { sway, child, log };
        wait_for("a drawn frame", PATIENCE, || {
            (win.shot().distinct_colours() > 16).then_some(())
        });
        win
    }

    pub fn pid(&self) -> u32 {
        self.child.0.id()
    }

    /// The window's node in sway's tree.
    pub fn node(&self) -> Value {
        self.sway
            .node_of_pid(self.pid())
            .unwrap_or_else(|| panic!("the window left sway's tree:\n{}", self.log()))
    }

    pub fn title(&self) -> String {
        self.node()["name"].as_str().unwrap_or_default().to_owned()
    }

    /// The app id the window gave (`xdg_toplevel.set_app_id`).
    pub fn app_id(&self) -> String {
        self.node()["app_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// Where the window's inside is on the output and its size, in logical pixels.
    pub fn rect(&self) -> (i32, i32, i32, i32) {
        let node = self.node();
        let r = &node["rect"];
        let n = |k: &str| r[k].as_i64().unwrap_or_default() as i32;
        (n("x"), n("y"), n("width"), n("height"))
    }

    /// Wait until the title satisfies `pred`; returns it.
    pub fn wait_title(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        wait_for(what, PATIENCE, || {
            let t = self.title();
            pred(&t).then_some(t)
        })
    }

    /// Press keys as `xdotool key` names them (`ctrl+c`, `F2`, `Return`), one chord after
    /// another, each held briefly as a finger holds it.
    pub fn key(&self, keys: &str) {
        let mut args: Vec<String> = Vec::new();
        for chord in keys.split_whitespace() {
            let mut parts: Vec<&str> = chord.split('+').collect();
            let key = parts.pop().expect("a key");
            let mods: Vec<&str> = parts.iter().map(|m| modifier(m)).collect();
            // The pauses let the compositor hand the window wtype's keymap before the key.
            args.extend(["-s", "60"].map(String::from));
            for m in &mods {
                args.extend(["-M".into(), (*m).to_owned()]);
            }
            args.extend(["-s", "20", "-P", key, "-s", "30", "-p", key].map(String::from));
            for m in mods.iter().rev() {
                args.extend(["-m".into(), (*m).to_owned()]);
            }
        }
        args.extend(["-s", "60"].map(String::from));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        self.sway.run("wtype", &args);
    }

    /// Type `text` as a person would.
    pub fn type_text(&self, text: &str) {
        self.sway.run("wtype", &["-s", "60", "-d", "30", text]);
    }

    /// Go to `folder` as a person types a location (Ctrl+L, the path, Enter), and wait
    /// until the title names it.
    pub fn go_to(&self, folder: &Path) {
        self.key("ctrl+l");
        self.type_text(&folder.to_string_lossy());
        self.key("Return");
        let name = folder.file_name().expect("a named folder");
        let name = name.to_string_lossy();
        self.wait_title(&format!("{name} in the title"), |t| t.ends_with(&*name));
    }

    /// Move the pointer to `(x, y)` inside the window (logical pixels).
    pub fn point(&self, x: i32, y: i32) {
        let (wx, wy, _, _) = self.rect();
        self.sway
            .msg(&format!("seat seat0 cursor set {} {}", wx + x, wy + y));
    }

    /// Press and release the left button at `(x, y)` inside the window.
    pub fn click(&self, x: i32, y: i32) {
        self.point(x, y);
        self.sway.msg("seat seat0 cursor press button1");
        self.sway.msg("seat seat0 cursor release button1");
    }

    /// Two clicks at `(x, y)` close together.
    pub fn double_click(&self, x: i32, y: i32) {
        self.click(x, y);
        self.sway.msg("seat seat0 cursor press button1");
        self.sway.msg("seat seat0 cursor release button1");
    }

    /// Click on `text` where it is drawn; returns where (logical pixels).
    pub fn click_text(&self, text: &str) -> (i32, i32) {
        let (x, y) = self.wait_text(text);
        self.click(x, y);
        (x, y)
    }

    /// What the window shows now, at the output's scale (two pixels a logical one at 2).
    pub fn shot(&self) -> Shot {
        let (x, y, w, h) = self.rect();
        let ppm = self.sway.run(
            "grim",
            &["-t", "ppm", "-g", &format!("{x},{y} {w}x{h}"), "-"],
        );
        shot_of_ppm(&ppm)
    }

    /// How many shot pixels make a logical one (the output's scale).
    pub fn scale(&self, shot: &Shot) -> f32 {
        let (_, _, w, _) = self.rect();
        shot.width as f32 / w.max(1) as f32
    }

    /// Where `text` is drawn (its centre, logical pixels inside the window).
    pub fn find_text(&self, text: &str) -> Option<(i32, i32)> {
        let shot = self.shot();
        let scale = self.scale(&shot);
        let (x, y) = shot.find_text(text)?;
        Some(((x as f32 / scale) as i32, (y as f32 / scale) as i32))
    }

    /// Wait until `text` is drawn; returns where (logical pixels).
    pub fn wait_text(&self, text: &str) -> (i32, i32) {
        let start = Instant::now();
        loop {
            if let Some(at) = self.find_text(text) {
                return at;
            }
            if start.elapsed() > PATIENCE {
                let path = self.save_shot("wayland-wait-text-failed");
                panic!(
                    "gave up waiting for {text:?} drawn in the window; screenshot {}",
                    path.display()
                );
            }
            std::thread::park_timeout(Duration::from_millis(100));
        }
    }

    /// Wait until `text` is no longer drawn.
    pub fn wait_gone(&self, text: &str) {
        wait_for(&format!("{text:?} to go from the window"), PATIENCE, || {
            self.find_text(text).is_none().then_some(())
        });
    }

    /// The words read off the window now, with their boxes in shot pixels.
    pub fn words(&self) -> Vec<image::Word> {
        self.shot().words()
    }

    /// Save a screenshot under the test target's temp folder; returns its path.
    pub fn save_shot(&self, name: &str) -> PathBuf {
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.png"));
        self.shot().write_png(&path);
        path
    }

    /// Make the window floating with its inside `width` x `height` at the output's corner.
    pub fn resize(&self, width: u32, height: u32) {
        self.sway.msg(&format!(
            "[pid={}] floating enable, resize set {width} {height}, move position 0 0",
            self.pid()
        ));
        wait_for("the new size in sway's tree", PATIENCE, || {
            let (_, _, w, h) = self.rect();
            (w == width as i32 && h == height as i32).then_some(())
        });
    }

    /// The process lives, and shows and hides Places at F9 twice, each redrawn within
    /// [`REDRAW_LIMIT`]; otherwise a failure that shows the end of its log.
    pub fn alive(&mut self) {
        if let Ok(Some(status)) = self.child.0.try_wait() {
            panic!("the window died ({status}):\n{}", self.log());
        }
        for _ in 0..2 {
            let before = self.shot().rgb;
            let sent = Instant::now();
            self.key("F9");
            loop {
                if self.shot().rgb != before {
                    break;
                }
                assert!(
                    sent.elapsed() < REDRAW_LIMIT,
                    "the window did not redraw at F9 within {REDRAW_LIMIT:?}:\n{}",
                    self.log()
                );
                std::thread::park_timeout(Duration::from_millis(20));
            }
        }
    }

    /// Whether the process is still running.
    pub fn running(&mut self) -> bool {
        matches!(self.child.0.try_wait(), Ok(None))
    }

    /// The last lines the window printed.
    pub fn log(&self) -> String {
        tail(&self.log)
    }

    /// Press keys that close the window, and wait until it has ended cleanly.
    pub fn closes_with(mut self, keys: &str) {
        self.key(keys);
        let status = wait_for("the window to close", PATIENCE, || {
            self.child.0.try_wait().ok().flatten()
        });
        assert!(status.success(), "{keys} ends the window cleanly: {status}");
    }
}

/// `wtype`'s name for a modifier as `xdotool` names it.
fn modifier(name: &str) -> &str {
    match name {
        "super" => "logo",
        "control" => "ctrl",
        other => other,
    }
}

/// A screenshot from binary PPM (`P6`, 8 bits a channel), as `grim -t ppm` writes it.
fn shot_of_ppm(ppm: &[u8]) -> Shot {
    // The header: the magic, width, height and maximum, separated by whitespace.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while ppm[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !ppm[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&ppm[start..at]).into_owned());
    }
    assert_eq!(fields[0], "P6", "grim writes binary PPM");
    let width: usize = fields[1].parse().expect("a width");
    let height: usize = fields[2].parse().expect("a height");
    let rgb = ppm[at + 1..].to_vec();
    assert_eq!(rgb.len(), width * height * 3, "a whole picture");
    Shot { width, height, rgb }
}
