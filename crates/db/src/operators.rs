//! Operator commands that touch the database directly (`cargo xtask make-admin`, seeding).

use crate::schema::users;
use diesel::prelude::*;
use kernel::Email;

/// Grants the admin role to the live account with this e-mail. False when there is none.
pub fn make_admin(conn: &mut PgConnection, email: &Email) -> QueryResult<bool> {
    diesel::update(users::table.filter(users::email.eq(email.as_str())).filter(users::deleted_at.is_null()))
        .set(users::role.eq("admin"))
        .execute(conn)
        .map(|n| n > 0)
}

pub fn count_users(conn: &mut PgConnection) -> QueryResult<i64> {
    users::table.count().get_result(conn)
}

/// Gives the live account with this e-mail a lifetime plan from now (demo data and support).
pub fn grant_lifetime_plan(conn: &mut PgConnection, email: &Email) -> QueryResult<bool> {
    diesel::update(users::table.filter(users::email.eq(email.as_str())).filter(users::deleted_at.is_null()))
        .set((users::plan_id.eq("lifetime"), users::paid_date.eq(diesel::dsl::now), users::end_paid_date.eq(None::<chrono::DateTime<chrono::Utc>>)))
        .execute(conn)
        .map(|n| n > 0)
}
