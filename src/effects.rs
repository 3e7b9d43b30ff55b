//! Side effects the app asks for, turned into iced tasks in one place
//! ([`Effect::into_task`]); the window's runtime (and the tests' headless one) runs them.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use iced::Task;
use iced::widget::operation::{self, AbsoluteOffset};

use super::actions::ActionEffect;
use super::icons::desktop;
use super::message::Message;
use super::offload::blocking;
use super::settings::{SaveError, Settings};

/// A part's task, carried as an effect.
pub struct Work(pub Task<Message>);

impl Effect {
    /// `task` as effects: none when it does nothing.
    pub fn task(task: Task<Message>) -> Vec<Effect> {
        match task.units() {
            0 => Vec::new(),
            _ => vec![Effect::Task(Work(task))],
        }
    }
}

impl From<Task<Message>> for Work {
    fn from(task: Task<Message>) -> Work {
        Work(task)
    }
}

impl std::fmt::Debug for Work {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Work")
    }
}

/// The id of the filter text input.
pub const FILTER_INPUT: &str = "porpoise-filter";

/// How long settings wait for more changes before they are written.
const SAVE_DELAY: Duration = Duration::from_millis(800);

#[derive(Debug)]
pub enum Effect {
    /// A task of a part of the window that runs its own work (the dialogs).
    Task(Work),
    /// Free space of the filesystem holding `path`.
    LoadSpace {
        generation: u64,
        path: PathBuf,
    },
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
    /// Choose the icon theme (`setting`, else the desktop's) and read its icons.
    LoadThemeIcons {
        setting: Option<String>,
    },
    /// Work of the file actions (clipboard, create, rename, trash).
    Action(ActionEffect),
    /// Close the window (Ctrl+Q, Ctrl+W), as its close button does.
    Close,
    /// Work of the file types (reading the database, telling and describing types).
    Types(crate::types::TypesEffect),
    Thumbs(crate::thumbs::ThumbsEffect),
    /// Work of the applications (reading them, opening files, writing a default) and
    /// the chooser's focus and scrolling.
    Apps(crate::apps::AppsEffect),
    /// Reading the templates folder, making a new file.
    NewFile(crate::screen::browser::templates::NewFileEffect),
    /// Offering a drag to other applications (XDND), or ending that; ends with
    /// `DragOutMsg::Ended`.
    DragOut(crate::drag_out::DragOutEffect),
    /// Search from a folder down; its batches come back as `SearchMsg::Event`.
    Search(crate::screen::browser::search::StartSearch),
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

    /// The task that performs this effect.
    pub fn into_task(self) -> Task<Message> {
        match self {
            Effect::Task(Work(task)) => task,
            Effect::Search(start) => crate::screen::browser::search::task(start, |m| {
                Message::Browser(crate::screen::browser::Message::Search(m))
            }),
            Effect::FocusSearch => Task::batch([
                operation::focus(crate::screen::browser::search::SEARCH_INPUT),
                operation::select_all(crate::screen::browser::search::SEARCH_INPUT),
            ]),
            Effect::LoadSpace { generation, path } => Task::perform(
                blocking(move || porpoise_engine::host::space(&path).ok()),
                move |space| {
                    Message::Browser(crate::screen::browser::Message::Space(
                        generation,
                        space.flatten(),
                    ))
                },
            ),
            Effect::ScheduleSave(ticket) => {
                Task::perform(tokio::time::sleep(SAVE_DELAY), move |()| {
                    Message::SaveDue(ticket)
                })
            }
            Effect::WriteSettings(path, settings) => {
                Task::perform(blocking(move || settings.save(&path)), |r| {
                    Message::Saved(match r {
                        Some(Ok(())) => Ok(()),
                        Some(Err(e)) => Err(Arc::new(e)),
                        None => Err(Arc::new(SaveError::Lost)),
                    })
                })
            }
            Effect::ScrollTo(id, y) => operation::scroll_to(
                id,
                AbsoluteOffset {
                    x: None,
                    y: Some(y),
                },
            ),
            Effect::FocusLocation(id) => {
                Task::batch([operation::focus(id.clone()), operation::select_all(id)])
            }
            Effect::FocusFilter => Task::batch([
                operation::focus(FILTER_INPUT),
                operation::select_all(FILTER_INPUT),
            ]),
            Effect::Close => iced::exit(),
            Effect::Raise(startup_id) => crate::x11::raise(startup_id),
            Effect::CountFolders {
                generation,
                dir,
                names,
                hidden,
            } => Task::perform(
                blocking(move || count_folders(&dir, &names, hidden)),
                move |counts| {
                    Message::Browser(crate::screen::browser::Message::FolderCounts(
                        generation,
                        counts.unwrap_or_default(),
                    ))
                },
            ),
            Effect::LoadThemeIcons { setting } => Task::perform(
                blocking(move || desktop::load(setting.as_deref())),
                |icons| Message::ThemeIcons(icons.unwrap_or_default()),
            ),
            Effect::Action(a) => a.into_task(),
            Effect::Types(t) => t.into_task(),
            Effect::Thumbs(t) => t.into_task(Message::Thumbs),
            Effect::Apps(a) => a.into_task(),
            Effect::NewFile(n) => {
                n.into_task(|m| Message::Browser(crate::screen::browser::Message::NewFile(m)))
            }
            Effect::DragOut(d) => d.into_task(Message::DragOut),
        }
    }
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
