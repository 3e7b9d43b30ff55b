//! `porpoise mimetype [-b] FILE...`: each file's type from the shared-mime-info database,
//! decided as the desktop's other programs decide it (`PATH: TYPE`; `-b`: the type alone).

use std::io::{BufWriter, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use porpoise_engine::mime::MimeDb;

use super::format::write_escaped;

#[derive(Debug, clap::Args)]
pub struct MimetypeArgs {
    /// Print the type alone, without the path before it.
    #[arg(short = 'b', long)]
    brief: bool,
    /// The files (or folders, links, …) to tell the type of.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
}

pub fn run(args: &MimetypeArgs) -> anyhow::Result<()> {
    let db = MimeDb::load();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut failed = 0;
    for file in &args.files {
        match db.of_path(file) {
            Ok(mime) => {
                if !args.brief {
                    write_escaped(&mut out, file.as_os_str().as_bytes())?;
                    out.write_all(b": ")?;
                }
                writeln!(out, "{mime}")?;
            }
            Err(e) => {
                out.flush()?;
                eprintln!("porpoise: {}", porpoise_engine::error::chain(&e));
                failed += 1;
            }
        }
    }
    out.flush()?;
    if failed > 0 {
        anyhow::bail!(
            "the type of {failed} of {} files could not be told",
            args.files.len()
        );
    }
    Ok(())
}
