//! The statistics page's use case.

use super::Admin;
use crate::audit::{AuditAction, AuditEntry};
use crate::error::AdminError;
use crate::ports::AdminStore;
use crate::stats::{every_day, Stats};
use chrono::NaiveDate;

/// The longest range the page asks for at once.
pub const MAX_RANGE_DAYS: i64 = 366;
/// When no range is given: the last 30 days.
pub const DEFAULT_RANGE_DAYS: i64 = 30;
pub const TOP_BOOKS: i64 = 10;

impl<'s, S: AdminStore + ?Sized> Admin<'s, S> {
    /// The statistics for the CSV download, which the audit log records under `actor` (an
    /// export carries the business's figures out of the back office).
    pub fn stats_export(&self, actor: kernel::UserId, from: Option<&str>, to: Option<&str>) -> Result<Stats, AdminError> {
        let stats = self.stats(from, to)?;
        self.store.append_audit(&AuditEntry {
            actor,
            action: AuditAction::ExportDownloaded,
            entity_id: format!("gistbook-stats-{}-{}.csv", stats.from, stats.to),
            before: serde_json::Value::Null,
            after: serde_json::json!({ "from": stats.from.to_string(), "to": stats.to.to_string() }),
            reason: None,
            at: self.now,
        })?;
        Ok(stats)
    }

    /// The statistics from `from` to `to` (UTC days, both included; the last 30 days by default).
    pub fn stats(&self, from: Option<&str>, to: Option<&str>) -> Result<Stats, AdminError> {
        let parse = |text: Option<&str>| match text.map(str::trim).filter(|t| !t.is_empty()) {
            None => Ok(None),
            Some(t) => NaiveDate::parse_from_str(t, "%Y-%m-%d").map(Some).map_err(|_| AdminError::Invalid("Please give dates as yyyy-mm-dd.".into())),
        };
        let to = parse(to)?.unwrap_or_else(|| self.now.date_naive());
        let from = parse(from)?.unwrap_or(to - chrono::Duration::days(DEFAULT_RANGE_DAYS - 1));
        if from > to {
            return Err(AdminError::Invalid("The start must come before the end.".into()));
        }
        if (to - from).num_days() >= MAX_RANGE_DAYS {
            return Err(AdminError::Invalid(format!("Please choose at most {MAX_RANGE_DAYS} days.")));
        }
        let days = every_day(from, to, self.store.daily(from, to)?);
        let (trials_started, trials_converted) = self.store.trials(from, to)?;
        Ok(Stats {
            from,
            to,
            days,
            actives: self.store.actives(to)?,
            members: self.store.members_total()?,
            paying_by_plan: self.store.paying_by_plan(self.now)?,
            trials_started,
            trials_converted,
            mrr_cents: self.store.recurring()?.mrr_cents(),
            churned: self.store.churned(from, to)?,
            renewing: self.store.renewing()?,
            top_books: self.store.top_books(from, to, TOP_BOOKS)?,
        })
    }
}
