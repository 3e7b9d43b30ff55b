//! `porpoise copy`, `move` and `rm`: start the job, show its progress (a bar on a terminal,
//! JSON lines, or nothing), answer conflicts, and exit 0 only when everything was done.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use porpoise::jobs::conflict::{Answer, Choice};
use porpoise::jobs::events::Conflict;
use porpoise::jobs::{ConflictPolicy, Job, JobEvent, JobSpec, JobState};

use super::progress::{Bar, Json};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ProgressMode {
    Auto,
    Bar,
    Json,
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OnConflict {
    Ask,
    Skip,
    Overwrite,
    Rename,
}

#[derive(Debug, clap::Args)]
pub struct TransferArgs {
    /// How to show progress: a bar on a terminal (auto), JSON lines on stdout, or nothing.
    #[arg(long, value_enum, default_value = "auto")]
    pub progress: ProgressMode,
    /// What to do when a name exists. Default: ask on a terminal; otherwise the item fails.
    #[arg(long, value_enum)]
    pub on_conflict: Option<OnConflict>,
    /// Sources, then the destination folder.
    #[arg(required = true, num_args = 2..)]
    pub paths: Vec<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct RmArgs {
    #[arg(long, value_enum, default_value = "auto")]
    pub progress: ProgressMode,
    /// Move to the trash of each item's filesystem instead of deleting for good.
    #[arg(long)]
    pub trash: bool,
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Copy,
    Move,
}

pub fn transfer(kind: Kind, args: TransferArgs) -> anyhow::Result<()> {
    let mut paths = args.paths;
    let dest = paths
        .pop()
        .ok_or_else(|| anyhow::anyhow!("no destination"))?;
    let interactive = std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    let on_conflict = match args.on_conflict {
        Some(OnConflict::Ask) if interactive => ConflictPolicy::Ask,
        Some(OnConflict::Ask) => anyhow::bail!("--on-conflict=ask needs a terminal"),
        Some(OnConflict::Skip) => ConflictPolicy::Skip,
        Some(OnConflict::Overwrite) => ConflictPolicy::Overwrite,
        Some(OnConflict::Rename) => ConflictPolicy::Rename,
        None if interactive => ConflictPolicy::Ask,
        None => ConflictPolicy::Fail,
    };
    let spec = JobSpec {
        sources: paths,
        dest,
        on_conflict,
    };
    let job = match kind {
        Kind::Copy => porpoise::jobs::copy::copy(spec),
        Kind::Move => porpoise::jobs::moves::move_items(spec),
    };
    follow(job, args.progress)
}

pub fn rm(args: RmArgs) -> anyhow::Result<()> {
    let job = if args.trash {
        porpoise::jobs::trash::trash(args.paths)
    } else {
        porpoise::jobs::delete::delete(args.paths)
    };
    follow(job, args.progress)
}

/// Show the job's events until it finishes; an error when not everything was done.
fn follow(job: Job, mode: ProgressMode) -> anyhow::Result<()> {
    let start = Instant::now();
    let mode = match mode {
        ProgressMode::Auto if std::io::stderr().is_terminal() => ProgressMode::Bar,
        ProgressMode::Auto => ProgressMode::None,
        m => m,
    };
    let mut json = (mode == ProgressMode::Json).then(Json::default);
    let mut bar = (mode == ProgressMode::Bar).then(Bar::default);
    let mut problems = 0u64;
    loop {
        let ev = match job.next_timeout(Duration::from_millis(200)) {
            Ok(ev) => ev,
            Err(false) => {
                if let Some(b) = &mut bar {
                    b.redraw(start.elapsed());
                }
                continue;
            }
            Err(true) => anyhow::bail!("the job stopped without finishing"),
        };
        let t_ms = start.elapsed().as_millis();
        if let Some(j) = &mut json {
            j.event(t_ms, &ev)?;
        }
        if let Some(b) = &mut bar {
            b.event(&ev, start.elapsed());
        }
        match ev {
            JobEvent::ItemFailed { .. } | JobEvent::Refused { .. } => problems += 1,
            JobEvent::Conflict(c) => {
                if let Some(b) = &mut bar {
                    b.clear();
                }
                job.control.answer(ask(&c)?);
            }
            JobEvent::Finished { state, summary } => {
                if let Some(b) = &mut bar {
                    b.finish();
                }
                let ok = state == JobState::Done && summary.failed == 0 && problems == 0;
                return if ok {
                    Ok(())
                } else {
                    anyhow::bail!(
                        "{} of the items could not be done ({})",
                        summary.failed.max(problems),
                        state.as_str()
                    )
                };
            }
            JobEvent::ItemSkipped { .. }
            | JobEvent::Planned { .. }
            | JobEvent::Progress(_)
            | JobEvent::State(_) => {}
        }
    }
}

/// Ask on the terminal what to do with a conflict.
fn ask(c: &Conflict) -> anyhow::Result<Answer> {
    use std::io::{BufRead, Write};
    let mut err = std::io::stderr();
    loop {
        write!(
            err,
            "{} exists ({} bytes) — source {} bytes.\n[o]verwrite, [s]kip, [r]ename, [c]ancel (capital letter: for all): ",
            c.target.display(),
            c.target_size,
            c.source_size
        )?;
        err.flush()?;
        let mut line = String::new();
        if std::io::stdin().lock().read_line(&mut line)? == 0 {
            return Ok(Answer {
                choice: Choice::Cancel,
                for_all: true,
            });
        }
        let ch = line.trim().chars().next().unwrap_or(' ');
        let for_all = ch.is_ascii_uppercase();
        let choice = match ch.to_ascii_lowercase() {
            'o' => Choice::Overwrite,
            's' => Choice::Skip,
            'r' => Choice::Rename,
            'c' => Choice::Cancel,
            _ => continue,
        };
        return Ok(Answer { choice, for_all });
    }
}
