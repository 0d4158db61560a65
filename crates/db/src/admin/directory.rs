//! The back office's member directory, audit trail, event log and rate limits.

use super::PgAdminStore;
use kernel::{PortResult, Timestamp, UserId};

impl admin::ports::MemberDirectory for PgAdminStore<'_> {
    fn members_from(&self, start: i64, limit: i64) -> PortResult<Vec<admin::MemberSummary>> {
        Ok(self.run(|conn| super::members::list_users(conn, start, limit))?.into_iter().map(Into::into).collect())
    }

    fn count_members(&self, search: Option<&str>) -> PortResult<i64> {
        self.run(|conn| super::members::count_users(conn, search))
    }

    fn search_members(&self, text: &str, start: i64, limit: i64) -> PortResult<Vec<admin::MemberSummary>> {
        Ok(self.run(|conn| super::members::search_users(conn, text, start, limit))?.into_iter().map(Into::into).collect())
    }

    fn member(&self, id: UserId) -> PortResult<Option<admin::MemberSummary>> {
        Ok(self.run(|conn| super::members::find_user(conn, id.0))?.map(Into::into))
    }

    fn member_with_email(&self, email: &str) -> PortResult<Option<UserId>> {
        Ok(self.run(|conn| super::members::user_with_email(conn, email))?.map(UserId))
    }

    fn plan_exists(&self, plan_id: &str) -> PortResult<bool> {
        self.run(|conn| super::members::plan_exists(conn, plan_id))
    }

    fn member_grants(&self, id: UserId) -> PortResult<Vec<billing::access::AccessGrant>> {
        billing::ports::OperatorGrants::grants_of(&self.gate().billing_ports(), id)
    }

    fn save_member(
        &self,
        member: &admin::MemberSummary,
        operator_grant: Option<&admin::ports::OperatorGrant>,
        entry: &admin::audit::AuditEntry,
    ) -> PortResult<()> {
        // The member's row, the operator's grants (billing's, through its port) and the audit entry
        // change together or not at all.
        self.atomically(&mut || {
            if let Some(change) = operator_grant {
                billing::ports::OperatorGrants::replace_operator_grants(&self.gate().billing_ports(), member.id, change.grant.as_ref(), change.at)?;
            }
            self.run(|conn| super::members::save_user(conn, member, entry))
        })
    }
}

impl admin::ports::AuditTrail for PgAdminStore<'_> {
    fn append_audit(&self, entry: &admin::audit::AuditEntry) -> PortResult<()> {
        self.run(|conn| crate::shared::audit::append_audit(conn, entry))
    }

    fn audit_entries(&self, filter: &admin::audit::AuditFilter, limit: i64) -> PortResult<Vec<admin::audit::AuditRecord>> {
        self.run(|conn| super::members::audit_entries(conn, filter, limit))
    }
}

impl admin::ports::EventLog for PgAdminStore<'_> {
    fn record(&self, event: &admin::AnalyticsEvent, member: Option<UserId>, at: Timestamp) -> PortResult<()> {
        self.run(|conn| crate::analytics::record_event(conn, event.name(), event.properties(), member, at))
    }
}

impl admin::ports::RateLimits for PgAdminStore<'_> {
    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32> {
        self.run(|conn| crate::shared::throttle::record_and_count(conn, key, at, since))
    }
}
