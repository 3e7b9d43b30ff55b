//! How the window words what the engine reports as failed, through Fluent, so a German
//! window reads no English: an I/O failure as what was being done, to which path and
//! why ([`Op`], [`Reason`]), the problems a pre-flight check finds, the clipboard's
//! failures (what the clipboard library said is logged, not shown), why files did not
//! open (an application that could not be started) and why a device was not mounted or
//! unlocked.

use porpoise_engine::apps::LaunchError;
use porpoise_engine::devices::udisks::{Action, Refusal, UdisksError};
use porpoise_engine::error::{ArchiveTrouble, IoError, Op, Reason};
use porpoise_engine::jobs::preflight::{NameProblem, Problem};

use crate::apps::OpenFailure;
use crate::clipboard::DecodeError;
use crate::clipboard::owner::ClipboardError;
use crate::format;
use crate::i18n::fl;
use crate::servers::RemotePlaces;

/// "Could not open the folder “/srv/x”: permission denied."
pub fn io(e: &IoError) -> String {
    io_in(e, &RemotePlaces::NONE)
}

/// [`io`] with a path in one of the `remote` places written as its address.
pub fn io_in(e: &IoError, remote: &RemotePlaces) -> String {
    fl!(
        "failure",
        doing = doing(e.op),
        path = remote.text_of(&e.path),
        why = why(e)
    )
}

/// Why it failed, in a few words ("permission denied"); an error the window has no words
/// for is told by its number.
pub fn why(e: &IoError) -> String {
    why_io(&e.source)
}

/// [`why`] for an error of the system without a path.
pub fn why_io(e: &std::io::Error) -> String {
    match Reason::from_io(e) {
        Reason::PermissionDenied => fl!("why-permission"),
        Reason::NotFound => fl!("why-not-found"),
        Reason::NotADirectory => fl!("why-not-a-folder"),
        Reason::IsADirectory => fl!("why-is-a-folder"),
        Reason::NoSpace => fl!("why-no-space"),
        Reason::ReadOnly => fl!("why-read-only"),
        Reason::Exists => fl!("why-exists"),
        Reason::NotEmpty => fl!("why-not-empty"),
        Reason::Busy => fl!("why-busy"),
        Reason::NameTooLong => fl!("why-name-too-long"),
        Reason::LinkLoop => fl!("why-link-loop"),
        Reason::DeviceError => fl!("why-device-error"),
        Reason::Unreachable => fl!("why-unreachable"),
        Reason::NotSupported => fl!("why-not-supported"),
        Reason::Interrupted => fl!("why-interrupted"),
        Reason::Differs => fl!("why-differs"),
        Reason::Shrank => fl!("why-shrank"),
        Reason::Archive(t) => archive_trouble(t),
        Reason::Other => match e.raw_os_error() {
            Some(code) => fl!("why-other", code = code),
            None => fl!("why-unknown"),
        },
    }
}

/// Why files did not open: "Could not start “Text Editor”: its program is not
/// installed".
pub fn open(f: &OpenFailure) -> String {
    match f {
        OpenFailure::Start { app, error } => match &**error {
            LaunchError::Start { source, .. } if Reason::from_io(source) == Reason::NotFound => {
                fl!("status-open-no-program", app = app.clone())
            }
            LaunchError::Start { source, .. } => {
                fl!(
                    "status-open-cannot-start",
                    app = app.clone(),
                    why = why_io(source)
                )
            }
            LaunchError::Folder { dir, source, .. } => fl!(
                "status-open-no-folder",
                app = app.clone(),
                folder = dir.display().to_string(),
                why = why_io(source)
            ),
            LaunchError::Empty => fl!("status-open-no-program", app = app.clone()),
        },
        OpenFailure::NoTerminal { app } => fl!("status-open-no-terminal", app = app.clone()),
        OpenFailure::NoTerminalInstalled => fl!("status-no-terminal"),
        OpenFailure::Gone { app } => fl!("status-open-app-gone", app = app.clone()),
        OpenFailure::File(e) => io(e),
    }
}

/// What is wrong with an archive or one of its entries.
fn archive_trouble(t: ArchiveTrouble) -> String {
    match t {
        ArchiveTrouble::Damaged => fl!("why-archive-damaged"),
        ArchiveTrouble::NotAnArchive => fl!("why-not-an-archive"),
        ArchiveTrouble::NeedsPassword => fl!("why-archive-needs-password"),
        ArchiveTrouble::WrongPassword => fl!("why-archive-wrong-password"),
        ArchiveTrouble::NameLeaves => fl!("why-archive-name-leaves"),
        ArchiveTrouble::KindRefused => fl!("why-archive-kind-refused"),
        ArchiveTrouble::LargerThanStated => fl!("why-archive-larger-than-stated"),
    }
}

/// What the engine was doing, as the failure message puts it.
fn doing(op: Op) -> String {
    match op {
        Op::OpenDir => fl!("doing-open-dir"),
        Op::ReadDir => fl!("doing-read-dir"),
        Op::Stat => fl!("doing-stat"),
        Op::ReadMountTable => fl!("doing-read-mount-table"),
        Op::Watch => fl!("doing-watch"),
        Op::StatFs => fl!("doing-stat-fs"),
        Op::Open => fl!("doing-open"),
        Op::Create => fl!("doing-create"),
        Op::Read => fl!("doing-read"),
        Op::Write => fl!("doing-write"),
        Op::Remove => fl!("doing-remove"),
        Op::Rename => fl!("doing-rename"),
        Op::ReadLink => fl!("doing-read-link"),
        Op::SetMetadata => fl!("doing-set-metadata"),
        Op::Trash => fl!("doing-trash"),
        Op::Restore => fl!("doing-restore"),
        Op::Flush => fl!("doing-flush"),
        Op::Verify => fl!("doing-verify"),
        Op::ReadArchive => fl!("doing-read-archive"),
    }
}

/// One problem a pre-flight check found, as its dialog lists it.
pub fn problem(p: &Problem) -> String {
    match p {
        Problem::BadName { path, why } => {
            let path = path.display().to_string();
            match why {
                NameProblem::ForbiddenCharacter => fl!("problem-forbidden-character", path = path),
                NameProblem::ControlCharacter => fl!("problem-control-character", path = path),
                NameProblem::TrailingDotOrSpace => fl!("problem-trailing-dot", path = path),
                NameProblem::ReservedName => fl!("problem-reserved-name", path = path),
            }
        }
        Problem::TooLarge { path, size, limit } => fl!(
            "problem-too-large",
            path = path.display().to_string(),
            size = format::size(*size),
            limit = format::size(*limit)
        ),
        Problem::NoSpace { needed, free } => fl!(
            "problem-no-space",
            needed = format::size(*needed),
            free = format::size(*free)
        ),
        Problem::ReadOnly => fl!("problem-read-only"),
    }
}

/// Why the clipboard could not be used, as the status bar tells it.
pub fn clipboard(e: &ClipboardError) -> String {
    match e {
        ClipboardError::Unavailable(_) => fl!("clipboard-unavailable"),
        ClipboardError::Write(_) => fl!("clipboard-refused"),
        ClipboardError::Decode(e) => file_list(e),
        ClipboardError::Stopped => fl!("clipboard-stopped"),
    }
}

/// Why a list of files (on the clipboard, in a drop) gave no files to take.
pub fn file_list(e: &DecodeError) -> String {
    match e {
        DecodeError::NoFiles => fl!("clipboard-no-files"),
        DecodeError::NotLocal(uri) => fl!("clipboard-not-local", uri = uri.clone()),
        DecodeError::NotConnected(uri) => fl!("clipboard-not-connected", uri = uri.clone()),
    }
}

/// Why a mount did not happen, for the job panel's note.
pub fn mount(name: &str, e: &UdisksError) -> String {
    match e {
        UdisksError::NotRunning(_) | UdisksError::NoDevice { .. } => fl!("device-mount-no-udisks"),
        UdisksError::Refused { why, message, .. } => {
            let message = message.clone();
            match why {
                Refusal::Busy => fl!("device-mount-busy", name = name, message = message),
                Refusal::NotAuthorized => {
                    fl!("device-mount-not-allowed", name = name, message = message)
                }
                Refusal::Other => fl!("device-mount-refused", name = name, message = message),
            }
        }
        UdisksError::Bus { source, .. } => fl!(
            "device-mount-refused",
            name = name,
            message = source.to_string()
        ),
    }
}

/// Why an encrypted volume was not unlocked (or, unlocked, not mounted), for its dialog.
pub fn unlock(name: &str, e: &UdisksError) -> String {
    match e {
        UdisksError::Refused {
            action: Action::Unlock,
            why,
            message,
            ..
        } => match why {
            Refusal::NotAuthorized => fl!(
                "device-unlock-not-allowed",
                name = name,
                message = message.clone()
            ),
            Refusal::Busy | Refusal::Other => fl!(
                "device-unlock-refused",
                name = name,
                message = message.clone()
            ),
        },
        UdisksError::Bus {
            action: Action::Unlock,
            source,
            ..
        } => fl!(
            "device-unlock-refused",
            name = name,
            message = source.to_string()
        ),
        UdisksError::NotRunning(_) => fl!("device-unlock-no-udisks"),
        mounting => mount(name, mounting),
    }
}
