//! The back office's user list.

use crate::schema::users;
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
