//! The batch rename dialog (F2 with several items selected): its rules as typed, and the
//! preview of every new name the engine's plan gives, with what stands in the way marked.
//! Nothing here does I/O: what the folder holds comes from its listing, and the renames
//! run as one job of the panel, which one Ctrl+Z takes back. Tab and Shift+Tab go through
//! its text fields; Enter renames; Escape closes it.

mod view;

use std::collections::HashSet;
use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use iced::Task;
use iced::keyboard::Key;
use iced::keyboard::key::Named;
use porpoise_engine::jobs::JobSpec;
use porpoise_engine::jobs::rename::RenameJob;
use porpoise_engine::rename::{CaseChange, Item, Plan, RuleError, Rules};

use crate::i18n::fl;
use crate::key_press::KeyPress;
use crate::request::{JobKind, JobRequest};

/// The id of the Find field (it has the keyboard when the dialog opens).
pub const FIND_INPUT: &str = "porpoise-batch-find";
pub const REPLACE_INPUT: &str = "porpoise-batch-replace";
pub const BEFORE_INPUT: &str = "porpoise-batch-before";
pub const AFTER_INPUT: &str = "porpoise-batch-after";
pub const NUMBERING_INPUT: &str = "porpoise-batch-numbering";
pub const START_INPUT: &str = "porpoise-batch-start";
pub const STEP_INPUT: &str = "porpoise-batch-step";

/// The text fields in the order Tab goes through them.
pub const FIELDS: [&str; 7] = [
    FIND_INPUT,
    REPLACE_INPUT,
    BEFORE_INPUT,
    AFTER_INPUT,
    NUMBERING_INPUT,
    START_INPUT,
    STEP_INPUT,
];

/// What the batch rename asks of the window.
#[derive(Debug)]
pub enum Event {
    Close,
    /// Start the rename job (the request for the panel, the engine's job as planned);
    /// the dialog closes.
    Job(JobRequest, Box<JobSpec>),
}

/// The dialog's messages.
#[derive(Debug, Clone)]
pub enum Message {
    Find(String),
    Replace(String),
    /// Find a regular expression rather than plain text.
    Regex(bool),
    CaseSensitive(bool),
    Before(String),
    After(String),
    /// The numbering template (`Holiday ###`).
    Numbering(String),
    /// The first number and the step, as typed.
    Start(String),
    Step(String),
    Case(CaseChange),
    KeepExtension(bool),
    /// Rename as previewed.
    Rename,
    /// Tab (or Shift+Tab, `back`): the keyboard to the next text field.
    Tab {
        back: bool,
    },
    Close,
}

/// The open dialog.
#[derive(Debug, Clone)]
pub struct BatchRename {
    /// The folder the items are in.
    pub dir: PathBuf,
    /// The items in the shown order.
    items: Vec<Item>,
    /// Every name the folder held when the dialog opened (hidden ones too).
    taken: HashSet<Vec<u8>>,
    pub rules: Rules,
    /// The start and step fields' text while typed.
    pub start: String,
    pub step: String,
    /// The new names, or why the rules cannot be used (a regular expression that is not
    /// valid).
    pub plan: Result<Plan, String>,
    /// The field last typed in or tabbed to (an index into [`FIELDS`]).
    field: usize,
}

impl BatchRename {
    /// The dialog on `items` (in the shown order) of `dir`, which holds `taken`, the
    /// keyboard in its Find field.
    pub fn open(
        dir: PathBuf,
        items: Vec<Item>,
        taken: HashSet<Vec<u8>>,
    ) -> (BatchRename, Task<Message>) {
        let dialog = BatchRename::new(dir, items, taken);
        (dialog, iced::widget::operation::focus(FIND_INPUT))
    }

    pub fn update(&mut self, m: Message) -> (Task<Message>, Option<Event>) {
        match m {
            Message::Rename => return (Task::none(), self.rename()),
            Message::Close => return (Task::none(), Some(Event::Close)),
            Message::Tab { back } => {
                let id = self.tab(back);
                return (iced::widget::operation::focus(id), None);
            }
            change => self.change(change),
        }
        (Task::none(), None)
    }

    /// What a key means here: Escape closes; Enter renames (a field's Enter does too);
    /// Tab and Shift+Tab go through the text fields.
    pub fn key(&self, k: &KeyPress) -> Option<Message> {
        match k.key.as_ref() {
            Key::Named(Named::Escape) => Some(Message::Close),
            Key::Named(Named::Enter) if !k.captured => Some(Message::Rename),
            Key::Named(Named::Tab) => Some(Message::Tab {
                back: k.modifiers.shift(),
            }),
            _ => None,
        }
    }

    /// Rename as previewed, when nothing is in the way: the job the panel shows.
    fn rename(&self) -> Option<Event> {
        let job = self.job()?;
        let request = JobRequest {
            kind: JobKind::Rename,
            sources: job
                .renames
                .iter()
                .map(|(old, _)| job.dir.join(old))
                .collect(),
            dest: job.dir.clone(),
            modes: None,
            compress: None,
        };
        Some(Event::Job(request, Box::new(JobSpec::rename(job))))
    }

    /// The dialog on `items` (in the shown order) of `dir`, which holds `taken`.
    pub fn new(dir: PathBuf, items: Vec<Item>, taken: HashSet<Vec<u8>>) -> BatchRename {
        let rules = Rules::default();
        let mut v = BatchRename {
            dir,
            items,
            taken,
            start: rules.start.to_string(),
            step: rules.step.to_string(),
            rules,
            plan: Ok(Plan::default()),
            field: 0,
        };
        v.preview();
        v
    }

    /// Take one change of a rule and preview again.
    pub fn change(&mut self, m: Message) {
        if let Some(field) = typed_in(&m) {
            self.field = field;
        }
        let r = &mut self.rules;
        match m {
            Message::Find(t) => r.find = t,
            Message::Replace(t) => r.replace = t,
            Message::Regex(on) => r.regex = on,
            Message::CaseSensitive(on) => r.case_sensitive = on,
            Message::Before(t) => r.before = t,
            Message::After(t) => r.after = t,
            Message::Numbering(t) => r.numbering = t,
            Message::Start(t) => self.start = digits(t),
            Message::Step(t) => self.step = digits(t),
            Message::Case(c) => r.case = c,
            Message::KeepExtension(on) => r.keep_extension = on,
            Message::Rename | Message::Close | Message::Tab { .. } => return,
        }
        self.preview();
    }

    /// Work out every new name again.
    fn preview(&mut self) {
        self.rules.start = self.start.parse().unwrap_or(1);
        self.rules.step = self.step.parse().unwrap_or(1);
        let taken = &self.taken;
        self.plan = match self.rules.compile() {
            Ok(renamer) => Ok(Plan::make(&renamer, &self.items, |n| {
                taken.contains(n.as_bytes())
            })),
            Err(RuleError::Regex { source, .. }) => {
                Err(fl!("batch-regex-invalid", error = source.to_string()))
            }
        };
    }

    /// The Rename button can be pressed: some name changes and nothing is in the way.
    pub fn ready(&self) -> bool {
        self.plan.as_ref().is_ok_and(Plan::is_ready)
    }

    /// The job that renames as previewed, when ready.
    pub fn job(&self) -> Option<RenameJob> {
        let plan = self.plan.as_ref().ok().filter(|p| p.is_ready())?;
        let renames: Vec<(OsString, OsString)> = plan.renames();
        Some(RenameJob {
            dir: self.dir.clone(),
            renames: renames.into(),
        })
    }

    /// Tab (or Shift+Tab, `back`): the next (or the one before) text field; its id.
    pub fn tab(&mut self, back: bool) -> &'static str {
        let n = FIELDS.len();
        self.field = if back {
            (self.field + n - 1) % n
        } else {
            (self.field + 1) % n
        };
        FIELDS[self.field]
    }

    /// How many items the dialog renames.
    pub fn count(&self) -> usize {
        self.items.len()
    }
}

/// The field (an index into [`FIELDS`]) a message of typing comes from.
fn typed_in(m: &Message) -> Option<usize> {
    Some(match m {
        Message::Find(_) => 0,
        Message::Replace(_) => 1,
        Message::Before(_) => 2,
        Message::After(_) => 3,
        Message::Numbering(_) => 4,
        Message::Start(_) => 5,
        Message::Step(_) => 6,
        _ => return None,
    })
}

/// Only the digits of what was typed in a number field.
fn digits(t: String) -> String {
    t.chars().filter(char::is_ascii_digit).take(12).collect()
}
