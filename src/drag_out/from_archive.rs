//! Entries of an archive shown as a folder, dragged out to another application: they are
//! no files the other application could read, so when it asks for them (at the drop, on
//! the drag's own thread, never the window's) the picked entries are extracted into a
//! folder of their own under `$XDG_CACHE_HOME/porpoise/dragged/`, and those files are
//! what it gets. Folders of drags more than a day old are removed then.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use porpoise_engine::archive::browse;
use porpoise_engine::events::Next;
use porpoise_engine::jobs::{self, ConflictPolicy, JobEvent, JobKind, JobSpec, JobState};

/// How long an extraction for a drop may take before the drop is given up.
const PATIENCE: Duration = Duration::from_secs(120);

/// How long the files of a drag are kept for the application that took them.
const KEPT: Duration = Duration::from_secs(24 * 3600);

/// Why dragged entries could not be given as files.
#[derive(Debug, thiserror::Error)]
pub enum DragExtractError {
    #[error("no folder for the extracted entries at {path}")]
    Folder {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("the entries of {archive} could not be extracted ({state:?})")]
    Extract { archive: PathBuf, state: JobState },
    #[error("extracting the entries of {archive} took too long")]
    TooLong { archive: PathBuf },
}

/// The archive and the entries picked in it, when `paths` are entries of one archive.
pub fn picked_in_archive(paths: &[PathBuf]) -> Option<(PathBuf, Vec<PathBuf>)> {
    let mut archive = None;
    let mut pick = Vec::new();
    for p in paths {
        let (a, inner) = browse::split(p)?;
        if inner.as_os_str().is_empty() || archive.as_ref().is_some_and(|x| *x != a) {
            return None;
        }
        pick.push(inner);
        archive = Some(a);
    }
    Some((archive?, pick))
}

/// Extract `pick` of `archive` for a drop: the files made, in the order picked.
pub fn extract_for_drop(
    archive: &Path,
    pick: &[PathBuf],
) -> Result<Vec<PathBuf>, DragExtractError> {
    let base = dragged_folder();
    forget_old(&base);
    let dest = base.join(format!(
        "{}-{}",
        std::process::id(),
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    std::fs::create_dir_all(&dest).map_err(|source| DragExtractError::Folder {
        path: dest.clone(),
        source,
    })?;
    let spec = JobSpec {
        on_conflict: ConflictPolicy::Rename,
        pick: Some(pick.to_vec()),
        ..JobSpec::new(vec![archive.to_owned()], &dest)
    };
    let job = jobs::start(JobKind::Extract, spec);
    let deadline = std::time::Instant::now() + PATIENCE;
    let state = loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() {
            job.control.cancel();
            return Err(DragExtractError::TooLong {
                archive: archive.to_owned(),
            });
        }
        match job.events.next_timeout(left) {
            Next::Event(JobEvent::Finished { state, .. }) => break state,
            // Nobody is there to answer a question: it is not asked.
            Next::Event(JobEvent::Password { .. }) => job.control.answer_password(None),
            Next::Event(JobEvent::Preflight {
                can_proceed: true, ..
            }) => job.control.cancel(),
            Next::Event(_) | Next::Waiting => {}
            Next::Ended => break JobState::Failed,
        }
    };
    if state != JobState::Done {
        return Err(DragExtractError::Extract {
            archive: archive.to_owned(),
            state,
        });
    }
    Ok(pick
        .iter()
        .filter_map(|p| p.file_name())
        .map(|name| dest.join(name))
        .collect())
}

/// Where the folders of dragged entries are made.
fn dragged_folder() -> PathBuf {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|c| !c.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    cache.join("porpoise").join("dragged")
}

/// Remove the folders of drags more than [`KEPT`] old.
fn forget_old(base: &Path) {
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    for e in entries.flatten() {
        let old = e
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > KEPT);
        if old && let Err(err) = std::fs::remove_dir_all(e.path()) {
            tracing::debug!("cannot remove {}: {err}", e.path().display());
        }
    }
}
