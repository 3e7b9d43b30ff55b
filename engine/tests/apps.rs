//! Applications that open files, on temp XDG folders of desktop entries and association
//! files (the system's MIME database for types and their parents): the MIME Applications
//! spec's precedence (user config over system, a desktop's own lists first, removed
//! associations hide, `mimeinfo.cache` adds, entries of the user hide the system's), the
//! chooser's list, `Exec` expansion for every field code on names with spaces, quotes and
//! bytes that are not UTF-8, `Terminal=true`, writing a default, and detached launches.

use std::ffi::OsString;
use std::fs;
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};

use porpoise_engine::apps::{self, Apps, Env, Launch, LaunchError, OpenError};
use porpoise_engine::mime::MimeDb;
use porpoise_testkit::trees::new_folder;
use porpoise_testkit::{PATIENCE, wait_for};

/// Temp XDG folders: `config` (XDG_CONFIG_HOME), `etc` (XDG_CONFIG_DIRS), `data`
/// (XDG_DATA_HOME) and `sys` (XDG_DATA_DIRS).
struct Desk {
    root: tempfile::TempDir,
    env: Env,
}

impl Desk {
    fn new() -> Desk {
        let root = tempfile::tempdir().expect("tempdir");
        let p = root.path();
        let env = Env {
            config_home: Some(p.join("config")),
            config_dirs: vec![p.join("etc")],
            data_home: Some(p.join("data")),
            data_dirs: vec![p.join("sys")],
            ..Env::default()
        };
        Desk { root, env }
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.root.path().join(rel)
    }

    /// Write `text` at `rel` (folders made).
    fn write(&self, rel: &str, text: &str) -> PathBuf {
        let path = self.path(rel);
        fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
        fs::write(&path, text).expect("write");
        path
    }

    /// An application entry `id` in `folder` (`data` or `sys`), opening `mime` (`;`
    /// list) with `Exec=prog-<name> %f`, plus `extra` lines.
    fn app(&self, folder: &str, id: &str, mime: &str, extra: &str) -> PathBuf {
        let name = id.trim_end_matches(".desktop");
        self.write(
            &format!("{folder}/applications/{id}"),
            &format!(
                "[Desktop Entry]\nType=Application\nName={name}\nExec=prog-{name} %f\nMimeType={mime}\n{extra}"
            ),
        )
    }

    /// An empty program `bin/<name>` that may be run; its path.
    fn program(&self, name: &str) -> PathBuf {
        let p = self.write(&format!("bin/{name}"), "#!/bin/sh\n");
        fs::set_permissions(&p, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .expect("chmod");
        p
    }

    fn load(&self) -> Apps {
        Apps::load(&self.env, &MimeDb::load())
    }
}

fn ids(apps: &[&apps::App]) -> Vec<String> {
    apps.iter().map(|a| a.id.clone()).collect()
}

fn default_id(apps: &Apps, db: &MimeDb, mime: &str) -> Option<String> {
    apps.default_for(db, mime).map(|a| a.id.clone())
}

const TYPE: &str = "application/x-porpoise-test";

#[test]
fn user_config_comes_before_the_system_and_the_data_folders() {
    let db = MimeDb::load();
    let desk = Desk::new();
    for id in ["a.desktop", "b.desktop", "c.desktop", "d.desktop"] {
        desk.app("sys", id, TYPE, "");
    }
    // With no list at all, the first entry of the type is the default.
    assert_eq!(
        default_id(&desk.load(), &db, TYPE).as_deref(),
        Some("a.desktop")
    );
    desk.write(
        "sys/applications/mimeapps.list",
        &format!("[Default Applications]\n{TYPE}=d.desktop\n"),
    );
    assert_eq!(
        default_id(&desk.load(), &db, TYPE).as_deref(),
        Some("d.desktop")
    );
    desk.write(
        "etc/mimeapps.list",
        &format!("[Default Applications]\n{TYPE}=c.desktop;\n"),
    );
    assert_eq!(
        default_id(&desk.load(), &db, TYPE).as_deref(),
        Some("c.desktop")
    );
    // A default that is not installed gives way to the next one of the same list.
    desk.write(
        "config/mimeapps.list",
        &format!("[Default Applications]\n{TYPE}=gone.desktop;b.desktop;\n"),
    );
    assert_eq!(
        default_id(&desk.load(), &db, TYPE).as_deref(),
        Some("b.desktop")
    );
    // The default leads "Open with", the rest follow, each once.
    assert_eq!(
        ids(&desk.load().for_type(&db, TYPE)),
        ["b.desktop", "a.desktop", "c.desktop", "d.desktop"]
    );
}

#[test]
fn a_desktops_own_lists_come_first_and_set_defaults_only() {
    let db = MimeDb::load();
    let mut desk = Desk::new();
    for id in ["a.desktop", "b.desktop", "c.desktop"] {
        desk.app("sys", id, TYPE, "");
    }
    desk.app("sys", "extra.desktop", "text/x-other", "");
    desk.write(
        "config/mimeapps.list",
        &format!("[Default Applications]\n{TYPE}=a.desktop\n"),
    );
    desk.write(
        "config/gnome-mimeapps.list",
        &format!(
            "[Default Applications]\n{TYPE}=b.desktop\n[Added Associations]\n{TYPE}=extra.desktop;\n"
        ),
    );
    desk.write(
        "sys/applications/ubuntu-mimeapps.list",
        &format!("[Default Applications]\n{TYPE}=c.desktop\n"),
    );
    assert_eq!(
        default_id(&desk.load(), &db, TYPE).as_deref(),
        Some("a.desktop")
    );
    // XDG_CURRENT_DESKTOP=ubuntu:GNOME: lists are named in lowercase, folder by folder.
    desk.env.desktops = vec!["ubuntu".into(), "GNOME".into()];
    let apps = desk.load();
    assert_eq!(default_id(&apps, &db, TYPE).as_deref(), Some("b.desktop"));
    assert!(
        !ids(&apps.for_type(&db, TYPE)).contains(&"extra.desktop".to_owned()),
        "a desktop's own list adds no associations"
    );
    fs::remove_file(desk.path("config/gnome-mimeapps.list")).expect("rm");
    fs::remove_file(desk.path("config/mimeapps.list")).expect("rm");
    assert_eq!(
        default_id(&desk.load(), &db, TYPE).as_deref(),
        Some("c.desktop")
    );
}

#[test]
fn removed_associations_hide_and_added_ones_add() {
    let db = MimeDb::load();
    let desk = Desk::new();
    desk.app("data", "mine.desktop", TYPE, "");
    desk.app("sys", "a.desktop", TYPE, "");
    desk.app("sys", "b.desktop", TYPE, "");
    desk.app("sys", "other.desktop", "text/x-other", "");
    desk.write(
        "config/mimeapps.list",
        &format!("[Removed Associations]\n{TYPE}=a.desktop;\n[Added Associations]\n{TYPE}=other.desktop;\n"),
    );
    // A system list removes only entries of its own folder or below: not the user's.
    desk.write(
        "sys/applications/mimeapps.list",
        &format!("[Removed Associations]\n{TYPE}=mine.desktop;b.desktop;\n"),
    );
    let apps = desk.load();
    assert_eq!(
        ids(&apps.for_type(&db, TYPE)),
        ["other.desktop", "mine.desktop"]
    );
    assert_eq!(
        default_id(&apps, &db, TYPE).as_deref(),
        Some("other.desktop")
    );
}

#[test]
fn mimeinfo_cache_adds_for_the_entries_of_its_folder() {
    let db = MimeDb::load();
    let desk = Desk::new();
    desk.app("sys", "cached.desktop", "", "");
    desk.app("sys", "shadowed.desktop", "", "");
    // The user's own entry of that ID says nothing of the type: the system cache no
    // longer speaks for it.
    desk.app("data", "shadowed.desktop", "", "");
    desk.write(
        "sys/applications/mimeinfo.cache",
        &format!("[MIME Cache]\n{TYPE}=cached.desktop;shadowed.desktop;missing.desktop;\n"),
    );
    assert_eq!(ids(&desk.load().for_type(&db, TYPE)), ["cached.desktop"]);
}

#[test]
fn the_users_entries_hide_the_systems_and_unusable_ones_are_left_out() {
    let db = MimeDb::load();
    let mut desk = Desk::new();
    desk.app("sys", "deleted.desktop", TYPE, "");
    desk.app("data", "deleted.desktop", TYPE, "Hidden=true\n");
    desk.app("sys", "quiet.desktop", TYPE, "NoDisplay=true\n");
    desk.app("sys", "kde.desktop", TYPE, "OnlyShowIn=KDE;\n");
    desk.app("sys", "notgnome.desktop", TYPE, "NotShowIn=GNOME;\n");
    desk.app(
        "sys",
        "absent.desktop",
        TYPE,
        "TryExec=/nonexistent/program\n",
    );
    desk.app("sys", "present.desktop", TYPE, "TryExec=sh\n");
    desk.write(
        "sys/applications/link.desktop",
        &format!("[Desktop Entry]\nType=Link\nName=L\nURL=https://example.org\nMimeType={TYPE}\n"),
    );
    desk.write(
        "sys/applications/broken.desktop",
        &format!("[Desktop Entry]\nType=Application\nName=B\nExec=prog \"open\nMimeType={TYPE}\n"),
    );
    // In a sub-folder: the ID carries it.
    desk.app("sys", "vendor/sub.desktop", TYPE, "");
    desk.env.path = vec!["/usr/bin".into(), "/bin".into()];
    desk.env.desktops = vec!["GNOME".into()];
    let apps = desk.load();
    assert_eq!(
        ids(&apps.for_type(&db, TYPE)),
        ["present.desktop", "quiet.desktop", "vendor-sub.desktop"]
    );
    assert!(apps.get("deleted.desktop").is_none());
    assert!(apps.get("absent").is_none());
    // The chooser offers what menus show.
    assert_eq!(ids(&apps.all()), ["present.desktop", "vendor-sub.desktop"]);
    desk.env.desktops = vec!["KDE".into()];
    let apps = desk.load();
    assert_eq!(
        ids(&apps.for_type(&db, TYPE)),
        [
            "kde.desktop",
            "notgnome.desktop",
            "present.desktop",
            "quiet.desktop",
            "vendor-sub.desktop"
        ]
    );
}

#[test]
fn an_app_for_a_parent_type_opens_its_kinds() {
    let db = MimeDb::load();
    let desk = Desk::new();
    desk.app("sys", "editor.desktop", "text/plain;", "");
    assert_eq!(
        default_id(&desk.load(), &db, "application/x-shellscript").as_deref(),
        Some("editor.desktop")
    );
    // An alias is its type.
    assert_eq!(
        default_id(&desk.load(), &db, "text/x-sh").as_deref(),
        Some("editor.desktop")
    );
    // An entry naming an alias speaks of its type.
    desk.app("sys", "shell.desktop", "text/x-sh;", "");
    let apps = desk.load();
    assert_eq!(
        ids(&apps.for_type(&db, "application/x-shellscript")),
        ["shell.desktop", "editor.desktop"]
    );
    // A default set for the parent does not beat an application of the type itself.
    desk.write(
        "config/mimeapps.list",
        "[Default Applications]\ntext/plain=editor.desktop;\n",
    );
    assert_eq!(
        default_id(&desk.load(), &db, "application/x-shellscript").as_deref(),
        Some("shell.desktop")
    );
    // A list naming the alias sets the default of the type.
    desk.write(
        "config/mimeapps.list",
        "[Default Applications]\ntext/x-sh=editor.desktop;\n",
    );
    assert_eq!(
        default_id(&desk.load(), &db, "application/x-shellscript").as_deref(),
        Some("editor.desktop")
    );
    assert!(
        desk.load()
            .default_for(&db, "image/x-nothing-opens")
            .is_none()
    );
}

#[test]
fn names_in_the_readers_language_and_what_the_chooser_shows() {
    let mut desk = Desk::new();
    desk.write(
        "sys/applications/viewer.desktop",
        "[Desktop Entry]\nType=Application\nName=Viewer\nName[de]=Betrachter\nName[fr]=Visionneuse\n\
         GenericName=Image Viewer\nGenericName[de_AT]=Bildbetrachter\nIcon=viewer-icon\n\
         Exec=viewer %U\nMimeType=image/png;\n",
    );
    let apps = desk.load();
    let viewer = apps.get("viewer.desktop").expect("loaded");
    assert_eq!(viewer.name, "Viewer");
    assert_eq!(viewer.generic_name.as_deref(), Some("Image Viewer"));
    assert_eq!(viewer.icon.as_deref(), Some("viewer-icon"));
    assert!(viewer.takes_list);
    desk.env.languages = vec!["de_AT".into(), "de".into()];
    let apps = desk.load();
    let viewer = apps.get("viewer").expect("loaded");
    assert_eq!(viewer.name, "Betrachter");
    assert_eq!(viewer.generic_name.as_deref(), Some("Bildbetrachter"));
}

/// Names that need care: a space, quotes, a `$`, a non-UTF-8 byte.
fn odd_files() -> Vec<PathBuf> {
    vec![
        PathBuf::from("/tmp/my files/a \"quoted\" 'name' $HOME.txt"),
        PathBuf::from(OsString::from_vec(b"/tmp/caf\xe9 100%.txt".to_vec())),
    ]
}

fn os(s: &str) -> OsString {
    s.into()
}

/// The argv of each launch that opens `files` with an app whose `Exec` is `exec`.
fn expand(exec: &str, extra: &str, files: &[PathBuf]) -> Vec<Vec<OsString>> {
    let desk = Desk::new();
    let file = desk.write(
        "sys/applications/t.desktop",
        &format!("[Desktop Entry]\nType=Application\nName=Tool\nExec={exec}\n{extra}"),
    );
    let apps = desk.load();
    let app = apps.get("t.desktop").expect("loaded");
    assert_eq!(app.file, file);
    apps.commands(app, files)
        .expect("commands")
        .into_iter()
        .map(|l| l.argv)
        .collect()
}

#[test]
fn single_file_codes_give_one_launch_per_file() {
    let files = odd_files();
    let path = |f: &PathBuf| f.clone().into_os_string();
    assert_eq!(
        expand("tool --open %f", "", &files),
        files
            .iter()
            .map(|f| vec![os("tool"), os("--open"), path(f)])
            .collect::<Vec<_>>()
    );
    assert_eq!(
        expand("tool %u", "", &files),
        [
            vec![
                os("tool"),
                os("file:///tmp/my%20files/a%20%22quoted%22%20%27name%27%20%24HOME.txt")
            ],
            vec![os("tool"), os("file:///tmp/caf%E9%20100%25.txt")],
        ]
    );
    // Inside an argument.
    assert_eq!(
        expand("tool --file=%f", "", &files[1..]),
        [vec![
            os("tool"),
            OsString::from_vec(b"--file=/tmp/caf\xe9 100%.txt".to_vec())
        ]]
    );
    // No place for files: each is put last.
    assert_eq!(
        expand("tool --new", "", &files[..1]),
        [vec![os("tool"), os("--new"), path(&files[0])]]
    );
    // No files: the codes go.
    assert_eq!(
        expand("tool %f --x", "", &[]),
        [vec![os("tool"), os("--x")]]
    );
}

#[test]
fn list_codes_give_one_launch_for_all() {
    let files = odd_files();
    let mut all = vec![os("tool"), os("--")];
    all.extend(files.iter().map(|f| f.clone().into_os_string()));
    assert_eq!(expand("tool -- %F", "", &files), [all]);
    assert_eq!(
        expand("tool %U", "", &files),
        [vec![
            os("tool"),
            os("file:///tmp/my%20files/a%20%22quoted%22%20%27name%27%20%24HOME.txt"),
            os("file:///tmp/caf%E9%20100%25.txt"),
        ]]
    );
    // A relative path is made absolute.
    let here = std::env::current_dir().expect("cwd");
    assert_eq!(
        expand("tool %F", "", &[PathBuf::from("rel.txt")]),
        [vec![os("tool"), here.join("rel.txt").into_os_string()]]
    );
}

#[test]
fn the_other_field_codes_and_quoting() {
    let files = odd_files();
    let one = &files[..1];
    let entry = |exec: &str| expand(exec, "Icon=tool-icon\n", one);
    assert_eq!(
        entry("tool %i %c %f"),
        [vec![
            os("tool"),
            os("--icon"),
            os("tool-icon"),
            os("Tool"),
            files[0].clone().into()
        ]]
    );
    // No icon: %i gives nothing.
    assert_eq!(expand("tool %i", "", &[]), [vec![os("tool")]]);
    // %k: the entry's own file.
    let with_k = entry("tool %k");
    assert!(
        with_k[0][1]
            .to_string_lossy()
            .ends_with("sys/applications/t.desktop"),
        "{with_k:?}"
    );
    // %%, deprecated and unknown codes.
    assert_eq!(
        entry("tool 50%% %d %D %n %N %v %m %z"),
        [vec![os("tool"), os("50%"), files[0].clone().into()]]
    );
    // The spec's quoting: spaces, escaped quote, dollar, backquote and backslash. The
    // key file's own escapes come first: `\\` in the file is one backslash here.
    assert_eq!(
        entry(r#""/opt/my tool/run" "say \\"hi\\"" "\\$x \\` \\\\" %f"#),
        [vec![
            os("/opt/my tool/run"),
            os("say \"hi\""),
            os("$x ` \\"),
            files[0].clone().into()
        ]]
    );
    // A code inside quotes gets a shell-quoted value, as GLib gives it.
    assert_eq!(
        entry(r#"sh -c "cat %f""#),
        [vec![
            os("sh"),
            os("-c"),
            os(r#"cat '/tmp/my files/a "quoted" '\''name'\'' $HOME.txt'"#)
        ]]
    );
}

#[test]
fn terminal_applications_run_in_the_desktops_terminal() {
    let mut desk = Desk::new();
    desk.write(
        "sys/applications/top.desktop",
        "[Desktop Entry]\nType=Application\nName=Top\nExec=top %f\nTerminal=true\n",
    );
    let bin = desk.path("bin");
    fs::create_dir_all(&bin).expect("mkdir");
    let argv = |desk: &Desk| -> Result<Vec<OsString>, OpenError> {
        let apps = desk.load();
        let app = apps.get("top.desktop").expect("loaded");
        assert!(app.terminal);
        Ok(apps.commands(app, &[PathBuf::from("/f")])?.remove(0).argv)
    };
    // None installed.
    assert!(matches!(
        argv(&desk),
        Err(OpenError::NoTerminal { app, files }) if app == "top.desktop" && files == [PathBuf::from("/f")]
    ));
    desk.env.path = vec![bin.clone()];
    let xterm = desk.program("xterm");
    assert_eq!(
        argv(&desk).expect("xterm"),
        [xterm.into(), os("-e"), os("top"), os("/f")]
    );
    let konsole = desk.program("konsole");
    desk.env.terminal = Some("konsole".into());
    assert_eq!(
        argv(&desk).expect("$TERMINAL"),
        [konsole.into(), os("-e"), os("top"), os("/f")]
    );
    let xte = desk.program("xdg-terminal-exec");
    assert_eq!(
        argv(&desk).expect("xdg-terminal-exec"),
        [xte.into(), os("top"), os("/f")]
    );
}

#[test]
fn the_terminal_opens_in_a_folder() {
    let mut desk = Desk::new();
    let bin = desk.path("bin");
    fs::create_dir_all(&bin).expect("mkdir");
    let folder = Path::new("/some where/my files");
    let planned = |desk: &Desk| apps::terminal_in(&desk.env, folder);
    assert_eq!(planned(&desk), None, "no terminal installed");
    desk.env.path = vec![bin.clone()];
    let xterm = desk.program("xterm");
    let launch = planned(&desk).expect("xterm");
    assert_eq!(launch.argv, [OsString::from(&xterm)]);
    assert_eq!(launch.dir.as_deref(), Some(folder));
    assert_eq!(launch.app, "xterm");
    // A terminal that hands its window to a server is told the folder.
    let gnome = desk.program("gnome-terminal");
    desk.env.terminal = Some("gnome-terminal --hide-menubar".into());
    assert_eq!(
        planned(&desk).expect("$TERMINAL").argv,
        [
            gnome.into(),
            os("--hide-menubar"),
            os("--working-directory=/some where/my files")
        ]
    );
    let konsole = desk.program("konsole");
    desk.env.terminal = Some("konsole".into());
    assert_eq!(
        planned(&desk).expect("konsole").argv,
        [konsole.into(), os("--workdir"), os("/some where/my files")]
    );
    let xte = desk.program("xdg-terminal-exec");
    let launch = planned(&desk).expect("xdg-terminal-exec");
    assert_eq!(launch.argv, [OsString::from(xte)]);
    assert_eq!(launch.dir.as_deref(), Some(folder));
}

#[test]
fn setting_a_default_rewrites_the_list_and_keeps_its_other_lines() {
    let db = MimeDb::load();
    let desk = Desk::new();
    desk.app("sys", "a.desktop", TYPE, "");
    desk.app("sys", "b.desktop", TYPE, "");
    // Not associated with the type: "Always use" from "Other application…".
    desk.app("sys", "other.desktop", "text/x-other", "");
    let list = desk.write(
        "config/mimeapps.list",
        &format!(
            "# kept\n[Default Applications]\nimage/png=viewer.desktop;\n{TYPE}=a.desktop;\n\n\
             [Removed Associations]\n{TYPE}=other.desktop;\n\n[X-Something Else]\nkey=value\n"
        ),
    );
    apps::set_default(&desk.env, TYPE, "other.desktop").expect("set");
    let text = fs::read_to_string(&list).expect("read");
    assert_eq!(
        text,
        format!(
            "# kept\n[Default Applications]\nimage/png=viewer.desktop;\n{TYPE}=other.desktop;\n\n\
             [X-Something Else]\nkey=value\n\n[Added Associations]\n{TYPE}=other.desktop;\n"
        )
    );
    let apps = desk.load();
    assert_eq!(
        default_id(&apps, &db, TYPE).as_deref(),
        Some("other.desktop")
    );
    assert_eq!(
        ids(&apps.for_type(&db, TYPE)),
        ["other.desktop", "a.desktop", "b.desktop"]
    );
    // Through a link the link stays, and what it points at changes.
    let kept = desk.path("dotfiles/mimeapps.list");
    fs::create_dir_all(kept.parent().expect("parent")).expect("mkdir");
    fs::rename(&list, &kept).expect("move");
    std::os::unix::fs::symlink(&kept, &list).expect("link");
    apps::set_default(&desk.env, TYPE, "b.desktop").expect("set");
    assert!(fs::symlink_metadata(&list).expect("stat").is_symlink());
    assert!(
        fs::read_to_string(&kept)
            .expect("read")
            .contains(&format!("{TYPE}=b.desktop;\n"))
    );
    // A first default makes the folder and the file.
    let fresh = Desk::new();
    apps::set_default(&fresh.env, TYPE, "a.desktop").expect("set");
    assert!(
        fs::read_to_string(fresh.path("config/mimeapps.list"))
            .expect("read")
            .starts_with(&format!("[Default Applications]\n{TYPE}=a.desktop;\n"))
    );
}

#[test]
fn opening_files_groups_them_by_application() {
    let db = MimeDb::load();
    let desk = Desk::new();
    desk.write(
        "sys/applications/lister.desktop",
        "[Desktop Entry]\nType=Application\nName=L\nExec=lister %F\nMimeType=text/plain;\n",
    );
    desk.write(
        "sys/applications/viewer.desktop",
        "[Desktop Entry]\nType=Application\nName=V\nExec=viewer %f\nMimeType=image/png;\n",
    );
    let files: Vec<(PathBuf, String)> = [
        ("/d/a.txt", "text/plain"),
        ("/d/p.png", "image/png"),
        ("/d/run.sh", "application/x-shellscript"),
        ("/d/q.png", "image/png"),
        ("/d/x.tar", "application/x-tar"),
    ]
    .iter()
    .map(|(p, m)| (PathBuf::from(p), m.to_string()))
    .collect();
    let plan = desk.load().open_plan(&db, &files);
    let launches: Vec<&Launch> = plan.iter().filter_map(|r| r.as_ref().ok()).collect();
    let argv: Vec<Vec<OsString>> = launches.iter().map(|l| l.argv.clone()).collect();
    assert_eq!(
        argv,
        [
            vec![os("lister"), os("/d/a.txt"), os("/d/run.sh")],
            vec![os("viewer"), os("/d/p.png")],
            vec![os("viewer"), os("/d/q.png")],
        ]
    );
    assert_eq!(launches[0].app, "lister.desktop");
    assert_eq!(
        launches[0].files,
        [PathBuf::from("/d/a.txt"), PathBuf::from("/d/run.sh")]
    );
    assert_eq!(launches[2].files, [PathBuf::from("/d/q.png")]);
    let failures: Vec<&OpenError> = plan.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(
        matches!(failures.as_slice(), [OpenError::NoApplication { path, mime }]
            if path == Path::new("/d/x.tar") && mime == "application/x-tar"),
        "{failures:?}"
    );
}

#[test]
fn a_launch_runs_detached_and_a_missing_program_is_an_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let record = dir.path().join("record");
    let script = dir.path().join("record.sh");
    fs::write(
        &script,
        "#!/bin/sh\n# its parent, its session and where it runs, then its arguments\n\
         { echo \"$PPID\"; cut -d' ' -f6 /proc/$$/stat; pwd; printf '%s\\n' \"$@\"; } > \"$0.tmp\"\n\
         mv \"$0.tmp\" \"${0%.sh}\"\n",
    )
    .expect("write");
    fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755))
        .expect("chmod");
    let work = new_folder(dir.path(), "work place");
    let launch = Launch {
        app: "r.desktop".into(),
        argv: vec![script.clone().into(), os("one arg"), os("two")],
        dir: Some(work.clone()),
        files: Vec::new(),
    };
    apps::spawn(&launch).expect("spawn");
    let text = wait_for("the script's record", PATIENCE, || {
        fs::read_to_string(&record).ok()
    });
    let lines: Vec<&str> = text.lines().collect();
    let me = std::process::id().to_string();
    assert_ne!(lines[0], me, "the program is not our child");
    let my_session = fs::read_to_string("/proc/self/stat").expect("stat");
    let my_session = my_session.split(' ').nth(5).expect("a session field");
    assert_ne!(lines[1], my_session, "the program has a session of its own");
    assert_eq!(lines[2], work.to_str().expect("utf-8"));
    assert_eq!(&lines[3..], ["one arg", "two"]);

    let missing = Launch {
        app: "m.desktop".into(),
        argv: vec![os("/nonexistent/program")],
        dir: None,
        files: Vec::new(),
    };
    assert!(matches!(
        apps::spawn(&missing),
        Err(LaunchError::Start { program, .. }) if program == Path::new("/nonexistent/program")
    ));
    let nowhere = Launch {
        dir: Some(dir.path().join("gone")),
        ..launch
    };
    assert!(matches!(
        apps::spawn(&nowhere),
        Err(LaunchError::Folder { .. })
    ));
}
