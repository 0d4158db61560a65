//! The back office's members (list, search, one, save) and the audit log.

use crate::schema::{audit_log, plans, users};
use crate::shared::audit::append_audit;
use admin::audit::{AuditEntry, AuditFilter, AuditRecord};
use chrono::{DateTime, Utc};
use diesel::prelude::*;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users, check_for_backend(diesel::pg::Pg))]
pub struct AdminUserRow {
    pub id: i64,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub plan_id: Option<String>,
    pub payment_method: Option<String>,
    pub paid_date: Option<DateTime<Utc>>,
    pub end_paid_date: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<AdminUserRow> for admin::MemberSummary {
    fn from(row: AdminUserRow) -> Self {
        admin::MemberSummary {
            id: kernel::UserId(row.id),
            email: row.email,
            first_name: row.first_name,
            last_name: row.last_name,
            plan_id: row.plan_id,
            payment_method: row.payment_method,
            paid_date: row.paid_date,
            end_paid_date: row.end_paid_date,
            created_at: row.created_at,
        }
    }
}

/// Live accounts, newest first, `limit` from `start`.
pub fn list_users(conn: &mut PgConnection, start: i64, limit: i64) -> QueryResult<Vec<AdminUserRow>> {
    users::table
        .filter(users::deleted_at.is_null())
        .order((users::created_at.desc(), users::id.desc()))
        .offset(start)
        .limit(limit)
        .select(AdminUserRow::as_select())
        .load(conn)
}

fn like_pattern(text: &str) -> String {
    format!("%{}%", text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"))
}

/// How many live accounts (whose e-mail or name contains `search`).
pub fn count_users(conn: &mut PgConnection, search: Option<&str>) -> QueryResult<i64> {
    let haystack = diesel::dsl::sql::<diesel::sql_types::Text>("(email || ' ' || first_name || ' ' || last_name)");
    let query = users::table.filter(users::deleted_at.is_null()).into_boxed();
    let query = match search {
        Some(text) => query.filter(haystack.ilike(like_pattern(text))),
        None => query,
    };
    query.count().get_result(conn)
}

/// Live accounts whose e-mail or name contains `text` (any case), newest first.
pub fn search_users(conn: &mut PgConnection, text: &str, start: i64, limit: i64) -> QueryResult<Vec<AdminUserRow>> {
    let pattern = like_pattern(text);
    let haystack = diesel::dsl::sql::<diesel::sql_types::Text>("(email || ' ' || first_name || ' ' || last_name)");
    users::table
        .filter(users::deleted_at.is_null())
        .filter(haystack.ilike(pattern))
        .order((users::created_at.desc(), users::id.desc()))
        .offset(start)
        .limit(limit)
        .select(AdminUserRow::as_select())
        .load(conn)
}

pub fn find_user(conn: &mut PgConnection, id: i64) -> QueryResult<Option<AdminUserRow>> {
    users::table.filter(users::deleted_at.is_null()).find(id).select(AdminUserRow::as_select()).first(conn).optional()
}

pub fn user_with_email(conn: &mut PgConnection, email: &str) -> QueryResult<Option<i64>> {
    users::table.filter(users::deleted_at.is_null()).filter(users::email.eq(email)).select(users::id).first(conn).optional()
}

pub fn plan_exists(conn: &mut PgConnection, id: &str) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(plans::table.find(id))).get_result(conn)
}

/// Saves an operator's edit of the member's row with its audit entry (in the caller's transaction).
pub fn save_user(conn: &mut PgConnection, member: &admin::MemberSummary, entry: &AuditEntry) -> QueryResult<()> {
    diesel::update(users::table.find(member.id.0)).set(MemberEdit::from(member)).execute(conn)?;
    append_audit(conn, entry)
}

/// The member's fields an operator edits; `None` clears a field (a plan taken away).
#[derive(AsChangeset)]
#[diesel(table_name = users, treat_none_as_null = true)]
struct MemberEdit<'a> {
    first_name: &'a str,
    last_name: &'a str,
    email: &'a str,
    plan_id: Option<&'a str>,
    paid_date: Option<DateTime<Utc>>,
    end_paid_date: Option<DateTime<Utc>>,
    payment_method: Option<&'a str>,
}

impl<'a> From<&'a admin::MemberSummary> for MemberEdit<'a> {
    fn from(member: &'a admin::MemberSummary) -> Self {
        MemberEdit {
            first_name: &member.first_name,
            last_name: &member.last_name,
            email: &member.email,
            plan_id: member.plan_id.as_deref(),
            paid_date: member.paid_date,
            end_paid_date: member.end_paid_date,
            payment_method: member.payment_method.as_deref(),
        }
    }
}

type AuditRow = (i64, Option<i64>, Option<String>, String, String, String, serde_json::Value, serde_json::Value, Option<String>, DateTime<Utc>);

/// Entries matching `filter`, newest first.
pub fn audit_entries(conn: &mut PgConnection, filter: &AuditFilter, limit: i64) -> QueryResult<Vec<AuditRecord>> {
    let mut query = audit_log::table
        .left_join(users::table)
        .select((
            audit_log::id,
            audit_log::actor_id,
            users::email.nullable(),
            audit_log::action,
            audit_log::entity,
            audit_log::entity_id,
            audit_log::before,
            audit_log::after,
            audit_log::reason,
            audit_log::created_at,
        ))
        .order(audit_log::id.desc())
        .limit(limit)
        .into_boxed();
    if let Some(action) = filter.action {
        query = query.filter(audit_log::action.eq(action.as_str()));
    }
    if let Some(id) = &filter.entity_id {
        query = query.filter(audit_log::entity_id.eq(id.clone()));
    }
    if let Some(actor) = filter.actor {
        query = query.filter(audit_log::actor_id.eq(actor.0));
    }
    if let Some(since) = filter.since {
        query = query.filter(audit_log::created_at.ge(since));
    }
    if let Some(until) = filter.until {
        query = query.filter(audit_log::created_at.lt(until));
    }
    if let Some(before) = filter.before_id {
        query = query.filter(audit_log::id.lt(before));
    }
    let rows: Vec<AuditRow> = query.load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, actor, actor_email, action, entity, entity_id, before, after, reason, at)| AuditRecord {
            id,
            actor: actor.map(kernel::UserId),
            actor_email,
            action,
            entity,
            entity_id,
            before,
            after,
            reason,
            at,
        })
        .collect())
}
