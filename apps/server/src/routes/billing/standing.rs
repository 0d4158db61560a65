//! What a purchase means before paying (`/api/charge/standing`) and the member's grants of
//! Premium (`/api/user/grants`), for the payment, pricing and account pages.

use crate::auth::{AuthUser, MemberOrGuest};
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use billing::standing::Refusal;
use billing::BillingError;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(standing).service(grants);
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct StandingQuery {
    /// The plan the page sells.
    pub plan_id: Option<String>,
}

/// Why buying is refused (`already_for_life`, `already_subscribed`), with the message to show.
#[derive(Serialize, ToSchema)]
pub struct RefusalView {
    pub code: String,
    pub message: String,
}

/// A subscription the purchase replaces.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReplacementView {
    pub plan_name: String,
    /// `now`: a trial that ends with no charge; `period_end`: kept until `accessUntil`, no renewal.
    pub ending: String,
    /// Epoch ms.
    pub access_until: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StandingResult {
    #[schema(required = true)]
    pub refusal: Option<RefusalView>,
    pub replaces: Vec<ReplacementView>,
    /// The free trial this purchase starts (0: charged at once).
    pub trial_days: u32,
    /// Epoch ms when the buyer's free trial was used, if it was and the plan has one.
    #[schema(required = true)]
    pub trial_used_on: Option<i64>,
}

/// What buying a plan means for the caller: refused when it would give nothing (Premium for life,
/// or a subscription as good that renews), the subscription it replaces and how that ends, and
/// whether it comes with a free trial (one per account, e-mail, card and PayPal account).
#[utoipa::path(security(("bearer" = []), ()), tag = "billing", params(StandingQuery), responses(
    (status = 200, body = OkBody<StandingResult>),
    (status = 400, body = ErrorBody, description = "'Invalid plan id'"),
    (status = 401, body = ErrorBody, description = "A token was sent but is no longer valid"),
))]
#[get("/api/charge/standing")]
async fn standing(state: web::Data<AppState>, caller: MemberOrGuest, query: web::Query<StandingQuery>) -> Result<HttpResponse, ApiError> {
    let plan_id = query.into_inner().plan_id;
    let session = caller.session();
    let decided = state.billing(move |b| b.purchase_standing(plan_id.as_deref(), session)).await?;
    let refusal = decided.refusal.as_ref().map(|refusal| {
        let error = match refusal {
            Refusal::ForLife => BillingError::HasLifetime,
            Refusal::Subscribed { plan_name, renews_on } => BillingError::AlreadySubscribed { plan_name: plan_name.clone(), renews_on: *renews_on },
            Refusal::EmailNotConfirmed => BillingError::EmailNotConfirmed,
        };
        RefusalView { code: error.code().to_owned(), message: error.to_string() }
    });
    Ok(ok(StandingResult {
        refusal,
        replaces: decided
            .replaces
            .iter()
            .map(|r| ReplacementView { plan_name: r.plan_name.clone(), ending: r.ending.as_str().to_owned(), access_until: r.access_until.timestamp_millis() })
            .collect(),
        trial_days: decided.trial_days,
        trial_used_on: decided.trial_used_on.map(|at| at.timestamp_millis()),
    }))
}

/// One grant of Premium as the account page lists it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GrantView {
    pub plan_id: String,
    pub plan_name: String,
    /// `purchase`, `code` (a gift, seat or code redeemed), `operator`, `legacy`.
    pub source: String,
    /// Epoch ms.
    pub starts_at: i64,
    /// Epoch ms; null: for life.
    #[schema(required = true)]
    pub ends_at: Option<i64>,
    /// Gives Premium now.
    pub live: bool,
    /// Taken back (`refund`, `dispute`, `operator`).
    #[schema(required = true)]
    pub revoked: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct GrantsResult {
    pub grants: Vec<GrantView>,
}

/// The member's grants of Premium, live ones first: what their access is the union of.
#[utoipa::path(tag = "user", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<GrantsResult>),
    (status = 401, body = ErrorBody),
))]
#[get("/api/user/grants")]
async fn grants(state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    let session = caller.session();
    let now = state.clock.now();
    let listed = state.billing(move |b| b.grants(session)).await?;
    Ok(ok(GrantsResult {
        grants: listed
            .into_iter()
            .map(|(grant, plan_name)| GrantView {
                plan_id: grant.plan_id.clone(),
                plan_name,
                source: grant.source.kind().to_owned(),
                starts_at: grant.starts_at.timestamp_millis(),
                ends_at: grant.effective_end().map(|end| end.timestamp_millis()),
                live: grant.is_live(now),
                revoked: grant.revoked.map(|(_, why)| why.as_str().to_owned()),
            })
            .collect(),
    }))
}
