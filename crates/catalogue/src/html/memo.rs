//! The reader's sections of each book's text, remembered in the process: splitting a summary
//! parses its whole HTML and serialises every section again (html5ever), the largest cost of the
//! reader's call and of a position save, for a text that changes rarely. An entry answers only
//! for the text it was made from, byte for byte, so an edited book is split afresh on its next
//! read, on every instance, with nothing to invalidate.
//!
//! Bounded by the bytes it holds, in two generations: when the newer one is full it becomes the
//! older and the oldest is dropped; a hit in the older is carried into the newer. Books read often
//! stay; a book not read for two generations goes.

use super::{sections, Section};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Which text of a book was split: its whole body, or the first section visitors see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    Whole,
    First,
}

struct Split {
    text: String,
    sections: Arc<[Section]>,
}

impl Split {
    fn bytes(&self) -> usize {
        self.text.len() + self.sections.iter().map(|s| s.title.len() + s.html.len()).sum::<usize>()
    }
}

type Generation = HashMap<(i64, Part), Arc<Split>>;

/// A bounded memo of `sections` per book and part.
pub struct SectionsMemo {
    limit_bytes: usize,
    generations: Mutex<Generations>,
}

#[derive(Default)]
struct Generations {
    newer: Generation,
    newer_bytes: usize,
    older: Generation,
}

impl SectionsMemo {
    /// Holds about `limit_bytes` of text and sections in each of its two generations.
    pub fn new(limit_bytes: usize) -> SectionsMemo {
        SectionsMemo { limit_bytes, generations: Mutex::new(Generations::default()) }
    }

    /// The process's memo: 32 MB a generation, some two thousand summaries in all.
    pub fn shared() -> &'static SectionsMemo {
        static SHARED: OnceLock<SectionsMemo> = OnceLock::new();
        SHARED.get_or_init(|| SectionsMemo::new(32 << 20))
    }

    /// `sections(text)` for this part of `book`, from the memo when `text` is the one it holds.
    pub fn sections(&self, book: i64, part: Part, text: &str) -> Arc<[Section]> {
        let key = (book, part);
        if let Some(sections) = self.lookup(key, text) {
            return sections;
        }
        // Split outside the lock: a parse takes far longer than any lookup.
        let split = Arc::new(Split { text: text.to_owned(), sections: sections(text).into() });
        let found = Arc::clone(&split.sections);
        self.keep(key, split);
        found
    }

    fn lookup(&self, key: (i64, Part), text: &str) -> Option<Arc<[Section]>> {
        let mut generations = self.generations.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(split) = generations.newer.get(&key).filter(|split| split.text == text) {
            return Some(Arc::clone(&split.sections));
        }
        let split = generations.older.remove(&key).filter(|split| split.text == text)?;
        let found = Arc::clone(&split.sections);
        generations.insert(key, split, self.limit_bytes);
        Some(found)
    }

    fn keep(&self, key: (i64, Part), split: Arc<Split>) {
        let mut generations = self.generations.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        generations.insert(key, split, self.limit_bytes);
    }
}

impl Generations {
    fn insert(&mut self, key: (i64, Part), split: Arc<Split>, limit_bytes: usize) {
        let bytes = split.bytes();
        if bytes > limit_bytes {
            return;
        }
        if self.newer_bytes + bytes > limit_bytes {
            self.older = std::mem::take(&mut self.newer);
            self.newer_bytes = 0;
        }
        self.older.remove(&key);
        if let Some(replaced) = self.newer.insert(key, split) {
            self.newer_bytes -= replaced.bytes();
        }
        self.newer_bytes += bytes;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &str = "<h3>One</h3><p>first</p><h3>Two</h3><p>second</p>";

    fn memo_len(memo: &SectionsMemo) -> (usize, usize) {
        let generations = memo.generations.lock().unwrap();
        (generations.newer.len(), generations.older.len())
    }

    #[test]
    fn the_memo_answers_as_sections_does_and_keeps_one_split_per_book_and_part() {
        let memo = SectionsMemo::new(1 << 20);
        let first = memo.sections(1, Part::Whole, BODY);
        assert_eq!(&*first, sections(BODY).as_slice());
        let again = memo.sections(1, Part::Whole, BODY);
        assert!(Arc::ptr_eq(&first, &again), "the second read is the remembered split");
        memo.sections(1, Part::First, "<h3>One</h3><p>first</p>");
        assert_eq!(memo_len(&memo), (2, 0));
    }

    #[test]
    fn an_edited_text_is_split_again() {
        let memo = SectionsMemo::new(1 << 20);
        let before = memo.sections(1, Part::Whole, BODY);
        let edited = "<h3>One</h3><p>changed</p>";
        let after = memo.sections(1, Part::Whole, edited);
        assert!(!Arc::ptr_eq(&before, &after));
        assert_eq!(&*after, sections(edited).as_slice());
        assert_eq!(memo_len(&memo), (1, 0), "the edited text replaced the old one");
    }

    #[test]
    fn a_full_generation_ages_and_books_read_again_are_carried_over() {
        let size = Split { text: BODY.into(), sections: sections(BODY).into() }.bytes();
        let memo = SectionsMemo::new(size * 2);
        let one = memo.sections(1, Part::Whole, BODY);
        memo.sections(2, Part::Whole, BODY);
        memo.sections(3, Part::Whole, BODY);
        assert_eq!(memo_len(&memo), (1, 2), "the third book started a new generation");
        assert!(Arc::ptr_eq(&one, &memo.sections(1, Part::Whole, BODY)), "book 1 is still remembered");
        assert_eq!(memo_len(&memo), (2, 1), "and moved to the newer generation");
        memo.sections(4, Part::Whole, BODY);
        assert_eq!(memo_len(&memo), (1, 2), "book 2, not read again, is gone");
        let generations = memo.generations.lock().unwrap();
        assert!(!generations.newer.contains_key(&(2, Part::Whole)) && !generations.older.contains_key(&(2, Part::Whole)));
    }

    #[test]
    fn a_text_larger_than_a_generation_is_never_kept() {
        let memo = SectionsMemo::new(10);
        assert_eq!(&*memo.sections(1, Part::Whole, BODY), sections(BODY).as_slice());
        assert_eq!(memo_len(&memo), (0, 0));
    }
}
