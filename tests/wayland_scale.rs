//! Sizes and scale factors in a Wayland session (tests/desktop/wayland.rs: a headless sway,
//! screenshots through grim read by tesseract): made smaller, the window draws its whole
//! inside at the new size (the status bar at the bottom edge, the names read); at an
//! output scale of 2 it draws twice as many pixels a letter, as sharp as at 1 (not its
//! picture at 1 enlarged by the compositor, which blurs: the share of half-tone pixels at
//! the letters' edges would stay as it was); the window lives and redraws at a key after
//! each step.
//! Run: `cargo build && cargo test --test wayland_scale` (skips without sway, wtype, grim,
//! wl-clipboard and tesseract; fails in CI).

mod desktop;

use desktop::wayland::{OUTPUT, Sway};
use std::time::{Duration, Instant};

use desktop::{Home, PATIENCE, Shot, Word};

/// The file whose name is read at each size: one long word tesseract reads well.
const WORD: &str = "lighthouse";

/// The word `text` read off `shot`, with its box in the shot's pixels.
fn word(shot: &Shot, text: &str) -> Option<Word> {
    shot.words().into_iter().find(|w| w.text.contains(text))
}

/// How the letters in `word`'s box are drawn: the pixels of full ink (dark) and the
/// half-tones at their edges (between ink and the light ground). A letter drawn at twice
/// the size has four times the ink but only about twice the edge, so the half-tones' share
/// halves; a picture enlarged by the compositor keeps (or grows) it.
fn edge_share(shot: &Shot, word: &Word) -> f64 {
    let (mut ink, mut edge) = (0usize, 0usize);
    for y in word.y.max(0)..(word.y + word.height).min(shot.height as i32) {
        for x in word.x.max(0)..(word.x + word.width).min(shot.width as i32) {
            let [r, g, b] = shot.pixel(x as usize, y as usize);
            let light = (u32::from(r) + u32::from(g) + u32::from(b)) / 3;
            match light {
                0..=110 => ink += 1,
                111..=219 => edge += 1,
                _ => {}
            }
        }
    }
    assert!(ink > 0, "the word {:?} has dark letters", word.text);
    edge as f64 / ink as f64
}

/// Wait until `text` is read off the window; the shot and the word.
fn read_word(win: &desktop::wayland::WlWindow, text: &str) -> (Shot, Word) {
    desktop::wait_for(&format!("{text:?} read off the window"), PATIENCE, || {
        let shot = win.shot();
        let w = word(&shot, text)?;
        Some((shot, w))
    })
}

#[test]
fn draws_whole_when_resized_and_sharp_at_scale_two() {
    let Some(sway) = Sway::start() else { return };
    let home = Home::with_files(&[WORD]);
    let mut win = sway.open_work(&home);

    // Resized smaller: the inside is drawn whole at the new size.
    win.resize(720, 480);
    let (shot, _) = read_word(&win, WORD);
    assert_eq!(
        (shot.width, shot.height),
        (720, 480),
        "drawn at the new size"
    );
    win.wait_text("1 item");
    let (_, y) = win.find_text("1 item").expect("the status bar");
    assert!(y > 480 - 30, "the status bar at the bottom edge (at {y})");
    let (shot_1, word_1) = read_word(&win, WORD);
    win.save_shot("wayland-scale-1");
    win.alive();

    // At scale 2: twice the pixels each way, letters twice as tall and as sharp. Until
    // the window has drawn anew, the compositor shows its old picture enlarged.
    sway.msg(&format!("output {OUTPUT} resolution 2560x1600 scale 2"));
    let share_1 = edge_share(&shot_1, &word_1);
    let started = Instant::now();
    loop {
        let (shot_2, word_2) = read_word(&win, WORD);
        let tall = word_2.height as f64 / word_1.height as f64;
        let share_2 = edge_share(&shot_2, &word_2);
        let sized = (shot_2.width, shot_2.height) == (2 * shot_1.width, 2 * shot_1.height);
        if sized && (1.7..=2.3).contains(&tall) && share_2 < 0.75 * share_1 {
            break;
        }
        assert!(
            started.elapsed() < PATIENCE,
            "not drawn sharp at scale 2: {}x{} px (at 1: {}x{}), letters {} px tall (at 1: {}), \
             half-tones per ink pixel {share_2:.2} (at 1: {share_1:.2}); screenshot {}",
            shot_2.width,
            shot_2.height,
            shot_1.width,
            shot_1.height,
            word_2.height,
            word_1.height,
            win.save_shot("wayland-scale-2").display()
        );
        std::thread::park_timeout(Duration::from_millis(100));
    }
    win.save_shot("wayland-scale-2");
    win.wait_text("1 item");
    win.alive();

    // Back at scale 1 it draws as before.
    sway.msg(&format!("output {OUTPUT} resolution 1280x800 scale 1"));
    desktop::wait_for("the window drawn at scale 1 again", PATIENCE, || {
        let (shot, _) = read_word(&win, WORD);
        (shot.width == shot_1.width).then_some(())
    });
    win.alive();
}
