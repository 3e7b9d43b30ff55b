//! How many threads a piece of work runs on: one per core, within the bounds it sets.

/// One thread per core, at least `min` (also when the cores cannot be told) and at most
/// `max`.
pub(crate) fn per_core(min: usize, max: usize) -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(min)
        .clamp(min, max)
}
