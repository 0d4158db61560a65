//! Media files from the object store, with byte ranges (audio seeking, video). `public/...`
//! files are open; `premium/...` files need the signature the server put in an entitled
//! caller's response.

use crate::envelope::{ApiError, ErrorBody};
use crate::state::AppState;
use ::media::range::{answer, RangeAnswer};
use ::media::signing::{Refusal, Visibility};
use ::media::MediaError;
use actix_web::http::header;
use actix_web::{get, head, web, HttpRequest, HttpResponse};
use futures::StreamExt;
use serde::Deserialize;
use utoipa::IntoParams;

#[derive(Deserialize, IntoParams)]
pub struct SignedQuery {
    /// Expiry (unix seconds) of a premium file's URL.
    pub exp: Option<i64>,
    /// Its signature.
    pub sig: Option<String>,
}

fn content_type(key: &str) -> &'static str {
    match key.rsplit('.').next().unwrap_or("") {
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "wav" => "audio/wav",
        "mp3" => "audio/mpeg",
        "ogg" | "oga" => "audio/ogg",
        "m4a" => "audio/mp4",
        "mp4" => "video/mp4",
        "webm" => "video/webm",
        "pdf" => "application/pdf",
        _ => "application/octet-stream",
    }
}

fn not_found() -> ApiError {
    ApiError::not_found("There is no such file.")
}

/// Refusals look like "not found" or "forbidden" without saying whether the file exists.
fn refusal(refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::NotFound => not_found(),
        Refusal::Unsigned => ApiError::forbidden(),
        Refusal::BadSignature => {
            ApiError::new(actix_web::http::StatusCode::FORBIDDEN, "link_expired", "This link has expired or is not valid. Please reload the page.")
        }
    }
}

/// Whether the request's `Accept` names WebP (browsers that show it say so for images).
fn accepts_webp(req: &HttpRequest) -> bool {
    req.headers().get_all(header::ACCEPT).filter_map(|v| v.to_str().ok()).any(|v| v.split(',').any(|t| t.trim().starts_with("image/webp")))
}

async fn serve(state: &AppState, req: &HttpRequest, requested: &str, query: &SignedQuery, with_body: bool) -> Result<HttpResponse, ApiError> {
    let visibility = state.media_urls.authorise(requested, query.exp, query.sig.as_deref(), state.clock.now().timestamp()).map_err(refusal)?;
    let public = visibility == Visibility::Public;
    // A cover's card variant has a WebP sibling (made at upload) for browsers that accept it; the
    // answer then varies by `Accept`. Covers uploaded before the siblings existed have none.
    let sibling = if public { ::media::variants::webp_sibling(requested) } else { None };
    let mut key = requested.to_owned();
    let mut size = None;
    if let Some(webp) = sibling.as_ref().filter(|_| accepts_webp(req)) {
        if let Ok(found) = state.media.size(webp).await {
            key.clone_from(webp);
            size = Some(found);
        }
    }
    let key = key.as_str();
    let size = match size {
        Some(size) => size,
        None => match state.media.size(key).await {
            Ok(size) => size,
            Err(MediaError::NotFound | MediaError::InvalidKey) => return Err(not_found()),
            Err(other) => return Err(ApiError::internal(other)),
        },
    };
    let cache = if public { "public, max-age=86400" } else { "private, max-age=3600" };
    let mut response = answer_file(state, req, key, size, cache, with_body).await?;
    if sibling.is_some() {
        response.headers_mut().insert(header::VARY, header::HeaderValue::from_static("Accept"));
    }
    Ok(response)
}

/// A stored file of `size` bytes, or the part a `Range` header asks for (honouring `If-Range`),
/// with its entity tag; headers only for a HEAD (`with_body` false). The caller has decided the
/// caller may have it.
pub async fn answer_file(
    state: &AppState,
    req: &HttpRequest,
    key: &str,
    size: u64,
    cache_control: &'static str,
    with_body: bool,
) -> Result<HttpResponse, ApiError> {
    let etag = ::media::range::entity_tag(key, size);
    let if_range = req.headers().get(header::IF_RANGE).and_then(|v| v.to_str().ok());
    let range_header = req.headers().get(header::RANGE).and_then(|v| v.to_str().ok()).filter(|_| ::media::range::range_applies(if_range, &etag));
    let (mut response, range) = match answer(range_header, size) {
        RangeAnswer::Whole => (HttpResponse::Ok(), 0..size),
        RangeAnswer::Partial(range) => {
            let mut response = HttpResponse::PartialContent();
            response.insert_header((header::CONTENT_RANGE, format!("bytes {}-{}/{size}", range.start, range.end - 1)));
            (response, range)
        }
        RangeAnswer::Unsatisfiable => {
            return Ok(HttpResponse::RangeNotSatisfiable().insert_header((header::CONTENT_RANGE, format!("bytes */{size}"))).finish());
        }
    };
    response
        .insert_header((header::CONTENT_TYPE, content_type(key)))
        .insert_header((header::ACCEPT_RANGES, "bytes"))
        .insert_header((header::ETAG, etag))
        // Already-compressed media: keep the compression middleware (and its ranges) away.
        .insert_header((header::CONTENT_ENCODING, "identity"))
        .insert_header((header::CACHE_CONTROL, cache_control))
        // An SVG opened directly must not run scripts in our origin.
        .insert_header((header::CONTENT_SECURITY_POLICY, "default-src 'none'; style-src 'unsafe-inline'; sandbox"))
        .no_chunking(range.end - range.start);
    if range.is_empty() {
        return Ok(response.finish());
    }
    if !with_body {
        // HEAD: the length of what a GET would send; the (empty) stream is never read.
        let nothing = futures::stream::empty::<Result<actix_web::web::Bytes, std::io::Error>>();
        return Ok(response.body(actix_web::body::SizedStream::new(range.end - range.start, nothing)));
    }
    let stream = state.media.read(key, Some(range)).await.map_err(|e| match e {
        MediaError::NotFound => not_found(),
        other => ApiError::internal(other),
    })?;
    Ok(response.streaming(stream.map(|chunk| chunk.map_err(std::io::Error::other))))
}

/// A media file (or the bytes a `Range` header asks for).
#[utoipa::path(
    tag = "media",
    params(("key" = String, Path, description = "public/... or premium/..."), SignedQuery),
    responses(
        (status = 200, description = "The file"),
        (status = 206, description = "The requested bytes"),
        (status = 403, body = ErrorBody, description = "A premium file without a valid signature"),
        (status = 404, body = ErrorBody),
        (status = 416, description = "The range lies outside the file"),
    )
)]
#[get("/media/{key:.*}")]
async fn media_file(state: web::Data<AppState>, req: HttpRequest, key: web::Path<String>, query: web::Query<SignedQuery>) -> Result<HttpResponse, ApiError> {
    serve(&state, &req, &key, &query, true).await
}

/// The headers of a media file (size, type, ranges).
#[utoipa::path(tag = "media", params(("key" = String, Path), SignedQuery), responses((status = 200, description = "Headers only"), (status = 404, body = ErrorBody)))]
#[head("/media/{key:.*}")]
async fn media_head(state: web::Data<AppState>, req: HttpRequest, key: web::Path<String>, query: web::Query<SignedQuery>) -> Result<HttpResponse, ApiError> {
    serve(&state, &req, &key, &query, false).await
}
