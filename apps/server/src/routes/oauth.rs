//! Social sign-in entry points. No provider is configured in this build, so each answers a clear
//! error rather than a broken redirect; the OAuth flow itself is still to be built.

use crate::envelope::{ApiError, ErrorBody};
use actix_web::http::StatusCode;
use actix_web::{get, web, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(google_start)
        .service(google_callback)
        .service(apple_start)
        .service(apple_callback)
        .service(other_start)
        .service(other_callback);
}

fn not_configured(provider: &str) -> Result<HttpResponse, ApiError> {
    let name = match provider {
        "google" => "Google",
        "apple" => "Apple",
        "linkedin" => "LinkedIn",
        "facebook" => "Facebook",
        _ => return Err(ApiError::not_found("There is no such sign-in provider.")),
    };
    Err(ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "provider_not_configured",
        format!("{name} sign-in is not configured. Please sign in with your e-mail and password."),
    ))
}

/// Start Google sign-in (answers `result.url` once a provider is configured).
#[utoipa::path(tag = "oauth", responses((status = 503, body = ErrorBody, description = "Not configured")))]
#[get("/api/google/login/oauth")]
async fn google_start() -> Result<HttpResponse, ApiError> {
    not_configured("google")
}

/// Google's return address with `code`.
#[utoipa::path(tag = "oauth", responses((status = 503, body = ErrorBody, description = "Not configured")))]
#[get("/api/google/login/oauth/callback")]
async fn google_callback() -> Result<HttpResponse, ApiError> {
    not_configured("google")
}

/// Start Apple sign-in.
#[utoipa::path(tag = "oauth", responses((status = 503, body = ErrorBody, description = "Not configured")))]
#[get("/api/apple/login/oauth")]
async fn apple_start() -> Result<HttpResponse, ApiError> {
    not_configured("apple")
}

/// Apple's return address with `code`.
#[utoipa::path(tag = "oauth", responses((status = 503, body = ErrorBody, description = "Not configured")))]
#[get("/api/apple/login/oauth/callback")]
async fn apple_callback() -> Result<HttpResponse, ApiError> {
    not_configured("apple")
}

/// Start LinkedIn or Facebook sign-in.
#[utoipa::path(
    tag = "oauth",
    params(("provider" = String, Path, description = "linkedin or facebook")),
    responses((status = 503, body = ErrorBody, description = "Not configured"), (status = 404, body = ErrorBody))
)]
#[get("/api/{provider}/oauth")]
async fn other_start(provider: web::Path<String>) -> Result<HttpResponse, ApiError> {
    not_configured(&provider)
}

/// LinkedIn's or Facebook's return address with `code`.
#[utoipa::path(
    tag = "oauth",
    params(("provider" = String, Path, description = "linkedin or facebook")),
    responses((status = 503, body = ErrorBody, description = "Not configured"), (status = 404, body = ErrorBody))
)]
#[get("/api/{provider}/oauth/callback")]
async fn other_callback(provider: web::Path<String>) -> Result<HttpResponse, ApiError> {
    not_configured(&provider)
}
