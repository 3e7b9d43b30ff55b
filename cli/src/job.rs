//! `porpoise copy`, `move` and `rm`: start the job, show its progress (a bar on a terminal,
//! JSON lines, or nothing), name each item that could not be done, answer conflicts, and
//! exit 0 only when everything was done.

pub mod compress;
pub mod extract;
pub mod report;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use porpoise_engine::events::Next;
use porpoise_engine::jobs::conflict::{Answer, Choice};
use porpoise_engine::jobs::events::Conflict;
use porpoise_engine::jobs::preflight::{PreflightChoice, Problem};
use porpoise_engine::jobs::writeback::WritebackMode;
use porpoise_engine::jobs::{self, ConflictPolicy, Job, JobEvent, JobKind, JobSpec};

use super::progress::{Bar, Json};
use report::{Doing, Report};

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

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OnProblem {
    Ask,
    /// Replace what the destination cannot hold in names with `_`.
    Replace,
    /// Leave out the items with a problem.
    Skip,
    Cancel,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Writeback {
    Auto,
    Always,
    Never,
}

/// How a job command shows its progress (every one has it).
#[derive(Debug, clap::Args)]
pub struct ProgressArg {
    /// How to show progress: a bar on a terminal (auto), JSON lines on stdout, or nothing.
    #[arg(
        long = "progress",
        value_name = "PROGRESS",
        value_enum,
        default_value = "auto"
    )]
    pub mode: ProgressMode,
}

/// What the commands that write into a folder (copy, move, extract) share: progress, and
/// the rules for names already there, names and files the destination cannot take, and
/// writeback.
#[derive(Debug, clap::Args)]
pub struct WriteArgs {
    #[command(flatten)]
    pub progress: ProgressArg,
    /// What to do when a name exists. Default: ask on a terminal; otherwise the item fails.
    #[arg(long, value_enum)]
    pub on_conflict: Option<OnConflict>,
    /// What to do when the destination cannot take some names or files (FAT, exFAT and
    /// NTFS name rules, file size limits) or lacks space. Checked before anything is
    /// copied. Default: ask on a terminal; otherwise copy what can go, name each item that
    /// cannot (with the rule it breaks) and exit non-zero.
    #[arg(long, value_enum)]
    pub on_problem: Option<OnProblem>,
    /// Put the data on the device window by window, and flush at the end: on removable
    /// and network destinations (auto), everywhere (always), or never.
    #[arg(long, value_enum, default_value = "auto")]
    pub writeback: Writeback,
}

#[derive(Debug, clap::Args)]
pub struct TransferArgs {
    #[command(flatten)]
    pub write: WriteArgs,
    /// Once the copies are on the device, read each back from the device and compare it
    /// with its source; a copy that differs fails (and a move keeps its source).
    #[arg(long)]
    pub verify: bool,
    /// Sources, then the destination folder.
    #[arg(required = true, num_args = 2..)]
    pub paths: Vec<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct RmArgs {
    #[command(flatten)]
    pub progress: ProgressArg,
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
    let mut paths = super::remote::local_all(&args.paths)?;
    let dest = paths
        .pop()
        .ok_or_else(|| anyhow::anyhow!("no destination"))?;
    let interactive = std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    let Rules {
        on_conflict,
        on_problem,
        writeback,
    } = args.write.rules(interactive)?;
    let spec = JobSpec {
        on_conflict,
        on_problem,
        writeback,
        verify: args.verify,
        ..JobSpec::new(paths, dest.clone())
    };
    let (job, doing) = match kind {
        Kind::Copy => (jobs::start(JobKind::Copy, spec), Doing::Copy),
        Kind::Move => (jobs::start(JobKind::Move, spec), Doing::Move),
    };
    let mut report = Report::new(doing, Some(dest));
    report.problems_fail = args.write.on_problem.is_none() && !interactive;
    follow(job, args.write.progress.mode, on_problem.is_none(), report)
}

/// How a job goes about conflicts, problems and writeback, from the command's options.
struct Rules {
    on_conflict: ConflictPolicy,
    on_problem: Option<PreflightChoice>,
    writeback: WritebackMode,
}

impl WriteArgs {
    /// The rules these options ask for; `interactive` when a terminal can be asked.
    fn rules(&self, interactive: bool) -> anyhow::Result<Rules> {
        let on_conflict = match self.on_conflict {
            Some(OnConflict::Ask) if interactive => ConflictPolicy::Ask,
            Some(OnConflict::Ask) => anyhow::bail!("--on-conflict=ask needs a terminal"),
            Some(OnConflict::Skip) => ConflictPolicy::Skip,
            Some(OnConflict::Overwrite) => ConflictPolicy::Overwrite,
            Some(OnConflict::Rename) => ConflictPolicy::Rename,
            None if interactive => ConflictPolicy::Ask,
            None => ConflictPolicy::Fail,
        };
        let on_problem = match self.on_problem {
            Some(OnProblem::Ask) if interactive => None,
            Some(OnProblem::Ask) => anyhow::bail!("--on-problem=ask needs a terminal"),
            Some(OnProblem::Replace) => Some(PreflightChoice::ReplaceCharacters),
            Some(OnProblem::Skip) => Some(PreflightChoice::SkipThem),
            Some(OnProblem::Cancel) => Some(PreflightChoice::Cancel),
            None if interactive => None,
            // As `cp` does: what can go goes, each item that cannot is named with the rule
            // it breaks, and the command fails.
            None => Some(PreflightChoice::SkipThem),
        };
        let writeback = match self.writeback {
            Writeback::Auto => WritebackMode::Auto,
            Writeback::Always => WritebackMode::Always,
            Writeback::Never => WritebackMode::Never,
        };
        Ok(Rules {
            on_conflict,
            on_problem,
            writeback,
        })
    }
}

pub fn rm(mut args: RmArgs) -> anyhow::Result<()> {
    args.paths = super::remote::local_all(&args.paths)?;
    let (kind, spec, doing) = if args.trash {
        let spec = JobSpec::to_trash(args.paths, super::trash::home()?);
        (JobKind::Trash, spec, Doing::Trash)
    } else {
        (JobKind::Delete, JobSpec::of(args.paths), Doing::Delete)
    };
    let job = jobs::start(kind, spec);
    follow(job, args.progress.mode, false, Report::new(doing, None))
}

/// Show the job's events until it finishes, each item that could not be done on a line of
/// its own; an error when not everything was done.
pub(crate) fn follow(
    job: Job,
    mode: ProgressMode,
    asks_preflight: bool,
    mut report: Report,
) -> anyhow::Result<()> {
    let start = Instant::now();
    let mode = match mode {
        ProgressMode::Auto if std::io::stderr().is_terminal() => ProgressMode::Bar,
        ProgressMode::Auto => ProgressMode::None,
        m => m,
    };
    let mut json = (mode == ProgressMode::Json).then(|| Json::new(report.problems_fail));
    let mut bar = (mode == ProgressMode::Bar).then(Bar::default);
    loop {
        let ev = match job.events.next_timeout(Duration::from_millis(200)) {
            Next::Event(ev) => ev,
            Next::Waiting => {
                if let Some(b) = &mut bar {
                    b.redraw(start.elapsed());
                }
                continue;
            }
            Next::Ended => anyhow::bail!("the job stopped without finishing"),
        };
        let t_ms = start.elapsed().as_millis();
        if let Some(j) = &mut json {
            j.event(t_ms, &ev)?;
        }
        if let Some(line) = report.line(&ev, bar.is_some()) {
            if let Some(b) = &mut bar {
                b.clear();
            }
            eprintln!("{line}");
        }
        if let Some(b) = &mut bar {
            b.event(&ev, start.elapsed());
        }
        match ev {
            JobEvent::Conflict(c) => {
                if let Some(b) = &mut bar {
                    b.clear();
                }
                job.control.answer(ask(&c)?);
            }
            JobEvent::Preflight {
                problems,
                can_proceed,
            } => {
                if let Some(b) = &mut bar {
                    b.clear();
                }
                for p in &problems {
                    eprintln!("{}", report::problem(p));
                }
                // The job only waits for an answer when it was told to ask.
                if can_proceed && asks_preflight {
                    job.control.answer_preflight(ask_preflight(&problems)?);
                }
            }
            JobEvent::Password { archive, wrong } => {
                if let Some(b) = &mut bar {
                    b.clear();
                }
                job.control
                    .answer_password(extract::ask_password(&archive, wrong)?);
            }
            JobEvent::Finished { state, summary } => {
                if let Some(b) = &mut bar {
                    b.finish();
                }
                if !summary.attributes_kept {
                    // Said once, and not a failure: the data and names all arrived.
                    eprintln!(
                        "porpoise: note: the destination did not keep some permissions, times or extended attributes"
                    );
                }
                return match report.summary(state, &summary) {
                    None => Ok(()),
                    Some(what) => Err(anyhow::anyhow!(what)),
                };
            }
            JobEvent::ItemFailed { .. }
            | JobEvent::Refused { .. }
            | JobEvent::NotCopied { .. }
            | JobEvent::ItemSkipped { .. }
            | JobEvent::Placed { .. }
            | JobEvent::ModesSet { .. }
            | JobEvent::Current(_)
            | JobEvent::Planned { .. }
            | JobEvent::Waiting { .. }
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
        if c.target_is_dir && c.source_is_dir {
            write!(
                err,
                "folder {} exists.\n[m]erge into it, [s]kip, [r]ename, [c]ancel (capital letter: for all): ",
                c.target.display(),
            )?;
        } else {
            write!(
                err,
                "{} exists ({} bytes) — source {} bytes.\n[o]verwrite, [s]kip, [r]ename, [c]ancel (capital letter: for all): ",
                c.target.display(),
                c.target_size,
                c.source_size
            )?;
        }
        err.flush()?;
        let mut line = String::new();
        if std::io::stdin().lock().read_line(&mut line)? == 0 {
            return Ok(Answer::new(Choice::Cancel, true));
        }
        let ch = line.trim().chars().next().unwrap_or(' ');
        let for_all = ch.is_ascii_uppercase();
        let choice = match ch.to_ascii_lowercase() {
            'o' => Choice::Overwrite,
            'm' => Choice::Merge,
            's' => Choice::Skip,
            'r' => Choice::Rename,
            'c' => Choice::Cancel,
            _ => continue,
        };
        return Ok(Answer::new(choice, for_all));
    }
}

/// Ask on the terminal what to do about the problems the pre-flight check found.
fn ask_preflight(problems: &[Problem]) -> anyhow::Result<PreflightChoice> {
    use std::io::{BufRead, Write};
    let mut err = std::io::stderr();
    loop {
        write!(
            err,
            "{} problem(s) before copying. [r]eplace characters with _, [s]kip those items, [c]ancel: ",
            problems.len()
        )?;
        err.flush()?;
        let mut line = String::new();
        if std::io::stdin().lock().read_line(&mut line)? == 0 {
            return Ok(PreflightChoice::Cancel);
        }
        return Ok(
            match line.trim().chars().next().map(|c| c.to_ascii_lowercase()) {
                Some('r') => PreflightChoice::ReplaceCharacters,
                Some('s') => PreflightChoice::SkipThem,
                Some('c') => PreflightChoice::Cancel,
                _ => continue,
            },
        );
    }
}
