//! What a process-wide cache holds against its bound, for `/metrics` and the benchmarks.

/// A cache's use now: its entries, the bytes they hold (as the cache counts them: the data it
/// keeps, not the allocator's slack) and the most it ever holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CacheSize {
    pub entries: usize,
    pub bytes: usize,
    pub limit_bytes: usize,
}
