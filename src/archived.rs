//! Archives shown as folders are read-only: what a job may do with entries inside one.
//! A copy out of one archive becomes an extraction of just the picked entries; anything
//! else that would change an archive (a paste or drop into it, a move, a link, trash or
//! delete of its entries) is refused with words for the status bar. Told by name alone
//! (`archive::browse::split`): no disk is read here.

use std::path::{Path, PathBuf};

use porpoise_engine::archive::browse;

use crate::i18n::fl;
use crate::request::{JobKind, JobRequest};

/// Whether `path` is a folder or an entry inside an archive (the archive's top too).
pub fn in_archive(path: &Path) -> bool {
    browse::split(path).is_some()
}

/// The words for a refused change of the archive `path` leads into.
pub fn read_only(path: &Path) -> String {
    let archive = browse::split(path).map_or_else(|| path.to_owned(), |(a, _)| a);
    let name = archive
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    fl!("status-archive-read-only", name = name)
}

/// The job `request` becomes when archives are in it: itself when none is, an
/// extraction of the picked entries (with the pick) for a copy out of one archive, or
/// the words saying why it is refused.
pub fn job_of(request: JobRequest) -> Result<(JobRequest, Option<Vec<PathBuf>>), String> {
    let writes_dest = matches!(
        request.kind,
        JobKind::Copy | JobKind::Move | JobKind::Link | JobKind::Extract
    );
    if writes_dest && in_archive(&request.dest) {
        return Err(read_only(&request.dest));
    }
    // Sources inside an archive (its top itself is a file, not inside).
    let inside: Vec<Option<(PathBuf, PathBuf)>> = request
        .sources
        .iter()
        .map(|s| browse::split(s).filter(|(_, inner)| !inner.as_os_str().is_empty()))
        .collect();
    let Some(Some((archive, _))) = inside.iter().find(|s| s.is_some()).cloned() else {
        return Ok((request, None));
    };
    if request.kind != JobKind::Copy {
        return Err(read_only(&archive));
    }
    let mut pick = Vec::new();
    for s in &inside {
        match s {
            Some((a, inner)) if *a == archive => pick.push(inner.clone()),
            // From two archives, or an archive and the disk: one at a time.
            _ => return Err(fl!("status-archive-one-at-a-time")),
        }
    }
    let extract = JobRequest {
        kind: JobKind::Extract,
        sources: vec![archive],
        dest: request.dest,
        modes: None,
        compress: None,
    };
    Ok((extract, Some(pick)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(kind: JobKind, sources: &[&str], dest: &str) -> JobRequest {
        JobRequest {
            kind,
            sources: sources.iter().map(PathBuf::from).collect(),
            dest: PathBuf::from(dest),
            modes: None,
            compress: None,
        }
    }

    #[test]
    fn a_copy_out_of_an_archive_extracts_the_picked_entries() {
        let r = request(JobKind::Copy, &["/a/p.zip/x/y.jpg", "/a/p.zip/z"], "/b");
        let (job, pick) = job_of(r).unwrap();
        assert_eq!(job.kind, JobKind::Extract);
        assert_eq!(job.sources, [PathBuf::from("/a/p.zip")]);
        assert_eq!(job.dest, PathBuf::from("/b"));
        assert_eq!(
            pick,
            Some(vec![PathBuf::from("x/y.jpg"), PathBuf::from("z")])
        );
    }

    #[test]
    fn changes_of_an_archive_are_refused() {
        assert!(job_of(request(JobKind::Copy, &["/b/f"], "/a/p.zip/x")).is_err());
        assert!(job_of(request(JobKind::Move, &["/a/p.zip/x"], "/b")).is_err());
        assert!(job_of(request(JobKind::Trash, &["/a/p.zip/x"], "")).is_err());
        assert!(job_of(request(JobKind::Copy, &["/a/p.zip/x", "/b/f"], "/c")).is_err());
        // The archive file itself is an ordinary file.
        let plain = request(JobKind::Move, &["/a/p.zip"], "/b");
        assert_eq!(job_of(plain.clone()).unwrap(), (plain, None));
    }
}
