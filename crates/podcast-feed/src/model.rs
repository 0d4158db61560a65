//! A member's feed, its episodes and what the feed says when the member may not hear them.

use chrono::NaiveDate;
use kernel::{Timestamp, UserId};

/// Which audio summaries the feed lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FeedScope {
    /// The books in the member's library or finished by them.
    #[default]
    Library,
    /// Every audio summary the member may hear.
    AllAudio,
}

impl FeedScope {
    pub fn as_str(self) -> &'static str {
        match self {
            FeedScope::Library => "library",
            FeedScope::AllAudio => "all",
        }
    }

    pub fn parse(text: &str) -> Option<FeedScope> {
        match text {
            "library" => Some(FeedScope::Library),
            "all" => Some(FeedScope::AllAudio),
            _ => None,
        }
    }
}

/// Episodes a feed lists at most (podcast apps read the whole document on every refresh).
pub const MAX_EPISODES: usize = 300;

/// A member's feed as stored: the secret address only as its digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedRecord {
    pub member: UserId,
    pub token_digest: String,
    pub scope: FeedScope,
    /// When the current address was made.
    pub created_at: Timestamp,
    /// Times the feed was found shared (see `sharing`); the second rotates the address.
    pub warnings: u32,
    /// The day it was last found shared (once a day at most).
    pub flagged_on: Option<NaiveDate>,
    pub last_fetched_at: Option<Timestamp>,
}

/// The feed as the account page shows it (never its address: only a new one is shown, once).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FeedStatus {
    pub enabled: bool,
    pub scope: FeedScope,
    pub created_at: Option<Timestamp>,
    pub last_fetched_at: Option<Timestamp>,
    pub warnings: u32,
}

impl FeedStatus {
    pub fn of(record: Option<&FeedRecord>) -> FeedStatus {
        match record {
            None => FeedStatus::default(),
            Some(feed) => FeedStatus {
                enabled: true,
                scope: feed.scope,
                created_at: Some(feed.created_at),
                last_fetched_at: feed.last_fetched_at,
                warnings: feed.warnings,
            },
        }
    }
}

/// A new address: the secret is shown to the member this once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedAddress {
    pub token: String,
    pub status: FeedStatus,
}

/// A book with audio, as an episode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Episode {
    pub book_id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
    pub description: String,
    /// The cover's media key (public).
    pub image: String,
    /// The audio's media key.
    pub audio_key: String,
    pub audio_seconds: Option<u32>,
    pub free: bool,
    /// When it entered this member's feed: saved to the library or finished (the library
    /// scope), or published (every audio summary).
    pub listed_at: Timestamp,
}

/// What the feed says instead of the episodes the member may not hear.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    /// Premium ended: renew to get every episode back.
    Renew,
    /// Never Premium: the free books only, and how to get the rest.
    Upgrade,
}

/// Everything the RSS document is made of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedDocument {
    /// The address's secret, for the enclosures' URLs.
    pub token: String,
    pub member_name: String,
    pub episodes: Vec<Episode>,
    pub notice: Option<Notice>,
    /// When the document was made (the notice's date).
    pub made_at: Timestamp,
}

/// One download of an episode, as the request showed it (digested before it is kept).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Download {
    pub address: String,
    pub user_agent: String,
}

/// How many distinct places fetched a feed's episodes on one day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DaySpread {
    pub addresses: u32,
    pub user_agents: u32,
}

/// The feed's use, for the back office's member page.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FeedUse {
    pub status: FeedStatus,
    pub flagged_on: Option<NaiveDate>,
    /// Downloads over the last 7 days, and the distinct places they came from.
    pub downloads_7_days: u32,
    pub addresses_7_days: u32,
    pub user_agents_7_days: u32,
}
