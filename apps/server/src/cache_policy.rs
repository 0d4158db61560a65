//! API answers carry tokens, personal data or premium text: no cache (browser, proxy or CDN)
//! may keep them. Media files set their own policy (public files are cacheable, premium ones
//! private), so only `/api` answers without one get `no-store`.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderValue, CACHE_CONTROL};
use actix_web::middleware::Next;

pub async fn no_store_for_api(req: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let path = req.path();
    // The spec's calls outside `/api` too.
    let api = path == "/api" || ["/api/", "/library/", "/kindle/", "/charge/", "/admin/collections/"].iter().any(|prefix| path.starts_with(prefix));
    let mut response = next.call(req).await?;
    if api && !response.headers().contains_key(CACHE_CONTROL) {
        response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    Ok(response)
}
