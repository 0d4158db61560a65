//! The audit log's write, used inside a change's own transaction by every domain an operator
//! can change (the back office's edits, referral payouts).

use crate::schema::audit_log;
use admin::audit::AuditEntry;
use diesel::prelude::*;

/// Writes one audit entry (call it inside the change's transaction).
pub fn append_audit(conn: &mut PgConnection, entry: &AuditEntry) -> QueryResult<()> {
    diesel::insert_into(audit_log::table)
        .values((
            audit_log::actor_id.eq(entry.actor.0),
            audit_log::action.eq(entry.action.as_str()),
            audit_log::entity.eq(entry.action.entity()),
            audit_log::entity_id.eq(&entry.entity_id),
            audit_log::before.eq(&entry.before),
            audit_log::after.eq(&entry.after),
            audit_log::reason.eq(&entry.reason),
            audit_log::created_at.eq(entry.at),
        ))
        .execute(conn)
        .map(drop)
}
