//! `porpoise extract ARCHIVE... [-C DIR]`: extract archives as the window does, each into
//! a folder of its own, with the same progress, JSON events, conflict and problem rules
//! and exit codes as `copy`; a password is asked for on a terminal, or taken from
//! `--password-file`.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use porpoise_engine::jobs::{self, JobKind, JobSpec};

use super::report::{Doing, Report};
use super::{WriteArgs, follow};

/// What `--on-conflict` means for an extraction.
const ON_CONFLICT: &str = "What to do when a name exists (the archive's folder, or a file \
    inside it when merging). Default: ask on a terminal; otherwise the item fails";
/// What `--on-problem` means for an extraction.
const ON_PROBLEM: &str = "What to do when the destination cannot take some names or files. \
    Default: ask on a terminal; otherwise extract what can go and name each item that cannot";

#[derive(Debug, clap::Args)]
#[command(
    mut_arg("on_conflict", |a| a.help(ON_CONFLICT)),
    mut_arg("on_problem", |a| a.help(ON_PROBLEM))
)]
pub struct ExtractArgs {
    #[command(flatten)]
    pub write: WriteArgs,
    #[command(flatten)]
    pub password: PasswordFileArg,
    /// The folder to extract into (default: the current folder).
    #[arg(short = 'C', long = "directory", default_value = ".")]
    pub dir: PathBuf,
    #[arg(required = true)]
    pub archives: Vec<PathBuf>,
}

/// A password given in a file (extract and compress).
#[derive(Debug, clap::Args)]
pub struct PasswordFileArg {
    /// A file whose first line is the archives' password (never on the command line,
    /// where other users could read it).
    #[arg(long)]
    pub password_file: Option<PathBuf>,
}

impl PasswordFileArg {
    /// The file's first line, when a file was given.
    pub fn read(&self) -> anyhow::Result<Option<String>> {
        self.password_file.as_deref().map(first_line).transpose()
    }
}

pub fn run(args: ExtractArgs) -> anyhow::Result<()> {
    let interactive = std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    let rules = args.write.rules(interactive)?;
    let spec = JobSpec {
        on_conflict: rules.on_conflict,
        on_problem: rules.on_problem,
        writeback: rules.writeback,
        password: args.password.read()?,
        ..JobSpec::new(args.archives, args.dir.clone())
    };
    let job = jobs::start(JobKind::Extract, spec);
    let mut report = Report::new(Doing::Extract, Some(args.dir));
    report.problems_fail = args.write.on_problem.is_none() && !interactive;
    follow(
        job,
        args.write.progress.mode,
        rules.on_problem.is_none(),
        report,
    )
}

fn first_line(file: &Path) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| anyhow::anyhow!("cannot read the password file {}: {e}", file.display()))?;
    Ok(text.lines().next().unwrap_or_default().to_owned())
}

/// Ask for the password of `archive` on the terminal, without echoing it; `None` (the
/// archive fails) without a terminal or when nothing was typed.
pub fn ask_password(archive: &Path, wrong: bool) -> anyhow::Result<Option<String>> {
    if !std::io::stdin().is_terminal() {
        return Ok(None);
    }
    let prompt = if wrong {
        format!(
            "the password is wrong; password for {}: ",
            archive.display()
        )
    } else {
        format!("password for {}: ", archive.display())
    };
    let typed = rpassword::prompt_password(prompt)?;
    Ok((!typed.is_empty()).then_some(typed))
}
