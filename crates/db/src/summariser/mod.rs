//! The summariser's port: jobs and their results in `ai_summaries`, the daily count in the
//! attempt log (so deleting a summary does not give a start back), jobs claimed with
//! `FOR UPDATE SKIP LOCKED` so each runs on one worker.

crate::shared::gate::domain_store! {
    /// The summariser's port (`summariser::ports::SummaryStore`) on one connection's gate.
    PgSummaryStore
}

use crate::schema::ai_summaries;
use diesel::prelude::*;
use kernel::{PortError, PortResult, Session, Timestamp, UserId};
use summariser::ports::{ClaimedJob, JobStatus, Source, SummaryRecord, SummaryStore};
use summariser::summarise::{Section, Summary};

#[derive(Queryable)]
struct Row {
    id: i64,
    user_id: i64,
    source: String,
    status: String,
    title: String,
    sections: serde_json::Value,
    error: Option<String>,
    created_at: Timestamp,
}

type RowColumns = (
    ai_summaries::id,
    ai_summaries::user_id,
    ai_summaries::source,
    ai_summaries::status,
    ai_summaries::title,
    ai_summaries::sections,
    ai_summaries::error,
    ai_summaries::created_at,
);

const ROW: RowColumns = (
    ai_summaries::id,
    ai_summaries::user_id,
    ai_summaries::source,
    ai_summaries::status,
    ai_summaries::title,
    ai_summaries::sections,
    ai_summaries::error,
    ai_summaries::created_at,
);

impl From<Row> for SummaryRecord {
    fn from(row: Row) -> Self {
        SummaryRecord {
            id: row.id,
            member: UserId(row.user_id),
            status: JobStatus::parse(&row.status).unwrap_or(JobStatus::Failed),
            title: row.title,
            source: row.source,
            error: row.error,
            created_at: row.created_at,
            sections: serde_json::from_value::<Vec<Section>>(row.sections).unwrap_or_default(),
        }
    }
}

fn limit_key(member: UserId) -> String {
    format!("ai-summary:{}", member.0)
}

impl SummaryStore for PgSummaryStore<'_> {
    fn live_member(&self, session: Session) -> PortResult<Option<identity::User>> {
        self.run(|conn| crate::find_session_user(conn, session))
    }

    fn queue(&self, member: UserId, source: &Source, at: Timestamp, daily_limit: u32, since: Timestamp) -> PortResult<Option<SummaryRecord>> {
        let (kind, name, input) = match source {
            Source::Link(url) => ("url", url.as_str(), None),
            Source::File { name, bytes } => ("file", name.as_str(), Some(bytes.as_slice())),
        };
        let queued = self.run(|conn| {
            conn.transaction(|conn| {
                if crate::shared::throttle::record_and_count(conn, &limit_key(member), at, since)? > daily_limit {
                    // Undoes the attempt too: a refused start does not count.
                    return Err(diesel::result::Error::RollbackTransaction);
                }
                diesel::insert_into(ai_summaries::table)
                    .values(NewJobRow { user_id: member.0, source_kind: kind, source: name, input, created_at: at, updated_at: at })
                    .returning(ROW)
                    .get_result::<Row>(conn)
            })
            .map(Some)
            .or_else(|e| if e == diesel::result::Error::RollbackTransaction { Ok(None) } else { Err(e) })
        })?;
        Ok(queued.map(Into::into))
    }

    fn summaries(&self, member: UserId) -> PortResult<Vec<SummaryRecord>> {
        let rows: Vec<Row> = self.run(|conn| {
            ai_summaries::table
                .filter(ai_summaries::user_id.eq(member.0))
                .order((ai_summaries::created_at.desc(), ai_summaries::id.desc()))
                .select(ROW)
                .load(conn)
        })?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    fn summary(&self, member: UserId, id: i64) -> PortResult<Option<SummaryRecord>> {
        let row: Option<Row> =
            self.run(|conn| ai_summaries::table.filter(ai_summaries::user_id.eq(member.0)).filter(ai_summaries::id.eq(id)).select(ROW).first(conn).optional())?;
        Ok(row.map(Into::into))
    }

    fn delete(&self, member: UserId, id: i64) -> PortResult<bool> {
        self.run(|conn| diesel::delete(ai_summaries::table.filter(ai_summaries::user_id.eq(member.0)).filter(ai_summaries::id.eq(id))).execute(conn))
            .map(|n| n > 0)
    }

    fn claim(&self, at: Timestamp, stale_before: Timestamp, max_attempts: i32) -> PortResult<Option<ClaimedJob>> {
        let claimed: Option<(i64, String, String, Option<Vec<u8>>)> = self.run(|conn| {
            conn.transaction(|conn| {
                let waiting = ai_summaries::table
                    .filter(ai_summaries::attempts.lt(max_attempts))
                    .filter(
                        ai_summaries::status
                            .eq("queued")
                            .or(ai_summaries::status.eq_any(["fetching", "extracting", "summarising"]).and(ai_summaries::updated_at.lt(stale_before))),
                    )
                    .order(ai_summaries::id)
                    .select((ai_summaries::id, ai_summaries::source_kind, ai_summaries::source, ai_summaries::input))
                    .for_update()
                    .skip_locked()
                    .first::<(i64, String, String, Option<Vec<u8>>)>(conn)
                    .optional()?;
                if let Some((id, kind, ..)) = &waiting {
                    // Out of `queued` at once, so no other instance takes it once this commits.
                    let first_step = if kind == "url" { JobStatus::Fetching } else { JobStatus::Extracting };
                    diesel::update(ai_summaries::table.find(id))
                        .set((
                            ai_summaries::attempts.eq(ai_summaries::attempts + 1),
                            ai_summaries::status.eq(first_step.as_str()),
                            ai_summaries::updated_at.eq(at),
                        ))
                        .execute(conn)?;
                }
                Ok(waiting)
            })
        })?;
        Ok(claimed.map(|(id, kind, source, input)| {
            let source = match (kind.as_str(), input) {
                ("file", Some(bytes)) => Source::File { name: source, bytes },
                // A file whose bytes are gone cannot run: an empty file fails with its message.
                ("file", None) => Source::File { name: source, bytes: Vec::new() },
                _ => Source::Link(source),
            };
            ClaimedJob { id, source }
        }))
    }

    fn give_up_stale(&self, stale_before: Timestamp, max_attempts: i32, message: &str, at: Timestamp) -> PortResult<usize> {
        self.run(|conn| {
            diesel::update(
                ai_summaries::table
                    .filter(ai_summaries::status.eq_any(["fetching", "extracting", "summarising"]))
                    .filter(ai_summaries::updated_at.lt(stale_before))
                    .filter(ai_summaries::attempts.ge(max_attempts)),
            )
            .set(failed(message, at))
            .execute(conn)
        })
    }

    fn set_status(&self, id: i64, status: JobStatus, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            diesel::update(ai_summaries::table.find(id))
                .set((ai_summaries::status.eq(status.as_str()), ai_summaries::updated_at.eq(at)))
                .execute(conn)
                .map(drop)
        })
    }

    fn finish(&self, id: i64, summary: &Summary, at: Timestamp) -> PortResult<()> {
        let sections = serde_json::to_value(&summary.sections).map_err(|e| PortError::Failed(e.to_string()))?;
        self.run(|conn| {
            diesel::update(ai_summaries::table.find(id))
                .set(FinishedJobRow { status: JobStatus::Done.as_str(), title: &summary.title, sections: &sections, input: None, error: None, updated_at: at })
                .execute(conn)
                .map(drop)
        })
    }

    fn fail(&self, id: i64, message: &str, at: Timestamp) -> PortResult<()> {
        self.run(|conn| diesel::update(ai_summaries::table.find(id)).set(failed(message, at)).execute(conn).map(drop))
    }
}

/// A failed job's fields: its message for the member, the upload dropped.
#[allow(clippy::type_complexity)]
fn failed(
    message: &str,
    at: Timestamp,
) -> (
    diesel::dsl::Eq<ai_summaries::status, &'static str>,
    diesel::dsl::Eq<ai_summaries::error, &str>,
    diesel::dsl::Eq<ai_summaries::input, Option<Vec<u8>>>,
    diesel::dsl::Eq<ai_summaries::updated_at, Timestamp>,
) {
    (
        ai_summaries::status.eq(JobStatus::Failed.as_str()),
        ai_summaries::error.eq(message),
        ai_summaries::input.eq(None::<Vec<u8>>),
        ai_summaries::updated_at.eq(at),
    )
}

/// Erasing an account erases its summaries.
pub(crate) fn erase_summaries(conn: &mut PgConnection, member: UserId) -> QueryResult<usize> {
    diesel::delete(ai_summaries::table.filter(ai_summaries::user_id.eq(member.0))).execute(conn)
}

/// A queued job: what to summarise (a link, or a file's name and bytes) for whom.
#[derive(Insertable)]
#[diesel(table_name = ai_summaries)]
struct NewJobRow<'a> {
    user_id: i64,
    source_kind: &'a str,
    source: &'a str,
    input: Option<&'a [u8]>,
    created_at: Timestamp,
    updated_at: Timestamp,
}

/// A job done: its summary, and the uploaded file it no longer needs dropped.
#[derive(AsChangeset)]
#[diesel(table_name = ai_summaries, treat_none_as_null = true)]
struct FinishedJobRow<'a> {
    status: &'a str,
    title: &'a str,
    sections: &'a serde_json::Value,
    input: Option<Vec<u8>>,
    error: Option<String>,
    updated_at: Timestamp,
}
