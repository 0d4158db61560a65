//! Star ratings with feedback, one per member and book.

use crate::auth::AuthUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{put, web, HttpResponse};
use reading_progress::Stars;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
// `subid` and `bookId` are read only to document what the reader sends; the path decides.
#[allow(dead_code)]
pub struct RatingRequest {
    /// 1 to 5 stars.
    #[schema(value_type = Option<i64>, required = true)]
    pub rating: Option<serde_json::Value>,
    /// At most 500 characters.
    #[serde(default)]
    pub feedback: Option<String>,
    /// Sent by the reader; the path's id decides.
    #[schema(value_type = Option<String>)]
    pub subid: Option<serde_json::Value>,
    /// Sent by the reader; the path's id decides.
    #[schema(value_type = Option<i64>)]
    pub book_id: Option<serde_json::Value>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatingResult {
    pub book_id: i64,
    pub rating: i16,
    pub has_ratings_from_user: bool,
}

/// The stars as sent: missing, a whole number or anything else (the domain decides what is valid).
pub fn stars(rating: Option<&serde_json::Value>) -> Stars {
    match rating {
        None | Some(serde_json::Value::Null) => Stars::Missing,
        Some(value) => value.as_i64().map_or(Stars::NotWhole, Stars::Whole),
    }
}

/// Rates a book the member may read (a new rating replaces the old one).
#[utoipa::path(
    tag = "progress",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Numeric id or subid")),
    request_body = RatingRequest,
    responses(
        (status = 200, body = OkBody<RatingResult>),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "The book is not unlocked for this member"),
        (status = 404, body = ErrorBody)
    )
)]
#[put("/api/books/rating/{id}")]
async fn rate_book(state: web::Data<AppState>, who: AuthUser, id: web::Path<String>, body: web::Json<RatingRequest>) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let (stars, feedback, key) = (stars(body.rating.as_ref()), body.feedback, catalogue::BookKey::parse(&id));
    let (book_id, rating) = state.progress(move |p| p.rate(who.session(), &key, stars, feedback.as_deref())).await?;
    Ok(ok(RatingResult { book_id, rating: i16::from(rating.stars()), has_ratings_from_user: true }))
}
