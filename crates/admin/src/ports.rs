//! What the back office needs from outside.

use crate::analytics::AnalyticsEvent;
use crate::model::MemberSummary;
pub use kernel::{PortError, PortResult};
use kernel::{Timestamp, UserId};

pub trait MemberDirectory {
    /// Live accounts, newest first, `limit` from the `start`-th.
    fn members_from(&self, start: i64, limit: i64) -> PortResult<Vec<MemberSummary>>;
}

pub trait EventLog {
    fn record(&self, event: &AnalyticsEvent, member: Option<UserId>, at: Timestamp) -> PortResult<()>;
}

/// Counts attempts per key in a sliding window, for per-address limits on public calls.
pub trait RateLimits {
    /// Records an attempt and returns the key's attempts since `since`, this one included
    /// (atomic per key).
    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32>;
}

/// Everything the back office reads and writes, implemented by one adapter.
pub trait AdminStore: MemberDirectory + EventLog + RateLimits {}

impl<T: MemberDirectory + EventLog + RateLimits> AdminStore for T {}
