//! What the catalogue needs from outside: one store. An adapter is made per use case over one
//! database connection, so a call checks out one connection however many reads it makes. Every
//! method is atomic on its own; where a rule must hold under concurrency (the last unlock), one
//! method does the locked read-decide-write and takes the decision as an argument.

use crate::entitlement::FreeMember;
use crate::html::memo::DigestedText;
use crate::listing::ListQuery;
use crate::model::*;
use crate::search::SearchQuery;
use chrono::NaiveDate;
use identity::User;
use kernel::{OutgoingMail, Session, Timestamp, UserId};
pub use kernel::{PortError, PortResult};

/// Signed-in members as the catalogue sees them.
pub trait Members {
    /// The member behind a token, unless the account was erased or the session ended meanwhile.
    fn live_member(&self, session: Session) -> PortResult<Option<User>>;
}

/// Books and what groups them.
pub trait Books {
    /// The whole book with its categories, `member`'s position, completion, library and rating
    /// (zero for visitors) and what decides `month`'s preview, in one read.
    fn book_with_state(&self, key: &BookKey, member: Option<UserId>, month: NaiveDate) -> PortResult<Option<BookWithState>>;
    /// `book_with_state` for a signed-in caller, read together with the session's member (None
    /// when the session has ended or the account is erased): the reader's call is one round
    /// trip. None when there is no such book (the session unread).
    fn book_for_session(&self, key: &BookKey, session: Session, month: NaiveDate) -> PortResult<Option<(Option<User>, BookWithState)>>;
    /// The whole book (no member state).
    fn book(&self, key: &BookKey) -> PortResult<Option<Book>>;
    /// A book's body as it is now, with its digest (what `book_with_state` names it by).
    fn book_text(&self, book_id: i64) -> PortResult<Option<DigestedText>>;
    fn book_id(&self, key: &BookKey) -> PortResult<Option<i64>>;
    /// The categories of each of these books, as (book id, category).
    fn categories_of(&self, book_ids: &[i64]) -> PortResult<Vec<(i64, CategoryRef)>>;

    fn newest_books(&self, limit: i64) -> PortResult<Vec<Card>>;
    /// Most reads in the last 30 days first.
    fn popular_books(&self, limit: i64) -> PortResult<Vec<Card>>;
    /// Books in any of these categories, most popular first, without those `reader` has finished
    /// (a recommendation is for something still to read).
    fn books_in_categories(&self, category_ids: &[i64], reader: Option<UserId>, limit: i64) -> PortResult<Vec<Card>>;
    /// Books `member` has started and not finished, most recently read first ("Pick up where you
    /// left off": a finished book has nothing left to pick up).
    fn recent_books(&self, member: UserId, limit: i64) -> PortResult<Vec<Card>>;
    /// Newest first, from the `start`-th book.
    fn books_from(&self, start: i64, limit: i64) -> PortResult<Vec<Card>>;
    fn list_books(&self, query: &ListQuery) -> PortResult<Page<Card>>;
    /// Best match first.
    fn search_books(&self, query: &SearchQuery, offset: i64, limit: i64) -> PortResult<Page<Card>>;

    /// In display order, with book counts.
    fn categories(&self) -> PortResult<Vec<Category>>;
    /// Which of these category ids exist.
    fn existing_category_ids(&self, ids: &[i64]) -> PortResult<Vec<i64>>;
    /// Every collection, each counting at most `limit` of its books.
    fn collections(&self, limit: i64) -> PortResult<Vec<Collection>>;
    fn collection(&self, slug: &str) -> PortResult<Option<Collection>>;
    /// A collection's books: its curated ones in their order, then its categories' newest first;
    /// at most `limit`.
    fn collection_books(&self, collection_id: i64, limit: i64) -> PortResult<Vec<Card>>;
    /// A to Z, with book counts.
    fn authors(&self) -> PortResult<Vec<Author>>;
    fn author(&self, slug: &str) -> PortResult<Option<Author>>;
    fn author_books(&self, author_id: i64) -> PortResult<Vec<Card>>;
    /// Newest first, at most `limit`.
    fn blog_posts(&self, category: Option<&str>, limit: i64) -> PortResult<Vec<BlogPost>>;
    /// By numeric id or slug.
    fn blog_post(&self, id_or_slug: &str) -> PortResult<Option<BlogPost>>;
    fn visual_books(&self) -> PortResult<Vec<VisualBook>>;
    /// In slide order.
    fn slides_of(&self, book_id: i64) -> PortResult<Vec<Slide>>;
    fn infographic_books(&self) -> PortResult<Vec<InfographicBook>>;
}

/// The back office's side of the catalogue's rows, in the caller's transaction.
pub trait OperatorCatalogue {
    /// How many live books the collection shows (at most `limit`), as members see it.
    fn collection_book_count(&self, collection_id: i64, limit: i64) -> PortResult<i64>;
    /// Makes `book_id` the free preview of the month starting `month` (its first day).
    fn set_monthly_preview(&self, month: NaiveDate, book_id: i64) -> PortResult<()>;
}

/// Free members' unlocks and their picks.
pub trait Unlocks {
    /// How many books `member` has unlocked, whether `book_id` (when given) is among them, and
    /// whether the member earned the invite bonus.
    fn free_member(&self, member: UserId, book_id: Option<i64>) -> PortResult<FreeMember>;
    /// The same facts read with the member locked; `spend` (the entitlement rule) says which
    /// unlock, if any, opening the book now takes, and it is recorded before the lock is released,
    /// so two tabs cannot both take the last unlock. Returns the facts `spend` was given.
    fn open_with_unlock(&self, member: UserId, book_id: i64, at: Timestamp, spend: &dyn Fn(FreeMember) -> Option<u32>) -> PortResult<FreeMember>;
    /// Replaces the member's category picks.
    fn set_recommends(&self, member: UserId, category_ids: &[i64]) -> PortResult<()>;
}

/// Books bought on their own (single-book purchases, recorded by billing).
pub trait Purchases {
    /// Whether `member` holds a paid purchase of this book.
    fn bought_book(&self, member: UserId, book_id: i64) -> PortResult<bool>;
    /// The book a paid single-book charge bought (none for other or unpaid charges).
    fn book_of_paid_charge(&self, charge_id: &str) -> PortResult<Option<i64>>;
}

/// Members' Kindle addresses and their sends.
pub trait KindleDeliveries {
    fn kindle_address(&self, member: UserId) -> PortResult<Option<String>>;
    fn set_kindle_address(&self, member: UserId, address: &str, at: Timestamp) -> PortResult<()>;
    /// With the member locked: counts their sends since `since`; when `allow(count)` says so,
    /// records this send and queues `mail` in the same transaction (so two tabs cannot both take
    /// the last send). Returns the count before this send and whether it was sent.
    fn send_to_kindle(
        &self,
        member: UserId,
        book_id: i64,
        mail: &OutgoingMail,
        at: Timestamp,
        since: Timestamp,
        allow: &dyn Fn(u32) -> bool,
    ) -> PortResult<(u32, bool)>;
}

/// Cover images by media key (the media store; not the database).
pub trait CoverImages {
    /// The bytes of the image at `key`, none when there is no such file.
    fn cover(&self, key: &str) -> PortResult<Option<Vec<u8>>>;
}

/// What the back office publishes besides books: podcasts, insights and goals.
pub trait Extras {
    /// Newest first.
    fn podcasts(&self) -> PortResult<Vec<Podcast>>;
    fn podcast(&self, id: i64) -> PortResult<Option<Podcast>>;
    /// Newest first, of live books (of one book when given), at most `limit`.
    fn insights(&self, book: Option<i64>, limit: i64) -> PortResult<Vec<Insight>>;
    /// In the order they were added.
    fn goals(&self) -> PortResult<Vec<Goal>>;
}

/// Everything the catalogue reads and writes, implemented by one adapter.
pub trait CatalogueStore: Members + Books + Unlocks + Purchases + KindleDeliveries + Extras {}

impl<T: Members + Books + Unlocks + Purchases + KindleDeliveries + Extras> CatalogueStore for T {}
