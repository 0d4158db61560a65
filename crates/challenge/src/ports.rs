//! What the challenge needs from outside.

use crate::plan::{BookFacts, Candidate};
use crate::reminders::ReminderPlan;
use catalogue::model::Goal;
use kernel::{OutgoingMail, Timestamp, UserId};
pub use kernel::{PortError, PortResult};
use std::collections::{BTreeMap, BTreeSet};

/// A member's saved plan: the goals and the books, day 1 first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedPlan {
    pub goals: Vec<i64>,
    pub books: Vec<i64>,
}

pub trait ChallengeStore {
    /// Every goal (the admin manages them), in the order they were added.
    fn goals(&self) -> PortResult<Vec<Goal>>;
    /// Live, published books serving any of `goals`, with the goals they serve, and the `fill`
    /// most read other live books (with no goals), for plans whose goals have few books.
    fn plan_candidates(&self, goals: &[i64], fill: usize) -> PortResult<Vec<Candidate>>;
    /// Of `books`, those the member completed.
    fn completed_of(&self, member: UserId, books: &[i64]) -> PortResult<BTreeSet<i64>>;
    /// The live books with these ids (unknown or removed ones are left out), in any order.
    fn books_by_id(&self, ids: &[i64]) -> PortResult<Vec<BookFacts>>;
    fn saved_plan(&self, member: UserId) -> PortResult<Option<SavedPlan>>;
    /// Saves the member's plan in place of any earlier one.
    fn save_plan(&self, member: UserId, plan: &SavedPlan, at: Timestamp) -> PortResult<()>;
    /// Records an attempt under `key` and counts the key's attempts since `since`.
    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32>;
    /// The `limit` most read live books in the categories with these ids, most read first.
    fn books_in_categories(&self, ids: &[i64], limit: usize) -> PortResult<Vec<BookFacts>>;
    /// Whether the member's saved plan has reminders on.
    fn reminders_on(&self, member: UserId) -> PortResult<bool>;
    /// Turns the saved plan's reminders on or off, keeping its unsubscribe token or setting
    /// `token` when it has none; false when the member has no saved plan.
    fn set_reminders(&self, member: UserId, on: bool, token: &str) -> PortResult<bool>;
    /// Turns off the reminders of the plan with this token; false for an unknown token.
    fn unsubscribe(&self, token: &str) -> PortResult<bool>;
    /// Saved plans with reminders on, of live accounts.
    fn reminder_plans(&self) -> PortResult<Vec<ReminderPlan>>;
    /// Records the reminder of `local_date` and queues its mail, together, unless one was
    /// recorded for that date already (another worker); whether it was this call.
    fn record_reminder(&self, member: UserId, local_date: chrono::NaiveDate, mail: &OutgoingMail, at: Timestamp) -> PortResult<bool>;
    /// A fresh random token (an unsubscribe link's).
    fn new_token(&self) -> String;
    /// Queues an e-mail through the outbox.
    fn queue_mail(&self, mail: &OutgoingMail, at: Timestamp) -> PortResult<()>;
}

/// A member's kept quiz results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptResults {
    pub counts: BTreeMap<String, u32>,
    pub taken_at: Timestamp,
}

/// What the quizzes and onboarding need besides the challenge's store.
pub trait QuizStore {
    /// Keeps a member's results of one quiz (by slug) in place of earlier ones.
    fn save_quiz_results(&self, member: UserId, quiz: &str, counts: &BTreeMap<String, u32>, at: Timestamp) -> PortResult<()>;
    fn quiz_results(&self, member: UserId, quiz: &str) -> PortResult<Option<KeptResults>>;
    /// The member paid (not refunded) for the full report of this quiz.
    fn bought_quiz_report(&self, member: UserId, quiz: &str) -> PortResult<bool>;
    /// The `limit` most read live books in the categories with these subids, most read first.
    fn popular_in_categories(&self, subids: &[&str], limit: usize) -> PortResult<Vec<BookFacts>>;
}
