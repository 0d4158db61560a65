//! The reader's call: the book, its card columns and the member's own position, completion,
//! library and rating in one statement, written with the query builder so that Diesel keeps it
//! as a prepared statement per connection (raw `sql_query` text is planned on every call, and
//! planning this join cost 1.3 ms against 0.2 ms to run it; see docs/catalogue.md "Measured").

use super::read::{monthly_preview, BookCardRow, BookRow};
use crate::reading::ReaderState;
use crate::schema::{authors, book_ratings, books, library_items, reading_history, visuals};
use catalogue::entitlement::BookAccessFacts;
use chrono::{DateTime, Utc};
use diesel::dsl::exists;
use diesel::prelude::*;

#[derive(Debug, Clone)]
pub struct BookPageRow {
    pub book: BookRow,
    pub author_slug: String,
    pub has_visuals: bool,
    pub monthly_preview: bool,
    /// The member's own state (all zero for visitors).
    pub member: ReaderState,
}

impl BookPageRow {
    pub fn access_facts(&self) -> BookAccessFacts {
        BookAccessFacts { free: self.book.free, monthly_preview: self.monthly_preview, has_body: !self.book.body.trim().is_empty() }
    }

    /// The book as a list shows it.
    pub fn card(&self) -> BookCardRow {
        let b = &self.book;
        BookCardRow {
            id: b.id,
            subid: b.subid.clone(),
            title: b.title.clone(),
            author: b.author.clone(),
            author_slug: self.author_slug.clone(),
            image: b.image.clone(),
            description: b.description.clone(),
            free: b.free,
            popular: b.popular,
            coming_soon: b.coming_soon,
            has_media: b.media_url.is_some(),
            has_video: b.video.is_some(),
            has_visuals: self.has_visuals,
            read_count: b.read_count,
            upload_date: b.upload_date,
        }
    }
}

type PageColumns = (BookRow, Option<String>, bool, Option<i32>, Option<bool>, bool, bool);

/// One book by numeric id or subid, as `member` (if any) sees it at `now`.
pub fn book_page(conn: &mut PgConnection, id_or_subid: &str, member: Option<i64>, now: DateTime<Utc>) -> QueryResult<Option<BookPageRow>> {
    // Visitors match no member rows (ids start at 1).
    let user_id = member.unwrap_or(0);
    let query = books::table
        .left_join(authors::table)
        .left_join(reading_history::table.on(reading_history::book_id.eq(books::id).and(reading_history::user_id.eq(user_id))))
        .select((
            BookRow::as_select(),
            authors::slug.nullable(),
            exists(visuals::table.filter(visuals::book_id.eq(books::id))),
            reading_history::position.nullable(),
            reading_history::completed.nullable(),
            exists(library_items::table.filter(library_items::book_id.eq(books::id).and(library_items::user_id.eq(user_id)))),
            exists(book_ratings::table.filter(book_ratings::book_id.eq(books::id).and(book_ratings::user_id.eq(user_id)))),
        ));
    let row: Option<PageColumns> = match id_or_subid.parse::<i64>() {
        Ok(id) => query.filter(books::id.eq(id)).first(conn).optional()?,
        Err(_) => query.filter(books::subid.eq(id_or_subid)).first(conn).optional()?,
    };
    let Some((book, author_slug, has_visuals, position, completed, in_library, rated)) = row else { return Ok(None) };
    let monthly_preview = monthly_preview(conn, now)? == Some(book.id);
    Ok(Some(BookPageRow {
        book,
        author_slug: author_slug.unwrap_or_default(),
        has_visuals,
        monthly_preview,
        member: ReaderState { position: position.unwrap_or(0), completed: completed.unwrap_or(false), in_library, rated },
    }))
}
