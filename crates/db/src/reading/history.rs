//! Position saves and video starts, with the read counts they feed.

use crate::catalogue::{BookCardRow, CARD_SELECT};
use crate::schema::{books, reading_days, reading_history};
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use reading_progress::{HistoryEntry, SavePlan};

/// Creates the member's entry for `book_id` at position 0 if there is none; true when it did,
/// in which case the book gains a distinct reader.
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
        diesel::update(books::table.find(book_id))
            .set((books::read_count.eq(books::read_count + 1), books::recent_reads.eq(books::recent_reads + 1)))
            .execute(conn)?;
    }
    Ok(inserted == 1)
}

/// Saves what `plan` (the history rule) decides for the entry as it was, in one transaction with
/// the member's entry locked, so two tabs saving at once cannot both earn the first completion.
/// `today` is the member's calendar day (their timezone), for the streak.
pub fn save_position(
    conn: &mut PgConnection,
    user_id: i64,
    book_id: i64,
    today: NaiveDate,
    now: DateTime<Utc>,
    plan: &dyn Fn(Option<HistoryEntry>) -> SavePlan,
) -> QueryResult<SavePlan> {
    conn.transaction(|conn| {
        let new_reader = start_reading(conn, user_id, book_id, now)?;
        let (position, completed, completed_at): (i32, bool, Option<DateTime<Utc>>) = reading_history::table
            .find((user_id, book_id))
            .select((reading_history::position, reading_history::completed, reading_history::completed_at))
            .for_update()
            .first(conn)?;
        let existing = (!new_reader).then_some(HistoryEntry { position: position.max(0) as u32, completed });
        let plan = plan(existing);
        if !plan.unchanged {
            diesel::update(reading_history::table.find((user_id, book_id)))
                .set((
                    reading_history::position.eq(plan.entry.position as i32),
                    reading_history::completed.eq(plan.entry.completed),
                    // Set by the first completion, kept after it.
                    reading_history::completed_at.eq(if plan.first_completion { Some(now) } else { completed_at }),
                    reading_history::updated_at.eq(now),
                ))
                .execute(conn)?;
        }
        if plan.first_completion {
            // The statistics' completions per book and day.
            diesel::insert_into(crate::schema::completions_daily::table)
                .values((
                    crate::schema::completions_daily::day.eq(now.date_naive()),
                    crate::schema::completions_daily::book_id.eq(book_id),
                    crate::schema::completions_daily::completions.eq(1),
                ))
                .on_conflict((crate::schema::completions_daily::day, crate::schema::completions_daily::book_id))
                .do_update()
                .set(crate::schema::completions_daily::completions.eq(crate::schema::completions_daily::completions + 1))
                .execute(conn)?;
        }
        if plan.completed_today {
            diesel::insert_into(reading_days::table)
                .values((reading_days::user_id.eq(user_id), reading_days::day.eq(today)))
                .on_conflict_do_nothing()
                .execute(conn)?;
        }
        Ok(plan)
    })
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

/// Recomputes every book's reads since `since` ("trending"); saves add to the count as they
/// happen, this takes away the reads that have aged out. Returns the books changed.
pub fn refresh_recent_reads(conn: &mut PgConnection, since: DateTime<Utc>) -> QueryResult<usize> {
    diesel::sql_query(
        "UPDATE all_books b SET recent_reads = fresh.reads FROM ( \
             SELECT b2.id, count(h.book_id)::int AS reads FROM all_books b2 \
             LEFT JOIN reading_history h ON h.book_id = b2.id AND h.updated_at > $1 GROUP BY b2.id \
         ) AS fresh WHERE fresh.id = b.id AND b.recent_reads <> fresh.reads",
    )
    .bind::<diesel::sql_types::Timestamptz, _>(since)
    .execute(conn)
}
