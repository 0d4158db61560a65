//! Card checkout (`/api/charge/process/{planId}`, 3-D Secure confirmation) and attaching a guest's
//! purchase to an account (`/api/user/mark-as-paid`).

use crate::auth::{set_paid_cookie, AuthUser, MemberOrGuest};
use crate::envelope::{ApiError, ErrorBody, Ok as OkBody};
use crate::routes::documents::{pdf_response, FileBytes, StoredCovers};
use crate::state::AppState;
use actix_web::{post, web, HttpRequest, HttpResponse};
use billing::access::MemberPlan;
use billing::checkout::{Buyer, CheckoutResult};
use billing::codes::GiftDetails;
use billing::service::{Basket, CardCheckout, CouponGuesser};
use billing::BillingError;
use kernel::Timestamp;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(process).service(confirm).service(mark_as_paid);
}

/// The spec's checkout body. Amounts are never read: only choices, each checked by billing.
// The spec's whole body is accepted; `planId` is read from the path.
#[allow(dead_code)]
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChargeRequest {
    /// The Stripe PaymentMethod id Stripe.js made in the browser.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub token: Option<String>,
    /// Ignored: the path names the plan.
    pub plan_id: Option<String>,
    /// 0, 20 or 50 infographics.
    pub add_infographics: Option<i64>,
    pub coupon_code: Option<String>,
    /// For guests: where the receipt goes (members' own address is used).
    pub email: Option<String>,
    /// Seats, for the bulk plan.
    pub quantity: Option<i64>,
    /// The referral link the buyer came through (`/r/{rId}`): kept with the purchase, it credits
    /// an affiliate (10% of Premium) or a referrer (see `docs/referral.md`).
    pub r_id: Option<String>,
    /// A gift: the code goes to `recipientEmail`, or to the buyer when it is left blank.
    pub gift: Option<bool>,
    pub sender_name: Option<String>,
    pub recipient_name: Option<String>,
    pub recipient_email: Option<String>,
    pub recipient_msg: Option<String>,
    /// The buyer was told their free trial was used (`trial_used`) and agreed to pay now.
    pub without_trial: Option<bool>,
}

impl ChargeRequest {
    /// The gift form, when any of it was sent.
    fn gift_details(&self) -> Result<Option<GiftDetails>, BillingError> {
        let sent = [&self.sender_name, &self.recipient_name, &self.recipient_email, &self.recipient_msg].iter().any(|f| f.is_some());
        if !sent && self.gift != Some(true) {
            return Ok(None);
        }
        GiftDetails::parse(self.sender_name.as_deref(), self.recipient_name.as_deref(), self.recipient_email.as_deref(), self.recipient_msg.as_deref())
            .map(Some)
    }
}

/// What a checkout came to.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChargeResult {
    /// `requires_action`: complete 3-D Secure with `clientSecret` in Stripe.js, then
    /// `POST /api/charge/confirm` with `chargeId`.
    pub status: ChargeStatusView,
    /// The purchase's public id; a guest signs up or logs in with it to attach the purchase.
    pub charge_id: String,
    #[schema(required = true)]
    pub client_secret: Option<String>,
    /// The signed-in buyer reads premium summaries now.
    pub is_paid: bool,
    /// Paid without an account: sign up or log in to attach it.
    pub not_logged_in: bool,
    /// The plan the member now holds, with its end (epoch ms; null for life).
    #[schema(required = true)]
    pub plan_id: Option<String>,
    #[schema(required = true)]
    pub end_paid_date: Option<i64>,
    /// Where the infographics bought with it are downloaded (a ZIP), when the purchase has them.
    #[schema(required = true)]
    pub infographics_url: Option<String>,
    /// In the spec's answer shape; this server has one landing page for every purchase
    /// (`default`): the page picks its success view by plan.
    pub landing_page_variant: String,
    /// In the spec's answer shape; this server buffers nothing (always null).
    #[schema(required = true)]
    pub buffer: Option<String>,
}

/// Where a purchase's infographics are downloaded.
pub fn infographics_url(charge_id: &str) -> String {
    format!("/api/charge/{}/infographics", kernel::url::encode_component(charge_id))
}

#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum ChargeStatusView {
    Succeeded,
    RequiresAction,
    /// Accepted, but the money has not arrived (a bank debit): Premium starts when it does.
    Processing,
    /// The provider's answer was lost; the page asks again (`/api/charge/confirm`) until it
    /// knows. Nothing is said to be charged or not charged meanwhile.
    Confirming,
}

/// A charge not paid yet: no plan, and the page's next step in `status`.
fn waiting(status: ChargeStatusView, charge_id: String, client_secret: Option<String>, signed_in: bool) -> ChargeResult {
    ChargeResult {
        status,
        charge_id,
        client_secret,
        is_paid: false,
        not_logged_in: !signed_in,
        plan_id: None,
        end_paid_date: None,
        infographics_url: None,
        landing_page_variant: "default".into(),
        buffer: None,
    }
}

/// Answers a checkout's result, with the isPaid hint updated when the buyer now has premium.
pub(super) fn charge_response(req: &HttpRequest, now: Timestamp, signed_in: bool, result: CheckoutResult) -> HttpResponse {
    let (body, plan) = match result {
        CheckoutResult::Complete { charge_id, plan, add_on } => {
            let is_paid = plan.as_ref().is_some_and(|p| p.gives_access(now));
            let view = ChargeResult {
                status: ChargeStatusView::Succeeded,
                infographics_url: add_on.map(|_| infographics_url(&charge_id)),
                landing_page_variant: "default".into(),
                buffer: None,
                charge_id,
                client_secret: None,
                is_paid,
                not_logged_in: !signed_in,
                plan_id: plan.as_ref().map(|p| p.plan_id.clone()),
                end_paid_date: plan.as_ref().and_then(|p| p.end_paid_date).map(|d| d.timestamp_millis()),
            };
            (view, plan)
        }
        CheckoutResult::Processing { charge_id } => (waiting(ChargeStatusView::Processing, charge_id, None, signed_in), None),
        CheckoutResult::Confirming { charge_id } => (waiting(ChargeStatusView::Confirming, charge_id, None, signed_in), None),
        CheckoutResult::RequiresAction { charge_id, client_secret } => {
            (waiting(ChargeStatusView::RequiresAction, charge_id, Some(client_secret), signed_in), None)
        }
    };
    let mut response = HttpResponse::Ok();
    if plan.is_some_and(|p| p.gives_access(now)) {
        set_paid_cookie(&mut response, req, true);
    }
    response.json(OkBody { status: "ok", result: body })
}

/// A single-book purchase answers the summary itself (the spec's `summary.pdf`, with the charge id
/// in `X-Charge-Id` for a guest to attach it later, and the infographics bought with it in
/// `X-Infographics-Url`); anything else answers the charge result.
pub(super) async fn answer_purchase(req: &HttpRequest, state: &web::Data<AppState>, signed_in: bool, result: CheckoutResult) -> Result<HttpResponse, ApiError> {
    if let CheckoutResult::Complete { charge_id, add_on, .. } = &result {
        let (charge, covers, site) = (charge_id.clone(), StoredCovers::here(state), state.config.public_url.clone());
        if let Some(file) = state.catalogue(move |c| c.purchased_pdf(&charge, &covers, &site)).await? {
            let mut response = pdf_response(file, "summary.pdf");
            let headers = [("x-charge-id", Some(charge_id.clone())), ("x-infographics-url", add_on.as_ref().map(|_| infographics_url(charge_id)))];
            for (name, value) in headers {
                if let Some(value) = value.and_then(|v| actix_web::http::header::HeaderValue::from_str(&v).ok()) {
                    response.headers_mut().insert(actix_web::http::header::HeaderName::from_static(name), value);
                }
            }
            return Ok(response);
        }
    }
    Ok(charge_response(req, state.clock.now(), signed_in, result))
}

/// Pays for a plan by card. Members pay as themselves; guests give an e-mail and get a `chargeId`
/// to attach the purchase to an account afterwards.
#[utoipa::path(security(("bearer" = []), ()),
    tag = "billing",
    params(("planId" = String, Path, description = "monthly, yearly, lifetime...")),
    request_body = ChargeRequest,
    responses(
        (status = 200, description = "Paid (or the trial started), or 3-D Secure to complete; a single book paid answers its PDF (summary.pdf)",
            content((OkBody<ChargeResult> = "application/json"), (FileBytes = "application/pdf"))),
        (status = 400, body = ErrorBody, description = "'Invalid plan id', a missing e-mail, coupon or card, a bad quantity or add-on"),
        (status = 401, body = ErrorBody, description = "A token was sent but is no longer valid"),
        (status = 402, body = ErrorBody, description = "The card was declined: the provider's message"),
        (status = 502, body = ErrorBody, description = "The provider could not be reached; nothing was charged"),
        (status = 503, body = ErrorBody, description = "Card payments are not configured"),
    )
)]
#[post("/api/charge/process/{planId}")]
async fn process(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: MemberOrGuest,
    path: web::Path<String>,
    body: web::Json<ChargeRequest>,
) -> Result<HttpResponse, ApiError> {
    let plan_id = path.into_inner();
    let body = body.into_inner();
    let buyer = match caller.session() {
        Some(session) => Buyer::Member(session),
        None => Buyer::Guest { email: body.email.clone() },
    };
    let providers = state.payments.clone();
    let (address, member) = (crate::auth::client_address(&req), caller.0.map(|u| u.id));
    let result = state
        .billing(move |b| {
            let gift = body.gift_details()?;
            let checkout = CardCheckout {
                basket: Basket {
                    plan_id: Some(&plan_id),
                    quantity: body.quantity,
                    add_infographics: body.add_infographics,
                    coupon_code: body.coupon_code.as_deref(),
                    referral_id: body.r_id.as_deref(),
                    guesser: Some(CouponGuesser { address: &address, member }),
                },
                buyer,
                payment_method: body.token.as_deref(),
                gift,
                without_trial: body.without_trial.unwrap_or(false),
            };
            b.pay_by_card(providers.gateways(), &providers.secrets, &checkout)
        })
        .await?;
    answer_purchase(&req, &state, caller.0.is_some(), result).await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub charge_id: Option<String>,
}

/// After the page completed 3-D Secure: the server asks the provider whether the charge is paid.
#[utoipa::path(security(("bearer" = []), ()),
    tag = "billing",
    request_body = ConfirmRequest,
    responses(
        (status = 200, description = "Paid; a single book answers its PDF", content((OkBody<ChargeResult> = "application/json"), (FileBytes = "application/pdf"))),
        (status = 400, body = ErrorBody, description = "An unknown charge (or someone else's)"),
        (status = 402, body = ErrorBody, description = "The bank refused"),
        (status = 409, body = ErrorBody, description = "3-D Secure is not completed yet"),
    )
)]
#[post("/api/charge/confirm")]
async fn confirm(req: HttpRequest, state: web::Data<AppState>, caller: MemberOrGuest, body: web::Json<ConfirmRequest>) -> Result<HttpResponse, ApiError> {
    let charge_id = body.into_inner().charge_id;
    let session = caller.session();
    let providers = state.payments.clone();
    let result = state.billing(move |b| b.confirm_card_payment(providers.gateways(), &providers.secrets, charge_id.as_deref(), session)).await?;
    answer_purchase(&req, &state, caller.0.is_some(), result).await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarkAsPaidRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub charge_id: Option<String>,
}

/// The member's plan after attaching a purchase.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarkAsPaidResult {
    pub is_paid: bool,
    #[schema(required = true)]
    pub plan_id: Option<String>,
    #[schema(required = true)]
    pub end_paid_date: Option<i64>,
}

pub(super) fn paid_view(plan: Option<&MemberPlan>, now: Timestamp) -> MarkAsPaidResult {
    MarkAsPaidResult {
        is_paid: plan.is_some_and(|p| p.gives_access(now)),
        plan_id: plan.map(|p| p.plan_id.clone()),
        end_paid_date: plan.and_then(|p| p.end_paid_date).map(|d| d.timestamp_millis()),
    }
}

/// Attaches a purchase made without an account to the signed-in member, once.
#[utoipa::path(
    tag = "user",
    security(("bearer" = [])),
    request_body = MarkAsPaidRequest,
    responses(
        (status = 200, body = OkBody<MarkAsPaidResult>, description = "Attached (or attached to this account already)"),
        (status = 400, body = ErrorBody, description = "An unknown or unpaid charge"),
        (status = 401, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Attached to another account"),
    )
)]
#[post("/api/user/mark-as-paid")]
async fn mark_as_paid(req: HttpRequest, state: web::Data<AppState>, caller: AuthUser, body: web::Json<MarkAsPaidRequest>) -> Result<HttpResponse, ApiError> {
    let charge_id = body.into_inner().charge_id;
    let session = caller.session();
    let grant = state.billing(move |b| b.attach_charge(charge_id.as_deref(), session)).await?;
    let now = state.clock.now();
    let view = paid_view(grant.as_ref(), now);
    let mut response = HttpResponse::Ok();
    if view.is_paid {
        set_paid_cookie(&mut response, &req, true);
    }
    Ok(response.json(OkBody { status: "ok", result: view }))
}
