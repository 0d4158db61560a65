//! What the feed needs from outside: where feeds and downloads are kept, the members and books
//! they list, random secrets, and the mail queue.

use crate::model::{DaySpread, Episode, FeedRecord, FeedScope};
use chrono::NaiveDate;
use identity::User;
use kernel::{OutgoingMail, PortResult, Session, Timestamp, UserId};

/// The feed's secret addresses: random, and kept only as one-way digests.
pub trait FeedSecrets: Send + Sync {
    /// 128 random bits, written for a URL.
    fn feed_token(&self) -> String;
    fn digest(&self, secret: &str) -> String;
}

pub trait FeedStore {
    /// The member of a live session.
    fn live_member(&self, session: Session) -> PortResult<Option<User>>;
    /// A member who still has an account.
    fn member(&self, id: UserId) -> PortResult<Option<User>>;
    fn feed_of(&self, member: UserId) -> PortResult<Option<FeedRecord>>;
    fn feed_by_digest(&self, token_digest: &str) -> PortResult<Option<FeedRecord>>;
    /// Creates or replaces the member's feed.
    fn save_feed(&self, feed: &FeedRecord) -> PortResult<()>;
    /// Removes the member's feed and its download log.
    fn delete_feed(&self, member: UserId) -> PortResult<()>;
    fn mark_fetched(&self, member: UserId, at: Timestamp) -> PortResult<()>;
    /// Books with audio in `scope` for `member`, newest listing first, free ones only when
    /// `only_free`, at most `limit`.
    fn episodes(&self, member: UserId, scope: FeedScope, only_free: bool, limit: usize) -> PortResult<Vec<Episode>>;
    /// A book with audio, by subid (`listed_at` is its upload date).
    fn episode(&self, subid: &str) -> PortResult<Option<Episode>>;
    /// Logs one download and answers the day's distinct places so far.
    fn record_download(&self, member: UserId, day: NaiveDate, address_digest: &str, agent_digest: &str) -> PortResult<DaySpread>;
    /// Downloads since `since` (inclusive): (count, distinct addresses, distinct user agents).
    fn downloads_since(&self, member: UserId, since: NaiveDate) -> PortResult<(u32, u32, u32)>;
    fn queue_mail(&self, mail: &OutgoingMail, at: Timestamp) -> PortResult<()>;
}
