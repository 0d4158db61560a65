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

/// Everything the back office reads and writes, implemented by one adapter.
pub trait AdminStore: MemberDirectory + EventLog {}

impl<T: MemberDirectory + EventLog> AdminStore for T {}
