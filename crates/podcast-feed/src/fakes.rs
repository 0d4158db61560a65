//! In-memory ports for unit tests without a database.

use crate::model::{DaySpread, Episode, FeedRecord, FeedScope};
use crate::ports::{FeedSecrets, FeedStore};
use chrono::NaiveDate;
use identity::User;
use kernel::{OutgoingMail, PortResult, Session, Timestamp, UserId};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

#[derive(Default)]
pub struct InMemoryFeeds {
    pub members: RefCell<Vec<User>>,
    pub feeds: RefCell<HashMap<UserId, FeedRecord>>,
    /// Books with audio.
    pub books: RefCell<Vec<Episode>>,
    /// Each member's library (book ids), with when each was saved.
    pub library: RefCell<Vec<(UserId, i64, Timestamp)>>,
    /// (member, day, address digest, agent digest) per download.
    pub downloads: RefCell<Vec<(UserId, NaiveDate, String, String)>>,
    pub outbox: RefCell<Vec<OutgoingMail>>,
}

impl FeedStore for InMemoryFeeds {
    fn live_member(&self, session: Session) -> PortResult<Option<User>> {
        self.member(session.user)
    }

    fn member(&self, id: UserId) -> PortResult<Option<User>> {
        Ok(self.members.borrow().iter().find(|m| m.id == id).cloned())
    }

    fn feed_of(&self, member: UserId) -> PortResult<Option<FeedRecord>> {
        Ok(self.feeds.borrow().get(&member).cloned())
    }

    fn feed_by_digest(&self, token_digest: &str) -> PortResult<Option<FeedRecord>> {
        Ok(self.feeds.borrow().values().find(|f| f.token_digest == token_digest).cloned())
    }

    fn save_feed(&self, feed: &FeedRecord) -> PortResult<()> {
        self.feeds.borrow_mut().insert(feed.member, feed.clone());
        Ok(())
    }

    fn delete_feed(&self, member: UserId) -> PortResult<()> {
        self.feeds.borrow_mut().remove(&member);
        self.downloads.borrow_mut().retain(|d| d.0 != member);
        Ok(())
    }

    fn mark_fetched(&self, member: UserId, at: Timestamp) -> PortResult<()> {
        if let Some(feed) = self.feeds.borrow_mut().get_mut(&member) {
            feed.last_fetched_at = Some(at);
        }
        Ok(())
    }

    fn episodes(&self, member: UserId, scope: FeedScope, only_free: bool, limit: usize) -> PortResult<Vec<Episode>> {
        let library = self.library.borrow();
        let mut episodes: Vec<Episode> = self
            .books
            .borrow()
            .iter()
            .filter(|book| !only_free || book.free)
            .filter_map(|book| match scope {
                FeedScope::AllAudio => Some(book.clone()),
                FeedScope::Library => {
                    library.iter().find(|(who, id, _)| *who == member && *id == book.book_id).map(|(_, _, at)| Episode { listed_at: *at, ..book.clone() })
                }
            })
            .collect();
        episodes.sort_by_key(|episode| std::cmp::Reverse(episode.listed_at));
        episodes.truncate(limit);
        Ok(episodes)
    }

    fn episode(&self, subid: &str) -> PortResult<Option<Episode>> {
        Ok(self.books.borrow().iter().find(|b| b.subid == subid).cloned())
    }

    fn record_download(&self, member: UserId, day: NaiveDate, address_digest: &str, agent_digest: &str) -> PortResult<DaySpread> {
        let mut downloads = self.downloads.borrow_mut();
        downloads.push((member, day, address_digest.to_owned(), agent_digest.to_owned()));
        let today = || downloads.iter().filter(|d| d.0 == member && d.1 == day);
        let addresses: HashSet<&String> = today().map(|d| &d.2).collect();
        let agents: HashSet<&String> = today().map(|d| &d.3).collect();
        Ok(DaySpread { addresses: addresses.len() as u32, user_agents: agents.len() as u32 })
    }

    fn downloads_since(&self, member: UserId, since: NaiveDate) -> PortResult<(u32, u32, u32)> {
        let downloads = self.downloads.borrow();
        let recent: Vec<_> = downloads.iter().filter(|d| d.0 == member && d.1 >= since).collect();
        let addresses: HashSet<&String> = recent.iter().map(|d| &d.2).collect();
        let agents: HashSet<&String> = recent.iter().map(|d| &d.3).collect();
        Ok((recent.len() as u32, addresses.len() as u32, agents.len() as u32))
    }

    fn queue_mail(&self, mail: &OutgoingMail, _at: Timestamp) -> PortResult<()> {
        self.outbox.borrow_mut().push(mail.clone());
        Ok(())
    }
}

/// Secrets that count up ("token-1", "token-2", ...), digested visibly.
#[derive(Default)]
pub struct CountingSecrets {
    made: std::sync::atomic::AtomicU32,
}

impl FeedSecrets for CountingSecrets {
    fn feed_token(&self) -> String {
        format!("token-{}", self.made.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1)
    }

    fn digest(&self, secret: &str) -> String {
        format!("digest({secret})")
    }
}
