//! What the review needs from outside: where a member's cards and ratings are kept, and which
//! of their books and highlights call for cards. Books, sessions and who may read what come from
//! the catalogue's ports (`catalogue::CatalogueStore`).

use crate::model::{Card, HighlightFace, ReviewRecord, ReviewSettings};
use chrono::NaiveDate;
use kernel::{PortResult, Timestamp, UserId};

pub trait ReviewStore {
    /// Books `member` finished that have no key-idea cards yet.
    fn finished_books_without_cards(&self, member: UserId) -> PortResult<Vec<i64>>;
    /// A new card for each of `sections` key ideas of a book (those that exist already stay).
    fn add_key_idea_cards(&self, member: UserId, book_id: i64, sections: u32, at: Timestamp) -> PortResult<()>;
    /// Makes the highlight cards match the marks: a new card for each highlight of `member`
    /// marked "Review" that has none, and no card for a highlight no longer marked.
    fn match_highlight_cards(&self, member: UserId, at: Timestamp) -> PortResult<()>;
    /// Cards reviewed before and due at `now`, soonest first.
    fn due_cards(&self, member: UserId, now: Timestamp, limit: usize) -> PortResult<Vec<Card>>;
    /// Cards never reviewed, oldest first.
    fn new_cards(&self, member: UserId, limit: usize) -> PortResult<Vec<Card>>;
    /// How many cards reviewed before are due at `now`, and how many are new.
    fn card_counts(&self, member: UserId, now: Timestamp) -> PortResult<(i64, i64)>;
    /// How many new cards `member` met (rated for the first time) on `day`.
    fn new_cards_met_on(&self, member: UserId, day: NaiveDate) -> PortResult<i64>;
    /// Whether `member` rated the card on `day` before.
    fn reviewed_on(&self, member: UserId, card_id: i64, day: NaiveDate) -> PortResult<bool>;
    /// One of `member`'s cards (another member's is `None`).
    fn card(&self, member: UserId, id: i64) -> PortResult<Option<Card>>;
    /// Keeps a rating, atomically and only if the card has been rated `seen_reps` times so far
    /// (so a rating sent twice is kept once): the card takes the new memory and the rating is
    /// logged. False when the card had moved on (nothing is kept).
    fn record_review(&self, record: &ReviewRecord, seen_reps: i32) -> PortResult<bool>;
    /// `member`'s highlights among `ids`, as their cards show them.
    fn highlight_faces(&self, member: UserId, ids: &[i64]) -> PortResult<Vec<HighlightFace>>;
    /// `None` until the member chooses.
    fn review_settings(&self, member: UserId) -> PortResult<Option<ReviewSettings>>;
    fn save_review_settings(&self, member: UserId, settings: ReviewSettings) -> PortResult<()>;
}
