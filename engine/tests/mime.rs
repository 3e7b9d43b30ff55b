//! File types from the shared-mime-info database as the engine tells them: a name that
//! matches one glob is never read (the file need not even exist); a name that says too
//! little is sniffed only where the caller allows; descriptions come in the wanted
//! language; icon names go from the type's own to its kind's generic one.

use std::path::Path;

use porpoise_engine::Kind;
use porpoise_engine::mime::{Facts, MimeDb};

fn file(size: u64, sniff: bool) -> Facts {
    Facts {
        kind: Kind::File,
        size,
        sniff,
    }
}

#[test]
fn a_name_of_one_glob_needs_no_read() {
    let db = MimeDb::load();
    let nowhere = Path::new("/nonexistent-folder-for-a-test");
    assert_eq!(
        db.of_entry(nowhere, b"photo.png", file(100, true)),
        "image/png"
    );
    assert_eq!(
        db.of_entry(nowhere, b"paper.PDF", file(100, true)),
        "application/pdf"
    );
    assert_eq!(
        db.by_name(b"archive.tar.gz").as_deref(),
        Some("application/x-compressed-tar")
    );
    // Nothing to read and a name that says nothing: unknown.
    assert_eq!(
        db.of_entry(nowhere, b"blob", file(100, true)),
        "application/octet-stream"
    );
}

#[test]
fn a_name_of_several_types_is_told_by_what_the_content_is_a_kind_of_as_glib_tells_it() {
    let db = MimeDb::load();
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("config.json"), b"{\"zoom\": 2}\n").expect("write");
    // `*.json` is the glob of application/json and of application/schema+json; the text
    // inside is plain text, of which JSON is a kind and comes first: `gio info` and
    // `xdg-mime query filetype` say application/json.
    assert_eq!(
        db.by_name(b"config.json"),
        None,
        "the name alone is not enough"
    );
    assert_eq!(
        db.of_entry(dir.path(), b"config.json", file(13, true)),
        "application/json"
    );
    assert_eq!(
        db.of_path(&dir.path().join("config.json")).expect("type"),
        "application/json"
    );
}

#[test]
fn content_is_read_only_where_allowed() {
    let db = MimeDb::load();
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("words"), b"just some words\n").expect("write");
    std::fs::write(dir.path().join("big.bin"), [0u8, 159, 146, 150, 7, 1, 2, 3]).expect("write");
    assert_eq!(
        db.of_entry(dir.path(), b"words", file(16, true)),
        "text/plain"
    );
    // On a network share the caller forbids reading: the name alone decides.
    assert_eq!(
        db.of_entry(dir.path(), b"words", file(16, false)),
        "application/octet-stream"
    );
    // Random data is not a program because of its name.
    assert_eq!(
        db.of_entry(dir.path(), b"big.bin", file(8, true)),
        "application/octet-stream"
    );
    let folder = Facts {
        kind: Kind::Dir,
        size: 4096,
        sniff: true,
    };
    assert_eq!(
        db.of_entry(dir.path(), b"any.png", folder),
        "inode/directory"
    );
}

#[test]
fn descriptions_in_the_wanted_language_and_icon_names() {
    let db = MimeDb::load();
    let de = vec!["de_DE".to_owned(), "de".to_owned()];
    assert_eq!(
        db.description("image/png", &de).as_deref(),
        Some("PNG-Bild")
    );
    assert_eq!(
        db.description("image/png", &[]).as_deref(),
        Some("PNG image")
    );
    // An alias is described as the type it stands for.
    assert_eq!(
        db.description("application/x-pdf", &[]).as_deref(),
        Some("PDF document")
    );
    assert_eq!(db.description("application/x-no-such-type", &[]), None);
    let icons = db.icon_names("image/png");
    assert!(icons.contains(&"image-png".to_owned()), "{icons:?}");
    assert_eq!(icons.last().map(String::as_str), Some("image-x-generic"));
    assert!(db.is_a("application/x-shellscript", "text/plain"));
    assert!(!db.is_a("image/png", "text/plain"));
}
