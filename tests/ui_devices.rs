//! Devices in the window, on the test rig's real USB stick (tests/rig: ext4 on a loop
//! device over a throttled FUSE file, its sysfs `removable` flag reading 1): the Places
//! entry says "writing… N left" while a real copy runs onto it and "safe to remove" once
//! it is done, and "not all data was written" when the stick fails during the final
//! flush; the unmount button is refused while the copy runs (the device stays
//! mounted, UDisks2 is not asked); a drop onto the stick offers Copy first and Enter
//! picks it, while a drop onto a local folder keeps Move first; once the stick is
//! unmounted, the engine's mount watcher sends a table without it and Places drops it.
//! The app's update
//! runs, job events come from the real engine, iced_test's Simulator renders and clicks.
//! The stick tests need root and /dev/fuse (skip with a message, fail in CI); the last test
//! (whole path components decide the device) needs neither:
//! `env -u DISPLAY cargo test --test ui_devices`.

mod flows;
use porpoise_testkit as kit;
use porpoise_testkit::rig;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use flows::{Ui, boot, center_of, drag, feed, send, shows, simulator, tree};
use iced::keyboard::Modifiers;
use iced::keyboard::key::Named;
use porpoise::actions::ActionMsg;
use porpoise::keys::{named, press};
use porpoise::places::PlaceKind;
use porpoise::request::{JobKind, JobRequest};
use porpoise::screen::jobs::Message as JobMsg;
use porpoise::screen::jobs::follow::{self, JobRun};
use porpoise::screen::places;
use porpoise::screen::places::devices::{DeviceMsg, DeviceStatus};
use porpoise::screen::places::eject_id;
use porpoise::{App, Message, format};
use porpoise_engine::events::{Events, Next};
use porpoise_engine::jobs::{JobEvent, JobState};
use porpoise_engine::mounts::MountTable;

const MIB: usize = 1 << 20;
const PATIENCE: Duration = Duration::from_secs(180);

/// One stick at a time: the rig's loop devices and the removable cache are process-wide.
static RIG: Mutex<()> = Mutex::new(());

/// A test's hold on the rig: its stick (written at `rate` bytes a second, 0 for no limit),
/// English words, and a local folder for sources. `None` (after saying why) when the rig
/// cannot run here.
struct OnStick {
    stick: rig::Stick,
    src: tempfile::TempDir,
    _lang: MutexGuard<'static, ()>,
    _rig: MutexGuard<'static, ()>,
}

fn on_stick(rate: u64) -> Option<OnStick> {
    if let Err(why) = rig::available() {
        kit::skip(&why);
        return None;
    }
    let rig = RIG.lock().unwrap_or_else(|e| e.into_inner());
    Some(OnStick {
        _lang: flows::language("en"),
        stick: rig::Stick::new(rig::StickOptions {
            rate,
            ..rig::StickOptions::default()
        }),
        src: tempfile::tempdir().expect("tempdir"),
        _rig: rig,
    })
}

/// The mount table as the window's watcher would deliver it.
fn mounts(app: Ui) -> Ui {
    let table = MountTable::read().expect("the mount table");
    send(
        app,
        Message::Places(places::Message::Mounts(Arc::new(table))),
    )
}

fn status_of(app: &App, at: &Path) -> Option<DeviceStatus> {
    let place = app
        .places()
        .mount_places()
        .iter()
        .find(|p| p.path == at)
        .expect("the stick is in Places");
    assert_eq!(place.kind, PlaceKind::Removable);
    app.places().device_status(place, app.jobs())
}

/// A source file of `size` bytes with varied content.
fn source(dir: &Path, size: usize) -> PathBuf {
    let p = dir.join("big.bin");
    let data: Vec<u8> = (0..size).map(|i| (i % 251) as u8).collect();
    fs::write(&p, data).expect("write the source");
    p
}

/// Ask the app for a copy and start it in the engine as the window would (here, not in
/// the harness's runtime: the events are fed to the app by the caller, one at a time).
fn start_copy(app: &mut App, src: PathBuf, dest: &Path) -> (u64, Arc<JobRun>, JobEvents) {
    let task = app.update(flows::job(JobKind::Copy, vec![src], dest));
    assert_eq!(task.units(), 0, "the job is the app's to start");
    let run = app
        .jobs()
        .entries
        .last()
        .expect("the app asked for the job")
        .run
        .clone();
    let rx = follow::start(&run);
    (
        run.id,
        run,
        JobEvents {
            rx,
            deadline: Instant::now() + PATIENCE,
        },
    )
}

struct JobEvents {
    rx: Events<JobEvent>,
    deadline: Instant,
}

impl JobEvents {
    fn next(&self) -> JobEvent {
        let left = self.deadline.saturating_duration_since(Instant::now());
        match self.rx.next_timeout(left) {
            Next::Event(ev) => ev,
            Next::Waiting | Next::Ended => panic!("the job did not send its next event in time"),
        }
    }
}

/// Hand one job event to the app as the window's stream does.
fn deliver(app: &mut App, id: u64, ev: JobEvent) {
    let task = app.update(Message::Jobs(JobMsg::Event(id, ev)));
    assert_eq!(task.units(), 0, "a job event asks for nothing more");
}

/// Hand the job's events to the app up to and with its end; `after` sees the app after
/// each earlier one.
fn deliver_to_the_end(
    app: &mut App,
    id: u64,
    events: &JobEvents,
    mut after: impl FnMut(&App, &JobEvent),
) {
    loop {
        let ev = events.next();
        let last = matches!(ev, JobEvent::Finished { .. });
        deliver(app, id, ev.clone());
        if last {
            return;
        }
        after(app, &ev);
    }
}

/// Drag `a.txt` onto `sub` in the shown folder: the drop menu's default is `kind`, and
/// Enter starts a job of that kind.
fn drop_defaults_to(app: Ui, kind: JobKind) -> (Ui, Vec<JobRequest>) {
    let (app, jobs) = drag(app, "a.txt", "sub", Modifiers::empty());
    assert!(
        jobs.is_empty(),
        "nothing starts before the menu is answered"
    );
    enter_picks(app, kind)
}

/// The open drop menu's default is `kind`, listed first, and Enter picks it.
fn enter_picks(app: Ui, kind: JobKind) -> (Ui, Vec<JobRequest>) {
    let menu = app.browser().pane().drop_menu().expect("the drop menu");
    assert_eq!(menu.default, kind);
    let (first, second) = match kind {
        JobKind::Copy => ("Copy here", "Move here"),
        _ => ("Move here", "Copy here"),
    };
    assert!(center_of(&app, first).y < center_of(&app, second).y);
    assert!(shows(&app, "Enter"), "the default says Enter picks it");
    let (app, jobs) = feed(app, [press(named(Named::Enter), Modifiers::empty())]);
    assert_eq!(jobs.first().map(|j| j.kind), Some(kind));
    assert!(app.browser().pane().drop_menu().is_none());
    (app, jobs)
}

#[test]
fn places_tell_what_is_still_being_written_to_a_stick_and_when_it_is_safe() {
    let Some(rig) = on_stick(2_000_000) else {
        return;
    };
    let big = source(rig.src.path(), 8 * MIB);
    let mut app = mounts(boot(rig.src.path()));
    let stick = &rig.stick;
    assert_eq!(status_of(&app, stick.path()), None, "nothing written yet");
    assert!(!shows(&app, "safe to remove"));

    let (id, _run, events) = start_copy(&mut app, big, stick.path());
    let mut writing_shown = Vec::new();
    deliver_to_the_end(&mut app, id, &events, |app, ev| {
        if let JobEvent::Progress(f) = ev
            && f.bytes_total > f.bytes_on_device
        {
            let left = f.bytes_total - f.bytes_on_device;
            assert_eq!(
                status_of(app, stick.path()),
                Some(DeviceStatus::Writing { left })
            );
            let line = format!("writing… {} left", format::size(left));
            assert!(shows(app, &line), "Places shows {line:?}");
            assert!(!shows(app, "safe to remove"));
            writing_shown.push(left);
        }
    });
    assert!(
        writing_shown.len() >= 2,
        "the status followed the copy: {writing_shown:?}"
    );
    assert!(
        writing_shown.windows(2).any(|w| w[1] < w[0]),
        "the amount left went down: {writing_shown:?}"
    );
    let entry = &app.jobs().entries[0];
    assert_eq!(entry.state, JobState::Done);
    assert!(stick.received() >= (8 * MIB) as u64, "the stick has it all");
    assert_eq!(
        status_of(&app, stick.path()),
        Some(DeviceStatus::AllWritten)
    );
    assert!(shows(&app, "safe to remove"));
    assert!(!shows(&app, "writing…"));
}

#[test]
fn unmounting_is_refused_while_a_copy_still_writes_to_the_stick() {
    let Some(rig) = on_stick(1_000_000) else {
        return;
    };
    let big = source(rig.src.path(), 8 * MIB);
    let mut app = mounts(boot(rig.src.path()));
    let stick = &rig.stick;
    let name = stick
        .path()
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .expect("a name");

    let (id, run, events) = start_copy(&mut app, big, stick.path());
    // Wait until the copy is under way.
    loop {
        let ev = events.next();
        let copying = matches!(ev, JobEvent::Progress(f) if f.bytes_done > 0);
        assert!(!matches!(ev, JobEvent::Finished { .. }), "still running");
        deliver(&mut app, id, ev);
        if copying {
            break;
        }
    }
    let messages: Vec<Message> = {
        let mut ui = simulator(&app);
        ui.click(eject_id(stick.path()))
            .expect("the stick has an unmount button");
        ui.into_messages().collect()
    };
    assert!(!messages.is_empty());
    for m in messages {
        let task = app.handle(m);
        assert_eq!(task.units(), 0, "UDisks2 is not asked while the copy runs");
    }
    let notice =
        format!("Porpoise is still writing to {name}; wait until it is done or cancel the copy");
    assert!(shows(&app, &notice), "the window says why: {notice:?}");
    assert!(
        kit::mounts::is_mounted(stick.path()),
        "the stick is still mounted"
    );

    // Cancelled (and flushed), nothing targets the stick: now the unmount would be asked.
    run.control.cancel();
    deliver_to_the_end(&mut app, id, &events, |_, _| {});
    let task = app.handle(Message::Places(places::Message::Devices(DeviceMsg::Eject(
        stick.path().to_owned(),
    ))));
    assert!(task.units() > 0, "UDisks2 is asked");
    let note = app.status().shown_note().map(|n| n.text.clone());
    assert_eq!(note, Some(format!("Unmounting {name}…")));
    assert!(kit::mounts::is_mounted(stick.path()));
}

#[test]
fn a_drop_onto_the_stick_defaults_to_copy_and_elsewhere_to_move() {
    let Some(rig) = on_stick(0) else { return };
    let on = rig.stick.path();
    tree(on);

    // On the stick: Copy here first, highlighted as the default; Enter copies.
    let app = mounts(boot(on));
    let (app, jobs) = drop_defaults_to(app, JobKind::Copy);
    assert_eq!(
        jobs,
        [JobRequest {
            kind: JobKind::Copy,
            sources: vec![on.join("a.txt")],
            dest: on.join("sub"),
            modes: None,
            compress: None,
        }]
    );
    assert!(on.join("a.txt").exists() && on.join("sub/a.txt").exists());

    // Files dropped in from another application onto a folder of the stick: the same.
    let dropped = rig.src.path().join("x.txt");
    fs::write(&dropped, b"x").expect("write");
    let app = send(app, Message::Drag(ActionMsg::FileDropped(dropped.clone())));
    let (app, _) = enter_picks(app, JobKind::Copy);
    assert!(dropped.exists(), "the original stays");
    drop(app);

    // On a local folder: Move here first, Enter moves.
    let local = tempfile::tempdir().expect("tempdir");
    tree(local.path());
    drop_defaults_to(mounts(boot(local.path())), JobKind::Move);
    assert!(!local.path().join("a.txt").exists() && local.path().join("sub/a.txt").exists());
}

#[test]
fn a_stick_that_fails_while_being_written_is_not_called_safe() {
    let Some(rig) = on_stick(2_000_000) else {
        return;
    };
    let big = source(rig.src.path(), 4 * MIB);
    let mut app = mounts(boot(rig.src.path()));
    let stick = &rig.stick;

    // The stick is pulled out while the copied data is being written to it.
    let (id, _run, events) = start_copy(&mut app, big, stick.path());
    deliver_to_the_end(&mut app, id, &events, |_, ev| {
        if let JobEvent::State(JobState::WritingToDevice) = ev {
            stick.unplug();
        }
    });
    assert_eq!(app.jobs().entries[0].state, JobState::Failed);
    assert_eq!(
        status_of(&app, stick.path()),
        Some(DeviceStatus::NotAllWritten)
    );
    assert!(shows(&app, "not all data was written"));
    assert!(!shows(&app, "safe to remove"));
}

/// A mount table in which `removable` is a USB stick (the lines the kernel would give; no
/// root needed). Everything else about the drop is real.
/// The next table the engine's mount watcher sends that satisfies `wanted`.
fn next_table(
    tables: &std::sync::mpsc::Receiver<Arc<MountTable>>,
    wanted: impl Fn(&MountTable) -> bool,
) -> Arc<MountTable> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let table = tables
            .recv_timeout(left)
            .expect("the mount watcher sent the table in time");
        if wanted(&table) {
            return table;
        }
    }
}

#[test]
fn an_unmounted_stick_leaves_places() {
    let Some(rig) = on_stick(8_000_000) else {
        return;
    };
    let at = rig.stick.path().to_owned();
    // The window's own watcher, on a thread that hands its tables over.
    let (tx, tables) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rx = porpoise_engine::mounts::watch();
        while let Some(t) = rx.next() {
            if tx.send(t).is_err() {
                return;
            }
        }
    });
    let has_stick = |t: &MountTable| t.mounts.iter().any(|m| m.mount_point == at);
    let app = boot(rig.src.path());
    let app = send(
        app,
        Message::Places(places::Message::Mounts(next_table(&tables, has_stick))),
    );
    assert_eq!(status_of(&app, &at), None);
    assert!(
        simulator(&app).find(eject_id(&at)).is_ok(),
        "Places lists the stick with its unmount button"
    );

    rustix::mount::unmount(&at, rustix::mount::UnmountFlags::empty()).expect("unmount");
    let app = send(
        app,
        Message::Places(places::Message::Mounts(next_table(&tables, |t| {
            !has_stick(t)
        }))),
    );
    assert!(
        !app.places().mount_places().iter().any(|p| p.path == at),
        "the stick is no longer a place"
    );
    assert!(
        simulator(&app).find(eject_id(&at)).is_err(),
        "Places no longer shows it"
    );
}

fn table_with_stick_at(removable: &Path) -> MountTable {
    let text = format!(
        "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw\n\
         40 27 8:17 / {} rw - vfat /dev/sdb1 rw\n",
        removable.display()
    );
    MountTable::parse(text.as_bytes(), |major, _| major == 8)
}

#[test]
fn which_device_a_folder_is_on_goes_by_whole_path_components() {
    let _lang = flows::language("en");
    let dir = tempfile::tempdir().expect("tempdir");
    let usb = dir.path().join("USB");
    let usb2 = dir.path().join("USB2");
    for d in [&usb, &usb2] {
        fs::create_dir(d).expect("mkdir");
        tree(d);
    }
    let table = Arc::new(table_with_stick_at(&usb));

    // "USB2" only shares a prefix of bytes with the stick's mount point: not on it.
    let app = send(
        boot(&usb2),
        Message::Places(places::Message::Mounts(table.clone())),
    );
    assert!(!app.on_removable(&usb2));
    drop_defaults_to(app, JobKind::Move);

    let app = send(boot(&usb), Message::Places(places::Message::Mounts(table)));
    assert!(app.on_removable(&usb.join("sub")));
    assert!(shows(&app, "USB"), "the stick is in Places");
    drop_defaults_to(app, JobKind::Copy);
    assert!(usb.join("a.txt").exists() && usb.join("sub/a.txt").exists());
}
