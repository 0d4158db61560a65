//! What reading progress needs from outside besides the catalogue's store: the member's own
//! history, streak days, library and ratings. Every method touches one member's rows only and is
//! atomic on its own.

use crate::history::{HistoryEntry, SavePlan};
use crate::rating::Rating;
use catalogue::model::{Card, Page};
use chrono::NaiveDate;
pub use kernel::{PortError, PortResult};
use kernel::{Timestamp, UserId};

/// What /my-progress adds up.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProgressFacts {
    pub completed: u32,
    /// Days (in the member's timezone at the time) on which they completed a summary or did
    /// their daily review, each once, in order.
    pub days: Vec<NaiveDate>,
    /// XP earned in the daily review (the review crate's rule).
    pub review_xp: u32,
    /// Completed summaries per category name.
    pub per_category: Vec<(String, u32)>,
}

pub trait ProgressStore {
    /// In one transaction with the member's entry locked: creates it if missing (the book gains a
    /// distinct reader), asks `plan` (the history rule) what to store given the entry as it was
    /// (`None` when new), stores that, and records `today` as a streak day when the plan says a
    /// summary was completed. Returns the plan.
    fn save_position(
        &self,
        member: UserId,
        book_id: i64,
        today: NaiveDate,
        at: Timestamp,
        plan: &dyn Fn(Option<HistoryEntry>) -> SavePlan,
    ) -> PortResult<SavePlan>;
    /// Logs a video start (creating the entry at position 0 if there is none).
    fn record_video_start(&self, member: UserId, book_id: i64, at: Timestamp) -> PortResult<()>;
    /// Adding twice changes nothing.
    fn add_to_library(&self, member: UserId, book_id: i64, at: Timestamp) -> PortResult<()>;
    /// Removing a book that is not there changes nothing.
    fn remove_from_library(&self, member: UserId, book_id: i64) -> PortResult<()>;
    /// Most recently added first.
    fn library_page(&self, member: UserId, offset: i64, limit: i64) -> PortResult<Page<Card>>;
    /// Replaces an earlier rating of the same book.
    fn rate(&self, member: UserId, book_id: i64, rating: &Rating, at: Timestamp) -> PortResult<()>;
    fn progress_facts(&self, member: UserId) -> PortResult<ProgressFacts>;
}
