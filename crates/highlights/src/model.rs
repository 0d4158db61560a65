//! A member's highlights and notes, and their limits.

use crate::anchoring::Anchor;
use kernel::{Timestamp, UserId};

/// A highlight spans at most this many code points (and one section).
pub const MAX_HIGHLIGHT_CHARS: usize = 8_000;
/// A note holds at most this many code points.
pub const MAX_NOTE_CHARS: usize = 2_000;
/// A member keeps at most this many highlights.
pub const MAX_HIGHLIGHTS_PER_MEMBER: i64 = 5_000;
/// Highlights listed per page on `/highlights`.
pub const PAGE_SIZE: i64 = 50;
/// A search is at most this long.
pub const MAX_SEARCH_CHARS: usize = 200;

/// The three highlighter colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    Yellow,
    Green,
    Pink,
}

impl Colour {
    pub const ALL: [Colour; 3] = [Colour::Yellow, Colour::Green, Colour::Pink];

    pub fn as_str(self) -> &'static str {
        match self {
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::Pink => "pink",
        }
    }

    pub fn parse(text: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.as_str() == text)
    }
}

/// A highlight as kept: where it is (as last found), what it says, and the member's additions.
#[derive(Debug, Clone, PartialEq)]
pub struct Highlight {
    pub id: i64,
    pub member: UserId,
    pub book_id: i64,
    /// The section's index in the book.
    pub section: u32,
    pub anchor: Anchor,
    /// The section's text as the anchor was last found in (`section_version`).
    pub section_version: String,
    /// Not found in the section since it was edited: shown and exported as it was.
    pub orphaned: bool,
    pub colour: Colour,
    pub note: Option<String>,
    /// The member wants it among their review cards.
    pub review: bool,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

/// A new highlight, checked and anchored, before it has an id.
#[derive(Debug, Clone, PartialEq)]
pub struct NewHighlight {
    pub member: UserId,
    pub book_id: i64,
    pub section: u32,
    pub anchor: Anchor,
    pub section_version: String,
    pub colour: Colour,
    pub note: Option<String>,
    pub review: bool,
    pub at: Timestamp,
}

/// What an edit changes (`None`: unchanged; a note of `Some(None)` is removed).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HighlightEdit {
    pub colour: Option<Colour>,
    pub note: Option<Option<String>>,
    pub review: Option<bool>,
}

/// Which highlights to list: all of a member's, or one book's, a colour's, or those whose quote
/// or note contains a text (case-insensitive); newest first, by page.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HighlightFilter {
    pub book_id: Option<i64>,
    pub colour: Option<Colour>,
    pub search: Option<String>,
}

/// A highlight with its book's title, author and page address, for lists and exports.
#[derive(Debug, Clone, PartialEq)]
pub struct HighlightInBook {
    pub highlight: Highlight,
    pub book: BookRef,
}

/// The book a highlight is from: the catalogue's small reference (id, subid, title, author, cover).
pub use catalogue::model::BookRef;

/// A version stamp of a section's text (FNV-1a, 64 bits, in hex): a highlight anchored in another
/// version is found again before it is shown. Not a secret, only a change detector.
pub fn section_version(blocks: &[crate::anchoring::Block]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for block in blocks {
        for byte in block.id.bytes().chain([0]).chain(block.text.bytes()).chain([0xff]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}
