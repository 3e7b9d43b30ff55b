//! The command on addresses of remote places (`porpoise ls smb://…`, `porpoise copy …
//! smb://…`), against a real Samba server and GVfs's daemons on a private session bus,
//! started here on loopback with every file in the test's folder.

use std::process::{Command, Output, Stdio};

use porpoise_testkit::servers::{self, GvfsSession, SMB_PASSWORD, SMB_USER, Samba};
use porpoise_testkit::terminal::OnTerminal;

fn porpoise(session: &GvfsSession, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_porpoise"))
        .args(args)
        .envs(session.env())
        .stdin(Stdio::null())
        .output()
        .expect("run porpoise")
}

fn said(out: &Output) -> String {
    assert!(
        out.status.success(),
        "porpoise failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn commands_take_smb_addresses() {
    if let Err(why) = servers::available() {
        porpoise_testkit::skip(&format!("the command on smb:// addresses: {why}"));
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let samba = Samba::start(dir.path());
    let session = GvfsSession::start(dir.path(), &[]);
    std::fs::create_dir(samba.guest.join("photos")).expect("a folder in the share");
    std::fs::write(samba.guest.join("photos/beach.jpg"), b"not really a photo").expect("a file");
    let guest = samba.uri("guest");

    std::fs::write(samba.guest.join("about.txt"), b"a share").expect("a file");
    // ls mounts the guest share (anonymously: nothing is asked) and lists it, folders
    // first: names alone are read with their kinds.
    let listed = said(&porpoise(&session, &["ls", &guest]));
    assert_eq!(
        listed.lines().collect::<Vec<_>>(),
        ["photos", "about.txt"],
        "{listed}"
    );
    let listed = said(&porpoise(&session, &["ls", &format!("{guest}/photos")]));
    assert_eq!(listed.trim(), "beach.jpg");
    // ls -l reads the details.
    let long = said(&porpoise(
        &session,
        &["ls", "-l", &format!("{guest}/photos")],
    ));
    assert!(
        long.trim().starts_with("-rw") && long.contains(" 18 ") && long.ends_with("beach.jpg\n"),
        "{long}"
    );

    // copy into the share: the bytes arrive in the share's folder on disk.
    let local = dir.path().join("report.txt");
    let bytes: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
    std::fs::write(&local, &bytes).expect("a local file");
    said(&porpoise(
        &session,
        &[
            "copy",
            local.to_str().expect("UTF-8"),
            &format!("{guest}/photos"),
        ],
    ));
    assert_eq!(
        std::fs::read(samba.guest.join("photos/report.txt")).expect("the copy on the server"),
        bytes
    );

    // copy out of the share: a big file comes back as it is there.
    let big: Vec<u8> = (0..3u32 << 20).map(|i| (i % 241) as u8).collect();
    std::fs::write(samba.guest.join("film.bin"), &big).expect("a big file on the server");
    let back = dir.path().join("back");
    std::fs::create_dir(&back).expect("a local folder");
    said(&porpoise(
        &session,
        &[
            "copy",
            &format!("{guest}/film.bin"),
            back.to_str().expect("UTF-8"),
        ],
    ));
    assert!(
        std::fs::read(back.join("film.bin")).ok() == Some(big),
        "the big file came back whole"
    );

    // find shows what it finds as addresses.
    let found = said(&porpoise(&session, &["find", &guest, "report"]));
    assert_eq!(found.trim(), format!("{guest}/photos/report.txt"));

    // du names the place as given; rm deletes on the server.
    let counted = said(&porpoise(&session, &["du", &format!("{guest}/photos")]));
    assert!(
        counted.trim_end().ends_with(&format!("\t{guest}/photos")),
        "{counted}"
    );
    said(&porpoise(
        &session,
        &["rm", &format!("{guest}/photos/beach.jpg")],
    ));
    assert!(!samba.guest.join("photos/beach.jpg").exists());

    // mounts: GVfs's FUSE folder is plumbing; the share is listed with its address.
    let mounts = said(&porpoise(&session, &["mounts"]));
    let fuse_root = session.fuse_root.to_str().expect("UTF-8");
    assert!(
        mounts
            .lines()
            .any(|l| l.starts_with("plumbing") && l.contains(fuse_root)),
        "{mounts}"
    );
    assert!(
        mounts
            .lines()
            .any(|l| l.starts_with("network") && l.contains(" gvfs ") && l.ends_with(&guest)),
        "{mounts}"
    );

    // A share that wants a password says so when no one can be asked.
    let out = porpoise(&session, &["ls", &samba.uri("secret")]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("needs a password"), "{err}");

    // On a terminal the login is asked, again after a wrong password.
    std::fs::write(samba.secret.join("plans.txt"), b"secret plans").expect("a file");
    let mut command = Command::new("setsid");
    command
        .args(["--wait", "--ctty", env!("CARGO_BIN_EXE_porpoise"), "ls"])
        .arg(samba.uri("secret"))
        .envs(session.env());
    let mut t = OnTerminal::start(command);
    t.wait_for("User [");
    t.type_line(SMB_USER);
    t.wait_for("Password: ");
    t.type_line("wrong");
    t.wait_for("that login was refused");
    t.wait_for_times("User [", 2);
    t.type_line(SMB_USER);
    t.wait_for_times("Password: ", 2);
    t.type_line(SMB_PASSWORD);
    let shown = t.finish();
    assert!(shown.contains("plans.txt"), "{shown}");

    // The network neighbourhood: a line an entry, its name and where it leads.
    let network = said(&porpoise(&session, &["ls", "network:///"]));
    for line in network.lines() {
        let (name, uri) = line.split_once('\t').expect("name, tab, address");
        assert!(!name.is_empty() && uri.contains("://"), "{network}");
    }

    // What could not be done names the place by its address, as it was given, never by
    // its path in GVfs's FUSE folder.
    let missing = format!("{guest}/missing");
    let local_file = local.to_str().expect("UTF-8");
    let back_dir = back.to_str().expect("UTF-8");
    for (args, said) in [
        (vec!["ls", &missing], "cannot open folder"),
        (vec!["du", &missing], "cannot read details of"),
        (vec!["find", &missing, "x"], "cannot open folder"),
        (vec!["rm", &missing], "cannot remove"),
        (vec!["copy", local_file, &missing], "cannot open folder"),
        (vec!["copy", &missing, back_dir], "cannot copy"),
    ] {
        let out = porpoise(&session, &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}: {err}");
        assert!(
            err.contains(&format!("porpoise: {said} {missing}: No such file")),
            "{args:?}: {err}"
        );
        assert!(!err.contains("gvfs"), "{args:?}: {err}");
    }

    // A scheme nothing serves is an error, never a local path.
    let out = porpoise(&session, &["ls", "gopher://localhost/x"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("gopher://"), "{err}");
}
