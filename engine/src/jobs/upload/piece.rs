//! How much of a file goes to the server in one write. GVfs's backend answers each write
//! before the stream sends the next, and an SMB backend serves one request at a time, so
//! every write costs a round trip through the client, the backend and the server: on a
//! fast server bigger pieces send a file sooner (256 MiB over loopback: 0.41 s in pieces
//! of 1 MiB, 0.35 s in pieces of 4 MiB). On a slow one a piece stays small, so progress
//! moves and a cancel is heard as before. Pieces of all the files on their way together
//! hold a bounded amount of memory.

use std::cell::Cell;
use std::time::Duration;

/// A file's first piece, and the smallest a piece becomes again.
pub(super) const FIRST: usize = 1 << 20;
/// The biggest piece: the most GVfs's stream sends in one write.
const MOST: usize = 4 << 20;
/// The biggest piece of a file going in parts, each through a stream of its own: the
/// backend writes one part's piece while the others' travel, and smaller pieces keep it
/// fed more evenly (256 MiB in four parts over loopback on 2 cores, medians of 14
/// interleaved runs: 226 ms with pieces of up to 4 MiB, 202 ms of up to 2 MiB).
const MOST_IN_PARTS: usize = 2 << 20;
/// A piece written in less time than this is followed by one twice as big.
const GROW_UNDER: Duration = Duration::from_millis(100);
/// A piece that took longer than this is followed by one half as big.
const SHRINK_OVER: Duration = Duration::from_millis(400);
/// A piece grows only while the pieces of every file on its way, the grown one included,
/// hold at most this much.
const HELD_MOST: usize = 16 << 20;

/// The bytes the pieces of every file on its way hold; all on the job's thread.
#[derive(Debug, Default)]
pub(super) struct Held(Cell<usize>);

impl Held {
    /// Count `bytes` as held until the returned guard goes.
    pub fn hold(&self, bytes: usize) -> Holding<'_> {
        self.0.set(self.0.get() + bytes);
        Holding { held: self, bytes }
    }

    fn bytes(&self) -> usize {
        self.0.get()
    }
}

/// Bytes counted in [`Held`] while this lives.
pub(super) struct Holding<'a> {
    held: &'a Held,
    bytes: usize,
}

impl Drop for Holding<'_> {
    fn drop(&mut self) {
        self.held
            .0
            .set(self.held.0.get().saturating_sub(self.bytes));
    }
}

/// The biggest piece of a file, going in parts or in one stream.
pub(super) fn most(in_parts: bool) -> usize {
    if in_parts { MOST_IN_PARTS } else { MOST }
}

/// The piece after one of `piece` bytes that took `took` to write, while the pieces of the
/// files on their way (this one's no longer among them) hold `held`; at most `most`.
pub(super) fn next(piece: usize, took: Duration, held: &Held, most: usize) -> usize {
    if took < GROW_UNDER {
        let grown = (piece * 2).min(most);
        if held.bytes() + grown <= HELD_MOST {
            return grown;
        }
        return piece;
    }
    if took > SHRINK_OVER {
        return (piece / 2).max(FIRST);
    }
    piece
}

#[cfg(test)]
mod tests {
    use super::*;

    const FAST: Duration = Duration::from_millis(10);
    const SLOW: Duration = Duration::from_secs(1);
    const STEADY: Duration = Duration::from_millis(200);

    #[test]
    fn a_fast_server_gets_pieces_doubled_up_to_the_most_a_write_sends() {
        let held = Held::default();
        let mut piece = FIRST;
        let mut seen = vec![piece];
        for _ in 0..4 {
            piece = next(piece, FAST, &held, MOST);
            seen.push(piece);
        }
        assert_eq!(seen, [1 << 20, 2 << 20, 4 << 20, 4 << 20, 4 << 20]);
        // A file in parts stops at smaller pieces.
        assert_eq!(next(2 << 20, FAST, &held, most(true)), 2 << 20);
        assert_eq!(most(false), MOST);
    }

    #[test]
    fn a_slow_server_gets_pieces_halved_down_to_the_first_size() {
        let held = Held::default();
        assert_eq!(next(4 << 20, SLOW, &held, MOST), 2 << 20);
        assert_eq!(next(2 << 20, SLOW, &held, MOST), 1 << 20);
        assert_eq!(next(1 << 20, SLOW, &held, MOST), 1 << 20);
        assert_eq!(next(2 << 20, STEADY, &held, MOST), 2 << 20);
    }

    #[test]
    fn pieces_grow_only_while_all_on_their_way_hold_little() {
        let held = Held::default();
        let others = held.hold(HELD_MOST - (2 << 20));
        assert_eq!(next(1 << 20, FAST, &held, MOST), 2 << 20);
        assert_eq!(
            next(2 << 20, FAST, &held, MOST),
            2 << 20,
            "4 MiB would pass the bound"
        );
        drop(others);
        assert_eq!(next(2 << 20, FAST, &held, MOST), 4 << 20);
    }

    #[test]
    fn a_holding_gives_its_bytes_back_when_it_goes() {
        let held = Held::default();
        let a = held.hold(3);
        let b = held.hold(5);
        assert_eq!(held.bytes(), 8);
        drop(a);
        assert_eq!(held.bytes(), 5);
        drop(b);
        assert_eq!(held.bytes(), 0);
    }
}
