//! The reader's call: the book, its author's slug, whether it has visuals, the member's own
//! position, completion, library and rating, and what decides the month's preview in one statement
//! (two fewer round trips than asking for the preview apart), written with the query builder so
//! that Diesel keeps it as a prepared statement per connection (raw `sql_query` text is planned on
//! every call, and planning this join cost 1.3 ms against 0.2 ms to run it; see
//! docs/catalogue.md "Measured").

use super::read::BookRow;
use crate::schema::{authors, book_ratings, books, library_items, monthly_previews, reading_history, visuals};
use catalogue::model::{Book, BookKey, BookWithState, PreviewCandidates, ReaderState};
use chrono::NaiveDate;
use diesel::dsl::exists;
use diesel::prelude::*;

type PageColumns = (BookRow, Option<String>, bool, Option<i32>, Option<bool>, bool, bool, Option<i64>, Option<i64>);

diesel::alias!(books as free_books: FreeBooks);

/// One book as `member` (if any) sees it, with `month`'s preview candidates (none chosen when
/// `month` is `None`).
pub fn book_with_state(conn: &mut PgConnection, key: &BookKey, member: Option<i64>, month: Option<NaiveDate>) -> QueryResult<Option<BookWithState>> {
    // Visitors match no member rows (ids start at 1).
    let user_id = member.unwrap_or(0);
    let chosen_preview = monthly_previews::table.filter(monthly_previews::month.nullable().eq(month)).select(monthly_previews::book_id).single_value();
    let newest_free = free_books
        // The bare column, not `= $1`: a generic plan can then use the partial index `WHERE free`.
        .filter(free_books.field(books::free))
        .order((free_books.field(books::upload_date).desc(), free_books.field(books::id).desc()))
        .select(free_books.field(books::id))
        .single_value();
    let query = books::table
        .left_join(authors::table)
        .left_join(reading_history::table.on(reading_history::book_id.eq(books::id).and(reading_history::user_id.eq(user_id))))
        .select((
            BookRow::as_select(),
            authors::slug.nullable(),
            exists(visuals::table.filter(visuals::book_id.eq(books::id.nullable()))),
            reading_history::position.nullable(),
            reading_history::completed.nullable(),
            exists(library_items::table.filter(library_items::book_id.eq(books::id).and(library_items::user_id.eq(user_id)))),
            exists(book_ratings::table.filter(book_ratings::book_id.eq(books::id).and(book_ratings::user_id.eq(user_id)))),
            chosen_preview,
            newest_free,
        ));
    let row: Option<PageColumns> = match key {
        BookKey::Id(id) => query.filter(books::id.eq(id)).first(conn).optional()?,
        BookKey::Subid(subid) => query.filter(books::subid.eq(subid)).first(conn).optional()?,
    };
    Ok(row.map(|(row, author_slug, has_visuals, position, completed, in_library, rated, chosen, newest_free)| BookWithState {
        book: row.into_book(author_slug.unwrap_or_default(), has_visuals),
        member: ReaderState { position: position.unwrap_or(0), completed: completed.unwrap_or(false), in_library, rated },
        preview: PreviewCandidates { chosen, newest_free },
    }))
}

impl BookRow {
    pub fn into_book(self, author_slug: String, has_visuals: bool) -> Book {
        Book {
            id: self.id,
            subid: self.subid,
            title: self.title,
            author: self.author,
            author_slug,
            author_description: self.author_description,
            description: self.description,
            image: self.image,
            vector: self.vector,
            infographic: self.infographic,
            body: self.body,
            quotes: self.quotes,
            goals: self.goals,
            tags: self.tags,
            media_url: self.media_url,
            video: self.video,
            free: self.free,
            popular: self.popular,
            coming_soon: self.coming_soon,
            has_visuals,
            read_count: self.read_count,
            upload_date: self.upload_date,
        }
    }
}
