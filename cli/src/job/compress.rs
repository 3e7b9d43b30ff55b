//! `porpoise compress -o OUT SRC...`: make an archive as the window does, its format from
//! OUT's name, with the same progress, JSON events and exit codes as `copy`; an OUT
//! already there is never overwritten. A password comes from `--password-file`.

use std::ffi::OsStr;
use std::path::PathBuf;

use porpoise_engine::archive::compress::{CompressOptions, OutFormat};
use porpoise_engine::archive::format::suffix::SUFFIXES;
use porpoise_engine::jobs::{self, JobKind, JobSpec};

use super::extract::PasswordFileArg;
use super::report::{Doing, Report};
use super::{ProgressArg, follow};

/// The names OUT may end in, as the error for another one lists them: each format's
/// extension with its other endings (".zip, .tar.gz (.tgz), …").
fn known() -> String {
    let mut formats: Vec<OutFormat> = Vec::new();
    for format in SUFFIXES.iter().filter_map(|s| s.writes) {
        if !formats.contains(&format) {
            formats.push(format);
        }
    }
    let said: Vec<String> = formats
        .into_iter()
        .map(|format| {
            let others: Vec<&str> = SUFFIXES
                .iter()
                .filter(|s| s.writes == Some(format) && s.text != format.extension())
                .map(|s| s.text)
                .collect();
            if others.is_empty() {
                format.extension().to_owned()
            } else {
                format!("{} ({})", format.extension(), others.join(", "))
            }
        })
        .collect();
    said.join(", ")
}

#[derive(Debug, clap::Args)]
#[command(mut_arg("password_file", |a| a.help(PASSWORD_FILE)))]
pub struct CompressArgs {
    #[command(flatten)]
    pub progress: ProgressArg,
    /// The archive to make; its name says the format (.zip, .tar.gz, .tar.xz, .tar.zst,
    /// .7z).
    #[arg(short = 'o', long = "output", required = true)]
    pub out: PathBuf,
    /// The compressor's level (deflate and xz 0–9, zstd 1–22); its default without it.
    #[arg(long)]
    pub level: Option<u32>,
    #[command(flatten)]
    pub password: PasswordFileArg,
    /// The files and folders to put in (each under its own name).
    #[arg(required = true)]
    pub sources: Vec<PathBuf>,
}

/// What `--password-file` means for a compression.
const PASSWORD_FILE: &str = "A file whose first line is the password (zip and 7z: AES-256); \
    never on the command line, where other users could read it";

pub fn run(args: CompressArgs) -> anyhow::Result<()> {
    let name = args.out.file_name().unwrap_or(OsStr::new(""));
    let Some(format) = OutFormat::from_name(name) else {
        anyhow::bail!(
            "cannot tell the format of {} from its name: it should end in {}",
            args.out.display(),
            known()
        );
    };
    let password = args.password.read()?;
    if password.is_some() && !format.takes_password() {
        anyhow::bail!(
            "{} cannot hold a password: only .zip and .7z can",
            args.out.display()
        );
    }
    let options = CompressOptions {
        format,
        level: args.level,
        password,
    };
    let spec = JobSpec::compress(args.sources, args.out.clone(), options);
    let job = jobs::start(JobKind::Compress, spec);
    follow(
        job,
        args.progress.mode,
        false,
        Report::new(Doing::Compress, Some(args.out)),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_known_endings_are_listed_by_format() {
        assert_eq!(
            super::known(),
            ".zip, .tar.gz (.tgz), .tar.xz (.txz), .tar.zst (.tzst), .7z"
        );
    }
}
