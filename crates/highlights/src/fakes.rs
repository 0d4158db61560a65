//! An in-memory highlight store, for unit tests without a database.

use crate::model::*;
use crate::ports::HighlightStore;
use kernel::{PortResult, UserId};
use std::cell::RefCell;
use std::collections::HashMap;

#[derive(Default)]
pub struct InMemoryHighlights {
    highlights: RefCell<Vec<Highlight>>,
    /// The books highlights name (their title, author and page).
    pub books: RefCell<HashMap<i64, BookRef>>,
    next_id: RefCell<i64>,
}

impl InMemoryHighlights {
    pub fn all(&self) -> Vec<Highlight> {
        self.highlights.borrow().clone()
    }

    fn with_book(&self, highlight: &Highlight) -> HighlightInBook {
        let book = self.books.borrow().get(&highlight.book_id).cloned().unwrap_or_else(|| BookRef {
            id: highlight.book_id,
            subid: format!("book-{}", highlight.book_id),
            title: format!("Book {}", highlight.book_id),
            author: "An Author".into(),
            image: String::new(),
        });
        HighlightInBook { highlight: highlight.clone(), book }
    }
}

impl HighlightStore for InMemoryHighlights {
    fn add_highlight(&self, new: &NewHighlight, limit: i64) -> PortResult<Option<Highlight>> {
        if self.highlights.borrow().iter().filter(|h| h.member == new.member).count() as i64 >= limit {
            return Ok(None);
        }
        let id = {
            let mut next = self.next_id.borrow_mut();
            *next += 1;
            *next
        };
        let highlight = Highlight {
            id,
            member: new.member,
            book_id: new.book_id,
            section: new.section,
            anchor: new.anchor.clone(),
            section_version: new.section_version.clone(),
            orphaned: false,
            colour: new.colour,
            note: new.note.clone(),
            review: new.review,
            created_at: new.at,
            updated_at: new.at,
        };
        self.highlights.borrow_mut().push(highlight.clone());
        Ok(Some(highlight))
    }

    fn highlight(&self, member: UserId, id: i64) -> PortResult<Option<Highlight>> {
        Ok(self.highlights.borrow().iter().find(|h| h.id == id && h.member == member).cloned())
    }

    fn save_highlight(&self, highlight: &Highlight) -> PortResult<()> {
        if let Some(kept) = self.highlights.borrow_mut().iter_mut().find(|h| h.id == highlight.id && h.member == highlight.member) {
            *kept = highlight.clone();
        }
        Ok(())
    }

    fn remove_highlight(&self, member: UserId, id: i64) -> PortResult<bool> {
        let mut highlights = self.highlights.borrow_mut();
        let before = highlights.len();
        highlights.retain(|h| !(h.id == id && h.member == member));
        Ok(highlights.len() < before)
    }

    fn highlights_in_book(&self, member: UserId, book_id: i64) -> PortResult<Vec<Highlight>> {
        let mut found: Vec<Highlight> = self.highlights.borrow().iter().filter(|h| h.member == member && h.book_id == book_id).cloned().collect();
        found.sort_by_key(|h| (h.section, h.anchor.position, h.id));
        Ok(found)
    }

    fn all_highlights_in_book(&self, book_id: i64) -> PortResult<Vec<Highlight>> {
        Ok(self.highlights.borrow().iter().filter(|h| h.book_id == book_id).cloned().collect())
    }

    fn list_highlights(&self, member: UserId, filter: &HighlightFilter, offset: i64, limit: i64) -> PortResult<(Vec<HighlightInBook>, i64)> {
        let search = filter.search.as_ref().map(|s| s.to_lowercase());
        let mut found: Vec<HighlightInBook> = self
            .highlights
            .borrow()
            .iter()
            .filter(|h| h.member == member)
            .filter(|h| filter.book_id.is_none_or(|b| b == h.book_id))
            .filter(|h| filter.colour.is_none_or(|c| c == h.colour))
            .filter(|h| {
                search.as_ref().is_none_or(|s| h.anchor.quote.exact.to_lowercase().contains(s) || h.note.as_ref().is_some_and(|n| n.to_lowercase().contains(s)))
            })
            .map(|h| self.with_book(h))
            .collect();
        found.sort_by_key(|h| std::cmp::Reverse((h.highlight.created_at, h.highlight.id)));
        let total = found.len() as i64;
        Ok((found.into_iter().skip(offset as usize).take(limit as usize).collect(), total))
    }

    fn highlights_to_export(&self, member: UserId, book_id: Option<i64>) -> PortResult<Vec<HighlightInBook>> {
        let mut found: Vec<HighlightInBook> =
            self.highlights.borrow().iter().filter(|h| h.member == member && book_id.is_none_or(|b| b == h.book_id)).map(|h| self.with_book(h)).collect();
        found.sort_by(|a, b| {
            (a.book.title.as_str(), a.book.id, a.highlight.section, a.highlight.anchor.position).cmp(&(
                b.book.title.as_str(),
                b.book.id,
                b.highlight.section,
                b.highlight.anchor.position,
            ))
        });
        Ok(found)
    }
}
