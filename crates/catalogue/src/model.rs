//! The catalogue's things as its use cases see them. Media fields are store keys (`public/...`,
//! `premium/...`), never URLs: the server turns them into URLs (signed for premium files) when it
//! answers.

use kernel::Timestamp;

/// A book named by its numeric id or its subid, as URLs and the reader name it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum BookKey {
    Id(i64),
    Subid(String),
}

impl BookKey {
    /// Digits are an id, anything else a subid (surrounding spaces ignored).
    pub fn parse(raw: &str) -> BookKey {
        let raw = raw.trim();
        match raw.parse::<i64>() {
            Ok(id) => BookKey::Id(id),
            Err(_) => BookKey::Subid(raw.to_owned()),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryRef {
    pub id: i64,
    pub subid: String,
    pub name: String,
}

/// A book as every list shows it: never its text or premium media.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
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
    pub upload_date: Timestamp,
    /// Filled by the service (one query for a whole list).
    pub categories: Vec<CategoryRef>,
}

/// A whole book, body included; only the reader's use cases load it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Book {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
    pub author_slug: String,
    pub author_description: String,
    pub description: String,
    pub image: String,
    pub vector: String,
    pub infographic: Option<String>,
    /// Sanitised when stored.
    pub body: String,
    pub quotes: Vec<String>,
    pub goals: Vec<String>,
    pub tags: Vec<String>,
    pub media_url: Option<String>,
    /// The narration's length in whole seconds, when known.
    pub audio_seconds: Option<i32>,
    pub video: Option<String>,
    pub free: bool,
    pub popular: bool,
    pub coming_soon: bool,
    pub has_visuals: bool,
    pub read_count: i32,
    pub upload_date: Timestamp,
}

impl Book {
    /// Coming-soon books may have no text yet; opening one never spends an unlock.
    pub fn has_text(&self) -> bool {
        !self.body.trim().is_empty()
    }

    pub fn card(&self) -> Card {
        Card {
            id: self.id,
            subid: self.subid.clone(),
            title: self.title.clone(),
            author: self.author.clone(),
            author_slug: self.author_slug.clone(),
            image: self.image.clone(),
            description: self.description.clone(),
            free: self.free,
            popular: self.popular,
            coming_soon: self.coming_soon,
            has_media: self.media_url.is_some(),
            has_video: self.video.is_some(),
            has_visuals: self.has_visuals,
            read_count: self.read_count,
            upload_date: self.upload_date,
            categories: vec![],
        }
    }

    pub fn reference(&self) -> BookRef {
        BookRef { id: self.id, subid: self.subid.clone(), title: self.title.clone(), author: self.author.clone(), image: self.image.clone() }
    }
}

/// What the reader shows about one member and one book (all zero for visitors).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReaderState {
    pub position: i32,
    pub completed: bool,
    pub in_library: bool,
    pub rated: bool,
}

/// A book with the member's own state, loaded together for the reader. The book's body is not
/// read with it (`book.body` is empty): `body_digest` names it, and the catalogue takes the text
/// from its memo of readings, or loads it ([`crate::ports::Books::book_text`]) when that text is
/// new to this process. A summary is most of a book's row, and the same for every caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookWithState {
    pub book: Book,
    pub body_digest: String,
    pub member: ReaderState,
    /// Read in the same statement, so the reader's call need not ask for them apart.
    pub preview: PreviewCandidates,
    /// The book's categories in display order, read in the same statement.
    pub categories: Vec<CategoryRef>,
}

/// What decides a month's preview: the book an operator chose for it, else the newest free book.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PreviewCandidates {
    pub chosen: Option<i64>,
    pub newest_free: Option<i64>,
}

impl PreviewCandidates {
    /// The month's preview book, if there is any.
    pub fn preview(self) -> Option<i64> {
        self.chosen.or(self.newest_free)
    }
}

/// A small reference to a book (visuals, infographics).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookRef {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
    pub image: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    pub id: i64,
    pub subid: String,
    pub name: String,
    pub description: String,
    pub small_image: String,
    pub book_count: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Collection {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub description: String,
    pub image: String,
    pub book_count: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Author {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub bio: String,
    pub photo: String,
    pub book_count: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlogPost {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub excerpt: String,
    /// Sanitised HTML.
    pub body: String,
    pub image: String,
    pub category: String,
    pub published_at: Timestamp,
}

/// A book that has visual slides, and how many.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VisualBook {
    pub book: BookRef,
    pub slides: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slide {
    pub id: i64,
    pub position: i32,
    /// A premium key.
    pub image: String,
    pub title: String,
    pub body: String,
}

/// A book with an infographic and the infographic's (premium) key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InfographicBook {
    pub book: BookRef,
    pub image: String,
}

/// One page of a longer list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: i64,
}

/// A podcast episode as members see it; `media` is a premium key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Podcast {
    pub id: i64,
    pub title: String,
    pub author: String,
    pub author_description: String,
    pub description: String,
    pub mins: i32,
    /// A public key, or "".
    pub image: String,
    pub media: Option<String>,
}

/// A quote from a book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Insight {
    pub id: i64,
    pub insight: String,
    pub book: BookRef,
}

/// A reading goal and how many live books serve it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    pub id: i64,
    pub title: String,
    pub short_title: String,
    pub mobile_title: String,
    pub description: String,
    pub photo: String,
    pub featured_photo: String,
    pub book_count: i64,
}
