//! The ten-day challenge's port: goals, the books a plan may hold, members' completions and
//! saved plans, plan mail through the queue.

use crate::schema::{books, reading_history, ten_day_plans};
use crate::store::PgStore;
use catalogue::model::Goal;
use challenge::plan::{BookFacts, Candidate};
use challenge::ports::{ChallengeStore, SavedPlan};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Text};
use kernel::{OutgoingMail, PortResult, Timestamp, UserId};
use std::collections::BTreeSet;

#[derive(QueryableByName)]
struct CandidateRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    subid: String,
    #[diesel(sql_type = Text)]
    title: String,
    #[diesel(sql_type = Text)]
    author: String,
    #[diesel(sql_type = Text)]
    image: String,
    #[diesel(sql_type = BigInt)]
    read_count: i64,
    #[diesel(sql_type = Array<BigInt>)]
    goals: Vec<i64>,
}

impl ChallengeStore for PgStore<'_> {
    fn goals(&self) -> PortResult<Vec<Goal>> {
        self.run(crate::catalogue_extras::load_goals)
    }

    fn plan_candidates(&self, goals: &[i64], fill: usize) -> PortResult<Vec<Candidate>> {
        self.run(|conn| {
            // Published books only: a coming-soon book cannot be read on its day.
            let rows: Vec<CandidateRow> = diesel::sql_query(
                "SELECT b.id, b.subid, b.title, b.author, b.image, b.read_count::BIGINT AS read_count,
                        ARRAY(SELECT bg.goal_id FROM book_goals bg WHERE bg.book_id = b.id AND bg.goal_id = ANY($1) ORDER BY bg.goal_id) AS goals
                 FROM books b
                 WHERE NOT b.coming_soon AND EXISTS (SELECT 1 FROM book_goals bg WHERE bg.book_id = b.id AND bg.goal_id = ANY($1))
                 UNION ALL
                 (SELECT b.id, b.subid, b.title, b.author, b.image, b.read_count::BIGINT, '{}'::BIGINT[]
                  FROM books b
                  WHERE NOT b.coming_soon AND NOT EXISTS (SELECT 1 FROM book_goals bg WHERE bg.book_id = b.id AND bg.goal_id = ANY($1))
                  ORDER BY b.read_count DESC, b.id
                  LIMIT $2)",
            )
            .bind::<Array<BigInt>, _>(goals)
            .bind::<BigInt, _>(i64::try_from(fill).unwrap_or(i64::MAX))
            .load(conn)?;
            Ok(rows
                .into_iter()
                .map(|r| Candidate {
                    book: BookFacts { id: r.id, subid: r.subid, title: r.title, author: r.author, image: r.image, read_count: r.read_count },
                    goals: r.goals,
                })
                .collect())
        })
    }

    fn completed_of(&self, member: UserId, books: &[i64]) -> PortResult<BTreeSet<i64>> {
        self.run(|conn| {
            let done: Vec<i64> = reading_history::table
                .filter(reading_history::user_id.eq(member.0))
                .filter(reading_history::book_id.eq_any(books))
                .filter(reading_history::completed)
                .select(reading_history::book_id)
                .load(conn)?;
            Ok(done.into_iter().collect())
        })
    }

    fn books_by_id(&self, ids: &[i64]) -> PortResult<Vec<BookFacts>> {
        self.run(|conn| {
            let rows: Vec<(i64, String, String, String, String, i32)> = books::table
                .filter(books::id.eq_any(ids))
                .select((books::id, books::subid, books::title, books::author, books::image, books::read_count))
                .load(conn)?;
            Ok(rows
                .into_iter()
                .map(|(id, subid, title, author, image, read_count)| BookFacts { id, subid, title, author, image, read_count: i64::from(read_count) })
                .collect())
        })
    }

    fn saved_plan(&self, member: UserId) -> PortResult<Option<SavedPlan>> {
        self.run(|conn| {
            let row: Option<(Vec<i64>, Vec<i64>)> =
                ten_day_plans::table.find(member.0).select((ten_day_plans::goal_ids, ten_day_plans::book_ids)).first(conn).optional()?;
            Ok(row.map(|(goals, books)| SavedPlan { goals, books }))
        })
    }

    fn save_plan(&self, member: UserId, plan: &SavedPlan, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            let values = (ten_day_plans::goal_ids.eq(&plan.goals), ten_day_plans::book_ids.eq(&plan.books), ten_day_plans::saved_at.eq(at));
            diesel::insert_into(ten_day_plans::table)
                .values((ten_day_plans::user_id.eq(member.0), values))
                .on_conflict(ten_day_plans::user_id)
                .do_update()
                .set(values)
                .execute(conn)
                .map(drop)
        })
    }

    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32> {
        self.run(|conn| crate::throttle::record_and_count(conn, key, at, since))
    }

    fn books_in_categories(&self, ids: &[i64], limit: usize) -> PortResult<Vec<BookFacts>> {
        self.run(|conn| crate::quizzes::most_read_in(conn, ids, &[], limit))
    }

    fn queue_mail(&self, mail: &OutgoingMail, at: Timestamp) -> PortResult<()> {
        self.run(|conn| crate::mail_queue::enqueue(conn, mail, at).map(drop))
    }
}

/// An erased account's saved plan goes with it.
pub(crate) fn erase_plan(conn: &mut PgConnection, member: UserId) -> QueryResult<usize> {
    diesel::delete(ten_day_plans::table.find(member.0)).execute(conn)
}
