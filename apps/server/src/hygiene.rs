//! Input hygiene at the edge: NUL characters can be stored nowhere (PostgreSQL text refuses them,
//! and a NUL-cut string means something else to every C library on the way), so a request that
//! carries one in its path, its query or a JSON string is refused with a readable 400 before any
//! handler runs, instead of failing deep inside as a 500.

use crate::envelope::ApiError;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::web::{Bytes, BytesMut};
use futures::StreamExt;

/// The most a JSON body may be (the JSON extractor's limit); larger ones are left to it.
const JSON_LIMIT: usize = 64 * 1024;

fn refused() -> ApiError {
    ApiError::bad_request("invalid_request", "The request contains a NUL character, which is not allowed.")
}

/// `%00` anywhere in the raw path or query (percent-encoding digits have no case).
pub fn nul_in_uri(uri: &actix_web::http::Uri) -> bool {
    uri.path_and_query().is_some_and(|pq| pq.as_str().contains("%00"))
}

/// A JSON string escape for NUL (raw NUL bytes are not valid JSON and fail parsing anyway).
pub fn nul_in_json(body: &[u8]) -> bool {
    body.windows(6).any(|w| w == b"\\u0000")
}

fn is_json(req: &ServiceRequest) -> bool {
    req.headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().starts_with("application/json"))
}

pub async fn refuse_nul(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if nul_in_uri(req.uri()) {
        return Ok(req.error_response(refused()).map_into_right_body());
    }
    if is_json(&req) {
        let payload = std::mem::replace(req.parts_mut().1, actix_web::dev::Payload::None);
        let mut payload = payload;
        let mut body = BytesMut::new();
        while let Some(chunk) = payload.next().await {
            let chunk: Bytes = chunk?;
            body.extend_from_slice(&chunk);
            if body.len() > JSON_LIMIT {
                break;
            }
        }
        if nul_in_json(&body) {
            return Ok(req.error_response(refused()).map_into_right_body());
        }
        // The rest of a too-large body is not read: the JSON extractor refuses it by its length.
        req.set_payload(actix_web::dev::Payload::from(Bytes::from(body)));
    }
    Ok(next.call(req).await?.map_into_left_body())
}
