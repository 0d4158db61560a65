use super::reader::Reader;
use super::views::{cards, public_url, signed_url, BookCard, BookDetail, CategoryView};
use crate::auth::{AuthUser, MaybeUser};
use crate::envelope::{blocking, ok, ApiError, ErrorBody, Ok as OkBody};
use crate::routes::user::UserView;
use crate::state::AppState;
use actix_web::{get, put, web, HttpResponse};
use db::catalogue as store;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// Home: 6 new releases, 10 from the member's categories, 10 from history.
pub const NEW_RELEASES: i64 = 6;
pub const RECOMMENDED: i64 = 10;
pub const HISTORY: i64 = 10;
pub const POPULAR: i64 = 20;
pub const MAP_PAGE: i64 = 1000;

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
#[utoipa::path(tag = "catalogue", responses((status = 200, body = OkBody<HomeBooksResult>)))]
#[get("/api/books")]
async fn home_books(state: web::Data<AppState>, who: MaybeUser) -> Result<HttpResponse, ApiError> {
    let reader = Reader::of(&state, who).await?;
    let picks = reader.user.as_ref().map(|u| u.recommends.clone()).unwrap_or_default();
    let member = reader.user.as_ref().map(|u| u.id.0);
    let (popular, newest, recommended, history, categories) = state
        .db(move |conn| {
            let popular = store::popular_books(conn, POPULAR)?;
            let newest = store::newest_books(conn, NEW_RELEASES)?;
            let recommended = if picks.is_empty() { vec![] } else { store::books_in_categories(conn, &picks, RECOMMENDED)? };
            let history = match member {
                Some(user_id) => db::reading::history::recent_books(conn, user_id, HISTORY)?,
                None => vec![],
            };
            let ids: Vec<i64> = popular.iter().chain(&newest).chain(&recommended).chain(&history).map(|b| b.id).collect();
            let book_categories = store::categories_of(conn, &ids)?;
            let categories = store::categories_with_counts(conn)?;
            Ok((popular, newest, recommended, history, (book_categories, categories)))
        })
        .await?;
    let (book_categories, categories) = categories;
    let now = state.clock.now();
    Ok(ok(HomeBooksResult {
        user: reader.user.as_ref().map(|u| UserView::new(u, now)),
        books: cards(popular, book_categories.clone()),
        categories: categories.into_iter().map(|(row, count)| CategoryView::new(row, count)).collect(),
        recommendations: Recommendations {
            new_releases: cards(newest, book_categories.clone()),
            recommended: cards(recommended, book_categories.clone()),
            history: cards(history, book_categories),
        },
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
    if start < 0 {
        return Err(ApiError::bad_request("invalid_request", "The start must be 0 or more."));
    }
    let (rows, book_categories) = state
        .db(move |conn| {
            let rows = store::books_from(conn, start, MAP_PAGE + 1)?;
            let ids: Vec<i64> = rows.iter().map(|b| b.id).collect();
            Ok((rows, store::categories_of(conn, &ids)?))
        })
        .await?;
    let more = rows.len() as i64 > MAP_PAGE;
    let books = cards(rows.into_iter().take(MAP_PAGE as usize).collect(), book_categories);
    Ok(ok(BooksMapResult {
        books: books.into_iter().map(|b| (b.id.to_string(), b)).collect(),
        next_start: more.then_some(start + MAP_PAGE),
    }))
}

#[derive(Serialize, ToSchema)]
pub struct BookResult {
    pub book: BookDetail,
    #[schema(required = true)]
    pub user: Option<UserView>,
}

/// One book for the reader, with exactly what the caller may read (server-rules "Access to
/// summaries"). Opening a premium book as a free member with unlocks left spends one.
#[utoipa::path(
    tag = "catalogue",
    params(("id" = String, Path, description = "Numeric id or subid")),
    responses((status = 200, body = OkBody<BookResult>), (status = 404, body = ErrorBody))
)]
#[get("/api/books/{id}")]
async fn book(state: web::Data<AppState>, who: MaybeUser, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let now = state.clock.now();
    let id = id.into_inner();
    let (reader, found) = state
        .db(move |conn| {
            let reader = Reader::on(conn, who.0, now)?;
            let member = reader.user.as_ref().map(|u| u.id.0);
            let Some(page) = store::page::book_page(conn, &id, member, now)? else { return Ok((reader, None)) };
            let access = store::access::open_book(conn, reader.caller, page.book.id, page.access_facts(), now)?;
            let book_categories = store::categories_of(conn, &[page.book.id])?;
            Ok((reader, Some((page, access, book_categories))))
        })
        .await?;
    let Some((page, access, book_categories)) = found else {
        return Err(ApiError::not_found("Book not found."));
    };
    let card = cards(vec![page.card()], book_categories).pop().expect("one card in, one out");
    let (book, progress) = (page.book, page.member);
    // Bodies are sanitised when stored (seeder, back office); not again per request, which would
    // cost more than the rest of the call.
    let body = book.body;
    let detail = BookDetail {
        card,
        author_description: book.author_description,
        vector: public_url(&book.vector),
        quotes: book.quotes,
        goals: book.goals,
        tags: book.tags,
        truncated_body: catalogue::html::first_section(&body),
        body: access.full_body.then_some(body),
        media_url: book.media_url.filter(|_| access.audio).map(|key| signed_url(&state, &key)),
        video: book.video.filter(|_| access.video_and_visuals).map(|key| signed_url(&state, &key)),
        infographic: book.infographic.filter(|_| access.video_and_visuals).map(|key| signed_url(&state, &key)),
        not_logged_in: access.not_logged_in,
        is_paid_user: access.is_paid_user,
        limit_reached: access.limit_reached,
        last_free: access.last_free,
        show_premium_content: access.show_premium_content,
        unlocks_left: access.unlocks_left,
        position: progress.position,
        completed: progress.completed,
        is_in_library: progress.in_library,
        has_ratings_from_user: progress.rated,
    };
    Ok(ok(BookResult { book: detail, user: reader.user.as_ref().map(|u| UserView::new(u, now)) }))
}

#[derive(Serialize, ToSchema)]
pub struct CategoriesResult {
    pub categories: Vec<CategoryView>,
}

/// Every category with its small image and book count.
#[utoipa::path(tag = "catalogue", responses((status = 200, body = OkBody<CategoriesResult>)))]
#[get("/api/categories")]
async fn list_categories(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let rows = state.db(|conn| Ok(store::categories_with_counts(conn)?)).await?;
    Ok(ok(CategoriesResult { categories: rows.into_iter().map(|(row, count)| CategoryView::new(row, count)).collect() }))
}

/// At most this many picks (there are far fewer categories).
const MAX_RECOMMENDS: usize = 100;

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
    let mut picks = body.into_inner().recommends;
    picks.sort_unstable();
    picks.dedup();
    if picks.is_empty() {
        return Err(ApiError::bad_request("missing_categories", "Please pick at least one category."));
    }
    if picks.len() > MAX_RECOMMENDS {
        return Err(ApiError::bad_request("unknown_category", "One of the categories does not exist."));
    }
    let user_id = who.id.0;
    state
        .db(move |conn| {
            if store::existing_category_ids(conn, &picks)?.len() != picks.len() {
                return Err(ApiError::bad_request("unknown_category", "One of the categories does not exist."));
            }
            store::write::set_recommends(conn, user_id, &picks)?;
            Ok(())
        })
        .await?;
    let identity = state.identity.clone();
    let user = blocking(move || identity.current_user(who.id)).await?;
    Ok(ok(RecommendsResult { user: UserView::new(&user, state.clock.now()) }))
}
