//! The member's subscription (the account page) and turning its renewal off (`/cancel`), plus the
//! housekeeping that turns off deleted accounts' renewals.

use crate::auth::AuthUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, post, web, HttpResponse};
use billing::cancel::SubscriptionSummary;
use billing::subscription::SubscriptionStatus;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(subscription)
        .service(cancel)
        .service(cancel_without_prefix)
        .service(redeem_any)
        .service(redeem_stacksocial)
        .service(start_card_update)
        .service(finish_card_update);
}

/// A subscription as the account page shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionView {
    pub plan_id: String,
    pub plan_name: String,
    pub paid_with: PaidWith,
    pub status: SubscriptionStatusView,
    /// Epoch ms: the next renewal while it renews, else the last day of access.
    pub period_end: i64,
    /// Whether "Turn off auto-renewal" still applies.
    pub renews: bool,
}

#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum PaidWith {
    Card,
    Paypal,
}

/// `canceled`: renewal is off, access lasts to `periodEnd`; `past_due`: a renewal failed and is
/// retried (access through the grace period); `unpaid`, `paused`, `incomplete`: no access;
/// `expired` and `incomplete_expired`: ended.
#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum SubscriptionStatusView {
    Incomplete,
    Trialing,
    Active,
    PastDue,
    Unpaid,
    Paused,
    Canceled,
    IncompleteExpired,
    Expired,
}

impl From<SubscriptionStatus> for SubscriptionStatusView {
    fn from(status: SubscriptionStatus) -> Self {
        match status {
            SubscriptionStatus::Incomplete => SubscriptionStatusView::Incomplete,
            SubscriptionStatus::Trialing => SubscriptionStatusView::Trialing,
            SubscriptionStatus::Active => SubscriptionStatusView::Active,
            SubscriptionStatus::PastDue => SubscriptionStatusView::PastDue,
            SubscriptionStatus::Unpaid => SubscriptionStatusView::Unpaid,
            SubscriptionStatus::Paused => SubscriptionStatusView::Paused,
            SubscriptionStatus::Canceled => SubscriptionStatusView::Canceled,
            SubscriptionStatus::IncompleteExpired => SubscriptionStatusView::IncompleteExpired,
            SubscriptionStatus::Expired => SubscriptionStatusView::Expired,
        }
    }
}

impl From<SubscriptionSummary> for SubscriptionView {
    fn from(s: SubscriptionSummary) -> Self {
        SubscriptionView {
            plan_id: s.plan_id,
            plan_name: s.plan_name,
            paid_with: if s.provider == billing::gateway::PAYPAL { PaidWith::Paypal } else { PaidWith::Card },
            status: s.status.into(),
            period_end: s.period_end.timestamp_millis(),
            renews: s.renews,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct SubscriptionResult {
    /// None for a plan for life, a code, or never paid.
    #[schema(required = true)]
    pub subscription: Option<SubscriptionView>,
}

/// The member's subscription: the one that renews, else the one still giving access.
#[utoipa::path(tag = "billing", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<SubscriptionResult>),
    (status = 401, body = ErrorBody),
))]
#[get("/api/charge/subscription")]
async fn subscription(state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    let session = caller.session();
    let found = state.billing(move |b| b.subscription(session)).await?;
    Ok(ok(SubscriptionResult { subscription: found.map(SubscriptionView::from) }))
}

#[derive(Deserialize, ToSchema)]
pub struct CancelRequest {
    /// One of: too expensive, not using, using other app, not using it right now, not working,
    /// no autorenewals, no android app, other.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub reason: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct CancelResult {
    pub subscription: SubscriptionView,
}

async fn turn_off_renewal(state: web::Data<AppState>, caller: AuthUser, body: web::Json<CancelRequest>) -> Result<HttpResponse, ApiError> {
    let reason = body.into_inner().reason;
    let session = caller.session();
    let providers = state.payments.clone();
    let summary = state.billing(move |b| b.cancel_renewal(providers.gateways(), session, reason.as_deref())).await?;
    Ok(ok(CancelResult { subscription: summary.into() }))
}

/// Turns off auto-renewal: the subscription ends at its period end, and access lasts until then.
#[utoipa::path(tag = "billing", security(("bearer" = [])), request_body = CancelRequest, responses(
    (status = 200, body = OkBody<CancelResult>),
    (status = 400, body = ErrorBody, description = "'Please choose a reason.'"),
    (status = 401, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "No subscription renews"),
    (status = 502, body = ErrorBody, description = "The provider could not be reached; nothing changed"),
))]
#[post("/api/charge/cancel")]
async fn cancel(state: web::Data<AppState>, caller: AuthUser, body: web::Json<CancelRequest>) -> Result<HttpResponse, ApiError> {
    turn_off_renewal(state, caller, body).await
}

/// The same as `POST /api/charge/cancel` (the spec's path, without `/api`).
#[utoipa::path(tag = "billing", security(("bearer" = [])), request_body = CancelRequest, responses(
    (status = 200, body = OkBody<CancelResult>),
    (status = 400, body = ErrorBody, description = "'Please choose a reason.'"),
    (status = 401, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "No subscription renews"),
    (status = 502, body = ErrorBody, description = "The provider could not be reached; nothing changed"),
))]
#[post("/charge/cancel")]
async fn cancel_without_prefix(state: web::Data<AppState>, caller: AuthUser, body: web::Json<CancelRequest>) -> Result<HttpResponse, ApiError> {
    turn_off_renewal(state, caller, body).await
}

#[derive(Deserialize, ToSchema)]
pub struct RedeemRequest {
    /// The code as typed (any case, spaces and dashes ignored).
    #[schema(value_type = String, required = true, min_length = 1)]
    pub code: Option<String>,
}

/// What the member has after redeeming.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RedeemResult {
    pub plan_id: String,
    /// Epoch ms; null for life.
    #[schema(required = true)]
    pub end_paid_date: Option<i64>,
    pub is_paid: bool,
}

async fn redeem(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    caller: AuthUser,
    body: web::Json<RedeemRequest>,
    only: Option<billing::codes::CodeKind>,
) -> Result<HttpResponse, ApiError> {
    let code = body.into_inner().code;
    let session = caller.session();
    let client = crate::auth::client_address(&req);
    let providers = state.payments.clone();
    let redeemed = state.billing(move |b| b.redeem(&providers.secrets, session, code.as_deref(), only, &client)).await?;
    let is_paid = redeemed.plan.gives_access(state.clock.now());
    let mut response = HttpResponse::Ok();
    crate::auth::set_paid_cookie(&mut response, &req, is_paid);
    Ok(response.json(OkBody {
        status: "ok",
        result: RedeemResult { plan_id: redeemed.plan.plan_id, end_paid_date: redeemed.plan.end_paid_date.map(|d| d.timestamp_millis()), is_paid },
    }))
}

/// Redeems a gift, seat or subscription code for the signed-in member: it extends their plan.
#[utoipa::path(tag = "billing", security(("bearer" = [])), request_body = RedeemRequest, responses(
    (status = 200, body = OkBody<RedeemResult>),
    (status = 400, body = ErrorBody, description = "'Please provide a valid redemption code.' or 'This code is invalid or has already been used.'"),
    (status = 401, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "Premium for life already: the code is kept for someone else"),
    (status = 429, body = ErrorBody, description = "Too many attempts from this address"),
))]
#[post("/api/user/redeem")]
async fn redeem_any(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    caller: AuthUser,
    body: web::Json<RedeemRequest>,
) -> Result<HttpResponse, ApiError> {
    redeem(req, state, caller, body, None).await
}

/// Redeems a StackSocial lifetime deal code (the spec's Redeem page).
#[utoipa::path(tag = "billing", security(("bearer" = [])), request_body = RedeemRequest, responses(
    (status = 200, body = OkBody<RedeemResult>),
    (status = 400, body = ErrorBody, description = "'Please provide a valid redemption code.' or 'This code is invalid or has already been used.'"),
    (status = 401, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "Premium for life already"),
    (status = 429, body = ErrorBody, description = "Too many attempts from this address"),
))]
#[post("/api/user/stacksocial")]
async fn redeem_stacksocial(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    caller: AuthUser,
    body: web::Json<RedeemRequest>,
) -> Result<HttpResponse, ApiError> {
    redeem(req, state, caller, body, Some(billing::codes::CodeKind::StackSocial)).await
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardSetupResult {
    /// Complete it with Stripe.js `confirmCardSetup`, then confirm `setupIntentId`.
    pub client_secret: String,
    pub setup_intent_id: String,
}

/// Starts replacing the card the member's subscription charges (after a failed renewal, or any
/// time): a SetupIntent of the subscription's own customer.
#[utoipa::path(tag = "billing", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<CardSetupResult>),
    (status = 401, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "No subscription paid by card (or paid with PayPal: its wallet holds the card)"),
    (status = 502, body = ErrorBody, description = "Stripe could not be reached; nothing changed"),
))]
#[post("/api/charge/payment-method")]
async fn start_card_update(state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    let session = caller.session();
    let providers = state.payments.clone();
    let setup = state.billing(move |b| b.start_card_update(providers.gateways(), session)).await?;
    Ok(ok(CardSetupResult { client_secret: setup.client_secret, setup_intent_id: setup.id }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardUpdateRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub setup_intent_id: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardUpdateResult {
    pub subscription: SubscriptionView,
    /// The card is saved but the unpaid renewal retried with it was declined: the bank's message.
    #[schema(required = true)]
    pub payment_declined: Option<String>,
}

/// After the page saved the card: it becomes the subscription's, an unpaid renewal is retried
/// with it, and the member's access follows the subscription's state.
#[utoipa::path(tag = "billing", security(("bearer" = [])), request_body = CardUpdateRequest, responses(
    (status = 200, body = OkBody<CardUpdateResult>),
    (status = 400, body = ErrorBody, description = "The card was not saved (the setup is not completed, or not this member's)"),
    (status = 401, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "No subscription paid by card"),
    (status = 502, body = ErrorBody, description = "Stripe could not be reached"),
))]
#[post("/api/charge/payment-method/confirm")]
async fn finish_card_update(state: web::Data<AppState>, caller: AuthUser, body: web::Json<CardUpdateRequest>) -> Result<HttpResponse, ApiError> {
    let setup = body.into_inner().setup_intent_id;
    let session = caller.session();
    let providers = state.payments.clone();
    let updated = state.billing(move |b| b.finish_card_update(providers.gateways(), session, setup.as_deref())).await?;
    let (summary, payment_declined) = match updated {
        billing::service::CardUpdated::Done(summary) => (summary, None),
        billing::service::CardUpdated::Declined(summary, message) => {
            (summary, Some(message.unwrap_or_else(|| "Your bank declined the payment with this card.".to_owned())))
        }
    };
    Ok(ok(CardUpdateResult { subscription: summary.into(), payment_declined }))
}
