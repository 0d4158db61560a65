//! Reading progress's port (`ProgressStore`) over the member's own rows.

use super::PgProgressStore;
use super::{history, library, ratings, report};
use crate::shared::book_cards::cards;
use catalogue::model::{Card, Page};
use chrono::NaiveDate;
use kernel::{PortResult, Timestamp, UserId};
use reading_progress::{HistoryEntry, ProgressFacts, ProgressStore, Rating, SavePlan};

impl ProgressStore for PgProgressStore<'_> {
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
