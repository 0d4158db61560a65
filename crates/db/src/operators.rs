//! Operator commands that touch the database directly (`cargo xtask make-admin`, codes, seeding).

use crate::schema::{subscription_codes, users};
use credentials::{new_subscription_code, RandomSecrets};
use diesel::prelude::*;
use identity::ports::Secrets;
use identity::service::normalise_code;

/// Grants the admin role to the live account with this e-mail. False when there is none.
pub fn make_admin(conn: &mut PgConnection, email: &str) -> QueryResult<bool> {
    let email = email.trim().to_lowercase();
    diesel::update(users::table.filter(users::email.eq(email)).filter(users::deleted_at.is_null()))
        .set(users::role.eq("admin"))
        .execute(conn)
        .map(|n| n > 0)
}

/// Creates `count` single-use codes for `plan_id` (lasting `duration_days`, or for life) and
/// returns them; only their digests are stored, so this is the one time they can be read.
pub fn create_subscription_codes(
    conn: &mut PgConnection,
    plan_id: &str,
    duration_days: Option<i32>,
    count: usize,
) -> QueryResult<Vec<String>> {
    let secrets = RandomSecrets;
    let codes: Vec<String> = (0..count).map(|_| new_subscription_code()).collect();
    conn.transaction(|conn| {
        for code in &codes {
            diesel::insert_into(subscription_codes::table)
                .values((
                    subscription_codes::code_digest.eq(secrets.digest(&normalise_code(code))),
                    subscription_codes::plan_id.eq(plan_id),
                    subscription_codes::duration_days.eq(duration_days),
                ))
                .execute(conn)?;
        }
        Ok(codes)
    })
}

pub fn count_users(conn: &mut PgConnection) -> QueryResult<i64> {
    users::table.count().get_result(conn)
}

/// Gives the live account with this e-mail a lifetime plan from now (demo data and support).
pub fn grant_lifetime_plan(conn: &mut PgConnection, email: &str) -> QueryResult<bool> {
    let email = email.trim().to_lowercase();
    diesel::update(users::table.filter(users::email.eq(email)).filter(users::deleted_at.is_null()))
        .set((users::plan_id.eq("lifetime"), users::paid_date.eq(diesel::dsl::now), users::end_paid_date.eq(None::<chrono::DateTime<chrono::Utc>>)))
        .execute(conn)
        .map(|n| n > 0)
}
