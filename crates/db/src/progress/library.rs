//! The member's library: books saved for later, newest first.

use crate::schema::library_items;
use crate::shared::book_cards::{BookCardRow, CARD_SELECT};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::BigInt;

/// Adds a book; true when it was not there yet (adding twice changes nothing).
pub fn add(conn: &mut PgConnection, user_id: i64, book_id: i64, now: DateTime<Utc>) -> QueryResult<bool> {
    let inserted = diesel::insert_into(library_items::table)
        .values((library_items::user_id.eq(user_id), library_items::book_id.eq(book_id), library_items::added_at.eq(now)))
        .on_conflict_do_nothing()
        .execute(conn)?;
    Ok(inserted == 1)
}

/// Removes a book from this member's library only; true when it was there.
pub fn remove(conn: &mut PgConnection, user_id: i64, book_id: i64) -> QueryResult<bool> {
    let deleted = diesel::delete(library_items::table.find((user_id, book_id))).execute(conn)?;
    Ok(deleted == 1)
}

/// One page of the library, most recently added first, and the number of books in it.
pub fn page(conn: &mut PgConnection, user_id: i64, offset: i64, limit: i64) -> QueryResult<(Vec<BookCardRow>, i64)> {
    let books = diesel::sql_query(format!(
        "{CARD_SELECT} JOIN library_items l ON l.book_id = b.id AND l.user_id = $1 \
         ORDER BY l.added_at DESC, b.id DESC OFFSET $2 LIMIT $3"
    ))
    .bind::<BigInt, _>(user_id)
    .bind::<BigInt, _>(offset.max(0))
    .bind::<BigInt, _>(limit.clamp(0, 100))
    .load(conn)?;
    let total = library_items::table.filter(library_items::user_id.eq(user_id)).count().get_result(conn)?;
    Ok((books, total))
}
