//! The summariser's limits.

use std::time::Duration;

/// Summaries a member may start in 24 hours.
pub const DAILY_LIMIT: u32 = 20;
/// The largest file accepted.
pub const MAX_FILE_BYTES: usize = 20 * 1024 * 1024;
/// The most a fetched link may send.
pub const MAX_FETCH_BYTES: usize = 10 * 1024 * 1024;
/// The whole fetch, redirects included.
pub const FETCH_TIMEOUT: Duration = Duration::from_secs(15);
/// Redirects followed, each checked like the first address.
pub const MAX_REDIRECTS: usize = 3;
/// Text past this many characters is not summarised (the start of a long book is kept).
pub const MAX_TEXT_CHARS: usize = 400_000;
/// Tries of one job (a process that dies mid-job leaves it to be picked up again).
pub const MAX_ATTEMPTS: i32 = 3;
/// A job not touched for this long while unfinished was left by a process that died.
pub const STALE_AFTER: Duration = Duration::from_secs(120);
