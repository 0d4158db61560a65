//! The app's own analytics endpoint (start-for-free clicks and the like).

use crate::auth::{client_address, MaybeUser};
use crate::envelope::{ok, ApiError, Empty, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{post, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(record_event);
}

#[derive(Deserialize, ToSchema)]
pub struct AnalyticsEventRequest {
    /// Lower-case letters, digits, '_', '.', '-'; at most 64 characters.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub name: Option<String>,
    /// A small JSON object (at most 2 KB).
    #[schema(value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    pub properties: Option<serde_json::Value>,
}

/// Record one analytics event, anonymous or signed in.
#[utoipa::path(security(("bearer" = []), ()),
    tag = "analytics",
    request_body = AnalyticsEventRequest,
    responses((status = 200, body = OkBody<Empty>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody))
)]
#[post("/api/analytics/events")]
async fn record_event(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: MaybeUser,
    body: web::Json<AnalyticsEventRequest>,
) -> Result<HttpResponse, ApiError> {
    let AnalyticsEventRequest { name, properties } = body.into_inner();
    let client = client_address(&req);
    state.admin(move |a| a.record_event(name.as_deref(), properties, caller.0.map(|c| c.id), &client)).await?;
    Ok(ok(Empty {}))
}
