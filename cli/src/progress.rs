//! Job progress for the terminal: JSON event lines on stdout, or a one-line bar on stderr.

use std::io::Write;
use std::time::Duration;

use porpoise_engine::jobs::events::{Figures, SkipReason};
use porpoise_engine::jobs::{JobEvent, JobState};

/// One JSON object per line; `t_ms` since the start, `event` names the kind.
#[derive(Default)]
pub struct Json {
    state: &'static str,
    /// The current item, already quoted for JSON.
    current: Option<String>,
    /// Items left out for the destination's rules make the job not ok (see
    /// `Report::problems_fail`).
    problems_fail: bool,
    left_out: u64,
}

impl Json {
    pub fn new(problems_fail: bool) -> Json {
        Json {
            problems_fail,
            ..Json::default()
        }
    }

    pub fn event(&mut self, t_ms: u128, ev: &JobEvent) -> std::io::Result<()> {
        let line = match ev {
            // Files are everything but folders; folders are counted apart.
            JobEvent::Planned {
                files,
                folders,
                bytes,
            } => format!(
                r#"{{"t_ms":{t_ms},"event":"plan","files_total":{files},"folders_total":{folders},"bytes_total":{bytes}}}"#
            ),
            JobEvent::Progress(f) => format!(
                r#"{{"t_ms":{t_ms},"event":"progress","files_done":{},"folders_done":{},"bytes_done":{},"bytes_on_device":{},"bytes_verified":{},"state":"{}"{}}}"#,
                f.files_done,
                f.folders_done,
                f.bytes_done,
                f.bytes_on_device,
                f.bytes_verified,
                self.state,
                self.current
                    .as_deref()
                    .map(|c| format!(r#","current":{c}"#))
                    .unwrap_or_default()
            ),
            JobEvent::Waiting { device, place } => format!(
                r#"{{"t_ms":{t_ms},"event":"waiting","device":{},"mount_point":{},"place":{place}}}"#,
                quote(&device.name),
                quote(&device.mount_point.to_string_lossy()),
            ),
            JobEvent::Current(path) => {
                // Carried by the progress lines that follow.
                self.current = Some(quote(&path.to_string_lossy()));
                return Ok(());
            }
            JobEvent::State(s) => {
                self.state = s.as_str();
                format!(
                    r#"{{"t_ms":{t_ms},"event":"state","state":"{}"}}"#,
                    s.as_str()
                )
            }
            JobEvent::ItemFailed { path, error } => format!(
                r#"{{"t_ms":{t_ms},"event":"item_failed","path":{},"error":{}}}"#,
                quote(&path.to_string_lossy()),
                quote(&porpoise_engine::error::chain(error))
            ),
            JobEvent::Refused { path, why } => format!(
                r#"{{"t_ms":{t_ms},"event":"item_failed","path":{},"error":"{}"}}"#,
                quote(&path.to_string_lossy()),
                why.as_str()
            ),
            JobEvent::NotCopied { path } => format!(
                r#"{{"t_ms":{t_ms},"event":"not_copied","path":{}}}"#,
                quote(&path.to_string_lossy())
            ),
            JobEvent::ItemSkipped { path, why } => {
                if matches!(why, SkipReason::NameNotAllowed | SkipReason::TooLarge) {
                    self.left_out += 1;
                }
                format!(
                    r#"{{"t_ms":{t_ms},"event":"item_skipped","path":{},"why":"{}"}}"#,
                    quote(&path.to_string_lossy()),
                    why.as_str()
                )
            }
            JobEvent::Placed {
                source,
                target,
                new,
            } => format!(
                r#"{{"t_ms":{t_ms},"event":"placed","source":{},"target":{},"new":{new}}}"#,
                quote(&source.to_string_lossy()),
                quote(&target.to_string_lossy())
            ),
            JobEvent::ModesSet { before } => format!(
                r#"{{"t_ms":{t_ms},"event":"modes_set","count":{}}}"#,
                before.len()
            ),
            JobEvent::Password { archive, wrong } => format!(
                r#"{{"t_ms":{t_ms},"event":"password","archive":{},"wrong":{wrong}}}"#,
                quote(&archive.to_string_lossy())
            ),
            JobEvent::Conflict(c) => format!(
                r#"{{"t_ms":{t_ms},"event":"conflict","path":{}}}"#,
                quote(&c.target.to_string_lossy())
            ),
            JobEvent::Preflight {
                problems,
                can_proceed,
            } => {
                let list: Vec<String> = problems
                    .iter()
                    .map(|p| {
                        let path = p
                            .path()
                            .map(|p| quote(&p.to_string_lossy()))
                            .unwrap_or_else(|| "null".into());
                        format!(
                            r#"{{"problem":"{}","path":{path},"message":{}}}"#,
                            p.as_str(),
                            quote(&crate::job::report::problem(p))
                        )
                    })
                    .collect();
                format!(
                    r#"{{"t_ms":{t_ms},"event":"preflight","can_proceed":{can_proceed},"problems":[{}]}}"#,
                    list.join(",")
                )
            }
            JobEvent::Finished { state, summary } => format!(
                r#"{{"t_ms":{t_ms},"event":"finished","ok":{},"files_done":{},"folders_done":{},"bytes_done":{},"failed":{},"skipped":{},"not_copied":{},"verified":{},"attributes_kept":{}}}"#,
                *state == JobState::Done
                    && summary.failed == 0
                    && !(self.problems_fail && self.left_out > 0),
                summary.files_done,
                summary.folders_done,
                summary.bytes_done,
                summary.failed,
                summary.skipped,
                summary.not_copied,
                summary.verified,
                summary.attributes_kept
            ),
        };
        let mut out = std::io::stdout().lock();
        writeln!(out, "{line}")?;
        out.flush()
    }
}

/// A JSON string literal.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A single line on stderr: files, bytes, speed and time left.
#[derive(Default)]
pub struct Bar {
    figures: Figures,
    state: &'static str,
    drawn: bool,
}

impl Bar {
    pub fn event(&mut self, ev: &JobEvent, elapsed: Duration) {
        match ev {
            JobEvent::Progress(f) => self.figures = *f,
            JobEvent::State(s) => self.state = words(*s),
            _ => {}
        }
        self.redraw(elapsed);
    }

    pub fn redraw(&mut self, elapsed: Duration) {
        let f = &self.figures;
        let secs = elapsed.as_secs_f64().max(0.001);
        let speed = f.bytes_on_device as f64 / secs;
        let left = if speed > 0.0 && f.bytes_total > f.bytes_on_device {
            format!(
                ", {:.0} s left",
                (f.bytes_total - f.bytes_on_device) as f64 / speed
            )
        } else {
            String::new()
        };
        let pct = (f.bytes_on_device * 100)
            .checked_div(f.bytes_total)
            .unwrap_or(0);
        // Folders only when the job has some: a folder of 20 files is "20/20 files, 1/1
        // folders".
        let folders = match f.folders_total {
            0 => String::new(),
            total => format!(", {}/{total} folders", f.folders_done),
        };
        eprint!(
            "\r\x1b[K{} {}/{} files{folders}, {} of {} ({pct}%), {}/s{left}",
            self.state,
            f.files_done,
            f.files_total,
            human(f.bytes_on_device),
            human(f.bytes_total),
            human(speed as u64)
        );
        self.drawn = true;
    }

    pub fn clear(&mut self) {
        if self.drawn {
            eprint!("\r\x1b[K");
            self.drawn = false;
        }
    }

    pub fn finish(&mut self) {
        if self.drawn {
            eprintln!();
            self.drawn = false;
        }
    }
}

/// A state as the bar shows it.
fn words(s: JobState) -> &'static str {
    match s {
        JobState::Waiting => "waiting",
        JobState::Scanning => "scanning",
        JobState::Copying => "copying",
        JobState::Deleting => "deleting",
        JobState::WritingToDevice => "writing to device",
        JobState::Verifying => "verifying",
        JobState::RemovingSources => "removing sources",
        JobState::ChangingPermissions => "changing permissions",
        JobState::Renaming => "renaming",
        JobState::Extracting => "extracting",
        JobState::Compressing => "compressing",
        JobState::Paused => "paused",
        JobState::Done => "done",
        JobState::Failed => "failed",
        JobState::Cancelled => "cancelled",
    }
}

fn human(b: u64) -> String {
    const UNITS: [&str; 5] = ["B", "kB", "MB", "GB", "TB"];
    let mut v = b as f64;
    let mut u = 0;
    while v >= 1000.0 && u < UNITS.len() - 1 {
        v /= 1000.0;
        u += 1;
    }
    if u == 0 {
        format!("{b} B")
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}
