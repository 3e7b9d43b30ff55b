//! Archives made by `compress` from a real tree, in each format: checked by the real tools
//! (unzip, tar with each compressor, 7z where installed) and read back through
//! `each_entry` with the same names, kinds and contents; a password zip and 7z locked; a
//! stop leaving nothing; an archive already there refused untouched; a 7z whose header
//! claims an enormous size refused without allocating it.

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use porpoise_engine::archive::compress::{
    CompressError, CompressOptions, Compressed, OutFormat, compress,
};
use porpoise_engine::archive::list::Kind;
use porpoise_engine::archive::read::ReadError;
use porpoise_testkit::archives::{self, Got, read_back, read_locked, seven_zip};
use porpoise_testkit::trees::{chmod, fifo};
use porpoise_testkit::{have, sh, skip};

/// A tree in `dir`/photos: files big and small, an empty one, a folder, a link, a fifo.
fn tree(dir: &Path) -> PathBuf {
    let src = dir.join("photos");
    std::fs::create_dir_all(src.join("2026/raw")).expect("mkdir");
    std::fs::write(src.join("a.txt"), "some text\n".repeat(5000)).expect("write");
    let big: Vec<u8> = (0..3_000_000u32).map(|i| (i * 31 % 253) as u8).collect();
    std::fs::write(src.join("2026/big.bin"), big).expect("write");
    std::fs::write(src.join("2026/raw/empty"), "").expect("write");
    std::fs::write(src.join("run.sh"), "#!/bin/sh\n").expect("write");
    chmod(&src.join("run.sh"), 0o755);
    std::os::unix::fs::symlink("a.txt", src.join("link")).expect("symlink");
    fifo(&src.join("fifo"), 0o644);
    src
}

/// The tree's entries as read back from its archive.
fn check_back(found: &BTreeMap<Vec<u8>, Got>, dir: &Path) {
    for name in ["a.txt", "2026/big.bin", "2026/raw/empty", "run.sh"] {
        let key = format!("photos/{name}");
        let got = found
            .get(key.as_bytes())
            .unwrap_or_else(|| panic!("{key} missing"));
        assert_eq!(got.kind, Kind::File, "{key}");
        let want = std::fs::read(dir.join("photos").join(name)).expect("read");
        assert!(got.data == want, "{key}: content differs");
    }
    assert_eq!(found[b"photos/run.sh".as_slice()].mode, Some(0o755));
    assert_eq!(found[b"photos/2026/raw".as_slice()].kind, Kind::Folder);
    let link = &found[b"photos/link".as_slice()];
    assert_eq!(link.kind, Kind::Symlink);
    assert_eq!(link.link.as_deref(), Some(b"a.txt".as_slice()));
    assert!(!found.contains_key(b"photos/fifo".as_slice()));
}

fn options(format: OutFormat) -> CompressOptions {
    CompressOptions {
        format,
        level: None,
        password: None,
    }
}

#[test]
fn each_format_is_made_checked_by_its_tool_and_read_back() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = tree(dir.path());
    let cases: &[(&str, &str, Option<&str>)] = &[
        (
            "x.zip",
            "unzip",
            Some("unzip -tq x.zip && unzip -l x.zip | grep -q photos/2026/big.bin"),
        ),
        (
            "x.tar.gz",
            "gzip",
            Some("tar -tzf x.tar.gz | grep -q photos/2026/big.bin"),
        ),
        (
            "x.tar.xz",
            "xz",
            Some("tar -tJf x.tar.xz | grep -q photos/2026/big.bin"),
        ),
        (
            "x.tar.zst",
            "zstd",
            Some("tar --zstd -tf x.tar.zst | grep -q photos/2026/big.bin"),
        ),
        ("x.7z", "7z", None),
    ];
    for (name, tool, check) in cases {
        let out = dir.path().join(name);
        let format = OutFormat::from_name(OsStr::new(name)).expect("format");
        let mut last = 0;
        let done = compress(
            std::slice::from_ref(&src),
            &out,
            &options(format),
            &mut |n| {
                last = n;
                true
            },
        )
        .expect(name);
        assert_eq!(
            done,
            Compressed {
                files: 4,
                folders: 3,
                links: 1,
                skipped: 1,
                bytes: 3_050_010,
            },
            "{name}"
        );
        assert!(last > 3_000_000, "{name}: progress reached {last}");
        match check {
            Some(script) if have(tool) => assert!(sh(dir.path(), script), "{script}"),
            Some(_) => skip(&format!("{tool} is needed to check {name}")),
            None => match seven_zip() {
                Some(t) => assert!(sh(dir.path(), &format!("{t} t -bd -bso0 {name}"))),
                None => skip("7z (7zip) is needed to check x.7z"),
            },
        }
        check_back(&read_back(&out, None).expect(name), dir.path());
    }
    // Nothing but the archives was left beside them.
    let mut names: Vec<_> = std::fs::read_dir(dir.path())
        .expect("dir")
        .map(|e| e.expect("entry").file_name())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "photos",
            "x.7z",
            "x.tar.gz",
            "x.tar.xz",
            "x.tar.zst",
            "x.zip"
        ]
    );
}

#[test]
fn a_tar_keeps_names_that_are_not_utf8() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path().join("docs");
    std::fs::create_dir(&src).expect("mkdir");
    let odd = OsStr::from_bytes(b"caf\xe9.txt");
    std::fs::write(src.join(odd), "latin-1").expect("write");
    let out = dir.path().join("d.tar.zst");
    compress(&[src], &out, &options(OutFormat::TarZst), &mut |_| true).expect("compress");
    let found = read_back(&out, None).expect("read");
    assert_eq!(found[b"docs/caf\xe9.txt".as_slice()].data, b"latin-1");
}

#[test]
fn locked_archives_need_their_password() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = tree(dir.path());
    for (name, format) in [("l.zip", OutFormat::Zip), ("l.7z", OutFormat::SevenZ)] {
        let out = dir.path().join(name);
        let opts = CompressOptions {
            password: Some("pw".into()),
            ..options(format)
        };
        compress(std::slice::from_ref(&src), &out, &opts, &mut |_| true).expect(name);
        check_back(&read_locked(&out, "pw", "nope"), dir.path());
    }
    // Info-ZIP's unzip 6 reads ZipCrypto only; 7-Zip reads AES.
    if let Some(t) = seven_zip() {
        assert!(sh(dir.path(), &format!("{t} t -bd -bso0 -ppw l.zip")));
        assert!(sh(dir.path(), &format!("{t} t -bd -bso0 -ppw l.7z")));
    } else if have("unzip") {
        let out = Command::new("unzip")
            .args(["-P", "pw", "-t", "l.zip"])
            .current_dir(dir.path())
            .output()
            .expect("unzip");
        let said = String::from_utf8_lossy(&out.stdout);
        if said.contains("need PK compat. v5.1")
            || said.contains("unsupported compression method 99")
        {
            skip("unzip here cannot open AES zips; 7z (7zip) is needed to check l.zip");
        } else {
            assert!(out.status.success(), "{said}");
        }
    } else {
        skip("7z (7zip) is needed to check the locked archives");
    }
}

#[test]
fn a_password_is_refused_where_the_format_has_none() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = tree(dir.path());
    let out = dir.path().join("x.tar.gz");
    let opts = CompressOptions {
        password: Some("pw".into()),
        ..options(OutFormat::TarGz)
    };
    assert!(matches!(
        compress(&[src], &out, &opts, &mut |_| true),
        Err(CompressError::NoPassword {
            format: OutFormat::TarGz
        })
    ));
    assert!(!out.exists());
}

#[test]
fn a_stop_leaves_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = tree(dir.path());
    for name in ["s.zip", "s.tar.gz", "s.tar.xz", "s.tar.zst", "s.7z"] {
        let out = dir.path().join(name);
        let format = OutFormat::from_name(OsStr::new(name)).expect("format");
        let r = compress(
            std::slice::from_ref(&src),
            &out,
            &options(format),
            &mut |n| n < 1_000_000,
        );
        assert!(
            matches!(r, Err(CompressError::Stopped { .. })),
            "{name}: {r:?}"
        );
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .expect("dir")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(left, ["photos"], "{name}");
    }
}

#[test]
fn an_archive_already_there_is_refused_untouched() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = tree(dir.path());
    let out = dir.path().join("x.zip");
    std::fs::write(&out, "mine").expect("write");
    let r = compress(&[src], &out, &options(OutFormat::Zip), &mut |_| true);
    assert!(matches!(r, Err(CompressError::Exists { .. })), "{r:?}");
    assert_eq!(std::fs::read(&out).expect("read"), b"mine");
}

#[test]
fn a_7z_claiming_an_enormous_header_is_refused_without_allocating_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path().join("one");
    std::fs::create_dir(&src).expect("mkdir");
    std::fs::write(src.join("f"), "x").expect("write");
    let out = dir.path().join("h.7z");
    compress(&[src], &out, &options(OutFormat::SevenZ), &mut |_| true).expect("7z");
    let mut b = std::fs::read(&out).expect("read");
    // The start header (12..32): next header offset, size, CRC; its own CRC at 8.
    b[20..28].copy_from_slice(&(1u64 << 40).to_le_bytes());
    let crc = archives::crc32(&b[12..32]);
    b[8..12].copy_from_slice(&crc.to_le_bytes());
    std::fs::write(&out, b).expect("write");
    assert!(matches!(
        read_back(&out, None),
        Err(ReadError::Damaged { .. })
    ));
}
