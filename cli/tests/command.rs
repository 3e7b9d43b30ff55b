//! The `porpoise` command people run from a shell: built from the engine alone, so no
//! window library is loaded when it starts; it still does the work and reports its version.
//! (Starting the window through it is the top-level tests/window_smoke.rs.)

use porpoise_testkit::trees::new_folder;
use std::path::Path;
use std::process::Command;

const PORPOISE: &str = env!("CARGO_BIN_EXE_porpoise");

/// Names of the window's libraries as they appear in a binary that loads them.
const WINDOW_LIBRARIES: [&[u8]; 2] = [b"libX11.so", b"libxkbcommon"];

fn mentions(binary: &[u8], what: &[u8]) -> bool {
    binary.windows(what.len()).any(|w| w == what)
}

#[test]
fn the_command_has_no_window_libraries_in_it() {
    let command = std::fs::read(PORPOISE).expect("read the command");
    // The window binary (built beside it by `cargo test` at the top) loads them: the check
    // can tell.
    let window = Path::new(PORPOISE).with_file_name("porpoise-window");
    let window = std::fs::read(&window).ok();
    if window.is_none() {
        eprintln!("porpoise-window is not built beside porpoise: checking the command alone");
    }
    for lib in WINDOW_LIBRARIES {
        let name = String::from_utf8_lossy(lib);
        if let Some(window) = &window {
            assert!(mentions(window, lib), "porpoise-window names no {name}");
        }
        assert!(!mentions(&command, lib), "porpoise names {name}");
    }
}

#[test]
fn the_command_copies_and_says_its_version() {
    let version = porpoise_testkit::run(Command::new(PORPOISE).arg("--version"));
    assert_eq!(
        version.trim(),
        format!("porpoise {}", env!("CARGO_PKG_VERSION"))
    );

    let t = tempfile::tempdir().expect("tempdir");
    let src = t.path().join("src");
    std::fs::create_dir_all(src.join("inner")).expect("mkdir");
    std::fs::write(src.join("inner/a.txt"), b"alpha").expect("write");
    let dest = new_folder(t.path(), "dest");
    porpoise_testkit::run(
        Command::new(PORPOISE)
            .args(["copy", "--progress=none"])
            .arg(&src)
            .arg(&dest),
    );
    assert_eq!(
        std::fs::read(dest.join("src/inner/a.txt")).expect("copied"),
        b"alpha"
    );
}
