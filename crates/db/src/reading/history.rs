//! Position saves and video starts, with the read counts they feed (queued, then folded in).

use crate::catalogue::{BookCardRow, CARD_SELECT};
use crate::schema::reading_history;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use reading_progress::{HistoryEntry, SavePlan};

/// Creates the member's entry for `book_id` at position 0 if there is none; true when it did,
/// in which case the book gains a distinct reader (queued for its counters).
fn start_reading(conn: &mut PgConnection, user_id: i64, book_id: i64, now: DateTime<Utc>) -> QueryResult<bool> {
    let inserted = diesel::insert_into(reading_history::table)
        .values((
            reading_history::user_id.eq(user_id),
            reading_history::book_id.eq(book_id),
            reading_history::position.eq(0),
            reading_history::completed.eq(false),
            reading_history::started_at.eq(now),
            reading_history::updated_at.eq(now),
        ))
        .on_conflict_do_nothing()
        .execute(conn)?;
    if inserted == 1 {
        diesel::sql_query("INSERT INTO book_reads_pending (book_id) VALUES ($1)").bind::<BigInt, _>(book_id).execute(conn)?;
    }
    Ok(inserted == 1)
}

/// Saves what `plan` (the history rule) decides for the entry as it was: one transaction of two
/// statements (each round trip costs the server a task switch; this took six). The first locks
/// the member's entry or creates it (a new reader is queued for the book's counters, which
/// [`fold_pending_reads`] adds within seconds), the second writes the plan with
/// the completion's statistics and streak day. With the entry locked, two tabs saving at once
/// cannot both earn the first completion. `today` is the member's calendar day (their timezone),
/// for the streak.
pub fn save_position(
    conn: &mut PgConnection,
    user_id: i64,
    book_id: i64,
    today: NaiveDate,
    now: DateTime<Utc>,
    plan: &dyn Fn(Option<HistoryEntry>) -> SavePlan,
) -> QueryResult<SavePlan> {
    conn.transaction(|conn| {
        // None only when another save created the entry at that moment: then it is there to lock.
        let read = match entry_or_new(conn, user_id, book_id, now)? {
            Some(read) => read,
            None => entry_or_new(conn, user_id, book_id, now)?.ok_or(diesel::result::Error::NotFound)?,
        };
        let existing = (!read.new_reader).then_some(HistoryEntry { position: read.position.max(0) as u32, completed: read.completed });
        let plan = plan(existing);
        if plan.unchanged && !plan.first_completion && !plan.completed_today {
            return Ok(plan);
        }
        write_plan(conn, user_id, book_id, &plan, today, now)?;
        Ok(plan)
    })
}

#[derive(QueryableByName)]
struct ReadEntry {
    #[diesel(sql_type = diesel::sql_types::Integer)]
    position: i32,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    completed: bool,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    new_reader: bool,
}

/// The member's entry for the book, locked until the transaction ends, or a new one at position 0
/// (the book then gains a distinct reader, queued in the same statement). None when another save
/// created the entry at that very moment (the caller asks again).
fn entry_or_new(conn: &mut PgConnection, user_id: i64, book_id: i64, now: DateTime<Utc>) -> QueryResult<Option<ReadEntry>> {
    use diesel::sql_types::Timestamptz;
    let rows: Vec<ReadEntry> = diesel::sql_query(
        "WITH found AS ( \
             SELECT position, completed FROM reading_history WHERE user_id = $1 AND book_id = $2 FOR UPDATE \
         ), inserted AS ( \
             INSERT INTO reading_history (user_id, book_id, position, completed, started_at, updated_at) \
             SELECT $1, $2, 0, false, $3, $3 WHERE NOT EXISTS (SELECT 1 FROM found) \
             ON CONFLICT DO NOTHING RETURNING book_id \
         ), queued AS ( \
             INSERT INTO book_reads_pending (book_id) SELECT book_id FROM inserted \
         ) \
         SELECT position, completed, false AS new_reader FROM found \
         UNION ALL SELECT 0, false, true FROM inserted",
    )
    .bind::<BigInt, _>(user_id)
    .bind::<BigInt, _>(book_id)
    .bind::<Timestamptz, _>(now)
    .load(conn)?;
    Ok(rows.into_iter().next())
}

/// Writes `plan` to the (locked) entry, with the first completion's count for the statistics and
/// the streak day, in one statement.
fn write_plan(conn: &mut PgConnection, user_id: i64, book_id: i64, plan: &SavePlan, today: NaiveDate, now: DateTime<Utc>) -> QueryResult<()> {
    use diesel::sql_types::{Bool, Date, Integer, Timestamptz};
    diesel::sql_query(
        "WITH saved AS ( \
             UPDATE reading_history SET position = $3, completed = $4, updated_at = $6, \
                 completed_at = CASE WHEN $5 THEN $6 ELSE completed_at END \
             WHERE user_id = $1 AND book_id = $2 \
             RETURNING book_id \
         ), completion AS ( \
             INSERT INTO completions_daily (day, book_id, completions) SELECT $7, book_id, 1 FROM saved WHERE $5 \
             ON CONFLICT (day, book_id) DO UPDATE SET completions = completions_daily.completions + 1 \
         ) \
         INSERT INTO reading_days (user_id, day) SELECT $1, $8 FROM saved WHERE $9 ON CONFLICT DO NOTHING",
    )
    .bind::<BigInt, _>(user_id)
    .bind::<BigInt, _>(book_id)
    .bind::<Integer, _>(plan.entry.position as i32)
    .bind::<Bool, _>(plan.entry.completed)
    // Set by the first completion, kept after it.
    .bind::<Bool, _>(plan.first_completion)
    .bind::<Timestamptz, _>(now)
    // The statistics' completions per book and (UTC) day.
    .bind::<Date, _>(now.date_naive())
    .bind::<Date, _>(today)
    .bind::<Bool, _>(plan.completed_today)
    .execute(conn)?;
    Ok(())
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
    let row: Option<(i32, bool, Option<DateTime<Utc>>)> = reading_history::table
        .find((user_id, book_id))
        .select((reading_history::position, reading_history::completed, reading_history::video_started_at))
        .first(conn)
        .optional()?;
    Ok(row.map(|(position, completed, video)| (HistoryEntry { position: position.max(0) as u32, completed }, video)))
}

/// "Pick up where you left off": unfinished books first, most recently read first.
pub fn recent_books(conn: &mut PgConnection, user_id: i64, limit: i64) -> QueryResult<Vec<BookCardRow>> {
    diesel::sql_query(format!(
        "{CARD_SELECT} JOIN reading_history h ON h.book_id = b.id AND h.user_id = $1 \
         ORDER BY h.completed, h.updated_at DESC, b.id DESC LIMIT $2"
    ))
    .bind::<BigInt, _>(user_id)
    .bind::<BigInt, _>(limit.clamp(0, 100))
    .load(conn)
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
