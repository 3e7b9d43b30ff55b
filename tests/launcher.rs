//! The window's launcher: a helper process, started before any job, that starts the
//! command lines the window planned (the engine's `apps::Launch`) detached. A small
//! script stands for an application and records the arguments it was given; a program
//! that cannot start comes back as the engine's error; and the window's opening work, on
//! a desktop with no application for a file, hands the file back with its type (for the
//! chooser) instead of starting anything.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use porpoise::apps::work::Loaded;
use porpoise::apps::{AppsEffect, AppsMsg};
use porpoise::launcher::Launcher;
use porpoise_engine::apps::{Env, Launch, LaunchError};
use porpoise_testkit::{PATIENCE, wait_for};

/// An executable script in `dir` that writes its arguments (NUL-terminated) to `out`.
fn recorder(dir: &Path, out: &Path) -> PathBuf {
    let script = dir.join("recorder");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nprintf '%s\\0' \"$@\" > '{0}.tmp' && mv '{0}.tmp' '{0}'\n",
            out.display()
        ),
    )
    .expect("write the recorder");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    script
}

/// The arguments the recorder got, once it has run.
fn recorded(out: &Path) -> Vec<OsString> {
    let bytes = wait_for(&format!("{}", out.display()), PATIENCE, || {
        std::fs::read(out).ok()
    });
    bytes
        .split(|&b| b == 0)
        .filter(|a| !a.is_empty())
        .map(|a| OsString::from_vec(a.to_vec()))
        .collect()
}

fn launch_of(argv: Vec<OsString>, files: Vec<PathBuf>) -> Launch {
    Launch {
        app: "recorder.desktop".into(),
        argv,
        dir: None,
        files,
    }
}

fn helper() -> Launcher {
    Launcher::start(Path::new(env!("CARGO_BIN_EXE_porpoise-window"))).expect("start the launcher")
}

#[test]
fn a_launch_reaches_its_program_byte_for_byte() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("recorded");
    let script = recorder(tmp.path(), &out);
    let mut launcher = helper();
    assert_ne!(launcher.pid(), std::process::id());

    let odd = tmp
        .path()
        .join(OsStr::from_bytes(b"caf\xe9 with space.txt"));
    let plain = tmp.path().join("plain.txt");
    let argv = vec![
        script.clone().into_os_string(),
        odd.clone().into_os_string(),
        plain.clone().into_os_string(),
    ];
    let started = launcher.launch(&launch_of(argv, vec![odd.clone(), plain.clone()]));
    assert!(matches!(started, Ok(Ok(()))), "{started:?}");
    assert_eq!(
        recorded(&out),
        [odd.into_os_string(), plain.into_os_string()]
    );

    // A second request on the same helper.
    std::fs::remove_file(&out).expect("rm");
    let argv = vec![script.into_os_string(), "--second".into()];
    let started = launcher.launch(&launch_of(argv, Vec::new()));
    assert!(matches!(started, Ok(Ok(()))), "{started:?}");
    assert_eq!(recorded(&out), [OsString::from("--second")]);
}

#[test]
fn a_program_that_cannot_start_comes_back_as_its_error() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut launcher = helper();
    let missing = tmp.path().join("no-such-program");
    match launcher.launch(&launch_of(vec![missing.clone().into()], Vec::new())) {
        Ok(Err(LaunchError::Start { program, source })) => {
            assert_eq!(program, missing);
            assert_eq!(source.kind(), std::io::ErrorKind::NotFound);
        }
        other => panic!("expected: the program cannot start, got {other:?}"),
    }
    // A folder to run in that is not there.
    let out = tmp.path().join("recorded");
    let script = recorder(tmp.path(), &out);
    let gone = tmp.path().join("gone");
    let mut in_gone = launch_of(vec![script.clone().into()], Vec::new());
    in_gone.dir = Some(gone.clone());
    match launcher.launch(&in_gone) {
        Ok(Err(LaunchError::Folder { dir, .. })) => assert_eq!(dir, gone),
        other => panic!("expected: no folder to run in, got {other:?}"),
    }
    // The helper still serves.
    let started = launcher.launch(&launch_of(vec![script.into(), "after".into()], Vec::new()));
    assert!(matches!(started, Ok(Ok(()))), "{started:?}");
    assert_eq!(recorded(&out), [OsString::from("after")]);
}

#[test]
fn a_desktop_without_an_application_for_the_file_hands_it_back_with_its_type() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let file = tmp.path().join("notes.txt");
    std::fs::write(&file, b"words\n").expect("write");
    // A desktop of its own with no applications at all.
    let open = AppsEffect::Open {
        files: vec![file.clone()],
        with: None,
        cx: Loaded {
            env: Env::under(tmp.path()),
            db: None,
            apps: None,
        },
    };
    match outputs(open.into_task()).as_slice() {
        [AppsMsg::Opened(o)] => {
            assert!(o.failures.is_empty(), "{:?}", o.failures);
            assert_eq!(o.unopened, [(file, "text/plain".to_owned())]);
        }
        other => panic!("expected what opening said, got {other:?}"),
    }
}

/// The messages `task` produces, run to its end as the window's runtime runs it.
fn outputs<M: Send + 'static>(task: iced::Task<M>) -> Vec<M> {
    use iced::futures::StreamExt;
    let Some(stream) = iced_runtime::task::into_stream(task) else {
        return Vec::new();
    };
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let actions = runtime.block_on(async {
        tokio::time::timeout(
            std::time::Duration::from_secs(60),
            stream.collect::<Vec<_>>(),
        )
        .await
        .expect("the task ended in time")
    });
    actions
        .into_iter()
        .filter_map(|a| match a {
            iced_runtime::Action::Output(m) => Some(m),
            _ => None,
        })
        .collect()
}
