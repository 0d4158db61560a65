//! The catalogue's use cases, one per call: who is calling, home, the map of books, opening a
//! book, categories and picks, the paged list, collections, authors, blog, search, visuals and
//! infographics. A `Catalogue` lives for one call: it is made over a store (one database
//! connection in production, an in-memory fake in tests) at the call's instant.

use crate::delivery::may_download_pdf;
use crate::entitlement::{decide, peek, Access, Audience, BookAccessFacts, FreeMember};
use crate::error::CatalogueError;
use crate::html::memo::{Part, ReadableText, Reading, ReadingMemo};
use crate::listing::{page_count, ListQuery, RawListQuery};
use crate::model::*;
use crate::ports::CatalogueStore;
use crate::search::SearchQuery;
use chrono::{Datelike, NaiveDate};
use identity::User;
use kernel::{Session, Timestamp};
use std::collections::HashMap;
use std::sync::Arc;

/// Home: the most popular books, 6 new releases, 10 from the member's categories, 10 from history.
pub const POPULAR: i64 = 20;
pub const NEW_RELEASES: i64 = 6;
pub const RECOMMENDED: i64 = 10;
pub const HISTORY: i64 = 10;
/// Books per call of the map of books, and the furthest start one may ask for.
pub const MAP_PAGE: i64 = 1000;
pub const MAX_MAP_START: i64 = 1_000_000_000;
/// Search results per page, and the last page one may ask for.
pub const SEARCH_PAGE: i64 = 20;
pub const MAX_SEARCH_PAGE: i64 = 50;
/// Blog posts per list.
pub const BLOG_POSTS: i64 = 200;
/// Most books a collection shows (its curated books first, then those of its categories).
pub const COLLECTION_BOOKS: i64 = 200;
/// At most this many category picks (there are far fewer categories).
pub const MAX_RECOMMENDS: usize = 100;

type Result<T> = std::result::Result<T, CatalogueError>;

/// Who is calling: the member's record (none for visitors) and what they are to the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    pub user: Option<User>,
    pub audience: Audience,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Home {
    pub user: Option<User>,
    pub popular: Vec<Card>,
    pub categories: Vec<Category>,
    pub new_releases: Vec<Card>,
    pub recommended: Vec<Card>,
    /// Books the member has started, unfinished first.
    pub history: Vec<Card>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BooksMap {
    pub books: Vec<Card>,
    pub next_start: Option<i64>,
}

/// A book opened by a caller: only what they may have. The body, sections and media keys are
/// already cut to the caller's access; `details` carries no body and no premium key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenedBook {
    pub user: Option<User>,
    pub card: Card,
    pub details: Book,
    /// The first section, which everyone gets; the whole body and the reader's sections of it
    /// only for callers entitled to it. Shared with the process's memo of texts (`html::memo`).
    pub text: ReadableText,
    pub audio: Option<String>,
    pub video: Option<String>,
    pub infographic: Option<String>,
    pub access: Access,
    pub member: ReaderState,
    /// The caller may download this summary as a PDF (Premium, or this book bought on its own),
    /// so the reader links straight to the download instead of offering to buy it.
    pub may_download_pdf: bool,
    /// A free member opening a premium book with free summaries left is asked first: the answer
    /// has the first section only, and [`Catalogue::unlock_book`] spends one when they say yes.
    pub unlock_offer: Option<UnlockOffer>,
    /// A free member who has not yet earned the bonus summary for inviting a friend.
    pub invite_bonus_available: bool,
}

/// A free member's free summaries, as the account menu counts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FreeSummaries {
    pub left: u32,
    pub allowance: u32,
    /// One more comes with the first friend invited.
    pub invite_bonus_available: bool,
}

/// The question a free member is asked before a free summary is spent on a book.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnlockOffer {
    /// Free summaries left before this one (the "3" of "Use 1 of your 3 free summaries").
    pub left: u32,
    /// All the member gets (3, or 4 with the invite bonus).
    pub allowance: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListPage {
    pub books: Vec<Card>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    pub pages: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchPage {
    pub query: String,
    pub books: Vec<Card>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookVisuals {
    pub is_paid: bool,
    pub book: BookRef,
    /// Empty unless the caller may see them.
    pub slides: Vec<Slide>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Infographic {
    pub book: BookRef,
    /// The premium key, for paid members only.
    pub image: Option<String>,
}

/// What the entitlement policy needs to know about `book`, given the month's preview book.
fn facts_of(book: &Book, monthly_preview: Option<i64>) -> BookAccessFacts {
    BookAccessFacts { free: book.free, monthly_preview: monthly_preview == Some(book.id), has_body: book.has_text() }
}

/// The first day of `now`'s month (UTC), the key of the monthly preview.
pub fn month_of(now: Timestamp) -> NaiveDate {
    now.date_naive().with_day(1).expect("every month has a first day")
}

pub struct Catalogue<'s, S: ?Sized> {
    store: &'s S,
    now: Timestamp,
}

impl<'s, S: CatalogueStore + ?Sized> Catalogue<'s, S> {
    pub fn new(store: &'s S, now: Timestamp) -> Self {
        Catalogue { store, now }
    }

    /// The caller behind a verified token (or a visitor); the token of an ended session or an
    /// erased account is refused.
    pub fn caller(&self, who: Option<Session>) -> Result<Caller> {
        let Some(session) = who else { return Ok(Caller { user: None, audience: Audience::Visitor }) };
        self.caller_of(self.store.live_member(session)?)
    }

    /// The caller whose session's member was read as `live_member` (None: ended or erased).
    fn caller_of(&self, live_member: Option<User>) -> Result<Caller> {
        let user = live_member.ok_or(CatalogueError::SessionExpired)?;
        Ok(Caller { audience: Audience::of(Some(&user), self.now), user: Some(user) })
    }

    /// Gives every card of these lists its categories, with one read for all of them.
    pub fn fill_categories(&self, lists: &mut [&mut Vec<Card>]) -> Result<()> {
        let ids: Vec<i64> = lists.iter().flat_map(|list| list.iter().map(|card| card.id)).collect();
        if ids.is_empty() {
            return Ok(());
        }
        let mut by_book: HashMap<i64, Vec<CategoryRef>> = HashMap::new();
        for (book_id, category) in self.store.categories_of(&ids)? {
            by_book.entry(book_id).or_default().push(category);
        }
        for card in lists.iter_mut().flat_map(|list| list.iter_mut()) {
            card.categories = by_book.get(&card.id).cloned().unwrap_or_default();
        }
        Ok(())
    }

    fn cards(&self, mut cards: Vec<Card>) -> Result<Vec<Card>> {
        self.fill_categories(&mut [&mut cards])?;
        Ok(cards)
    }

    pub fn home(&self, who: Option<Session>) -> Result<Home> {
        let caller = self.caller(who)?;
        let picks = caller.user.as_ref().map(|u| u.recommends.clone()).unwrap_or_default();
        let mut popular = self.store.popular_books(POPULAR)?;
        let mut new_releases = self.store.newest_books(NEW_RELEASES)?;
        let mut recommended = if picks.is_empty() { vec![] } else { self.store.books_in_categories(&picks, caller.audience.member(), RECOMMENDED)? };
        let mut history = match caller.audience.member() {
            Some(member) => self.store.recent_books(member, HISTORY)?,
            None => vec![],
        };
        self.fill_categories(&mut [&mut popular, &mut new_releases, &mut recommended, &mut history])?;
        Ok(Home { user: caller.user, popular, categories: self.store.categories()?, new_releases, recommended, history })
    }

    /// The catalogue, newest first, `MAP_PAGE` books per call from `start`.
    pub fn books_map(&self, start: i64) -> Result<BooksMap> {
        if !(0..=MAX_MAP_START).contains(&start) {
            return Err(CatalogueError::StartOutOfRange);
        }
        let mut books = self.store.books_from(start, MAP_PAGE + 1)?;
        let more = books.len() as i64 > MAP_PAGE;
        books.truncate(MAP_PAGE as usize);
        Ok(BooksMap { books: self.cards(books)?, next_start: more.then_some(start + MAP_PAGE) })
    }

    /// One book for the reader, with exactly what the caller may read (server-rules "Access to
    /// summaries"). Nothing is spent: a free member opening a premium book with free summaries
    /// left gets its first section and the offer to use one (`unlock_offer`).
    pub fn open_book(&self, who: Option<Session>, key: &BookKey) -> Result<OpenedBook> {
        self.open(who, key, false)
    }

    /// The book as [`Catalogue::open_book`] answers it, after spending one of a free member's
    /// free summaries on it when that is what opening it in full takes (once: an unlocked book
    /// stays open). For everyone else it is the same as opening the book.
    pub fn unlock_book(&self, who: Option<Session>, key: &BookKey) -> Result<OpenedBook> {
        self.open(who, key, true)
    }

    fn open(&self, who: Option<Session>, key: &BookKey, spend: bool) -> Result<OpenedBook> {
        let (caller, BookWithState { book, member, preview, categories, .. }, reading) = self.caller_and_book(who, key)?;
        let facts = facts_of(&book, preview.preview());
        let audience = caller.audience;
        let (unlocks, unlock_offer) = match audience {
            Audience::Free(id) if spend => {
                (self.store.open_with_unlock(id, book.id, self.now, &|unlocks| decide(audience, unlocks, facts).spend_unlock)?, None)
            }
            Audience::Free(id) => {
                let unlocks = self.store.free_member(id, Some(book.id))?;
                let asks = decide(audience, unlocks, facts).spend_unlock.is_some();
                (unlocks, asks.then(|| UnlockOffer { left: unlocks.unlocks_left(), allowance: unlocks.allowance() }))
            }
            Audience::Visitor | Audience::Paid(_) => (FreeMember::default(), None),
        };
        let access = if unlock_offer.is_some() { peek(audience, unlocks, facts) } else { decide(audience, unlocks, facts) };
        // Only a free member's answer needs the purchase looked up; the others' is the audience's.
        let bought = match audience {
            Audience::Free(id) => self.store.bought_book(id, book.id)?,
            Audience::Visitor | Audience::Paid(_) => false,
        };
        let invite_bonus_available = matches!(audience, Audience::Free(_)) && !unlocks.invited_a_friend;
        let card = Card { categories, ..book.card() };
        let opened = cut_to_access(book, reading, card, access, member, caller.user);
        Ok(OpenedBook { may_download_pdf: may_download_pdf(audience, bought), unlock_offer, invite_bonus_available, ..opened })
    }

    /// A free member's free summaries (the account menu's count); `None` for a paid member, who
    /// reads everything.
    pub fn free_summaries(&self, who: Session) -> Result<Option<FreeSummaries>> {
        match self.caller(Some(who))?.audience {
            Audience::Free(id) => {
                let member = self.store.free_member(id, None)?;
                Ok(Some(FreeSummaries { left: member.unlocks_left(), allowance: member.allowance(), invite_bonus_available: !member.invited_a_friend }))
            }
            Audience::Paid(_) | Audience::Visitor => Ok(None),
        }
    }

    /// A book's id, by id or subid.
    pub fn book_id(&self, key: &BookKey) -> Result<i64> {
        self.store.book_id(key)?.ok_or(CatalogueError::BookNotFound)
    }

    /// The caller and the book with the caller's state, in one read when signed in (the
    /// session's member comes with the book). An ended session is refused before an unknown book,
    /// as on every call. The book comes with its body, and the body's reading.
    fn caller_and_book(&self, who: Option<Session>, key: &BookKey) -> Result<(Caller, BookWithState, Arc<Reading>)> {
        let month = month_of(self.now);
        let Some(session) = who else {
            let found = self.store.book_with_state(key, None, month)?.ok_or(CatalogueError::BookNotFound)?;
            let (found, reading) = self.with_text(found)?;
            return Ok((self.caller(None)?, found, reading));
        };
        match self.store.book_for_session(key, session, month)? {
            Some((live_member, found)) => {
                let caller = self.caller_of(live_member)?;
                let (found, reading) = self.with_text(found)?;
                Ok((caller, found, reading))
            }
            None => {
                self.caller(who)?;
                Err(CatalogueError::BookNotFound)
            }
        }
    }

    /// The book with its body: from the memo of readings when this process holds the text its
    /// digest names, else loaded (once per text and process).
    fn with_text(&self, mut found: BookWithState) -> Result<(BookWithState, Arc<Reading>)> {
        let book_id = found.book.id;
        let reading =
            ReadingMemo::shared().reading_by_digest(book_id, &found.body_digest, || self.store.book_text(book_id))?.ok_or(CatalogueError::BookNotFound)?;
        // A copy of a few kilobytes, so that the rules and use cases see a whole book.
        found.book.body = reading.text().to_owned();
        Ok((found, reading))
    }

    /// A book and a signed-in caller's access to it, spending nothing, with the caller read in
    /// the book's statement (the position save's and the rating's one read before they write).
    pub fn peek_book_as(&self, who: Session, key: &BookKey) -> Result<(User, Book, Access)> {
        let (Caller { user, audience }, BookWithState { book, preview, .. }, _) = self.caller_and_book(Some(who), key)?;
        let user = user.expect("a signed-in caller has a record");
        let access = self.peek_access(audience, &book, preview)?;
        Ok((user, book, access))
    }

    /// A book and the caller's access to it, spending nothing.
    pub fn peek_book(&self, audience: Audience, key: &BookKey) -> Result<(Book, Access)> {
        let found = self.store.book_with_state(key, None, month_of(self.now))?.ok_or(CatalogueError::BookNotFound)?;
        let (BookWithState { book, preview, .. }, _) = self.with_text(found)?;
        let access = self.peek_access(audience, &book, preview)?;
        Ok((book, access))
    }

    /// What `audience` may have of `book` without spending an unlock.
    fn peek_access(&self, audience: Audience, book: &Book, preview: PreviewCandidates) -> Result<Access> {
        let unlocks = match audience {
            Audience::Free(id) => self.store.free_member(id, Some(book.id))?,
            Audience::Visitor | Audience::Paid(_) => FreeMember::default(),
        };
        Ok(peek(audience, unlocks, facts_of(book, preview.preview())))
    }

    pub fn categories(&self) -> Result<Vec<Category>> {
        Ok(self.store.categories()?)
    }

    /// Saves the member's category picks: at least one, each existing, duplicates ignored.
    pub fn set_recommends(&self, who: Session, picks: Vec<i64>) -> Result<User> {
        let picks = recommends(picks)?;
        if self.store.existing_category_ids(&picks)?.len() != picks.len() {
            return Err(CatalogueError::UnknownCategory);
        }
        self.caller(Some(who))?;
        self.store.set_recommends(who.user, &picks)?;
        self.caller(Some(who))?.user.ok_or(CatalogueError::SessionExpired)
    }

    pub fn list(&self, raw: RawListQuery) -> Result<ListPage> {
        let query = ListQuery::parse(raw).map_err(CatalogueError::InvalidList)?;
        let found = self.store.list_books(&query)?;
        Ok(ListPage {
            books: self.cards(found.items)?,
            total: found.total,
            page: query.page,
            page_size: query.page_size,
            pages: page_count(found.total, query.page_size),
        })
    }

    pub fn search(&self, text: &str, page: Option<i64>) -> Result<SearchPage> {
        let query = SearchQuery::parse(text).map_err(CatalogueError::InvalidSearch)?;
        let page = page.unwrap_or(1);
        if !(1..=MAX_SEARCH_PAGE).contains(&page) {
            return Err(CatalogueError::SearchPageOutOfRange);
        }
        let found = self.store.search_books(&query, (page - 1) * SEARCH_PAGE, SEARCH_PAGE)?;
        Ok(SearchPage { query: query.text, books: self.cards(found.items)?, total: found.total, page, page_size: SEARCH_PAGE })
    }

    pub fn collections(&self) -> Result<Vec<Collection>> {
        Ok(self.store.collections(COLLECTION_BOOKS)?)
    }

    /// A collection with its books (its count is the books shown).
    pub fn collection(&self, slug: &str) -> Result<(Collection, Vec<Card>)> {
        let mut collection = self.store.collection(slug)?.ok_or(CatalogueError::CollectionNotFound)?;
        let books = self.cards(self.store.collection_books(collection.id, COLLECTION_BOOKS)?)?;
        collection.book_count = books.len() as i64;
        Ok((collection, books))
    }

    pub fn authors(&self) -> Result<Vec<Author>> {
        Ok(self.store.authors()?)
    }

    pub fn author(&self, slug: &str) -> Result<(Author, Vec<Card>)> {
        let author = self.store.author(slug)?.ok_or(CatalogueError::AuthorNotFound)?;
        let books = self.cards(self.store.author_books(author.id)?)?;
        Ok((author, books))
    }

    /// Newest first; a blank category means all.
    pub fn blog_posts(&self, category: Option<&str>) -> Result<Vec<BlogPost>> {
        let category = category.map(str::trim).filter(|c| !c.is_empty());
        Ok(self.store.blog_posts(category, BLOG_POSTS)?)
    }

    pub fn blog_post(&self, id_or_slug: &str) -> Result<BlogPost> {
        let mut post = self.store.blog_post(id_or_slug)?.ok_or(CatalogueError::PostNotFound)?;
        post.body = crate::html::sanitize(&post.body);
        Ok(post)
    }

    pub fn visual_books(&self) -> Result<Vec<VisualBook>> {
        Ok(self.store.visual_books()?)
    }

    /// A book's slides, only for callers who may see visuals (paid, or any member for a free book).
    pub fn book_visuals(&self, who: Option<Session>, key: &BookKey) -> Result<BookVisuals> {
        let caller = self.caller(who)?;
        let (book, access) = self.peek_book(caller.audience, key)?;
        let slides = if access.video_and_visuals { self.store.slides_of(book.id)? } else { vec![] };
        Ok(BookVisuals { is_paid: caller.audience.is_paid(), book: book.reference(), slides })
    }

    /// Books with an infographic; the images themselves only for paid members.
    /// The infographics a bought pack holds: the `count` newest. (Who may download them is
    /// billing's: the purchase that bought them.)
    pub fn infographic_pack(&self, count: usize) -> Result<Vec<InfographicBook>> {
        Ok(self.store.infographic_books()?.into_iter().take(count).collect())
    }

    pub fn infographics(&self, who: Option<Session>) -> Result<Vec<Infographic>> {
        let paid = self.caller(who)?.audience.is_paid();
        Ok(self.store.infographic_books()?.into_iter().map(|found| Infographic { book: found.book, image: paid.then_some(found.image) }).collect())
    }
}

/// The recommends rule: non-empty, de-duplicated, at most `MAX_RECOMMENDS` (sorted, so that
/// equal picks are stored equally).
pub fn recommends(mut picks: Vec<i64>) -> Result<Vec<i64>> {
    picks.sort_unstable();
    picks.dedup();
    if picks.is_empty() {
        return Err(CatalogueError::NoCategoryPicked);
    }
    if picks.len() > MAX_RECOMMENDS {
        return Err(CatalogueError::UnknownCategory);
    }
    Ok(picks)
}

/// The book as `access` allows: the body, its sections and media keys only when entitled, and
/// no body or premium key left in `details`.
fn cut_to_access(book: Book, reading: Arc<Reading>, card: Card, access: Access, member: ReaderState, user: Option<User>) -> OpenedBook {
    let part = if access.full_body { Part::Whole } else { Part::First };
    let text = ReadableText::new(reading, part);
    let audio = book.media_url.clone().filter(|_| access.audio);
    let video = book.video.clone().filter(|_| access.video_and_visuals);
    let infographic = book.infographic.clone().filter(|_| access.video_and_visuals);
    let details = Book { body: String::new(), media_url: None, video: None, infographic: None, ..book };
    OpenedBook {
        user,
        card,
        details,
        text,
        audio,
        video,
        infographic,
        access,
        member,
        may_download_pdf: false,
        unlock_offer: None,
        invite_bonus_available: false,
    }
}

mod documents;
mod extras;
pub use documents::{KindleSent, KindleSetting, SummaryFile};
pub use extras::{PodcastEpisode, MAX_INSIGHTS};

#[cfg(test)]
mod tests;
