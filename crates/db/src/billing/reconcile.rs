//! billing's `ReconcileBook`: charges and members page by page, and the reports of reconciliation.

use super::PgBillingStore;
use super::{state_of, ChargeRow, StateRow, STATE_COLUMNS};
use crate::schema::{access_grants, charges, reconcile_runs, subscriptions, users};
use billing::access::MemberPlan;
use billing::checkout::Charge;
use billing::ports::ReconcileBook;
use billing::reconcile::{Problem, ProblemKind, ReconcileReport};
use billing::subscription::SubscriptionState;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::{PortResult, UserId};
use serde_json::{json, Value};

impl ReconcileBook for PgBillingStore<'_> {
    fn charges_after(&self, after: Option<&str>, limit: usize) -> PortResult<Vec<(Charge, Option<SubscriptionState>)>> {
        self.run(|conn| {
            let mut query = charges::table
                .left_join(subscriptions::table)
                .select((ChargeRow::as_select(), STATE_COLUMNS.nullable()))
                .order(charges::id)
                .limit(i64::try_from(limit).unwrap_or(i64::MAX))
                .into_boxed();
            if let Some(after) = after {
                query = query.filter(charges::id.gt(after.to_owned()));
            }
            let rows: Vec<(ChargeRow, Option<StateRow>)> = query.load(conn)?;
            Ok(rows.into_iter().filter_map(|(charge, state)| Some((charge.into_charge()?, state.and_then(state_of)))).collect())
        })
    }

    fn members_with_plans_after(&self, after: Option<UserId>, limit: usize) -> PortResult<Vec<UserId>> {
        self.run(|conn| {
            let after = after.map_or(i64::MIN, |u| u.0);
            let with_grants = access_grants::table.select(access_grants::user_id);
            let ids: Vec<i64> = users::table
                .filter(users::id.gt(after))
                .filter(users::plan_id.is_not_null().or(users::id.eq_any(with_grants)))
                .order(users::id)
                .limit(i64::try_from(limit).unwrap_or(i64::MAX))
                .select(users::id)
                .load(conn)?;
            Ok(ids.into_iter().map(UserId).collect())
        })
    }

    fn stored_member_plan(&self, user: UserId) -> PortResult<Option<MemberPlan>> {
        self.run(|conn| {
            let row: Option<PlanFields> = users::table.find(user.0).select((users::plan_id, users::paid_date, users::end_paid_date)).first(conn).optional()?;
            Ok(match row {
                Some((Some(plan_id), Some(paid_date), end_paid_date)) => Some(MemberPlan { plan_id, paid_date, end_paid_date }),
                _ => None,
            })
        })
    }

    fn save_reconcile_report(&self, report: &ReconcileReport) -> PortResult<()> {
        let problems: Vec<Value> = report
            .problems
            .iter()
            .map(|p| json!({"kind": p.kind.as_str(), "chargeId": p.charge_id, "userId": p.user.map(|u| u.0), "detail": p.detail, "fixed": p.fixed}))
            .collect();
        self.run(|conn| {
            diesel::insert_into(reconcile_runs::table)
                .values(NewRunRow {
                    finished_at: report.finished_at,
                    charges_checked: i32::try_from(report.charges_checked).unwrap_or(i32::MAX),
                    members_checked: i32::try_from(report.members_checked).unwrap_or(i32::MAX),
                    problems: Value::Array(problems.clone()),
                })
                .execute(conn)?;
            // A year of hourly runs is plenty to look back on.
            let keep_from = report.finished_at - chrono::Duration::days(366);
            diesel::delete(reconcile_runs::table.filter(reconcile_runs::finished_at.lt(keep_from))).execute(conn).map(drop)
        })
    }

    fn last_reconcile_report(&self) -> PortResult<Option<ReconcileReport>> {
        self.run(|conn| {
            let row: Option<(DateTime<Utc>, i32, i32, Value)> = reconcile_runs::table
                .order((reconcile_runs::finished_at.desc(), reconcile_runs::id.desc()))
                .select((reconcile_runs::finished_at, reconcile_runs::charges_checked, reconcile_runs::members_checked, reconcile_runs::problems))
                .first(conn)
                .optional()?;
            Ok(row.map(|(finished_at, charges, members, problems)| ReconcileReport {
                finished_at,
                charges_checked: u32::try_from(charges).unwrap_or(0),
                members_checked: u32::try_from(members).unwrap_or(0),
                problems: problems.as_array().map(|list| list.iter().filter_map(problem_of).collect()).unwrap_or_default(),
            }))
        })
    }
}

/// `users.plan_id`, `paid_date`, `end_paid_date`.
type PlanFields = (Option<String>, Option<DateTime<Utc>>, Option<DateTime<Utc>>);

fn problem_of(value: &Value) -> Option<Problem> {
    Some(Problem {
        kind: ProblemKind::parse(value["kind"].as_str()?)?,
        charge_id: value["chargeId"].as_str().map(str::to_owned),
        user: value["userId"].as_i64().map(UserId),
        detail: value["detail"].as_str().unwrap_or_default().to_owned(),
        fixed: value["fixed"].as_bool().unwrap_or(false),
    })
}

#[derive(Insertable)]
#[diesel(table_name = reconcile_runs)]
struct NewRunRow {
    finished_at: DateTime<Utc>,
    charges_checked: i32,
    members_checked: i32,
    problems: Value,
}
