//! The reader's call in one statement: the book, its card columns, whether it is this month's
//! preview, and the member's own position, completion, library and rating. (It was seven queries;
//! the benchmark in docs/catalogue.md shows why one matters.)

use super::read::{month_of, BookCardRow, BookRow};
use crate::reading::ReaderState;
use catalogue::entitlement::BookAccessFacts;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Date, Nullable, Text};

#[derive(Debug, Clone, QueryableByName)]
pub struct BookPageRow {
    #[diesel(embed)]
    pub book: BookRow,
    #[diesel(sql_type = Text)]
    pub author_slug: String,
    #[diesel(sql_type = Bool)]
    pub has_visuals: bool,
    #[diesel(sql_type = Bool)]
    pub monthly_preview: bool,
    /// The member's own state (all zero for visitors).
    #[diesel(embed)]
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

/// One book by numeric id or subid, as `member` (if any) sees it at `now`.
pub fn book_page(conn: &mut PgConnection, id_or_subid: &str, member: Option<i64>, now: DateTime<Utc>) -> QueryResult<Option<BookPageRow>> {
    // $1 id or subid, $2 member id or NULL, $3 this month.
    let by = if id_or_subid.parse::<i64>().is_ok() { "b.id = $1::bigint" } else { "b.subid = $1" };
    diesel::sql_query(format!(
        "SELECT b.id, b.subid, b.title, b.author_id, b.author, b.author_description, b.description, b.image, \
           b.vector, b.infographic, b.body, b.quotes, b.goals, b.tags, b.media_url, b.video, b.free, b.popular, \
           b.coming_soon, b.upload_date, b.read_count, b.recent_reads, \
           coalesce(a.slug, '') AS author_slug, \
           EXISTS (SELECT 1 FROM visuals v WHERE v.book_id = b.id) AS has_visuals, \
           coalesce(b.id = coalesce( \
             (SELECT p.book_id FROM monthly_previews p WHERE p.month = $3), \
             (SELECT f.id FROM books f WHERE f.free ORDER BY f.upload_date DESC, f.id DESC LIMIT 1)), false) AS monthly_preview, \
           coalesce(h.position, 0) AS position, coalesce(h.completed, false) AS completed, \
           EXISTS (SELECT 1 FROM library_items l WHERE l.user_id = $2 AND l.book_id = b.id) AS in_library, \
           EXISTS (SELECT 1 FROM book_ratings r WHERE r.user_id = $2 AND r.book_id = b.id) AS rated \
         FROM books b LEFT JOIN authors a ON a.id = b.author_id \
         LEFT JOIN reading_history h ON h.user_id = $2 AND h.book_id = b.id \
         WHERE {by}"
    ))
    .bind::<Text, _>(id_or_subid)
    .bind::<Nullable<BigInt>, _>(member)
    .bind::<Date, _>(month_of(now))
    .get_result(conn)
    .optional()
}
