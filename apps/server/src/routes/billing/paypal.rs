//! Paying with PayPal: the server makes the order or subscription at its own price
//! (`/api/paypal/start`), the buyer approves it in PayPal's window, then `/api/paypal` (the spec's
//! call) completes it with what PayPal's API reports.

use super::checkout::{answer_purchase, ChargeResult};
use crate::auth::MemberOrGuest;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::routes::documents::FileBytes;
use crate::state::AppState;
use actix_web::{post, web, HttpRequest, HttpResponse};
use billing::checkout::Buyer;
use billing::codes::GiftDetails;
use billing::service::{Basket, CouponGuesser, PayPalApproval, PayPalStart};
use billing::BillingError;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(start).service(complete);
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayPalStartRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub plan_id: Option<String>,
    pub quantity: Option<i64>,
    pub add_infographics: Option<i64>,
    pub coupon_code: Option<String>,
    /// For guests: where the receipt goes.
    pub email: Option<String>,
    /// Gifts: who it is for (the code goes to `recipientEmail`, or to the buyer).
    pub sender_name: Option<String>,
    pub recipient_name: Option<String>,
    pub recipient_email: Option<String>,
    pub recipient_msg: Option<String>,
    /// The buyer was told their free trial was used (`trial_used`) and agreed to pay now.
    pub without_trial: Option<bool>,
    /// The referral link the buyer came through (`/r/{rId}`): kept with the purchase, it credits
    /// an affiliate (10% of Premium) or a referrer (see `docs/referral.md`).
    pub r_id: Option<String>,
}

/// The id PayPal's window approves: an order for one-time purchases, a subscription otherwise.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayPalStartResult {
    #[schema(required = true)]
    pub order_id: Option<String>,
    #[schema(required = true)]
    pub subscription_id: Option<String>,
}

/// Makes the PayPal order (or subscription) for a basket, priced by the server.
#[utoipa::path(security(("bearer" = []), ()),
    tag = "billing",
    request_body = PayPalStartRequest,
    responses(
        (status = 200, body = OkBody<PayPalStartResult>),
        (status = 400, body = ErrorBody, description = "'Invalid plan id', a missing e-mail, a bad coupon, quantity or add-on"),
        (status = 401, body = ErrorBody, description = "A token was sent but is no longer valid"),
        (status = 502, body = ErrorBody, description = "PayPal could not be reached"),
        (status = 503, body = ErrorBody, description = "PayPal is not configured"),
    )
)]
#[post("/api/paypal/start")]
async fn start(req: HttpRequest, state: web::Data<AppState>, caller: MemberOrGuest, body: web::Json<PayPalStartRequest>) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let (address, member) = (crate::auth::client_address(&req), caller.0.map(|u| u.id));
    let buyer = match caller.session() {
        Some(session) => Buyer::Member(session),
        None => Buyer::Guest { email: body.email.clone() },
    };
    let providers = state.payments.clone();
    let started = state
        .billing(move |b| {
            let paypal = providers.paypal().ok_or(BillingError::NotConfigured)?;
            let basket = Basket {
                plan_id: body.plan_id.as_deref(),
                quantity: body.quantity,
                add_infographics: body.add_infographics,
                coupon_code: body.coupon_code.as_deref(),
                referral_id: body.r_id.as_deref(),
                guesser: Some(CouponGuesser { address: &address, member }),
            };
            let sent = body.sender_name.is_some() || body.recipient_name.is_some() || body.recipient_email.is_some() || body.recipient_msg.is_some();
            let gift = if sent {
                Some(GiftDetails::parse(
                    body.sender_name.as_deref(),
                    body.recipient_name.as_deref(),
                    body.recipient_email.as_deref(),
                    body.recipient_msg.as_deref(),
                )?)
            } else {
                None
            };
            b.start_paypal(paypal, &providers.secrets, &basket, &buyer, gift.as_ref(), body.without_trial.unwrap_or(false))
        })
        .await?;
    Ok(ok(match started {
        PayPalStart::Order { order_id } => PayPalStartResult { order_id: Some(order_id), subscription_id: None },
        PayPalStart::Subscription { subscription_id } => PayPalStartResult { order_id: None, subscription_id: Some(subscription_id) },
    }))
}

/// The spec's PayPal call, after the buyer approved in PayPal's window.
// The spec's whole body is accepted; everything but the ids was fixed when the order was made.
#[allow(dead_code)]
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayPalRequest {
    pub order_id: Option<String>,
    pub subscription_id: Option<String>,
    /// Ignored: the order was priced and addressed when it was made.
    pub email: Option<String>,
    pub plan_id: Option<String>,
    pub sender_name: Option<String>,
    pub recipient_name: Option<String>,
    pub recipient_email: Option<String>,
    pub recipient_msg: Option<String>,
    pub gift: Option<bool>,
    /// Ignored: the referral link was kept when the order was made (`/api/paypal/start`).
    pub r_id: Option<String>,
    pub quantity: Option<i64>,
}

/// Completes a PayPal payment: captures the approved order (or checks the approved subscription)
/// with PayPal, then records the purchase once.
#[utoipa::path(security(("bearer" = []), ()),
    tag = "billing",
    request_body = PayPalRequest,
    responses(
        (status = 200, description = "Paid; a single book answers its PDF (summary.pdf)", content((OkBody<ChargeResult> = "application/json"), (FileBytes = "application/pdf"))),
        (status = 400, body = ErrorBody, description = "An unknown order or subscription (or someone else's)"),
        (status = 402, body = ErrorBody, description = "Not approved, or refused by PayPal"),
        (status = 502, body = ErrorBody, description = "PayPal could not be reached"),
    )
)]
#[post("/api/paypal")]
async fn complete(req: HttpRequest, state: web::Data<AppState>, caller: MemberOrGuest, body: web::Json<PayPalRequest>) -> Result<HttpResponse, ApiError> {
    let PayPalRequest { order_id, subscription_id, .. } = body.into_inner();
    let session = caller.session();
    let providers = state.payments.clone();
    let result = state
        .billing(move |b| {
            let approval = PayPalApproval { order_id: order_id.as_deref(), subscription_id: subscription_id.as_deref() };
            b.complete_paypal(providers.gateways(), &providers.secrets, approval, session)
        })
        .await?;
    answer_purchase(&req, &state, caller.0.is_some(), result).await
}
