//! Reading progress's use cases, one per call: save a position, start a video, the library (add,
//! remove, list), rate a book, the progress report. A `Progress` lives for one call, over the
//! catalogue's store (books and who may read them) and its own (the member's rows); in
//! production both are one database connection.

use crate::error::ProgressError;
use crate::history::{plan_save, PositionSave, SavePlan};
use crate::ports::ProgressStore;
use crate::rating::{Rating, Stars};
use crate::report::ProgressReport;
use catalogue::model::{Book, BookKey, Card};
use catalogue::{Catalogue, CatalogueStore};
use chrono::NaiveDate;
use identity::User;
use kernel::{Session, Timestamp};

/// Books per page of the library (the spec's 20, load-more 20).
pub const LIBRARY_PAGE: i64 = 20;
/// The last page of the library one may ask for.
pub const MAX_LIBRARY_PAGE: i64 = 100_000;

type Result<T> = std::result::Result<T, ProgressError>;

/// The member's calendar day at `now` in the timezone they gave (UTC when it is unknown).
pub fn member_today(timezone: &str, now: Timestamp) -> NaiveDate {
    identity::local_today(timezone, now)
}

/// A position save as the reader sends it: every field may be missing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionSaveRequest {
    pub book: Option<BookKey>,
    pub position: Option<i64>,
    pub completed: bool,
    /// When the member was there, by the device's clock (a save queued offline); none for now.
    pub saved_at: Option<Timestamp>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LibraryPage {
    pub user: User,
    pub books: Vec<Card>,
    pub page: i64,
    pub page_size: i64,
    pub total: i64,
    pub has_more: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgressSummary {
    pub is_paid: bool,
    pub report: ProgressReport,
    /// Completed summaries per category name.
    pub per_category: Vec<(String, u32)>,
}

pub struct Progress<'s, C: ?Sized, P: ?Sized> {
    catalogue: Catalogue<'s, C>,
    store: &'s P,
    now: Timestamp,
}

impl<'s, C: CatalogueStore + ?Sized, P: ProgressStore + ?Sized> Progress<'s, C, P> {
    pub fn new(catalogue: &'s C, store: &'s P, now: Timestamp) -> Self {
        Progress { catalogue: Catalogue::new(catalogue, now), store, now }
    }

    /// The member of a live session and a book they may read in full (nothing spent), read
    /// together; an ended session is refused before an unknown book.
    fn readable(&self, who: Session, key: &BookKey) -> Result<(User, Book)> {
        let (user, book, access) = self.catalogue.peek_book_as(who, key)?;
        if !access.full_body {
            return Err(ProgressError::Locked);
        }
        Ok((user, book))
    }

    /// The member of a live session (every call checks it, so an ended session writes nothing).
    fn member(&self, who: Session) -> Result<User> {
        Ok(self.catalogue.caller(Some(who))?.user.expect("a signed-in caller has a record"))
    }

    /// Saves where the member is: the position clamped to the book's sections, completion sticky,
    /// 10 XP on the first completion only, the streak day in the member's timezone.
    pub fn save_position(&self, who: Session, request: PositionSaveRequest) -> Result<SavePlan> {
        let key = request.book.ok_or(ProgressError::MissingBook)?;
        let position = request.position.ok_or(ProgressError::MissingPosition)?;
        let (user, book) = self.readable(who, &key)?;
        let sections = catalogue::html::book_section_count(book.id, &book.body);
        // A device's clock ahead of ours cannot make a save newer than one made after it.
        let at = request.saved_at.map_or(self.now, |at| at.min(self.now));
        let save = PositionSave { position, completed: request.completed, at };
        let today = member_today(&user.timezone, self.now);
        Ok(self.store.save_position(who.user, book.id, today, self.now, &|existing| plan_save(existing, save, sections))?)
    }

    /// Logs a video start, for members who may watch the book's video.
    pub fn start_video(&self, who: Session, key: &BookKey) -> Result<()> {
        let user = self.member(who)?;
        let audience = catalogue::Audience::of(Some(&user), self.now);
        let (book, access) = self.catalogue.peek_book(audience, key)?;
        if !access.video_and_visuals || book.video.is_none() {
            return Err(ProgressError::NoVideo);
        }
        Ok(self.store.record_video_start(who.user, book.id, self.now)?)
    }

    /// Returns the book's id.
    pub fn add_to_library(&self, who: Session, key: Option<BookKey>) -> Result<i64> {
        let key = key.ok_or(ProgressError::MissingBook)?;
        self.member(who)?;
        let book_id = self.book_id(&key)?;
        self.store.add_to_library(who.user, book_id, self.now)?;
        Ok(book_id)
    }

    /// Returns the book's id.
    pub fn remove_from_library(&self, who: Session, key: &BookKey) -> Result<i64> {
        self.member(who)?;
        let book_id = self.book_id(key)?;
        self.store.remove_from_library(who.user, book_id)?;
        Ok(book_id)
    }

    fn book_id(&self, key: &BookKey) -> Result<i64> {
        Ok(self.catalogue.book_id(key)?)
    }

    /// One page of 20 of the member's library, most recently added first.
    pub fn library(&self, who: Session, page: Option<i64>) -> Result<LibraryPage> {
        let page = page.unwrap_or(1);
        if !(1..=MAX_LIBRARY_PAGE).contains(&page) {
            return Err(ProgressError::InvalidPage);
        }
        let user = self.member(who)?;
        let found = self.store.library_page(who.user, (page - 1) * LIBRARY_PAGE, LIBRARY_PAGE)?;
        let mut books = found.items;
        self.catalogue.fill_categories(&mut [&mut books])?;
        Ok(LibraryPage { user, books, page, page_size: LIBRARY_PAGE, total: found.total, has_more: page * LIBRARY_PAGE < found.total })
    }

    /// Rates a book the member may read (a new rating replaces the old one). Returns the book's
    /// id and the rating stored.
    pub fn rate(&self, who: Session, key: &BookKey, stars: Stars, feedback: Option<&str>) -> Result<(i64, Rating)> {
        let rating = Rating::new(stars, feedback)?;
        let (_, book) = self.readable(who, key)?;
        self.store.rate(who.user, book.id, &rating, self.now)?;
        Ok((book.id, rating))
    }

    /// Completions, XP, streaks (in the member's timezone), awards and skills.
    pub fn report(&self, who: Session) -> Result<ProgressSummary> {
        let user = self.member(who)?;
        let today = member_today(&user.timezone, self.now);
        let facts = self.store.progress_facts(who.user)?;
        let report = ProgressReport::new(facts.completed, facts.review_xp, facts.days, today, facts.per_category.clone());
        let is_paid = catalogue::Audience::of(Some(&user), self.now).is_paid();
        Ok(ProgressSummary { is_paid, report, per_category: facts.per_category })
    }
}

#[cfg(test)]
mod tests;
