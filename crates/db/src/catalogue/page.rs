//! The reader's call: the book (its body named by digest, not read), its author's slug, its
//! categories, whether it has visuals, the member's own position, completion, library and rating,
//! what decides the month's preview and the session's member, in one statement (four fewer round trips than asking for them apart),
//! written with the query builder so that Diesel keeps it as a prepared statement per connection
//! (raw `sql_query` text is planned on every call, and planning this join cost 1.3 ms against
//! 0.2 ms to run it; see docs/catalogue.md "Measured").

use super::read::BookRow;
use crate::schema::{authors, book_ratings, books, library_items, monthly_previews, reading_history, refresh_tokens, users, visuals};
use crate::shared::members::UserRow;
use catalogue::html::memo::DigestedText;
use catalogue::model::{Book, BookKey, BookWithState, CategoryRef, PreviewCandidates, ReaderState};
use chrono::NaiveDate;
use diesel::dsl::exists;
use diesel::expression::{is_aggregate, AppearsOnTable, Expression, SelectableExpression, ValidGrouping};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use identity::User;
use kernel::Session;

type PageColumns = (BookRow, Option<String>, bool, Option<i32>, Option<bool>, bool, bool, Option<i64>, Option<i64>, serde_json::Value, Option<UserRow>);

/// The book's categories in display order as JSON, `[[id, subid, name], ...]`: a subselect of the
/// book's statement, so the reader's call needs no round trip of its own for them. Constant SQL in
/// a type of its own rather than `sql()`: Diesel never keeps a statement holding an `sql()`
/// literal prepared, and this one stays prepared like the rest of the query.
#[derive(Debug, Clone, Copy, QueryId)]
struct CategoriesOfBook;

impl Expression for CategoriesOfBook {
    type SqlType = diesel::sql_types::Jsonb;
}

impl QueryFragment<Pg> for CategoriesOfBook {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql(
            "(SELECT coalesce(jsonb_agg(jsonb_build_array(c.id, c.subid, c.name) ORDER BY c.sort_order, c.name), '[]'::jsonb) \
             FROM book_categories bc JOIN categories c ON c.id = bc.category_id WHERE bc.book_id = \"books\".\"id\")",
        );
        Ok(())
    }
}

impl<QS> AppearsOnTable<QS> for CategoriesOfBook {}
impl<QS> SelectableExpression<QS> for CategoriesOfBook {}
impl ValidGrouping<()> for CategoriesOfBook {
    type IsAggregate = is_aggregate::Never;
}

fn category_refs(json: serde_json::Value) -> QueryResult<Vec<CategoryRef>> {
    let rows: Vec<(i64, String, String)> = serde_json::from_value(json).map_err(|error| diesel::result::Error::DeserializationError(Box::new(error)))?;
    Ok(rows.into_iter().map(|(id, subid, name)| CategoryRef { id, subid, name }).collect())
}

diesel::alias!(books as free_books: FreeBooks);

/// One book as `member` (if any) sees it, with `month`'s preview candidates (none chosen when
/// `month` is `None`).
pub fn book_with_state(conn: &mut PgConnection, key: &BookKey, member: Option<i64>, month: Option<NaiveDate>) -> QueryResult<Option<BookWithState>> {
    Ok(book_page(conn, key, member, None, month)?.map(|(_, found)| found))
}

/// One book as the member of `session` sees it, with that member if the session is live and the
/// account not erased (the check of `find_session_user`, in the same statement).
pub fn book_for_session(conn: &mut PgConnection, key: &BookKey, session: Session, month: NaiveDate) -> QueryResult<Option<(Option<User>, BookWithState)>> {
    book_page(conn, key, Some(session.user.0), Some(&session.id.to_hex()), Some(month))
}

fn book_page(
    conn: &mut PgConnection,
    key: &BookKey,
    member: Option<i64>,
    session_family: Option<&str>,
    month: Option<NaiveDate>,
) -> QueryResult<Option<(Option<User>, BookWithState)>> {
    // Visitors match no member rows (ids start at 1), and no session has an empty family.
    let user_id = member.unwrap_or(0);
    let live_session = refresh_tokens::table
        .filter(refresh_tokens::family.eq(session_family.unwrap_or_default()))
        .filter(refresh_tokens::user_id.eq(user_id))
        .filter(refresh_tokens::revoked_at.is_null());
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
        .left_join(users::table.on(users::id.eq(user_id).and(users::deleted_at.is_null()).and(exists(live_session))))
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
            CategoriesOfBook,
            Option::<UserRow>::as_select(),
        ));
    let row: Option<PageColumns> = match key {
        BookKey::Id(id) => query.filter(books::id.eq(id)).first(conn).optional()?,
        BookKey::Subid(subid) => query.filter(books::subid.eq(subid)).first(conn).optional()?,
    };
    row.map(|(mut row, author_slug, has_visuals, position, completed, in_library, rated, chosen, newest_free, categories, user)| {
        let body_digest = std::mem::take(&mut row.body_digest);
        let found = BookWithState {
            book: row.into_book(author_slug.unwrap_or_default(), has_visuals),
            body_digest,
            member: ReaderState { position: position.unwrap_or(0), completed: completed.unwrap_or(false), in_library, rated },
            preview: PreviewCandidates { chosen, newest_free },
            categories: category_refs(categories)?,
        };
        Ok((user.map(UserRow::into_user).transpose()?, found))
    })
    .transpose()
}

/// A book's body as it is now, with its digest (what the page names it by).
pub fn book_text(conn: &mut PgConnection, book_id: i64) -> QueryResult<Option<DigestedText>> {
    let found: Option<(String, String)> = books::table.find(book_id).select((books::body, books::body_digest)).first(conn).optional()?;
    Ok(found.map(|(text, digest)| DigestedText { text, digest }))
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
            // Named by `body_digest`; `book_text` reads it.
            body: String::new(),
            quotes: self.quotes,
            goals: self.goals,
            tags: self.tags,
            media_url: self.media_url,
            audio_seconds: self.audio_seconds,
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
