//! The member's library: add, remove (at both spec paths) and list in pages of 20.

use super::BookKey;
use crate::auth::AuthUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::routes::catalogue::views::{views, BookCard};
use crate::routes::user::UserView;
use crate::state::AppState;
use actix_web::{delete, get, post, web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LibraryRequest {
    /// The book's id (or subid).
    #[schema(required = true)]
    pub book_id: Option<BookKey>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LibraryChange {
    pub book_id: i64,
    pub is_in_library: bool,
}

/// Adds a book to the member's library (adding it again changes nothing).
#[utoipa::path(
    tag = "progress",
    security(("bearer" = [])),
    request_body = LibraryRequest,
    responses((status = 200, body = OkBody<LibraryChange>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
)]
#[post("/api/library")]
async fn add_to_library(state: web::Data<AppState>, who: AuthUser, body: web::Json<LibraryRequest>) -> Result<HttpResponse, ApiError> {
    let key = body.into_inner().book_id.map(BookKey::into_key);
    let book_id = state.progress(move |p| p.add_to_library(who.session(), key)).await?;
    Ok(ok(LibraryChange { book_id, is_in_library: true }))
}

async fn remove(state: web::Data<AppState>, who: AuthUser, id: String) -> Result<HttpResponse, ApiError> {
    let key = catalogue::BookKey::parse(&id);
    let book_id = state.progress(move |p| p.remove_from_library(who.session(), &key)).await?;
    Ok(ok(LibraryChange { book_id, is_in_library: false }))
}

/// Removes a book from the member's library (removing one that is not there changes nothing).
#[utoipa::path(
    tag = "progress",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Numeric id or subid")),
    responses((status = 200, body = OkBody<LibraryChange>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
)]
#[delete("/api/library/{id}")]
async fn remove_from_library(state: web::Data<AppState>, who: AuthUser, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    remove(state, who, id.into_inner()).await
}

/// The same as `DELETE /api/library/{id}`, at the spec's path without `/api`.
#[utoipa::path(
    tag = "progress",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Numeric id or subid")),
    responses((status = 200, body = OkBody<LibraryChange>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
)]
#[delete("/library/delete/{id}")]
async fn delete_from_library(state: web::Data<AppState>, who: AuthUser, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    remove(state, who, id.into_inner()).await
}

/// The same again under `/api` (server rules: paths without the prefix are served at both).
#[utoipa::path(
    tag = "progress",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Numeric id or subid")),
    responses((status = 200, body = OkBody<LibraryChange>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
)]
#[delete("/api/library/delete/{id}")]
async fn delete_from_library_under_api(state: web::Data<AppState>, who: AuthUser, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    remove(state, who, id.into_inner()).await
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct LibraryQuery {
    /// 1-based page of 20.
    pub page: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LibraryResult {
    pub user: UserView,
    /// Most recently added first.
    pub books: Vec<BookCard>,
    pub page: i64,
    pub page_size: i64,
    pub total: i64,
    pub has_more: bool,
}

/// The member's library, 20 books per page.
#[utoipa::path(
    tag = "progress",
    security(("bearer" = [])),
    params(LibraryQuery),
    responses((status = 200, body = OkBody<LibraryResult>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
)]
#[get("/api/library")]
async fn list_library(state: web::Data<AppState>, who: AuthUser, query: web::Query<LibraryQuery>) -> Result<HttpResponse, ApiError> {
    let page = query.page;
    let found = state.progress(move |p| p.library(who.session(), page)).await?;
    Ok(ok(LibraryResult {
        user: UserView::new(&found.user, state.clock.now()),
        books: views(found.books),
        page: found.page,
        page_size: found.page_size,
        total: found.total,
        has_more: found.has_more,
    }))
}
