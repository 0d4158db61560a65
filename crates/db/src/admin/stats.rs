//! The statistics page's queries. Each reads an index or a small aggregate table
//! (`activity_days`, `completions_daily`) rather than scanning members or history; the plans at a
//! million members and twenty million history rows are in docs/admin.md.

use super::PgAdminStore;
use admin::ports::Statistics;
use admin::stats::{Actives, DailyStats, Recurring, TopBook};
use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Date, Nullable, Text, Timestamptz};
use kernel::{PortResult, Timestamp};

#[derive(QueryableByName)]
struct DayRow {
    #[diesel(sql_type = Date)]
    day: NaiveDate,
    #[diesel(sql_type = BigInt)]
    signups: i64,
    #[diesel(sql_type = BigInt)]
    active: i64,
    #[diesel(sql_type = BigInt)]
    completions: i64,
    #[diesel(sql_type = BigInt)]
    purchases: i64,
}

#[derive(QueryableByName)]
struct ActiveRow {
    #[diesel(sql_type = BigInt)]
    daily: i64,
    #[diesel(sql_type = BigInt)]
    weekly: i64,
    #[diesel(sql_type = BigInt)]
    monthly: i64,
}

#[derive(QueryableByName)]
struct PlanCount {
    #[diesel(sql_type = Nullable<Text>)]
    plan_id: Option<String>,
    #[diesel(sql_type = BigInt)]
    members: i64,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

#[derive(QueryableByName)]
struct TrialRow {
    #[diesel(sql_type = BigInt)]
    started: i64,
    #[diesel(sql_type = BigInt)]
    converted: i64,
}

#[derive(QueryableByName)]
struct IntervalSum {
    #[diesel(sql_type = Nullable<Text>)]
    billing_interval: Option<String>,
    #[diesel(sql_type = BigInt)]
    cents: i64,
}

#[derive(QueryableByName)]
struct TopRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    title: String,
    #[diesel(sql_type = BigInt)]
    completions: i64,
}

/// Activity of members who still exist: a deleted account's days stay in `activity_days` but count
/// no more, so the actives never exceed the members.
const LIVE: &str = "JOIN users lu ON lu.id = a.user_id AND lu.deleted_at IS NULL";

/// The start of a UTC day as a timestamp.
const DAY_START: &str = "(d.day::timestamp AT TIME ZONE 'UTC')";

impl Statistics for PgAdminStore<'_> {
    fn daily(&self, from: NaiveDate, to: NaiveDate) -> PortResult<Vec<DailyStats>> {
        self.run(|conn| {
            let rows: Vec<DayRow> = diesel::sql_query(format!(
                "SELECT d.day, \
                   (SELECT count(*) FROM users u WHERE u.deleted_at IS NULL \
                      AND u.created_at >= {DAY_START} AND u.created_at < {DAY_START} + interval '1 day') AS signups, \
                   (SELECT count(*) FROM activity_days a {LIVE} WHERE a.day = d.day) AS active, \
                   (SELECT coalesce(sum(c.completions), 0)::bigint FROM completions_daily c WHERE c.day = d.day) AS completions, \
                   (SELECT count(*) FROM charges ch WHERE ch.status IN ('paid', 'refunded') \
                      AND ch.created_at >= {DAY_START} AND ch.created_at < {DAY_START} + interval '1 day') AS purchases \
                 FROM (SELECT generate_series($1::date, $2::date, interval '1 day')::date AS day) d ORDER BY d.day"
            ))
            .bind::<Date, _>(from)
            .bind::<Date, _>(to)
            .load(conn)?;
            Ok(rows
                .into_iter()
                .filter(|r| r.signups + r.active + r.completions + r.purchases > 0)
                .map(|r| DailyStats { day: r.day, signups: r.signups, active: r.active, completions: r.completions, purchases: r.purchases })
                .collect())
        })
    }

    fn actives(&self, day: NaiveDate) -> PortResult<Actives> {
        self.run(|conn| {
            let row: ActiveRow = diesel::sql_query(format!(
                "SELECT (SELECT count(*) FROM activity_days a {LIVE} WHERE a.day = $1) AS daily, \
                        (SELECT count(DISTINCT a.user_id) FROM activity_days a {LIVE} WHERE a.day > $1 - 7 AND a.day <= $1) AS weekly, \
                        (SELECT count(DISTINCT a.user_id) FROM activity_days a {LIVE} WHERE a.day > $1 - 30 AND a.day <= $1) AS monthly"
            ))
            .bind::<Date, _>(day)
            .get_result(conn)?;
            Ok(Actives { daily: row.daily, weekly: row.weekly, monthly: row.monthly })
        })
    }

    fn members_total(&self) -> PortResult<i64> {
        self.run(|conn| {
            let row: Count = diesel::sql_query("SELECT count(*) AS n FROM users WHERE deleted_at IS NULL").get_result(conn)?;
            Ok(row.n)
        })
    }

    fn paying_by_plan(&self, now: Timestamp) -> PortResult<Vec<(String, i64)>> {
        self.run(|conn| {
            let rows: Vec<PlanCount> = diesel::sql_query(
                "SELECT plan_id, count(*) AS members FROM users \
                 WHERE deleted_at IS NULL AND member_is_paid(paid_date, end_paid_date, $1) \
                 GROUP BY plan_id ORDER BY members DESC, plan_id",
            )
            .bind::<Timestamptz, _>(now)
            .load(conn)?;
            Ok(rows.into_iter().map(|r| (r.plan_id.unwrap_or_default(), r.members)).collect())
        })
    }

    fn trials(&self, from: NaiveDate, to: NaiveDate) -> PortResult<(i64, i64)> {
        self.run(|conn| {
            // A trial converted when its subscription pays now, or ended after its first paid period began.
            let row: TrialRow = diesel::sql_query(
                "SELECT count(*) AS started, \
                        count(*) FILTER (WHERE s.status IN ('active', 'past_due') \
                           OR (s.status IN ('canceled', 'expired') AND s.current_period_end > c.created_at + make_interval(days => p.trial_days + 1))) AS converted \
                 FROM charges c JOIN plans p ON p.id = c.plan_id JOIN subscriptions s ON s.charge_id = c.id \
                 WHERE p.trial_days > 0 AND c.status IN ('paid', 'refunded') \
                   AND c.created_at >= ($1::date::timestamp AT TIME ZONE 'UTC') AND c.created_at < (($2::date + 1)::timestamp AT TIME ZONE 'UTC')",
            )
            .bind::<Date, _>(from)
            .bind::<Date, _>(to)
            .get_result(conn)?;
            Ok((row.started, row.converted))
        })
    }

    fn recurring(&self) -> PortResult<Recurring> {
        self.run(|conn| {
            let rows: Vec<IntervalSum> = diesel::sql_query(
                "SELECT p.billing_interval, coalesce(sum(c.amount_cents), 0)::bigint AS cents \
                 FROM subscriptions s JOIN charges c ON c.id = s.charge_id JOIN plans p ON p.id = c.plan_id \
                 WHERE s.status IN ('active', 'past_due') GROUP BY p.billing_interval",
            )
            .load(conn)?;
            let sum = |interval: &str| rows.iter().filter(|r| r.billing_interval.as_deref() == Some(interval)).map(|r| r.cents).sum();
            Ok(Recurring { monthly_cents: sum("month"), yearly_cents: sum("year") })
        })
    }

    fn churned(&self, from: NaiveDate, to: NaiveDate) -> PortResult<i64> {
        self.run(|conn| {
            let row: Count = diesel::sql_query(
                "SELECT count(*) AS n FROM subscriptions WHERE status IN ('canceled', 'expired') \
                   AND as_of >= ($1::date::timestamp AT TIME ZONE 'UTC') AND as_of < (($2::date + 1)::timestamp AT TIME ZONE 'UTC')",
            )
            .bind::<Date, _>(from)
            .bind::<Date, _>(to)
            .get_result(conn)?;
            Ok(row.n)
        })
    }

    fn renewing(&self) -> PortResult<i64> {
        self.run(|conn| {
            let row: Count =
                diesel::sql_query("SELECT count(*) AS n FROM subscriptions WHERE status IN ('trialing', 'active', 'past_due')").get_result(conn)?;
            Ok(row.n)
        })
    }

    fn top_books(&self, from: NaiveDate, to: NaiveDate, limit: i64) -> PortResult<Vec<TopBook>> {
        self.run(|conn| {
            let rows: Vec<TopRow> = diesel::sql_query(
                "SELECT b.id, b.title, sum(c.completions)::bigint AS completions FROM completions_daily c JOIN all_books b ON b.id = c.book_id \
                 WHERE c.day BETWEEN $1 AND $2 GROUP BY b.id, b.title ORDER BY completions DESC, b.id LIMIT $3",
            )
            .bind::<Date, _>(from)
            .bind::<Date, _>(to)
            .bind::<BigInt, _>(limit)
            .load(conn)?;
            Ok(rows.into_iter().map(|r| TopBook { id: r.id, title: r.title, completions: r.completions }).collect())
        })
    }
}
