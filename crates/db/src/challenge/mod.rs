//! The ten-day challenge's port: goals, the books a plan may hold, members' completions and
//! saved plans, plan mail through the queue.

crate::shared::gate::domain_store! {
    /// The ten-day challenge's and the quizzes' ports (`ChallengeStore`, `QuizStore`) on one connection's gate.
    PgChallengeStore
}

pub(crate) mod quizzes;

use crate::schema::{books, reading_history, ten_day_plans, users};
use catalogue::model::Goal;
use challenge::plan::{BookFacts, Candidate};
use challenge::ports::{ChallengeStore, SavedPlan};
use challenge::reminders::ReminderPlan;
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

/// A plan with reminders on: member, e-mail, first name, timezone, saved at, last reminded on,
/// books, unsubscribe token.
type ReminderRow = (i64, String, String, String, Timestamp, Option<chrono::NaiveDate>, Vec<i64>, Option<String>);

impl ChallengeStore for PgChallengeStore<'_> {
    fn goals(&self) -> PortResult<Vec<Goal>> {
        // The catalogue owns goals: read through its port on this same connection.
        catalogue::ports::Extras::goals(&self.gate().catalogue_ports())
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
            // A new plan starts today: its reminders count its days from now.
            let values = (
                ten_day_plans::goal_ids.eq(&plan.goals),
                ten_day_plans::book_ids.eq(&plan.books),
                ten_day_plans::saved_at.eq(at),
                ten_day_plans::last_reminded_on.eq(None::<chrono::NaiveDate>),
            );
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
        self.run(|conn| crate::shared::throttle::record_and_count(conn, key, at, since))
    }

    fn books_in_categories(&self, ids: &[i64], limit: usize) -> PortResult<Vec<BookFacts>> {
        self.run(|conn| quizzes::most_read_in(conn, ids, &[], limit))
    }

    fn reminders_on(&self, member: UserId) -> PortResult<bool> {
        self.run(|conn| ten_day_plans::table.find(member.0).select(ten_day_plans::reminders).first::<bool>(conn).optional().map(|on| on.unwrap_or(false)))
    }

    fn set_reminders(&self, member: UserId, on: bool, token: &str) -> PortResult<bool> {
        self.run(|conn| {
            diesel::sql_query("UPDATE ten_day_plans SET reminders = $2, unsubscribe_token = COALESCE(unsubscribe_token, $3) WHERE user_id = $1")
                .bind::<BigInt, _>(member.0)
                .bind::<diesel::sql_types::Bool, _>(on)
                .bind::<Text, _>(token)
                .execute(conn)
                .map(|n| n > 0)
        })
    }

    fn unsubscribe(&self, token: &str) -> PortResult<bool> {
        self.run(|conn| {
            diesel::update(ten_day_plans::table.filter(ten_day_plans::unsubscribe_token.eq(token)))
                .set(ten_day_plans::reminders.eq(false))
                .execute(conn)
                .map(|n| n > 0)
        })
    }

    fn reminder_plans(&self) -> PortResult<Vec<ReminderPlan>> {
        let rows: Vec<ReminderRow> = self.run(|conn| {
            ten_day_plans::table
                .inner_join(users::table)
                .filter(ten_day_plans::reminders)
                .filter(users::deleted_at.is_null())
                .select((
                    ten_day_plans::user_id,
                    users::email,
                    users::first_name,
                    users::timezone,
                    ten_day_plans::saved_at,
                    ten_day_plans::last_reminded_on,
                    ten_day_plans::book_ids,
                    ten_day_plans::unsubscribe_token,
                ))
                .load(conn)
        })?;
        Ok(rows
            .into_iter()
            .filter_map(|(member, email, first_name, timezone, saved_at, last_reminded_on, books, token)| {
                Some(ReminderPlan { member: UserId(member), email, first_name, timezone, saved_at, last_reminded_on, books, unsubscribe_token: token? })
            })
            .collect())
    }

    fn record_reminder(&self, member: UserId, local_date: chrono::NaiveDate, mail: &OutgoingMail, at: Timestamp) -> PortResult<bool> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let claimed = diesel::update(
                    ten_day_plans::table.find(member.0).filter(ten_day_plans::last_reminded_on.is_null().or(ten_day_plans::last_reminded_on.ne(local_date))),
                )
                .set(ten_day_plans::last_reminded_on.eq(local_date))
                .execute(conn)?;
                if claimed == 0 {
                    return Ok(false);
                }
                crate::mail_queue::enqueue(conn, mail, at)?;
                Ok(true)
            })
        })
    }

    fn new_token(&self) -> String {
        use rand::RngCore;
        let mut bytes = [0u8; 24];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        hex::encode(bytes)
    }

    fn queue_mail(&self, mail: &OutgoingMail, at: Timestamp) -> PortResult<()> {
        self.run(|conn| crate::mail_queue::enqueue(conn, mail, at).map(drop))
    }
}

/// An erased account's saved plan goes with it.
pub(crate) fn erase_plan(conn: &mut PgConnection, member: UserId) -> QueryResult<usize> {
    diesel::delete(ten_day_plans::table.find(member.0)).execute(conn)
}
