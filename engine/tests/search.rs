//! Searching real trees, held against the real tools: names (a substring and a glob)
//! against `find -iname`, content (text and a regular expression) against `grep -rl`;
//! hidden names, a name that is not UTF-8, a symlink loop, an unreadable folder (as an
//! unprivileged user when run as root), another filesystem mounted inside, the rig's FUSE
//! share (entered only when asked; never touched, so never waited on, when it stops
//! answering), details, and cancelling a search in the middle.

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use porpoise_engine::error::Op;
use porpoise_engine::events::Events;
use porpoise_engine::search::{Content, Found, Options, Query, SearchEvent, Summary, start};
use porpoise_engine::{Kind, Reason, State};
use porpoise_testkit::rng::Rng;
use porpoise_testkit::skip;
use porpoise_testkit::trees::{chmod, closed_folder, new_folder};

type Paths = BTreeSet<Vec<u8>>;

const WORDS: &[&str] = &[
    "Report", "report", "REPORT", "notes", "photo", "Budget", "draft", "invoice", "misc",
];
const EXTS: &[&str] = &[".pdf", ".PDF", ".txt", ".md", ".Txt", "", ".jpg"];
const LINES: &[&str] = &[
    "nothing to see here\n",
    "the quarterly budget is due\n",
    "foobar and more\n",
    "fooooobaz\n",
    "QUARTERLY BUDGET\n",
    "plain words\n",
];

/// A tree of folders and files with names in mixed case, hidden names, symlinks, a fifo,
/// names that are not UTF-8 or hold a newline, and text in the files.
fn mixed_tree(root: &Path, seed: u64, folders: usize) {
    let mut rng = Rng(seed);
    let mut dirs = vec![root.to_path_buf()];
    std::fs::create_dir_all(root).expect("mkdir");
    for i in 0..folders {
        let parent = dirs[rng.below(dirs.len())].clone();
        let name = if i % 7 == 3 {
            format!(".hidden-{}{i}", rng.pick(WORDS))
        } else {
            format!("{}-{i}", rng.pick(WORDS))
        };
        let dir = parent.join(name);
        std::fs::create_dir(&dir).expect("mkdir");
        dirs.push(dir);
    }
    for (i, dir) in dirs.iter().enumerate() {
        for j in 0..(3 + rng.below(6)) {
            let stem = rng.pick(WORDS);
            let name = if j == 4 {
                format!(".{stem}{i}-{j}{}", rng.pick(EXTS))
            } else {
                format!("{stem} {i}-{j}{}", rng.pick(EXTS))
            };
            let mut text = String::new();
            for _ in 0..rng.below(4) {
                text.push_str(rng.pick(LINES));
            }
            std::fs::write(dir.join(name), text).expect("write");
        }
        if i % 5 == 0 {
            std::os::unix::fs::symlink("../nowhere", dir.join(format!("report-link-{i}")))
                .expect("symlink");
        }
    }
    std::fs::write(
        root.join(OsStr::from_bytes(b"caf\xe9 report.txt")),
        "foobar\n",
    )
    .expect("write");
    std::fs::write(root.join("two\nlines report.md"), "budget\n").expect("write");
    porpoise_testkit::run(Command::new("mkfifo").arg(root.join("report.fifo")));
}

fn query(root: &Path, name: &str) -> Query {
    Query {
        root: root.to_path_buf(),
        name: name.into(),
        content: None,
        options: Options {
            hidden: true,
            ..Options::default()
        },
    }
}

/// Wait for a search's end, handing each result batch to `each`.
fn for_each(search: Events<SearchEvent>, mut each: impl FnMut(Vec<Found>)) -> Summary {
    for ev in search.iter() {
        match ev {
            SearchEvent::Found(f) => each(f),
            SearchEvent::Finished(s) => return s,
        }
    }
    panic!("the search ended without a summary")
}

/// Run a search to its end: every result's full path, and the summary.
fn results(q: Query) -> (Paths, Summary) {
    let search = start(q).expect("a valid query");
    let mut paths = Paths::new();
    let summary = for_each(search, |batch| {
        for f in batch {
            for i in 0..f.entries.len() {
                let p = f.path(i).into_os_string().into_vec_bytes();
                assert!(paths.insert(p.clone()), "found twice: {p:?}");
            }
        }
    });
    (paths, summary)
}

trait IntoVecBytes {
    fn into_vec_bytes(self) -> Vec<u8>;
}

impl IntoVecBytes for std::ffi::OsString {
    fn into_vec_bytes(self) -> Vec<u8> {
        use std::os::unix::ffi::OsStringExt;
        self.into_vec()
    }
}

/// What a tool printed, NUL-separated paths.
fn tool(cmd: &mut Command) -> Paths {
    let out = cmd.output().expect("run the tool");
    out.stdout
        .split(|b| *b == 0)
        .filter(|p| !p.is_empty())
        .map(<[u8]>::to_vec)
        .collect()
}

fn find(root: &Path, args: &[&str]) -> Paths {
    tool(
        Command::new("find")
            .arg(root)
            .arg("-mindepth")
            .arg("1")
            .args(args),
    )
}

fn tree(seed: u64) -> (tempfile::TempDir, PathBuf) {
    let t = tempfile::tempdir().expect("tempdir");
    let root = t.path().join("tree");
    mixed_tree(&root, seed, 60);
    (t, root)
}

#[test]
fn by_name_as_find_iname() {
    let (_t, root) = tree(7);
    for pat in ["report", "REP", "o", "-1", "zzz"] {
        let (got, s) = results(query(&root, pat));
        let want = find(&root, &["-iname", &format!("*{pat}*"), "-print0"]);
        assert!(!s.cancelled && s.problems == 0, "{s:?}");
        assert_eq!(got, want, "pattern {pat}");
        assert_eq!(s.found, got.len() as u64);
    }
}

#[test]
fn by_glob_as_find_iname() {
    let (_t, root) = tree(8);
    for pat in ["*.pdf", "report*", "*[0-9]-?.txt", "*"] {
        let (got, _) = results(query(&root, pat));
        let want = find(&root, &["-iname", pat, "-print0"]);
        assert!(!want.is_empty(), "{pat}");
        assert_eq!(got, want, "glob {pat}");
    }
}

#[test]
fn hidden_names_are_skipped_unless_asked() {
    let (_t, root) = tree(9);
    let mut q = query(&root, "report");
    q.options.hidden = false;
    let (got, _) = results(q);
    let want = find(
        &root,
        &[
            "-name", ".*", "-prune", "-o", "-iname", "*report*", "-print0",
        ],
    );
    let start = root.as_os_str().len();
    assert!(
        got.iter()
            .all(|p| !p[start..].windows(2).any(|w| w == b"/."))
    );
    assert_eq!(got, want);
    let (all, _) = results(query(&root, "report"));
    assert!(all.len() > got.len());
}

#[test]
fn a_name_that_is_not_utf8_is_found() {
    let (_t, root) = tree(10);
    let (got, _) = results(query(&root, "caf"));
    let mut name = root.as_os_str().as_bytes().to_vec();
    name.extend_from_slice(b"/caf\xe9 report.txt");
    assert!(got.contains(&name), "{got:?}");
    let (by_bytes, _) = results(Query {
        name: OsStr::from_bytes(b"\xe9 rep").into(),
        ..query(&root, "")
    });
    assert_eq!(by_bytes, Paths::from([name]));
}

fn content(root: &Path, text: &str, regex: bool) -> Query {
    Query {
        content: Some(Content {
            pattern: text.into(),
            regex,
            ignore_case: false,
        }),
        ..query(root, "")
    }
}

#[test]
fn by_content_as_grep_rl() {
    let (_t, root) = tree(11);
    // `grep -rl` without a fifo in its way (it would wait on it for ever).
    std::fs::remove_file(root.join("report.fifo")).expect("rm");
    for (text, regex) in [
        ("budget", false),
        ("foo.ar", false),
        ("fo+ba[rz]", true),
        ("^QUARTERLY", true),
        ("nope", false),
    ] {
        let (got, s) = results(content(&root, text, regex));
        let flag = if regex { "-E" } else { "-F" };
        let want = tool(
            Command::new("grep")
                .args([flag, "-rlZ", "--", text])
                .arg(&root),
        );
        assert_eq!(got, want, "{text} (regex: {regex})");
        assert_eq!(s.problems, 0, "{s:?}");
    }
    // The name and the content together.
    let mut q = content(&root, "budget", false);
    q.name = "*.txt".into();
    let (got, _) = results(q);
    assert!(
        !got.is_empty()
            && got
                .iter()
                .all(|p| p.to_ascii_lowercase().ends_with(b".txt"))
    );
}

#[test]
fn a_symlink_loop_ends_cleanly() {
    let t = tempfile::tempdir().expect("tempdir");
    let root = t.path().join("loop");
    std::fs::create_dir_all(root.join("a/b")).expect("mkdir");
    std::os::unix::fs::symlink("..", root.join("a/b/up")).expect("symlink");
    std::os::unix::fs::symlink(".", root.join("a/self")).expect("symlink");
    std::os::unix::fs::symlink(&root, root.join("a/b/top")).expect("symlink");
    std::fs::write(root.join("a/b/x.txt"), "x").expect("write");
    let (got, s) = results(query(&root, ""));
    assert_eq!(got, find(&root, &["-print0"]));
    assert_eq!(got.len(), 6);
    assert!(!s.cancelled && s.problems == 0);
}

#[test]
fn details_are_read_when_asked() {
    let t = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(t.path().join("sub")).expect("mkdir");
    std::fs::write(t.path().join("sub/Needle.bin"), vec![1u8; 1234]).expect("write");
    let mut q = query(t.path(), "needle");
    q.options.details = true;
    let s = start(q).expect("query");
    let mut seen = Vec::new();
    for_each(s, |b| seen.extend(b));
    assert_eq!(seen.len(), 1);
    let f = &seen[0];
    assert_eq!(f.dir.as_path(), t.path().join("sub"));
    let e = f.entries.entries[0];
    assert_eq!(
        (e.state(), e.kind(), e.size),
        (State::Complete, Kind::File, 1234)
    );
    assert_eq!(f.entries.name(0), b"Needle.bin");
}

#[test]
fn a_bad_pattern_is_refused_up_front() {
    assert!(start(content(Path::new("/"), "(unclosed", true)).is_err());
    assert!(start(query(Path::new("/"), "[z-a]")).is_err());
}

#[test]
fn a_missing_folder_is_a_problem() {
    let (got, s) = results(query(Path::new("/nonexistent/porpoise-search"), ""));
    assert!(got.is_empty());
    assert_eq!(s.problems, 1);
    assert_eq!(s.first_problems[0].reason(), Reason::NotFound);
}

#[test]
fn cancel_stops_the_walk() {
    let t = tempfile::tempdir().expect("tempdir");
    let root = t.path().join("big");
    // 400 folders of 100 files: each is opened and read for its content.
    for d in 0..400 {
        let dir = root.join(format!("d{d}"));
        std::fs::create_dir_all(&dir).expect("mkdir");
        for f in 0..100 {
            std::fs::write(dir.join(format!("f{f}")), "needle in a haystack\n").expect("write");
        }
    }
    let search = start(content(&root, "needle", false)).expect("query");
    let first = search.next().expect("an event");
    assert!(matches!(first, SearchEvent::Found(_)), "{first:?}");
    let asked = Instant::now();
    search.cancel();
    let mut results_after = 0;
    let summary = loop {
        match search.next() {
            Some(SearchEvent::Found(f)) => results_after += f.len(),
            Some(SearchEvent::Finished(s)) => break s,
            None => panic!("the search ended without a summary"),
        }
    };
    // The summary is sent once every walking thread has ended.
    let took = asked.elapsed();
    assert!(took < Duration::from_secs(2), "{took:?}");
    assert_eq!(results_after, 0);
    assert!(summary.cancelled);
    assert!(
        summary.entries < 40_000 && summary.found < 40_000,
        "{summary:?}"
    );
    assert!(search.next().is_none());
}

/// Set by [`an_unreadable_folder_is_reported_once_and_the_rest_found`] for its child.
const UNREADABLE_TREE: &str = "PORPOISE_TEST_SEARCH_UNREADABLE";

#[test]
fn an_unreadable_folder_is_reported_once_and_the_rest_found() {
    let t = tempfile::tempdir().expect("tempdir");
    chmod(t.path(), 0o755);
    let root = t.path().join("tree");
    mixed_tree(&root, 12, 30);
    closed_folder(&root.join("closed report"), "report inside", b"x");
    porpoise_testkit::nobody::check_unprivileged(
        t.path(),
        "unreadable_folder_as_whoever_runs_it",
        UNREADABLE_TREE,
        &root,
        "search",
        check_unreadable,
    );
}

/// The child of [`an_unreadable_folder_is_reported_once_and_the_rest_found`].
#[test]
fn unreadable_folder_as_whoever_runs_it() {
    porpoise_testkit::nobody::child_check(UNREADABLE_TREE, check_unreadable);
}

fn check_unreadable(root: &Path) {
    let (got, s) = results(query(root, "report"));
    assert_eq!(s.problems, 1, "{:?}", s.first_problems);
    let e = &s.first_problems[0];
    assert_eq!(
        (e.op, e.reason(), e.path.as_path()),
        (
            Op::OpenDir,
            Reason::PermissionDenied,
            root.join("closed report").as_path()
        )
    );
    // The rest, and the closed folder itself, as `find` (as the same user) sees them.
    let want = find(root, &["-iname", "*report*", "-print0"]);
    assert_eq!(got, want);
    assert!(got.contains(root.join("closed report").as_os_str().as_bytes()));
}

#[test]
fn other_mounts_are_not_entered_unless_asked() {
    if let Err(why) = porpoise_testkit::root() {
        return skip(&format!("mounting a tmpfs inside a tree needs root: {why}"));
    }
    let (_t, root) = tree(13);
    let mnt = new_folder(&root, "mounted");
    let _tmpfs = porpoise_testkit::mounts::Tmpfs::mount(&mnt);
    std::fs::write(mnt.join("report elsewhere"), "x").expect("write");
    let (got, _) = results(query(&root, "report"));
    assert_eq!(
        got,
        find(&root, &["-xdev", "-iname", "*report*", "-print0"])
    );
    let mut q = query(&root, "report");
    q.options.cross_mounts = true;
    let (crossed, _) = results(q);
    assert_eq!(crossed, find(&root, &["-iname", "*report*", "-print0"]));
    assert_eq!(crossed.len(), got.len() + 1);
}

#[test]
fn network_mounts_are_left_alone_unless_asked() {
    use porpoise_testkit::rig;
    if let Err(why) = rig::available() {
        return skip(&why);
    }
    let share = rig::Share::new(0);
    std::fs::write(share.store().join("report on the share"), "x").expect("write");
    let root = share
        .path()
        .parent()
        .expect("the share's folder")
        .to_path_buf();
    let on_share = share.path().join("report on the share");
    let in_store = share.store().join("report on the share");
    let bytes = |p: &Path| p.as_os_str().as_bytes().to_vec();

    let (got, _) = results(query(&root, "report"));
    assert_eq!(got, Paths::from([bytes(&in_store)]));
    let mut crossing = query(&root, "report");
    crossing.options.cross_mounts = true;
    let (got, _) = results(crossing.clone());
    assert_eq!(
        got,
        Paths::from([bytes(&in_store)]),
        "a share is entered only when asked"
    );
    crossing.options.network = true;
    let (got, _) = results(crossing);
    assert_eq!(got, Paths::from([bytes(&in_store), bytes(&on_share)]));

    // A share that stopped answering is never touched: the search ends at once.
    share.set_silent(true);
    let started = Instant::now();
    let (got, s) = results(query(&root, "report"));
    let took = started.elapsed();
    share.set_silent(false);
    assert!(took < Duration::from_secs(2), "{took:?}");
    assert_eq!(got, Paths::from([bytes(&in_store)]));
    assert!(!s.cancelled && s.problems == 0);
}
