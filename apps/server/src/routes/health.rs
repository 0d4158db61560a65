//! Liveness and readiness for operators and load balancers.

use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(healthz).service(readyz);
}

/// The process is up.
#[utoipa::path(tag = "operations", responses((status = 200, description = "Alive")))]
#[get("/healthz")]
async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({"status": "ok"}))
}

/// The process can serve requests: the database answers.
#[utoipa::path(tag = "operations", responses((status = 200, description = "Ready"), (status = 503, description = "The database is unreachable")))]
#[get("/readyz")]
async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    let ready = state.database_reachable().await;
    if ready {
        HttpResponse::Ok().json(serde_json::json!({"status": "ok"}))
    } else {
        HttpResponse::ServiceUnavailable().json(serde_json::json!({"status": "error", "error": "The database is unreachable."}))
    }
}
