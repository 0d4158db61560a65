//! The contact, suggest-a-book and feedback forms: anyone may write (signed in or not).

use crate::auth::{client_address, MaybeUser};
use crate::envelope::{ok, ApiError, Empty, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{post, web, HttpRequest, HttpResponse};
use admin::messages::{MessageForm, MessageKind};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(send_contact).service(send_feedback).service(send_feedback_api);
}

#[derive(Deserialize, ToSchema, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum ContactKind {
    /// The contact form (the default).
    #[default]
    Contact,
    /// "Suggest a book".
    Suggest,
}

#[derive(Deserialize, ToSchema)]
pub struct ContactRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub name: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub email: Option<String>,
    /// The message.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub body: Option<String>,
    pub kind: Option<ContactKind>,
    /// Leave empty: a field people never see (bots fill it in).
    pub website: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct FeedbackRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub feedback: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub email: Option<String>,
    /// Leave empty: a field people never see (bots fill it in).
    pub website: Option<String>,
}

/// Sends the contact or suggest-a-book form ('Please complete the form.'); at most 5 messages an
/// hour from one address.
#[utoipa::path(security(("bearer" = []), ()), tag = "messages", request_body = ContactRequest, responses(
    (status = 200, body = OkBody<Empty>),
    (status = 400, body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
#[post("/api/contact")]
async fn send_contact(req: HttpRequest, state: web::Data<AppState>, caller: MaybeUser, body: web::Json<ContactRequest>) -> Result<HttpResponse, ApiError> {
    let ContactRequest { name, email, body, kind, website } = body.into_inner();
    let kind = match kind.unwrap_or_default() {
        ContactKind::Contact => MessageKind::Contact,
        ContactKind::Suggest => MessageKind::Suggest,
    };
    send(&req, &state, caller, kind, SentForm { name, email, body, website }).await
}

/// Sends the feedback form ('Please input the required fields.').
#[utoipa::path(security(("bearer" = []), ()), tag = "messages", request_body = FeedbackRequest, responses(
    (status = 200, body = OkBody<Empty>),
    (status = 400, body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
#[post("/feedback/send")]
async fn send_feedback(req: HttpRequest, state: web::Data<AppState>, caller: MaybeUser, body: web::Json<FeedbackRequest>) -> Result<HttpResponse, ApiError> {
    let FeedbackRequest { feedback, email, website } = body.into_inner();
    send(&req, &state, caller, MessageKind::Feedback, SentForm { name: None, email, body: feedback, website }).await
}

/// The `/api` twin of `/feedback/send`.
#[utoipa::path(security(("bearer" = []), ()), tag = "messages", request_body = FeedbackRequest, responses(
    (status = 200, body = OkBody<Empty>),
    (status = 400, body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
#[post("/api/feedback/send")]
async fn send_feedback_api(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: MaybeUser,
    body: web::Json<FeedbackRequest>,
) -> Result<HttpResponse, ApiError> {
    let FeedbackRequest { feedback, email, website } = body.into_inner();
    send(&req, &state, caller, MessageKind::Feedback, SentForm { name: None, email, body: feedback, website }).await
}

/// A form's fields as sent, owned so the use case can run on the database thread.
struct SentForm {
    name: Option<String>,
    email: Option<String>,
    body: Option<String>,
    website: Option<String>,
}

async fn send(req: &HttpRequest, state: &AppState, caller: MaybeUser, kind: MessageKind, sent: SentForm) -> Result<HttpResponse, ApiError> {
    let client = client_address(req);
    let support = state.config.support_email.clone();
    let member = caller.0.map(|c| c.id);
    state
        .admin(move |a| {
            let form = MessageForm { name: sent.name.as_deref(), email: sent.email.as_deref(), body: sent.body.as_deref(), honeypot: sent.website.as_deref() };
            a.send_message(kind, &form, member, &client, &support)
        })
        .await?;
    Ok(ok(Empty {}))
}
