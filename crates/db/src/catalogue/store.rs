//! The catalogue's ports (`Members`, `Books`, `Unlocks`, `OperatorCatalogue`) over the catalogue's tables.

use super::PgCatalogueStore;
use super::{self as tables, AuthorRow, BlogPostRow, CategoryRow, CollectionRow, VisualRow};
use crate::schema::{book_unlocks, users};
use crate::shared::book_cards::cards;
use catalogue::html::memo::DigestedText;
use catalogue::model::*;
use catalogue::ports::{Books, Members, OperatorCatalogue, Unlocks};
use catalogue::FreeMember;
use chrono::NaiveDate;
use diesel::prelude::*;
use identity::User;
use kernel::{PortResult, Session, Timestamp, UserId};

fn key_text(key: &BookKey) -> String {
    match key {
        BookKey::Id(id) => id.to_string(),
        BookKey::Subid(subid) => subid.clone(),
    }
}

fn category((row, book_count): (CategoryRow, i64)) -> Category {
    Category { id: row.id, subid: row.subid, name: row.name, description: row.description, small_image: row.small_image, book_count }
}

fn collection((row, book_count): (CollectionRow, i64)) -> Collection {
    Collection { id: row.id, slug: row.slug, title: row.title, description: row.description, image: row.image, book_count }
}

fn author((row, book_count): (AuthorRow, i64)) -> Author {
    Author { id: row.id, slug: row.slug, name: row.name, bio: row.bio, photo: row.photo, book_count }
}

fn post(row: BlogPostRow) -> BlogPost {
    BlogPost {
        id: row.id,
        slug: row.slug,
        title: row.title,
        excerpt: row.excerpt,
        body: row.body,
        image: row.image,
        category: row.category,
        published_at: row.published_at,
    }
}

fn slide(row: VisualRow) -> Slide {
    Slide { id: row.id, position: row.position, image: row.image, title: row.title, body: row.body }
}

impl Members for PgCatalogueStore<'_> {
    fn live_member(&self, session: Session) -> PortResult<Option<User>> {
        self.run(|conn| crate::find_session_user(conn, session))
    }
}

impl Books for PgCatalogueStore<'_> {
    fn book_with_state(&self, key: &BookKey, member: Option<UserId>, month: NaiveDate) -> PortResult<Option<BookWithState>> {
        self.run(|conn| tables::page::book_with_state(conn, key, member.map(|m| m.0), Some(month)))
    }

    fn book_for_session(&self, key: &BookKey, session: Session, month: NaiveDate) -> PortResult<Option<(Option<User>, BookWithState)>> {
        self.run(|conn| tables::page::book_for_session(conn, key, session, month))
    }

    fn book(&self, key: &BookKey) -> PortResult<Option<Book>> {
        self.run(|conn| {
            let Some(found) = tables::page::book_with_state(conn, key, None, None)? else { return Ok(None) };
            let text = tables::page::book_text(conn, found.book.id)?;
            Ok(text.map(|text| Book { body: text.text, ..found.book }))
        })
    }

    fn book_text(&self, book_id: i64) -> PortResult<Option<DigestedText>> {
        self.run(|conn| tables::page::book_text(conn, book_id))
    }

    fn book_id(&self, key: &BookKey) -> PortResult<Option<i64>> {
        self.run(|conn| tables::find_book_id(conn, &key_text(key)))
    }

    fn categories_of(&self, book_ids: &[i64]) -> PortResult<Vec<(i64, CategoryRef)>> {
        let rows = self.run(|conn| tables::categories_of(conn, book_ids))?;
        Ok(rows.into_iter().map(|row| (row.book_id, CategoryRef { id: row.id, subid: row.subid, name: row.name })).collect())
    }

    fn newest_books(&self, limit: i64) -> PortResult<Vec<Card>> {
        self.run(|conn| tables::newest_books(conn, limit)).map(cards)
    }

    fn popular_books(&self, limit: i64) -> PortResult<Vec<Card>> {
        self.run(|conn| tables::popular_books(conn, limit)).map(cards)
    }

    fn books_in_categories(&self, category_ids: &[i64], reader: Option<UserId>, limit: i64) -> PortResult<Vec<Card>> {
        self.run(|conn| tables::books_in_categories(conn, category_ids, reader.map(|r| r.0), limit)).map(cards)
    }

    fn recent_books(&self, member: UserId, limit: i64) -> PortResult<Vec<Card>> {
        self.run(|conn| tables::recent_books(conn, member.0, limit)).map(cards)
    }

    fn books_from(&self, start: i64, limit: i64) -> PortResult<Vec<Card>> {
        self.run(|conn| tables::books_from(conn, start, limit)).map(cards)
    }

    fn list_books(&self, query: &catalogue::listing::ListQuery) -> PortResult<Page<Card>> {
        let (rows, total) = self.run(|conn| tables::listing::list_books(conn, query))?;
        Ok(Page { items: cards(rows), total })
    }

    fn search_books(&self, query: &catalogue::search::SearchQuery, offset: i64, limit: i64) -> PortResult<Page<Card>> {
        let (rows, total) = self.run(|conn| tables::listing::search_books(conn, query, offset, limit))?;
        Ok(Page { items: cards(rows), total })
    }

    fn categories(&self) -> PortResult<Vec<Category>> {
        Ok(self.run(tables::categories_with_counts)?.into_iter().map(category).collect())
    }

    fn existing_category_ids(&self, ids: &[i64]) -> PortResult<Vec<i64>> {
        self.run(|conn| tables::existing_category_ids(conn, ids))
    }

    fn collections(&self, limit: i64) -> PortResult<Vec<Collection>> {
        Ok(self.run(|conn| tables::collections_with_counts(conn, limit))?.into_iter().map(collection).collect())
    }

    fn collection(&self, slug: &str) -> PortResult<Option<Collection>> {
        Ok(self.run(|conn| tables::find_collection(conn, slug))?.map(|row| collection((row, 0))))
    }

    fn collection_books(&self, collection_id: i64, limit: i64) -> PortResult<Vec<Card>> {
        self.run(|conn| tables::collection_books(conn, collection_id, limit)).map(cards)
    }

    fn authors(&self) -> PortResult<Vec<Author>> {
        Ok(self.run(tables::authors_with_counts)?.into_iter().map(author).collect())
    }

    fn author(&self, slug: &str) -> PortResult<Option<Author>> {
        Ok(self.run(|conn| tables::find_author(conn, slug))?.map(author))
    }

    fn author_books(&self, author_id: i64) -> PortResult<Vec<Card>> {
        self.run(|conn| tables::author_books(conn, author_id)).map(cards)
    }

    fn blog_posts(&self, category: Option<&str>, limit: i64) -> PortResult<Vec<BlogPost>> {
        Ok(self.run(|conn| tables::blog_posts(conn, category, limit))?.into_iter().map(post).collect())
    }

    fn blog_post(&self, id_or_slug: &str) -> PortResult<Option<BlogPost>> {
        Ok(self.run(|conn| tables::find_blog_post(conn, id_or_slug))?.map(post))
    }

    fn visual_books(&self) -> PortResult<Vec<VisualBook>> {
        let rows = self.run(tables::visual_books)?;
        Ok(rows
            .into_iter()
            .map(|row| VisualBook {
                book: BookRef { id: row.id, subid: row.subid, title: row.title, author: row.author, image: row.image },
                slides: row.slides,
            })
            .collect())
    }

    fn slides_of(&self, book_id: i64) -> PortResult<Vec<Slide>> {
        Ok(self.run(|conn| tables::visuals_of(conn, book_id))?.into_iter().map(slide).collect())
    }

    fn infographic_books(&self) -> PortResult<Vec<InfographicBook>> {
        let rows = self.run(tables::infographic_books)?;
        Ok(rows
            .into_iter()
            .map(|(id, subid, title, author, image, key)| InfographicBook { book: BookRef { id, subid, title, author, image }, image: key })
            .collect())
    }
}

/// The member's unlock facts; `lock` holds the member's row until the transaction ends.
fn free_member(conn: &mut PgConnection, member: i64, book_id: Option<i64>, lock: bool) -> QueryResult<FreeMember> {
    let invited = users::table.find(member).select(users::friend_email.is_not_null());
    let invited_a_friend: bool = if lock { invited.for_update().first(conn)? } else { invited.first(conn)? };
    let used: i64 = book_unlocks::table.filter(book_unlocks::user_id.eq(member)).count().get_result(conn)?;
    let this_book: Option<i32> = match book_id {
        Some(book_id) => book_unlocks::table
            .filter(book_unlocks::user_id.eq(member).and(book_unlocks::book_id.eq(book_id)))
            .select(book_unlocks::ordinal)
            .first(conn)
            .optional()?,
        None => None,
    };
    Ok(FreeMember { invited_a_friend, unlocks_used: used as u32, this_book_unlock: this_book.map(|n| n as u32) })
}

impl Unlocks for PgCatalogueStore<'_> {
    fn free_member(&self, member: UserId, book_id: Option<i64>) -> PortResult<FreeMember> {
        self.run(|conn| free_member(conn, member.0, book_id, false))
    }

    fn open_with_unlock(&self, member: UserId, book_id: i64, at: Timestamp, spend: &dyn Fn(FreeMember) -> Option<u32>) -> PortResult<FreeMember> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let facts = free_member(conn, member.0, Some(book_id), true)?;
                if let Some(ordinal) = spend(facts) {
                    diesel::insert_into(book_unlocks::table)
                        .values(NewUnlockRow { user_id: member.0, book_id, ordinal: ordinal as i32, unlocked_at: at })
                        .execute(conn)?;
                }
                Ok(facts)
            })
        })
    }

    fn set_recommends(&self, member: UserId, category_ids: &[i64]) -> PortResult<()> {
        self.run(|conn| tables::write::set_recommends(conn, member.0, category_ids)).map(drop)
    }
}

impl OperatorCatalogue for PgCatalogueStore<'_> {
    fn collection_book_count(&self, collection_id: i64, limit: i64) -> PortResult<i64> {
        self.run(|conn| tables::collection_book_count(conn, collection_id, limit))
    }

    fn set_monthly_preview(&self, month: NaiveDate, book_id: i64) -> PortResult<()> {
        self.run(|conn| super::write::set_monthly_preview(conn, month, book_id).map(drop))
    }
}

/// A free member's unlock of a book: the `ordinal`-th of their allowance.
#[derive(Insertable)]
#[diesel(table_name = book_unlocks)]
struct NewUnlockRow {
    user_id: i64,
    book_id: i64,
    ordinal: i32,
    unlocked_at: Timestamp,
}
