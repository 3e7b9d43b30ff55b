//! Archives of every format the engine reads, made by the real tools (zip, tar with each
//! compressor, gzip, bzip2, xz, zstd, lz4, 7z where installed, and Python's zipfile for
//! the zip methods and an old CP437 name), each read back through `each_entry` with the
//! right names, kinds, sizes and contents; locked zips and 7z asking for their password.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use porpoise_engine::archive::list::{Format, Kind, format_of, list};
use porpoise_engine::archive::read::{Flow, ReadOptions, each_entry};
use porpoise_testkit::archives::{self, Entry, Got, read_back, read_locked, seven_zip};
use porpoise_testkit::{have, sh, skip};

/// A small tree in `dir`/src: a text file, a binary one in a folder, an empty file.
fn tree(dir: &Path) -> PathBuf {
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("sub")).expect("mkdir");
    std::fs::write(src.join("a.txt"), "hello archive\n".repeat(300)).expect("write");
    let bin: Vec<u8> = (0..20_000u32).map(|i| (i * 7 % 251) as u8).collect();
    std::fs::write(src.join("sub/b.bin"), bin).expect("write");
    std::fs::write(src.join("empty"), "").expect("write");
    src
}

/// The tree's entries as `read_back` should find them, under `src/`.
fn check_tree(found: &BTreeMap<Vec<u8>, Got>, sizes_stated: bool) {
    let a = &found[&b"src/a.txt".to_vec()];
    assert_eq!(a.kind, Kind::File);
    assert_eq!(a.data, "hello archive\n".repeat(300).as_bytes());
    if sizes_stated {
        assert_eq!(a.size, a.data.len() as u64);
    }
    let b = &found[&b"src/sub/b.bin".to_vec()];
    assert_eq!(b.data.len(), 20_000);
    assert_eq!(b.data[7], 49);
    assert_eq!(found[&b"src/empty".to_vec()].data, b"");
    assert_eq!(found[&b"src/sub".to_vec()].kind, Kind::Folder);
}

/// `name` in `dir`, made by the script `make` (which runs `tool`) and told by its first
/// bytes as `format`; `None` (skipped) without the tool.
fn made_by(dir: &Path, tool: &str, name: &str, make: &str, format: Format) -> Option<PathBuf> {
    if !have(tool) {
        skip(&format!("{tool} is needed for {name}"));
        return None;
    }
    assert!(sh(dir, make), "{make}");
    let path = dir.join(name);
    assert_eq!(format_of(&path).expect("format"), Some(format), "{name}");
    Some(path)
}

#[test]
fn tars_with_each_compression_read_alike() {
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let cases: &[(&str, &str, &str, Format)] = &[
        ("tar", "t.tar", "tar -cf t.tar src", Format::Tar),
        (
            "tar",
            "v7.tar",
            "tar --format=v7 -cf v7.tar src",
            Format::Tar,
        ),
        ("gzip", "t.tar.gz", "tar -czf t.tar.gz src", Format::TarGzip),
        (
            "bzip2",
            "t.tar.bz2",
            "tar -cjf t.tar.bz2 src",
            Format::TarBzip2,
        ),
        ("xz", "t.tar.xz", "tar -cJf t.tar.xz src", Format::TarXz),
        (
            "zstd",
            "t.tar.zst",
            "tar --zstd -cf t.tar.zst src",
            Format::TarZstd,
        ),
        (
            "lz4",
            "t.tar.lz4",
            "tar -cf - src | lz4 -q -c > t.tar.lz4",
            Format::TarLz4,
        ),
        // Named as anything: the first bytes tell.
        ("xz", "t.bin", "tar -cf - src | xz > t.bin", Format::TarXz),
    ];
    for (tool, name, make, format) in cases {
        let Some(path) = made_by(dir.path(), tool, name, make, *format) else {
            continue;
        };
        check_tree(&read_back(&path, None).expect(name), true);
    }
}

#[test]
fn single_compressed_files_are_one_file_named_without_the_extension() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = "a line of notes\n".repeat(1000);
    std::fs::write(dir.path().join("notes.txt"), &text).expect("write");
    let cases: &[(&str, &str, &str, Format, bool)] = &[
        (
            "gzip",
            "notes.txt.gz",
            "gzip -k notes.txt",
            Format::Gzip,
            false,
        ),
        (
            "bzip2",
            "notes.txt.bz2",
            "bzip2 -k notes.txt",
            Format::Bzip2,
            false,
        ),
        ("xz", "notes.txt.xz", "xz -k notes.txt", Format::Xz, true),
        (
            "zstd",
            "notes.txt.zst",
            "zstd -q notes.txt",
            Format::Zstd,
            true,
        ),
        (
            "lz4",
            "notes.txt.lz4",
            "lz4 -q notes.txt notes.txt.lz4",
            Format::Lz4,
            false,
        ),
    ];
    for (tool, name, make, format, sized) in cases {
        let Some(path) = made_by(dir.path(), tool, name, make, *format) else {
            continue;
        };
        let found = read_back(&path, None).expect(name);
        let keys: Vec<_> = found.keys().cloned().collect();
        assert_eq!(keys, [b"notes.txt".to_vec()], "{name}");
        let Got {
            kind, size, data, ..
        } = &found[&b"notes.txt".to_vec()];
        assert_eq!(*kind, Kind::File);
        assert_eq!(data, text.as_bytes(), "{name}");
        assert_eq!(*size, if *sized { text.len() as u64 } else { 0 }, "{name}");
        let listed = list(&path, 10).expect("list");
        assert_eq!(listed.entries[0].path, PathBuf::from("notes.txt"));
    }
}

const PY_ZIPS: &str = r#"
import sys, zipfile, os
d = sys.argv[1]
data = b"zip methods " * 500
for name, method in [("stored", zipfile.ZIP_STORED), ("deflate", zipfile.ZIP_DEFLATED),
                     ("bzip2", zipfile.ZIP_BZIP2), ("lzma", zipfile.ZIP_LZMA)]:
    with zipfile.ZipFile(os.path.join(d, name + ".zip"), "w", method) as z:
        z.writestr("dir/", "")
        z.writestr("dir/data.txt", data)
        z.writestr("caf\u00e9 utf8.txt", b"flagged")
# An old zip: a name in CP437 ("é" is 0x82), the UTF-8 flag clear.
zipfile.ZipInfo._encodeFilenameFlags = lambda self: (self.filename.encode("cp437"), self.flag_bits & ~0x800)
with zipfile.ZipFile(os.path.join(d, "dos.zip"), "w") as z:
    z.writestr("caf\u00e9.txt", b"dos")
"#;

#[test]
fn zips_with_each_method_and_old_names_read() {
    let dir = tempfile::tempdir().expect("tempdir");
    let ok = Command::new("python3")
        .args(["-c", PY_ZIPS])
        .arg(dir.path())
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        skip("python3 is needed to make the zips");
        return;
    }
    let data = "zip methods ".repeat(500);
    for method in ["stored", "deflate", "bzip2", "lzma"] {
        let path = dir.path().join(format!("{method}.zip"));
        assert_eq!(format_of(&path).expect("format"), Some(Format::Zip));
        let found = read_back(&path, None).expect(method);
        let got = &found[&b"dir/data.txt".to_vec()];
        assert_eq!(
            (&got.kind, got.size),
            (&Kind::File, data.len() as u64),
            "{method}"
        );
        assert_eq!(got.data, data.as_bytes(), "{method}");
        assert_eq!(found[&b"dir".to_vec()].kind, Kind::Folder);
        assert_eq!(found["café utf8.txt".as_bytes()].data, b"flagged");
    }
    let found = read_back(&dir.path().join("dos.zip"), None).expect("dos");
    let names: Vec<_> = found.keys().cloned().collect();
    assert_eq!(names, ["café.txt".as_bytes().to_vec()]);
}

#[test]
fn a_zip_made_by_zip_reads_with_its_links_and_modes() {
    if !have("zip") {
        skip("zip is needed");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let src = tree(dir.path());
    std::os::unix::fs::symlink("a.txt", src.join("link")).expect("symlink");
    assert!(sh(dir.path(), "zip -qry t.zip src"));
    let path = dir.path().join("t.zip");
    let found = read_back(&path, None).expect("zip");
    check_tree(&found, true);
    let link = &found[b"src/link".as_slice()];
    assert_eq!(
        (&link.kind, link.link.as_deref()),
        (&Kind::Symlink, Some(b"a.txt".as_slice()))
    );
}

#[test]
fn a_locked_zip_asks_for_its_password() {
    if !have("zip") {
        skip("zip is needed");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    assert!(sh(dir.path(), "zip -qr -P secret t.zip src"));
    let path = dir.path().join("t.zip");
    // Listing needs no password.
    assert!(list(&path, 100).expect("list").entries.len() >= 4);
    check_tree(&read_locked(&path, "secret", "wrong one"), true);
}

/// The tree made into `t.7z` by 7-Zip with `switches`; `None` (skipped) without 7-Zip.
fn seven_zipped(switches: &str) -> Option<(tempfile::TempDir, PathBuf)> {
    let Some(tool) = seven_zip() else {
        skip("7z (7zip) is needed");
        return None;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let make = format!("{tool} a -bd -bso0 {switches} t.7z src");
    assert!(sh(dir.path(), &make), "{make}");
    let path = dir.path().join("t.7z");
    Some((dir, path))
}

#[test]
fn a_7z_made_by_7zip_reads_with_folders_empty_files_and_times() {
    let Some((_dir, path)) = seven_zipped("") else {
        return;
    };
    assert_eq!(format_of(&path).expect("format"), Some(Format::SevenZ));
    check_tree(&read_back(&path, None).expect("7z"), true);
    let l = list(&path, 100).expect("list");
    let a = l
        .entries
        .iter()
        .find(|e| e.path == Path::new("src/a.txt"))
        .expect("a.txt listed");
    assert!(a.mtime > 1_600_000_000, "{}", a.mtime);
}

#[test]
fn a_locked_7z_asks_for_its_password() {
    // -mhe: the names are locked too.
    let Some((_dir, path)) = seven_zipped("-psecret -mhe=on") else {
        return;
    };
    check_tree(&read_locked(&path, "secret", "wrong one"), true);
}

#[test]
fn a_zip_claiming_an_enormous_entry_does_not_allocate_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("huge.zip");
    archives::stored_zip(&path, &[Entry::file("big.bin", "only a little")]);
    let mut b = std::fs::read(&path).expect("read");
    // The uncompressed size, in the local header (at 22) and the central one (at 24 past it).
    let huge = 0xFFFF_FFF0u32.to_le_bytes();
    b[22..26].copy_from_slice(&huge);
    let c = b
        .windows(4)
        .position(|w| w == b"PK\x01\x02")
        .expect("a central header");
    b[c + 24..c + 28].copy_from_slice(&huge);
    std::fs::write(&path, b).expect("write");
    let mut got = Vec::new();
    let r = each_entry(
        &path,
        ReadOptions {
            content: true,
            password: None,
        },
        &mut |head, content| {
            assert_eq!(head.size, 0xFFFF_FFF0);
            let mut buf = [0u8; 4096];
            while let Ok(n) = content.read(&mut buf) {
                if n == 0 || got.len() > 1 << 20 {
                    break;
                }
                got.extend_from_slice(&buf[..n]);
            }
            Flow::Next
        },
    );
    // Either the reader failed or it gave what is there: never gigabytes.
    assert!(got.len() <= 64, "{} bytes read", got.len());
    let _ = r;
}
