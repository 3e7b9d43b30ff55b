//! Applications that record how they were run, for tests of opening files: each a desktop
//! entry whose `Exec` is a script that writes its arguments to a file of its own, and the
//! wait for those files.

use std::ffi::OsString;
use std::fs;
use std::os::unix::ffi::OsStringExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use crate::{PATIENCE, wait_for};

/// The system's MIME database (shared-mime-info): the types a private desktop knows.
pub const MIME_DB: &str = "/usr/share/mime";

/// Give a private desktop in `root` the system's types but none of its applications:
/// the MIME database linked at `root/sys/mime`, for `XDG_DATA_DIRS=root/sys`.
pub fn link_system_types(root: &Path) {
    let sys = root.join("sys");
    fs::create_dir_all(&sys).expect("mkdir sys");
    std::os::unix::fs::symlink(MIME_DB, sys.join("mime")).expect("link the MIME database");
}

/// A private desktop's folders for recording applications: scripts, entries, records.
pub struct Recorders {
    pub bin: PathBuf,
    pub applications: PathBuf,
    pub records: PathBuf,
}

impl Recorders {
    /// Install the application `name` (ID `id`) for `mimes`, whose script records its runs.
    pub fn app(&self, id: &str, name: &str, mimes: &str, codes: &str, extra: &str) {
        // The script `bin/<id>` writes its arguments (NUL-separated) to
        // `records/<id>.<pid>`; the entry runs it followed by `codes`, with the whole
        // lines `extra` before its `Exec`.
        let script = self.bin.join(id);
        fs::write(
            &script,
            format!(
                "#!/bin/sh\nout='{}/{id}'.$$\nprintf '%s\\0' \"$@\" > \"$out.tmp\" && mv \"$out.tmp\" \"$out\"\n",
                self.records.display()
            ),
        )
        .expect("write");
        fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).expect("chmod");
        fs::write(
            self.applications.join(format!("{id}.desktop")),
            format!(
                "[Desktop Entry]\nType=Application\nName={name}\n{extra}Exec={} {codes}\nMimeType={mimes}\n",
                script.display()
            ),
        )
        .expect("write");
    }

    /// Wait for `count` runs of `id` (no more); their arguments, in the folder's order.
    pub fn runs(&self, id: &str, count: usize) -> Vec<Vec<OsString>> {
        let found = wait_for(&format!("{count} runs of {id}"), PATIENCE, || {
            let found: Vec<PathBuf> = fs::read_dir(&self.records)
                .expect("records")
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| {
                    let n = p.file_name().map(|n| n.to_string_lossy().into_owned());
                    n.is_some_and(|n| n.starts_with(&format!("{id}.")) && !n.ends_with(".tmp"))
                })
                .collect();
            (found.len() >= count).then_some(found)
        });
        assert_eq!(found.len(), count, "runs of {id}: {found:?}");
        found
            .iter()
            .map(|p| {
                fs::read(p)
                    .expect("a record")
                    .split(|&b| b == 0)
                    .filter(|a| !a.is_empty())
                    .map(|a| OsString::from_vec(a.to_vec()))
                    .collect()
            })
            .collect()
    }
}
