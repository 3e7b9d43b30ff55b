//! Listing real temp trees: awkward names, a 50 000-entry folder, vanishing entries, streaming.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::symlink;
use std::path::Path;

use porpoise_engine::entry::{Kind, State};
use porpoise_engine::listing::{DirEvent, ListOptions, list_all, natural_cmp, open_dir};
use porpoise_testkit::trees::fifo;

fn touch(dir: &Path, name: &[u8], bytes: usize) {
    std::fs::write(dir.join(OsStr::from_bytes(name)), vec![b'x'; bytes]).expect("create file");
}

/// A folder holding every kind of awkward name and file the listing must survive.
fn awkward_tree() -> tempfile::TempDir {
    let t = tempfile::tempdir().expect("tempdir");
    let d = t.path();
    touch(d, b"plain.txt", 5);
    touch(d, b"caf\xe9-latin1", 1);
    touch(d, b"two\nlines", 2);
    touch(d, &[b'n'; 255], 3);
    touch(d, b".hidden", 0);
    std::fs::create_dir(d.join("folder")).expect("mkdir");
    symlink("plain.txt", d.join("link-to-file")).expect("symlink");
    symlink("folder", d.join("link-to-folder")).expect("symlink");
    symlink("nowhere", d.join("broken-link")).expect("symlink");
    fifo(&d.join("a-fifo"), 0o644);
    let _sock = std::os::unix::net::UnixListener::bind(d.join("a-socket")).expect("socket");
    t
}

#[test]
fn awkward_names_are_all_listed_with_their_kind() {
    let t = awkward_tree();
    let l = list_all(t.path()).expect("listing");
    let find = |name: &[u8]| {
        l.entries
            .iter()
            .find(|e| l.name(e) == name)
            .unwrap_or_else(|| panic!("{:?} missing", String::from_utf8_lossy(name)))
    };
    assert_eq!(l.entries.len(), 11);
    assert_eq!(find(b"plain.txt").size, 5);
    assert_eq!(find(b"plain.txt").kind(), Kind::File);
    assert_eq!(find(b"caf\xe9-latin1").size, 1);
    assert_eq!(find(b"two\nlines").size, 2);
    assert_eq!(find(&[b'n'; 255]).size, 3);
    assert_eq!(find(b"folder").kind(), Kind::Dir);
    let lf = find(b"link-to-file");
    assert_eq!(lf.kind(), Kind::Symlink);
    assert!(!lf.is_dir_like() && !lf.is_broken_link());
    let ld = find(b"link-to-folder");
    assert!(ld.is_dir_like() && !ld.is_broken_link());
    assert!(find(b"broken-link").is_broken_link());
    assert_eq!(find(b"a-fifo").kind(), Kind::Fifo);
    assert_eq!(find(b"a-socket").kind(), Kind::Socket);
    assert!(l.entries.iter().all(|e| e.state() == State::Complete));
}

/// Drain a stream until the listing ends; returns the events' names.
fn collect(path: &Path, opts: ListOptions) -> (Vec<DirEvent>, usize) {
    let s = open_dir(path.to_path_buf(), opts);
    let mut events = Vec::new();
    let mut entries = 0;
    while let Some(ev) = s.next() {
        let end = matches!(ev, DirEvent::Complete | DirEvent::Failed(_));
        if let DirEvent::Batch(b) = &ev {
            entries += b.len();
        }
        events.push(ev);
        if end {
            break;
        }
    }
    (events, entries)
}

#[test]
fn the_worker_delivers_the_same_entries_as_a_whole_listing() {
    let t = awkward_tree();
    let opts = ListOptions {
        watch: false,
        ..ListOptions::default()
    };
    let (events, n) = collect(t.path(), opts);
    assert!(matches!(events.first(), Some(DirEvent::Opened { .. })));
    assert!(matches!(events.last(), Some(DirEvent::Complete)));
    assert_eq!(n, 11);
}

#[test]
fn fifty_thousand_entries_arrive_in_batches_in_natural_order() {
    let t = tempfile::tempdir().expect("tempdir");
    for i in 0..50_000u32 {
        std::fs::File::create(t.path().join(format!("f{i}"))).expect("create");
    }
    let opts = ListOptions {
        watch: false,
        ..ListOptions::default()
    };
    let stream = open_dir(t.path().to_path_buf(), opts);
    let mut lister = porpoise_engine::listing::Lister::new(t.path(), Default::default());
    let mut batches = Vec::new();
    while let Some(ev) = stream.next() {
        if let DirEvent::Batch(b) = &ev {
            batches.push(b.len());
        }
        let end = matches!(ev, DirEvent::Complete | DirEvent::Failed(_));
        lister.apply(ev);
        if end {
            break;
        }
    }
    assert_eq!(lister.len(), 50_000);
    // The first batch is small so the view fills at once; later ones grow.
    assert_eq!(batches[0], 1000);
    assert!(batches.len() >= 5, "batches: {batches:?}");
    assert_eq!(batches.iter().sum::<usize>(), 50_000);
    let names: Vec<&[u8]> = lister.iter().map(|(_, n)| n).collect();
    assert!(names.windows(2).all(|w| natural_cmp(w[0], w[1]).is_lt()));
    assert_eq!(names[0], b"f0");
    assert_eq!(names[9], b"f9");
    assert_eq!(names[10], b"f10");
    assert_eq!(names[49_999], b"f49999");
}

#[test]
fn the_first_batch_arrives_while_the_worker_is_still_reading() {
    // One entry per message and more messages than the channel holds: when the consumer
    // takes the first batch, the worker waits on the channel and has not read the end of
    // the folder. Files removed from the end now are never listed.
    let depth = porpoise_engine::listing::stream::CHANNEL_DEPTH;
    let n = depth * 3 + 4000;
    let t = tempfile::tempdir().expect("tempdir");
    for i in 0..n {
        std::fs::File::create(t.path().join(format!("g{i}"))).expect("create");
    }
    let opts = ListOptions {
        watch: false,
        first_batch: 1,
        max_batch: 1,
        ..ListOptions::default()
    };
    let s = open_dir(t.path().to_path_buf(), opts);
    assert!(matches!(s.next(), Some(DirEvent::Opened { .. })));
    let Some(DirEvent::Batch(first)) = s.next() else {
        panic!("expected a first batch");
    };
    assert_eq!(first.len(), 1);
    // The folder's own order is the order the worker reads in.
    let order: Vec<_> = std::fs::read_dir(t.path())
        .expect("read_dir")
        .map(|e| e.expect("entry").path())
        .collect();
    let tail = 2000;
    for p in &order[n - tail..] {
        std::fs::remove_file(p).expect("remove");
    }
    let mut total = first.len();
    while let Some(ev) = s.next() {
        match ev {
            DirEvent::Batch(b) => total += b.len(),
            DirEvent::Complete => break,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(total, n - tail, "the removed tail had not been read yet");
}

#[test]
fn an_entry_that_vanishes_before_its_details_are_read_is_listed_as_vanished() {
    let t = tempfile::tempdir().expect("tempdir");
    let n = porpoise_engine::listing::stream::CHANNEL_DEPTH * 2 + 100;
    for i in 0..n {
        touch(t.path(), format!("v{i:05}").as_bytes(), 1);
    }
    // Names first, one name per message: the worker is still sending names (blocked on the
    // bounded channel) when the first one arrives, so details come after our removal.
    let opts = ListOptions {
        watch: false,
        names_first: Some(true),
        first_batch: 1,
        max_batch: 1,
        ..ListOptions::default()
    };
    let s = open_dir(t.path().to_path_buf(), opts);
    let mut lister = porpoise_engine::listing::Lister::new(t.path(), Default::default());
    let mut removed: Option<Vec<u8>> = None;
    while let Some(ev) = s.next() {
        if removed.is_none()
            && let DirEvent::Batch(b) = &ev
        {
            assert_eq!(b.entries[0].state(), State::Pending);
            let name = b.name(0).to_vec();
            std::fs::remove_file(t.path().join(OsStr::from_bytes(&name))).expect("remove");
            removed = Some(name);
        }
        let end = matches!(ev, DirEvent::Complete | DirEvent::Failed(_));
        lister.apply(ev);
        if end {
            break;
        }
    }
    let removed = removed.expect("a batch arrived");
    assert_eq!(lister.len(), n);
    for (e, n) in lister.iter() {
        let want = if n == removed.as_slice() {
            State::Vanished
        } else {
            State::Complete
        };
        assert_eq!(e.state(), want, "{}", String::from_utf8_lossy(n));
    }
}

#[test]
fn a_missing_folder_fails_with_a_clear_reason() {
    let t = tempfile::tempdir().expect("tempdir");
    let missing = t.path().join("gone");
    let err = list_all(&missing).expect_err("must fail");
    assert_eq!(err.reason(), porpoise_engine::Reason::NotFound);
    assert!(err.to_string().contains("gone"), "{err}");
    let opts = ListOptions {
        watch: false,
        ..ListOptions::default()
    };
    let (events, _) = collect(&missing, opts);
    assert!(matches!(events.last(), Some(DirEvent::Failed(_))));
}

#[test]
fn symlink_loops_are_listed_as_broken_links() {
    let t = tempfile::tempdir().expect("tempdir");
    symlink("loop-b", t.path().join("loop-a")).expect("symlink");
    symlink("loop-a", t.path().join("loop-b")).expect("symlink");
    let l = list_all(t.path()).expect("listing");
    assert_eq!(l.entries.len(), 2);
    assert!(l.entries.iter().all(|e| e.is_broken_link()));
}
