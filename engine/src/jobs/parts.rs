//! A big file carried to or from a server in parts at once, each through a stream of its
//! own: where its parts begin (on whole MiBs, so each part's pieces keep the server's read
//! and write sizes), and the hold that lets one file of a job go in parts at a time (the
//! job's other files on their way keep the server's backend busy as well).

use std::sync::atomic::{AtomicBool, Ordering};

/// Files at least this big go in parts.
pub(super) const PARTS_FROM: u64 = 16 << 20;
/// How many parts a file goes in.
pub(super) const PARTS: u64 = 4;

/// Where the parts of a file of `size` bytes after its first begin, in order.
pub(super) fn starts(size: u64) -> Vec<u64> {
    (1..PARTS).map(|i| (size / PARTS * i) >> 20 << 20).collect()
}

/// One part of a file: from `from` to `to`, or to wherever the file ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Span {
    pub from: u64,
    pub to: Option<u64>,
}

/// The parts of a file that begin at 0 and then at `starts`; the last runs to the end.
pub(super) fn spans(starts: &[u64]) -> Vec<Span> {
    let froms = std::iter::once(0).chain(starts.iter().copied());
    let tos = starts.iter().map(|s| Some(*s)).chain([None]);
    froms.zip(tos).map(|(from, to)| Span { from, to }).collect()
}

/// Whether a file of the job is going in parts.
#[derive(Debug, Default)]
pub struct InParts(AtomicBool);

impl InParts {
    /// The hold on the job's one file in parts, if no other file has it.
    pub(super) fn take(&self) -> Option<Taken<'_>> {
        (!self.0.swap(true, Ordering::AcqRel)).then_some(Taken(self))
    }
}

/// The job's one file in parts, while this lives.
pub(super) struct Taken<'a>(&'a InParts);

impl Drop for Taken<'_> {
    fn drop(&mut self) {
        self.0.0.store(false, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_file_at_a_time_goes_in_parts() {
        let in_parts = InParts::default();
        let first = in_parts.take().expect("the first file goes in parts");
        assert!(
            in_parts.take().is_none(),
            "not while the first is on its way"
        );
        drop(first);
        assert!(in_parts.take().is_some(), "the next after it does");
    }

    #[test]
    fn parts_begin_on_whole_mibs_in_order_and_each_has_data() {
        const MIB: u64 = 1 << 20;
        assert_eq!(starts(256 * MIB), [64 * MIB, 128 * MIB, 192 * MIB]);
        assert_eq!(starts(PARTS_FROM), [4 * MIB, 8 * MIB, 12 * MIB]);
        for size in [
            PARTS_FROM,
            PARTS_FROM + 1,
            17 * MIB + 12_345,
            48 * MIB - 1,
            1 << 40,
        ] {
            let starts = starts(size);
            assert_eq!(starts.len() as u64, PARTS - 1);
            let bounds: Vec<u64> = [0].into_iter().chain(starts).chain([size]).collect();
            for pair in bounds.windows(2) {
                assert!(pair[0] < pair[1], "{size}: {bounds:?}");
            }
            assert!(
                bounds.iter().all(|b| *b == size || b % MIB == 0),
                "{bounds:?}"
            );
        }
    }

    #[test]
    fn spans_follow_each_other_and_the_last_runs_to_the_end() {
        let spans = spans(&[4, 8]);
        assert_eq!(
            spans,
            [
                Span {
                    from: 0,
                    to: Some(4)
                },
                Span {
                    from: 4,
                    to: Some(8)
                },
                Span { from: 8, to: None },
            ]
        );
    }
}
