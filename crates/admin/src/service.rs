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
    pub(crate) store: &'s S,
    pub(crate) now: Timestamp,
}

impl<'s, S: AdminStore + ?Sized> Admin<'s, S> {
    pub fn new(store: &'s S, now: Timestamp) -> Self {
        Admin { store, now }
    }

    /// Live members, newest first, 100 from `start`.
    pub fn members(&self, start: i64) -> Result<Vec<MemberSummary>, AdminError> {
        self.find_members(start, None)
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

    /// The audit log, newest first, 100 at a time.
    pub fn audit(&self, filter: &crate::audit::AuditFilter) -> Result<Vec<crate::audit::AuditRecord>, AdminError> {
        Ok(self.store.audit_entries(filter, AUDIT_PAGE)?)
    }
}

/// Audit entries per page.
pub const AUDIT_PAGE: i64 = 100;

mod blog;
mod books;
mod collections;
mod content;
mod coupons;
mod goals;
mod insights;
mod members;
mod messages;
mod plans;
mod podcasts;
mod stats;
mod visuals;

pub use blog::{PostForm, POST_FORM};
pub use books::{BookForm, BOOK_ADD_FORM, BOOK_EDIT_FORM};
pub use collections::{parse_ids, CollectionForm, COLLECTION_FORM};
pub use coupons::{CouponForm, COUPON_USES_SHOWN};
pub use goals::{GoalForm, GoalPhoto, GOAL_ADD_FORM, GOAL_EDIT_FORM};
pub use insights::{InsightForm, INSIGHT_FORM};
pub use members::{MemberChange, MEMBER_FORM};
pub use plans::{PlanForm, MAX_PLAN_NAME};
pub use podcasts::{PodcastForm, PodcastMedia, PODCAST_ADD_FORM, PODCAST_EDIT_FORM};
pub use visuals::{VisualForm, VISUAL_FORM};

#[cfg(test)]
mod tests;
