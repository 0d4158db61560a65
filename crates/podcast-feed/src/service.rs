//! The feed's use cases, one per call: the account page's (status, new address, scope, revoke),
//! the podcast app's (the document, an episode's audio) and the back office's (the feed's use).

use crate::error::FeedError;
use crate::model::{Download, Episode, FeedAddress, FeedDocument, FeedRecord, FeedScope, FeedStatus, FeedUse, Notice, MAX_EPISODES};
use crate::ports::{FeedSecrets, FeedStore};
use crate::sharing::{judge, SharingAction, SharingLimits};
use identity::User;
use kernel::{OutgoingMail, Session, Timestamp, UserId};

type Result<T> = std::result::Result<T, FeedError>;

/// Days of downloads the back office sums up.
pub const USE_WINDOW_DAYS: i64 = 7;

/// The feed's use cases for one call.
pub struct Feeds<'a, S: FeedStore + ?Sized> {
    store: &'a S,
    secrets: &'a dyn FeedSecrets,
    now: Timestamp,
    site: &'a str,
    limits: SharingLimits,
}

impl<'a, S: FeedStore + ?Sized> Feeds<'a, S> {
    pub fn new(store: &'a S, secrets: &'a dyn FeedSecrets, now: Timestamp, site: &'a str) -> Self {
        Feeds { store, secrets, now, site, limits: SharingLimits::default() }
    }

    pub fn with_limits(self, limits: SharingLimits) -> Self {
        Feeds { limits, ..self }
    }

    fn member(&self, who: Session) -> Result<User> {
        self.store.live_member(who)?.ok_or(FeedError::SessionExpired)
    }

    /// Whether the member has a feed, and its setting.
    pub fn status(&self, who: Session) -> Result<FeedStatus> {
        let member = self.member(who)?;
        Ok(FeedStatus::of(self.store.feed_of(member.id)?.as_ref()))
    }

    /// Turns the feed on, or gives it a new address (the old one stops at once); the setting
    /// and the sharing warnings stay. The address's secret is answered this once.
    pub fn new_address(&self, who: Session) -> Result<FeedAddress> {
        let member = self.member(who)?;
        let existing = self.store.feed_of(member.id)?;
        let token = self.secrets.feed_token();
        let feed = FeedRecord {
            member: member.id,
            token_digest: self.secrets.digest(&token),
            scope: existing.as_ref().map(|f| f.scope).unwrap_or_default(),
            created_at: self.now,
            warnings: existing.as_ref().map_or(0, |f| f.warnings),
            flagged_on: existing.as_ref().and_then(|f| f.flagged_on),
            last_fetched_at: None,
        };
        self.store.save_feed(&feed)?;
        Ok(FeedAddress { token, status: FeedStatus::of(Some(&feed)) })
    }

    /// Which summaries the feed lists: "library" or "all".
    pub fn set_scope(&self, who: Session, scope: &str) -> Result<FeedStatus> {
        let scope = FeedScope::parse(scope).ok_or(FeedError::InvalidScope)?;
        let member = self.member(who)?;
        let mut feed = self.store.feed_of(member.id)?.ok_or(FeedError::NoFeed)?;
        feed.scope = scope;
        self.store.save_feed(&feed)?;
        Ok(FeedStatus::of(Some(&feed)))
    }

    /// Turns the feed off: its address stops at once.
    pub fn revoke(&self, who: Session) -> Result<FeedStatus> {
        let member = self.member(who)?;
        self.store.delete_feed(member.id)?;
        Ok(FeedStatus::default())
    }

    /// The feed and its member, by the address's secret.
    fn feed_by_token(&self, token: &str) -> Result<(FeedRecord, User)> {
        // Secrets are URL-safe words; anything else cannot be one (and is not digested).
        if token.is_empty() || token.len() > 64 || !token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
            return Err(FeedError::NotFound);
        }
        let feed = self.store.feed_by_digest(&self.secrets.digest(token))?.ok_or(FeedError::NotFound)?;
        let member = self.store.member(feed.member)?.ok_or(FeedError::NotFound)?;
        Ok((feed, member))
    }

    /// The podcast app's document: Premium gets every episode of its scope; a free member the
    /// free books of it and a note on how to hear the rest (renew, or upgrade).
    pub fn document(&self, token: &str) -> Result<FeedDocument> {
        let (feed, member) = self.feed_by_token(token)?;
        let paid = member.plan.is_paid(self.now);
        let episodes = self.store.episodes(member.id, feed.scope, !paid, MAX_EPISODES)?;
        let notice = match (paid, member.plan.paid_date.is_some()) {
            (true, _) => None,
            (false, true) => Some(Notice::Renew),
            (false, false) => Some(Notice::Upgrade),
        };
        self.store.mark_fetched(member.id, self.now)?;
        let member_name = [member.first_name.trim(), member.last_name.trim()].join(" ").trim().to_owned();
        Ok(FeedDocument { token: token.to_owned(), member_name, episodes, notice, made_at: self.now })
    }

    /// An episode the feed's member may hear now (Premium: every audio summary; free: the free
    /// books). A download (`Some`, a GET: not a HEAD) is logged, and one that makes the day's
    /// spread look shared warns the member or rotates the address (`sharing`); this download
    /// is still answered.
    pub fn episode(&self, token: &str, subid: &str, download: Option<&Download>) -> Result<Episode> {
        let (feed, member) = self.feed_by_token(token)?;
        let episode = self.store.episode(subid)?.ok_or(FeedError::NotFound)?;
        if !(episode.free || member.plan.is_paid(self.now)) {
            return Err(FeedError::NotFound);
        }
        if let Some(download) = download {
            self.log_download(feed, &member, download)?;
        }
        Ok(episode)
    }

    fn log_download(&self, mut feed: FeedRecord, member: &User, download: &Download) -> Result<()> {
        let today = self.now.date_naive();
        let spread = self.store.record_download(
            member.id,
            today,
            &self.secrets.digest(&format!("address:{}", download.address)),
            &self.secrets.digest(&format!("agent:{}", download.user_agent)),
        )?;
        let action = judge(spread, self.limits, feed.warnings, feed.flagged_on, today);
        if action == SharingAction::Nothing {
            return Ok(());
        }
        feed.warnings += 1;
        feed.flagged_on = Some(today);
        if action == SharingAction::Rotate {
            // A new secret nobody is told: the member makes a new address on the account page.
            feed.token_digest = self.secrets.digest(&self.secrets.feed_token());
            feed.created_at = self.now;
        }
        self.store.save_feed(&feed)?;
        self.store.queue_mail(&sharing_mail(self.site, member, action), self.now)?;
        Ok(())
    }

    /// The feed's use, for the back office's page of a member.
    pub fn use_of(&self, member: UserId) -> Result<FeedUse> {
        let feed = self.store.feed_of(member)?;
        let since = self.now.date_naive() - chrono::Duration::days(USE_WINDOW_DAYS - 1);
        let (downloads, addresses, agents) = if feed.is_some() { self.store.downloads_since(member, since)? } else { (0, 0, 0) };
        Ok(FeedUse {
            status: FeedStatus::of(feed.as_ref()),
            flagged_on: feed.as_ref().and_then(|f| f.flagged_on),
            downloads_7_days: downloads,
            addresses_7_days: addresses,
            user_agents_7_days: agents,
        })
    }
}

/// The mail a shared-looking feed sends its member.
fn sharing_mail(site: &str, member: &User, action: SharingAction) -> OutgoingMail {
    let account = format!("{}/account", site.trim_end_matches('/'));
    let (subject, what) = match action {
        SharingAction::Rotate => (
            "We changed your podcast feed's address",
            format!(
                "Your private podcast feed was used from many places today again, so we replaced its address: the old one no longer works.\n\nTo keep listening, open {account}, make a new address under \"Listen in your podcast app\" and add it to your podcast app. Please keep it to yourself: it is tied to your membership."
            ),
        ),
        _ => (
            "Your podcast feed is being used from many places",
            format!(
                "Your private podcast feed's episodes were downloaded today from more places than one person's devices usually are.\n\nIf you shared its address, please stop: if it happens again, we will replace the address. If you did not, make a new one at {account} under \"Listen in your podcast app\"; the old address stops at once."
            ),
        ),
    };
    let greeting = if member.first_name.trim().is_empty() { "Hello,".to_owned() } else { format!("Hello {},", member.first_name.trim()) };
    OutgoingMail::text(member.email.as_str(), subject, format!("{greeting}\n\n{what}\n"))
}

#[cfg(test)]
mod tests;
