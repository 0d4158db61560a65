//! The back office's affiliates (`/admin/affiliates`): applications to decide, balances, payouts
//! and the CSV export.

use crate::auth::AdminUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::routes::affiliate::AffiliateStatusView;
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpResponse};
use referral::affiliate::{AffiliateFilter, AffiliateRecord, AffiliateStatus};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(list_affiliates).service(affiliates_csv).service(decide).service(pay_out);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminAffiliate {
    pub user_id: i64,
    /// The account's own address.
    pub account_email: String,
    pub name: String,
    /// Where payouts go.
    pub email: String,
    pub audience: String,
    pub status: AffiliateStatusView,
    /// Epoch milliseconds.
    pub applied_at: i64,
    #[schema(required = true)]
    pub decided_at: Option<i64>,
    pub referred: i64,
    pub earned_cents: i64,
    /// Credited within the refund window: not available yet.
    pub pending_cents: i64,
    pub paid_out_cents: i64,
    /// Available to be paid out (negative: owed after a refund of money paid out).
    pub balance_cents: i64,
}

impl From<AffiliateRecord> for AdminAffiliate {
    fn from(r: AffiliateRecord) -> Self {
        let balance_cents = r.balance_cents();
        AdminAffiliate {
            user_id: r.member.0,
            account_email: r.account_email,
            name: r.name,
            email: r.email,
            audience: r.audience,
            status: r.status.into(),
            applied_at: r.applied_at.timestamp_millis(),
            decided_at: r.decided_at.map(|d| d.timestamp_millis()),
            referred: r.referred,
            earned_cents: r.earned_cents,
            pending_cents: r.pending_cents,
            paid_out_cents: r.paid_out_cents,
            balance_cents,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminAffiliatesPage {
    pub affiliates: Vec<AdminAffiliate>,
    /// Affiliates the filter keeps.
    pub total: i64,
    /// Applications waiting for a decision, whatever the filter.
    pub pending: i64,
}

#[derive(Serialize, ToSchema)]
pub struct AdminAffiliateResult {
    pub affiliate: AdminAffiliate,
}

#[derive(Deserialize, ToSchema, Clone, Copy, Default)]
#[serde(rename_all = "lowercase")]
pub enum AffiliateListFilter {
    #[default]
    All,
    Pending,
    Approved,
    Rejected,
}

#[derive(Deserialize, IntoParams)]
pub struct AffiliatesQuery {
    /// How many affiliates to skip (pages of 50).
    pub start: Option<i64>,
    #[param(inline)]
    pub filter: Option<AffiliateListFilter>,
}

#[derive(Deserialize, ToSchema)]
pub struct AffiliateDecision {
    /// `approved` or `rejected`.
    pub status: AffiliateStatusView,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayoutRequest {
    #[schema(value_type = i64, required = true, minimum = 1)]
    pub amount_cents: Option<i64>,
    pub note: Option<String>,
}

fn status_of(view: AffiliateStatusView) -> AffiliateStatus {
    match view {
        AffiliateStatusView::Pending => AffiliateStatus::Pending,
        AffiliateStatusView::Approved => AffiliateStatus::Approved,
        AffiliateStatusView::Rejected => AffiliateStatus::Rejected,
    }
}

/// Affiliates, pending applications first and then the newest, 50 at a time.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(AffiliatesQuery), responses(
    (status = 200, body = OkBody<AdminAffiliatesPage>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/affiliates")]
async fn list_affiliates(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<AffiliatesQuery>) -> Result<HttpResponse, ApiError> {
    let start = query.start.unwrap_or(0);
    let filter = match query.filter.unwrap_or_default() {
        AffiliateListFilter::All => AffiliateFilter::All,
        AffiliateListFilter::Pending => AffiliateFilter::Only(AffiliateStatus::Pending),
        AffiliateListFilter::Approved => AffiliateFilter::Only(AffiliateStatus::Approved),
        AffiliateListFilter::Rejected => AffiliateFilter::Only(AffiliateStatus::Rejected),
    };
    let page = state.referrals(move |r| r.affiliates(filter, start)).await?;
    Ok(ok(AdminAffiliatesPage { affiliates: page.affiliates.into_iter().map(Into::into).collect(), total: page.total, pending: page.pending }))
}

/// Every affiliate with their money, as CSV (dollars with two decimals).
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses(
    (status = 200, content_type = "text/csv", body = String),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/affiliates.csv")]
async fn affiliates_csv(state: web::Data<AppState>, admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let operator = admin.0.id;
    let csv = state.referrals(move |r| r.affiliates_csv(operator)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(("Content-Disposition", format!("attachment; filename=\"{}\"", referral::service::AFFILIATES_CSV)))
        .body(csv))
}

/// Approves or rejects an affiliate.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("userId" = i64, Path)), request_body = AffiliateDecision, responses(
    (status = 200, body = OkBody<AdminAffiliateResult>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[put("/api/admin/affiliates/{userId}")]
async fn decide(state: web::Data<AppState>, admin: AdminUser, user_id: web::Path<i64>, body: web::Json<AffiliateDecision>) -> Result<HttpResponse, ApiError> {
    let (operator, member, decision) = (admin.0.id, kernel::UserId(user_id.into_inner()), status_of(body.status));
    let affiliate = state.referrals(move |r| r.decide_affiliate(operator, member, decision)).await?;
    Ok(ok(AdminAffiliateResult { affiliate: affiliate.into() }))
}

/// Records money paid to an approved affiliate (a payout entry in the ledger), at most their balance.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("userId" = i64, Path)), request_body = PayoutRequest, responses(
    (status = 200, body = OkBody<AdminAffiliateResult>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[post("/api/admin/affiliates/{userId}/payouts")]
async fn pay_out(state: web::Data<AppState>, admin: AdminUser, user_id: web::Path<i64>, body: web::Json<PayoutRequest>) -> Result<HttpResponse, ApiError> {
    let (operator, member, body) = (admin.0.id, kernel::UserId(user_id.into_inner()), body.into_inner());
    let affiliate = state.referrals(move |r| r.record_payout(operator, member, body.amount_cents, body.note.as_deref())).await?;
    Ok(ok(AdminAffiliateResult { affiliate: affiliate.into() }))
}
