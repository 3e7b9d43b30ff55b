//! Scrolling and resizing the real window: the rows move with each notch of the wheel, the
//! window answers a ping after each notch and each new size, and what it draws keeps its
//! colours: the regions a frame redraws (the rows that moved, merged into the rectangle
//! around them) leave no trace of another background.

mod desktop;

use desktop::{Desktop, Home, Shot};

/// The colour most of the window shows: its background, which the rows leave bare.
fn background(shot: &Shot) -> [u8; 3] {
    let mut counts = std::collections::HashMap::new();
    for p in shot.rgb.chunks_exact(3) {
        *counts.entry([p[0], p[1], p[2]]).or_insert(0usize) += 1;
    }
    counts
        .into_iter()
        .max_by_key(|&(_, n)| n)
        .map(|(c, _)| c)
        .expect("a picture")
}

#[test]
fn scrolling_and_resizing_move_the_rows_in_time_and_keep_the_colours() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_empty("many");
    for i in 0..3000 {
        std::fs::write(home.work.join(format!("entry-{i:04}.txt")), b"").expect("write");
    }
    let mut win = desk.open_work(&home);
    win.settle();
    let (_, _, width, height) = win.geometry();
    win.point(width as i32 * 2 / 3, height as i32 / 2);

    let mut last = win.shot();
    let base = background(&last);
    for notch in 0..12 {
        win.wheel(1);
        win.alive();
        let shot = win.shot();
        assert_ne!(shot.rgb, last.rgb, "notch {notch}: the rows did not move");
        let now = background(&shot);
        assert_eq!(now, base, "notch {notch}: the background changed");
        last = shot;
    }

    for (w, h) in [(900, 600), (700, 500), (1100, 700)] {
        win.resize(w, h);
        win.alive();
        assert_eq!(
            background(&win.shot()),
            base,
            "at {w}x{h}: the background changed"
        );
    }
    win.alive();
}

/// A picture of the window once it stops changing.
fn steady(win: &desktop::Window<'_>) -> Shot {
    let mut last = win.shot();
    for _ in 0..50 {
        win.settle();
        let shot = win.shot();
        if shot.rgb == last.rgb {
            return shot;
        }
        last = shot;
    }
    panic!("the window kept changing");
}

/// Where two pictures of the same size differ by more than `tolerance` in a channel: how
/// many pixels, and the rectangle around them.
fn differences(a: &Shot, b: &Shot, tolerance: u8) -> (usize, Option<(usize, usize, usize, usize)>) {
    assert_eq!(
        (a.width, a.height),
        (b.width, b.height),
        "pictures of other sizes"
    );
    let mut count = 0;
    let mut around: Option<(usize, usize, usize, usize)> = None;
    for (i, (p, q)) in a.rgb.chunks_exact(3).zip(b.rgb.chunks_exact(3)).enumerate() {
        if p.iter().zip(q).any(|(p, q)| p.abs_diff(*q) > tolerance) {
            count += 1;
            let (x, y) = (i % a.width, i / a.width);
            around = Some(match around {
                None => (x, y, x, y),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            });
        }
    }
    (count, around)
}

/// A scrolled list's pixels are moved and only what came into view is drawn anew; the
/// result must look as the same rows drawn whole. Scrolled down and up in the details and
/// the icons views and in either pane of split view, the window matches itself redrawn
/// whole after a resize away and back (within two levels a channel: anti-aliased corners
/// drawn through a clip round a level differently).
#[test]
fn rows_moved_by_scrolling_look_as_rows_drawn_whole() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_empty("many");
    for i in 0..40 {
        std::fs::create_dir(home.work.join(format!("folder-{i:02}"))).expect("mkdir");
    }
    for i in 0..600 {
        let name = format!("entry-{i:04}.{}", ["txt", "png", "rs", "pdf"][i % 4]);
        std::fs::write(home.work.join(name), vec![b'x'; i * 37]).expect("write");
    }
    let (width, height) = (1000, 650);
    let mut win = desk.open_work_sized(&home, (width, height));
    win.settle();

    let cases = [
        ("details", "ctrl+1", 0.6),
        ("icons", "ctrl+2", 0.6),
        ("split view, left pane", "ctrl+1 F3", 0.3),
        ("split view, right pane", "", 0.8),
    ];
    for (case, keys, across) in cases {
        if !keys.is_empty() {
            win.key(keys);
        }
        // The pointer rests on the status bar for the pictures, hovering nothing.
        let rest = (width as i32 / 2, height as i32 - 8);
        win.point(rest.0, rest.1);
        let before = steady(&win);

        win.point((width as f64 * across) as i32, height as i32 / 2);
        win.wheel(9);
        win.wheel(-3);
        win.wheel(5);
        win.point(rest.0, rest.1);
        let moved = steady(&win);
        assert_ne!(moved.rgb, before.rgb, "{case}: the rows did not move");

        win.resize(width - 100, height - 50);
        win.settle();
        win.resize(width, height);
        win.settle();
        win.point(rest.0 + 1, rest.1);
        win.point(rest.0, rest.1);
        let whole = steady(&win);

        let (count, around) = differences(&moved, &whole, 2);
        if count > 0 {
            moved.write_png(&std::env::temp_dir().join("porpoise-moved.png"));
            whole.write_png(&std::env::temp_dir().join("porpoise-whole.png"));
        }
        assert_eq!(
            count,
            0,
            "{case}: {count} pixels differ from the rows drawn whole, within {around:?} \
             (both pictures in {})",
            std::env::temp_dir().display()
        );
        win.alive();
    }
}
