//! Thumbnail benchmark, side by side with what GNOME runs per file, in one run: 200 photos
//! of 4000×3000 (JPEG, quality 90: gradients, soft shapes, texture and sensor-like noise,
//! made once into a temp folder) into `large` (256-pixel) thumbnails by the engine's pool
//! (2 threads, and 1 for reference), against a loop of `gdk-pixbuf-thumbnailer -s 256 IN
//! OUT`. Reports the wall time of each (median of 5 interleaved rounds, each round first
//! waiting up to 15 s for both cores to be idle; the table says how many were), the ratio
//! (goal: 0.3 or less), CPU per photo (the engine's process; the thumbnailers as waited-for
//! children) and the bench process's peak RSS while the engine works. A second table sets
//! the decoders side by side on one core: the engine's (libjpeg-turbo through `mozjpeg`
//! at a reduced DCT scale, and alone), jpeg-decoder at the same scale (the engine's
//! before) and at full size, and `image`'s own (zune-jpeg, full size), each with the
//! same resize.
//!
//! Run: `cargo bench -p porpoise-benches --bench thumbnails` (`PORPOISE_BENCH_PHOTOS=DIR`
//! keeps the photos there between runs).

use porpoise_benches::{median, wait_for_quiet};

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use image::imageops::FilterType;
use porpoise_engine::mime::MimeDb;
use porpoise_engine::thumbs::{
    Request, Setup, ThumbCache, ThumbOutcome, ThumbSize, Thumbnailer, Thumbnailers,
};

const PHOTOS: usize = 200;
const WIDTH: u32 = 4000;
const HEIGHT: u32 = 3000;
const ROUNDS: usize = 5;
/// Photos each decoder of the second table decodes.
const DECODER_SAMPLE: usize = 12;
const QUIET_WAIT: Duration = Duration::from_secs(15);

fn main() {
    assert!(
        porpoise_testkit::have("gdk-pixbuf-thumbnailer"),
        "the bench needs gdk-pixbuf-thumbnailer (Debian: libgdk-pixbuf2.0-bin)"
    );
    let kept = std::env::var_os("PORPOISE_BENCH_PHOTOS").map(PathBuf::from);
    let temp = tempfile::Builder::new()
        .prefix("porpoise-thumbs-bench-")
        .tempdir()
        .expect("temp folder");
    let photos_dir = kept.unwrap_or_else(|| temp.path().join("photos"));
    let photos = make_photos(&photos_dir);
    let bytes: u64 = photos
        .iter()
        .map(|p| std::fs::metadata(p).map_or(0, |m| m.len()))
        .sum();
    let db = Arc::new(MimeDb::load());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "# porpoise thumbnail benchmark: {PHOTOS} photos {WIDTH}×{HEIGHT} JPEG q90 \
         ({:.1} MB each on average) into 256-pixel thumbnails; {ROUNDS} interleaved rounds, \
         medians; warm page cache; {cores} cores\n",
        bytes as f64 / PHOTOS as f64 / 1e6
    );
    let out = temp.path().join("out");
    let (mut gdk, mut two, mut one) = (Vec::new(), Vec::new(), Vec::new());
    let mut quiet = 0;
    // Warm: each once, untimed (and the page cache holds the photos).
    gdk_loop(&photos, &out);
    engine(&photos, &out, &db, 2);
    for round in 0..ROUNDS {
        if wait_for_quiet(QUIET_WAIT) {
            quiet += 1;
        }
        let mut steps: Vec<Box<dyn FnMut()>> = vec![
            Box::new(|| gdk.push(gdk_loop(&photos, &out))),
            Box::new(|| two.push(engine(&photos, &out, &db, 2))),
            Box::new(|| one.push(engine(&photos, &out, &db, 1))),
        ];
        steps.rotate_left(round % 3);
        for step in &mut steps {
            step();
        }
    }
    let pick = |runs: &[Run], f: fn(&Run) -> f64| median(runs.iter().map(f).collect());
    let gdk_wall = pick(&gdk, |r| r.wall_ms);
    println!(
        "| contender | wall s | ratio to gdk-pixbuf | CPU ms per photo | peak RSS MiB | quiet rounds |"
    );
    println!("|---|---|---|---|---|---|");
    for (label, runs) in [
        ("gdk-pixbuf-thumbnailer -s 256, one per photo", &gdk),
        ("engine pool, 2 threads", &two),
        ("engine pool, 1 thread", &one),
    ] {
        let rss = runs
            .iter()
            .filter_map(|r| r.peak_rss_mib)
            .fold(None, |m: Option<f64>, v| Some(m.map_or(v, |m| m.max(v))));
        println!(
            "| {label} | {:.2} | {:.2} | {:.1} | {} | {quiet}/{ROUNDS} |",
            pick(runs, |r| r.wall_ms) / 1e3,
            pick(runs, |r| r.wall_ms) / gdk_wall,
            pick(runs, |r| r.cpu_ms) / PHOTOS as f64,
            rss.map_or("-".into(), |r| format!("{r:.0}")),
        );
    }
    println!(
        "\nratio: wall time / gdk-pixbuf-thumbnailer's (goal: 0.3 or less for the 2-thread \
         pool); CPU: the engine's process, the thumbnailers as children; peak RSS: this \
         process while the engine works (VmHWM, reset before each run)\n"
    );
    decoders(&photos[..DECODER_SAMPLE], &out, &db);
    println!("\nload average at the end: {}", load());
}

/// What one run of a contender took.
struct Run {
    wall_ms: f64,
    cpu_ms: f64,
    peak_rss_mib: Option<f64>,
}

/// `gdk-pixbuf-thumbnailer -s 256 IN OUT` for each photo in turn, as GNOME runs it.
fn gdk_loop(photos: &[PathBuf], out: &Path) -> Run {
    fresh(out);
    let cpu = cpu_ms();
    let t = Instant::now();
    for (i, photo) in photos.iter().enumerate() {
        let thumb = out.join(format!("{i}.png"));
        let status = Command::new("gdk-pixbuf-thumbnailer")
            .args(["-s", "256"])
            .arg(photo)
            .arg(&thumb)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("gdk-pixbuf-thumbnailer");
        assert!(
            status.success(),
            "gdk-pixbuf-thumbnailer failed on {}",
            photo.display()
        );
    }
    let wall_ms = t.elapsed().as_secs_f64() * 1e3;
    Run {
        wall_ms,
        cpu_ms: cpu_ms().children - cpu.children,
        peak_rss_mib: None,
    }
}

/// The engine's pool with `threads` workers, from an empty cache to every thumbnail.
fn engine(photos: &[PathBuf], out: &Path, db: &Arc<MimeDb>, threads: usize) -> Run {
    fresh(out);
    let setup = Setup::new(
        ThumbCache::new(out.join("thumbnails")),
        db.clone(),
        Thumbnailers::none(),
    )
    .threads(threads);
    reset_peak_rss();
    let cpu = cpu_ms();
    let t = Instant::now();
    let (pool, rx) = Thumbnailer::start(setup);
    for photo in photos {
        pool.request(Request::new(photo.clone(), ThumbSize::Large));
    }
    for _ in photos {
        let porpoise_engine::events::Next::Event(event) = rx.next_timeout(Duration::from_secs(120))
        else {
            panic!("a thumbnail within 2 minutes");
        };
        match event.outcome {
            ThumbOutcome::Ready(thumb) => assert_eq!((thumb.width, thumb.height), (256, 192)),
            other => panic!("{}: {other:?}", event.path.display()),
        }
    }
    let wall_ms = t.elapsed().as_secs_f64() * 1e3;
    let cpu_ms = cpu_ms().own - cpu.own;
    drop(pool);
    Run {
        wall_ms,
        cpu_ms,
        peak_rss_mib: peak_rss_mib(),
    }
}

/// One core, `photos` each: milliseconds per photo of each way to decode and scale.
fn decoders(photos: &[PathBuf], out: &Path, db: &Arc<MimeDb>) {
    let per_photo = |f: &mut dyn FnMut(&Path)| {
        let times: Vec<f64> = photos
            .iter()
            .map(|p| {
                let t = Instant::now();
                f(p);
                t.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        median(times)
    };
    wait_for_quiet(QUIET_WAIT);
    let engine_one = engine(photos, out, db, 1).wall_ms / photos.len() as f64;
    let libjpeg_alone = per_photo(&mut |p| {
        let data = std::fs::read(p).expect("read");
        let mut d = mozjpeg::Decompress::new_mem(&data).expect("header");
        d.scale(1);
        let mut d = d.rgb().expect("start");
        std::hint::black_box(d.read_scanlines::<u8>().expect("decode"));
    });
    let scaled_alone = per_photo(&mut |p| {
        let data = std::fs::read(p).expect("read");
        let mut d = jpeg_decoder::Decoder::new(&data[..]);
        d.scale(256, 192).expect("scale");
        std::hint::black_box(d.decode().expect("decode"));
    });
    let full_jpeg_decoder = per_photo(&mut |p| {
        let data = std::fs::read(p).expect("read");
        let mut d = jpeg_decoder::Decoder::new(&data[..]);
        let pixels = d.decode().expect("decode");
        let info = d.info().expect("info");
        let img = image::RgbImage::from_raw(u32::from(info.width), u32::from(info.height), pixels)
            .expect("pixels");
        std::hint::black_box(image::imageops::resize(
            &img,
            256,
            192,
            FilterType::Triangle,
        ));
    });
    let zune = per_photo(&mut |p| {
        let img = image::open(p).expect("image::open");
        std::hint::black_box(img.resize_exact(256, 192, FilterType::Triangle));
    });
    let zune_box = per_photo(&mut |p| {
        let img = image::open(p).expect("image::open");
        std::hint::black_box(img.thumbnail_exact(256, 192));
    });
    let gdk = per_photo(&mut |p| {
        let status = Command::new("gdk-pixbuf-thumbnailer")
            .args(["-s", "256"])
            .arg(p)
            .arg(out.join("one.png"))
            .status()
            .expect("gdk-pixbuf-thumbnailer");
        assert!(status.success());
    });
    println!(
        "decoding and scaling one photo on one core ({} photos, median ms):\n",
        photos.len()
    );
    println!("| way | ms per photo |");
    println!("|---|---|");
    println!(
        "| engine pool, 1 thread: libjpeg-turbo at 1/8 DCT scale, triangle filter, PNG written with tags | {engine_one:.1} |"
    );
    println!(
        "| libjpeg-turbo (mozjpeg, no SIMD) at 1/8 DCT scale, the file read and decoded, no more | {libjpeg_alone:.1} |"
    );
    println!(
        "| jpeg-decoder at 1/8 DCT scale, the file read and decoded, no more | {scaled_alone:.1} |"
    );
    println!("| jpeg-decoder at full size, triangle filter | {full_jpeg_decoder:.1} |");
    println!("| image's default (zune-jpeg, full size), triangle filter | {zune:.1} |");
    println!("| image's default (zune-jpeg, full size), box thumbnail | {zune_box:.1} |");
    println!("| gdk-pixbuf-thumbnailer process (libjpeg-turbo, scaled) | {gdk:.1} |");
}

/// The photos, made once (2 threads) unless they are there already.
fn make_photos(dir: &Path) -> Vec<PathBuf> {
    std::fs::create_dir_all(dir).expect("photos folder");
    let photos: Vec<PathBuf> = (0..PHOTOS)
        .map(|i| dir.join(format!("IMG_{i:04}.jpg")))
        .collect();
    let missing: Vec<(usize, &PathBuf)> = photos
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.is_file())
        .collect();
    if !missing.is_empty() {
        let t = Instant::now();
        eprintln!("making {} photos in {}…", missing.len(), dir.display());
        std::thread::scope(|s| {
            for half in missing.chunks(missing.len().div_ceil(2)) {
                s.spawn(move || {
                    for (i, path) in half {
                        write_photo(path, *i as u64);
                    }
                });
            }
        });
        eprintln!("made in {:.0} s", t.elapsed().as_secs_f64());
    }
    photos
}

/// A photo-like picture: a sky-to-ground gradient whose colours vary by `seed`, soft
/// hills, a few discs, fine texture and noise; JPEG quality 90, written atomically.
fn write_photo(path: &Path, seed: u64) {
    let hash = |x: u32, y: u32| {
        let mut h = u64::from(x).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ u64::from(y).wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
            ^ seed.wrapping_mul(0x1656_67b1_9e37_79f9);
        h ^= h >> 29;
        h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^ (h >> 32)
    };
    let tint = [
        (seed * 37 % 90) as f32,
        (seed * 53 % 70) as f32,
        (seed * 71 % 110) as f32,
    ];
    let discs: Vec<(f32, f32, f32)> = (0..6)
        .map(|k| {
            let h = hash(k, 7);
            (
                (h % u64::from(WIDTH)) as f32,
                ((h >> 20) % u64::from(HEIGHT)) as f32,
                100.0 + ((h >> 40) % 500) as f32,
            )
        })
        .collect();
    let img = image::RgbImage::from_fn(WIDTH, HEIGHT, |x, y| {
        let (fx, fy) = (x as f32, y as f32);
        let horizon = HEIGHT as f32 * 0.55 + 180.0 * (fx / 700.0 + seed as f32).sin();
        let mut c = if fy < horizon {
            let t = fy / horizon;
            [90.0 + 120.0 * t, 140.0 + 80.0 * t, 230.0 - 40.0 * t]
        } else {
            let t = (fy - horizon) / (HEIGHT as f32 - horizon).max(1.0);
            [70.0 + 60.0 * t, 110.0 - 30.0 * t, 40.0 + 20.0 * t]
        };
        for (dx, dy, r) in &discs {
            let d = ((fx - dx).powi(2) + (fy - dy).powi(2)).sqrt();
            if d < *r {
                let k = 1.0 - d / r;
                c = [c[0] + 90.0 * k, c[1] - 40.0 * k, c[2] - 60.0 * k];
            }
        }
        let texture = 10.0 * ((fx * 0.21).sin() * (fy * 0.17).cos());
        let h = hash(x, y);
        let px = |i: usize| {
            let noise = ((h >> (i * 8)) & 15) as f32 - 7.5;
            (c[i] + tint[i] - 40.0 + texture + noise).clamp(0.0, 255.0) as u8
        };
        image::Rgb([px(0), px(1), px(2)])
    });
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 90)
        .encode_image(&img)
        .expect("encode");
    let temp = path.with_extension("part");
    std::fs::write(&temp, bytes).expect("write photo");
    std::fs::rename(&temp, path).expect("rename photo");
}

/// An empty `out`.
fn fresh(out: &Path) {
    let _ = std::fs::remove_dir_all(out);
    std::fs::create_dir_all(out).expect("out folder");
}

struct Cpu {
    own: f64,
    children: f64,
}

/// CPU time so far (user and system, ms): this process's, and its waited-for children's.
fn cpu_ms() -> Cpu {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    let (_, rest) = stat.rsplit_once(')').expect("a stat line");
    // Fields from the state on: utime, stime, cutime, cstime are the 12th to 15th.
    let f: Vec<f64> = rest
        .split_whitespace()
        .skip(11)
        .take(4)
        .map(|v| v.parse().unwrap_or(0.0))
        .collect();
    let tick = 1e3 / rustix::param::clock_ticks_per_second() as f64;
    Cpu {
        own: (f[0] + f[1]) * tick,
        children: (f[2] + f[3]) * tick,
    }
}

/// Start counting this process's peak RSS afresh (`/proc/self/clear_refs`: 5).
fn reset_peak_rss() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// This process's peak RSS since the last reset (VmHWM), in MiB.
fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
