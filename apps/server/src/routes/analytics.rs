//! The app's own analytics endpoint (start-for-free clicks and the like).

use crate::auth::MaybeUser;
use crate::envelope::{blocking, ok, ApiError, Empty, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{post, web, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(record_event);
}

#[derive(Deserialize, ToSchema)]
pub struct AnalyticsEventRequest {
    /// Lower-case letters, digits, '_', '.', '-'; at most 64 characters.
    pub name: Option<String>,
    /// A small JSON object (at most 2 KB).
    #[schema(value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    pub properties: Option<serde_json::Value>,
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'_' | b'.' | b'-'))
}

/// Record one analytics event, anonymous or signed in.
#[utoipa::path(
    tag = "analytics",
    request_body = AnalyticsEventRequest,
    responses((status = 200, body = OkBody<Empty>), (status = 400, body = ErrorBody))
)]
#[post("/api/analytics/events")]
async fn record_event(state: web::Data<AppState>, caller: MaybeUser, body: web::Json<AnalyticsEventRequest>) -> Result<HttpResponse, ApiError> {
    let AnalyticsEventRequest { name, properties } = body.into_inner();
    let name = name.unwrap_or_default();
    if !valid_name(&name) {
        return Err(ApiError::bad_request("invalid_event", "Please give the event a short lower-case name."));
    }
    let properties = properties.unwrap_or_else(|| serde_json::json!({}));
    if !properties.is_object() || properties.to_string().len() > 2048 {
        return Err(ApiError::bad_request("invalid_event", "Event properties must be a small JSON object."));
    }
    let pool = state.pool.clone();
    let now = state.clock.now();
    blocking(move || -> Result<(), ApiError> {
        let mut conn = pool.get().map_err(|_| ApiError::unavailable())?;
        Ok(db::analytics::record_event(&mut conn, &name, &properties, caller.0.map(|c| c.id), now)?)
    })
    .await?;
    Ok(ok(Empty {}))
}

#[cfg(test)]
mod tests {
    #[test]
    fn event_names_are_short_and_plain() {
        assert!(super::valid_name("start_for_free_click"));
        assert!(!super::valid_name(""));
        assert!(!super::valid_name("Start For Free"));
        assert!(!super::valid_name(&"a".repeat(65)));
    }
}
