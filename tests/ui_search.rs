//! Searching from the shown folder down, headless (the real engine searches a real
//! temporary tree): Ctrl+F shows the search view, typing a name streams its results in
//! with their location, "containing" narrows to files holding the text, a new query
//! replaces the results, a pattern that cannot be searched for is said, Enter on a folder
//! result shows that folder, Open Folder shows a result's folder with it selected, and
//! Escape goes back to the folder. Run: `env -u DISPLAY cargo test --test ui_search`.

mod flows;

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use iced::keyboard::Modifiers;
use iced::keyboard::key::Named;
use iced::widget::Id;
use porpoise::keys::{char_key, named, press};
use porpoise::message::KeyPress;
use porpoise::screen::browser::search::{SEARCH_INPUT, SearchMsg};
use porpoise::{App, Message};

use flows::*;

fn tree(dir: &Path) {
    fs::create_dir_all(dir.join("sub/deep")).expect("mkdir");
    fs::create_dir_all(dir.join("Reports")).expect("mkdir");
    fs::write(
        dir.join("sub/deep/report-2026.pdf"),
        "the quarterly budget\n",
    )
    .expect("write");
    fs::write(dir.join("sub/notes.txt"), "budget for the trip\n").expect("write");
    fs::write(dir.join("Reports/summary.md"), "nothing here\n").expect("write");
    fs::write(dir.join("top.txt"), "plain\n").expect("write");
}

fn found(app: &App) -> BTreeSet<String> {
    let view = app
        .browser()
        .pane()
        .search()
        .expect("the search view is shown");
    view.hits
        .iter()
        .map(|h| {
            h.path()
                .strip_prefix(&view.root)
                .expect("below")
                .display()
                .to_string()
        })
        .collect()
}

fn escape(captured: bool) -> Message {
    Message::Key(KeyPress {
        key: named(Named::Escape),
        modifiers: Modifiers::empty(),
        text: None,
        captured,
    })
}

#[test]
fn ctrl_f_searches_below_the_folder_and_escape_returns() {
    let (_lang, dir, app) = english_booted(tree);
    assert!(app.browser().pane().search().is_none());

    let app = send(app, press(char_key("f"), Modifiers::CTRL));
    assert!(app.browser().pane().search().is_some());
    assert!(simulator(&app).find(Id::new(SEARCH_INPUT)).is_ok());
    assert!(shows(&app, "Location"));

    // Typed into the name field as a person would: each letter searches anew.
    let messages: Vec<Message> = {
        let mut ui = simulator(&app);
        ui.click(Id::new(SEARCH_INPUT)).expect("the name field");
        ui.typewrite("rep");
        ui.into_messages().collect()
    };
    let app = messages.into_iter().fold(app, send);
    assert_eq!(
        found(&app),
        BTreeSet::from(["Reports".to_owned(), "sub/deep/report-2026.pdf".to_owned()])
    );
    assert!(shows(&app, "report-2026.pdf"));
    assert!(shows(&app, "sub/deep"));
    assert!(shows(&app, "2 found"));
    // The folder behind is unchanged.
    assert_eq!(
        app.browser().pane().shown_names(),
        ["Reports", "sub", "top.txt"]
    );

    // Containing: only files holding the text.
    let app = send(app, to_search(SearchMsg::Name(String::new())));
    let app = send(app, to_search(SearchMsg::Content("budget".into())));
    assert_eq!(
        found(&app),
        BTreeSet::from([
            "sub/deep/report-2026.pdf".to_owned(),
            "sub/notes.txt".to_owned()
        ])
    );
    let app = send(app, to_search(SearchMsg::Name("*.txt".into())));
    assert_eq!(found(&app), BTreeSet::from(["sub/notes.txt".to_owned()]));

    // A regular expression for the containing text: as text it finds nothing; with
    // "Regular expression" on, what it matches; "Match case" then tells case apart.
    let app = send(app, to_search(SearchMsg::Name(String::new())));
    let app = send(app, to_search(SearchMsg::Content("bud.et".into())));
    assert!(found(&app).is_empty(), "{:?}", found(&app));
    let app = send(app, to_search(SearchMsg::Regex(true)));
    assert_eq!(
        found(&app),
        BTreeSet::from([
            "sub/deep/report-2026.pdf".to_owned(),
            "sub/notes.txt".to_owned()
        ])
    );
    let app = send(app, to_search(SearchMsg::Content("BUD.ET".into())));
    assert_eq!(found(&app).len(), 2, "case is folded unless asked");
    let app = send(app, to_search(SearchMsg::MatchCase(true)));
    assert!(found(&app).is_empty(), "{:?}", found(&app));
    let app = send(app, to_search(SearchMsg::MatchCase(false)));
    let app = send(app, to_search(SearchMsg::Regex(false)));
    let app = send(app, to_search(SearchMsg::Content(String::new())));

    // A glob that cannot be searched for is said, and nothing is searched.
    let app = send(app, to_search(SearchMsg::Name("[z-a]".into())));
    assert!(found(&app).is_empty());
    assert!(shows(&app, "This pattern cannot be searched for"));

    // Escape (the field had the keyboard) goes back to the folder.
    let app = send(app, escape(true));
    assert!(app.browser().pane().search().is_none());
    assert!(shows(&app, "top.txt"));
    assert_eq!(app.browser().path(), dir.path());
}

#[test]
fn opening_results() {
    let (_lang, dir, app) = english_booted(tree);

    // Open Folder: the result's folder, the result selected.
    let app = send(app, press(char_key("f"), Modifiers::CTRL));
    let app = send(app, to_search(SearchMsg::Name("notes".into())));
    assert_eq!(found(&app), BTreeSet::from(["sub/notes.txt".to_owned()]));
    let app = send(app, to_search(SearchMsg::OpenFolder));
    assert!(app.browser().pane().search().is_none());
    assert_eq!(app.browser().path(), dir.path().join("sub"));
    let selected: Vec<&[u8]> = app.browser().pane().selection().names().collect();
    assert_eq!(selected, [b"notes.txt".as_slice()]);

    // Enter opens the result under the cursor: a folder is shown.
    let app = send(app, press(char_key("f"), Modifiers::CTRL));
    let app = send(app, to_search(SearchMsg::Name("deep".into())));
    assert_eq!(found(&app), BTreeSet::from(["deep".to_owned()]));
    let app = send(app, press(named(Named::Enter), Modifiers::empty()));
    assert!(app.browser().pane().search().is_none());
    assert_eq!(app.browser().path(), dir.path().join("sub/deep"));
    assert_eq!(app.browser().pane().shown_names(), ["report-2026.pdf"]);
}

#[test]
fn delete_moves_a_result_to_the_trash() {
    let (_lang, dir) = english_folder();
    tree(dir.path());
    let (_trash_dir, trash) = test_trash();
    let app = boot_with_trash(dir.path(), &trash);
    let app = send(app, press(char_key("f"), Modifiers::CTRL));
    let app = send(app, to_search(SearchMsg::Name("report-".into())));
    assert_eq!(
        found(&app),
        BTreeSet::from(["sub/deep/report-2026.pdf".to_owned()])
    );
    let (app, jobs) = feed(app, [press(named(Named::Delete), Modifiers::empty())]);
    let file = dir.path().join("sub/deep/report-2026.pdf");
    assert_eq!(jobs.len(), 1, "{jobs:?}");
    assert_eq!(jobs[0].sources, std::slice::from_ref(&file));
    assert!(found(&app).is_empty());
    // The job runs with the real engine: the file is in the test's trash.
    assert!(!file.exists());
}
