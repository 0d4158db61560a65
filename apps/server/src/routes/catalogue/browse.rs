//! Discovery beyond the spec's map of books: the paged list, collections, authors, blog, search
//! and infographics.

use super::reader::Reader;
use super::views::{cards, public_url, signed_url, AuthorView, BlogPost, BlogPostCard, BookCard, BookRef, CollectionView};
use crate::auth::MaybeUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use catalogue::listing::{page_count, ListQuery, RawListQuery};
use catalogue::search::SearchQuery;
use db::catalogue as store;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct BookPageQuery {
    /// new (default), trending, ab, audio or video.
    pub sort: Option<String>,
    /// A category subid.
    pub category: Option<String>,
    /// A collection slug.
    pub collection: Option<String>,
    /// An author slug.
    pub author: Option<String>,
    /// Only books with audio.
    pub audio: Option<bool>,
    /// Only books with video.
    pub video: Option<bool>,
    /// 1-based.
    pub page: Option<i64>,
    /// 1 to 100, default 20.
    pub page_size: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookPage {
    pub books: Vec<BookCard>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    pub pages: i64,
}

/// One page of the catalogue, sorted and filtered.
#[utoipa::path(tag = "catalogue", params(BookPageQuery), responses((status = 200, body = OkBody<BookPage>), (status = 400, body = ErrorBody)))]
#[get("/api/catalogue/books")]
async fn book_page(state: web::Data<AppState>, query: web::Query<BookPageQuery>) -> Result<HttpResponse, ApiError> {
    let raw = query.into_inner();
    let query = ListQuery::parse(RawListQuery {
        sort: raw.sort,
        category: raw.category,
        collection: raw.collection,
        author: raw.author,
        audio: raw.audio,
        video: raw.video,
        page: raw.page,
        page_size: raw.page_size,
    })
    .map_err(|e| ApiError::bad_request("invalid_request", e.to_string()))?;
    let (page, size) = (query.page, query.page_size);
    let (rows, total, book_categories) = state
        .db(move |conn| {
            let (rows, total) = store::listing::list_books(conn, &query)?;
            let ids: Vec<i64> = rows.iter().map(|b| b.id).collect();
            Ok((rows, total, store::categories_of(conn, &ids)?))
        })
        .await?;
    Ok(ok(BookPage { books: cards(rows, book_categories), total, page, page_size: size, pages: page_count(total, size) }))
}

#[derive(Serialize, ToSchema)]
pub struct CollectionsResult {
    pub collections: Vec<CollectionView>,
}

#[utoipa::path(tag = "catalogue", responses((status = 200, body = OkBody<CollectionsResult>)))]
#[get("/api/collections")]
async fn list_collections(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let rows = state.db(|conn| Ok(store::collections_with_counts(conn)?)).await?;
    Ok(ok(CollectionsResult { collections: rows.into_iter().map(|(row, n)| CollectionView::new(row, n)).collect() }))
}

#[derive(Serialize, ToSchema)]
pub struct CollectionResult {
    pub collection: CollectionView,
    pub books: Vec<BookCard>,
}

#[utoipa::path(tag = "catalogue", params(("slug" = String, Path)), responses((status = 200, body = OkBody<CollectionResult>), (status = 404, body = ErrorBody)))]
#[get("/api/collections/{slug}")]
async fn show_collection(state: web::Data<AppState>, slug: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let slug = slug.into_inner();
    let found = state
        .db(move |conn| {
            let Some(collection) = store::find_collection(conn, &slug)? else { return Ok(None) };
            let rows = store::collection_books(conn, collection.id)?;
            let ids: Vec<i64> = rows.iter().map(|b| b.id).collect();
            Ok(Some((collection, rows, store::categories_of(conn, &ids)?)))
        })
        .await?;
    let (collection, rows, book_categories) = found.ok_or_else(|| ApiError::not_found("Collection not found."))?;
    let count = rows.len() as i64;
    Ok(ok(CollectionResult { collection: CollectionView::new(collection, count), books: cards(rows, book_categories) }))
}

#[derive(Serialize, ToSchema)]
pub struct AuthorsResult {
    pub authors: Vec<AuthorView>,
}

/// The author directory, A to Z.
#[utoipa::path(tag = "catalogue", responses((status = 200, body = OkBody<AuthorsResult>)))]
#[get("/api/authors")]
async fn list_authors(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let rows = state.db(|conn| Ok(store::authors_with_counts(conn)?)).await?;
    Ok(ok(AuthorsResult { authors: rows.into_iter().map(|(row, n)| AuthorView::new(row, n)).collect() }))
}

#[derive(Serialize, ToSchema)]
pub struct AuthorResult {
    pub author: AuthorView,
    pub books: Vec<BookCard>,
}

#[utoipa::path(tag = "catalogue", params(("slug" = String, Path)), responses((status = 200, body = OkBody<AuthorResult>), (status = 404, body = ErrorBody)))]
#[get("/api/authors/{slug}")]
async fn show_author(state: web::Data<AppState>, slug: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let slug = slug.into_inner();
    let found = state
        .db(move |conn| {
            let Some((author, count)) = store::find_author(conn, &slug)? else { return Ok(None) };
            let rows = store::author_books(conn, author.id)?;
            let ids: Vec<i64> = rows.iter().map(|b| b.id).collect();
            Ok(Some((author, count, rows, store::categories_of(conn, &ids)?)))
        })
        .await?;
    let (author, count, rows, book_categories) = found.ok_or_else(|| ApiError::not_found("Author not found."))?;
    Ok(ok(AuthorResult { author: AuthorView::new(author, count), books: cards(rows, book_categories) }))
}

#[derive(Deserialize, IntoParams)]
pub struct BlogQuery {
    /// Only posts of this category (e.g. whats-new).
    pub category: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct BlogResult {
    pub posts: Vec<BlogPostCard>,
}

/// Blog posts, newest first.
#[utoipa::path(tag = "catalogue", params(BlogQuery), responses((status = 200, body = OkBody<BlogResult>)))]
#[get("/api/blog")]
async fn list_blog_posts(state: web::Data<AppState>, query: web::Query<BlogQuery>) -> Result<HttpResponse, ApiError> {
    let category = query.into_inner().category.filter(|c| !c.trim().is_empty());
    let rows = state.db(move |conn| Ok(store::blog_posts(conn, category.as_deref(), 200)?)).await?;
    Ok(ok(BlogResult { posts: rows.iter().map(BlogPostCard::new).collect() }))
}

#[derive(Serialize, ToSchema)]
pub struct BlogPostResult {
    pub post: BlogPost,
}

#[utoipa::path(tag = "catalogue", params(("id" = String, Path, description = "Numeric id or slug")), responses((status = 200, body = OkBody<BlogPostResult>), (status = 404, body = ErrorBody)))]
#[get("/api/blog/{id}")]
async fn show_blog_post(state: web::Data<AppState>, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let row = state.db(move |conn| Ok(store::find_blog_post(conn, &id)?)).await?.ok_or_else(|| ApiError::not_found("Post not found."))?;
    let body = catalogue::html::sanitize(&row.body);
    Ok(ok(BlogPostResult { post: BlogPost { card: BlogPostCard::new(&row), body } }))
}

pub const SEARCH_PAGE: i64 = 20;

#[derive(Deserialize, IntoParams)]
pub struct SearchParams {
    /// What to look for: words of a title, an author or an idea.
    pub q: Option<String>,
    /// 1-based.
    pub page: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchResult {
    pub query: String,
    pub books: Vec<BookCard>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

/// Full-text search with typo tolerance, best match first.
#[utoipa::path(tag = "catalogue", params(SearchParams), responses((status = 200, body = OkBody<SearchResult>), (status = 400, body = ErrorBody)))]
#[get("/api/search")]
async fn search_books(state: web::Data<AppState>, params: web::Query<SearchParams>) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let query = SearchQuery::parse(params.q.as_deref().unwrap_or("")).map_err(|e| ApiError::bad_request("invalid_search", e.to_string()))?;
    let page = params.page.unwrap_or(1);
    if !(1..=50).contains(&page) {
        return Err(ApiError::bad_request("invalid_request", "The page must be between 1 and 50."));
    }
    let text = query.text.clone();
    let (rows, total, book_categories) = state
        .db(move |conn| {
            let (rows, total) = store::listing::search_books(conn, &query, (page - 1) * SEARCH_PAGE, SEARCH_PAGE)?;
            let ids: Vec<i64> = rows.iter().map(|b| b.id).collect();
            Ok((rows, total, store::categories_of(conn, &ids)?))
        })
        .await?;
    Ok(ok(SearchResult { query: text, books: cards(rows, book_categories), total, page, page_size: SEARCH_PAGE }))
}

#[derive(Serialize, ToSchema)]
pub struct Infographic {
    pub book: BookRef,
    /// Signed image URL for paid members; null for everyone else.
    #[schema(required = true)]
    pub image: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct InfographicsResult {
    pub infographics: Vec<Infographic>,
}

/// Books with an infographic; the images themselves only for paid members.
#[utoipa::path(tag = "catalogue", responses((status = 200, body = OkBody<InfographicsResult>)))]
#[get("/api/infographics")]
async fn list_infographics(state: web::Data<AppState>, who: MaybeUser) -> Result<HttpResponse, ApiError> {
    let reader = Reader::of(&state, who).await?;
    let rows = state.db(|conn| Ok(store::infographic_books(conn)?)).await?;
    let infographics = rows
        .into_iter()
        .map(|(id, subid, title, author, image, key)| Infographic {
            book: BookRef { id, subid, title, author, image: public_url(&image) },
            image: reader.is_paid().then(|| signed_url(&state, &key)),
        })
        .collect();
    Ok(ok(InfographicsResult { infographics }))
}
