//! The dialog over the window in the app: opening each one on what the window shows (the
//! selection's properties, the batch rename of the selection, the chooser, a volume's
//! passphrase, the next question of a job), handing it its messages and keys, and doing
//! what its events ask (close it, start a job, open files, apply a setting, answer a job).

use crate::screen::browser::pane::tree::{child_key, split_key};
use std::collections::HashSet;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use iced::Task;
use porpoise_engine::Kind;
use porpoise_engine::jobs::conflict::Answer as JobAnswer;
use porpoise_engine::rename::Item;

use super::App;
use crate::dialog::preferences::{Change, Preferences};
use crate::dialog::question::{Answer, Ask, Question};
use crate::dialog::{self, Dialog, Event};
use crate::key_press::KeyPress;
use crate::message::Message;
use crate::request::{JobKind, JobRequest};
use crate::screen::browser::pane::PaneMsg;

impl App {
    /// What dialogs read of the window.
    fn dialog_context(&self) -> dialog::Context<'_> {
        dialog::Context {
            settings: &self.settings,
            types: &self.types,
            apps: self.apps.apps.as_ref(),
            questions_waiting: self.jobs.questions.len(),
        }
    }

    /// The open dialog, if one is.
    pub fn dialog(&self) -> Option<&Dialog> {
        self.dialog.as_ref()
    }

    /// The open dialog as a layer over the window.
    pub fn dialog_view(&self) -> Option<iced::Element<'_, Message>> {
        let cx = self.dialog_context();
        let d = self.dialog.as_ref()?;
        Some(d.view(&cx).map(Message::Dialog))
    }

    /// Show `dialog` (the window's menus close); `task` is its start.
    pub(super) fn show_dialog(
        &mut self,
        dialog: Dialog,
        task: Task<dialog::Message>,
    ) -> Task<Message> {
        self.browser.pane_mut().close_menus();
        self.preview = None;
        self.dialog = Some(dialog);
        task.map(Message::Dialog)
    }

    pub(super) fn on_dialog_message(&mut self, m: dialog::Message) -> Task<Message> {
        let cx = dialog::Context {
            settings: &self.settings,
            types: &self.types,
            apps: self.apps.apps.as_ref(),
            questions_waiting: self.jobs.questions.len(),
        };
        let Some(d) = &mut self.dialog else {
            return Task::none();
        };
        let (task, event) = d.update(m, &cx);
        let mut tasks = vec![task.map(Message::Dialog)];
        if let Some(event) = event {
            tasks.push(self.on_dialog_event(event));
        }
        crate::tasks::batch(tasks)
    }

    /// A key while a dialog is open: it is modal, so no key reaches what is behind it.
    pub(super) fn dialog_key(&mut self, k: &KeyPress) -> Task<Message> {
        match self.dialog.as_ref().and_then(|d| d.key(k)) {
            Some(m) => self.on_dialog_message(m),
            None => Task::none(),
        }
    }

    fn on_dialog_event(&mut self, event: Event) -> Task<Message> {
        match event {
            Event::Close => {
                self.dialog = None;
                Task::none()
            }
            Event::Job(request, spec) => {
                self.dialog = None;
                match spec {
                    Some(spec) => self.start_job_with(request, *spec),
                    None => self.start_job(request),
                }
            }
            Event::Done(step) => {
                self.push_undo(step);
                Task::none()
            }
            Event::Setting(change) => self.apply_setting(change),
            Event::Open {
                files,
                app,
                default_for,
            } => {
                self.dialog = None;
                self.open_with_chosen(files, app, default_for)
            }
            Event::Unlocked(at) => {
                self.dialog = None;
                self.unlocked(at)
            }
            Event::Answer(answer) => {
                self.dialog = None;
                self.answer(answer)
            }
            Event::Connect(address) => {
                self.dialog = None;
                self.connect(address, crate::servers::Then::Show)
            }
            Event::Login(answer) => {
                self.dialog = None;
                self.on_servers_message(crate::servers::Message::Login(answer))
            }
            Event::Choose(choice) => {
                self.dialog = None;
                self.on_servers_message(crate::servers::Message::Choose(choice))
            }
            Event::GiveUp => {
                self.dialog = None;
                self.on_servers_message(crate::servers::Message::Cancel)
            }
        }
    }

    /// A job's question, or whether to delete for good, was answered.
    fn answer(&mut self, answer: Answer) -> Task<Message> {
        match answer {
            Answer::Conflict {
                job,
                choice,
                for_all,
                new_name,
            } => {
                self.jobs.steer(job, |c| {
                    c.answer(JobAnswer {
                        choice,
                        for_all,
                        new_name,
                    })
                });
                Task::none()
            }
            Answer::Preflight { job, choice } => {
                self.jobs.steer(job, |c| c.answer_preflight(choice));
                Task::none()
            }
            Answer::Password {
                job: Some(job),
                password,
                ..
            } => {
                let password = password.map(|p| p.expose().to_owned());
                self.jobs.steer(job, |c| c.answer_password(password));
                Task::none()
            }
            // An archive opened as a folder: read again with the password.
            Answer::Password {
                job: None,
                archive,
                password: Some(password),
            } => {
                porpoise_engine::archive::browse::give_password(
                    &archive,
                    password.expose().to_owned(),
                );
                self.in_browser(|b, cx| b.pane_message(PaneMsg::Reload, cx))
            }
            Answer::Password { password: None, .. } => Task::none(),
            Answer::Delete(sources) => self.start_job(JobRequest {
                kind: JobKind::Delete,
                sources,
                dest: PathBuf::new(),
                modes: None,
                compress: None,
            }),
            Answer::Trash(sources) => self.start_job(JobRequest {
                kind: JobKind::Trash,
                sources,
                dest: PathBuf::new(),
                modes: None,
                compress: None,
            }),
        }
    }

    /// With no dialog open, the next question of a job shows (after every message); a
    /// password question gets the keyboard in its field.
    pub(super) fn ask_next_question(&mut self) -> Task<Message> {
        if self.dialog.is_none()
            && let Some(ask) = self.jobs.questions.pop_front()
        {
            let typing = matches!(ask, Ask::Password { .. });
            self.dialog = Some(Dialog::Question(Question::new(ask)));
            if typing {
                return iced::widget::operation::focus(crate::dialog::question::PASSWORD_FIELD);
            }
        }
        Task::none()
    }

    /// The jobs a question waits on: the one shown and those in line.
    pub(super) fn jobs_asking(&self) -> Vec<u64> {
        let shown = match &self.dialog {
            Some(Dialog::Question(q)) => Some(&q.ask),
            _ => None,
        };
        shown
            .into_iter()
            .chain(&self.jobs.questions)
            .filter_map(|ask| ask.job().filter(|&job| ask.holds(job)))
            .collect()
    }

    /// A job was cancelled or ended: its questions go (what only tells why it cannot be
    /// done stays until closed).
    pub(super) fn forget_questions(&mut self, job: u64) {
        self.jobs.questions.retain(|ask| !ask.holds(job));
        if matches!(&self.dialog, Some(Dialog::Question(q)) if q.ask.holds(job)) {
            self.dialog = None;
        }
    }

    /// An archive whose names are locked was opened as a folder: ask for its password, in
    /// line with the jobs' questions (one of them may be on screen).
    pub(super) fn ask_archive_password(&mut self, archive: PathBuf, wrong: bool) -> Task<Message> {
        self.jobs.questions.push_back(Ask::Password {
            job: None,
            archive,
            wrong,
            typed: Default::default(),
        });
        self.ask_next_question()
    }

    /// A broken link was opened: say so, and offer to move it to the trash.
    pub(super) fn ask_broken_link(&mut self, link: PathBuf) -> Task<Message> {
        let ask = Question::new(Ask::BrokenLink { link });
        self.show_dialog(Dialog::Question(ask), Task::none())
    }

    /// Shift+Del: ask before deleting `paths` for good.
    pub(super) fn ask_delete(&mut self, paths: Vec<PathBuf>) -> Task<Message> {
        self.ask_delete_as(paths, None)
    }

    /// Delete `paths` for good? `no_trash` names the place they are in when it is
    /// asked because that place keeps no trash.
    pub(super) fn ask_delete_as(
        &mut self,
        paths: Vec<PathBuf>,
        no_trash: Option<String>,
    ) -> Task<Message> {
        let ask = Question::new(Ask::ConfirmDelete { paths, no_trash });
        self.show_dialog(Dialog::Question(ask), Task::none())
    }

    /// The properties of the selected items, or of the shown folder when none is.
    pub(super) fn open_properties(&mut self) -> Task<Message> {
        let mut paths = self.browser.selected_paths();
        if paths.is_empty() {
            paths.push(self.browser.pane().path().to_owned());
        }
        let mime = match paths.as_slice() {
            [one] => self.told_type(one),
            _ => None,
        };
        let mounts = self.places.table().cloned();
        let remote = self.browser.remote().clone();
        let (d, task) = dialog::properties::Properties::open(paths, mounts, remote, mime);
        self.show_dialog(Dialog::Properties(d), task.map(dialog::Message::Properties))
    }

    /// The type of `path` where the pane showing it has told it.
    pub(super) fn told_type(&self, path: &std::path::Path) -> Option<crate::types::Mime> {
        // A row's key is its path below the pane's folder (inside opened folders too).
        self.browser.shown_panes().into_iter().find_map(|p| {
            let key = path.strip_prefix(p.path()).ok()?.as_os_str().as_bytes();
            p.types().of(key).cloned()
        })
    }

    /// The keyboard shortcuts or About.
    pub(super) fn open_help(&mut self, page: dialog::help::Page) -> Task<Message> {
        self.show_dialog(Dialog::Help(dialog::help::Help::open(page)), Task::none())
    }

    pub(super) fn open_preferences(&mut self) -> Task<Message> {
        let (d, task) = Preferences::open();
        self.show_dialog(
            Dialog::Preferences(d),
            task.map(dialog::Message::Preferences),
        )
    }

    /// Several items selected: the batch rename on them, in the order the view shows them
    /// (the numbering follows it). Fewer: nothing.
    pub(super) fn open_batch_rename(&mut self) -> Task<Message> {
        let pane = self.browser.pane();
        if pane.in_trash() || pane.selection().len() < 2 {
            return Task::none();
        }
        let selection = pane.selection();
        let rows = pane.rows();
        // Items of one folder are renamed together: the folder of the first selected row
        // (an opened folder's entries are the rows after it).
        let Some(first) = rows.iter().find(|(_, key)| selection.is_selected(key)) else {
            return Task::none();
        };
        let of = split_key(&first.1).0.to_vec();
        let Some(lister) = rows.lister_of(&of) else {
            return Task::none();
        };
        let items: Vec<Item> = lister
            .iter()
            .filter(|(_, name)| selection.is_selected(&child_key(&of, name)))
            .map(|(e, name)| Item {
                name: OsStr::from_bytes(name).to_owned(),
                is_dir: e.kind() == Kind::Dir,
            })
            .collect();
        if items.len() < 2 {
            return Task::none();
        }
        let taken: HashSet<Vec<u8>> = lister.all_names().map(<[u8]>::to_vec).collect();
        let (d, task) =
            dialog::batch_rename::BatchRename::open(lister.path().to_owned(), items, taken);
        self.show_dialog(
            Dialog::BatchRename(d),
            task.map(dialog::Message::BatchRename),
        )
    }

    /// The chooser for `files` (of types `mimes`); the applications are read first when
    /// they are not yet.
    pub(super) fn open_chooser(
        &mut self,
        files: Vec<PathBuf>,
        mimes: Vec<String>,
    ) -> Task<Message> {
        let (d, task) = dialog::chooser::Chooser::open(files, mimes, self.apps.apps.as_ref());
        let mut tasks =
            vec![self.show_dialog(Dialog::Chooser(d), task.map(dialog::Message::Chooser))];
        if self.apps.apps.is_none() {
            tasks.push(self.reload_apps());
        }
        crate::tasks::batch(tasks)
    }

    /// "Extract To…" for `archives`, the folder field holding `from`.
    pub(super) fn open_extract_to(
        &mut self,
        archives: Vec<PathBuf>,
        from: PathBuf,
    ) -> Task<Message> {
        let (d, task) = dialog::extract_to::ExtractTo::open(archives, from);
        self.show_dialog(Dialog::ExtractTo(d), task.map(dialog::Message::ExtractTo))
    }

    /// "Compress…" for `sources`, into an archive in `folder` named `name` to start.
    pub(super) fn open_compress(
        &mut self,
        sources: Vec<PathBuf>,
        folder: PathBuf,
        name: String,
    ) -> Task<Message> {
        let (d, task) = dialog::compress::Compress::open(sources, folder, name);
        self.show_dialog(Dialog::Compress(d), task.map(dialog::Message::Compress))
    }

    /// The passphrase dialog of a locked volume.
    pub(super) fn open_unlock(
        &mut self,
        volume: porpoise_engine::devices::udisks::Unmounted,
        name: String,
    ) -> Task<Message> {
        let (d, task) = dialog::unlock::Unlock::open(volume, name);
        self.show_dialog(Dialog::Unlock(d), task.map(dialog::Message::Unlock))
    }

    /// The applications were read: an open chooser waiting for them takes them.
    pub(super) fn chooser_gets(&mut self, apps: &std::sync::Arc<porpoise_engine::apps::Apps>) {
        if let Some(Dialog::Chooser(c)) = &mut self.dialog
            && !c.filled()
        {
            c.fill(apps);
        }
    }

    /// A setting changed in Preferences: applied at once, and saved.
    fn apply_setting(&mut self, change: Change) -> Task<Message> {
        match change {
            Change::Theme(choice) => {
                self.settings.theme = choice;
                self.look.theme = crate::theme::for_choice(choice, &self.look.desktop);
                self.save()
            }
            Change::IconTheme(name) => {
                self.settings.icon_theme = name;
                let icons = self.load_theme_icons();
                crate::tasks::batch([icons, self.describe_types_again(), self.save()])
            }
            Change::Language(language) => {
                self.settings.language = language;
                crate::i18n::apply(self.settings.language.as_deref());
                crate::tasks::batch([self.describe_types_again(), self.save()])
            }
            Change::ShowHidden(on) if on != self.settings.show_hidden => {
                self.in_browser(|b, cx| b.toggle_hidden(cx))
            }
            Change::ShowHidden(_) => Task::none(),
            Change::NetworkPreviews(on) => {
                // What was left out is asked for again (`Thumbs::want` sees the change).
                self.settings.previews_on_network = on;
                self.save()
            }
            Change::VerifyCopies(on) => {
                self.settings.verify_copies = on;
                self.save()
            }
            Change::QueuePerDevice(on) => {
                self.settings.queue_per_device = on;
                self.save()
            }
            Change::RestoreTabs(on) => {
                self.settings.restore_tabs = on;
                self.save()
            }
        }
    }
}
