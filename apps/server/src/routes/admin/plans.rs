//! The back office's plans: the list and editing a plan's name, price, free trial and whether it
//! is sold, with a reason for the audit log. A subscription's PayPal plan follows its trial
//! through PayPal's API.

use crate::auth::AdminUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::routes::billing::PlanView;
use crate::state::AppState;
use actix_web::{get, put, web, HttpResponse};
use admin::service::PlanForm;
use billing::Plan;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(admin_list_plans).service(admin_update_plan);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPlanView {
    #[serde(flatten)]
    pub plan: PlanView,
    /// Sold now (inactive plans keep their rows for old purchases).
    pub active: bool,
    /// The PayPal billing plan of a subscription (found or made through PayPal's API).
    #[schema(required = true)]
    pub paypal_plan: Option<String>,
}

impl From<&Plan> for AdminPlanView {
    fn from(plan: &Plan) -> Self {
        AdminPlanView { plan: PlanView::from(plan), active: plan.active, paypal_plan: plan.paypal_plan.clone() }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminPlansResult {
    pub plans: Vec<AdminPlanView>,
}

#[derive(Serialize, ToSchema)]
pub struct AdminPlanResult {
    pub plan: AdminPlanView,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPlanRequest {
    pub name: Option<String>,
    /// Cents.
    pub price: Option<i64>,
    /// Subscriptions only.
    pub trial_days: Option<i64>,
    pub active: Option<bool>,
    /// Why (kept in the audit log); required. Read as optional so that a missing one gets the
    /// form's message rather than a parse error, but documented as it must be sent.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub reason: Option<String>,
}

/// Every plan but single books' (priced on the book form), cheapest first.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<AdminPlansResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/plans")]
async fn admin_list_plans(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let plans = state.admin(|a| a.plans()).await?;
    Ok(ok(AdminPlansResult { plans: plans.iter().map(AdminPlanView::from).collect() }))
}

/// Saves a plan's name, price, trial and whether it is sold; applies to purchases from now on.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = String, Path)), request_body = AdminPlanRequest, responses(
    (status = 200, body = OkBody<AdminPlanResult>),
    (status = 400, body = ErrorBody, description = "A bad name, price or trial, or no reason"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 502, body = ErrorBody, description = "PayPal could not be reached for a new trial: nothing changed"),
))]
#[put("/api/admin/plans/{id}")]
async fn admin_update_plan(
    state: web::Data<AppState>,
    caller: AdminUser,
    id: web::Path<String>,
    body: web::Json<AdminPlanRequest>,
) -> Result<HttpResponse, ApiError> {
    let (actor, id, body) = (caller.0.id, id.into_inner(), body.into_inner());
    let providers = state.payments.clone();
    let plan = state
        .admin(move |a| {
            let form = PlanForm {
                name: body.name.as_deref(),
                amount_cents: body.price,
                trial_days: body.trial_days,
                active: body.active,
                reason: body.reason.as_deref(),
            };
            a.update_plan(actor, &id, &form, &providers.paypal_plans())
        })
        .await?;
    Ok(ok(AdminPlanResult { plan: AdminPlanView::from(&plan) }))
}
