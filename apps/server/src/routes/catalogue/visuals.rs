//! Visual key-idea slides: a public list of which books have them, the slides only for those
//! entitled (paid members, or anyone signed in for a `free` book).

use super::reader::Reader;
use super::views::{public_url, signed_url, BookRef, VisualCard, VisualSlide};
use crate::auth::MaybeUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use db::catalogue as store;
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
    let rows = state.db(|conn| Ok(store::visual_books(conn)?)).await?;
    let visuals = rows
        .into_iter()
        .map(|row| VisualCard {
            id: row.id,
            book: BookRef { id: row.id, subid: row.subid, title: row.title, author: row.author, image: public_url(&row.image) },
            count: row.slides,
        })
        .collect();
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

#[utoipa::path(
    tag = "catalogue",
    params(("id" = String, Path, description = "Numeric id or subid")),
    responses((status = 200, body = OkBody<BookVisualsResult>), (status = 404, body = ErrorBody))
)]
#[get("/api/visuals/book/{id}")]
async fn book_visuals(state: web::Data<AppState>, who: MaybeUser, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let reader = Reader::of(&state, who).await?;
    let caller = reader.caller;
    let now = state.clock.now();
    let id = id.into_inner();
    let found = state
        .db(move |conn| {
            let Some(book) = store::find_book(conn, &id)? else { return Ok(None) };
            let facts = store::access::facts_of(conn, &book, now)?;
            let access = store::access::peek_access(conn, caller, book.id, facts)?;
            let slides = if access.video_and_visuals { store::visuals_of(conn, book.id)? } else { vec![] };
            Ok(Some((book, slides)))
        })
        .await?;
    let (book, slides) = found.ok_or_else(|| ApiError::not_found("Book not found."))?;
    Ok(ok(BookVisualsResult {
        is_paid: reader.is_paid(),
        book: BookRef { id: book.id, subid: book.subid, title: book.title, author: book.author, image: public_url(&book.image) },
        visuals: slides
            .into_iter()
            .map(|s| VisualSlide { id: s.id, position: s.position, image: signed_url(&state, &s.image), title: s.title, body: s.body })
            .collect(),
    }))
}
