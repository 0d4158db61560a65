//! Visual key-idea slides: a public list of which books have them, the slides only for those
//! entitled (paid members, or anyone signed in for a `free` book).

use super::views::{BookRef, VisualCard, VisualSlide};
use crate::auth::MaybeUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use catalogue::model::BookKey;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct VisualsResult {
    /// One entry per book.
    pub visuals: Vec<VisualCard>,
}

#[utoipa::path(tag = "catalogue", responses((status = 200, body = OkBody<VisualsResult>)))]
#[get("/api/visuals")]
async fn list_visuals(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let books = state.catalogue(|c| c.visual_books()).await?;
    let visuals = books.into_iter().map(|v| VisualCard { id: v.book.id, book: v.book.into(), count: v.slides }).collect();
    Ok(ok(VisualsResult { visuals }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookVisualsResult {
    pub is_paid: bool,
    pub book: BookRef,
    /// Empty unless the caller may see them.
    pub visuals: Vec<VisualSlide>,
}

#[utoipa::path(security(("bearer" = []), ()),
    tag = "catalogue",
    params(("id" = String, Path, description = "Numeric id or subid")),
    responses((status = 200, body = OkBody<BookVisualsResult>), (status = 404, body = ErrorBody))
)]
#[get("/api/visuals/book/{id}")]
async fn book_visuals(state: web::Data<AppState>, who: MaybeUser, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let key = BookKey::parse(&id);
    let found = state.catalogue(move |c| c.book_visuals(who.session(), &key)).await?;
    Ok(ok(BookVisualsResult {
        is_paid: found.is_paid,
        book: found.book.into(),
        visuals: found.slides.into_iter().map(|slide| VisualSlide::new(&state, slide)).collect(),
    }))
}
