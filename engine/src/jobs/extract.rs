//! Extracting archives as a job: each archive listed first (the job's totals, where it
//! lands, what the destination says to its names and sizes), then its entries written
//! beneath its landing folder with everything a copy has — progress, pause, cancel, the
//! conflict rule for names already there, writeback windows on sticks and shares. A
//! cancelled extraction removes what it wrote; a damaged archive keeps what could be
//! read and names what could not.

mod entry;
pub mod plan;
mod stream;
mod written;

use std::ffi::{CString, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustix::fs::FileType;

use crate::archive::beneath::Beneath;
use crate::archive::read::{ReadError, ReadOptions, each_entry};
use crate::error::{IoError, Op};

use super::JobSpec;
use super::control::{Control, Job};
use super::events::{JobEvent, JobState};
use super::fit::{self, Fit};
use super::flusher::Flusher;
use super::fsops::{Meta, meta_at};
use super::preflight::{self, Problem};
use super::progress::{Counters, Tally};
use super::resolve::{Resolution, Resolver};
use super::runner::{Ctx, spawn};
use super::sink::Sink;
use super::writeback::{self, Durability};

use entry::{Place, Stop};
use plan::Plan;
use written::Written;

/// Extract the archives `spec.sources` into the folder `spec.dest`.
pub(super) fn extract_with(spec: JobSpec, control: Arc<Control>) -> Job {
    spawn("extract", control, move |ctx| run(ctx, &spec))
}

/// The part of the free space kept when a file's size is not stated (1/32): it may grow
/// to the rest.
const RESERVE_SHIFT: u32 = 5;

/// One archive of the job: listed first, or read in one pass ([`stream`]).
enum Work {
    Planned(Plan),
    Streamed(PathBuf),
}

fn run(ctx: &Ctx, spec: &JobSpec) -> JobState {
    ctx.state(JobState::Scanning);
    let rules = match spec.rules {
        Some(r) => r,
        None => preflight::rules_of(&spec.dest).unwrap_or_default(),
    };
    let writable = !preflight::read_only(&spec.dest).unwrap_or(false);
    let mut password = spec.password.clone();
    let mut works = Vec::new();
    for archive in &spec.sources {
        if !ctx.control.checkpoint() {
            return ctx.final_state();
        }
        if writable && stream::streamable(spec, rules, archive) {
            works.push(Work::Streamed(archive.clone()));
        } else if let Some(plan) = planned(ctx, spec, archive, &mut password) {
            ctx.counters.add_total(Tally::File, plan.files);
            ctx.counters.add_total(Tally::Folder, plan.folders);
            Counters::add(&ctx.counters.bytes_total, plan.bytes);
            works.push(Work::Planned(plan));
        }
    }
    let plans: Vec<&Plan> = works
        .iter()
        .filter_map(|w| match w {
            Work::Planned(plan) => Some(plan),
            Work::Streamed(_) => None,
        })
        .collect();
    let problems = if writable {
        plan::problems(&plans, &spec.dest, rules)
    } else {
        vec![Problem::ReadOnly]
    };
    // Entries that would not fit are not written at all: the disk is never filled.
    let can_proceed = !problems
        .iter()
        .any(|p| matches!(p, Problem::ReadOnly | Problem::NoSpace { .. }));
    let Some(fit) = fit::decide(ctx, spec, rules, problems, can_proceed) else {
        return stopped(ctx);
    };
    let beneath = match Beneath::open(&spec.dest) {
        Ok(b) => b,
        Err(e) => {
            ctx.failed(spec.dest.clone(), (Op::OpenDir, e));
            return JobState::Failed;
        }
    };
    let resolver = Resolver::new(spec.on_conflict);
    let durability = writeback::durability_of(&spec.dest, spec.writeback);
    let flusher = durability
        .cap()
        .map(|_| Flusher::new(durability, &ctx.counters));
    let sink = Sink {
        control: &ctx.control,
        counters: &ctx.counters,
        flusher: flusher.as_ref(),
    };
    let unstated_bound =
        preflight::free_space(&spec.dest).map_or(u64::MAX, |free| free - (free >> RESERVE_SHIFT));
    let tools = Tools {
        beneath: &beneath,
        fit: &fit,
        resolver: &resolver,
        sink: &sink,
        unstated_bound,
    };
    ctx.state(JobState::Extracting);
    let mut destination_failed = false;
    std::thread::scope(|scope| {
        if let Some(f) = &flusher {
            scope.spawn(|| f.serve());
        }
        for work in &works {
            if !ctx.control.checkpoint() {
                break;
            }
            let done = match work {
                Work::Planned(plan) => one(ctx, spec, plan, &mut password, &tools),
                Work::Streamed(archive) => stream::one(ctx, spec, archive, &tools),
            };
            if done.is_err() {
                destination_failed = !ctx.control.is_cancelled();
                break;
            }
        }
        if let Some(f) = &flusher {
            ctx.state(JobState::WritingToDevice);
            f.close();
        }
    });
    if let Some(f) = &flusher {
        let flushed = f.result().and_then(|()| match durability {
            Durability::Windows { .. } => rustix::fs::syncfs(beneath.root()).map_err(Into::into),
            Durability::FsyncFiles { .. } | Durability::Plain => Ok(()),
        });
        if let Err(e) = flushed {
            ctx.failed(spec.dest.clone(), (Op::Flush, e));
            return JobState::Failed;
        }
    }
    if destination_failed {
        return JobState::Failed;
    }
    ctx.final_state()
}

/// How a job ends that stopped before writing: cancelled, or failed.
fn stopped(ctx: &Ctx) -> JobState {
    if ctx.control.is_cancelled() {
        JobState::Cancelled
    } else {
        JobState::Failed
    }
}

/// What every archive of the job is written with.
struct Tools<'a> {
    beneath: &'a Beneath,
    fit: &'a Fit,
    resolver: &'a Resolver,
    sink: &'a Sink<'a>,
    unstated_bound: u64,
}

/// List `archive`, asking for its password while one is needed; `None` when it cannot be
/// listed (reported as its failure).
fn planned(
    ctx: &Ctx,
    spec: &JobSpec,
    archive: &Path,
    password: &mut Option<String>,
) -> Option<Plan> {
    loop {
        let pick = spec.pick.as_deref();
        match plan::plan(archive, password.as_deref().map(str::as_bytes), pick) {
            Ok(plan) => return Some(plan),
            Err(e) if asked_password(ctx, &e, password) => continue,
            Err(e) => {
                ctx.failed_with(archive.to_owned(), plan::read_failure(&e));
                return None;
            }
        }
    }
}

/// When `e` says the archive needs a password (or another one), ask for it and wait;
/// true when one was given (it is in `password` then).
fn asked_password(ctx: &Ctx, e: &ReadError, password: &mut Option<String>) -> bool {
    let (archive, wrong) = match e {
        ReadError::NeedsPassword { path } => (path, password.is_some()),
        ReadError::WrongPassword { path } => (path, true),
        _ => return false,
    };
    let _ = ctx.tx.send(JobEvent::Password {
        archive: archive.clone(),
        wrong,
    });
    match ctx.control.wait_password() {
        Some(p) => {
            *password = Some(p);
            true
        }
        None => false,
    }
}

/// Extract one planned archive. `Err` when the destination failed so that the job stops.
fn one(
    ctx: &Ctx,
    spec: &JobSpec,
    plan: &Plan,
    password: &mut Option<String>,
    tools: &Tools<'_>,
) -> Result<(), Stop> {
    ctx.counters.set_current(plan.archive.clone());
    let Some((folder, merged)) = landing_folder(ctx, spec, plan, tools) else {
        return Ok(());
    };
    let mut landing = Written::default();
    if !merged {
        let mut made = Vec::new();
        match tools.beneath.folder(&folder, 0o755, &mut made) {
            Ok(_) => landing.made(&folder, true),
            Err(e) => {
                let shown = spec.dest.join(&folder);
                ctx.failed_with(shown.clone(), IoError::new(Op::Create, shown, e));
                return Ok(());
            }
        }
        if !plan.as_its_folder {
            ctx.counters.add_done(Tally::Folder, 1);
        }
    }
    let shown_in = spec.dest.join(&folder);
    let place = Place {
        beneath: tools.beneath,
        dest: &spec.dest,
        folder: &folder,
        shown_in: &shown_in,
        strip_top: plan.as_its_folder,
        pick: spec.pick.as_deref(),
        archive: &plan.archive,
        fit: tools.fit,
        resolver: tools.resolver,
        sink: tools.sink,
        unstated_bound: tools.unstated_bound,
    };
    let mut written = Written::default();
    let mut stop = None;
    loop {
        let options = ReadOptions {
            content: true,
            password: password.as_deref().map(str::as_bytes),
        };
        let walked = each_entry(&plan.archive, options, &mut |head, content| {
            let r = place.write(ctx, head, content, &mut written);
            let flow = entry::flow(&r);
            stop = r.err();
            flow
        });
        match walked {
            Ok(()) => break,
            Err(e) if ctx.control.is_cancelled() => {
                tracing::debug!("after a cancel: {e}");
                break;
            }
            Err(e) if asked_password(ctx, &e, password) => {
                // Entries written before the password was needed are written again.
                written.remove(tools.beneath);
            }
            Err(e) => {
                // A damaged archive keeps what could be read; what could not is named.
                ctx.failed_with(plan.archive.clone(), plan::read_failure(&e));
                break;
            }
        }
    }
    if ctx.control.is_cancelled() || matches!(stop, Some(Stop::Cancelled)) || written.is_empty() {
        // Cancelled, or nothing could be written: nothing is left.
        written.remove(tools.beneath);
        landing.remove(tools.beneath);
        return Ok(());
    }
    for (rel, e) in written.finish(tools.beneath) {
        let shown = spec.dest.join(&rel);
        ctx.failed_with(shown.clone(), IoError::new(Op::SetMetadata, shown, e));
    }
    let (target, new) = match written.first_made() {
        Some(file) if plan.single_file => (spec.dest.join(file), true),
        Some(made) if plan.picked => {
            let top = made.iter().next().unwrap_or_default();
            (spec.dest.join(top), true)
        }
        _ => (spec.dest.join(&folder), !merged),
    };
    let _ = ctx.tx.send(JobEvent::Placed {
        source: plan.archive.clone(),
        target,
        new,
    });
    match stop {
        Some(Stop::Destination) => Err(Stop::Destination),
        _ => Ok(()),
    }
}

/// The folder the archive's entries land in (relative to the destination), and whether
/// it was there already (merged into, as the conflict rule or the person said); `None`
/// when the archive is left out.
fn landing_folder(
    ctx: &Ctx,
    spec: &JobSpec,
    plan: &Plan,
    tools: &Tools<'_>,
) -> Option<(PathBuf, bool)> {
    if plan.single_file || plan.picked {
        // No folder of its own: the file goes beside the archive (the picked entries
        // into the destination), by the conflict rule.
        return Some((PathBuf::new(), true));
    }
    let name = match tools.fit.part(plan.folder.as_bytes(), true, 0) {
        Ok(None) => plan.folder.as_bytes().to_vec(),
        Ok(Some(fixed)) => fixed,
        Err(why) => {
            ctx.skipped(spec.dest.join(&plan.folder), why);
            return None;
        }
    };
    let cname = CString::new(name).ok()?;
    let root = tools.beneath.root();
    let Ok(there) = meta_at(root, &cname) else {
        return Some((PathBuf::from(OsStr::from_bytes(cname.as_bytes())), false));
    };
    let mtime = std::fs::metadata(&plan.archive)
        .ok()
        .and_then(|m| m.modified().ok())
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_secs() as i64);
    let meta = Meta::stated(FileType::Directory, plan.bytes, mtime);
    let at = (root, spec.dest.as_path());
    let resolution = if there.kind == FileType::Directory {
        tools
            .resolver
            .folder_onto_folder(ctx, &plan.archive, at, &cname, &meta)
    } else {
        // A file in the way is never replaced by a folder: another name, or left out.
        match tools
            .resolver
            .resolve(ctx, &plan.archive, at, &cname, &meta)
        {
            Resolution::Replace => Resolution::RenameTo(super::resolve::free_target(root, &cname)),
            other => other,
        }
    };
    let named = |c: &CString| PathBuf::from(OsStr::from_bytes(c.as_bytes()));
    match resolution {
        Resolution::Replace => Some((named(&cname), true)),
        Resolution::RenameTo(other) => Some((named(&other), false)),
        Resolution::Skip => None,
    }
}
