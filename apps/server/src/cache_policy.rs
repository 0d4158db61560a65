//! API answers carry tokens, personal data or premium text: no cache (browser, proxy or CDN)
//! may keep them. Media files set their own policy (public files are cacheable, premium ones
//! private), so only `/api` answers without one get `no-store`. The app's HTML (index.html, however
//! it is reached) gets `no-cache`; hashed assets are immutable (`spa::assets`).

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderValue, CACHE_CONTROL};
use actix_web::middleware::Next;

pub async fn no_store_for_api(req: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let path = req.path();
    // The spec's calls outside `/api` too.
    let api = path == "/api" || ["/api/", "/library/", "/kindle/", "/charge/", "/admin/collections/"].iter().any(|prefix| path.starts_with(prefix));
    let unhashed_app_file = path == "/sw.js" || path == "/manifest.webmanifest";
    let mut response = next.call(req).await?;
    if !response.headers().contains_key(CACHE_CONTROL) {
        let html = response.headers().get(actix_web::http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|t| t.starts_with("text/html"));
        if api {
            response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
        } else if html || unhashed_app_file {
            // The app's index.html names the current hashed assets, and the service worker and
            // the manifest keep their names across builds: always revalidated.
            response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        }
    }
    Ok(response)
}
