//! The lister model on real folders: sort orders, batch merging, watched single-entry
//! updates, and the cache of three recently left folders.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use porpoise_engine::entry::{Batch, Entry, Kind};
use porpoise_engine::events::{Events, Next};
use porpoise_engine::listing::{
    Clock, DirEvent, ListOptions, Lister, ListerCache, SortKey, SortOrder, ViewOptions,
    natural_cmp, open_dir,
};
use porpoise_testkit::trees::new_folder;

/// How long a test waits for an event it expects before failing.
const PATIENCE: Duration = Duration::from_secs(20);

fn file(dir: &Path, name: &str, bytes: usize, age_secs: u64) {
    let p = dir.join(name);
    std::fs::write(&p, vec![0u8; bytes]).expect("write");
    let f = std::fs::File::options().write(true).open(&p).expect("open");
    f.set_modified(SystemTime::now() - Duration::from_secs(age_secs))
        .expect("set mtime");
}

/// List a folder to completion into a lister.
fn listed(dir: &Path, view: ViewOptions, watch: bool) -> (Lister, Events<DirEvent>) {
    let opts = ListOptions {
        watch,
        ..ListOptions::default()
    };
    let s = open_dir(dir.to_path_buf(), opts);
    let mut l = Lister::new(dir, view);
    loop {
        let ev = s.next().expect("listing events");
        let end = matches!(ev, DirEvent::Complete | DirEvent::Failed(_));
        l.apply(ev);
        if end {
            return (l, s);
        }
    }
}

fn names(l: &Lister) -> Vec<String> {
    l.iter()
        .map(|(_, n)| String::from_utf8_lossy(n).into_owned())
        .collect()
}

fn sample_tree() -> tempfile::TempDir {
    let t = tempfile::tempdir().expect("tempdir");
    file(t.path(), "b.jpg", 300, 30);
    file(t.path(), "a10.txt", 100, 10);
    file(t.path(), "a9.txt", 200, 20);
    file(t.path(), "c.tar.gz", 50, 40);
    file(t.path(), ".dotfile", 1, 1);
    std::fs::create_dir(t.path().join("zfolder")).expect("mkdir");
    std::fs::create_dir(t.path().join("Afolder")).expect("mkdir");
    t
}

#[test]
fn sort_orders_keep_folders_first() {
    let t = sample_tree();
    let (mut l, _s) = listed(t.path(), ViewOptions::default(), false);
    assert_eq!(
        names(&l),
        [
            "Afolder", "zfolder", "a9.txt", "a10.txt", "b.jpg", "c.tar.gz"
        ]
    );
    l.set_sort(SortKey::Name, SortOrder::Descending);
    assert_eq!(
        names(&l),
        [
            "zfolder", "Afolder", "c.tar.gz", "b.jpg", "a10.txt", "a9.txt"
        ]
    );
    l.set_sort(SortKey::Size, SortOrder::Ascending);
    assert_eq!(&names(&l)[2..], ["c.tar.gz", "a10.txt", "a9.txt", "b.jpg"]);
    l.set_sort(SortKey::Size, SortOrder::Descending);
    assert_eq!(&names(&l)[2..], ["b.jpg", "a9.txt", "a10.txt", "c.tar.gz"]);
    l.set_sort(SortKey::Modified, SortOrder::Ascending);
    assert_eq!(&names(&l)[2..], ["c.tar.gz", "b.jpg", "a9.txt", "a10.txt"]);
    l.set_sort(SortKey::Type, SortOrder::Ascending);
    assert_eq!(&names(&l)[2..], ["c.tar.gz", "b.jpg", "a9.txt", "a10.txt"]);
}

#[test]
fn folders_mix_with_files_when_asked_and_the_new_keys_sort() {
    let t = sample_tree();
    std::fs::set_permissions(
        t.path().join("b.jpg"),
        std::os::unix::fs::PermissionsExt::from_mode(0o600),
    )
    .expect("chmod");
    let (mut l, _s) = listed(t.path(), ViewOptions::default(), false);
    l.set_folders_first(false);
    assert_eq!(
        names(&l),
        [
            "a9.txt", "a10.txt", "Afolder", "b.jpg", "c.tar.gz", "zfolder"
        ]
    );
    l.set_folders_first(true);
    assert_eq!(&names(&l)[..2], ["Afolder", "zfolder"]);
    // The records carry what the new columns show.
    let b = l.iter().find(|(_, n)| *n == b"b.jpg").map(|(e, _)| *e);
    let b = b.expect("b.jpg listed");
    assert_eq!(b.permissions(), 0o600);
    assert!(b.atime > 0, "the access time is read");
    l.set_sort(SortKey::Permissions, SortOrder::Ascending);
    assert_eq!(names(&l)[2], "b.jpg");
    // "txt", "jpg", "gz" backwards; the whole order turns round, names too.
    l.set_sort(SortKey::Extension, SortOrder::Descending);
    assert_eq!(&names(&l)[2..], ["a10.txt", "a9.txt", "b.jpg", "c.tar.gz"]);
    // Owners by name: one owner here, so the names decide.
    l.set_sort(SortKey::Owner, SortOrder::Ascending);
    assert_eq!(&names(&l)[2..], ["a9.txt", "a10.txt", "b.jpg", "c.tar.gz"]);
    assert!(
        porpoise_engine::owners::user(b.uid).is_some(),
        "the owner learned"
    );
}

#[test]
fn hidden_files_and_the_filter_choose_what_is_shown() {
    let t = sample_tree();
    let (mut l, _s) = listed(t.path(), ViewOptions::default(), false);
    assert_eq!(l.total(), 7);
    assert_eq!(l.len(), 6);
    l.set_show_hidden(true);
    assert_eq!(l.len(), 7);
    assert_eq!(names(&l)[2], ".dotfile");
    l.set_filter("A1");
    assert_eq!(names(&l), ["a10.txt"]);
    assert_eq!(
        l.unfiltered_len(),
        7,
        "the filter does not change the unfiltered count"
    );
    l.set_show_hidden(false);
    assert_eq!(l.unfiltered_len(), 6);
    l.set_show_hidden(true);
    l.set_filter("");
    assert_eq!(l.len(), 7);
}

/// A batch of pending entries with the given names.
fn batch(names: &[String]) -> Batch {
    let mut b = Batch::default();
    for n in names {
        let r = b.names.push(n.as_bytes());
        b.entries.push(Entry::pending(r, Kind::File, 0));
    }
    b
}

#[test]
fn batches_in_any_order_merge_into_one_sorted_list() {
    // A fixed shuffle (multiplicative step through 0..n) split into uneven batches.
    let n = 10_007usize;
    let all: Vec<String> = (0..n).map(|i| format!("item{}", (i * 7919) % n)).collect();
    let mut l = Lister::new("/nowhere", ViewOptions::default());
    let mut start = 0;
    let mut size = 1;
    while start < n {
        let end = (start + size).min(n);
        l.merge(batch(&all[start..end]));
        start = end;
        size = size * 3 + 1;
    }
    assert_eq!(l.len(), n);
    let got: Vec<&[u8]> = l.iter().map(|(_, n)| n).collect();
    assert!(got.windows(2).all(|w| natural_cmp(w[0], w[1]).is_lt()));
    assert_eq!(got[0], b"item0");
    assert_eq!(got[n - 1], format!("item{}", n - 1).as_bytes());
}

/// What the stream says next, waited for until `deadline`; `late` says what did not come
/// in time.
fn next_before(s: &mut Events<DirEvent>, deadline: Instant, late: &str) -> Next<DirEvent> {
    let left = deadline.saturating_duration_since(Instant::now());
    assert!(!left.is_zero(), "{late}");
    s.next_timeout(left)
}

/// Wait for the next `Changed` event and apply it; returns how many entries it touched.
fn next_change(s: &mut Events<DirEvent>, l: &mut Lister) -> usize {
    let deadline = Instant::now() + PATIENCE;
    loop {
        match next_before(s, deadline, "no change within the patience time") {
            Next::Event(DirEvent::Changed(c)) => {
                assert!(!c.rescan, "a single change must not ask for a rescan");
                let touched = c.upserts.len() + c.removed.len();
                l.apply(DirEvent::Changed(c));
                return touched;
            }
            Next::Event(DirEvent::Restart) => panic!("a full rescan happened"),
            Next::Event(_) | Next::Waiting => continue,
            Next::Ended => panic!("the watcher stopped"),
        }
    }
}

#[test]
fn watched_changes_arrive_one_entry_at_a_time() {
    let t = sample_tree();
    let (mut l, mut s) = listed(t.path(), ViewOptions::default(), true);
    let before = l.total();

    file(t.path(), "new.txt", 7, 0);
    let mut touched = next_change(&mut s, &mut l);
    while l.position(b"new.txt").is_none() {
        touched += next_change(&mut s, &mut l);
    }
    assert_eq!(touched, 1, "only the new entry is looked up again");
    assert_eq!(l.total(), before + 1);
    let at = l.position(b"new.txt").expect("shown");
    assert_eq!(l.get(at).map(|(e, _)| e.size), Some(7));

    std::fs::rename(t.path().join("new.txt"), t.path().join("renamed.txt")).expect("rename");
    while l.position(b"renamed.txt").is_none() || l.position(b"new.txt").is_some() {
        next_change(&mut s, &mut l);
    }
    assert_eq!(l.total(), before + 1);

    std::fs::remove_file(t.path().join("renamed.txt")).expect("remove");
    while l.position(b"renamed.txt").is_some() {
        next_change(&mut s, &mut l);
    }
    assert_eq!(l.total(), before);
    assert_eq!(
        names(&l),
        [
            "Afolder", "zfolder", "a9.txt", "a10.txt", "b.jpg", "c.tar.gz"
        ]
    );
}

#[test]
fn looking_into_entries_is_no_change() {
    let t = sample_tree();
    file(&t.path().join("zfolder"), "inside.txt", 5, 0);
    let (mut l, mut s) = listed(t.path(), ViewOptions::default(), true);

    // What the window does to shown entries: count a folder, read a file's first bytes.
    let counted = std::fs::read_dir(t.path().join("zfolder"))
        .expect("read_dir")
        .count();
    assert_eq!(counted, 1);
    let read = std::fs::read(t.path().join("b.jpg")).expect("read");
    assert_eq!(read.len(), 300);
    // A real change after those looks: the first change told must be this one alone.
    file(t.path(), "marker.txt", 1, 0);

    let deadline = Instant::now() + PATIENCE;
    let told = loop {
        if let Next::Event(DirEvent::Changed(c)) =
            next_before(&mut s, deadline, "no change within the patience time")
        {
            let names: Vec<String> = (0..c.upserts.len())
                .map(|i| String::from_utf8_lossy(c.upserts.name(i)).into_owned())
                .chain(
                    c.removed
                        .iter()
                        .map(|n| String::from_utf8_lossy(n).into_owned()),
                )
                .collect();
            l.apply(DirEvent::Changed(c));
            break names;
        }
    };
    assert_eq!(told, ["marker.txt"], "looks were told as changes");
}

#[test]
fn a_rename_is_told_as_a_pair_and_the_folder_going_says_so_at_once() {
    let t = tempfile::tempdir().expect("tempdir");
    let shown = new_folder(t.path(), "shown");
    file(&shown, "old.txt", 3, 0);
    let (_l, mut s) = listed(&shown, ViewOptions::default(), true);

    std::fs::rename(shown.join("old.txt"), shown.join("new.txt")).expect("rename");
    let deadline = Instant::now() + PATIENCE;
    let mut pairs = Vec::new();
    while pairs.is_empty() {
        if let Next::Event(DirEvent::Changed(c)) =
            next_before(&mut s, deadline, "no rename pair within the patience time")
        {
            pairs.extend(c.renamed);
        }
    }
    assert_eq!(pairs, [(b"old.txt".to_vec(), b"new.txt".to_vec())]);

    // Deleted from outside: the listing fails with "not found", without a reload.
    std::fs::remove_dir_all(&shown).expect("rm -r");
    wait_not_found(&mut s, "the folder's going");

    // Moved away: the same.
    let moved = t.path().join("moved");
    std::fs::create_dir(&shown).expect("mkdir");
    let (_l, mut s) = listed(&shown, ViewOptions::default(), true);
    std::fs::rename(&shown, &moved).expect("move away");
    wait_not_found(&mut s, "the folder's move");
}

/// Wait until the listing says its folder is not found (`what` names the change).
fn wait_not_found(s: &mut Events<DirEvent>, what: &str) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        match next_before(s, deadline, &format!("{what} was not told")) {
            Next::Event(DirEvent::Failed(e)) => {
                assert_eq!(e.reason(), porpoise_engine::error::Reason::NotFound);
                return;
            }
            Next::Ended => panic!("the listing ended without saying {what}"),
            _ => continue,
        }
    }
}

/// A clock the test moves by hand.
struct ManualClock(Mutex<Instant>);

impl ManualClock {
    fn advance(&self, d: Duration) {
        let mut now = self.0.lock().expect("clock");
        *now += d;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Instant {
        *self.0.lock().expect("clock")
    }
}

#[test]
fn the_cache_keeps_three_folders_for_three_minutes() {
    let clock = Arc::new(ManualClock(Mutex::new(Instant::now())));
    let mut cache = ListerCache::new(3, Duration::from_secs(180), clock.clone());
    let dirs: Vec<_> = (0..4)
        .map(|i| {
            let t = tempfile::tempdir().expect("tempdir");
            file(t.path(), &format!("in-{i}"), i, 0);
            t
        })
        .collect();
    for d in &dirs {
        let (l, _s) = listed(d.path(), ViewOptions::default(), false);
        cache.put(l);
        clock.advance(Duration::from_secs(10));
    }
    assert_eq!(cache.len(), 3);
    assert!(!cache.contains(dirs[0].path()), "the oldest left");

    // Returning to a cached folder gives it back at once, with its entries.
    let back = cache.take(dirs[1].path()).expect("cached");
    assert_eq!(names(&back), ["in-1"]);
    // ...and revalidating it by mtime finds it unchanged: no relisting.
    let s = open_dir(
        dirs[1].path().to_path_buf(),
        ListOptions {
            watch: false,
            known_mtime: back.mtime(),
            ..ListOptions::default()
        },
    );
    assert!(matches!(s.next(), Some(DirEvent::Opened { .. })));
    assert!(matches!(s.next(), Some(DirEvent::Unchanged)));
    cache.put(back);

    clock.advance(Duration::from_secs(179));
    cache.purge();
    // The folder put back is 179 s old and stays; the other two are past 180 s.
    assert_eq!(cache.len(), 1);
    assert!(cache.contains(dirs[1].path()));
    clock.advance(Duration::from_secs(2));
    cache.purge();
    assert!(cache.is_empty(), "all left after three minutes unasked");
    assert!(cache.take(dirs[1].path()).is_none());
}

#[test]
fn batches_sorted_on_the_worker_merge_the_same_as_unsorted_ones() {
    let t = tempfile::tempdir().expect("tempdir");
    for i in 0..5000u32 {
        std::fs::write(
            t.path().join(format!("n{}", (i * 7919) % 5000)),
            vec![0u8; (i % 13) as usize],
        )
        .expect("write");
    }
    let order = (SortKey::Size, SortOrder::Descending);
    let view = ViewOptions {
        key: order.0,
        order: order.1,
        ..ViewOptions::default()
    };
    let opts = ListOptions {
        watch: false,
        sort: Some(view.sort()),
        ..ListOptions::default()
    };
    let s = open_dir(t.path().to_path_buf(), opts);
    let mut presorted = Lister::new(t.path(), view.clone());
    // This one starts in name order (sorting the first batch itself) and switches to the
    // worker's order after it: later batches merge as they come.
    let mut resorted = Lister::new(t.path(), ViewOptions::default());
    loop {
        let ev = s.next().expect("events");
        match &ev {
            DirEvent::Opened { sorted, .. } => {
                assert_eq!(*sorted, Some(view.sort()));
                resorted.apply(ev.clone());
            }
            DirEvent::Batch(b) => {
                let keys: Vec<u64> = b.entries.iter().map(|e| e.size).collect();
                assert!(keys.windows(2).all(|w| w[0] >= w[1]), "the batch is sorted");
                resorted.apply(ev.clone());
                resorted.set_sort(order.0, order.1);
            }
            _ => {}
        }
        let end = matches!(ev, DirEvent::Complete);
        presorted.apply(ev);
        if end {
            break;
        }
    }
    assert_eq!(presorted.len(), 5000);
    assert_eq!(names(&presorted), names(&resorted));
    let sizes: Vec<u64> = presorted.iter().map(|(e, _)| e.size).collect();
    assert!(sizes.windows(2).all(|w| w[0] >= w[1]));
}

#[test]
fn a_mirror_shares_the_entries_keeps_its_own_filter_and_follows_changes() {
    let t = sample_tree();
    let (mut l, mut s) = listed(t.path(), ViewOptions::default(), true);
    let mut view = l.mirror(ViewOptions {
        filter: "a".into(),
        ..ViewOptions::default()
    });
    assert!(view.shares_with(&l), "the entries are held once");
    assert_eq!(names(&view), ["Afolder", "a9.txt", "a10.txt", "c.tar.gz"]);
    assert_eq!(names(&l).len(), 6, "the first keeps showing all");

    // A change reaches the lister that listens; the mirror lets go first so it is made
    // in place, then follows.
    file(t.path(), "an-new.txt", 3, 0);
    while l.position(b"an-new.txt").is_none() {
        view.release();
        next_change(&mut s, &mut l);
        view.follow(&l.listed());
    }
    assert!(view.shares_with(&l), "still held once after the change");
    assert_eq!(
        names(&view),
        ["Afolder", "a9.txt", "a10.txt", "an-new.txt", "c.tar.gz"]
    );

    // A mirror sorted its own way still shares the entries, shown in its own order; the
    // first keeps its order.
    let mut by_size = l.mirror(ViewOptions {
        key: SortKey::Size,
        order: SortOrder::Descending,
        ..ViewOptions::default()
    });
    assert!(by_size.shares_with(&l));
    assert_eq!(names(&by_size)[2], "b.jpg", "the biggest file first");
    assert_eq!(names(&l)[2], "a9.txt");
    // One sorts again while sharing: neither copies, each shows its own order.
    view.set_sort(SortKey::Name, SortOrder::Descending);
    assert!(view.shares_with(&l));
    assert_eq!(names(&view)[0], "Afolder");
    assert_eq!(
        &names(&view)[1..],
        ["c.tar.gz", "an-new.txt", "a10.txt", "a9.txt"]
    );
    by_size.follow(&l.listed());
    assert_eq!(names(&by_size)[2], "b.jpg");
}
