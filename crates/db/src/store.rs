//! `PgStore`: the catalogue's, reading progress's and the back office's ports over one database
//! connection, made for one use case so that the whole call checks out a single pooled connection. It holds rows,
//! queries, transactions and locks; every rule it applies is handed to it by the domain.

use crate::catalogue::{self as tables, AuthorRow, BlogPostRow, BookCardRow, CategoryRow, CollectionRow, VisualRow};
use crate::reading::{history, library, ratings, report};
use crate::schema::{book_unlocks, users};
use catalogue::html::memo::DigestedText;
use catalogue::model::*;
use catalogue::ports::{Books, Members, Unlocks};
use catalogue::FreeMember;
use chrono::NaiveDate;
use diesel::prelude::*;
use identity::User;
use kernel::{PortError, PortResult, Session, Timestamp, UserId};
use reading_progress::{HistoryEntry, ProgressFacts, ProgressStore, Rating, SavePlan};
use std::cell::RefCell;

pub struct PgStore<'c> {
    conn: RefCell<&'c mut PgConnection>,
}

impl<'c> PgStore<'c> {
    pub fn new(conn: &'c mut PgConnection) -> Self {
        PgStore { conn: RefCell::new(conn) }
    }

    /// Runs one query (or one transaction) on the connection.
    pub(crate) fn run<T>(&self, work: impl FnOnce(&mut PgConnection) -> QueryResult<T>) -> PortResult<T> {
        let mut conn = self.conn.borrow_mut();
        work(&mut conn).map_err(|e| PortError::Failed(e.to_string()))
    }

    /// Runs a domain's `work` (which calls this store's ports) in one transaction: committed when
    /// it succeeds, rolled back when it fails.
    pub(crate) fn atomically<E: From<PortError>>(&self, work: &mut dyn FnMut() -> Result<(), E>) -> Result<(), E> {
        use diesel::connection::{AnsiTransactionManager, TransactionManager};
        self.run(AnsiTransactionManager::begin_transaction)?;
        match work() {
            Ok(()) => {
                if let Err(error) = self.run(AnsiTransactionManager::commit_transaction) {
                    let _ = self.run(AnsiTransactionManager::rollback_transaction);
                    return Err(error.into());
                }
                Ok(())
            }
            Err(error) => {
                let _ = self.run(AnsiTransactionManager::rollback_transaction);
                Err(error)
            }
        }
    }
}

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

fn cards(rows: Vec<BookCardRow>) -> Vec<Card> {
    rows.into_iter().map(Card::from).collect()
}

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

impl Members for PgStore<'_> {
    fn live_member(&self, session: Session) -> PortResult<Option<User>> {
        self.run(|conn| crate::find_session_user(conn, session))
    }
}

impl Books for PgStore<'_> {
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
        self.run(|conn| history::recent_books(conn, member.0, limit)).map(cards)
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

    fn collections(&self) -> PortResult<Vec<Collection>> {
        Ok(self.run(tables::collections_with_counts)?.into_iter().map(collection).collect())
    }

    fn collection(&self, slug: &str) -> PortResult<Option<Collection>> {
        Ok(self.run(|conn| tables::find_collection(conn, slug))?.map(|row| collection((row, 0))))
    }

    fn collection_books(&self, collection_id: i64) -> PortResult<Vec<Card>> {
        self.run(|conn| tables::collection_books(conn, collection_id)).map(cards)
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

impl Unlocks for PgStore<'_> {
    fn free_member(&self, member: UserId, book_id: Option<i64>) -> PortResult<FreeMember> {
        self.run(|conn| free_member(conn, member.0, book_id, false))
    }

    fn open_with_unlock(&self, member: UserId, book_id: i64, at: Timestamp, spend: &dyn Fn(FreeMember) -> Option<u32>) -> PortResult<FreeMember> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let facts = free_member(conn, member.0, Some(book_id), true)?;
                if let Some(ordinal) = spend(facts) {
                    diesel::insert_into(book_unlocks::table)
                        .values((
                            book_unlocks::user_id.eq(member.0),
                            book_unlocks::book_id.eq(book_id),
                            book_unlocks::ordinal.eq(ordinal as i32),
                            book_unlocks::unlocked_at.eq(at),
                        ))
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

impl ProgressStore for PgStore<'_> {
    fn save_position(
        &self,
        member: UserId,
        book_id: i64,
        today: NaiveDate,
        at: Timestamp,
        plan: &dyn Fn(Option<HistoryEntry>) -> SavePlan,
    ) -> PortResult<SavePlan> {
        self.run(|conn| history::save_position(conn, member.0, book_id, today, at, plan))
    }

    fn record_video_start(&self, member: UserId, book_id: i64, at: Timestamp) -> PortResult<()> {
        self.run(|conn| history::record_video_start(conn, member.0, book_id, at))
    }

    fn add_to_library(&self, member: UserId, book_id: i64, at: Timestamp) -> PortResult<()> {
        self.run(|conn| library::add(conn, member.0, book_id, at)).map(drop)
    }

    fn remove_from_library(&self, member: UserId, book_id: i64) -> PortResult<()> {
        self.run(|conn| library::remove(conn, member.0, book_id)).map(drop)
    }

    fn library_page(&self, member: UserId, offset: i64, limit: i64) -> PortResult<Page<Card>> {
        let (rows, total) = self.run(|conn| library::page(conn, member.0, offset, limit))?;
        Ok(Page { items: cards(rows), total })
    }

    fn rate(&self, member: UserId, book_id: i64, rating: &Rating, at: Timestamp) -> PortResult<()> {
        self.run(|conn| ratings::rate(conn, member.0, book_id, i16::from(rating.stars()), rating.feedback(), at))
    }

    fn progress_facts(&self, member: UserId) -> PortResult<ProgressFacts> {
        self.run(|conn| report::progress_facts(conn, member.0))
    }
}

impl admin::ports::MemberDirectory for PgStore<'_> {
    fn members_from(&self, start: i64, limit: i64) -> PortResult<Vec<admin::MemberSummary>> {
        Ok(self.run(|conn| crate::admin_users::list_users(conn, start, limit))?.into_iter().map(Into::into).collect())
    }

    fn count_members(&self, search: Option<&str>) -> PortResult<i64> {
        self.run(|conn| crate::admin_users::count_users(conn, search))
    }

    fn search_members(&self, text: &str, start: i64, limit: i64) -> PortResult<Vec<admin::MemberSummary>> {
        Ok(self.run(|conn| crate::admin_users::search_users(conn, text, start, limit))?.into_iter().map(Into::into).collect())
    }

    fn member(&self, id: UserId) -> PortResult<Option<admin::MemberSummary>> {
        Ok(self.run(|conn| crate::admin_users::find_user(conn, id.0))?.map(Into::into))
    }

    fn member_with_email(&self, email: &str) -> PortResult<Option<UserId>> {
        Ok(self.run(|conn| crate::admin_users::user_with_email(conn, email))?.map(UserId))
    }

    fn plan_exists(&self, plan_id: &str) -> PortResult<bool> {
        self.run(|conn| crate::admin_users::plan_exists(conn, plan_id))
    }

    fn member_grants(&self, id: UserId) -> PortResult<Vec<billing::access::AccessGrant>> {
        self.run(|conn| crate::billing::grants::grants_of(conn, id))
    }

    fn save_member(
        &self,
        member: &admin::MemberSummary,
        operator_grant: Option<&admin::ports::OperatorGrant>,
        entry: &admin::audit::AuditEntry,
    ) -> PortResult<()> {
        self.run(|conn| crate::admin_users::save_user(conn, member, operator_grant, entry))
    }
}

impl admin::ports::AuditTrail for PgStore<'_> {
    fn append_audit(&self, entry: &admin::audit::AuditEntry) -> PortResult<()> {
        self.run(|conn| crate::admin_users::append_audit(conn, entry))
    }

    fn audit_entries(&self, filter: &admin::audit::AuditFilter, limit: i64) -> PortResult<Vec<admin::audit::AuditRecord>> {
        self.run(|conn| crate::admin_users::audit_entries(conn, filter, limit))
    }
}

impl admin::ports::EventLog for PgStore<'_> {
    fn record(&self, event: &admin::AnalyticsEvent, member: Option<UserId>, at: Timestamp) -> PortResult<()> {
        self.run(|conn| crate::analytics::record_event(conn, event.name(), event.properties(), member, at))
    }
}

impl admin::ports::RateLimits for PgStore<'_> {
    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32> {
        self.run(|conn| crate::throttle::record_and_count(conn, key, at, since))
    }
}
