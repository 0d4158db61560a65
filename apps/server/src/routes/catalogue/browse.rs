//! Discovery beyond the spec's map of books: the paged list, collections, authors, blog, search
//! and infographics.

use super::views::{signed_url, views, AuthorView, BlogPost, BlogPostCard, BookCard, BookRef, CollectionView};
use crate::auth::MaybeUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use catalogue::listing::RawListQuery;
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
    /// A goal's id: the books serving it.
    pub goal: Option<i64>,
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
    let raw = RawListQuery {
        sort: raw.sort,
        category: raw.category,
        collection: raw.collection,
        author: raw.author,
        goal: raw.goal,
        audio: raw.audio,
        video: raw.video,
        page: raw.page,
        page_size: raw.page_size,
    };
    let page = state.catalogue(move |c| c.list(raw)).await?;
    Ok(ok(BookPage { books: views(page.books), total: page.total, page: page.page, page_size: page.page_size, pages: page.pages }))
}

#[derive(Serialize, ToSchema)]
pub struct CollectionsResult {
    pub collections: Vec<CollectionView>,
}

#[utoipa::path(tag = "catalogue", responses((status = 200, body = OkBody<CollectionsResult>)))]
#[get("/api/collections")]
async fn list_collections(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let collections = state.catalogue(|c| c.collections()).await?;
    Ok(ok(CollectionsResult { collections: views(collections) }))
}

#[derive(Serialize, ToSchema)]
pub struct CollectionResult {
    pub collection: CollectionView,
    pub books: Vec<BookCard>,
}

#[utoipa::path(tag = "catalogue", params(("slug" = String, Path)), responses((status = 200, body = OkBody<CollectionResult>), (status = 404, body = ErrorBody)))]
#[get("/api/collections/{slug}")]
async fn show_collection(state: web::Data<AppState>, slug: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let (collection, books) = state.catalogue(move |c| c.collection(&slug)).await?;
    Ok(ok(CollectionResult { collection: collection.into(), books: views(books) }))
}

#[derive(Serialize, ToSchema)]
pub struct AuthorsResult {
    pub authors: Vec<AuthorView>,
}

/// The author directory, A to Z.
#[utoipa::path(tag = "catalogue", responses((status = 200, body = OkBody<AuthorsResult>)))]
#[get("/api/authors")]
async fn list_authors(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let authors = state.catalogue(|c| c.authors()).await?;
    Ok(ok(AuthorsResult { authors: views(authors) }))
}

#[derive(Serialize, ToSchema)]
pub struct AuthorResult {
    pub author: AuthorView,
    pub books: Vec<BookCard>,
}

#[utoipa::path(tag = "catalogue", params(("slug" = String, Path)), responses((status = 200, body = OkBody<AuthorResult>), (status = 404, body = ErrorBody)))]
#[get("/api/authors/{slug}")]
async fn show_author(state: web::Data<AppState>, slug: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let (author, books) = state.catalogue(move |c| c.author(&slug)).await?;
    Ok(ok(AuthorResult { author: author.into(), books: views(books) }))
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
    let category = query.into_inner().category;
    let posts = state.catalogue(move |c| c.blog_posts(category.as_deref())).await?;
    Ok(ok(BlogResult { posts: posts.iter().map(BlogPostCard::new).collect() }))
}

#[derive(Serialize, ToSchema)]
pub struct BlogPostResult {
    pub post: BlogPost,
}

#[utoipa::path(tag = "catalogue", params(("id" = String, Path, description = "Numeric id or slug")), responses((status = 200, body = OkBody<BlogPostResult>), (status = 404, body = ErrorBody)))]
#[get("/api/blog/{id}")]
async fn show_blog_post(state: web::Data<AppState>, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let post = state.catalogue(move |c| c.blog_post(&id)).await?;
    Ok(ok(BlogPostResult { post: BlogPost { card: BlogPostCard::new(&post), body: post.body } }))
}

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
    let SearchParams { q, page } = params.into_inner();
    let found = state.catalogue(move |c| c.search(q.as_deref().unwrap_or(""), page)).await?;
    Ok(ok(SearchResult { query: found.query, books: views(found.books), total: found.total, page: found.page, page_size: found.page_size }))
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
#[utoipa::path(security(("bearer" = []), ()), tag = "catalogue", responses((status = 200, body = OkBody<InfographicsResult>)))]
#[get("/api/infographics")]
async fn list_infographics(state: web::Data<AppState>, who: MaybeUser) -> Result<HttpResponse, ApiError> {
    let found = state.catalogue(move |c| c.infographics(who.session())).await?;
    let infographics = found.into_iter().map(|i| Infographic { book: i.book.into(), image: i.image.map(|key| signed_url(&state, &key)) }).collect();
    Ok(ok(InfographicsResult { infographics }))
}
