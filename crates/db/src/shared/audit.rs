//! The audit log's write, used inside a change's own transaction by every domain an operator
//! can change (the back office's edits, referral payouts).

use crate::schema::audit_log;
use admin::audit::AuditEntry;
use diesel::prelude::*;

/// Writes one audit entry (call it inside the change's transaction).
pub fn append_audit(conn: &mut PgConnection, entry: &AuditEntry) -> QueryResult<()> {
    let row = AuditRow {
        actor_id: entry.actor.0,
        action: entry.action.as_str(),
        entity: entry.action.entity(),
        entity_id: &entry.entity_id,
        before: &entry.before,
        after: &entry.after,
        reason: entry.reason.as_deref(),
        created_at: entry.at,
    };
    diesel::insert_into(audit_log::table).values(row).execute(conn).map(drop)
}

#[derive(Insertable)]
#[diesel(table_name = audit_log)]
struct AuditRow<'a> {
    actor_id: i64,
    action: &'a str,
    entity: &'a str,
    entity_id: &'a str,
    before: &'a serde_json::Value,
    after: &'a serde_json::Value,
    reason: Option<&'a str>,
    created_at: chrono::DateTime<chrono::Utc>,
}
