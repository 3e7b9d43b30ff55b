//! The window on both of its renderers, as a person uses it. On a computer without a GPU
//! it draws with tiny-skia (the CPU) even where Mesa's software Vulkan and GL drivers are
//! installed, as desktop distributions install them: they would draw on the CPU too, at
//! several times the cost. Forced onto wgpu (`ICED_BACKEND=wgpu`), here over those same
//! software drivers as on a GPU it runs over the GPU's, it draws the same picture, and
//! the files, a rename, scrolling, resizing, split view and a dialog all work: a fault of
//! the wgpu renderer alone cannot ship.

mod desktop;

use desktop::{Desktop, Home, Launch, Shot, Window, wait_exists};

/// Names tesseract reads well.
const NAMES: [&str; 5] = ["apricot", "blueberry", "cranberry", "damson", "elderberry"];

/// Libraries only a GPU renderer loads: the Vulkan loader, the EGL one, Mesa's drivers.
const GPU_LIBRARIES: [&str; 4] = ["libvulkan", "libEGL", "swrast_dri", "libgallium"];

/// Mesa's software drivers: lavapipe (Vulkan) and llvmpipe (through EGL).
const SOFTWARE_DRIVERS: [&str; 3] = ["libvulkan_lvp", "swrast_dri", "libgallium"];

/// The libraries of `win`'s process among `names`.
fn loaded(win: &Window, names: &[&str]) -> Vec<String> {
    let maps = std::fs::read_to_string(format!("/proc/{}/maps", win.pid())).expect("its maps");
    names
        .iter()
        .filter(|n| maps.contains(*n))
        .map(|n| n.to_string())
        .collect()
}

/// The share of pixels that differ by more than a glyph's edge may between renderers.
fn differing(a: &Shot, b: &Shot) -> f64 {
    assert_eq!((a.width, a.height), (b.width, b.height), "the same size");
    let far = a
        .rgb
        .chunks_exact(3)
        .zip(b.rgb.chunks_exact(3))
        .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 64))
        .count();
    far as f64 / (a.width * a.height) as f64
}

fn open<'d>(desk: &'d Desktop, home: &Home, backend: Option<&str>) -> Window<'d> {
    let mut launch = Launch::new(home.path())
        .arg(&home.work)
        .env("RUST_LOG", "porpoise::renderer=info");
    if let Some(backend) = backend {
        launch = launch.env("ICED_BACKEND", backend);
    }
    let win = desk.launch(launch);
    win.wait_title("the folder in the title", |t| t.ends_with("Fruit"));
    for name in NAMES {
        win.wait_text(name);
    }
    win
}

#[test]
fn without_a_gpu_it_draws_on_the_cpu_and_on_wgpu_alike() {
    let Some(desk) = Desktop::start() else { return };
    if porpoise::renderer::adapters().is_empty() {
        assert!(
            std::env::var_os("CI").is_none(),
            "no wgpu adapter: CI must install mesa-vulkan-drivers (.ci/run)"
        );
        eprintln!("skipped: no wgpu adapter (apt-get install mesa-vulkan-drivers)");
        return;
    }
    let home = Home::with_empty("Fruit");
    for name in NAMES {
        std::fs::write(home.work.join(format!("{name}.txt")), name).expect("write");
    }
    for i in 0..200 {
        std::fs::write(home.work.join(format!("later-{i:03}.txt")), b"").expect("write");
    }

    let cpu = open(&desk, &home, None);
    if std::path::Path::new("/dev/dri").exists() {
        eprintln!("this computer has a GPU device: the default may rightly be wgpu");
    } else {
        assert_eq!(
            loaded(&cpu, &GPU_LIBRARIES),
            Vec::<String>::new(),
            "on the CPU"
        );
        assert!(cpu.log().contains("CpuNoDevice"), "{}", cpu.log());
    }
    let on_cpu = cpu.shot();
    cpu.closes_with("ctrl+q");

    let mut gpu = open(&desk, &home, Some("wgpu"));
    let drivers = loaded(&gpu, &SOFTWARE_DRIVERS);
    assert!(!drivers.is_empty(), "wgpu runs on Mesa's software drivers");
    eprintln!("wgpu on {drivers:?}");
    let on_gpu = gpu.shot();
    let share = differing(&on_cpu, &on_gpu);
    eprintln!(
        "pixels that differ between the renderers: {:.2}%",
        share * 100.0
    );
    // Alike, yet not the same pixels: wgpu drew this one (its text is blended otherwise).
    assert_ne!(
        on_cpu.rgb, on_gpu.rgb,
        "the very same pixels on both renderers"
    );
    if share >= 0.02 {
        let cpu_png = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("on-cpu.png");
        on_cpu.write_png(&cpu_png);
        let gpu_png = gpu.save_shot("on-wgpu");
        panic!(
            "the renderers drew different pictures ({:.1}% of pixels): {} and {}",
            share * 100.0,
            cpu_png.display(),
            gpu_png.display()
        );
    }

    // A rename, typed as a person types it, lands on disk.
    gpu.click_text("cranberry");
    gpu.key("F2");
    gpu.key("ctrl+a");
    gpu.type_text("cloudberry.txt");
    gpu.key("Return");
    wait_exists(&home.work.join("cloudberry.txt"), true);
    wait_exists(&home.work.join("cranberry.txt"), false);
    gpu.wait_text("cloudberry");

    // Scrolling and new sizes move the rows and the window keeps answering.
    let (_, _, width, height) = gpu.geometry();
    gpu.point(width as i32 * 2 / 3, height as i32 / 2);
    let before = gpu.shot();
    gpu.wheel(5);
    gpu.alive();
    assert_ne!(gpu.shot().rgb, before.rgb, "the rows moved with the wheel");
    gpu.wheel(-10);
    for (w, h) in [(900, 600), (700, 500), (1100, 700)] {
        gpu.resize(w, h);
        gpu.alive();
    }
    gpu.wait_text("apricot");

    // Split view shows the folder twice.
    gpu.key("F3");
    gpu.wait_words("the folder in both panes", |words| {
        words.iter().filter(|w| w.text.contains("apricot")).count() >= 2
    });

    // A dialog opens over it and goes.
    gpu.key("F3");
    gpu.click_text("damson");
    gpu.key("alt+Return");
    gpu.wait_text("Properties");
    gpu.key("Escape");
    gpu.wait_gone("Properties");
    gpu.alive();
    gpu.closes_with("ctrl+q");
}
