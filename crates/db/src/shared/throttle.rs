//! The attempt log behind every per-address and per-account limit (`auth_attempts`).

use crate::schema::auth_attempts;
use diesel::prelude::*;
use kernel::Timestamp;

/// Records an attempt under `key` at `at` and counts the key's attempts since `since`, this one
/// included. One key's attempts are counted one at a time (a transaction-scoped advisory lock on
/// the key's hash), so parallel attempts see each other and no burst slips under a limit.
pub fn record_and_count(conn: &mut PgConnection, key: &str, at: Timestamp, since: Timestamp) -> QueryResult<u32> {
    conn.transaction(|conn| {
        diesel::sql_query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7)::bigint)").bind::<diesel::sql_types::Text, _>(key).execute(conn)?;
        diesel::insert_into(auth_attempts::table).values((auth_attempts::attempt_key.eq(key), auth_attempts::attempted_at.eq(at))).execute(conn)?;
        auth_attempts::table
            .filter(auth_attempts::attempt_key.eq(key))
            .filter(auth_attempts::attempted_at.ge(since))
            .count()
            .get_result::<i64>(conn)
            .map(|n| n.try_into().unwrap_or(u32::MAX))
    })
}

/// Counts `key`'s attempts since `since`, recording none.
pub fn count_since(conn: &mut PgConnection, key: &str, since: Timestamp) -> QueryResult<u32> {
    auth_attempts::table
        .filter(auth_attempts::attempt_key.eq(key))
        .filter(auth_attempts::attempted_at.ge(since))
        .count()
        .get_result::<i64>(conn)
        .map(|n| n.try_into().unwrap_or(u32::MAX))
}

/// Counts `key`'s attempts since `since` and the time of the latest, recording none.
pub fn count_and_latest(conn: &mut PgConnection, key: &str, since: Timestamp) -> QueryResult<(u32, Option<Timestamp>)> {
    let (count, latest) = auth_attempts::table
        .filter(auth_attempts::attempt_key.eq(key))
        .filter(auth_attempts::attempted_at.ge(since))
        .select((diesel::dsl::count_star(), diesel::dsl::max(auth_attempts::attempted_at)))
        .get_result::<(i64, Option<Timestamp>)>(conn)?;
    Ok((count.try_into().unwrap_or(u32::MAX), latest))
}
