//! The affiliate programme for members: applying (`/invite`) and their own figures.

use crate::auth::LiveMember;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, post, web, HttpResponse};
use referral::affiliate::{AffiliateStatus, ApplicationForm};
use referral::service::AffiliateAccount;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(my_affiliate).service(apply);
}

#[derive(Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum AffiliateStatusView {
    Pending,
    Approved,
    Rejected,
}

impl From<AffiliateStatus> for AffiliateStatusView {
    fn from(status: AffiliateStatus) -> Self {
        match status {
            AffiliateStatus::Pending => AffiliateStatusView::Pending,
            AffiliateStatus::Approved => AffiliateStatusView::Approved,
            AffiliateStatus::Rejected => AffiliateStatusView::Rejected,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AffiliateView {
    pub status: AffiliateStatusView,
    pub name: String,
    /// Where payouts and programme mail go.
    pub email: String,
    pub audience: String,
    /// Epoch milliseconds.
    pub applied_at: i64,
    /// The link that earns commission (`{site}/r/{id}`), once approved.
    #[schema(required = true)]
    pub link: Option<String>,
    /// Members who signed up through the link.
    pub referred: i64,
    pub earned_cents: i64,
    /// Credited within the refund window: not available yet.
    pub pending_cents: i64,
    pub paid_out_cents: i64,
    /// Available to be paid out (negative: owed after a refund of money paid out).
    pub balance_cents: i64,
}

impl From<AffiliateAccount> for AffiliateView {
    fn from(account: AffiliateAccount) -> Self {
        let r = account.record;
        let balance_cents = r.balance_cents();
        AffiliateView {
            status: r.status.into(),
            name: r.name,
            email: r.email,
            audience: r.audience,
            applied_at: r.applied_at.timestamp_millis(),
            link: account.link,
            referred: r.referred,
            earned_cents: r.earned_cents,
            pending_cents: r.pending_cents,
            paid_out_cents: r.paid_out_cents,
            balance_cents,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AffiliateResult {
    /// None until the member applies.
    #[schema(required = true)]
    pub affiliate: Option<AffiliateView>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AffiliateApplication {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub name: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub email: Option<String>,
    /// The website or audience the member would reach.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub audience: Option<String>,
    #[schema(value_type = bool, required = true)]
    pub accept_terms: Option<bool>,
}

/// The member's affiliate application and, once approved, their link and money.
#[utoipa::path(tag = "referral", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<AffiliateResult>),
    (status = 401, body = ErrorBody),
))]
#[get("/api/affiliate")]
async fn my_affiliate(state: web::Data<AppState>, caller: LiveMember) -> Result<HttpResponse, ApiError> {
    let member = caller.id;
    let account = state.referrals(move |r| r.affiliate_account(member)).await?;
    Ok(ok(AffiliateResult { affiliate: account.map(Into::into) }))
}

/// Applies to the affiliate programme (pending until an operator approves). Once, or again after
/// a rejection.
#[utoipa::path(tag = "referral", security(("bearer" = [])), request_body = AffiliateApplication, responses(
    (status = 200, body = OkBody<AffiliateResult>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "Already applied (pending or approved)"),
))]
#[post("/api/affiliate/apply")]
async fn apply(state: web::Data<AppState>, caller: LiveMember, body: web::Json<AffiliateApplication>) -> Result<HttpResponse, ApiError> {
    let (member, body) = (caller.id, body.into_inner());
    let account = state
        .referrals(move |r| {
            let form = ApplicationForm {
                name: body.name.as_deref(),
                email: body.email.as_deref(),
                audience: body.audience.as_deref(),
                accept_terms: body.accept_terms,
            };
            r.apply_as_affiliate(member, &form)
        })
        .await?;
    Ok(ok(AffiliateResult { affiliate: Some(account.into()) }))
}
