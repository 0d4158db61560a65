//! Reading progress, the library and ratings: one member's own rows, always keyed by the member's
//! id first so that no call can reach another member's entries.

pub mod history;
pub mod library;
pub mod ratings;
pub mod report;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Int4};

/// What the reader shows about the member and one book.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, QueryableByName)]
pub struct ReaderState {
    #[diesel(sql_type = Int4)]
    pub position: i32,
    #[diesel(sql_type = Bool)]
    pub completed: bool,
    #[diesel(sql_type = Bool)]
    pub in_library: bool,
    #[diesel(sql_type = Bool)]
    pub rated: bool,
}

/// The member's saved position, library membership and rating of one book, in one query.
pub fn reader_state(conn: &mut PgConnection, user_id: i64, book_id: i64) -> QueryResult<ReaderState> {
    diesel::sql_query(
        "SELECT coalesce(h.position, 0) AS position, coalesce(h.completed, false) AS completed, \
         EXISTS (SELECT 1 FROM library_items l WHERE l.user_id = $1 AND l.book_id = $2) AS in_library, \
         EXISTS (SELECT 1 FROM book_ratings r WHERE r.user_id = $1 AND r.book_id = $2) AS rated \
         FROM (SELECT 1) AS one LEFT JOIN reading_history h ON h.user_id = $1 AND h.book_id = $2",
    )
    .bind::<BigInt, _>(user_id)
    .bind::<BigInt, _>(book_id)
    .get_result(conn)
}

/// Everything a member's reading left behind, for account deletion.
pub fn erase_member(conn: &mut PgConnection, user_id: i64) -> QueryResult<()> {
    use crate::schema::{book_ratings, library_items, reading_days, reading_history};
    diesel::delete(reading_history::table.filter(reading_history::user_id.eq(user_id))).execute(conn)?;
    diesel::delete(reading_days::table.filter(reading_days::user_id.eq(user_id))).execute(conn)?;
    diesel::delete(library_items::table.filter(library_items::user_id.eq(user_id))).execute(conn)?;
    diesel::delete(book_ratings::table.filter(book_ratings::user_id.eq(user_id))).execute(conn)?;
    Ok(())
}
