//! Reading progress, the library and ratings: one member's own rows, always keyed by the member's
//! id first so that no call can reach another member's entries.

crate::shared::gate::domain_store! {
    /// Reading progress's port (`reading_progress::ports::ProgressStore`) on one connection's gate.
    PgProgressStore
}

pub mod history;
pub mod library;
pub mod ratings;
pub mod report;
mod store;

use diesel::prelude::*;

/// Everything a member's reading left behind, for account deletion.
pub fn erase_member(conn: &mut PgConnection, user_id: i64) -> QueryResult<()> {
    use crate::schema::{book_ratings, library_items, reading_days, reading_history};
    diesel::delete(reading_history::table.filter(reading_history::user_id.eq(user_id))).execute(conn)?;
    diesel::delete(reading_days::table.filter(reading_days::user_id.eq(user_id))).execute(conn)?;
    diesel::delete(library_items::table.filter(library_items::user_id.eq(user_id))).execute(conn)?;
    diesel::delete(book_ratings::table.filter(book_ratings::user_id.eq(user_id))).execute(conn)?;
    Ok(())
}
