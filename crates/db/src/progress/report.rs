//! What /my-progress adds up: completions, the days they (and daily reviews) fell on, their categories and the review's XP.

use crate::schema::{reading_days, reading_history, review_log};
use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use reading_progress::ProgressFacts;

#[derive(QueryableByName)]
struct CategoryCount {
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = BigInt)]
    completed: i64,
}

pub fn progress_facts(conn: &mut PgConnection, user_id: i64) -> QueryResult<ProgressFacts> {
    let completed: i64 = reading_history::table.filter(reading_history::user_id.eq(user_id).and(reading_history::completed)).count().get_result(conn)?;
    // A day with a completion or a daily review (the review's log) is a streak day.
    let days: Vec<NaiveDate> = reading_days::table
        .filter(reading_days::user_id.eq(user_id))
        .select(reading_days::day)
        .union(review_log::table.filter(review_log::user_id.eq(user_id)).select(review_log::day))
        .load::<NaiveDate>(conn)?
        .into_iter()
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let review_xp: Option<i64> = review_log::table.filter(review_log::user_id.eq(user_id)).select(diesel::dsl::sum(review_log::xp)).first(conn)?;
    let per_category: Vec<CategoryCount> = diesel::sql_query(
        "SELECT c.name, count(*) AS completed FROM reading_history h \
         JOIN book_categories bc ON bc.book_id = h.book_id JOIN categories c ON c.id = bc.category_id \
         WHERE h.user_id = $1 AND h.completed GROUP BY c.name ORDER BY c.name",
    )
    .bind::<BigInt, _>(user_id)
    .load(conn)?;
    let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
    Ok(ProgressFacts {
        completed: count(completed),
        days,
        review_xp: count(review_xp.unwrap_or(0)),
        per_category: per_category.into_iter().map(|c| (c.name, count(c.completed))).collect(),
    })
}
