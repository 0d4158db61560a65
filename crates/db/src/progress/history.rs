//! Position saves and video starts, with the read counts they feed (queued, then folded in).

use crate::prepared::{run_prepared, Named};
use crate::schema::reading_history;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use reading_progress::{HistoryEntry, SavePlan};

/// Creates the member's entry for `book_id` at position 0 if there is none; true when it did,
/// in which case the book gains a distinct reader (queued for its counters).
fn start_reading(conn: &mut PgConnection, user_id: i64, book_id: i64, now: DateTime<Utc>) -> QueryResult<bool> {
    let inserted = diesel::insert_into(reading_history::table)
        .values(NewHistoryRow { user_id, book_id, position: 0, completed: false, started_at: now, updated_at: now })
        .on_conflict_do_nothing()
        .execute(conn)?;
    if inserted == 1 {
        diesel::sql_query("INSERT INTO book_reads_pending (book_id) VALUES ($1)").bind::<BigInt, _>(book_id).execute(conn)?;
    }
    Ok(inserted == 1)
}

/// Saves what `plan` (the history rule) decides for the entry as it was, in two statements with
/// no transaction around them (each round trip costs the server a task switch; the locked
/// transaction this replaced took six). The first reads the member's entry or creates it (a new
/// reader is queued for the book's counters, which [`fold_pending_reads`] adds within half a minute);
/// the second writes the plan, with the completion's statistics and streak day, only if the entry
/// is still as read. If another save (a second tab) changed it in between, nothing is written and
/// the save starts again from what that one wrote, so two saves never both earn the first
/// completion; after a few such losses it takes the entry's lock instead. `today` is the member's
/// calendar day (their timezone), for the streak.
pub fn save_position(
    conn: &mut PgConnection,
    user_id: i64,
    book_id: i64,
    today: NaiveDate,
    now: DateTime<Utc>,
    plan: &dyn Fn(Option<HistoryEntry>) -> SavePlan,
) -> QueryResult<SavePlan> {
    save_trying(conn, OPTIMISTIC_ATTEMPTS, user_id, book_id, today, now, plan)
}

/// [`save_position`] the locked way at once, as a save takes it after losing to others: for
/// `tests/history_save.rs`, which checks that it decides and writes as the optimistic way does.
#[cfg(feature = "test-support")]
pub fn save_locked(
    conn: &mut PgConnection,
    user_id: i64,
    book_id: i64,
    today: NaiveDate,
    now: DateTime<Utc>,
    plan: &dyn Fn(Option<HistoryEntry>) -> SavePlan,
) -> QueryResult<SavePlan> {
    save_trying(conn, 0, user_id, book_id, today, now, plan)
}

/// [`save_position`], taking the lock after `attempts` lost optimistic saves.
fn save_trying(
    conn: &mut PgConnection,
    attempts: usize,
    user_id: i64,
    book_id: i64,
    today: NaiveDate,
    now: DateTime<Utc>,
    plan: &dyn Fn(Option<HistoryEntry>) -> SavePlan,
) -> QueryResult<SavePlan> {
    let mut counted_reader = false;
    for _ in 0..attempts {
        // None only when another save created the entry at that very moment: read again.
        let execute = format!("EXECUTE save_read_entry({user_id}, {book_id}, {})", timestamp(now));
        let Some(read) = run_prepared(conn, &READ_ENTRY, |conn| Ok(diesel::sql_query(&execute).load::<ReadEntry>(conn)?.into_iter().next()))? else {
            continue;
        };
        counted_reader |= read.new_reader;
        let mut decided = plan(read.existing());
        decided.new_reader |= counted_reader;
        if !writes_anything(&decided) || run_prepared(conn, &WRITE_PLAN, |conn| write_prepared(conn, user_id, book_id, &read, &decided, today, now))? {
            return Ok(decided);
        }
    }
    let mut decided = conn.transaction(|conn| {
        // Raw SQL here: a prepared statement missing on this connection would abort the transaction.
        let read = match entry_or_new(conn, user_id, book_id, now, LOCK_ENTRY)? {
            Some(read) => read,
            None => entry_or_new(conn, user_id, book_id, now, LOCK_ENTRY)?.ok_or(diesel::result::Error::NotFound)?,
        };
        let decided = plan(read.existing());
        // The entry is locked: the write cannot lose.
        if writes_anything(&decided) && !write_if_unchanged(conn, user_id, book_id, &read, &decided, today, now)? {
            return Err(diesel::result::Error::RollbackTransaction);
        }
        Ok(decided)
    })?;
    decided.new_reader |= counted_reader;
    Ok(decided)
}

/// Saves lost to other saves of the same entry before [`save_position`] takes its lock.
const OPTIMISTIC_ATTEMPTS: usize = 3;

fn writes_anything(plan: &SavePlan) -> bool {
    !plan.unchanged || plan.first_completion || plan.completed_today
}

#[derive(QueryableByName)]
struct ReadEntry {
    #[diesel(sql_type = diesel::sql_types::Integer)]
    position: i32,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    completed: bool,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>)]
    position_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    new_reader: bool,
}

impl ReadEntry {
    fn existing(&self) -> Option<HistoryEntry> {
        (!self.new_reader).then_some(HistoryEntry { position: self.position.max(0) as u32, completed: self.completed, position_at: self.position_at })
    }
}

/// [`entry_or_new`]'s statement, with `$lock` after the entry's read.
macro_rules! entry_statement {
    ($lock:literal) => {
        concat!(
            "WITH found AS ( \
                 SELECT position, completed, position_at FROM reading_history WHERE user_id = $1 AND book_id = $2 ",
            $lock,
            " ), inserted AS ( \
                 INSERT INTO reading_history (user_id, book_id, position, completed, started_at, updated_at) \
                 SELECT $1, $2, 0, false, $3, $3 WHERE NOT EXISTS (SELECT 1 FROM found) \
                 ON CONFLICT DO NOTHING RETURNING book_id \
             ), queued AS ( \
                 INSERT INTO book_reads_pending (book_id) SELECT book_id FROM inserted \
             ) \
             SELECT position, completed, position_at, false AS new_reader FROM found \
             UNION ALL SELECT 0, false, NULL::timestamptz, true FROM inserted"
        )
    };
}

/// Reads the entry as it is (prepared on each connection)...
const READ_ENTRY: Named = Named { name: "save_read_entry", parameter_types: "bigint, bigint, timestamptz", sql: entry_statement!("") };
/// ...or locks it until the transaction ends.
const LOCK_ENTRY: &str = entry_statement!("FOR UPDATE");

/// The member's entry for the book, or a new one at position 0 (the book then gains a distinct
/// reader, queued in the same statement). None when another save created the entry at that very
/// moment (the caller asks again).
fn entry_or_new(conn: &mut PgConnection, user_id: i64, book_id: i64, now: DateTime<Utc>, statement: &str) -> QueryResult<Option<ReadEntry>> {
    let rows: Vec<ReadEntry> =
        diesel::sql_query(statement).bind::<BigInt, _>(user_id).bind::<BigInt, _>(book_id).bind::<diesel::sql_types::Timestamptz, _>(now).load(conn)?;
    Ok(rows.into_iter().next())
}

/// [`write_if_unchanged`]'s statement (prepared on each connection).
const WRITE_PLAN: Named = Named {
    name: "save_write_plan",
    parameter_types: "bigint, bigint, integer, boolean, boolean, timestamptz, integer, boolean, date, date, boolean, timestamptz, timestamptz",
    sql: "WITH saved AS ( \
             UPDATE reading_history SET position = $3, completed = $4, updated_at = $6, position_at = $12, \
                 completed_at = CASE WHEN $5 THEN $6 ELSE completed_at END \
             WHERE user_id = $1 AND book_id = $2 AND position = $7 AND completed = $8 AND position_at IS NOT DISTINCT FROM $13 \
             RETURNING book_id \
         ), completion AS ( \
             INSERT INTO completions_daily (day, book_id, completions) SELECT $9, book_id, 1 FROM saved WHERE $5 \
             ON CONFLICT (day, book_id) DO UPDATE SET completions = completions_daily.completions + 1 \
         ), streak AS ( \
             INSERT INTO reading_days (user_id, day) SELECT $1, $10 FROM saved WHERE $11 ON CONFLICT DO NOTHING \
         ) \
         SELECT count(*) AS saved FROM saved",
};

/// A time as an SQL literal (`EXECUTE` takes no bind parameters; these values are the server's
/// own numbers and times, never a member's text).
fn timestamp(at: DateTime<Utc>) -> String {
    format!("'{}'::timestamptz", at.to_rfc3339_opts(chrono::SecondsFormat::Micros, true))
}

fn optional_timestamp(at: Option<DateTime<Utc>>) -> String {
    at.map_or_else(|| "NULL::timestamptz".to_owned(), timestamp)
}

fn date(day: NaiveDate) -> String {
    format!("'{}'::date", day.format("%Y-%m-%d"))
}

/// How many entries [`WRITE_PLAN`] wrote: 1, or 0 when another save changed the entry first.
#[derive(QueryableByName)]
struct Saved {
    #[diesel(sql_type = BigInt)]
    saved: i64,
}

/// [`write_if_unchanged`] through the connection's prepared statement.
fn write_prepared(
    conn: &mut PgConnection,
    user_id: i64,
    book_id: i64,
    read: &ReadEntry,
    plan: &SavePlan,
    today: NaiveDate,
    now: DateTime<Utc>,
) -> QueryResult<bool> {
    let execute = format!(
        "EXECUTE save_write_plan({user_id}, {book_id}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {})",
        plan.entry.position as i32,
        plan.entry.completed,
        plan.first_completion,
        timestamp(now),
        read.position,
        read.completed,
        date(now.date_naive()),
        date(today),
        plan.completed_today,
        optional_timestamp(plan.entry.position_at),
        optional_timestamp(read.position_at),
    );
    Ok(diesel::sql_query(execute).get_result::<Saved>(conn)?.saved == 1)
}

/// Writes `plan` if the entry still holds what `read` found, with the first completion's count
/// for the statistics and the streak day, in one statement. False when another save changed the
/// entry first (then nothing is written).
fn write_if_unchanged(
    conn: &mut PgConnection,
    user_id: i64,
    book_id: i64,
    read: &ReadEntry,
    plan: &SavePlan,
    today: NaiveDate,
    now: DateTime<Utc>,
) -> QueryResult<bool> {
    use diesel::sql_types::{Bool, Date, Integer, Timestamptz};
    let saved: Saved = diesel::sql_query(WRITE_PLAN.sql)
        .bind::<BigInt, _>(user_id)
        .bind::<BigInt, _>(book_id)
        .bind::<Integer, _>(plan.entry.position as i32)
        .bind::<Bool, _>(plan.entry.completed)
        // Set by the first completion, kept after it.
        .bind::<Bool, _>(plan.first_completion)
        .bind::<Timestamptz, _>(now)
        .bind::<Integer, _>(read.position)
        .bind::<Bool, _>(read.completed)
        // The statistics' completions per book and (UTC) day.
        .bind::<Date, _>(now.date_naive())
        .bind::<Date, _>(today)
        .bind::<Bool, _>(plan.completed_today)
        // When the stored position was reached, and what the read found (the write's condition).
        .bind::<diesel::sql_types::Nullable<Timestamptz>, _>(plan.entry.position_at)
        .bind::<diesel::sql_types::Nullable<Timestamptz>, _>(read.position_at)
        .get_result(conn)?;
    Ok(saved.saved == 1)
}

/// Logs that the member started the book's video (an entry at position 0 if there was none).
pub fn record_video_start(conn: &mut PgConnection, user_id: i64, book_id: i64, now: DateTime<Utc>) -> QueryResult<()> {
    conn.transaction(|conn| {
        start_reading(conn, user_id, book_id, now)?;
        diesel::update(reading_history::table.find((user_id, book_id)))
            .set((reading_history::video_started_at.eq(now), reading_history::updated_at.eq(now)))
            .execute(conn)?;
        Ok(())
    })
}

/// The member's entry for one book, if any.
pub fn entry(conn: &mut PgConnection, user_id: i64, book_id: i64) -> QueryResult<Option<(HistoryEntry, Option<DateTime<Utc>>)>> {
    type Row = (i32, bool, Option<DateTime<Utc>>, Option<DateTime<Utc>>);
    let row: Option<Row> = reading_history::table
        .find((user_id, book_id))
        .select((reading_history::position, reading_history::completed, reading_history::position_at, reading_history::video_started_at))
        .first(conn)
        .optional()?;
    Ok(row.map(|(position, completed, position_at, video)| (HistoryEntry { position: position.max(0) as u32, completed, position_at }, video)))
}

/// Adds the queued new readers to their books' counters (`read_count`, `recent_reads`), taking
/// the queue in the same statement, so a reader counts once however many instances fold at once.
/// Returns the books changed. Saves queue readers rather than update the book's row (migration 27).
pub fn fold_pending_reads(conn: &mut PgConnection) -> QueryResult<usize> {
    diesel::sql_query(
        "WITH taken AS (DELETE FROM book_reads_pending RETURNING book_id), \
              added AS (SELECT book_id, count(*)::int AS n FROM taken GROUP BY book_id) \
         UPDATE all_books b SET read_count = b.read_count + added.n, recent_reads = b.recent_reads + added.n \
         FROM added WHERE b.id = added.book_id",
    )
    .execute(conn)
}

/// Recomputes every book's reads since `since` ("trending") and folds the queued readers in, in
/// one statement: the readers it takes from the queue are the ones whose history rows it counts
/// (one snapshot), so none is counted twice or missed. Saves add to the counts as they are folded;
/// this takes away the reads that have aged out. Returns the books changed.
pub fn refresh_recent_reads(conn: &mut PgConnection, since: DateTime<Utc>) -> QueryResult<usize> {
    diesel::sql_query(
        "WITH taken AS (DELETE FROM book_reads_pending RETURNING book_id), \
              added AS (SELECT book_id, count(*)::int AS n FROM taken GROUP BY book_id), \
              fresh AS ( \
                  SELECT b2.id, count(h.book_id)::int AS reads FROM all_books b2 \
                  LEFT JOIN reading_history h ON h.book_id = b2.id AND h.updated_at > $1 GROUP BY b2.id \
              ) \
         UPDATE all_books b SET recent_reads = fresh.reads, read_count = b.read_count + coalesce(added.n, 0) \
         FROM fresh LEFT JOIN added ON added.book_id = fresh.id \
         WHERE fresh.id = b.id AND (b.recent_reads <> fresh.reads OR added.n IS NOT NULL)",
    )
    .bind::<diesel::sql_types::Timestamptz, _>(since)
    .execute(conn)
}

/// A book's first entry in a member's history: at its start, not completed.
#[derive(Insertable)]
#[diesel(table_name = reading_history)]
struct NewHistoryRow {
    user_id: i64,
    book_id: i64,
    position: i32,
    completed: bool,
    started_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}
