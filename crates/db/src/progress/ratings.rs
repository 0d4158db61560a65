//! Members' star ratings and feedback, one per member and book (a new rating replaces the old).

use crate::schema::book_ratings;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::upsert::excluded;

/// Stores the member's rating of a book, replacing an earlier one.
pub fn rate(conn: &mut PgConnection, user_id: i64, book_id: i64, stars: i16, feedback: &str, now: DateTime<Utc>) -> QueryResult<()> {
    diesel::insert_into(book_ratings::table)
        .values(NewRatingRow { user_id, book_id, rating: stars, feedback, created_at: now, updated_at: now })
        .on_conflict((book_ratings::user_id, book_ratings::book_id))
        .do_update()
        .set((
            book_ratings::rating.eq(excluded(book_ratings::rating)),
            book_ratings::feedback.eq(excluded(book_ratings::feedback)),
            book_ratings::updated_at.eq(excluded(book_ratings::updated_at)),
        ))
        .execute(conn)?;
    Ok(())
}

/// The member's rating of a book: stars and feedback.
pub fn rating_of(conn: &mut PgConnection, user_id: i64, book_id: i64) -> QueryResult<Option<(i16, String)>> {
    book_ratings::table.find((user_id, book_id)).select((book_ratings::rating, book_ratings::feedback)).first(conn).optional()
}

#[derive(Insertable)]
#[diesel(table_name = book_ratings)]
struct NewRatingRow<'a> {
    user_id: i64,
    book_id: i64,
    rating: i16,
    feedback: &'a str,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}
