//! Operator commands that touch the database directly (`cargo xtask make-admin`, seeding).

use crate::schema::{two_factor, users};
use diesel::prelude::*;
use kernel::Email;

/// Grants the admin role to the live account with this e-mail. False when there is none.
pub fn make_admin(conn: &mut PgConnection, email: &Email) -> QueryResult<bool> {
    diesel::update(users::table.filter(users::email.eq(email.as_str())).filter(users::deleted_at.is_null()))
        .set(users::role.eq("admin"))
        .execute(conn)
        .map(|n| n > 0)
}

/// Marks an account's address confirmed (the demo accounts, whose addresses nobody reads).
pub fn confirm_email(conn: &mut PgConnection, email: &Email) -> QueryResult<bool> {
    diesel::update(users::table.filter(users::email.eq(email.as_str())).filter(users::deleted_at.is_null()))
        .set(users::email_verified_at.eq(Some(chrono::Utc::now())))
        .execute(conn)
        .map(|n| n == 1)
}

/// The live admin account with this e-mail.
pub fn admin_id_by_email(conn: &mut PgConnection, email: &Email) -> QueryResult<Option<i64>> {
    users::table
        .filter(users::email.eq(email.as_str()))
        .filter(users::deleted_at.is_null())
        .filter(users::role.eq("admin"))
        .select(users::id)
        .first(conn)
        .optional()
}

pub fn count_users(conn: &mut PgConnection) -> QueryResult<i64> {
    users::table.count().get_result(conn)
}

/// Gives the live account with this e-mail a lifetime plan from now (demo data and support).
pub fn grant_lifetime_plan(conn: &mut PgConnection, email: &Email) -> QueryResult<bool> {
    use crate::schema::access_grants;
    conn.transaction(|conn| {
        let user: Option<i64> =
            users::table.filter(users::email.eq(email.as_str())).filter(users::deleted_at.is_null()).select(users::id).first(conn).optional()?;
        let Some(user) = user else { return Ok(false) };
        let now = chrono::Utc::now();
        diesel::update(users::table.find(user))
            .set((users::plan_id.eq("lifetime"), users::paid_date.eq(now), users::end_paid_date.eq(None::<chrono::DateTime<chrono::Utc>>)))
            .execute(conn)?;
        // Access is the union of grants (reconcile derives the plan fields from them): without
        // its grant the plan would be taken back at the next reconcile.
        let held: i64 = access_grants::table
            .filter(access_grants::user_id.eq(user))
            .filter(access_grants::plan_id.eq("lifetime"))
            .filter(access_grants::revoked_at.is_null())
            .filter(access_grants::ends_at.is_null())
            .count()
            .get_result(conn)?;
        if held == 0 {
            let grant = billing::access::NewGrant {
                user: kernel::UserId(user),
                plan_id: "lifetime".into(),
                source: billing::access::GrantSource::Operator,
                starts_at: now,
                ends_at: None,
            };
            crate::billing::grants::insert_grant(conn, &grant, now)?;
        }
        Ok(true)
    })
}

/// The account id and the stored (sealed) two-factor secret of the live account with this e-mail,
/// when two-factor is on
/// (`cargo xtask totp` on a development machine).
pub fn two_factor_secret(conn: &mut PgConnection, email: &Email) -> QueryResult<Option<(i64, String)>> {
    two_factor::table
        .inner_join(users::table)
        .filter(users::email.eq(email.as_str()))
        .filter(users::deleted_at.is_null())
        .filter(two_factor::enabled_at.is_not_null())
        .select((users::id, two_factor::secret))
        .first(conn)
        .optional()
}

/// Adds codes (by digest) that are not there yet; answers how many were new.
pub fn import_codes(conn: &mut PgConnection, kind: &str, plan_id: &str, duration_days: Option<i32>, digests: &[String]) -> QueryResult<usize> {
    use crate::schema::subscription_codes;
    let rows: Vec<_> = digests
        .iter()
        .map(|d| {
            (
                subscription_codes::code_digest.eq(d),
                subscription_codes::kind.eq(kind),
                subscription_codes::plan_id.eq(plan_id),
                subscription_codes::duration_days.eq(duration_days),
            )
        })
        .collect();
    let mut added = 0;
    for chunk in rows.chunks(1000) {
        added +=
            diesel::insert_into(subscription_codes::table).values(chunk.to_vec()).on_conflict(subscription_codes::code_digest).do_nothing().execute(conn)?;
    }
    Ok(added)
}

/// Gives every book without one a single-book plan (`book-{id}`, its PDF at `amount_cents`), as
/// operators set up the demo shop; existing plans keep their price. Returns the plans added.
pub fn add_book_plans(conn: &mut PgConnection, amount_cents: i64) -> QueryResult<usize> {
    crate::billing::add_book_plans(conn, billing::Cents(amount_cents), None)
}

/// What waits in the background queues, for the operators' metrics: mail not yet sent (nor given
/// up), and summaries not yet done or failed.
pub fn queue_depths(conn: &mut PgConnection) -> QueryResult<(i64, i64)> {
    use crate::schema::{ai_summaries, mail_outbox};
    let mail = mail_outbox::table.filter(mail_outbox::sent_at.is_null()).filter(mail_outbox::failed_at.is_null()).count().get_result(conn)?;
    let summaries = ai_summaries::table.filter(ai_summaries::status.ne_all(["done", "failed"])).count().get_result(conn)?;
    Ok((mail, summaries))
}

/// Runs `work` only if no other instance is running the same periodic job (`key`): a session-level
/// advisory lock, released afterwards or when the connection dies with its process. `None` when
/// another holds it.
pub fn once_across_instances<T>(conn: &mut PgConnection, key: i64, work: impl FnOnce(&mut PgConnection) -> T) -> QueryResult<Option<T>> {
    #[derive(QueryableByName)]
    struct Locked {
        #[diesel(sql_type = diesel::sql_types::Bool)]
        locked: bool,
    }
    let taken = diesel::sql_query("SELECT pg_try_advisory_lock($1) AS locked").bind::<diesel::sql_types::BigInt, _>(key).get_result::<Locked>(conn)?;
    if !taken.locked {
        return Ok(None);
    }
    let result = work(conn);
    diesel::sql_query("SELECT pg_advisory_unlock($1)").bind::<diesel::sql_types::BigInt, _>(key).execute(conn)?;
    Ok(Some(result))
}

/// The advisory-lock key of the housekeeping job.
pub const HOUSEKEEPING_LOCK: i64 = 0x6769_7374_0001;
