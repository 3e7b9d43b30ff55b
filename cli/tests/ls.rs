//! `porpoise ls` through the real binary: `-lh` writes sizes as GNU `ls -lh` does (checked
//! against the real `ls` when it is GNU's), `-l` shows where symlinks point, and `--help`
//! is still help while `-h` is not.

use porpoise_testkit::trees::new_folder;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Output};

const PORPOISE: &str = env!("CARGO_BIN_EXE_porpoise");

fn porpoise(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(PORPOISE)
        .args(args)
        .output()
        .expect("run porpoise")
}

/// What a successful `porpoise ls` wrote (UTF-8: names are escaped).
fn ok(o: &Output) -> String {
    porpoise_testkit::succeeded(o, "porpoise ls")
}

/// Sizes around the edges of GNU's rounding, and what `ls -lh` writes for them.
const SIZES: [(u64, &str); 17] = [
    (0, "0"),
    (1, "1"),
    (1023, "1023"),
    (1024, "1.0K"),
    (1025, "1.1K"),
    (1536, "1.5K"),
    (10 * 1024 - 1, "10K"),
    (10 * 1024, "10K"),
    (10 * 1024 + 1, "11K"),
    (1023 * 1024, "1023K"),
    (1024 * 1024 - 1, "1.0M"),
    (1024 * 1024, "1.0M"),
    (5 * 1024 * 1024 / 2, "2.5M"),
    (5 * 1024 * 1024 / 2 + 1, "2.6M"),
    (1024 * 1024 + 1, "1.1M"),
    (1 << 30, "1.0G"),
    (17 << 30, "17G"),
];

/// More sizes, across magnitudes, for the check against the real `ls` (a sparse file
/// each): around every power of two up to 1 TiB and a spread between.
fn more_sizes() -> Vec<u64> {
    let mut sizes = Vec::new();
    for k in 1..=40 {
        let p = 1u64 << k;
        sizes.extend([p - 1, p + 1, p / 3 * 2 + 7, p / 10 * 9 + 13]);
    }
    sizes.sort_unstable();
    sizes.dedup();
    sizes
}

/// Name to size column of a long listing whose size is field `size_at` and whose name is
/// the rest of the line after the time.
/// `porpoise ls` with `flags` on `dir`: its sizes by name.
fn our_sizes(dir: &Path, flags: &[&str]) -> Vec<(String, String)> {
    let mut args: Vec<&std::ffi::OsStr> = vec!["ls".as_ref()];
    args.extend(flags.iter().map(std::ffi::OsStr::new));
    args.push(dir.as_os_str());
    sizes_by_name(&ok(&porpoise(&args)), 1, 4)
}

fn sizes_by_name(listing: &str, size_at: usize, name_at: usize) -> Vec<(String, String)> {
    listing
        .lines()
        .filter(|l| !l.starts_with("total "))
        .map(|l| {
            let fields: Vec<&str> = l.split_whitespace().collect();
            (fields[name_at].to_owned(), fields[size_at].to_owned())
        })
        .collect()
}

fn is_gnu_ls() -> bool {
    Command::new("ls")
        .arg("--version")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("GNU coreutils"))
}

/// A sparse file of `bytes` (it costs no disk) named `s<bytes>`.
fn sized(dir: &Path, bytes: u64) {
    let f = std::fs::File::create(dir.join(format!("s{bytes}"))).expect("create");
    f.set_len(bytes).expect("set the size");
}

#[test]
fn ls_lh_writes_sizes_as_gnu_ls_does() {
    let t = tempfile::tempdir().expect("tempdir");
    for (bytes, _) in SIZES {
        sized(t.path(), bytes);
    }
    let ours = our_sizes(t.path(), &["-lh"]);
    assert_eq!(ours.len(), SIZES.len(), "{ours:?}");
    for (bytes, want) in SIZES {
        let name = format!("s{bytes}");
        let got = ours.iter().find(|(n, _)| *n == name).expect("listed");
        assert_eq!(got.1, want, "{bytes} bytes");
    }

    // The separate flags mean the same; -l alone keeps bytes.
    let apart = our_sizes(t.path(), &["-l", "-h"]);
    assert_eq!(apart, ours);
    let bytes = our_sizes(t.path(), &["-l"]);
    assert!(
        bytes.contains(&("s1536".to_owned(), "1536".to_owned())),
        "{bytes:?}"
    );

    if !is_gnu_ls() {
        eprintln!("`ls` is not GNU's here: checked against the table alone");
        return;
    }
    for bytes in more_sizes() {
        sized(t.path(), bytes);
    }
    let ours = our_sizes(t.path(), &["-lh"]);
    let gnu = Command::new("ls")
        .arg("-lh")
        .arg(t.path())
        .env("LC_ALL", "C")
        .output()
        .expect("run ls -lh");
    let gnu = sizes_by_name(&ok(&gnu), 4, 8);
    assert!(gnu.len() > SIZES.len() + 100, "{gnu:?}");
    assert_eq!(gnu.len(), ours.len());
    for (name, size) in &gnu {
        let got = ours
            .iter()
            .find(|(n, _)| n == name)
            .expect("listed by both");
        assert_eq!(&got.1, size, "{name}: ls -lh says {size}");
    }
}

#[test]
fn ls_help_is_long_only_and_the_command_keeps_both() {
    let help = ok(&porpoise(&["ls".as_ref(), "--help".as_ref()]));
    assert!(help.contains("Usage:"), "{help}");
    assert!(help.contains("-h"), "help names -h: {help}");
    assert!(help.contains("--help"), "{help}");

    let t = tempfile::tempdir().expect("tempdir");
    std::fs::write(t.path().join("one.txt"), b"1").expect("write");
    let listed = ok(&porpoise(&[
        "ls".as_ref(),
        "-h".as_ref(),
        t.path().as_os_str(),
    ]));
    assert_eq!(
        listed, "one.txt\n",
        "-h alone is not help and changes nothing"
    );

    // The command itself and its other subcommands keep -h as help.
    for args in [
        &["-h"][..],
        &["--help"],
        &["mounts", "-h"],
        &["trash", "--help"],
    ] {
        let out = Command::new(PORPOISE)
            .args(args)
            .output()
            .expect("run porpoise");
        assert!(ok(&out).contains("Usage:"), "{args:?}");
    }
}

#[test]
fn ls_l_shows_where_symlinks_point() {
    let t = tempfile::tempdir().expect("tempdir");
    let d = t.path();
    std::fs::write(d.join("target.txt"), b"data").expect("write");
    std::os::unix::fs::symlink("target.txt", d.join("link")).expect("symlink");
    std::os::unix::fs::symlink("nowhere/x", d.join("broken")).expect("symlink");
    std::os::unix::fs::symlink(d, d.join("absolute")).expect("symlink");
    std::os::unix::fs::symlink(std::ffi::OsStr::from_bytes(b"caf\xe9 two"), d.join("odd"))
        .expect("symlink");

    let long = ok(&porpoise(&["ls".as_ref(), "-l".as_ref(), d.as_os_str()]));
    let ends = |suffix: &str| {
        assert!(
            long.lines().any(|l| l.ends_with(suffix)),
            "no line ends with {suffix:?}:\n{long}"
        );
    };
    ends(" link -> target.txt");
    ends(" broken -> nowhere/x");
    ends(&format!(" absolute -> {}", d.display()));
    ends(" odd -> caf\\xe9 two");
    ends(" target.txt");
    let link = long
        .lines()
        .find(|l| l.contains(" link -> "))
        .expect("link");
    assert!(link.starts_with('l'), "{link}");
    assert_eq!(long.matches(" -> ").count(), 4, "{long}");

    let human = ok(&porpoise(&["ls".as_ref(), "-lh".as_ref(), d.as_os_str()]));
    assert!(
        human.lines().any(|l| l.ends_with(" link -> target.txt")),
        "{human}"
    );

    // Names alone without -l.
    let short = ok(&porpoise(&["ls".as_ref(), d.as_os_str()]));
    assert_eq!(short, "absolute\nbroken\nlink\nodd\ntarget.txt\n");
    lists_a_folder_given_through_a_symlink(d);
}

/// A folder given through a symlink lists the folder (targets read relative to it).
fn lists_a_folder_given_through_a_symlink(d: &Path) {
    let inner = new_folder(d, "inner");
    std::os::unix::fs::symlink("../target.txt", inner.join("up")).expect("symlink");
    std::os::unix::fs::symlink("inner", d.join("via")).expect("symlink");
    let long = ok(&porpoise(&[
        "ls".as_ref(),
        "-l".as_ref(),
        d.join("via").as_os_str(),
    ]));
    assert!(
        long.lines().any(|l| l.ends_with(" up -> ../target.txt")),
        "{long}"
    );
}
