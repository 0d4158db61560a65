//! The catalogue's JSON shapes (docs/catalogue.md) and their construction from rows.

use crate::state::AppState;
use db::catalogue::{AuthorRow, BlogPostRow, BookCardRow, BookCategoryRow, CategoryRow, CollectionRow};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// A public media key as a URL ("" stays "").
pub fn public_url(key: &str) -> String {
    if key.is_empty() {
        String::new()
    } else {
        format!("/media/{key}")
    }
}

/// A premium media key as a URL signed for the next hours.
pub fn signed_url(state: &AppState, key: &str) -> String {
    state.media_urls.url(key, state.clock.now().timestamp())
}

#[derive(Serialize, ToSchema, Clone)]
pub struct CategoryRef {
    pub id: i64,
    pub subid: String,
    pub name: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryView {
    pub id: i64,
    pub subid: String,
    pub name: String,
    #[serde(rename = "small_image")]
    pub small_image: String,
    pub description: String,
    pub book_count: i64,
}

impl CategoryView {
    pub fn new(row: CategoryRow, book_count: i64) -> Self {
        CategoryView { id: row.id, subid: row.subid, name: row.name, small_image: public_url(&row.small_image), description: row.description, book_count }
    }
}

/// A book in a list: never its text or premium media.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookCard {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
    pub author_slug: String,
    pub image: String,
    pub description: String,
    pub free: bool,
    pub popular: bool,
    pub coming_soon: bool,
    pub has_media: bool,
    pub has_video: bool,
    pub has_visuals: bool,
    pub read_count: i32,
    /// Epoch milliseconds.
    pub upload_date: i64,
    pub categories: Vec<CategoryRef>,
}

/// Cards for rows, with each book's categories.
pub fn cards(rows: Vec<BookCardRow>, categories: Vec<BookCategoryRow>) -> Vec<BookCard> {
    let mut by_book: HashMap<i64, Vec<CategoryRef>> = HashMap::new();
    for c in categories {
        by_book.entry(c.book_id).or_default().push(CategoryRef { id: c.id, subid: c.subid, name: c.name });
    }
    rows.into_iter()
        .map(|row| BookCard {
            categories: by_book.remove(&row.id).unwrap_or_default(),
            id: row.id,
            subid: row.subid,
            title: row.title,
            author: row.author,
            author_slug: row.author_slug,
            image: public_url(&row.image),
            description: row.description,
            free: row.free,
            popular: row.popular,
            coming_soon: row.coming_soon,
            has_media: row.has_media,
            has_video: row.has_video,
            has_visuals: row.has_visuals,
            read_count: row.read_count,
            upload_date: row.upload_date.timestamp_millis(),
        })
        .collect()
}

/// The reader's book: the card's fields, the text the caller may read and the access flags.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookDetail {
    #[serde(flatten)]
    pub card: BookCard,
    pub author_description: String,
    pub vector: String,
    pub quotes: Vec<String>,
    pub goals: Vec<String>,
    pub tags: Vec<String>,
    /// The first section; everyone gets it.
    pub truncated_body: String,
    /// The whole sanitised body, only for callers entitled to it.
    #[schema(required = true)]
    pub body: Option<String>,
    /// Signed audio URL, only for entitled callers.
    #[schema(required = true)]
    pub media_url: Option<String>,
    /// Signed video URL, only for entitled callers.
    #[schema(required = true)]
    pub video: Option<String>,
    /// Signed infographic URL, only for entitled callers.
    #[schema(required = true)]
    pub infographic: Option<String>,
    pub not_logged_in: bool,
    pub is_paid_user: bool,
    pub limit_reached: bool,
    pub last_free: bool,
    pub show_premium_content: bool,
    /// Free members only: unlocks left after this opening.
    #[schema(required = true)]
    pub unlocks_left: Option<u32>,
    /// The member's saved section index (0 without history or for visitors).
    pub position: i32,
    /// The member finished this book at least once.
    pub completed: bool,
    pub is_in_library: bool,
    pub has_ratings_from_user: bool,
}

#[derive(Serialize, ToSchema)]
pub struct BookRef {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
    pub image: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionView {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub description: String,
    pub image: String,
    pub book_count: i64,
}

impl CollectionView {
    pub fn new(row: CollectionRow, book_count: i64) -> Self {
        CollectionView { id: row.id, slug: row.slug, title: row.title, description: row.description, image: public_url(&row.image), book_count }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorView {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub bio: String,
    pub photo: String,
    pub book_count: i64,
}

impl AuthorView {
    pub fn new(row: AuthorRow, book_count: i64) -> Self {
        AuthorView { id: row.id, slug: row.slug, name: row.name, bio: row.bio, photo: public_url(&row.photo), book_count }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlogPostCard {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub excerpt: String,
    pub image: String,
    pub category: String,
    /// Epoch milliseconds.
    pub published_at: i64,
}

impl BlogPostCard {
    pub fn new(row: &BlogPostRow) -> Self {
        BlogPostCard {
            id: row.id,
            slug: row.slug.clone(),
            title: row.title.clone(),
            excerpt: row.excerpt.clone(),
            image: public_url(&row.image),
            category: row.category.clone(),
            published_at: row.published_at.timestamp_millis(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct BlogPost {
    #[serde(flatten)]
    pub card: BlogPostCard,
    /// Sanitised HTML.
    pub body: String,
}

#[derive(Serialize, ToSchema)]
pub struct VisualCard {
    /// The book's id.
    pub id: i64,
    pub book: BookRef,
    /// How many slides.
    pub count: i64,
}

#[derive(Serialize, ToSchema)]
pub struct VisualSlide {
    pub id: i64,
    pub position: i32,
    /// Signed image URL.
    pub image: String,
    pub title: String,
    pub body: String,
}
