//! Side effects the app asks for. The window turns them into iced tasks in one place
//! ([`Effect::into_task`]); tests run the finite ones on the calling thread
//! ([`Effect::run_blocking`]) with the real engine.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use iced::Task;
use iced::widget::operation::{self, AbsoluteOffset};

use porpoise_engine::listing::{DirEvent, ListOptions, open_dir};

use super::actions::ActionEffect;
use super::devices::DeviceMsg;
use super::icons::desktop;
use super::jobs::JobMsg;
use super::jobs::follow::{self, JobLink};
use super::message::Message;
use super::offload::blocking;
use super::places::{self, UserHome};
use super::settings::{SaveError, Settings};
use super::undo::{self, UndoStep};

/// The id of the filter text input.
pub const FILTER_INPUT: &str = "porpoise-filter";

/// How long settings wait for more changes before they are written.
const SAVE_DELAY: Duration = Duration::from_millis(800);

#[derive(Debug, Clone)]
pub enum Effect {
    /// List (and watch) a folder; its events come back as `Message::Dir(generation, ..)`.
    /// Replaces the listing before.
    OpenDir {
        generation: u64,
        path: PathBuf,
        opts: ListOptions,
    },
    /// Free space of the filesystem holding `path`.
    LoadSpace {
        generation: u64,
        path: PathBuf,
    },
    /// Which user folders exist (the Trash place is this home trash's).
    LoadUserPlaces(UserHome),
    /// Ask for `Message::SaveDue(ticket)` after a short delay (debounce).
    ScheduleSave(u64),
    /// Write the settings file.
    WriteSettings(PathBuf, Settings),
    /// Scroll a pane's file view (the scrollable with this id) to this vertical offset.
    ScrollTo(iced::widget::Id, f32),
    /// Put the keyboard focus in a pane's location input (the one with this id).
    FocusLocation(iced::widget::Id),
    /// Put the keyboard focus in the filter input.
    FocusFilter,
    /// Bring the window to the front and give it the keyboard (another program asked to
    /// show something), answering the launch with this startup ID (empty: none).
    Raise(String),
    /// Put the keyboard focus in a dialog's text input (the one with this id).
    FocusInput(iced::widget::Id),
    /// Choose the icon theme (`setting`, else the desktop's) and read its icons.
    LoadThemeIcons {
        setting: Option<String>,
    },
    /// Start a file job; its events come back as `Message::Jobs(JobMsg::Event(id, ..))`.
    /// In tests the job is followed until it ends or waits for an answer or a resume.
    RunJob(follow::JobRun),
    /// Follow a job on after an answer, a resume or a cancel (tests; in the window the job's
    /// stream never stopped, so this does nothing).
    FollowJob {
        id: u64,
        link: JobLink,
    },
    /// Take an undo step back; ends with `JobMsg::Undone`.
    Undo(UndoStep),
    /// Do an undone move, rename or new folder again; ends with `JobMsg::Redone`.
    Redo(UndoStep),
    /// Work of the file actions (clipboard, create, rename, trash).
    Action(ActionEffect),
    /// Unmount the device mounted here (and eject its drive) through UDisks2; ends with
    /// `DeviceMsg::Ejected`.
    Eject(PathBuf),
    /// Ask UDisks2 for the filesystems nobody has mounted; ends with
    /// `DeviceMsg::Volumes`.
    ListVolumes,
    /// Mount this filesystem through UDisks2; ends with `DeviceMsg::Mounted`.
    MountVolume(porpoise_engine::devices::udisks::Unmounted),
    /// Unlock an encrypted volume with the passphrase and mount it, off the UI thread:
    /// `DeviceMsg::Unlocked`.
    UnlockVolume(
        porpoise_engine::devices::udisks::Unmounted,
        crate::unlock::Passphrase,
    ),
    /// Read the mount table again (after an unmount); ends with `Message::Mounts`.
    ReadMounts,
    /// Close the window (Ctrl+Q, Ctrl+W), as its close button does.
    Close,
    /// Work of the file types (reading the database, telling and describing types).
    Types(crate::types::TypesEffect),
    Thumbs(crate::thumbs::ThumbsEffect),
    /// Work of the properties dialog (reading items, setting permissions).
    Props(crate::properties::PropsEffect),
    /// Work of the Preferences dialog (listing the installed icon themes).
    Prefs(crate::preferences::PrefsEffect),
    /// Work of the applications (reading them, opening files, writing a default) and
    /// the chooser's focus and scrolling.
    Apps(crate::apps::AppsEffect),
    /// Reading and changing the bookmarks file; ends with `BookmarkMsg::Loaded`.
    Bookmarks(crate::bookmarks::BookmarksEffect),
    /// Reading the templates folder, making a new file.
    NewFile(crate::new_file::NewFileEffect),
    /// Offering a drag to other applications (XDND), or ending that; ends with
    /// `DragOutMsg::Ended`.
    DragOut(crate::drag_out::DragOutEffect),
    /// Search from a folder down; its batches come back as `SearchMsg::Event`.
    Search(crate::search::StartSearch),
    /// Put the keyboard focus in the search view's name input.
    FocusSearch,
    /// Count the entries of these folders of `dir`; ends with `Message::FolderCounts`.
    CountFolders {
        generation: u64,
        dir: PathBuf,
        names: Vec<Vec<u8>>,
        hidden: bool,
    },
}

impl Effect {
    /// It acts on the drawn file view or its inputs (scroll, focus), which only the shown
    /// pane has.
    pub fn is_for_the_shown_view(&self) -> bool {
        matches!(
            self,
            Effect::ScrollTo(..)
                | Effect::FocusLocation(_)
                | Effect::FocusFilter
                | Effect::FocusSearch
        )
    }

    /// The task that performs this effect in the window. `OpenDir` tasks are abortable;
    /// the handle comes back so the app can stop the listing when it leaves the folder.
    pub fn into_task(self) -> (Task<Message>, Option<iced::task::Handle>) {
        match self {
            Effect::OpenDir {
                generation,
                path,
                opts,
            } => {
                // Opening reads the mount table: on the stream's thread.
                let stream = crate::stream::starting(move || Some(open_dir(path, opts)));
                let task = Task::run(stream, move |ev| Message::Dir(generation, ev));
                let (task, handle) = task.abortable();
                (task, Some(handle))
            }
            Effect::Search(start) => (crate::search::task(start, Message::Search), None),
            Effect::FocusSearch => (
                Task::batch([
                    operation::focus(crate::search::SEARCH_INPUT),
                    operation::select_all(crate::search::SEARCH_INPUT),
                ]),
                None,
            ),
            Effect::LoadSpace { generation, path } => (
                Task::perform(
                    blocking(move || porpoise_engine::host::space(&path).ok()),
                    move |space| Message::Space(generation, space.flatten()),
                ),
                None,
            ),
            Effect::LoadUserPlaces(home) => (
                Task::perform(
                    {
                        let home = home.clone();
                        blocking(move || places::load_user_places(&home))
                    },
                    move |p| Message::UserPlaces(p.unwrap_or_else(|| places::fixed(&home))),
                ),
                None,
            ),
            Effect::ScheduleSave(ticket) => (
                Task::perform(tokio::time::sleep(SAVE_DELAY), move |()| {
                    Message::SaveDue(ticket)
                }),
                None,
            ),
            Effect::WriteSettings(path, settings) => (
                Task::perform(blocking(move || settings.save(&path)), |r| {
                    Message::Saved(match r {
                        Some(Ok(())) => Ok(()),
                        Some(Err(e)) => Err(Arc::new(e)),
                        None => Err(Arc::new(SaveError::Lost)),
                    })
                }),
                None,
            ),
            Effect::ScrollTo(id, y) => (
                operation::scroll_to(
                    id,
                    AbsoluteOffset {
                        x: None,
                        y: Some(y),
                    },
                ),
                None,
            ),
            Effect::FocusLocation(id) => (
                Task::batch([operation::focus(id.clone()), operation::select_all(id)]),
                None,
            ),
            Effect::FocusInput(id) => (operation::focus(id), None),
            Effect::FocusFilter => (
                Task::batch([
                    operation::focus(FILTER_INPUT),
                    operation::select_all(FILTER_INPUT),
                ]),
                None,
            ),
            Effect::RunJob(run) => (run.task().map(Message::Jobs), None),
            Effect::Close => (iced::exit(), None),
            Effect::Raise(startup_id) => (crate::x11::raise(startup_id), None),
            Effect::CountFolders {
                generation,
                dir,
                names,
                hidden,
            } => (
                Task::perform(
                    blocking(move || count_folders(&dir, &names, hidden)),
                    move |counts| Message::FolderCounts(generation, counts.unwrap_or_default()),
                ),
                None,
            ),
            Effect::FollowJob { .. } => (Task::none(), None),
            Effect::Undo(step) => (
                Task::perform(blocking(move || undo::run(step)), |m| match m {
                    Some((step, result)) => Message::Jobs(JobMsg::Undone(step, result)),
                    None => {
                        tracing::error!("the undo thread panicked");
                        Message::Tick
                    }
                }),
                None,
            ),
            Effect::Redo(step) => (
                Task::perform(blocking(move || undo::redo::run(step)), |m| match m {
                    Some((step, result)) => Message::Jobs(JobMsg::Redone(step, result)),
                    None => {
                        tracing::error!("the redo thread panicked");
                        Message::Tick
                    }
                }),
                None,
            ),
            Effect::LoadThemeIcons { setting } => (
                Task::perform(
                    blocking(move || desktop::load(setting.as_deref())),
                    |icons| Message::ThemeIcons(icons.unwrap_or_default()),
                ),
                None,
            ),
            Effect::Action(a) => (a.into_task(), None),
            Effect::Types(t) => (t.into_task(), None),
            Effect::Thumbs(t) => (t.into_task(Message::Thumbs, Message::Tick), None),
            Effect::Props(p) => (p.into_task(Message::Props, Message::Tick), None),
            Effect::Prefs(p) => (p.into_task(Message::Prefs, Message::Tick), None),
            Effect::Apps(a) => (a.into_task(), None),
            Effect::Bookmarks(b) => (b.into_task(Message::Bookmarks, Message::Tick), None),
            Effect::NewFile(n) => (n.into_task(Message::NewFile, Message::Tick), None),
            Effect::DragOut(d) => (d.into_task(Message::DragOut), None),
            Effect::Eject(path) => {
                let at = path.clone();
                (
                    Task::perform(blocking(move || eject(&at)), move |r| match r {
                        Some(r) => Message::Devices(DeviceMsg::Ejected(path.clone(), r)),
                        None => {
                            tracing::error!("the unmount thread panicked");
                            Message::Tick
                        }
                    }),
                    None,
                )
            }
            Effect::ListVolumes => (
                crate::offload::off_ui_thread(
                    "a devices worker",
                    || Some(Message::Devices(DeviceMsg::Volumes(volumes()))),
                    Message::Tick,
                ),
                None,
            ),
            Effect::MountVolume(volume) => (
                crate::offload::off_ui_thread(
                    "a mounting worker",
                    move || Some(Message::Devices(mount(&volume))),
                    Message::Tick,
                ),
                None,
            ),
            Effect::UnlockVolume(volume, passphrase) => (
                crate::offload::off_ui_thread(
                    "an unlocking worker",
                    move || Some(Message::Devices(unlock(&volume, &passphrase))),
                    Message::Tick,
                ),
                None,
            ),
            Effect::ReadMounts => (
                Task::perform(blocking(porpoise_engine::mounts::current), |r| match r {
                    Some(Ok(table)) => Message::Mounts(table),
                    Some(Err(e)) => {
                        tracing::warn!("{}", porpoise_engine::error::chain(&e));
                        Message::Tick
                    }
                    None => Message::Tick,
                }),
                None,
            ),
        }
    }

    /// Run a finite effect on this thread and return the messages it produces, in order.
    /// `OpenDir` lists without watching, until `Complete`, `Unchanged` or `Failed`.
    /// Delays, scrolling and focus do nothing here (they need a window); settings are
    /// written, theme icons read and files opened (with the applications of the
    /// environment the test gave). `RunJob` and `FollowJob`
    /// follow the job until it ends or waits for an answer or a resume; undo runs to its end.
    pub fn run_blocking(self) -> Vec<Message> {
        match self {
            Effect::OpenDir {
                generation,
                path,
                mut opts,
            } => {
                opts.watch = false;
                let events = open_dir(path, opts);
                let mut out = Vec::new();
                while let Some(ev) = events.next() {
                    let last = matches!(
                        ev,
                        DirEvent::Complete | DirEvent::Unchanged | DirEvent::Failed(_)
                    );
                    out.push(Message::Dir(generation, ev));
                    if last {
                        break;
                    }
                }
                out
            }
            Effect::Search(start) => crate::search::run_blocking(start)
                .into_iter()
                .map(Message::Search)
                .collect(),
            Effect::LoadSpace { generation, path } => {
                vec![Message::Space(
                    generation,
                    porpoise_engine::host::space(&path).ok(),
                )]
            }
            Effect::LoadUserPlaces(home) => {
                vec![Message::UserPlaces(places::load_user_places(&home))]
            }
            Effect::LoadThemeIcons { setting } => {
                vec![Message::ThemeIcons(desktop::load(setting.as_deref()))]
            }
            Effect::RunJob(run) => jobs_said(run.follow_blocking()),
            Effect::FollowJob { id, link } => jobs_said(follow::resume_blocking(id, &link)),
            Effect::Undo(step) => {
                let (step, result) = undo::run(step);
                vec![Message::Jobs(JobMsg::Undone(step, result))]
            }
            Effect::Redo(step) => {
                let (step, result) = undo::redo::run(step);
                vec![Message::Jobs(JobMsg::Redone(step, result))]
            }
            Effect::WriteSettings(path, settings) => {
                vec![Message::Saved(settings.save(&path).map_err(Arc::new))]
            }
            Effect::Action(a) => a.run_blocking(),
            Effect::Types(t) => t.run_blocking(),
            Effect::Thumbs(t) => t.run_blocking().into_iter().map(Message::Thumbs).collect(),
            Effect::Props(p) => p.run_blocking().into_iter().map(Message::Props).collect(),
            Effect::Prefs(p) => p.run_blocking().into_iter().map(Message::Prefs).collect(),
            Effect::Apps(a) => a.run_blocking(),
            Effect::Bookmarks(b) => b
                .run_blocking()
                .into_iter()
                .map(Message::Bookmarks)
                .collect(),
            Effect::NewFile(n) => n.run_blocking().into_iter().map(Message::NewFile).collect(),
            Effect::DragOut(d) => d.run_blocking().into_iter().map(Message::DragOut).collect(),
            Effect::Eject(path) => {
                let r = eject(&path);
                vec![Message::Devices(DeviceMsg::Ejected(path, r))]
            }
            Effect::ListVolumes => vec![Message::Devices(DeviceMsg::Volumes(volumes()))],
            Effect::MountVolume(volume) => vec![Message::Devices(mount(&volume))],
            Effect::UnlockVolume(volume, passphrase) => {
                vec![Message::Devices(unlock(&volume, &passphrase))]
            }
            Effect::CountFolders {
                generation,
                dir,
                names,
                hidden,
            } => vec![Message::FolderCounts(
                generation,
                count_folders(&dir, &names, hidden),
            )],
            Effect::ReadMounts => match porpoise_engine::mounts::current() {
                Ok(table) => vec![Message::Mounts(table)],
                Err(e) => {
                    tracing::warn!("{}", porpoise_engine::error::chain(&e));
                    Vec::new()
                }
            },
            Effect::Close
            | Effect::Raise(_)
            | Effect::ScheduleSave(_)
            | Effect::ScrollTo(..)
            | Effect::FocusLocation(_)
            | Effect::FocusFilter
            | Effect::FocusInput(_)
            | Effect::FocusSearch => Vec::new(),
        }
    }
}

/// The filesystems UDisks2 knows that nobody has mounted (blocking); none when it cannot
/// be asked.
fn volumes() -> Vec<porpoise_engine::devices::udisks::Unmounted> {
    porpoise_engine::devices::udisks::Bus::System
        .unmounted()
        .unwrap_or_else(|e| {
            tracing::info!("no devices to mount: {}", porpoise_engine::error::chain(&e));
            Vec::new()
        })
}

/// Mount `volume` through UDisks2 (blocking).
fn mount(volume: &porpoise_engine::devices::udisks::Unmounted) -> DeviceMsg {
    DeviceMsg::Mounted {
        name: crate::devices::volume_name(volume),
        result: porpoise_engine::devices::udisks::Bus::System
            .mount(volume)
            .map_err(std::sync::Arc::new),
    }
}

/// Unlock `volume` and mount it through UDisks2 (blocking).
fn unlock(
    volume: &porpoise_engine::devices::udisks::Unmounted,
    passphrase: &crate::unlock::Passphrase,
) -> DeviceMsg {
    DeviceMsg::Unlocked(
        porpoise_engine::devices::udisks::Bus::System
            .unlock(volume, passphrase.expose())
            .map_err(std::sync::Arc::new),
    )
}

/// Unmount and eject through UDisks2 (blocking).
fn eject(
    path: &std::path::Path,
) -> Result<(), std::sync::Arc<porpoise_engine::devices::udisks::UdisksError>> {
    porpoise_engine::devices::udisks::eject(path).map_err(std::sync::Arc::new)
}

/// The entry counts of folders `names` of `dir` (a folder that cannot be read has none).
fn count_folders(dir: &std::path::Path, names: &[Vec<u8>], hidden: bool) -> Vec<(Vec<u8>, u64)> {
    let mut counts = Vec::with_capacity(names.len());
    let r = porpoise_engine::listing::count_children(dir, names, hidden, &mut |n, c| {
        counts.push((n.to_vec(), c));
        true
    });
    if let Err(e) = r {
        tracing::info!("{}", porpoise_engine::error::chain(&e));
    }
    counts
}

fn jobs_said(said: Vec<JobMsg>) -> Vec<Message> {
    said.into_iter().map(Message::Jobs).collect()
}
