//! The queue per device in the window on real temporary folders of one disk: a copy
//! waiting for a copy to the same device (held by its conflict question) shows
//! "Waiting for …" with its buttons, "Start now" (its message) runs it to its end while the first still
//! waits, and with the setting off the second starts at once. The app's update
//! runs, its tasks run with the real engine, iced_test's Simulator renders and clicks.
//! Runs headless: `env -u DISPLAY cargo test --test ui_queue`.

mod flows;

use std::fs;

use porpoise::Message;
use porpoise::request::JobKind;
use porpoise::screen::jobs::Message as JobMsg;
use porpoise::settings::Settings;
use porpoise_engine::jobs::JobState;

use flows::*;

#[test]
fn a_copy_to_a_busy_device_waits_and_start_now_runs_it() {
    let _lock = language("en");
    let (_dir, src, dest) = two_folders(&[("a.txt", "incoming"), ("b.txt", "bravo")]);
    fs::write(dest.join("a.txt"), "existing").expect("write");
    let app = boot(&dest);
    // The first copy asks about a.txt, and keeps the device meanwhile.
    let app = send(app, job(JobKind::Copy, vec![src.join("a.txt")], &dest));
    assert!(question(&app).is_some());
    let app = send(app, job(JobKind::Copy, vec![src.join("b.txt")], &dest));
    let second = &app.jobs().entries[1];
    assert!(second.is_waiting(), "{:?}", second.state);
    assert_eq!(second.state, JobState::Waiting);
    let (device, place) = second.waiting.clone().expect("the device it waits for");
    assert_eq!(place, 1);
    let line = porpoise::screen::jobs::words::waiting(&device.name, place);
    assert!(line.starts_with("Waiting for"), "{line}");
    assert!(shows(&app, "Start now"));
    assert!(shows(&app, "Move up"));
    assert!(!dest.join("b.txt").exists());

    // (The conflict dialog is modal: the panel's button is pressed by its message; the
    // real window's test clicks it.)
    let app = send(app, Message::Jobs(JobMsg::StartNow(2)));
    assert_eq!(app.jobs().entries[1].state, JobState::Done);
    assert_eq!(read(&dest.join("b.txt")), "bravo");
    assert!(!app.jobs().entries[0].is_finished());
    assert!(!shows(&app, "Start now"));

    // Escape answers the question "Cancel": the first ends, a.txt untouched.
    let app = send(app, to_dialog(porpoise::dialog::question::Message::Escape));
    assert!(app.jobs().entries[0].is_finished());
    assert_eq!(read(&dest.join("a.txt")), "existing");
}

#[test]
fn with_the_setting_off_a_second_copy_starts_at_once() {
    let _lock = language("en");
    let (_dir, src, dest) = two_folders(&[("a.txt", "incoming"), ("b.txt", "bravo")]);
    fs::write(dest.join("a.txt"), "existing").expect("write");
    let settings = Settings {
        queue_per_device: false,
        ..Settings::default()
    };
    let app = boot_with(&dest, settings);
    let app = send(app, job(JobKind::Copy, vec![src.join("a.txt")], &dest));
    assert!(question(&app).is_some());
    let app = send(app, job(JobKind::Copy, vec![src.join("b.txt")], &dest));
    assert_eq!(app.jobs().entries[1].state, JobState::Done);
    assert_eq!(read(&dest.join("b.txt")), "bravo");
    assert!(!shows(&app, "Start now"));
    let app = send(app, to_dialog(porpoise::dialog::question::Message::Escape));
    assert!(app.jobs().entries[0].is_finished());
}
