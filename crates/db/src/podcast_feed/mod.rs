//! Members' podcast feeds and their download log (`podcast-feed` crate's `FeedStore`).

crate::shared::gate::domain_store! {
    /// The podcast feed's port (`podcast_feed::ports::FeedStore`) on one connection's gate.
    PgFeedStore
}

use crate::schema::{podcast_feed_downloads, podcast_feeds};
use ::podcast_feed::model::{DaySpread, Episode, FeedRecord, FeedScope};
use ::podcast_feed::ports::FeedStore;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Nullable, Text, Timestamptz};
use identity::User;
use kernel::{OutgoingMail, PortResult, Session, Timestamp, UserId};

/// Days of downloads kept (the sharing rule reads one, the back office seven).
const DOWNLOADS_KEPT_DAYS: i64 = 30;

#[derive(Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = podcast_feeds)]
#[diesel(treat_none_as_null = true)]
struct FeedRow {
    user_id: i64,
    token_digest: String,
    scope: String,
    created_at: DateTime<Utc>,
    warnings: i32,
    flagged_on: Option<NaiveDate>,
    last_fetched_at: Option<DateTime<Utc>>,
}

impl From<FeedRow> for FeedRecord {
    fn from(row: FeedRow) -> FeedRecord {
        FeedRecord {
            member: UserId(row.user_id),
            token_digest: row.token_digest,
            // The table's check allows these two only.
            scope: FeedScope::parse(&row.scope).unwrap_or_default(),
            created_at: row.created_at,
            warnings: u32::try_from(row.warnings).unwrap_or(0),
            flagged_on: row.flagged_on,
            last_fetched_at: row.last_fetched_at,
        }
    }
}

impl From<&FeedRecord> for FeedRow {
    fn from(feed: &FeedRecord) -> FeedRow {
        FeedRow {
            user_id: feed.member.0,
            token_digest: feed.token_digest.clone(),
            scope: feed.scope.as_str().to_owned(),
            created_at: feed.created_at,
            warnings: i32::try_from(feed.warnings).unwrap_or(i32::MAX),
            flagged_on: feed.flagged_on,
            last_fetched_at: feed.last_fetched_at,
        }
    }
}

#[derive(QueryableByName)]
struct EpisodeRow {
    #[diesel(sql_type = BigInt)]
    book_id: i64,
    #[diesel(sql_type = Text)]
    subid: String,
    #[diesel(sql_type = Text)]
    title: String,
    #[diesel(sql_type = Text)]
    author: String,
    #[diesel(sql_type = Text)]
    description: String,
    #[diesel(sql_type = Text)]
    image: String,
    #[diesel(sql_type = Text)]
    audio_key: String,
    #[diesel(sql_type = Nullable<diesel::sql_types::Integer>)]
    audio_seconds: Option<i32>,
    #[diesel(sql_type = Bool)]
    free: bool,
    #[diesel(sql_type = Timestamptz)]
    listed_at: DateTime<Utc>,
}

impl From<EpisodeRow> for Episode {
    fn from(row: EpisodeRow) -> Episode {
        Episode {
            book_id: row.book_id,
            subid: row.subid,
            title: row.title,
            author: row.author,
            description: row.description,
            image: row.image,
            audio_key: row.audio_key,
            audio_seconds: row.audio_seconds.and_then(|s| u32::try_from(s).ok()),
            free: row.free,
            listed_at: row.listed_at,
        }
    }
}

const EPISODE_COLUMNS: &str = "b.id AS book_id, b.subid, b.title, b.author, b.description, b.image, b.media_url AS audio_key, b.audio_seconds, b.free";
const HAS_AUDIO: &str = "b.media_url IS NOT NULL AND b.media_url <> '' AND NOT b.coming_soon";

#[derive(QueryableByName)]
struct Spread {
    #[diesel(sql_type = BigInt)]
    downloads: i64,
    #[diesel(sql_type = BigInt)]
    addresses: i64,
    #[diesel(sql_type = BigInt)]
    agents: i64,
}

fn spread_since(conn: &mut PgConnection, member: UserId, since: NaiveDate) -> QueryResult<Spread> {
    diesel::sql_query(
        "SELECT coalesce(sum(downloads), 0)::bigint AS downloads, count(DISTINCT address_digest) AS addresses, count(DISTINCT agent_digest) AS agents \
         FROM podcast_feed_downloads WHERE user_id = $1 AND day >= $2",
    )
    .bind::<BigInt, _>(member.0)
    .bind::<diesel::sql_types::Date, _>(since)
    .get_result(conn)
}

fn count(n: i64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl FeedStore for PgFeedStore<'_> {
    fn live_member(&self, session: Session) -> PortResult<Option<User>> {
        self.run(|conn| crate::find_session_user(conn, session))
    }

    fn member(&self, id: UserId) -> PortResult<Option<User>> {
        self.run(|conn| crate::shared::members::find_user(conn, id))
    }

    fn feed_of(&self, member: UserId) -> PortResult<Option<FeedRecord>> {
        self.run(|conn| podcast_feeds::table.find(member.0).select(FeedRow::as_select()).first(conn).optional().map(|row| row.map(FeedRecord::from)))
    }

    fn feed_by_digest(&self, token_digest: &str) -> PortResult<Option<FeedRecord>> {
        self.run(|conn| {
            podcast_feeds::table
                .filter(podcast_feeds::token_digest.eq(token_digest))
                .select(FeedRow::as_select())
                .first(conn)
                .optional()
                .map(|row| row.map(FeedRecord::from))
        })
    }

    fn save_feed(&self, feed: &FeedRecord) -> PortResult<()> {
        let row = FeedRow::from(feed);
        self.run(|conn| {
            diesel::insert_into(podcast_feeds::table).values(&row).on_conflict(podcast_feeds::user_id).do_update().set(&row).execute(conn).map(drop)
        })
    }

    fn delete_feed(&self, member: UserId) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::delete(podcast_feeds::table.find(member.0)).execute(conn)?;
                diesel::delete(podcast_feed_downloads::table.filter(podcast_feed_downloads::user_id.eq(member.0))).execute(conn).map(drop)
            })
        })
    }

    fn mark_fetched(&self, member: UserId, at: Timestamp) -> PortResult<()> {
        self.run(|conn| diesel::update(podcast_feeds::table.find(member.0)).set(podcast_feeds::last_fetched_at.eq(at)).execute(conn).map(drop))
    }

    fn episodes(&self, member: UserId, scope: FeedScope, only_free: bool, limit: usize) -> PortResult<Vec<Episode>> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let sql = match scope {
            // Saved to the library or finished, listed from whichever came first.
            FeedScope::Library => format!(
                "SELECT {EPISODE_COLUMNS}, s.listed_at FROM ( \
                     SELECT book_id, min(at) AS listed_at FROM ( \
                         SELECT book_id, added_at AS at FROM library_items WHERE user_id = $1 \
                         UNION ALL SELECT book_id, completed_at FROM reading_history WHERE user_id = $1 AND completed AND completed_at IS NOT NULL \
                     ) AS mine GROUP BY book_id \
                 ) AS s JOIN books b ON b.id = s.book_id \
                 WHERE {HAS_AUDIO} AND (NOT $2 OR b.free) ORDER BY s.listed_at DESC, b.id DESC LIMIT $3"
            ),
            FeedScope::AllAudio => format!(
                "SELECT {EPISODE_COLUMNS}, b.upload_date AS listed_at FROM books b \
                 WHERE {HAS_AUDIO} AND (NOT $2 OR b.free) AND $1 = $1 ORDER BY b.upload_date DESC, b.id DESC LIMIT $3"
            ),
        };
        self.run(|conn| {
            let rows: Vec<EpisodeRow> = diesel::sql_query(&sql).bind::<BigInt, _>(member.0).bind::<Bool, _>(only_free).bind::<BigInt, _>(limit).load(conn)?;
            Ok(rows.into_iter().map(Episode::from).collect())
        })
    }

    fn episode(&self, subid: &str) -> PortResult<Option<Episode>> {
        let sql = format!("SELECT {EPISODE_COLUMNS}, b.upload_date AS listed_at FROM books b WHERE b.subid = $1 AND {HAS_AUDIO}");
        self.run(|conn| {
            let row: Option<EpisodeRow> = diesel::sql_query(&sql).bind::<Text, _>(subid).get_result(conn).optional()?;
            Ok(row.map(Episode::from))
        })
    }

    fn record_download(&self, member: UserId, day: NaiveDate, address_digest: &str, agent_digest: &str) -> PortResult<DaySpread> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::insert_into(podcast_feed_downloads::table)
                    .values(NewDownloadRow { user_id: member.0, day, address_digest, agent_digest })
                    .on_conflict((
                        podcast_feed_downloads::user_id,
                        podcast_feed_downloads::day,
                        podcast_feed_downloads::address_digest,
                        podcast_feed_downloads::agent_digest,
                    ))
                    .do_update()
                    .set(podcast_feed_downloads::downloads.eq(podcast_feed_downloads::downloads + 1))
                    .execute(conn)?;
                // The member's own old rows go as theirs are written (no job needed).
                diesel::delete(
                    podcast_feed_downloads::table
                        .filter(podcast_feed_downloads::user_id.eq(member.0))
                        .filter(podcast_feed_downloads::day.lt(day - chrono::Duration::days(DOWNLOADS_KEPT_DAYS))),
                )
                .execute(conn)?;
                let spread = spread_since(conn, member, day)?;
                Ok(DaySpread { addresses: count(spread.addresses), user_agents: count(spread.agents) })
            })
        })
    }

    fn downloads_since(&self, member: UserId, since: NaiveDate) -> PortResult<(u32, u32, u32)> {
        self.run(|conn| spread_since(conn, member, since).map(|s| (count(s.downloads), count(s.addresses), count(s.agents))))
    }

    fn queue_mail(&self, mail: &OutgoingMail, at: Timestamp) -> PortResult<()> {
        self.run(|conn| crate::mail_queue::enqueue(conn, mail, at).map(drop))
    }
}

/// An erased account's feed and download log go with it.
pub(crate) fn erase_member(conn: &mut PgConnection, member: UserId) -> QueryResult<()> {
    diesel::delete(podcast_feed_downloads::table.filter(podcast_feed_downloads::user_id.eq(member.0))).execute(conn)?;
    diesel::delete(podcast_feeds::table.find(member.0)).execute(conn).map(drop)
}

/// A feed download, by day and by digests of the address and the app (never the raw values).
#[derive(Insertable)]
#[diesel(table_name = podcast_feed_downloads)]
struct NewDownloadRow<'a> {
    user_id: i64,
    day: NaiveDate,
    address_digest: &'a str,
    agent_digest: &'a str,
}
