//! The back office's insights: list (its `result` is the list itself), one, add and edit (the id
//! travels in the body). The form has Quote and Book.

use crate::auth::AdminUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpResponse};
use admin::content::Insight;
use admin::service::InsightForm;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(admin_list_insights).service(admin_show_insight).service(admin_add_insight).service(admin_update_insight);
}

/// A row of the list: the book's title as Title.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminInsightRow {
    pub id: i64,
    pub title: String,
    /// Epoch ms.
    pub create_date: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminInsightView {
    pub id: i64,
    /// The book's title.
    pub title: String,
    /// The quote.
    pub insight: String,
    /// The book's id, as the form's text field holds it.
    pub book_id: String,
    /// Epoch ms.
    pub create_date: i64,
}

impl From<Insight> for AdminInsightView {
    fn from(i: Insight) -> Self {
        AdminInsightView { id: i.id, title: i.book_title, insight: i.insight, book_id: i.book_id.to_string(), create_date: i.created_at.timestamp_millis() }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminInsightResult {
    pub insight: AdminInsightView,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminInsightRequest {
    /// The insight to save (edit only).
    pub id: Option<i64>,
    /// The quote.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub insight: Option<String>,
    /// A book's id or address name (a number is taken too).
    #[schema(value_type = String, required = true)]
    pub book_id: Option<serde_json::Value>,
}

impl AdminInsightRequest {
    fn book(&self) -> Option<String> {
        match self.book_id.as_ref()? {
            serde_json::Value::String(text) => Some(text.clone()),
            serde_json::Value::Number(n) => Some(n.to_string()),
            serde_json::Value::Null => None,
            _ => Some(String::from("?")),
        }
    }
}

/// Every insight, newest first (`result` is the list).
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<Vec<AdminInsightRow>>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/insight")]
async fn admin_list_insights(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let insights = state.admin(|a| a.insights()).await?;
    let rows: Vec<AdminInsightRow> =
        insights.into_iter().map(|i| AdminInsightRow { id: i.id, title: i.book_title, create_date: i.created_at.timestamp_millis() }).collect();
    Ok(ok(rows))
}

#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path)), responses(
    (status = 200, body = OkBody<AdminInsightResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[get("/api/admin/insight/{id}")]
async fn admin_show_insight(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let insight = state.admin(move |a| a.insight(id)).await?;
    Ok(ok(AdminInsightResult { insight: insight.into() }))
}

/// Adds an insight ('Please specify Quote.', 'Please specify Book.').
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = AdminInsightRequest, responses(
    (status = 200, body = OkBody<AdminInsightResult>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[post("/api/admin/insight")]
async fn admin_add_insight(state: web::Data<AppState>, caller: AdminUser, body: web::Json<AdminInsightRequest>) -> Result<HttpResponse, ApiError> {
    let (actor, body) = (caller.0.id, body.into_inner());
    let book = body.book();
    let insight = state.admin(move |a| a.add_insight(actor, &InsightForm { insight: body.insight.as_deref(), book: book.as_deref() })).await?;
    Ok(ok(AdminInsightResult { insight: insight.into() }))
}

/// Saves an insight (the body carries its id).
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = AdminInsightRequest, responses(
    (status = 200, body = OkBody<AdminInsightResult>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[put("/api/admin/insight")]
async fn admin_update_insight(state: web::Data<AppState>, caller: AdminUser, body: web::Json<AdminInsightRequest>) -> Result<HttpResponse, ApiError> {
    let (actor, body) = (caller.0.id, body.into_inner());
    let book = body.book();
    let insight = state.admin(move |a| a.update_insight(actor, body.id, &InsightForm { insight: body.insight.as_deref(), book: book.as_deref() })).await?;
    Ok(ok(AdminInsightResult { insight: insight.into() }))
}
