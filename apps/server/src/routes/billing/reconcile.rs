//! Reconciliation with the payment providers: the periodic job (which repairs what is safe to
//! repair) and its last report for the back office (`/admin/stats`).

use crate::auth::AdminUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use billing::reconcile::{Problem, ReconcileReport};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(last_reconcile);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProblemView {
    /// paid_but_not_recorded, reference_missing, abandoned, paid_here_only, subscription_differs,
    /// subscription_unknown, grant_missing, grant_of_taken_back_charge, plan_fields_differ, unchecked.
    pub kind: String,
    #[schema(required = true)]
    pub charge_id: Option<String>,
    #[schema(required = true)]
    pub user_id: Option<i64>,
    pub detail: String,
    /// Repaired by that run.
    pub fixed: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReconcileView {
    /// When the last run finished (RFC 3339).
    pub finished_at: String,
    pub charges_checked: u32,
    pub members_checked: u32,
    /// Differences that run found (housekeeping, such as dropping charges never paid, is left out).
    pub problems: Vec<ProblemView>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LastReconcileResult {
    /// `null` before the first run.
    #[schema(required = true)]
    pub last: Option<ReconcileView>,
}

fn view(report: ReconcileReport) -> ReconcileView {
    let problem = |p: &Problem| ProblemView {
        kind: p.kind.as_str().to_owned(),
        charge_id: p.charge_id.clone(),
        user_id: p.user.map(|u| u.0),
        detail: p.detail.clone(),
        fixed: p.fixed,
    };
    ReconcileView {
        finished_at: report.finished_at.to_rfc3339(),
        charges_checked: report.charges_checked,
        members_checked: report.members_checked,
        problems: report.differences().map(problem).collect(),
    }
}

/// The last reconciliation of charges, subscriptions, grants and plan fields with the providers.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<LastReconcileResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/reconcile")]
async fn last_reconcile(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let last = state.billing(|b| b.last_reconcile()).await?;
    Ok(ok(LastReconcileResult { last: last.map(view) }))
}
