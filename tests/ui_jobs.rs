//! File jobs in the window on real temporary folders: the job panel, the conflict,
//! pre-flight and delete dialogs, the delete keys and undo. The app's update runs,
//! its tasks run with the real engine, and iced_test's Simulator renders and clicks.
//! Runs headless: `env -u DISPLAY cargo test --test ui_jobs`.

mod flows;

use porpoise_testkit as kit;

use std::fs;
use std::path::Path;
use std::time::Duration;

use iced::keyboard::Modifiers;
use iced::keyboard::key::Named;
use porpoise::Message;
use porpoise::dialog::question::{Ask, NAME_FIELD};
use porpoise::keys::{char_key, named, press};
use porpoise::request::JobKind;
use porpoise::screen::browser::pane::PaneMsg;
use porpoise::screen::jobs::button_id;
use porpoise::screen::status::Message::Clock;
use porpoise_engine::jobs::JobState;
use porpoise_engine::jobs::trash::HomeTrash;

use flows::*;

#[test]
fn a_copy_runs_to_done_and_the_panel_shows_its_summary() {
    let _lock = language("en");
    let (_dir, src, dest) = two_folders(&[("a.txt", "alpha"), ("b.txt", "bravo")]);
    let app = boot(&dest);
    assert!(!shows(&app, "Dismiss"));

    let app = run_job(app, JobKind::Copy, &src, &["a.txt", "b.txt"], &dest);
    assert_eq!(read(&dest.join("a.txt")), "alpha");
    assert_eq!(read(&dest.join("b.txt")), "bravo");
    let entry = &app.jobs().entries[0];
    assert_eq!(entry.state, JobState::Done);
    assert!(shows(&app, "Copying 2 items to dest"));
    assert!(shows(&app, "Copied 2 files"));

    let app = click(app, button_id(1, "dismiss"));
    assert!(app.jobs().entries.is_empty());
    assert!(!shows(&app, "Copied 2 files"));
}

#[test]
fn what_a_paste_placed_in_the_shown_folder_is_selected_afterwards() {
    let _lock = language("en");
    let (_dir, src, dest) = two_folders(&[("a.txt", "alpha"), ("b.txt", "bravo")]);
    fs::write(dest.join("old.txt"), "old").expect("write");
    let app = boot(&dest);
    let app = send(app, clicked_on(b"old.txt"));
    assert!(app.browser().pane().selection().is_selected(b"old.txt"));

    let app = run_job(app, JobKind::Copy, &src, &["a.txt", "b.txt"], &dest);
    assert_eq!(app.jobs().entries[0].state, JobState::Done);
    let selection = app.browser().pane().selection();
    assert!(selection.is_selected(b"a.txt") && selection.is_selected(b"b.txt"));
    assert!(!selection.is_selected(b"old.txt"), "the pasted files alone");
}

#[test]
fn keep_both_in_the_conflict_dialog_makes_a_numbered_copy() {
    let _lock = language("en");
    let (_dir, src, dest) = two_folders(&[("a.txt", "incoming")]);
    fs::write(dest.join("a.txt"), "existing").expect("write");
    let app = boot(&dest);

    let app = run_job(app, JobKind::Copy, &src, &["a.txt"], &dest);
    assert!(matches!(question(&app), Some(Ask::Conflict { .. })));
    assert!(shows(&app, "“a.txt” already exists in “dest”"));
    assert!(shows(&app, "Overwrite if older"));

    let app = click(app, "Keep both");
    assert!(questions(&app) == 0);
    assert_eq!(app.jobs().entries[0].state, JobState::Done);
    assert_eq!(read(&dest.join("a.txt")), "existing");
    assert_eq!(read(&dest.join("a (1).txt")), "incoming");
}

/// Click into the conflict's name field, type `text` after the name there and press
/// Enter, as a person would; the app takes what that produced.
fn rename_in_field(app: Ui, text: &str) -> Ui {
    let messages: Vec<Message> = {
        let mut ui = simulator(&app);
        ui.click(iced::widget::Id::new(NAME_FIELD))
            .expect("the name field is shown");
        ui.typewrite(text);
        ui.tap_key(named(Named::Enter));
        ui.into_messages().collect()
    };
    messages.into_iter().fold(app, send)
}

#[test]
fn a_name_typed_in_the_conflict_dialog_renames_the_incoming_file() {
    let _lock = language("en");
    let (_dir, src, dest) = two_folders(&[("a.txt", "incoming")]);
    fs::write(dest.join("a.txt"), "existing").expect("write");
    let app = boot(&dest);
    let app = run_job(app, JobKind::Copy, &src, &["a.txt"], &dest);
    assert!(shows(&app, "New name:"));
    assert!(shows(&app, "Keep both"), "an untouched name keeps both");

    // A "/" cannot be in a name: the dialog says so and stays.
    let app = rename_in_field(app, "/x");
    assert_eq!(questions(&app), 1, "the question stays");
    assert!(shows(
        &app,
        "A name cannot be empty, “.” or “..”, or hold a “/”."
    ));

    let app = send(
        app,
        Message::Dialog(porpoise::dialog::Message::Question(
            porpoise::dialog::question::Message::NewName("a.txt".into()),
        )),
    );
    let app = rename_in_field(app, " from home");
    assert!(questions(&app) == 0);
    assert_eq!(app.jobs().entries[0].state, JobState::Done);
    assert_eq!(read(&dest.join("a.txt")), "existing");
    assert_eq!(read(&dest.join("a.txt from home")), "incoming");
    assert!(!dest.join("a (1).txt").exists());
}

#[test]
fn a_folder_pasted_onto_a_folder_of_its_name_asks_before_merging() {
    let _lock = language("en");
    let (_dir, src, dest) = two_folders(&[]);
    fs::create_dir_all(src.join("photos")).expect("mkdir");
    fs::write(src.join("photos").join("new.jpg"), "new").expect("write");
    fs::create_dir_all(dest.join("photos")).expect("mkdir");
    fs::write(dest.join("photos").join("old.jpg"), "old").expect("write");
    let app = boot(&dest);

    // Skip leaves it alone.
    let app = run_job(app, JobKind::Copy, &src, &["photos"], &dest);
    assert!(shows(&app, "A folder “photos” is already in “dest”"));
    assert!(
        !shows(&app, "Overwrite if older"),
        "a folder is not replaced"
    );
    let app = click(app, "Skip");
    assert!(questions(&app) == 0);
    assert!(!dest.join("photos").join("new.jpg").exists());

    // Merge puts its files in, beside what was there.
    let app = run_job(app, JobKind::Copy, &src, &["photos"], &dest);
    let app = click(app, "Merge");
    assert!(questions(&app) == 0);
    assert_eq!(read(&dest.join("photos").join("new.jpg")), "new");
    assert_eq!(read(&dest.join("photos").join("old.jpg")), "old");
}

#[test]
fn apply_to_all_and_skip_leave_every_existing_file_alone() {
    let _lock = language("en");
    let names = ["a.txt", "b.txt", "c.txt"];
    let (_dir, src, dest) = two_folders(&[("a.txt", "new"), ("b.txt", "new"), ("c.txt", "new")]);
    for n in names {
        fs::write(dest.join(n), "old").expect("write");
    }
    let app = boot(&dest);
    let app = send(
        app,
        job(
            JobKind::Copy,
            names.iter().map(|n| src.join(n)).collect(),
            &dest,
        ),
    );
    assert_eq!(questions(&app), 1);

    let app = click(app, "Apply to all");
    assert!(matches!(
        question(&app),
        Some(Ask::Conflict { for_all: true, .. })
    ));
    let app = click(app, "Skip");
    assert!(
        questions(&app) == 0,
        "no second question: {:?}",
        question(&app)
    );
    for n in names {
        assert_eq!(read(&dest.join(n)), "old");
    }
    let entry = &app.jobs().entries[0];
    assert_eq!(entry.state, JobState::Done);
    assert_eq!(entry.summary.as_ref().map(|s| s.skipped), Some(3));
    assert!(shows(&app, "Copied 0 files, 3 skipped"));
}

#[test]
fn cancel_of_a_paused_job_leaves_no_partial_file() {
    let _lock = language("en");
    let (_dir, src, dest) = two_folders(&[]);
    fs::write(src.join("big.bin"), vec![7u8; 24 << 20]).expect("write");
    let mut app = boot(&dest);

    // Pause from the panel before the window's runtime starts the job: it starts paused.
    let task = app.handle(job(JobKind::Copy, vec![src.join("big.bin")], &dest));
    assert_eq!(task.units(), 0, "the job is the app's own work");
    assert_eq!(app.jobs().entries.len(), 1);
    assert!(shows(&app, "Pause"));
    for m in clicked(&app, button_id(1, "pause")) {
        assert_eq!(app.handle(m).units(), 0);
    }
    let app = settle(app, task);
    let entry = &app.jobs().entries[0];
    assert!(entry.is_paused());
    assert!(!entry.is_finished());
    assert!(shows(&app, "Resume"));
    assert!(shows(&app, "Paused"));

    let app = click(app, button_id(1, "cancel"));
    let entry = &app.jobs().entries[0];
    assert_eq!(entry.state, JobState::Cancelled);
    assert!(!dest.join("big.bin").exists(), "no partial file");
    assert!(shows(&app, "Copied 0 files — Cancelled"));
}

#[test]
fn del_trashes_the_selection_and_ctrl_z_restores_it() {
    let _lock = language("en");
    let (_data, trash) = test_trash();
    let (_dir, files, _) = two_folders(&[("a.txt", "alpha"), ("b.txt", "bravo")]);

    let app = select(boot_with_trash(&files, &trash), "a.txt");
    let app = send(app, press(named(Named::Delete), Modifiers::empty()));
    assert_eq!(app.jobs().entries[0].state, JobState::Done);
    assert!(!files.join("a.txt").exists());
    assert!(trash.files().join("a.txt").exists());
    assert!(files.join("b.txt").exists());

    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert_eq!(read(&files.join("a.txt")), "alpha");
    let note = app.status().shown_note().expect("a note");
    assert!(!note.error, "{}", note.text);
    assert!(shows(&app, "Restored 1 item from the trash"));

    // Nothing more to undo.
    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(shows(&app, "Nothing to undo"));
}

#[test]
fn shift_del_asks_and_deletes_after_confirming() {
    let (_lock, dir) = english_folder();
    fs::write(dir.path().join("a.txt"), "alpha").expect("write");
    let app = select(boot(dir.path()), "a.txt");

    let app = send(app, press(named(Named::Delete), Modifiers::SHIFT));
    assert!(shows(&app, "Delete “a.txt” for good?"));
    assert!(shows(&app, "This cannot be undone."));
    // Escape closes the dialog and deletes nothing.
    let app = send(app, press(named(Named::Escape), Modifiers::empty()));
    assert!(questions(&app) == 0);
    assert!(dir.path().join("a.txt").exists());

    let app = send(app, press(named(Named::Delete), Modifiers::SHIFT));
    let app = click(app, "Delete");
    assert!(!dir.path().join("a.txt").exists());
    assert_eq!(app.jobs().entries[0].state, JobState::Done);
    assert!(shows(&app, "Deleted 1 file"));
}

#[test]
fn a_deleted_folder_counts_its_files_and_itself_as_a_folder_and_enter_confirms() {
    let (_lock, dir) = english_folder();
    let folder = dir.path().join("photos");
    fs::create_dir(&folder).expect("mkdir");
    for n in ["a.jpg", "b.jpg", "c.jpg"] {
        fs::write(folder.join(n), n).expect("write");
    }
    let app = select(boot(dir.path()), "photos");
    let app = send(app, press(named(Named::Delete), Modifiers::SHIFT));
    assert!(shows(&app, "Delete “photos” for good?"));
    // Enter presses the highlighted Delete.
    let app = send(app, press(named(Named::Enter), Modifiers::empty()));
    assert!(!folder.exists());
    assert!(
        shows(&app, "Deleted 3 files and 1 folder"),
        "the folder is not one of its files"
    );
    assert!(!shows(&app, "4 files"));
}

#[test]
fn redo_does_again_what_undo_took_back_and_something_new_forgets_it() {
    let (_lock, dir) = english_folder();
    let trash = HomeTrash::in_data_home(dir.path().join("data"));
    let (_tmp, src, dest) = two_folders(&[("a.txt", "alpha")]);
    fs::write(dir.path().join("keep.txt"), "keep").expect("write");

    // A copy, undone, redone with Ctrl+Shift+Z, undone, redone with Ctrl+Y.
    let app = boot_with_trash(&dest, &trash);
    let app = run_job(app, JobKind::Copy, &src, &["a.txt"], &dest);
    assert_eq!(read(&dest.join("a.txt")), "alpha");
    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(!dest.join("a.txt").exists());
    let app = send(
        app,
        press(char_key("Z"), Modifiers::CTRL | Modifiers::SHIFT),
    );
    assert_eq!(read(&dest.join("a.txt")), "alpha", "redo copies again");
    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(!dest.join("a.txt").exists());
    let app = send(app, press(char_key("y"), Modifiers::CTRL));
    assert_eq!(read(&dest.join("a.txt")), "alpha");

    // A move, undone and redone.
    let app = run_job(app, JobKind::Move, &src, &["a.txt"], dir.path());
    assert!(!src.join("a.txt").exists());
    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(src.join("a.txt").exists(), "undo moves it back");
    let app = send(app, press(char_key("y"), Modifiers::CTRL));
    assert!(!src.join("a.txt").exists(), "redo moves it again");
    assert_eq!(read(&dir.path().join("a.txt")), "alpha");
    assert!(shows(&app, "Redone: the move of 1 item"));

    // Undo, then something new: nothing is left to redo.
    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(src.join("a.txt").exists());
    let app = send(
        app,
        job(
            JobKind::Trash,
            vec![dir.path().join("keep.txt")],
            Path::new(""),
        ),
    );
    let app = send(app, press(char_key("y"), Modifiers::CTRL));
    assert!(src.join("a.txt").exists(), "the undone move is not redone");
    assert!(shows(&app, "Nothing to redo"));
}

#[test]
fn status_messages_go_after_a_while_and_when_another_folder_shows() {
    let _lock = language("en");
    let (_data, trash) = test_trash();
    let (dir, files, _) = two_folders(&[("a.txt", "alpha")]);

    let app = select(boot_with_trash(&files, &trash), "a.txt");
    let app = send(app, press(named(Named::Delete), Modifiers::empty()));
    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(shows(&app, "Restored 1 item from the trash"));
    // The clock first sees it, a little later it is still there, a while later it is gone.
    let start = std::time::Instant::now();
    let app = send(app, Message::Status(Clock(start)));
    let app = send(app, Message::Status(Clock(start + Duration::from_secs(2))));
    assert!(shows(&app, "Restored 1 item from the trash"));
    let app = send(app, Message::Status(Clock(start + Duration::from_secs(7))));
    assert!(app.status().shown_note().is_none());
    assert!(!shows(&app, "Restored 1 item from the trash"));
    let counts = porpoise::screen::status::summary(app.browser().pane());
    assert!(shows(&app, &counts), "the counts are back: {counts}");

    // A note goes when another folder shows, at once.
    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(shows(&app, "Nothing to undo"));
    let app = send(app, to_pane(PaneMsg::Navigate(dir.path().to_owned())));
    assert!(app.status().shown_note().is_none());

    // A filter that matches nothing says so.
    let app = filter_by(app, "zzz");
    assert!(shows(&app, "No items match “zzz”."));
}

#[test]
fn questions_of_several_jobs_queue_up() {
    let _lock = language("en");
    let (_dir, src, dest) = two_folders(&[("a.txt", "new a"), ("b.txt", "new b")]);
    fs::write(dest.join("a.txt"), "old a").expect("write");
    fs::write(dest.join("b.txt"), "old b").expect("write");
    // Both jobs run at once (one device: with the queue per device the second would wait).
    let settings = porpoise::settings::Settings {
        queue_per_device: false,
        ..Default::default()
    };
    let app = boot_with(&dest, settings);
    let app = run_job(app, JobKind::Copy, &src, &["a.txt"], &dest);
    let app = run_job(app, JobKind::Copy, &src, &["b.txt"], &dest);
    assert_eq!(questions(&app), 2);
    assert!(shows(&app, "“a.txt” already exists in “dest”"));
    assert!(shows(&app, "1 more question is waiting."));

    let app = click(app, "Overwrite");
    assert_eq!(read(&dest.join("a.txt")), "new a");
    assert!(shows(&app, "“b.txt” already exists in “dest”"));
    // Escape answers a conflict with Cancel: that job ends cancelled, b.txt stays.
    let app = send(app, press(named(Named::Escape), Modifiers::empty()));
    assert!(questions(&app) == 0);
    assert_eq!(read(&dest.join("b.txt")), "old b");
    let states: Vec<_> = app.jobs().entries.iter().map(|e| e.state).collect();
    assert_eq!(states, [JobState::Done, JobState::Cancelled]);
}

#[test]
fn failed_items_are_listed_until_dismissed() {
    let _lock = language("en");
    let (_dir, src, dest) = two_folders(&[("a.txt", "alpha")]);
    let app = boot(&dest);
    let gone = src.join("gone.txt");
    let app = send(
        app,
        job(JobKind::Copy, vec![src.join("a.txt"), gone.clone()], &dest),
    );
    assert_eq!(app.jobs().entries[0].state, JobState::Failed);
    assert!(shows(&app, "Copied 1 file, 1 failed — Failed"));
    let failure = &app.jobs().entries[0].failures[0];
    assert_eq!(failure.path, gone);
    let line = failure.error.clone();
    assert!(line.contains("gone.txt"), "{line}");
    assert!(!shows(&app, &line));

    let app = click(app, button_id(1, "failures"));
    assert!(shows(&app, &line));
    assert!(shows(&app, "Hide what failed"));
    let app = click(app, button_id(1, "dismiss"));
    assert!(app.jobs().entries.is_empty());
}

#[test]
fn finished_rows_clear_together_and_only_well_finished_ones_leave_by_themselves() {
    use porpoise::screen::jobs::Message as Jobs;
    let _lock = language("en");
    let (_dir, src, dest) = two_folders(&[("a.txt", "alpha"), ("b.txt", "bravo")]);
    let app = boot(&dest);
    let app = run_job(app, JobKind::Copy, &src, &["a.txt"], &dest);
    assert!(
        !shows(&app, "Clear finished"),
        "one finished row: its own Dismiss"
    );
    let gone = src.join("gone.txt");
    let app = send(app, job(JobKind::Copy, vec![gone], &dest));
    let entries = &app.jobs().entries;
    assert!(
        entries[0].leaves_by_itself(),
        "a copy that went well goes by itself"
    );
    assert!(
        !entries[1].leaves_by_itself(),
        "a failed one stays to be read"
    );

    // Dismissed under the pointer, a row empties but keeps its room until it leaves.
    let app = send(app, Message::Jobs(Jobs::Hovered(true)));
    let app = click(app, button_id(1, "dismiss"));
    assert_eq!(
        app.jobs().entries.len(),
        2,
        "the room stays under the pointer"
    );
    assert!(!shows(&app, "Copied 1 file"));
    let app = send(app, Message::Jobs(Jobs::Hovered(false)));
    assert_eq!(app.jobs().entries.len(), 1, "gone once the pointer left");

    let app = run_job(app, JobKind::Copy, &src, &["b.txt"], &dest);
    assert_eq!(app.jobs().entries.len(), 2);
    let app = click(app, "Clear finished");
    assert!(app.jobs().entries.is_empty(), "every finished row cleared");
}

#[test]
fn undo_takes_back_a_rename_and_a_new_folder() {
    use porpoise::undo::UndoStep;
    let (_lock, dir) = english_folder();
    let (before, after) = (dir.path().join("old.txt"), dir.path().join("new.txt"));
    fs::write(&after, "text").expect("write");
    let folder = dir.path().join("New Folder");
    fs::create_dir(&folder).expect("mkdir");
    let mut app = boot(dir.path());
    app.push_undo(UndoStep::Renamed {
        from: before.clone(),
        to: after.clone(),
    });
    app.push_undo(UndoStep::CreatedFolder(folder.clone()));

    // The folder got something in it: it stays, and the status bar says why.
    fs::write(folder.join("keep.txt"), "keep").expect("write");
    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(folder.join("keep.txt").exists());
    assert!(app.status().shown_note().expect("a note").error);
    assert!(shows(
        &app,
        "Could not undo: the folder “New Folder” is not empty any more"
    ));

    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert_eq!(read(&before), "text");
    assert!(!after.exists());
    assert!(shows(&app, "Undone: the rename of “new.txt”"));
}

#[test]
fn ctrl_z_after_a_copy_removes_only_what_it_made() {
    let _lock = language("en");
    let (_dir, src, dest) = two_folders(&[("a.txt", "incoming"), ("b.txt", "bravo")]);
    fs::create_dir_all(src.join("sub/deeper")).expect("mkdir");
    fs::write(src.join("sub/deeper/c.txt"), "charlie").expect("write");
    fs::write(dest.join("a.txt"), "existing").expect("write");
    let app = boot(&dest);
    let app = run_job(app, JobKind::Copy, &src, &["a.txt", "b.txt", "sub"], &dest);
    let app = click(app, "Keep both");
    assert_eq!(app.jobs().entries[0].state, JobState::Done);
    assert!(dest.join("a (1).txt").exists() && dest.join("sub/deeper/c.txt").exists());

    // A second copy of the folder asks to merge, then about the file deep inside, naming
    // its folder.
    let app = run_job(app, JobKind::Copy, &src, &["sub"], &dest);
    let app = click(app, "Merge");
    assert!(shows(&app, "“c.txt” already exists in “deeper”"));
    let app = click(app, "Skip");
    assert_eq!(app.jobs().entries[1].state, JobState::Done);

    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(shows(&app, "Undone: the copy of 3 items"));
    assert!(!dest.join("a (1).txt").exists());
    assert!(!dest.join("b.txt").exists());
    assert!(!dest.join("sub").exists());
    assert_eq!(read(&dest.join("a.txt")), "existing");
    assert_eq!(read(&src.join("sub/deeper/c.txt")), "charlie");
}

#[test]
fn ctrl_z_after_a_move_puts_the_items_back() {
    let _lock = language("en");
    let (_dir, src, dest) = two_folders(&[("a.txt", "alpha"), ("b.txt", "bravo")]);
    let app = boot(&src);
    let app = run_job(app, JobKind::Move, &src, &["a.txt", "b.txt"], &dest);
    assert_eq!(app.jobs().entries[0].state, JobState::Done);
    assert!(!src.join("a.txt").exists());
    assert_eq!(read(&dest.join("b.txt")), "bravo");

    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(shows(&app, "Undone: the move of 2 items"));
    assert_eq!(read(&src.join("a.txt")), "alpha");
    assert_eq!(read(&src.join("b.txt")), "bravo");
    assert!(!dest.join("a.txt").exists());
}

#[test]
fn a_failed_item_and_a_problem_are_told_in_the_windows_language() {
    let _lock = language("de");
    let (_dir, src, dest) = two_folders(&[("a.txt", "alpha")]);
    let app = boot(&dest);
    let gone = src.join("gone.txt");
    let app = send(app, job(JobKind::Copy, vec![gone.clone()], &dest));
    let line = app.jobs().entries[0].failures[0].error.clone();
    assert!(
        line.ends_with(&format!(
            "„{}“ nicht möglich: existiert nicht.",
            gone.display()
        )),
        "{line}"
    );
    for english in ["cannot", "No such file", "os error"] {
        assert!(
            !line.contains(english),
            "English in the German window: {line}"
        );
    }
    assert_eq!(
        porpoise::failures::problem(&porpoise_engine::jobs::preflight::Problem::ReadOnly),
        "Das Ziel ist schreibgeschützt."
    );
    // An error the window has no words for is told by its number, not in English.
    let odd = porpoise_engine::error::IoError::new(
        porpoise_engine::error::Op::Read,
        "/srv/x",
        std::io::Error::from_raw_os_error(133),
    );
    assert_eq!(
        porpoise::failures::io(&odd),
        "Lesen von „/srv/x“ nicht möglich: Systemfehler 133."
    );
}

#[test]
fn a_read_only_destination_only_offers_close() {
    let _lock = language("en");
    if let Err(why) = kit::root() {
        return kit::skip(&format!("a read-only tmpfs needs root: {why}"));
    }
    let ro = kit::ReadOnlyTmpfs::mount();
    let (_dir, src, _) = two_folders(&[("a.txt", "alpha")]);
    let dest = ro.mnt.path().to_owned();
    let app = boot(&src);
    let app = run_job(app, JobKind::Copy, &src, &["a.txt"], &dest);
    assert!(matches!(
        question(&app),
        Some(Ask::Preflight {
            can_proceed: false,
            ..
        })
    ));
    assert!(shows(&app, "This job cannot be done"));
    assert!(shows(&app, "The destination is read-only."));
    assert!(!shows(&app, "Skip those items"));
    let app = click(app, "Close");
    assert!(questions(&app) == 0);
    assert_eq!(app.jobs().entries[0].state, JobState::Failed);
}

#[test]
fn names_exfat_cannot_hold_get_underscores_when_asked() {
    let _lock = language("en");
    if let Err(why) = kit::LoopMount::can_exfat() {
        return kit::skip(&format!("no exFAT mount: {why}"));
    }
    let stick = kit::LoopMount::exfat();
    let (_dir, src, _) = two_folders(&[("what?.txt", "question"), ("plain.txt", "plain")]);
    let app = boot(&src);
    let app = run_job(
        app,
        JobKind::Copy,
        &src,
        &["what?.txt", "plain.txt"],
        &stick.mnt,
    );
    assert!(matches!(
        question(&app),
        Some(Ask::Preflight {
            can_proceed: true,
            ..
        })
    ));
    let problem = format!(
        "“{}”: the name has a character the destination forbids",
        src.join("what?.txt").display()
    );
    assert!(shows(&app, &problem));
    assert!(shows(&app, "Skip those items"));

    let app = click(app, "Replace characters with _");
    assert!(questions(&app) == 0);
    assert_eq!(app.jobs().entries[0].state, JobState::Done);
    assert_eq!(read(&stick.mnt.join("what_.txt")), "question");
    assert_eq!(read(&stick.mnt.join("plain.txt")), "plain");
}
