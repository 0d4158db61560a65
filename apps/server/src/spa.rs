//! Serves the built React app: files from the build folder, `index.html` for every other
//! non-API path (the app routes itself), and a JSON 404 for unknown API paths.

use crate::envelope::ApiError;
use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::{guard, HttpResponse, ResponseError};
use std::path::{Path, PathBuf};

pub fn is_api_path(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

/// Unknown API paths answer the envelope, never the app's HTML.
pub async fn api_not_found(req: ServiceRequest) -> Result<ServiceResponse, actix_web::Error> {
    let (req, _) = req.into_parts();
    let response = ApiError::not_found("There is no such API call.").error_response();
    Ok(ServiceResponse::new(req, response))
}

pub fn files(static_dir: &Path) -> Option<Files> {
    let index = static_dir.join("index.html");
    if !index.is_file() {
        tracing::warn!(dir = %static_dir.display(), "the front end is not built; only the API is served");
        return None;
    }
    Some(
        Files::new("/", static_dir)
            // Only GET and HEAD: other methods fall through to the app's JSON 404 instead of
            // actix-files' plain-text refusal.
            .guard(guard::Any(guard::Get()).or(guard::Head()))
            .index_file("index.html")
            .prefer_utf8(true)
            .default_handler(fn_service(move |req: ServiceRequest| {
                let index: PathBuf = index.clone();
                async move {
                    if is_api_path(req.path()) {
                        return api_not_found(req).await;
                    }
                    let (req, _) = req.into_parts();
                    let mut response = NamedFile::open_async(&index).await?.into_response(&req);
                    response.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-cache"));
                    Ok(ServiceResponse::new(req, response))
                }
            })),
    )
}

/// Whatever no route or file answered: the JSON 404 for API paths, a short note otherwise.
pub async fn fallback(req: ServiceRequest) -> Result<ServiceResponse, actix_web::Error> {
    if is_api_path(req.path()) {
        return api_not_found(req).await;
    }
    let (req, _) = req.into_parts();
    let response = HttpResponse::NotFound()
        .content_type("text/plain; charset=utf-8")
        .body("Not found. (If you expected the web app here, it is not built: `cargo xtask run` builds it.)");
    Ok(ServiceResponse::new(req, response))
}
