//! The one thread that runs GLib's default main context for every upload, from the first
//! upload to the end of the process. GVfs answers GIO's asynchronous calls only on that
//! context, and gio-rs hands each answer to the thread that made the call (an answer on
//! another thread aborts the program). With every upload's calls made on this thread, an
//! answer that comes late (a close an upload stopped waiting for, a call it cancelled)
//! still comes where it was asked for.

use std::future::Future;
use std::sync::OnceLock;

use gio::glib;

/// Run the future that `make` makes on the uploads' thread, and wait for its output.
/// `None` when the thread could not start or the work panicked.
pub(super) fn run<T, F>(make: impl FnOnce() -> F + Send + 'static) -> Option<T>
where
    T: Send + 'static,
    F: Future<Output = T> + 'static,
{
    let (done, output) = crossbeam_channel::bounded(1);
    home()?.invoke(move || {
        // On the uploads' thread, whose own context is GLib's default one.
        glib::spawn_future_local(async move {
            let _ = done.send(make().await);
        });
    });
    output.recv().ok()
}

/// GLib's default main context, run by the uploads' thread (started at the first call).
fn home() -> Option<&'static glib::MainContext> {
    static HOME: OnceLock<Option<glib::MainContext>> = OnceLock::new();
    HOME.get_or_init(start).as_ref()
}

/// Start the uploads' thread; the default main context once the thread owns it.
fn start() -> Option<glib::MainContext> {
    let main = glib::MainContext::default();
    let (ready, owned) = crossbeam_channel::bounded::<bool>(1);
    let context = main.clone();
    let spawned = std::thread::Builder::new()
        .name("porpoise-uploads".into())
        .spawn(move || {
            let running = ready.clone();
            let ran = context.with_thread_default(|| {
                let _ = running.send(true);
                glib::MainLoop::new(Some(&context), false).run();
            });
            if let Err(e) = ran {
                tracing::error!("the uploads' thread cannot own GLib's main context: {e}");
                let _ = ready.send(false);
            }
        });
    if let Err(e) = spawned {
        tracing::error!("cannot start the uploads' thread: {e}");
        return None;
    }
    owned.recv().unwrap_or(false).then_some(main)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_from_many_threads_runs_on_the_one_uploads_thread() {
        let names: Vec<String> = (0..4)
            .map(|_| std::thread::spawn(|| run(|| async { thread_name() }).expect("ran")))
            .map(|t| t.join().expect("joined"))
            .collect();
        assert_eq!(names, vec!["porpoise-uploads"; 4]);
        // A call answered after the work that made it ended still comes to this thread.
        let late = run(|| async {
            let (tx, rx) = crossbeam_channel::bounded(1);
            glib::timeout_add_local_once(std::time::Duration::from_millis(50), move || {
                let _ = tx.send(thread_name());
            });
            rx
        })
        .expect("ran");
        let answered = late
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("the late answer came");
        assert_eq!(answered, "porpoise-uploads");
    }

    #[test]
    fn work_that_panics_is_none_and_the_thread_goes_on() {
        let panicked: Option<()> = run(|| async { panic!("on purpose") });
        assert_eq!(panicked, None);
        assert_eq!(run(|| async { 7 }), Some(7));
    }

    fn thread_name() -> String {
        std::thread::current()
            .name()
            .unwrap_or_default()
            .to_string()
    }
}
