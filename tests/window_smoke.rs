//! Starts the real `porpoise` command under Xvfb (which starts the window binary), waits
//! for its window, takes a screenshot and checks that something was drawn. Skips with a
//! message where Xvfb is missing, fails in CI.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Kills a child process when dropped.
struct Reaper(Child);

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Poll `probe` until it gives a value or the time is up.
fn wait_for<T>(what: &str, limit: Duration, mut probe: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(v) = probe() {
            return v;
        }
        assert!(start.elapsed() < limit, "gave up waiting for {what}");
        std::thread::park_timeout(Duration::from_millis(100));
    }
}

fn free_display() -> u32 {
    (90..300)
        .find(|n| {
            !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
                && !Path::new(&format!("/tmp/.X{n}-lock")).exists()
        })
        .expect("a free X display number")
}

#[test]
fn the_window_opens_and_draws_under_xvfb() {
    let tools = ["Xvfb", "xwininfo", "xwd"];
    if let Some(missing) = tools.iter().find(|t| !have(t)) {
        assert!(
            std::env::var_os("CI").is_none(),
            "{missing} is missing; CI must install it (.ci/run)"
        );
        eprintln!("skipped: {missing} is not installed (apt-get install xvfb x11-utils x11-apps)");
        return;
    }
    let n = free_display();
    let display = format!(":{n}");
    let _xvfb = Reaper(
        Command::new("Xvfb")
            .args([&display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start Xvfb"),
    );
    let socket = PathBuf::from(format!("/tmp/.X11-unix/X{n}"));
    wait_for("the X server", Duration::from_secs(30), || {
        socket.exists().then_some(())
    });

    let home = tempfile::tempdir().expect("home");
    let shown = home.path().join("Pictures");
    std::fs::create_dir(&shown).expect("mkdir");
    for name in ["holiday.jpg", "notes.txt", "report.pdf"] {
        std::fs::write(shown.join(name), b"data").expect("write");
    }
    std::fs::create_dir(shown.join("2026")).expect("mkdir");
    let mut app = Reaper(
        // Through the `porpoise` command, which starts the window binary in its place.
        Command::new(support::porpoise_command())
            .arg(&shown)
            .env("DISPLAY", &display)
            .env_remove("WAYLAND_DISPLAY")
            .env("HOME", home.path())
            .env("XDG_CONFIG_HOME", home.path().join(".config"))
            .env("XDG_DATA_HOME", home.path().join(".local/share"))
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start porpoise"),
    );

    let window = wait_for("the Porpoise window", Duration::from_secs(60), || {
        if let Ok(Some(status)) = app.0.try_wait() {
            panic!("porpoise exited early: {status}");
        }
        let out = Command::new("xwininfo")
            .args(["-display", &display, "-root", "-tree"])
            .output()
            .ok()?;
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        text.lines()
            .find(|l| l.contains("Porpoise"))
            .and_then(|l| l.split_whitespace().next().map(str::to_owned))
    });

    // Wait until the window shows a drawn frame: many colours (text, icons), not one fill.
    let shot = wait_for("a drawn frame", Duration::from_secs(60), || {
        let out = Command::new("xwd")
            .args(["-display", &display, "-id", &window, "-silent"])
            .output()
            .ok()?;
        let img = Xwd::parse(&out.stdout)?;
        (img.distinct_colours() > 16).then_some(img)
    });
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("window-smoke.png");
    shot.write_png(&path);
    eprintln!(
        "screenshot: {} ({}x{}, {} colours)",
        path.display(),
        shot.width,
        shot.height,
        shot.distinct_colours()
    );
    assert!(shot.width >= 400 && shot.height >= 300);
}

/// An X window dump, reduced to RGB pixels.
struct Xwd {
    width: usize,
    height: usize,
    rgb: Vec<u8>,
}

impl Xwd {
    fn parse(data: &[u8]) -> Option<Xwd> {
        let field = |i: usize| -> Option<u32> {
            let b = data.get(i * 4..i * 4 + 4)?;
            Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
        };
        let header_size = field(0)? as usize;
        let (width, height) = (field(4)? as usize, field(5)? as usize);
        let byte_order_lsb = field(7)? == 0;
        let bits_per_pixel = field(11)?;
        let bytes_per_line = field(12)? as usize;
        let ncolors = field(19)? as usize;
        if bits_per_pixel != 32 {
            return None;
        }
        let start = header_size + ncolors * 12;
        let pixels = data.get(start..start + height * bytes_per_line)?;
        let mut rgb = Vec::with_capacity(width * height * 3);
        for y in 0..height {
            for x in 0..width {
                let p = &pixels[y * bytes_per_line + x * 4..][..4];
                let v = if byte_order_lsb {
                    u32::from_le_bytes([p[0], p[1], p[2], p[3]])
                } else {
                    u32::from_be_bytes([p[0], p[1], p[2], p[3]])
                };
                rgb.extend_from_slice(&[(v >> 16) as u8, (v >> 8) as u8, v as u8]);
            }
        }
        Some(Xwd { width, height, rgb })
    }

    fn distinct_colours(&self) -> usize {
        let mut seen = std::collections::HashSet::new();
        for p in self.rgb.chunks_exact(3) {
            seen.insert((p[0], p[1], p[2]));
        }
        seen.len()
    }

    fn write_png(&self, path: &Path) {
        let file = std::fs::File::create(path).expect("create screenshot");
        let mut enc = png::Encoder::new(
            std::io::BufWriter::new(file),
            self.width as u32,
            self.height as u32,
        );
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().expect("png header");
        w.write_image_data(&self.rgb).expect("png data");
    }
}
