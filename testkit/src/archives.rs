//! Archives the tests make and read back: zips (deflated, stored, or locked with AES-256)
//! and tars (plain, in gzip or in xz) of the entries a test lists, names written as given
//! (names that climb out or start at `/` too, as hostile archives hold them), with links,
//! a device node, modes and times; one file in gzip; every entry of an archive read back
//! through the engine; a CRC-32 for headers a test alters; and the 7-Zip command, where
//! installed.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use porpoise_engine::archive::list::Kind;
use porpoise_engine::archive::read::{Flow, ReadError, ReadOptions, each_entry};
use zip::write::SimpleFileOptions;

/// The time entries get unless told (2023-11-14 22:13:20 UTC).
pub const MTIME: u64 = 1_700_000_000;

/// One entry of an archive to make.
#[derive(Debug, Clone)]
pub struct Entry {
    name: String,
    what: What,
    mode: u32,
    mtime: u64,
}

#[derive(Debug, Clone)]
enum What {
    File(Vec<u8>),
    Folder,
    Link(String),
    CharDevice,
}

impl Entry {
    /// A file `name` holding `data`, mode 0644.
    pub fn file(name: &str, data: impl Into<Vec<u8>>) -> Entry {
        Entry::new(name, What::File(data.into()), 0o644)
    }

    /// A folder (written as `name/`), mode 0755.
    pub fn folder(name: &str) -> Entry {
        Entry::new(name, What::Folder, 0o755)
    }

    /// A symbolic link `name` to `target`.
    pub fn link(name: &str, target: &str) -> Entry {
        Entry::new(name, What::Link(target.to_owned()), 0o777)
    }

    /// A character device node (tar only).
    pub fn char_device(name: &str) -> Entry {
        Entry::new(name, What::CharDevice, 0o644)
    }

    fn new(name: &str, what: What, mode: u32) -> Entry {
        Entry {
            name: name.to_owned(),
            what,
            mode,
            mtime: MTIME,
        }
    }

    /// With the permission bits (and setuid, setgid, sticky) `mode`.
    pub fn mode(self, mode: u32) -> Entry {
        Entry { mode, ..self }
    }

    /// With the modification time `secs` (seconds since 1970; tars only, a zip's entries
    /// all have [`MTIME`]).
    pub fn mtime(self, secs: u64) -> Entry {
        Entry {
            mtime: secs,
            ..self
        }
    }
}

/// A zip at `path` of `entries`, deflated.
pub fn zip(path: &Path, entries: &[Entry]) {
    write_zip(path, entries, zip::CompressionMethod::Deflated, None);
}

/// A zip at `path` of `entries`, stored as they are.
pub fn stored_zip(path: &Path, entries: &[Entry]) {
    write_zip(path, entries, zip::CompressionMethod::Stored, None);
}

/// A zip at `path` of `entries`, deflated, its files locked with `password` (AES-256).
pub fn locked_zip(path: &Path, entries: &[Entry], password: &str) {
    write_zip(
        path,
        entries,
        zip::CompressionMethod::Deflated,
        Some(password),
    );
}

fn write_zip(
    path: &Path,
    entries: &[Entry],
    method: zip::CompressionMethod,
    password: Option<&str>,
) {
    // MTIME as a zip (MS-DOS) time.
    let time = zip::DateTime::from_date_and_time(2023, 11, 14, 22, 13, 20).expect("a zip time");
    let file = std::fs::File::create(path).expect("create the zip");
    let mut z = zip::ZipWriter::new(file);
    for e in entries {
        assert_eq!(
            e.mtime, MTIME,
            "{}: the zips made here hold MTIME only",
            e.name
        );
        let options = SimpleFileOptions::default()
            .compression_method(method)
            .unix_permissions(e.mode)
            .last_modified_time(time);
        let made = match &e.what {
            What::File(data) => {
                let options = match password {
                    Some(p) => options.with_aes_encryption(zip::AesMode::Aes256, p),
                    None => options,
                };
                z.start_file(e.name.as_str(), options)
                    .and_then(|()| Ok(z.write_all(data)?))
            }
            What::Folder => z.add_directory(e.name.as_str(), options),
            What::Link(target) => z.add_symlink(e.name.as_str(), target.as_str(), options),
            What::CharDevice => panic!("a zip holds no device nodes"),
        };
        made.unwrap_or_else(|err| panic!("{} into the zip: {err}", e.name));
    }
    z.finish().expect("finish the zip");
}

/// How a tar is packed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Packing {
    Plain,
    Gzip,
    Xz,
}

/// A tar at `path` of `entries` (ustar headers, each name as given), packed as `packing`
/// says.
pub fn tar(path: &Path, packing: Packing, entries: &[Entry]) {
    let mut t = tar::Builder::new(Vec::new());
    for e in entries {
        let mut h = tar::Header::new_ustar();
        let (kind, data, name): (tar::EntryType, &[u8], String) = match &e.what {
            What::File(data) => (tar::EntryType::Regular, data, e.name.clone()),
            What::Folder => (tar::EntryType::Directory, &[], format!("{}/", e.name)),
            What::Link(target) => {
                h.set_link_name_literal(target)
                    .expect("a short link target");
                (tar::EntryType::Symlink, &[], e.name.clone())
            }
            What::CharDevice => {
                h.set_device_major(0).expect("device");
                h.set_device_minor(0).expect("device");
                (tar::EntryType::Char, &[], e.name.clone())
            }
        };
        let slot = &mut h.as_old_mut().name;
        assert!(name.len() < slot.len(), "{name}: too long for a ustar name");
        slot[..name.len()].copy_from_slice(name.as_bytes());
        h.set_entry_type(kind);
        h.set_size(data.len() as u64);
        h.set_mode(e.mode);
        h.set_mtime(e.mtime);
        h.set_uid(0);
        h.set_gid(0);
        h.set_cksum();
        t.append(&h, data).expect("append to the tar");
    }
    let bytes = t.into_inner().expect("finish the tar");
    let packed = match packing {
        Packing::Plain => bytes,
        Packing::Gzip => gzipped(&bytes),
        Packing::Xz => {
            let options = lzma_rust2::XzOptions::with_preset(6);
            let mut xz = lzma_rust2::XzWriter::new(Vec::new(), options).expect("xz");
            xz.write_all(&bytes).expect("xz");
            xz.finish().expect("xz")
        }
    };
    std::fs::write(path, packed).expect("write the tar");
}

/// One file's `data` at `path`, in gzip.
pub fn gzip(path: &Path, data: &[u8]) {
    std::fs::write(path, gzipped(data)).expect("write the gzip");
}

fn gzipped(data: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(data).expect("gzip");
    gz.finish().expect("gzip")
}

/// The CRC-32 of `data` (as zip, gzip and 7z headers hold it), for tests that alter an
/// archive's header.
pub fn crc32(data: &[u8]) -> u32 {
    let mut crc = flate2::Crc::new();
    crc.update(data);
    crc.sum()
}

/// The 7-Zip command installed, if any.
pub fn seven_zip() -> Option<&'static str> {
    ["7z", "7za", "7zz"].into_iter().find(|t| crate::have(t))
}

/// What an entry read back holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Got {
    pub kind: Kind,
    /// The size its header states.
    pub size: u64,
    pub mode: Option<u32>,
    pub link: Option<Vec<u8>>,
    pub data: Vec<u8>,
}

/// Every entry of `archive` in its order, with its content (read with `password`), each
/// under its raw name without a trailing `/`.
pub fn entries(archive: &Path, password: Option<&str>) -> Result<Vec<(Vec<u8>, Got)>, ReadError> {
    let mut out = Vec::new();
    each_entry(
        archive,
        ReadOptions {
            content: true,
            password: password.map(str::as_bytes),
        },
        &mut |head, content| {
            let mut data = Vec::new();
            content.read_to_end(&mut data).expect("content");
            let name = head.raw_name.strip_suffix(b"/").unwrap_or(&head.raw_name);
            let got = Got {
                kind: head.kind.clone(),
                size: head.size,
                mode: head.mode,
                link: head.link.clone(),
                data,
            };
            out.push((name.to_vec(), got));
            Flow::Next
        },
    )?;
    Ok(out)
}

/// Every entry of `archive`, whose content is locked with `password`: checked first to
/// need a password (none given) and to refuse `wrong`.
pub fn read_locked(archive: &Path, password: &str, wrong: &str) -> BTreeMap<Vec<u8>, Got> {
    let what = archive.display();
    let none = read_back(archive, None);
    assert!(
        matches!(none, Err(ReadError::NeedsPassword { .. })),
        "{what} without a password: {none:?}"
    );
    let refused = read_back(archive, Some(wrong));
    assert!(
        matches!(refused, Err(ReadError::WrongPassword { .. })),
        "{what} with a wrong password: {refused:?}"
    );
    read_back(archive, Some(password)).unwrap_or_else(|e| panic!("{what}: {e:?}"))
}

/// Every entry of `archive` by name ([`entries`]).
pub fn read_back(
    archive: &Path,
    password: Option<&str>,
) -> Result<BTreeMap<Vec<u8>, Got>, ReadError> {
    Ok(entries(archive, password)?.into_iter().collect())
}
