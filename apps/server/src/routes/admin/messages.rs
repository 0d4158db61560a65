//! The back office's inbox: what people sent through the contact, suggest and feedback forms.

use crate::auth::AdminUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, put, web, HttpResponse};
use admin::messages::{InboxFilter, Message};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(admin_list_messages).service(admin_mark_message);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MessageKindView {
    Contact,
    Suggest,
    Feedback,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageView {
    pub id: i64,
    pub kind: MessageKindView,
    /// Not asked by the feedback form.
    #[schema(required = true)]
    pub name: Option<String>,
    pub email: String,
    pub body: String,
    /// RFC 3339.
    pub created_at: String,
    pub read: bool,
}

impl From<Message> for MessageView {
    fn from(m: Message) -> Self {
        use admin::messages::MessageKind::*;
        MessageView {
            id: m.id,
            kind: match m.kind {
                Contact => MessageKindView::Contact,
                Suggest => MessageKindView::Suggest,
                Feedback => MessageKindView::Feedback,
            },
            name: m.name,
            email: m.email,
            body: m.body,
            created_at: m.created_at.to_rfc3339(),
            read: m.read_at.is_some(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct MessagesPage {
    pub messages: Vec<MessageView>,
    /// Messages the filter keeps (every message, or the unread ones).
    pub total: i64,
    /// Messages not yet read.
    pub unread: i64,
}

#[derive(Deserialize, ToSchema, Clone, Copy, Default)]
#[serde(rename_all = "lowercase")]
pub enum MessageFilter {
    #[default]
    All,
    Unread,
}

#[derive(Deserialize, IntoParams)]
pub struct MessagesQuery {
    /// How many messages to skip (pages of 50).
    pub start: Option<i64>,
    #[param(inline)]
    pub filter: Option<MessageFilter>,
}

#[derive(Deserialize, ToSchema)]
pub struct MarkMessageRequest {
    pub read: bool,
}

/// The inbox, newest first, 50 at a time.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(MessagesQuery), responses(
    (status = 200, body = OkBody<MessagesPage>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/messages")]
async fn admin_list_messages(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<MessagesQuery>) -> Result<HttpResponse, ApiError> {
    let start = query.start.unwrap_or(0);
    let filter = match query.filter.unwrap_or_default() {
        MessageFilter::All => InboxFilter::All,
        MessageFilter::Unread => InboxFilter::Unread,
    };
    let page = state.admin(move |a| a.inbox(filter, start)).await?;
    Ok(ok(MessagesPage { messages: page.messages.into_iter().map(Into::into).collect(), total: page.total, unread: page.unread }))
}

/// Marks a message read or unread.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path)), request_body = MarkMessageRequest, responses(
    (status = 200, body = OkBody<MessageView>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[put("/api/admin/messages/{id}")]
async fn admin_mark_message(
    state: web::Data<AppState>,
    admin: AdminUser,
    id: web::Path<i64>,
    body: web::Json<MarkMessageRequest>,
) -> Result<HttpResponse, ApiError> {
    let (actor, id, read) = (admin.0.id, id.into_inner(), body.read);
    let message = state.admin(move |a| a.mark_message(actor, id, read)).await?;
    Ok(ok(MessageView::from(message)))
}
