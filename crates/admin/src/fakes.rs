//! In-memory ports for unit tests without a database.

use crate::analytics::AnalyticsEvent;
use crate::model::MemberSummary;
use crate::ports::*;
use kernel::{Timestamp, UserId};
use std::cell::RefCell;

#[derive(Default)]
pub struct InMemoryAdmin {
    /// Oldest first.
    members: RefCell<Vec<MemberSummary>>,
    events: RefCell<Vec<(AnalyticsEvent, Option<UserId>, Timestamp)>>,
    attempts: RefCell<Vec<(String, Timestamp)>>,
}

impl InMemoryAdmin {
    pub fn add_member(&self, member: MemberSummary) {
        self.members.borrow_mut().push(member);
    }

    pub fn events(&self) -> Vec<(AnalyticsEvent, Option<UserId>, Timestamp)> {
        self.events.borrow().clone()
    }
}

impl MemberDirectory for InMemoryAdmin {
    fn members_from(&self, start: i64, limit: i64) -> PortResult<Vec<MemberSummary>> {
        Ok(self.members.borrow().iter().rev().skip(start.max(0) as usize).take(limit.max(0) as usize).cloned().collect())
    }
}

impl EventLog for InMemoryAdmin {
    fn record(&self, event: &AnalyticsEvent, member: Option<UserId>, at: Timestamp) -> PortResult<()> {
        self.events.borrow_mut().push((event.clone(), member, at));
        Ok(())
    }
}

impl RateLimits for InMemoryAdmin {
    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32> {
        let mut attempts = self.attempts.borrow_mut();
        attempts.push((key.to_owned(), at));
        Ok(attempts.iter().filter(|(k, t)| k == key && *t >= since).count() as u32)
    }
}
