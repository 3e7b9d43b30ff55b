//! File types in the window, driven headlessly on a real folder: the Type column says
//! what the shared-mime-info database says each file is, in the window's language
//! (random data named `big.bin` is not a program, a PNG without an extension is a PNG
//! image), and rows get their type's icon from the desktop's theme.
//! Run: `cargo test --test ui_types`.

mod flows;

use std::fs;
use std::path::Path;

use porpoise::App;

use flows::*;

use porpoise_testkit::trees::TINY_PNG as PNG;

fn mixed(dir: &Path) {
    fs::write(dir.join("big.bin"), [0u8, 159, 146, 150, 7, 1, 2, 3, 250]).expect("write");
    fs::write(dir.join("picture"), PNG).expect("write");
    fs::write(dir.join("notes.txt"), b"notes\n").expect("write");
    fs::create_dir(dir.join("sub")).expect("mkdir");
}

/// The Type column of `name` as the window shows it.
fn type_of(app: &App, name: &str) -> String {
    let pane = app.browser().pane();
    let i = pane.lister().position(name.as_bytes()).expect("listed");
    let (entry, _) = pane.lister().get(i).expect("an entry");
    porpoise::screen::browser::view::type_text(app.types(), pane, entry, name.as_bytes())
}

#[test]
fn the_type_column_says_what_the_database_says() {
    let dir = tempfile::tempdir().expect("tempdir");
    mixed(dir.path());
    {
        let _lang = language("en");
        let app = boot(dir.path());
        assert_eq!(type_of(&app, "picture"), "PNG image");
        assert_eq!(type_of(&app, "notes.txt"), "Plain text document");
        assert_eq!(type_of(&app, "big.bin"), "Unknown");
        assert_eq!(type_of(&app, "sub"), "Folder");
        assert!(shows(&app, "PNG image"), "and it is drawn");
        // Its icon is the theme's icon of PNG images (not the one the name suggests).
        let png = app
            .browser()
            .pane()
            .types()
            .of(b"picture")
            .expect("told")
            .clone();
        assert_eq!(&*png, "image/png");
        assert!(
            app.types()
                .icon(&png, porpoise::icons::IconSize::Small)
                .is_some(),
            "the theme has an icon for PNG images"
        );
    }
    let _lang = language("de");
    let app = boot(dir.path());
    assert_eq!(type_of(&app, "picture"), "PNG-Bild");
    assert_eq!(type_of(&app, "notes.txt"), "Einfaches Textdokument");
}
