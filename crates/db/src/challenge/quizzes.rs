//! The quizzes' port: members' kept results, whether they bought a report (read from billing's
//! charges), and books to recommend by category.

use super::PgChallengeStore;
use crate::schema::{charges, plans, quiz_results};
use challenge::plan::BookFacts;
use challenge::ports::{KeptResults, QuizStore};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Text};
use kernel::{PortError, PortResult, Timestamp, UserId};
use std::collections::BTreeMap;

#[derive(QueryableByName)]
pub(crate) struct BookRow {
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
}

impl From<BookRow> for BookFacts {
    fn from(r: BookRow) -> Self {
        BookFacts { id: r.id, subid: r.subid, title: r.title, author: r.author, image: r.image, read_count: r.read_count }
    }
}

/// The most read published books in any of the categories with these ids or subids.
pub(crate) fn most_read_in(conn: &mut PgConnection, ids: &[i64], subids: &[String], limit: usize) -> QueryResult<Vec<BookFacts>> {
    let rows: Vec<BookRow> = diesel::sql_query(
        "SELECT b.id, b.subid, b.title, b.author, b.image, b.read_count::BIGINT AS read_count
         FROM books b
         WHERE NOT b.coming_soon AND EXISTS (
             SELECT 1 FROM book_categories bc JOIN categories c ON c.id = bc.category_id
             WHERE bc.book_id = b.id AND (c.id = ANY($1) OR c.subid = ANY($2)))
         ORDER BY b.read_count DESC, b.id
         LIMIT $3",
    )
    .bind::<Array<BigInt>, _>(ids)
    .bind::<Array<Text>, _>(subids)
    .bind::<BigInt, _>(i64::try_from(limit).unwrap_or(i64::MAX))
    .load(conn)?;
    Ok(rows.into_iter().map(Into::into).collect())
}

impl QuizStore for PgChallengeStore<'_> {
    fn save_quiz_results(&self, member: UserId, quiz: &str, counts: &BTreeMap<String, u32>, at: Timestamp) -> PortResult<()> {
        let counts = serde_json::to_value(counts).map_err(|e| PortError::Failed(e.to_string()))?;
        self.run(|conn| {
            let values = (quiz_results::counts.eq(&counts), quiz_results::taken_at.eq(at));
            diesel::insert_into(quiz_results::table)
                .values((quiz_results::user_id.eq(member.0), quiz_results::quiz.eq(quiz), values))
                .on_conflict((quiz_results::user_id, quiz_results::quiz))
                .do_update()
                .set(values)
                .execute(conn)
                .map(drop)
        })
    }

    fn quiz_results(&self, member: UserId, quiz: &str) -> PortResult<Option<KeptResults>> {
        let row: Option<(serde_json::Value, Timestamp)> =
            self.run(|conn| quiz_results::table.find((member.0, quiz)).select((quiz_results::counts, quiz_results::taken_at)).first(conn).optional())?;
        // A row that is not a map of counts reads as no results (the use case treats them alike).
        Ok(row.and_then(|(counts, taken_at)| serde_json::from_value(counts).ok().map(|counts| KeptResults { counts, taken_at })))
    }

    fn bought_quiz_report(&self, member: UserId, quiz: &str) -> PortResult<bool> {
        self.run(|conn| {
            diesel::select(diesel::dsl::exists(
                charges::table
                    .inner_join(plans::table)
                    .filter(charges::user_id.eq(member.0))
                    .filter(charges::status.eq("paid"))
                    .filter(plans::kind.eq("quiz"))
                    .filter(plans::quiz.eq(quiz)),
            ))
            .get_result(conn)
        })
    }

    fn popular_in_categories(&self, subids: &[&str], limit: usize) -> PortResult<Vec<BookFacts>> {
        let subids: Vec<String> = subids.iter().map(|s| (*s).to_owned()).collect();
        self.run(|conn| most_read_in(conn, &[], &subids, limit))
    }
}

/// Erasing an account erases its kept results.
pub(crate) fn erase_quiz_results(conn: &mut PgConnection, member: UserId) -> QueryResult<usize> {
    diesel::delete(quiz_results::table.filter(quiz_results::user_id.eq(member.0))).execute(conn)
}
