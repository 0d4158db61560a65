//! Books, categories, collections, authors, visuals and blog posts as the API shows them.

use crate::schema::{authors, blog_posts, book_categories, books, categories, collections, visuals};
pub use crate::shared::book_cards::{BookCardRow, CARD_SELECT};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Text};

/// A book with everything but its body, which the row names by its digest (the reader's call
/// loads the body only when the server has not read that text yet).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = books, check_for_backend(diesel::pg::Pg))]
pub struct BookRow {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author_id: Option<i64>,
    pub author: String,
    pub author_description: String,
    pub description: String,
    pub image: String,
    pub vector: String,
    pub infographic: Option<String>,
    pub body_digest: String,
    pub quotes: Vec<String>,
    pub goals: Vec<String>,
    pub tags: Vec<String>,
    pub media_url: Option<String>,
    pub audio_seconds: Option<i32>,
    pub video: Option<String>,
    pub free: bool,
    pub popular: bool,
    pub coming_soon: bool,
    pub upload_date: DateTime<Utc>,
    pub read_count: i32,
    pub recent_reads: i32,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = categories, check_for_backend(diesel::pg::Pg))]
pub struct CategoryRow {
    pub id: i64,
    pub subid: String,
    pub name: String,
    pub description: String,
    pub small_image: String,
    pub sort_order: i32,
}

/// A book's category, as cards show it.
#[derive(Debug, Clone, QueryableByName, Queryable)]
pub struct BookCategoryRow {
    #[diesel(sql_type = BigInt)]
    pub book_id: i64,
    #[diesel(sql_type = BigInt)]
    pub id: i64,
    #[diesel(sql_type = Text)]
    pub subid: String,
    #[diesel(sql_type = Text)]
    pub name: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = collections, check_for_backend(diesel::pg::Pg))]
pub struct CollectionRow {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub description: String,
    pub image: String,
    pub sort_order: i32,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = authors, check_for_backend(diesel::pg::Pg))]
pub struct AuthorRow {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub bio: String,
    pub photo: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = visuals, check_for_backend(diesel::pg::Pg))]
pub struct VisualRow {
    pub id: i64,
    pub book_id: Option<i64>,
    pub position: i32,
    pub image: String,
    pub title: String,
    pub body: String,
}

/// One book with visual slides, for the visuals list.
#[derive(Debug, Clone, QueryableByName)]
pub struct VisualBookRow {
    #[diesel(sql_type = BigInt)]
    pub id: i64,
    #[diesel(sql_type = Text)]
    pub subid: String,
    #[diesel(sql_type = Text)]
    pub title: String,
    #[diesel(sql_type = Text)]
    pub author: String,
    #[diesel(sql_type = Text)]
    pub image: String,
    #[diesel(sql_type = BigInt)]
    pub slides: i64,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = blog_posts, check_for_backend(diesel::pg::Pg))]
pub struct BlogPostRow {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub excerpt: String,
    pub body: String,
    pub image: String,
    pub category: String,
    pub published_at: DateTime<Utc>,
}

/// Cards by a raw `WHERE ... ORDER BY ... LIMIT` tail without parameters.
fn cards_where(conn: &mut PgConnection, tail: &str) -> QueryResult<Vec<BookCardRow>> {
    diesel::sql_query(format!("{CARD_SELECT} {tail}")).load(conn)
}

/// The newest `limit` books.
pub fn newest_books(conn: &mut PgConnection, limit: i64) -> QueryResult<Vec<BookCardRow>> {
    cards_where(conn, &format!("ORDER BY b.upload_date DESC, b.id DESC LIMIT {}", limit.clamp(0, 1000)))
}

/// The most read books of the last 30 days, admin-flagged popular ones first.
pub fn popular_books(conn: &mut PgConnection, limit: i64) -> QueryResult<Vec<BookCardRow>> {
    cards_where(conn, &format!("ORDER BY b.popular DESC, b.recent_reads DESC, b.read_count DESC, b.id DESC LIMIT {}", limit.clamp(0, 1000)))
}

/// Books in any of `category_ids`, most read first, newest on ties.
pub fn books_in_categories(conn: &mut PgConnection, category_ids: &[i64], reader: Option<i64>, limit: i64) -> QueryResult<Vec<BookCardRow>> {
    diesel::sql_query(format!(
        "{CARD_SELECT} WHERE EXISTS (SELECT 1 FROM book_categories bc WHERE bc.book_id = b.id AND bc.category_id = ANY($1)) \
         AND NOT b.coming_soon \
         AND NOT EXISTS (SELECT 1 FROM reading_history h WHERE h.book_id = b.id AND h.user_id = $3 AND h.completed) \
         ORDER BY b.popular DESC, b.recent_reads DESC, b.upload_date DESC, b.id DESC LIMIT $2"
    ))
    .bind::<Array<BigInt>, _>(category_ids)
    .bind::<BigInt, _>(limit)
    .bind::<diesel::sql_types::Nullable<BigInt>, _>(reader)
    .load(conn)
}

/// One page of the whole catalogue as a map source: newest first from `start`.
pub fn books_from(conn: &mut PgConnection, start: i64, limit: i64) -> QueryResult<Vec<BookCardRow>> {
    diesel::sql_query(format!("{CARD_SELECT} ORDER BY b.upload_date DESC, b.id DESC OFFSET $1 LIMIT $2"))
        .bind::<BigInt, _>(start)
        .bind::<BigInt, _>(limit)
        .load(conn)
}

/// The categories of each of `book_ids`.
pub fn categories_of(conn: &mut PgConnection, book_ids: &[i64]) -> QueryResult<Vec<BookCategoryRow>> {
    if book_ids.is_empty() {
        return Ok(vec![]);
    }
    // The query builder, not raw SQL: Diesel keeps it as a prepared statement (raw SQL is planned
    // anew on every call, which costs more than running a query this small).
    book_categories::table
        .inner_join(categories::table)
        .filter(book_categories::book_id.eq_any(book_ids))
        .order((categories::sort_order, categories::name))
        .select((book_categories::book_id, categories::id, categories::subid, categories::name))
        .load(conn)
}

/// Just a book's id, by id or subid.
pub fn find_book_id(conn: &mut PgConnection, id_or_subid: &str) -> QueryResult<Option<i64>> {
    let query = books::table.select(books::id);
    match id_or_subid.parse::<i64>() {
        Ok(id) => query.filter(books::id.eq(id)).first(conn).optional(),
        Err(_) => query.filter(books::subid.eq(id_or_subid)).first(conn).optional(),
    }
}

/// Pairs each row with its count from `counts` (id, count); rows without one count 0.
fn with_counts<R, K: PartialEq>(rows: Vec<R>, counts: Vec<(K, i64)>, key: impl Fn(&R) -> K) -> Vec<(R, i64)> {
    rows.into_iter()
        .map(|row| {
            let count = counts.iter().find(|(id, _)| *id == key(&row)).map_or(0, |(_, n)| *n);
            (row, count)
        })
        .collect()
}

/// Categories in their display order, each with how many books it holds (kept by triggers on
/// `book_categories`, migration 45: counting them on every home call took 36 ms at 100,000 books).
pub fn categories_with_counts(conn: &mut PgConnection) -> QueryResult<Vec<(CategoryRow, i64)>> {
    categories::table.order((categories::sort_order, categories::name)).select((CategoryRow::as_select(), categories::book_count)).load(conn)
}

/// Which of `ids` are categories.
pub fn existing_category_ids(conn: &mut PgConnection, ids: &[i64]) -> QueryResult<Vec<i64>> {
    categories::table.filter(categories::id.eq_any(ids)).select(categories::id).load(conn)
}

/// A collection's books: its hand-picked ones (in their order), then the books of its categories
/// (newest first); `$1` is the collection.
const COLLECTION_MEMBERS: &str = "SELECT book_id, min(pos) AS pos FROM ( \
     SELECT cb.book_id, cb.position AS pos FROM collection_books cb WHERE cb.collection_id = $1 \
     UNION ALL SELECT bc.book_id, 2147483647 FROM collections c JOIN book_categories bc ON bc.category_id = ANY (c.categories) WHERE c.id = $1 \
     ) picked GROUP BY book_id";

pub fn collections_with_counts(conn: &mut PgConnection, limit: i64) -> QueryResult<Vec<(CollectionRow, i64)>> {
    let rows = collections::table.order((collections::sort_order, collections::title)).select(CollectionRow::as_select()).load(conn)?;
    let mut counted = Vec::with_capacity(rows.len());
    for row in rows {
        let count = collection_book_count(conn, row.id, limit)?;
        counted.push((row, count));
    }
    Ok(counted)
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    count: i64,
}

/// How many live books the collection shows (at most `limit`, the catalogue's).
pub fn collection_book_count(conn: &mut PgConnection, collection_id: i64, limit: i64) -> QueryResult<i64> {
    let found: Count = diesel::sql_query(format!("SELECT least(count(*), $2) AS count FROM ({COLLECTION_MEMBERS}) m JOIN books b ON b.id = m.book_id"))
        .bind::<BigInt, _>(collection_id)
        .bind::<BigInt, _>(limit)
        .get_result(conn)?;
    Ok(found.count)
}

pub fn find_collection(conn: &mut PgConnection, slug: &str) -> QueryResult<Option<CollectionRow>> {
    collections::table.filter(collections::slug.eq(slug)).select(CollectionRow::as_select()).first(conn).optional()
}

/// A collection's books: the curated ones in their order, then those of its categories.
pub fn collection_books(conn: &mut PgConnection, collection_id: i64, limit: i64) -> QueryResult<Vec<BookCardRow>> {
    diesel::sql_query(format!("{CARD_SELECT} JOIN ({COLLECTION_MEMBERS}) m ON m.book_id = b.id ORDER BY m.pos, b.upload_date DESC, b.id DESC LIMIT $2"))
        .bind::<BigInt, _>(collection_id)
        .bind::<BigInt, _>(limit.max(0))
        .load(conn)
}

pub fn authors_with_counts(conn: &mut PgConnection) -> QueryResult<Vec<(AuthorRow, i64)>> {
    let rows = authors::table.order(authors::name).select(AuthorRow::as_select()).load(conn)?;
    let counts: Vec<(Option<i64>, i64)> =
        books::table.filter(books::author_id.is_not_null()).group_by(books::author_id).select((books::author_id, diesel::dsl::count_star())).load(conn)?;
    Ok(with_counts(rows, counts, |row| Some(row.id)))
}

pub fn find_author(conn: &mut PgConnection, slug: &str) -> QueryResult<Option<(AuthorRow, i64)>> {
    let Some(author) = authors::table.filter(authors::slug.eq(slug)).select(AuthorRow::as_select()).first(conn).optional()? else {
        return Ok(None);
    };
    let count = books::table.filter(books::author_id.eq(author.id)).count().get_result(conn)?;
    Ok(Some((author, count)))
}

pub fn author_books(conn: &mut PgConnection, author_id: i64) -> QueryResult<Vec<BookCardRow>> {
    diesel::sql_query(format!("{CARD_SELECT} WHERE b.author_id = $1 ORDER BY b.upload_date DESC, b.id DESC")).bind::<BigInt, _>(author_id).load(conn)
}

/// Every book with visual slides, once each, newest first.
pub fn visual_books(conn: &mut PgConnection) -> QueryResult<Vec<VisualBookRow>> {
    diesel::sql_query(
        "SELECT b.id, b.subid, b.title, b.author, b.image, count(v.id) AS slides FROM books b JOIN visuals v ON v.book_id = b.id \
         GROUP BY b.id, b.subid, b.title, b.author, b.image, b.upload_date ORDER BY b.upload_date DESC, b.id DESC",
    )
    .load(conn)
}

pub fn visuals_of(conn: &mut PgConnection, book_id: i64) -> QueryResult<Vec<VisualRow>> {
    visuals::table.filter(visuals::book_id.eq(book_id)).order(visuals::position).select(VisualRow::as_select()).load(conn)
}

/// A book with an infographic: id, subid, title, author, cover key, infographic key.
pub type InfographicRow = (i64, String, String, String, String, String);

/// Books with an infographic, newest first.
pub fn infographic_books(conn: &mut PgConnection) -> QueryResult<Vec<InfographicRow>> {
    books::table
        .filter(books::infographic.is_not_null())
        .order((books::upload_date.desc(), books::id.desc()))
        .select((books::id, books::subid, books::title, books::author, books::image, books::infographic.assume_not_null()))
        .load(conn)
}

/// Blog posts newest first, optionally of one category.
/// Only published posts whose publish date has come (drafts and scheduled posts are the back
/// office's alone).
pub fn blog_posts(conn: &mut PgConnection, category: Option<&str>, limit: i64) -> QueryResult<Vec<BlogPostRow>> {
    let mut query = blog_posts::table
        .select(BlogPostRow::as_select())
        .filter(blog_posts::draft.eq(false).and(blog_posts::published_at.le(diesel::dsl::now)))
        .order((blog_posts::published_at.desc(), blog_posts::id.desc()))
        .limit(limit)
        .into_boxed();
    if let Some(category) = category {
        query = query.filter(blog_posts::category.eq(category.to_owned()));
    }
    query.load(conn)
}

pub fn find_blog_post(conn: &mut PgConnection, id_or_slug: &str) -> QueryResult<Option<BlogPostRow>> {
    let query = blog_posts::table.select(BlogPostRow::as_select()).filter(blog_posts::draft.eq(false).and(blog_posts::published_at.le(diesel::dsl::now)));
    match id_or_slug.parse::<i64>() {
        Ok(id) => query.filter(blog_posts::id.eq(id)).first(conn).optional(),
        Err(_) => query.filter(blog_posts::slug.eq(id_or_slug)).first(conn).optional(),
    }
}

/// "Pick up where you left off": the cards of books the member started and has not finished, most
/// recently read first (a catalogue list over the member's reading rows).
pub fn recent_books(conn: &mut PgConnection, user_id: i64, limit: i64) -> QueryResult<Vec<BookCardRow>> {
    diesel::sql_query(format!(
        "{CARD_SELECT} JOIN reading_history h ON h.book_id = b.id AND h.user_id = $1 AND NOT h.completed \
         ORDER BY h.updated_at DESC, b.id DESC LIMIT $2"
    ))
    .bind::<BigInt, _>(user_id)
    .bind::<BigInt, _>(limit.clamp(0, 100))
    .load(conn)
}
