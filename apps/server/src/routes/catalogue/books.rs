use super::text_json::text_json;
use super::views::{public_url, signed_url, views, BookCard, BookDetail, CategoryView, UnlockOfferView};
use crate::auth::{AuthUser, MaybeUser};
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::routes::user::UserView;
use crate::spa;
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpResponse};
use catalogue::model::BookKey;
use catalogue::service::OpenedBook;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recommendations {
    pub new_releases: Vec<BookCard>,
    pub recommended: Vec<BookCard>,
    /// Books the member has started, unfinished first, most recently read first.
    pub history: Vec<BookCard>,
}

#[derive(Serialize, ToSchema)]
pub struct HomeBooksResult {
    #[schema(required = true)]
    pub user: Option<UserView>,
    /// The most popular books.
    pub books: Vec<BookCard>,
    pub categories: Vec<CategoryView>,
    pub recommendations: Recommendations,
}

/// Everything the home page shows.
#[utoipa::path(security(("bearer" = []), ()), tag = "catalogue", responses((status = 200, body = OkBody<HomeBooksResult>)))]
#[get("/api/books")]
async fn home_books(state: web::Data<AppState>, who: MaybeUser) -> Result<HttpResponse, ApiError> {
    let home = state.catalogue(move |c| c.home(who.session())).await?;
    let now = state.clock.now();
    Ok(ok(HomeBooksResult {
        user: home.user.as_ref().map(|u| UserView::new(u, now)),
        books: views(home.popular),
        categories: views(home.categories),
        recommendations: Recommendations { new_releases: views(home.new_releases), recommended: views(home.recommended), history: views(home.history) },
    }))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct MapQuery {
    /// Offset, 0 then +1000.
    pub start: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BooksMapResult {
    /// Books keyed by id, newest first, 1000 per call.
    pub books: BTreeMap<String, BookCard>,
    #[schema(required = true)]
    pub next_start: Option<i64>,
}

/// The catalogue as a map keyed by book id, 1000 books per call.
#[utoipa::path(tag = "catalogue", params(MapQuery), responses((status = 200, body = OkBody<BooksMapResult>), (status = 400, body = ErrorBody)))]
#[get("/api/books/list")]
async fn books_map(state: web::Data<AppState>, query: web::Query<MapQuery>) -> Result<HttpResponse, ApiError> {
    let start = query.start.unwrap_or(0);
    let map = state.catalogue(move |c| c.books_map(start)).await?;
    Ok(ok(BooksMapResult { books: map.books.into_iter().map(|card| (card.id.to_string(), BookCard::from(card))).collect(), next_start: map.next_start }))
}

#[derive(Serialize, ToSchema)]
pub struct BookResult {
    pub book: BookDetail,
    #[schema(required = true)]
    pub user: Option<UserView>,
}

/// One book for the reader, with exactly what the caller may read (server-rules "Access to
/// summaries"). Spends nothing: a free member is offered a free summary (`unlockOffer`) first.
#[utoipa::path(security(("bearer" = []), ()),
    tag = "catalogue",
    params(("id" = String, Path, description = "Numeric id or subid")),
    responses((status = 200, body = OkBody<BookResult>), (status = 404, body = ErrorBody))
)]
#[get("/api/books/{id}")]
async fn book(state: web::Data<AppState>, who: MaybeUser, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let key = BookKey::parse(&id);
    let opened = state.catalogue(move |c| c.open_book(who.session(), &key)).await?;
    Ok(ok(book_result(&state, opened).map_err(ApiError::internal)?))
}

/// A free member's yes to the offer: spends one free summary on the book (once; an unlocked book
/// stays open) and answers the book as `GET /api/books/{id}` then does. With none left, the
/// answer is the paywall's (`limitReached`).
#[utoipa::path(
    tag = "catalogue",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Numeric id or subid")),
    responses((status = 200, body = OkBody<BookResult>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
)]
#[post("/api/books/{id}/unlock")]
async fn unlock_book(state: web::Data<AppState>, who: AuthUser, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let key = BookKey::parse(&id);
    let session = who.session();
    let opened = state.catalogue(move |c| c.unlock_book(Some(session), &key)).await?;
    Ok(ok(book_result(&state, opened).map_err(ApiError::internal)?))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FreeSummariesResult {
    /// Null for a paid member, who reads everything.
    #[schema(required = true)]
    pub free_summaries: Option<FreeSummariesView>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FreeSummariesView {
    pub left: u32,
    pub allowance: u32,
    /// One more comes with the first friend invited.
    pub invite_bonus_available: bool,
}

/// A free member's free summaries, for the account menu's count.
#[utoipa::path(tag = "catalogue", security(("bearer" = [])), responses((status = 200, body = OkBody<FreeSummariesResult>), (status = 401, body = ErrorBody)))]
#[get("/api/free-summaries")]
async fn free_summaries(state: web::Data<AppState>, who: AuthUser) -> Result<HttpResponse, ApiError> {
    let session = who.session();
    let counted = state.catalogue(move |c| c.free_summaries(session)).await?;
    Ok(ok(FreeSummariesResult {
        free_summaries: counted.map(|c| FreeSummariesView { left: c.left, allowance: c.allowance, invite_bonus_available: c.invite_bonus_available }),
    }))
}

/// A book's page for the browser (`/books/{id}`): the app's page with the book's title and
/// description, carrying the visitor's answer of `GET /api/books/{id}`, which the reader draws
/// without asking again (docs/performance.md §5). Opened as a visitor: nothing in it is more than
/// anyone may read, and no member's unlock is spent. An unknown book, or any trouble, gets the
/// plain page: the app then asks the API and shows why.
#[get("/books/{id}")]
pub async fn book_page(state: web::Data<AppState>, id: web::Path<String>) -> actix_web::Result<HttpResponse> {
    let shell = spa::book_shell(&state.config.static_dir).await?;
    let key = BookKey::parse(&id);
    let opened = state.catalogue(move |c| c.open_book(None, &key)).await;
    let page = match opened.ok().and_then(|opened| book_result(&state, opened).ok()) {
        Some(result) => {
            let (title, description) = (result.book.card.title.clone(), result.book.card.description.clone());
            spa::with_book(&shell, &id, &title, &description, &result)
        }
        None => shell,
    };
    Ok(spa::html_page(page))
}

fn book_result(state: &AppState, opened: OpenedBook) -> serde_json::Result<BookResult> {
    let now = state.clock.now();
    let text = text_json(&opened.text)?;
    let (details, access, member, may_download_pdf) = (opened.details, opened.access, opened.member, opened.may_download_pdf);
    let unlock_offer = opened.unlock_offer.map(|offer| UnlockOfferView { left: offer.left, allowance: offer.allowance });
    let detail = BookDetail {
        card: opened.card.into(),
        author_description: details.author_description,
        vector: public_url(&details.vector),
        quotes: details.quotes,
        goals: details.goals,
        tags: details.tags,
        truncated_body: text.truncated_body,
        body: text.body,
        sections: text.sections,
        media_url: opened.audio.map(|key| signed_url(state, &key)),
        audio_seconds: details.audio_seconds,
        video: opened.video.map(|key| signed_url(state, &key)),
        infographic: opened.infographic.map(|key| signed_url(state, &key)),
        not_logged_in: access.not_logged_in,
        is_paid_user: access.is_paid_user,
        limit_reached: access.limit_reached,
        last_free: access.last_free,
        show_premium_content: access.show_premium_content,
        may_download_pdf,
        unlocks_left: access.unlocks_left,
        unlock_offer,
        invite_bonus_available: opened.invite_bonus_available,
        position: member.position,
        completed: member.completed,
        is_in_library: member.in_library,
        has_ratings_from_user: member.rated,
    };
    Ok(BookResult { book: detail, user: opened.user.as_ref().map(|u| UserView::new(u, now)) })
}

#[derive(Serialize, ToSchema)]
pub struct CategoriesResult {
    pub categories: Vec<CategoryView>,
}

/// Every category with its small image and book count.
#[utoipa::path(tag = "catalogue", responses((status = 200, body = OkBody<CategoriesResult>)))]
#[get("/api/categories")]
async fn list_categories(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let categories = state.catalogue(|c| c.categories()).await?;
    Ok(ok(CategoriesResult { categories: views(categories) }))
}

#[derive(Deserialize, ToSchema)]
pub struct RecommendsRequest {
    /// Category ids.
    pub recommends: Vec<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct RecommendsResult {
    pub user: UserView,
}

/// Saves the member's categories (at least one, all existing).
#[utoipa::path(
    tag = "catalogue",
    security(("bearer" = [])),
    request_body = RecommendsRequest,
    responses((status = 200, body = OkBody<RecommendsResult>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
)]
#[put("/api/user/recommends")]
async fn set_recommends(state: web::Data<AppState>, who: AuthUser, body: web::Json<RecommendsRequest>) -> Result<HttpResponse, ApiError> {
    let picks = body.into_inner().recommends;
    let user = state.catalogue(move |c| c.set_recommends(who.session(), picks)).await?;
    Ok(ok(RecommendsResult { user: UserView::new(&user, state.clock.now()) }))
}
