//! Star ratings with feedback, one per member and book.

use super::readable_book;
use crate::auth::AuthUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::routes::catalogue::Reader;
use crate::state::AppState;
use actix_web::{put, web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Characters of feedback a rating may carry.
pub const FEEDBACK_LIMIT: usize = 500;

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

/// The stars of a rating, or why they are not valid.
fn stars(rating: Option<&serde_json::Value>) -> Result<i16, ApiError> {
    match rating {
        None | Some(serde_json::Value::Null) => Err(ApiError::bad_request("missing_rating", "Please select a rating before submitting!")),
        Some(value) => value
            .as_i64()
            .filter(|n| (1..=5).contains(n))
            .map(|n| n as i16)
            .ok_or_else(|| ApiError::bad_request("invalid_rating", "A rating is a whole number of stars from 1 to 5.")),
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
    let rating = stars(body.rating.as_ref())?;
    let feedback = body.feedback.unwrap_or_default().trim().to_owned();
    if feedback.chars().count() > FEEDBACK_LIMIT {
        return Err(ApiError::bad_request("feedback_too_long", "Feedback can be at most 500 characters."));
    }
    let now = state.clock.now();
    let id = id.into_inner();
    let book_id = state
        .db(move |conn| {
            let reader = Reader::on(conn, Some(who), now)?;
            let book = readable_book(conn, reader.caller, &id, now)?;
            db::reading::ratings::rate(conn, who.id.0, book.id, rating, &feedback, now)?;
            Ok(book.id)
        })
        .await?;
    Ok(ok(RatingResult { book_id, rating, has_ratings_from_user: true }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn stars_must_be_a_whole_number_from_one_to_five() {
        assert_eq!(stars(Some(&json!(1))).unwrap(), 1);
        assert_eq!(stars(Some(&json!(5))).unwrap(), 5);
        assert_eq!(stars(None).unwrap_err().message, "Please select a rating before submitting!");
        assert_eq!(stars(Some(&json!(null))).unwrap_err().code, "missing_rating");
        for bad in [json!(0), json!(6), json!(4.5), json!("4"), json!(-1)] {
            assert_eq!(stars(Some(&bad)).unwrap_err().code, "invalid_rating", "{bad}");
        }
    }
}
