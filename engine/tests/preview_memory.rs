//! Hostile pictures cost the process no more than a fixed bound, previewed or
//! thumbnailed: a header claiming 30000×30000 is refused before its pixels are set aside.
//! One test alone in its binary, so the peak it reads is its own.

use std::time::Duration;

use porpoise_engine::events::Next;
use porpoise_engine::mime::MimeDb;
use porpoise_engine::preview;
use porpoise_engine::thumbs::{
    Request, Setup, ThumbCache, ThumbOutcome, ThumbSize, Thumbnailer, Thumbnailers,
};
use porpoise_testkit::pictures;

/// The process's peak resident memory so far (`VmHWM`), in bytes.
fn peak() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib << 10
}

/// Much less than any of the claimed pictures (3.6 GB each).
const BOUND: u64 = 200 << 20;

#[test]
fn hostile_pictures_stay_within_a_fixed_bound() {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        ("claims.png", pictures::png_claiming(30000, 30000)),
        ("claims.jpg", pictures::jpeg_claiming(30000, 30000)),
        ("wide.png", pictures::png_claiming(60000, 16000)),
    ];
    let paths: Vec<_> = files
        .iter()
        .map(|(name, bytes)| {
            let p = dir.path().join(name);
            pictures::write(&p, bytes);
            p
        })
        .collect();
    let before = peak();
    for p in &paths {
        assert!(preview::picture(p, 2000).is_err(), "{}", p.display());
    }
    let cache = ThumbCache::new(dir.path().join("cache"));
    let db = std::sync::Arc::new(MimeDb::load());
    let (pool, events) = Thumbnailer::start(Setup::new(cache, db, Thumbnailers::none()));
    for p in &paths {
        pool.request(Request::new(p.clone(), ThumbSize::XxLarge));
    }
    for _ in &paths {
        let Next::Event(event) = events.next_timeout(Duration::from_secs(60)) else {
            panic!("no outcome within a minute");
        };
        assert!(
            matches!(event.outcome, ThumbOutcome::Failed(_)),
            "{event:?}"
        );
    }
    let grown = peak().saturating_sub(before);
    assert!(grown < BOUND, "the peak grew by {} MiB", grown >> 20);
}
