//! Adding catalogue entries (the seeder now, the back office later). HTML arrives sanitised:
//! callers pass it through `catalogue::html::sanitize` (the `NewBook` constructor does).

use crate::schema::{authors, blog_posts, book_categories, books, categories, collection_books, collections, monthly_previews, visuals};
use catalogue::html::SanitizedHtml;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = categories)]
pub struct NewCategory {
    pub subid: String,
    pub name: String,
    pub description: String,
    pub small_image: String,
    pub sort_order: i32,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = authors)]
pub struct NewAuthor {
    pub slug: String,
    pub name: String,
    pub bio: String,
    pub photo: String,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = collections)]
pub struct NewCollection {
    pub slug: String,
    pub title: String,
    pub description: String,
    pub image: String,
    pub sort_order: i32,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = books)]
pub struct NewBook {
    pub subid: String,
    pub title: String,
    pub author_id: Option<i64>,
    pub author: String,
    pub author_description: String,
    pub description: String,
    pub image: String,
    pub vector: String,
    pub infographic: Option<String>,
    /// Only sanitised HTML can be stored.
    #[diesel(serialize_as = String)]
    pub body: SanitizedHtml,
    pub quotes: Vec<String>,
    pub goals: Vec<String>,
    pub tags: Vec<String>,
    pub media_url: Option<String>,
    pub video: Option<String>,
    pub free: bool,
    pub popular: bool,
    pub coming_soon: bool,
    pub upload_date: DateTime<Utc>,
    pub read_count: i32,
    pub recent_reads: i32,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = visuals)]
pub struct NewVisual {
    pub book_id: i64,
    pub position: i32,
    pub image: String,
    pub title: String,
    pub body: String,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = blog_posts)]
pub struct NewBlogPost {
    pub slug: String,
    pub title: String,
    pub excerpt: String,
    /// Only sanitised HTML can be stored.
    #[diesel(serialize_as = String)]
    pub body: SanitizedHtml,
    pub image: String,
    pub category: String,
    pub published_at: DateTime<Utc>,
}

pub fn insert_category(conn: &mut PgConnection, category: &NewCategory) -> QueryResult<i64> {
    diesel::insert_into(categories::table).values(category).returning(categories::id).get_result(conn)
}

pub fn insert_author(conn: &mut PgConnection, author: &NewAuthor) -> QueryResult<i64> {
    diesel::insert_into(authors::table).values(author).returning(authors::id).get_result(conn)
}

pub fn insert_collection(conn: &mut PgConnection, collection: &NewCollection) -> QueryResult<i64> {
    diesel::insert_into(collections::table).values(collection).returning(collections::id).get_result(conn)
}

pub fn insert_book(conn: &mut PgConnection, book: NewBook) -> QueryResult<i64> {
    diesel::insert_into(books::table).values(book).returning(books::id).get_result(conn)
}

/// Many books in one statement (the synthetic seeder inserts thousands at a time).
pub fn insert_books(conn: &mut PgConnection, many: Vec<NewBook>) -> QueryResult<Vec<i64>> {
    diesel::insert_into(books::table).values(many).returning(books::id).get_results(conn)
}

pub fn add_book_categories(conn: &mut PgConnection, pairs: &[(i64, i64)]) -> QueryResult<usize> {
    let rows: Vec<_> = pairs.iter().map(|(book, category)| (book_categories::book_id.eq(book), book_categories::category_id.eq(category))).collect();
    diesel::insert_into(book_categories::table).values(rows).on_conflict_do_nothing().execute(conn)
}

pub fn add_to_collection(conn: &mut PgConnection, collection_id: i64, book_id: i64, position: i32) -> QueryResult<usize> {
    diesel::insert_into(collection_books::table)
        .values((collection_books::collection_id.eq(collection_id), collection_books::book_id.eq(book_id), collection_books::position.eq(position)))
        .on_conflict_do_nothing()
        .execute(conn)
}

pub fn insert_visuals(conn: &mut PgConnection, slides: &[NewVisual]) -> QueryResult<usize> {
    diesel::insert_into(visuals::table).values(slides).execute(conn)
}

pub fn insert_blog_post(conn: &mut PgConnection, post: NewBlogPost) -> QueryResult<i64> {
    diesel::insert_into(blog_posts::table).values(post).returning(blog_posts::id).get_result(conn)
}

/// Sets the preview book of the month starting `month` (the first day).
pub fn set_monthly_preview(conn: &mut PgConnection, month: NaiveDate, book_id: i64) -> QueryResult<usize> {
    diesel::insert_into(monthly_previews::table)
        .values((monthly_previews::month.eq(month), monthly_previews::book_id.eq(book_id)))
        .on_conflict(monthly_previews::month)
        .do_update()
        .set(monthly_previews::book_id.eq(book_id))
        .execute(conn)
}

/// Sets a book's audio key and the narration's length (the seeder attaches audio after
/// synthesising it).
pub fn set_book_audio(conn: &mut PgConnection, book_id: i64, key: Option<&str>, seconds: Option<i32>) -> QueryResult<usize> {
    diesel::update(books::table.find(book_id)).set((books::media_url.eq(key), books::audio_seconds.eq(seconds))).execute(conn)
}

/// Sets a book's video key.
pub fn set_book_video(conn: &mut PgConnection, book_id: i64, key: Option<&str>) -> QueryResult<usize> {
    diesel::update(books::table.find(book_id)).set(books::video.eq(key)).execute(conn)
}

/// Whether any category exists (the seeder's "already seeded" check).
pub fn catalogue_is_empty(conn: &mut PgConnection) -> QueryResult<bool> {
    Ok(!diesel::select(diesel::dsl::exists(categories::table.select(categories::id))).get_result::<bool>(conn)?)
}

/// How many books exist.
pub fn count_books(conn: &mut PgConnection) -> QueryResult<i64> {
    books::table.count().get_result(conn)
}

/// Members' category picks.
pub fn set_recommends(conn: &mut PgConnection, user_id: i64, category_ids: &[i64]) -> QueryResult<usize> {
    diesel::update(crate::schema::users::table.find(user_id)).set(crate::schema::users::recommends.eq(category_ids)).execute(conn)
}
