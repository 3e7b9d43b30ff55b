//! The window's runtime without a window: the tasks `App::update` returns and the engine
//! work `App::work` subscribes to run on a tokio runtime of their own, as iced runs them in
//! the window, and their messages go back through `App::update` on the test's thread
//! until nothing the person would wait for is under way. What needs a window (focus,
//! scrolling, the window's own actions) is passed over.

use std::collections::HashMap;
use std::hash::Hasher as _;
use std::sync::mpsc;
use std::time::Instant;

use iced::Task;
use iced::advanced::subscription::{self, Hasher};
use iced::futures::StreamExt;
use porpoise::request::JobRequest;
use porpoise::{App, Message};

use super::TIMEOUT;

/// What the runtime's workers hand back to the test's thread.
enum Out {
    Message(Message),
    /// A task's stream ended.
    TaskEnded,
}

/// The app with its runtime: the tasks and subscriptions it started keep running between
/// the test's steps (a folder stays watched, a job waiting for an answer waits).
pub struct Ui {
    app: App,
    runtime: Option<tokio::runtime::Runtime>,
    sender: mpsc::Sender<Out>,
    receiver: mpsc::Receiver<Out>,
    /// Tasks whose streams have not ended.
    tasks: usize,
    /// The running subscriptions, by their identity.
    subscriptions: HashMap<u64, tokio::task::AbortHandle>,
    /// The number of the last job seen: jobs with a larger one were asked for since.
    last_job: u64,
}

impl Ui {
    /// The app `boot` makes (inside the runtime, where timers and blocking work can be
    /// set up), with the task it starts with running.
    pub fn booting(boot: impl FnOnce() -> (App, Task<Message>)) -> Ui {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let (app, task) = {
            let _inside = runtime.enter();
            boot()
        };
        let (sender, receiver) = mpsc::channel();
        let mut ui = Ui {
            app,
            runtime: Some(runtime),
            sender,
            receiver,
            tasks: 0,
            subscriptions: HashMap::new(),
            last_job: 0,
        };
        ui.run(task);
        ui.subscribe();
        ui
    }

    fn runtime(&self) -> &tokio::runtime::Runtime {
        self.runtime
            .as_ref()
            .expect("the runtime runs until the end")
    }

    /// Run `task` as the window's runtime would; its messages come back later.
    pub fn run(&mut self, task: Task<Message>) {
        let Some(mut stream) = iced_runtime::task::into_stream(task) else {
            return;
        };
        self.tasks += 1;
        let sender = self.sender.clone();
        self.runtime().spawn(async move {
            while let Some(action) = stream.next().await {
                // Actions that need a window (focus, scrolling, the window's id) are
                // dropped: a task waiting on one ends.
                if let iced_runtime::Action::Output(m) = action
                    && sender.send(Out::Message(m)).is_err()
                {
                    return;
                }
            }
            let _ = sender.send(Out::TaskEnded);
        });
    }

    /// Start the subscriptions the app asks for now and stop those it no longer asks for.
    fn subscribe(&mut self) {
        let mut wanted = HashMap::new();
        for recipe in subscription::into_recipes(self.app.work()) {
            let mut hasher = Hasher::default();
            recipe.hash(&mut hasher);
            wanted.insert(hasher.finish(), recipe);
        }
        self.subscriptions.retain(|id, handle| {
            let keep = wanted.contains_key(id);
            if !keep {
                handle.abort();
            }
            keep
        });
        let handle = self.runtime().handle().clone();
        let _inside = handle.enter();
        for (id, recipe) in wanted {
            if self.subscriptions.contains_key(&id) {
                continue;
            }
            let mut stream = recipe.stream(Box::pin(iced::futures::stream::pending()));
            let sender = self.sender.clone();
            let handle = self.runtime().spawn(async move {
                while let Some(m) = stream.next().await {
                    if sender.send(Out::Message(m)).is_err() {
                        return;
                    }
                }
            });
            self.subscriptions.insert(id, handle.abort_handle());
        }
    }

    /// Hand `message` to the app as the window would (inside its runtime, where timers
    /// and blocking work can be set up), and run what it asks for.
    pub fn update(&mut self, message: Message) {
        let task = self.within(|app| app.update(message));
        self.run(task);
        self.subscribe();
    }

    /// Hand `message` to the app as [`Ui::update`] does, but return what it asks for
    /// instead of running it (nor the subscriptions it asks for: [`Ui::settle`] starts
    /// them).
    pub fn handle(&mut self, message: Message) -> Task<Message> {
        self.within(|app| app.update(message))
    }

    /// Do `f` to the app inside the runtime, as the window does its updates.
    pub fn within<T>(&mut self, f: impl FnOnce(&mut App) -> T) -> T {
        let handle = self.runtime().handle().clone();
        let _inside = handle.enter();
        f(&mut self.app)
    }

    /// Take the messages of the running work until no task is left and the app is at
    /// rest (every folder listed, every job done or waiting on the person), failing after
    /// `TIMEOUT`.
    pub fn settle(&mut self) {
        self.settle_until(|_| true);
    }

    /// [`Ui::settle`], and further until `done` holds of the app.
    pub fn settle_until(&mut self, done: impl Fn(&App) -> bool) {
        // What the app was handed directly (`Ui::handle`) may have started work.
        self.subscribe();
        let deadline = Instant::now() + TIMEOUT;
        while self.tasks > 0 || !self.app.is_at_rest() || !done(&self.app) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.receiver.recv_timeout(left) {
                Ok(Out::Message(m)) => self.update(m),
                Ok(Out::TaskEnded) => self.tasks -= 1,
                Err(_) => panic!(
                    "the app came to rest within {TIMEOUT:?} ({} tasks running, at rest: {})",
                    self.tasks,
                    self.app.is_at_rest()
                ),
            }
        }
    }

    /// The jobs asked for since the last call (in the job panel, as the window started
    /// them).
    pub fn take_requests(&mut self) -> Vec<JobRequest> {
        let last = self.last_job;
        let new: Vec<&porpoise::screen::jobs::entry::JobEntry> = self
            .app
            .jobs()
            .entries
            .iter()
            .filter(|e| e.id > last)
            .collect();
        self.last_job = new.iter().map(|e| e.id).max().unwrap_or(last);
        new.into_iter().map(|e| e.request.clone()).collect()
    }
}

impl std::ops::Deref for Ui {
    type Target = App;

    fn deref(&self) -> &App {
        &self.app
    }
}

impl std::ops::DerefMut for Ui {
    fn deref_mut(&mut self) -> &mut App {
        &mut self.app
    }
}

impl Drop for Ui {
    fn drop(&mut self) {
        // Workers still forwarding stop on their own once nobody listens.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}
