//! What the back office publishes besides books, as members see it: podcasts (the episode's audio
//! for paid members only, like book audio), insights (quotes from live books) and goals.

use super::{Catalogue, Result};
use crate::error::CatalogueError;
use crate::model::{BookKey, Goal, Insight, Podcast};
use crate::ports::CatalogueStore;
use kernel::Session;

/// Most insights one call gives.
pub const MAX_INSIGHTS: i64 = 50;

/// A podcast for one caller: the audio key only when they may play it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodcastEpisode {
    pub podcast: Podcast,
    /// The premium key, for paid members.
    pub audio: Option<String>,
    /// There is audio the caller may not play (the page offers Premium).
    pub locked: bool,
}

impl<'s, S: CatalogueStore + ?Sized> Catalogue<'s, S> {
    /// Every podcast, newest first, without their audio keys.
    pub fn podcasts(&self) -> Result<Vec<Podcast>> {
        Ok(self.store.podcasts()?.into_iter().map(|p| Podcast { media: p.media.is_some().then(String::new), ..p }).collect())
    }

    pub fn podcast(&self, who: Option<Session>, id: i64) -> Result<PodcastEpisode> {
        let paid = self.caller(who)?.audience.is_paid();
        let mut podcast = self.store.podcast(id)?.ok_or(CatalogueError::PodcastNotFound)?;
        let media = podcast.media.take();
        Ok(PodcastEpisode { locked: media.is_some() && !paid, audio: media.filter(|_| paid), podcast })
    }

    /// The newest insights (of one book when `book` is given), at most `limit` (1 to 50, 10 when
    /// not given).
    pub fn insights(&self, book: Option<&BookKey>, limit: Option<i64>) -> Result<Vec<Insight>> {
        let limit = limit.unwrap_or(10).clamp(1, MAX_INSIGHTS);
        let book_id = book.map(|key| self.book_id(key)).transpose()?;
        Ok(self.store.insights(book_id, limit)?)
    }

    pub fn goals(&self) -> Result<Vec<Goal>> {
        Ok(self.store.goals()?)
    }
}
