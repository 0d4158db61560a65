//! A position save is two statements with no transaction around them: read or create the
//! member's entry (queueing a new reader), then write the plan if the entry is still as read.
//! These tests race real connections against one entry: a new reader is counted once, the first
//! completion is earned once, and an unchanged save writes nothing.

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use db::progress::history::{fold_pending_reads, refresh_recent_reads, save_locked, save_position};
use db::testing::{scalar as count, TestDatabase};
use diesel::sql_types::{Integer, Timestamptz};
use diesel::{PgConnection, QueryableByName, RunQueryDsl};
use reading_progress::{plan_save, PositionSave, SavePlan};
use std::sync::{Arc, Barrier};

const SECTIONS: usize = 7;

fn member_and_book(conn: &mut PgConnection) -> (i64, i64) {
    let member = count(conn, "INSERT INTO users (email, password_hash) VALUES ('ada@example.com', 'x') RETURNING id AS n");
    let book = count(conn, "INSERT INTO all_books (subid, title, author) VALUES ('walden', 'Walden', 'Thoreau') RETURNING id AS n");
    (member, book)
}

fn at(second: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 24, 10, 0, second).unwrap()
}

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 24).unwrap()
}

fn save(conn: &mut PgConnection, member: i64, book: i64, position: i64, completed: bool, now: DateTime<Utc>) -> SavePlan {
    save_position(conn, member, book, today(), now, &|existing| plan_save(existing, PositionSave { position, completed, at: now }, SECTIONS)).unwrap()
}

#[derive(QueryableByName)]
struct Entry {
    #[diesel(sql_type = Integer)]
    position: i32,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    completed: bool,
    #[diesel(sql_type = Timestamptz)]
    updated_at: DateTime<Utc>,
    #[diesel(sql_type = diesel::sql_types::Nullable<Timestamptz>)]
    completed_at: Option<DateTime<Utc>>,
}

fn entry(conn: &mut PgConnection) -> Entry {
    diesel::sql_query("SELECT position, completed, updated_at, completed_at FROM reading_history").get_result(conn).unwrap()
}

/// Runs `save` on `threads` connections released at the same moment; returns their plans.
fn at_once(database: &TestDatabase, threads: usize, save: impl Fn(&mut PgConnection) -> SavePlan + Send + Sync + 'static) -> Vec<SavePlan> {
    let barrier = Arc::new(Barrier::new(threads));
    let save = Arc::new(save);
    let handles: Vec<_> = (0..threads)
        .map(|_| {
            let (barrier, save, mut conn) = (barrier.clone(), save.clone(), database.connect());
            std::thread::spawn(move || {
                barrier.wait();
                save(&mut conn)
            })
        })
        .collect();
    handles.into_iter().map(|h| h.join().unwrap()).collect()
}

#[test]
fn a_first_save_counts_a_reader_once_and_an_unchanged_save_writes_nothing() {
    let database = TestDatabase::new();
    let mut conn = database.connect();
    let (member, book) = member_and_book(&mut conn);

    let first = save(&mut conn, member, book, 3, false, at(1));
    assert!(first.new_reader && !first.unchanged);
    assert_eq!(count(&mut conn, "SELECT read_count::BIGINT AS n FROM books"), 0, "queued, not yet counted");
    assert_eq!(fold_pending_reads(&mut conn).unwrap(), 1);
    assert_eq!(count(&mut conn, "SELECT read_count::BIGINT AS n FROM books"), 1);
    assert_eq!(count(&mut conn, "SELECT recent_reads::BIGINT AS n FROM books"), 1);
    assert_eq!(fold_pending_reads(&mut conn).unwrap(), 0, "a reader is folded once");
    let stored = entry(&mut conn);
    assert_eq!((stored.position, stored.completed, stored.updated_at), (3, false, at(1)));

    let again = save(&mut conn, member, book, 3, false, at(2));
    assert!(!again.new_reader && again.unchanged);
    assert_eq!(entry(&mut conn).updated_at, at(1), "an unchanged save writes nothing");
    fold_pending_reads(&mut conn).unwrap();
    assert_eq!(count(&mut conn, "SELECT read_count::BIGINT AS n FROM books"), 1, "a reader counts once");

    let beyond = save(&mut conn, member, book, 99, false, at(3));
    assert_eq!(beyond.entry.position, SECTIONS as u32 - 1);
    assert_eq!(entry(&mut conn).position, SECTIONS as i32 - 1);
    assert_eq!(count(&mut conn, "SELECT count(*) AS n FROM completions_daily"), 0);
    assert_eq!(count(&mut conn, "SELECT count(*) AS n FROM reading_days"), 0);
}

#[test]
fn members_starting_the_same_book_at_once_count_one_reader_each_time() {
    let database = TestDatabase::new();
    let mut conn = database.connect();
    let (member, book) = member_and_book(&mut conn);

    // The same member in eight tabs: one entry, one reader, one plan that says so.
    let plans = at_once(&database, 8, move |conn| save(conn, member, book, 2, false, at(1)));
    assert_eq!(plans.iter().filter(|p| p.new_reader).count(), 1, "{plans:?}");
    assert_eq!(count(&mut conn, "SELECT count(*) AS n FROM reading_history"), 1);
    fold_pending_reads(&mut conn).unwrap();
    assert_eq!(count(&mut conn, "SELECT read_count::BIGINT AS n FROM books"), 1);
    assert_eq!(entry(&mut conn).position, 2);
}

#[test]
fn saves_completing_the_same_book_at_once_earn_the_first_completion_once() {
    let database = TestDatabase::new();
    let mut conn = database.connect();
    let (member, book) = member_and_book(&mut conn);
    save(&mut conn, member, book, 1, false, at(1));

    for round in 0..5 {
        let plans = at_once(&database, 8, move |conn| save(conn, member, book, 6, true, at(10)));
        let earned = plans.iter().filter(|p| p.first_completion).count();
        assert_eq!(earned, usize::from(round == 0), "round {round}: {plans:?}");
        assert!(plans.iter().all(|p| p.completed_today && p.entry.completed));
    }
    let stored = entry(&mut conn);
    assert!(stored.completed);
    assert_eq!(stored.completed_at, Some(at(10)));
    assert_eq!(count(&mut conn, "SELECT sum(completions)::BIGINT AS n FROM completions_daily"), 1, "counted once in the statistics");
    assert_eq!(count(&mut conn, "SELECT count(*) AS n FROM reading_days"), 1, "one streak day");

    // A re-read keeps the completion and its time.
    save(&mut conn, member, book, 0, false, at(20));
    let stored = entry(&mut conn);
    assert_eq!((stored.position, stored.completed, stored.completed_at), (0, true, Some(at(10))));
}

#[test]
fn the_trending_refresh_takes_queued_readers_with_the_history_it_counts() {
    let database = TestDatabase::new();
    let mut conn = database.connect();
    let (member, book) = member_and_book(&mut conn);
    let other = count(&mut conn, "INSERT INTO users (email, password_hash) VALUES ('bob@example.com', 'x') RETURNING id AS n");
    save(&mut conn, member, book, 1, false, at(1));
    fold_pending_reads(&mut conn).unwrap();
    save(&mut conn, other, book, 1, false, at(2));

    // One reader folded, one queued: the refresh counts both readers' history once, and the queued
    // one joins the distinct readers.
    refresh_recent_reads(&mut conn, at(0)).unwrap();
    assert_eq!(count(&mut conn, "SELECT recent_reads::BIGINT AS n FROM books"), 2);
    assert_eq!(count(&mut conn, "SELECT read_count::BIGINT AS n FROM books"), 2);
    assert_eq!(fold_pending_reads(&mut conn).unwrap(), 0, "the refresh took the queue");
    assert_eq!(count(&mut conn, "SELECT read_count::BIGINT AS n FROM books"), 2);
    // Reads older than `since` age out of trending; distinct readers stay.
    refresh_recent_reads(&mut conn, at(1)).unwrap();
    assert_eq!(count(&mut conn, "SELECT recent_reads::BIGINT AS n FROM books"), 1);
    assert_eq!(count(&mut conn, "SELECT read_count::BIGINT AS n FROM books"), 2);
}

/// The locked way, which saves take after losing to others, decides and writes as the
/// optimistic one does.
#[test]
fn the_locked_save_counts_a_reader_and_the_first_completion_once() {
    let database = TestDatabase::new();
    let mut conn = database.connect();
    let (member, book) = member_and_book(&mut conn);
    let now = Utc::now();
    let today = now.date_naive();
    let locked = |conn: &mut PgConnection, position: i64, completed: bool| {
        save_locked(conn, member, book, today, now, &|existing| plan_save(existing, PositionSave { position, completed, at: now }, 5)).unwrap()
    };
    let first = locked(&mut conn, 9, false);
    assert!(first.new_reader);
    assert_eq!(first.entry.position, 4);
    let done = locked(&mut conn, 2, true);
    assert!(done.first_completion && !done.new_reader);
    assert!(!locked(&mut conn, 2, true).first_completion);
    assert_eq!(count(&mut conn, "SELECT position::BIGINT AS n FROM reading_history"), 2);
    assert_eq!(count(&mut conn, "SELECT count(*) AS n FROM book_reads_pending"), 1);
    assert_eq!(count(&mut conn, "SELECT sum(completions)::BIGINT AS n FROM completions_daily"), 1);
    assert_eq!(count(&mut conn, "SELECT count(*) AS n FROM reading_days"), 1);
}
