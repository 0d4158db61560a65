//! The statistics page (`/admin/stats`) and its CSV export.

use crate::auth::AdminUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use admin::stats::Stats;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(stats).service(stats_csv);
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct StatsQuery {
    /// yyyy-mm-dd (UTC), included; 30 days before `to` by default.
    pub from: Option<String>,
    /// yyyy-mm-dd (UTC), included; today by default.
    pub to: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayView {
    /// yyyy-mm-dd.
    pub day: String,
    pub signups: i64,
    pub active: i64,
    pub completions: i64,
    pub purchases: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanCountView {
    pub plan_id: String,
    pub members: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TopBookView {
    pub id: i64,
    pub title: String,
    pub completions: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatsResult {
    pub from: String,
    pub to: String,
    pub days: Vec<DayView>,
    /// Members active on `to`, in the 7 and the 30 days ending on it.
    pub daily_active: i64,
    pub weekly_active: i64,
    pub monthly_active: i64,
    pub members: i64,
    pub paying_by_plan: Vec<PlanCountView>,
    pub trials_started: i64,
    pub trials_converted: i64,
    /// 0 to 1.
    pub trial_conversion: f64,
    /// Monthly recurring revenue, in cents.
    pub mrr: i64,
    pub churned: i64,
    pub renewing: i64,
    /// 0 to 1.
    pub churn_rate: f64,
    pub top_books: Vec<TopBookView>,
}

impl From<Stats> for StatsResult {
    fn from(s: Stats) -> Self {
        StatsResult {
            from: s.from.to_string(),
            to: s.to.to_string(),
            trial_conversion: s.trial_conversion(),
            churn_rate: s.churn_rate(),
            days: s
                .days
                .into_iter()
                .map(|d| DayView { day: d.day.to_string(), signups: d.signups, active: d.active, completions: d.completions, purchases: d.purchases })
                .collect(),
            daily_active: s.actives.daily,
            weekly_active: s.actives.weekly,
            monthly_active: s.actives.monthly,
            members: s.members,
            paying_by_plan: s.paying_by_plan.into_iter().map(|(plan_id, members)| PlanCountView { plan_id, members }).collect(),
            trials_started: s.trials_started,
            trials_converted: s.trials_converted,
            mrr: s.mrr_cents,
            churned: s.churned,
            renewing: s.renewing,
            top_books: s.top_books.into_iter().map(|b| TopBookView { id: b.id, title: b.title, completions: b.completions }).collect(),
        }
    }
}

/// Sign-ups, actives, paying members by plan, trial conversion, MRR, churn, completions and top
/// books over a range of days.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(StatsQuery), responses(
    (status = 200, body = OkBody<StatsResult>),
    (status = 400, body = ErrorBody, description = "Dates not as yyyy-mm-dd, a start after the end, or more than 366 days"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/stats")]
async fn stats(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<StatsQuery>) -> Result<HttpResponse, ApiError> {
    let StatsQuery { from, to } = query.into_inner();
    let figures = state.admin(move |a| a.stats(from.as_deref(), to.as_deref())).await?;
    Ok(ok(StatsResult::from(figures)))
}

/// The daily series as CSV (day, signups, active, completions, purchases).
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(StatsQuery), responses(
    (status = 200, content_type = "text/csv", body = String),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/stats.csv")]
async fn stats_csv(state: web::Data<AppState>, admin: AdminUser, query: web::Query<StatsQuery>) -> Result<HttpResponse, ApiError> {
    let (StatsQuery { from, to }, actor) = (query.into_inner(), admin.0.id);
    let figures = state.admin(move |a| a.stats_export(actor, from.as_deref(), to.as_deref())).await?;
    let name = format!("gistbook-stats-{}-{}.csv", figures.from, figures.to);
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(("Content-Disposition", format!("attachment; filename=\"{name}\"")))
        .body(figures.to_csv()))
}
