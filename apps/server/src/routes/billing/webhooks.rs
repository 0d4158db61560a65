//! The providers' webhooks: verified, each event applied once, in any order.

use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{post, web, HttpRequest, HttpResponse};
use billing::service::WebhookOutcome;
use billing::BillingError;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(stripe).service(paypal);
}

#[derive(Serialize, ToSchema)]
pub struct WebhookResult {
    /// applied, duplicate or ignored.
    pub outcome: String,
}

/// At most this much of a webhook body is read (Stripe's and PayPal's events are a few KB).
const MAX_WEBHOOK_BYTES: usize = 256 * 1024;

async fn receive(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes, provider: &'static str) -> Result<HttpResponse, ApiError> {
    if body.len() > MAX_WEBHOOK_BYTES {
        return Err(ApiError::new(actix_web::http::StatusCode::PAYLOAD_TOO_LARGE, "too_large", "The webhook body is too large."));
    }
    let payload = String::from_utf8(body.to_vec()).map_err(|_| ApiError::from(BillingError::WebhookRejected(billing::gateway::WebhookRejected::Malformed)))?;
    let headers: Vec<(String, String)> =
        req.headers().iter().filter_map(|(name, value)| Some((name.as_str().to_ascii_lowercase(), value.to_str().ok()?.to_owned()))).collect();
    let providers = state.payments.clone();
    let client = crate::auth::client_address(&req);
    let outcome = state
        .billing(move |b| {
            let verifier = providers.webhooks(provider).ok_or(BillingError::NotConfigured)?;
            b.handle_webhook_from(&client, verifier, providers.gateways(), &providers.secrets, &payload, &headers)
        })
        .await?;
    let outcome = match outcome {
        WebhookOutcome::Applied => "applied",
        WebhookOutcome::Duplicate => "duplicate",
        WebhookOutcome::Ignored => "ignored",
    };
    Ok(ok(WebhookResult { outcome: outcome.into() }))
}

/// Stripe's events, signed with the endpoint's secret (`Stripe-Signature`, 300 s tolerance).
#[utoipa::path(tag = "billing", request_body(content = String, content_type = "application/json", description = "A Stripe event"), responses(
    (status = 200, body = OkBody<WebhookResult>, description = "Applied, a duplicate, or not ours"),
    (status = 400, body = ErrorBody, description = "A bad signature, a stale timestamp, or not an event"),
    (status = 503, body = ErrorBody, description = "Stripe is not configured"),
))]
#[post("/api/webhooks/stripe")]
async fn stripe(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> Result<HttpResponse, ApiError> {
    receive(state, req, body, billing::gateway::STRIPE).await
}

/// PayPal's events, checked with PayPal's verify-webhook-signature call.
#[utoipa::path(tag = "billing", request_body(content = String, content_type = "application/json", description = "A PayPal event"), responses(
    (status = 200, body = OkBody<WebhookResult>, description = "Applied, a duplicate, or not ours"),
    (status = 400, body = ErrorBody, description = "A bad signature, a stale transmission, or not an event"),
    (status = 429, body = ErrorBody, description = "Too many deliveries from this address to check with PayPal this minute"),
    (status = 502, body = ErrorBody, description = "PayPal could not check the signature now (PayPal retries)"),
    (status = 503, body = ErrorBody, description = "PayPal is not configured"),
))]
#[post("/api/webhooks/paypal")]
async fn paypal(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> Result<HttpResponse, ApiError> {
    receive(state, req, body, billing::gateway::PAYPAL).await
}
