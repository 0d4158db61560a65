//! The back office's use cases (and the public analytics call that feeds its statistics), one
//! per call, over the store at the call's instant. Callers of the members list are admins: the
//! HTTP edge's guard checks the role in the database before this runs.

use crate::analytics::AnalyticsEvent;
use crate::error::AdminError;
use crate::model::MemberSummary;
use crate::ports::AdminStore;
use kernel::{Timestamp, UserId};

/// Members per page of the back office's list ("Load More" adds 100).
pub const MEMBERS_PAGE: i64 = 100;
/// Analytics events one address may send per window (a page sends a handful per visit).
pub const EVENTS_PER_ADDRESS: u32 = 120;
pub const EVENTS_WINDOW_MINUTES: i64 = 10;

pub struct Admin<'s, S: ?Sized> {
    store: &'s S,
    now: Timestamp,
}

impl<'s, S: AdminStore + ?Sized> Admin<'s, S> {
    pub fn new(store: &'s S, now: Timestamp) -> Self {
        Admin { store, now }
    }

    /// Live members, newest first, 100 from `start`.
    pub fn members(&self, start: i64) -> Result<Vec<MemberSummary>, AdminError> {
        if start < 0 {
            return Err(AdminError::NegativeStart);
        }
        Ok(self.store.members_from(start, MEMBERS_PAGE)?)
    }

    /// Records an analytics event from anyone (visitors too), checked first; `client` is the
    /// caller's address, limited to `EVENTS_PER_ADDRESS` events per window.
    pub fn record_event(&self, name: Option<&str>, properties: Option<serde_json::Value>, member: Option<UserId>, client: &str) -> Result<(), AdminError> {
        let event = AnalyticsEvent::new(name, properties)?;
        let since = self.now - chrono::Duration::minutes(EVENTS_WINDOW_MINUTES);
        if self.store.record_and_count(&format!("analytics:ip:{client}"), self.now, since)? > EVENTS_PER_ADDRESS {
            return Err(AdminError::Throttled);
        }
        Ok(self.store.record(&event, member, self.now)?)
    }
}

#[cfg(test)]
mod tests;
