//! A book's card (the columns every book list shows), read by the catalogue's lists and by a
//! member's library and history alike: one select, so every list shows a book the same way.

use catalogue::model::Card;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Int4, Text, Timestamptz};

/// The columns every book list shows (never the body).
#[derive(Debug, Clone, QueryableByName)]
pub struct BookCardRow {
    #[diesel(sql_type = BigInt)]
    pub id: i64,
    #[diesel(sql_type = Text)]
    pub subid: String,
    #[diesel(sql_type = Text)]
    pub title: String,
    #[diesel(sql_type = Text)]
    pub author: String,
    #[diesel(sql_type = Text)]
    pub author_slug: String,
    #[diesel(sql_type = Text)]
    pub image: String,
    #[diesel(sql_type = Text)]
    pub description: String,
    #[diesel(sql_type = Bool)]
    pub free: bool,
    #[diesel(sql_type = Bool)]
    pub popular: bool,
    #[diesel(sql_type = Bool)]
    pub coming_soon: bool,
    #[diesel(sql_type = Bool)]
    pub has_media: bool,
    #[diesel(sql_type = Bool)]
    pub has_video: bool,
    #[diesel(sql_type = Bool)]
    pub has_visuals: bool,
    #[diesel(sql_type = Int4)]
    pub read_count: i32,
    #[diesel(sql_type = Timestamptz)]
    pub upload_date: DateTime<Utc>,
}

/// `SELECT` and `FROM` of a card; callers add `WHERE`, `ORDER BY` and `LIMIT`.
pub const CARD_SELECT: &str = "SELECT b.id, b.subid, b.title, b.author, coalesce(a.slug, '') AS author_slug, \
     coalesce(b.image_card, b.image) AS image, b.description, b.free, b.popular, b.coming_soon, b.media_url IS NOT NULL AS has_media, \
     b.video IS NOT NULL AS has_video, EXISTS (SELECT 1 FROM visuals v WHERE v.book_id = b.id) AS has_visuals, \
     b.read_count, b.upload_date FROM books b LEFT JOIN authors a ON a.id = b.author_id";

impl From<BookCardRow> for Card {
    fn from(row: BookCardRow) -> Card {
        Card {
            id: row.id,
            subid: row.subid,
            title: row.title,
            author: row.author,
            author_slug: row.author_slug,
            image: row.image,
            description: row.description,
            free: row.free,
            popular: row.popular,
            coming_soon: row.coming_soon,
            has_media: row.has_media,
            has_video: row.has_video,
            has_visuals: row.has_visuals,
            read_count: row.read_count,
            upload_date: row.upload_date,
            categories: vec![],
        }
    }
}

pub fn cards(rows: Vec<BookCardRow>) -> Vec<Card> {
    rows.into_iter().map(Card::from).collect()
}
