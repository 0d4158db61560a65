//! What highlights need from outside: where a member's highlights are kept. Books, sessions and
//! who may read what come from the catalogue's ports (`catalogue::CatalogueStore`).

use crate::model::{Highlight, HighlightFilter, HighlightInBook, NewHighlight};
use kernel::{PortResult, UserId};

pub trait HighlightStore {
    /// Keeps `new` unless its member already has `limit` highlights (counted under a lock on the
    /// member, so two adds at once cannot pass it): `None` then.
    fn add_highlight(&self, new: &NewHighlight, limit: i64) -> PortResult<Option<Highlight>>;
    /// One of `member`'s highlights (another member's is `None`).
    fn highlight(&self, member: UserId, id: i64) -> PortResult<Option<Highlight>>;
    /// Stores an edited or re-anchored highlight (its member's, by id).
    fn save_highlight(&self, highlight: &Highlight) -> PortResult<()>;
    /// Removes one of `member`'s highlights; false when there was none.
    fn remove_highlight(&self, member: UserId, id: i64) -> PortResult<bool>;
    /// `member`'s highlights of a book, in reading order (section, then position).
    fn highlights_in_book(&self, member: UserId, book_id: i64) -> PortResult<Vec<Highlight>>;
    /// Every member's highlights of a book (re-anchoring after an edit).
    fn all_highlights_in_book(&self, book_id: i64) -> PortResult<Vec<Highlight>>;
    /// A page of `member`'s highlights matching `filter`, newest first, with their books, and how
    /// many match in all.
    fn list_highlights(&self, member: UserId, filter: &HighlightFilter, offset: i64, limit: i64) -> PortResult<(Vec<HighlightInBook>, i64)>;
    /// All of `member`'s highlights (of one book, when given) with their books, by book title then
    /// reading order (exports).
    fn highlights_to_export(&self, member: UserId, book_id: Option<i64>) -> PortResult<Vec<HighlightInBook>>;
}
