//! The highlights use cases: mark, note, edit, remove, list and export, each for the calling
//! member only; and finding highlights again after their summary is edited.

use crate::anchoring::{Block, Found, Point, SectionText};
use crate::error::HighlightError;
use crate::export;
use crate::model::*;
use crate::ports::HighlightStore;
use catalogue::model::BookKey;
use catalogue::{Catalogue, CatalogueStore};
use kernel::{Session, Timestamp, UserId};

type Result<T> = std::result::Result<T, HighlightError>;

/// A selection the reader sends: a section of a book, two points in it, and the member's choices.
#[derive(Debug, Clone, Default)]
pub struct MarkRequest {
    pub book: Option<BookKey>,
    pub section: Option<i64>,
    pub start_block: Option<String>,
    pub start_offset: Option<i64>,
    pub end_block: Option<String>,
    pub end_offset: Option<i64>,
    /// "yellow" (the default), "green" or "pink".
    pub colour: Option<String>,
    pub note: Option<String>,
    pub review: bool,
}

/// An edit the member sends: only what is present changes; an empty note removes the note.
#[derive(Debug, Clone, Default)]
pub struct EditRequest {
    pub colour: Option<String>,
    pub note: Option<String>,
    pub review: Option<bool>,
}

/// A filter as sent by `/highlights`.
#[derive(Debug, Clone, Default)]
pub struct ListRequest {
    pub book: Option<BookKey>,
    pub colour: Option<String>,
    pub search: Option<String>,
    pub page: Option<i64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct HighlightPage {
    pub highlights: Vec<HighlightInBook>,
    pub page: i64,
    pub pages: i64,
    pub total: i64,
}

/// The export formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Markdown,
    ReadwiseCsv,
}

/// An export: its file name and content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportFile {
    pub file_name: String,
    pub content_type: &'static str,
    pub content: String,
}

pub struct Highlights<'s, C: ?Sized, H: ?Sized> {
    catalogue: &'s C,
    store: &'s H,
    now: Timestamp,
    /// Where book pages live, e.g. `https://gistbook.app` (exports link each book).
    site: String,
}

impl<'s, C: CatalogueStore + ?Sized, H: HighlightStore + ?Sized> Highlights<'s, C, H> {
    pub fn new(catalogue: &'s C, store: &'s H, now: Timestamp, site: &str) -> Self {
        Highlights { catalogue, store, now, site: site.trim_end_matches('/').to_owned() }
    }

    fn books(&self) -> Catalogue<'s, C> {
        Catalogue::new(self.catalogue, self.now)
    }

    /// The calling member (an ended session is refused).
    fn member(&self, who: Session) -> Result<UserId> {
        self.books().caller(Some(who))?.user.map(|user| user.id).ok_or(HighlightError::SessionExpired)
    }

    /// A section as `who` may read it: the book, and the section's blocks. A section past what
    /// the member may read (a locked premium book's second section) is refused.
    fn readable_section(&self, who: Session, key: &BookKey, section: u32) -> Result<(BookRef, Vec<Block>)> {
        let opened = self.books().open_book(Some(who), key)?;
        let html = opened.text.sections().get(section as usize).ok_or(HighlightError::SectionNotReadable)?;
        let blocks = catalogue::html::section_blocks(&html.html).into_iter().map(|(id, text)| Block::new(id, text)).collect();
        let card = &opened.card;
        Ok((BookRef { id: card.id, subid: card.subid.clone(), title: card.title.clone(), author: card.author.clone(), image: card.image.clone() }, blocks))
    }

    /// Marks a passage of a section the member may read: the quote and its context are read from
    /// the section itself. Nothing is kept when anything is refused.
    pub fn mark(&self, who: Session, request: MarkRequest) -> Result<HighlightInBook> {
        let (Some(key), Some(section), Some(start_block), Some(start), Some(end_block), Some(end)) =
            (request.book, request.section, request.start_block, request.start_offset, request.end_block, request.end_offset)
        else {
            return Err(HighlightError::InvalidSelection);
        };
        let (Ok(section), Ok(start), Ok(end)) = (u32::try_from(section), usize::try_from(start), usize::try_from(end)) else {
            return Err(HighlightError::InvalidSelection);
        };
        let colour = colour_of(request.colour.as_deref())?.unwrap_or(Colour::Yellow);
        let note = note_of(request.note.as_deref())?;
        let member = self.member(who)?;
        let (book, blocks) = self.readable_section(who, &key, section)?;
        let text = SectionText::new(blocks);
        let anchor = text.anchor(&Point::new(start_block, start), &Point::new(end_block, end)).map_err(|_| HighlightError::InvalidSelection)?;
        if anchor.quote.exact.trim().is_empty() {
            return Err(HighlightError::InvalidSelection);
        }
        if anchor.quote.exact.chars().count() > MAX_HIGHLIGHT_CHARS {
            return Err(HighlightError::HighlightTooLong);
        }
        let new = NewHighlight {
            member,
            book_id: book.id,
            section,
            anchor,
            section_version: section_version(text.blocks()),
            colour,
            note,
            review: request.review,
            at: self.now,
        };
        let highlight = self.store.add_highlight(&new, MAX_HIGHLIGHTS_PER_MEMBER)?.ok_or(HighlightError::TooManyHighlights)?;
        Ok(HighlightInBook { highlight, book })
    }

    /// Changes a highlight's colour, note or review mark (the member's own only).
    pub fn edit(&self, who: Session, id: i64, request: EditRequest) -> Result<Highlight> {
        let colour = colour_of(request.colour.as_deref())?;
        let note = match request.note.as_deref() {
            Some(text) => Some(note_of(Some(text))?),
            None => None,
        };
        let member = self.member(who)?;
        let mut highlight = self.store.highlight(member, id)?.ok_or(HighlightError::HighlightNotFound)?;
        let edit = HighlightEdit { colour, note, review: request.review };
        if let Some(colour) = edit.colour {
            highlight.colour = colour;
        }
        if let Some(note) = edit.note {
            highlight.note = note;
        }
        if let Some(review) = edit.review {
            highlight.review = review;
        }
        highlight.updated_at = self.now;
        self.store.save_highlight(&highlight)?;
        Ok(highlight)
    }

    /// Removes one of the member's highlights.
    pub fn remove(&self, who: Session, id: i64) -> Result<()> {
        let member = self.member(who)?;
        if self.store.remove_highlight(member, id)? {
            Ok(())
        } else {
            Err(HighlightError::HighlightNotFound)
        }
    }

    /// The member's highlights of a book for the reader, each found again in the section as the
    /// member may read it now (a section they may no longer read keeps its highlights as they
    /// were, and shows none of its text).
    pub fn in_book(&self, who: Session, key: &BookKey) -> Result<Vec<Highlight>> {
        let member = self.member(who)?;
        let opened = self.books().open_book(Some(who), key)?;
        let sections = opened.text.sections();
        let mut highlights = self.store.highlights_in_book(member, opened.card.id)?;
        for highlight in &mut highlights {
            let Some(section) = sections.get(highlight.section as usize) else { continue };
            let blocks: Vec<Block> = catalogue::html::section_blocks(&section.html).into_iter().map(|(id, text)| Block::new(id, text)).collect();
            if self.refind(highlight, SectionText::new(blocks)) {
                self.store.save_highlight(highlight)?;
            }
        }
        Ok(highlights)
    }

    /// Finds every member's highlights of a book again in its new text (after an operator's edit);
    /// answers (found, orphaned).
    pub fn reanchor_book(&self, book_id: i64, body_html: &str) -> Result<(usize, usize)> {
        let sections = catalogue::html::sections(body_html);
        let (mut found, mut orphaned) = (0, 0);
        for mut highlight in self.store.all_highlights_in_book(book_id)? {
            let blocks = sections
                .get(highlight.section as usize)
                .map(|s| catalogue::html::section_blocks(&s.html).into_iter().map(|(id, text)| Block::new(id, text)).collect())
                .unwrap_or_default();
            if self.refind(&mut highlight, SectionText::new(blocks)) {
                self.store.save_highlight(&highlight)?;
            }
            if highlight.orphaned {
                orphaned += 1;
            } else {
                found += 1;
            }
        }
        Ok((found, orphaned))
    }

    /// Re-anchors `highlight` in `text` when the text changed since; true when it changed.
    fn refind(&self, highlight: &mut Highlight, text: SectionText) -> bool {
        let version = section_version(text.blocks());
        if version == highlight.section_version {
            return false;
        }
        match text.reanchor(&highlight.anchor) {
            Found::Unchanged(anchor) | Found::Moved(anchor) | Found::Fuzzy { anchor, .. } => {
                highlight.anchor = anchor;
                highlight.orphaned = false;
            }
            // Kept as it was, quote and all: shown and exported, marked.
            Found::Orphaned => highlight.orphaned = true,
        }
        highlight.section_version = version;
        true
    }

    /// A page of the member's highlights: by book, colour or text, newest first.
    pub fn list(&self, who: Session, request: ListRequest) -> Result<HighlightPage> {
        let colour = colour_of(request.colour.as_deref())?;
        let search = request.search.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
        if search.as_ref().is_some_and(|s| s.chars().count() > MAX_SEARCH_CHARS) {
            return Err(HighlightError::SearchTooLong);
        }
        let page = request.page.unwrap_or(1);
        if page < 1 {
            return Err(HighlightError::InvalidPage);
        }
        let member = self.member(who)?;
        let book_id = match &request.book {
            Some(key) => Some(self.books().book_id(key)?),
            None => None,
        };
        let filter = HighlightFilter { book_id, colour, search };
        let (highlights, total) = self.store.list_highlights(member, &filter, (page - 1).saturating_mul(PAGE_SIZE), PAGE_SIZE)?;
        Ok(HighlightPage { highlights, page, pages: (total + PAGE_SIZE - 1) / PAGE_SIZE, total })
    }

    /// The member's highlights as a file: one book's, or all of them.
    pub fn export(&self, who: Session, book: Option<&BookKey>, format: ExportFormat) -> Result<ExportFile> {
        let member = self.member(who)?;
        let book_id = match book {
            Some(key) => Some(self.books().book_id(key)?),
            None => None,
        };
        let highlights = self.store.highlights_to_export(member, book_id)?;
        let stem = match (book_id, highlights.first()) {
            (Some(_), Some(first)) => format!("gistbook-{}-highlights", first.book.subid),
            _ => "gistbook-highlights".to_owned(),
        };
        Ok(match format {
            ExportFormat::Markdown => {
                ExportFile { file_name: format!("{stem}.md"), content_type: "text/markdown; charset=utf-8", content: export::markdown(&highlights, &self.site) }
            }
            ExportFormat::ReadwiseCsv => {
                ExportFile { file_name: format!("{stem}.csv"), content_type: "text/csv; charset=utf-8", content: export::readwise_csv(&highlights, &self.site) }
            }
        })
    }
}

fn colour_of(text: Option<&str>) -> Result<Option<Colour>> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(name) => Colour::parse(&name.to_ascii_lowercase()).map(Some).ok_or(HighlightError::InvalidColour),
    }
}

/// A note as kept: trimmed, none when empty, refused when too long.
fn note_of(text: Option<&str>) -> Result<Option<String>> {
    let Some(note) = text.map(str::trim).filter(|t| !t.is_empty()) else { return Ok(None) };
    if note.chars().count() > MAX_NOTE_CHARS {
        return Err(HighlightError::NoteTooLong);
    }
    Ok(Some(note.to_owned()))
}

#[cfg(test)]
mod tests;
