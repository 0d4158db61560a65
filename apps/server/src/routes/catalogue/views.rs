//! The catalogue's JSON shapes (docs/catalogue.md) and their construction from rows.

use super::text_json::Json;
use crate::state::AppState;
use catalogue::model::{Author, BlogPost as Post, BookRef as Ref, Card, Category, Collection, Slide};
use serde::Serialize;
use utoipa::ToSchema;

/// A public media key as a URL ("" stays "").
pub fn public_url(key: &str) -> String {
    if key.is_empty() {
        String::new()
    } else if key.starts_with("https://") {
        // A picture an operator linked from elsewhere (collections may).
        key.to_owned()
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

impl From<Category> for CategoryView {
    fn from(c: Category) -> Self {
        CategoryView { id: c.id, subid: c.subid, name: c.name, small_image: public_url(&c.small_image), description: c.description, book_count: c.book_count }
    }
}

/// Views of a list of domain values.
pub fn views<V: From<T>, T>(items: Vec<T>) -> Vec<V> {
    items.into_iter().map(V::from).collect()
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

impl From<Card> for BookCard {
    fn from(card: Card) -> Self {
        BookCard {
            categories: card.categories.into_iter().map(|c| CategoryRef { id: c.id, subid: c.subid, name: c.name }).collect(),
            id: card.id,
            subid: card.subid,
            title: card.title,
            author: card.author,
            author_slug: card.author_slug,
            image: public_url(&card.image),
            description: card.description,
            free: card.free,
            popular: card.popular,
            coming_soon: card.coming_soon,
            has_media: card.has_media,
            has_video: card.has_video,
            has_visuals: card.has_visuals,
            read_count: card.read_count,
            upload_date: card.upload_date.timestamp_millis(),
        }
    }
}

/// One page of the reader: a section's title and its HTML.
#[derive(Serialize, ToSchema)]
pub struct SectionView<'a> {
    pub title: &'a str,
    pub html: &'a str,
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
    #[schema(value_type = String)]
    pub truncated_body: Json,
    /// The whole sanitised body, only for callers entitled to it.
    #[schema(value_type = Option<String>, required = true)]
    pub body: Json,
    /// The reader's pages of what the caller may read (the body, else the first section),
    /// split by the server so that positions and completion count the same sections.
    #[schema(value_type = Vec<SectionView>)]
    pub sections: Json,
    /// Signed audio URL, only for entitled callers.
    #[schema(required = true)]
    pub media_url: Option<String>,
    /// The narration's length in whole seconds (shown before the audio loads), when known.
    #[schema(required = true)]
    pub audio_seconds: Option<i32>,
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
    /// The caller may download the summary as a PDF (Premium, or this book bought on its own).
    pub may_download_pdf: bool,
    /// Free members only: unlocks left after this opening.
    #[schema(required = true)]
    pub unlocks_left: Option<u32>,
    /// A free member with free summaries left, on a premium book not yet unlocked: ask before
    /// spending one (`POST /api/books/{id}/unlock`); until then only the first section comes.
    #[schema(required = true)]
    pub unlock_offer: Option<UnlockOfferView>,
    /// A free member who has not yet earned the bonus summary for inviting a friend.
    pub invite_bonus_available: bool,
    /// The member's saved section index (0 without history or for visitors).
    pub position: i32,
    /// The member finished this book at least once.
    pub completed: bool,
    pub is_in_library: bool,
    pub has_ratings_from_user: bool,
}

#[derive(Serialize, ToSchema)]
pub struct UnlockOfferView {
    /// Free summaries left before this one.
    pub left: u32,
    /// All the member gets (3, or 4 with the invite bonus).
    pub allowance: u32,
}

#[derive(Serialize, ToSchema)]
pub struct BookRef {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
    pub image: String,
}

impl From<Ref> for BookRef {
    fn from(b: Ref) -> Self {
        BookRef { id: b.id, subid: b.subid, title: b.title, author: b.author, image: public_url(&b.image) }
    }
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

impl From<Collection> for CollectionView {
    fn from(c: Collection) -> Self {
        CollectionView { id: c.id, slug: c.slug, title: c.title, description: c.description, image: public_url(&c.image), book_count: c.book_count }
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

impl From<Author> for AuthorView {
    fn from(a: Author) -> Self {
        AuthorView { id: a.id, slug: a.slug, name: a.name, bio: a.bio, photo: public_url(&a.photo), book_count: a.book_count }
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
    pub fn new(post: &Post) -> Self {
        BlogPostCard {
            id: post.id,
            slug: post.slug.clone(),
            title: post.title.clone(),
            excerpt: post.excerpt.clone(),
            image: public_url(&post.image),
            category: post.category.clone(),
            published_at: post.published_at.timestamp_millis(),
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

impl VisualSlide {
    pub fn new(state: &AppState, slide: Slide) -> Self {
        VisualSlide { id: slide.id, position: slide.position, image: signed_url(state, &slide.image), title: slide.title, body: slide.body }
    }
}
