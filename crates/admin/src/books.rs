//! Books as the back office edits them: every field of the spec's Book, deleted ones included.

use catalogue::html::SanitizedHtml;
use kernel::Timestamp;

/// A book with everything an operator edits. Media fields are store keys (uploads set them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdminBook {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
    pub author_description: String,
    pub description: String,
    pub body: SanitizedHtml,
    pub quotes: Vec<String>,
    /// "What you will learn" lines.
    pub takeaways: Vec<String>,
    pub tags: Vec<String>,
    pub categories: Vec<i64>,
    /// The goals it serves (the ten-day challenge and the goal filter).
    pub goals: Vec<i64>,
    pub image: String,
    /// The small variant of the cover that book cards show (made at upload), if any.
    pub image_card: Option<String>,
    pub vector: String,
    pub infographic: Option<String>,
    pub media_url: Option<String>,
    /// The narration's length in whole seconds, read from the file when it was stored.
    pub audio_seconds: Option<i32>,
    pub video: Option<String>,
    pub podcast: Option<String>,
    pub free: bool,
    pub popular: bool,
    pub coming_soon: bool,
    pub upload_date: Timestamp,
    pub deleted_at: Option<Timestamp>,
    /// This month's preview for free members (read with the book; not a field one saves).
    pub preview: bool,
}

/// A row of the books list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookRow {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
    pub upload_date: Timestamp,
    pub deleted: bool,
    /// This month's preview for free members.
    pub preview: bool,
}

/// How the list is ordered (spec: by upload date by default; ID and Title headers sort).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookOrder {
    UploadDate,
    Id,
    Title,
}

impl BookOrder {
    pub fn parse(text: Option<&str>) -> Option<BookOrder> {
        match text.map(str::trim).unwrap_or("") {
            "" | "uploadDate" => Some(BookOrder::UploadDate),
            "id" => Some(BookOrder::Id),
            "title" => Some(BookOrder::Title),
            _ => None,
        }
    }
}

/// The media slots of a book, each with its upload screen (`/admin/book-{slot}/{id}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaSlot {
    /// The cover (`image`).
    Photo,
    /// The vector artwork.
    Vector,
    Infographic,
    /// The narration (`mediaUrl`).
    Media,
    /// The podcast episode for the book (stored as its audio too, in its own key).
    Podcast,
    Video,
}

impl MediaSlot {
    pub const ALL: [MediaSlot; 6] = [MediaSlot::Photo, MediaSlot::Vector, MediaSlot::Infographic, MediaSlot::Media, MediaSlot::Podcast, MediaSlot::Video];

    pub fn parse(text: &str) -> Option<MediaSlot> {
        MediaSlot::ALL.into_iter().find(|s| s.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            MediaSlot::Photo => "photo",
            MediaSlot::Vector => "vector",
            MediaSlot::Infographic => "infographic",
            MediaSlot::Media => "media",
            MediaSlot::Podcast => "podcast",
            MediaSlot::Video => "video",
        }
    }
}
