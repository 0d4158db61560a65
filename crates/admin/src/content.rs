//! What the back office manages besides members and books (back-office spec, "Entities"):
//! podcasts, goals, blog posts, insights, collections and visual slides. Media fields are store
//! keys, set by uploads.

use catalogue::html::SanitizedHtml;
use kernel::Timestamp;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Podcast {
    pub id: i64,
    pub title: String,
    pub author: String,
    pub author_description: String,
    pub description: String,
    /// Its length in minutes, as shown on cards.
    pub mins: i32,
    /// The cover's (public) key; "" before one is uploaded.
    pub image: String,
    /// The episode's (premium) audio key.
    pub media: Option<String>,
    pub created_at: Timestamp,
}

/// A reading goal ("Be more productive"): the ten-day challenge and the goal filter use it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    pub id: i64,
    pub title: String,
    pub short_title: String,
    pub mobile_title: String,
    pub description: String,
    pub photo: String,
    /// The featured photo (the spec's `photov2`).
    pub featured_photo: String,
    /// Live books linked to it.
    pub book_count: i64,
}

/// The blog's fixed categories, as the member blog filters them: (id, label).
pub const BLOG_CATEGORIES: [(&str, &str); 3] = [("ideas", "Ideas"), ("reading-tips", "Reading tips"), ("whats-new", "What's new")];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Post {
    pub id: i64,
    pub slug: String,
    pub title: String,
    /// The spec's `description`: the excerpt under the title.
    pub description: String,
    pub category: String,
    /// Sanitised HTML.
    pub text: SanitizedHtml,
    pub photo: String,
    /// A draft is never shown to members; a published post shows from `publish_at`.
    pub draft: bool,
    pub publish_at: Timestamp,
    pub created_at: Timestamp,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Insight {
    pub id: i64,
    /// The quote.
    pub insight: String,
    pub book_id: i64,
    /// The book's title (the list's Title column).
    pub book_title: String,
    pub created_at: Timestamp,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdminCollection {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub subtitle: String,
    /// A public store key or an https address.
    pub image: String,
    /// Books in these categories belong to it too (after the hand-picked ones).
    pub categories: Vec<i64>,
    /// Hand-picked books, in order.
    pub books: Vec<i64>,
    pub upload_date: Timestamp,
    /// Live books it shows.
    pub book_count: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Visual {
    pub id: i64,
    /// Slides without a book are kept for later and shown to nobody.
    pub book_id: Option<i64>,
    pub book_title: Option<String>,
    pub title: String,
    pub body: String,
    /// A premium key (slides are for paying members), or "".
    pub image: String,
    /// Its place among the book's slides.
    pub position: i32,
}
