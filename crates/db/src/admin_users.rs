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
