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
