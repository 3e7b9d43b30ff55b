//! A small, fast generator of numbers for tests that try many cases: the same seed gives
//! the same run, so a failure can be replayed.

/// xorshift64* over a nonzero seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn number(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.number() % n.max(1) as u64) as usize
    }

    /// One of `items` (which is not empty).
    pub fn pick<'a, T: ?Sized>(&mut self, items: &'a [&'a T]) -> &'a T {
        items[self.below(items.len())]
    }
}
