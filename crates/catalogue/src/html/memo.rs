//! Each book's text as the reader serves it, remembered in the process: splitting a summary parses
//! its whole HTML and serialises every section again (html5ever), and finding its first section
//! searches the text, the largest costs of the reader's call and of a position save, for a text
//! that changes rarely. An entry answers only for the text it was made from, byte for byte, so an
//! edited book is read afresh on its next call, on every instance, with nothing to invalidate.
//! The reader's call names the text by its digest (the store's `md5` of the body) instead of
//! reading it: the body is loaded only when the memo holds no reading with that digest.
//!
//! Bounded by the bytes it holds, in two generations: when the newer one is full it becomes the
//! older and the oldest is dropped; a hit in the older is carried into the newer. Books read often
//! stay; a book not read for two generations goes.

use super::{first_section, sections, Section};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};

/// Which of a book's texts a caller reads: the whole body, or the first section everyone sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    Whole,
    First,
}

/// A book's body with its first section, each split into the reader's sections.
#[derive(Debug, PartialEq, Eq)]
pub struct Reading {
    /// Unique in the process (never reused), so that what is derived from a reading can be
    /// remembered under it.
    serial: u64,
    /// The store's digest of `text`, when the text was loaded by digest.
    digest: Option<String>,
    text: String,
    first: String,
    whole_sections: Vec<Section>,
    first_sections: Vec<Section>,
}

impl Reading {
    pub fn new(text: &str) -> Reading {
        Reading::named(text, None)
    }

    fn named(text: &str, digest: Option<String>) -> Reading {
        static SERIALS: AtomicU64 = AtomicU64::new(1);
        let first = first_section(text);
        Reading {
            serial: SERIALS.fetch_add(1, Ordering::Relaxed),
            digest,
            whole_sections: sections(text),
            first_sections: sections(&first),
            text: text.to_owned(),
            first,
        }
    }

    /// The whole body.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Its first section ([`first_section`]).
    pub fn first_section(&self) -> &str {
        &self.first
    }

    /// The sections of `part`.
    pub fn sections(&self, part: Part) -> &[Section] {
        match part {
            Part::Whole => &self.whole_sections,
            Part::First => &self.first_sections,
        }
    }

    fn bytes(&self) -> usize {
        let sections = self.whole_sections.iter().chain(&self.first_sections);
        self.text.len() + self.first.len() + sections.map(|s| s.title.len() + s.html.len()).sum::<usize>()
    }
}

/// What a caller may read of a book's text: the first section always, the whole body and its
/// sections only when `part` is [`Part::Whole`]. The whole text is out of reach otherwise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadableText {
    reading: Arc<Reading>,
    part: Part,
}

impl ReadableText {
    pub fn new(reading: Arc<Reading>, part: Part) -> ReadableText {
        ReadableText { reading, part }
    }

    pub fn part(&self) -> Part {
        self.part
    }

    /// The first section; everyone gets it.
    pub fn truncated_body(&self) -> &str {
        self.reading.first_section()
    }

    /// The whole body, only for a [`Part::Whole`] text.
    pub fn body(&self) -> Option<&str> {
        (self.part == Part::Whole).then(|| self.reading.text())
    }

    /// The reader's sections of what may be read.
    pub fn sections(&self) -> &[Section] {
        self.reading.sections(self.part)
    }

    /// Names this text (this reading and part) for as long as anything holds it: a presenter may
    /// remember what it derives from the text under the key, and forget it once the key is gone.
    pub fn key(&self) -> TextKey {
        TextKey { serial: self.reading.serial, part: self.part, reading: Arc::downgrade(&self.reading) }
    }
}

/// See [`ReadableText::key`]. Equal keys name the same text; a key never names another text later.
#[derive(Debug, Clone)]
pub struct TextKey {
    serial: u64,
    part: Part,
    reading: Weak<Reading>,
}

impl TextKey {
    /// Nothing holds the text any more (the memo dropped it and no call has it).
    pub fn is_gone(&self) -> bool {
        self.reading.strong_count() == 0
    }
}

impl PartialEq for TextKey {
    fn eq(&self, other: &TextKey) -> bool {
        (self.serial, self.part) == (other.serial, other.part)
    }
}

impl Eq for TextKey {}

impl Hash for TextKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.serial, self.part).hash(state);
    }
}

/// A book's text as the store holds it, with the store's digest of it, read together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigestedText {
    pub text: String,
    pub digest: String,
}

type Generation = HashMap<i64, Arc<Reading>>;

/// A bounded memo of each book's [`Reading`].
pub struct ReadingMemo {
    limit_bytes: usize,
    generations: Mutex<Generations>,
}

#[derive(Default)]
struct Generations {
    newer: Generation,
    newer_bytes: usize,
    older: Generation,
    older_bytes: usize,
}

impl ReadingMemo {
    /// Holds about `limit_bytes` of texts and sections in each of its two generations.
    pub fn new(limit_bytes: usize) -> ReadingMemo {
        ReadingMemo { limit_bytes, generations: Mutex::new(Generations::default()) }
    }

    /// What it holds: at most `limit_bytes` in each generation, so twice that in all.
    pub fn size(&self) -> kernel::CacheSize {
        let generations = self.generations.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        kernel::CacheSize {
            entries: generations.newer.len() + generations.older.len(),
            bytes: generations.newer_bytes + generations.older_bytes,
            limit_bytes: 2 * self.limit_bytes,
        }
    }

    /// The process's memo: 32 MB a generation, some two thousand summaries in all.
    pub fn shared() -> &'static ReadingMemo {
        static SHARED: OnceLock<ReadingMemo> = OnceLock::new();
        SHARED.get_or_init(|| ReadingMemo::new(32 << 20))
    }

    /// `book`'s reading of `text`, from the memo when `text` is the one it holds.
    pub fn reading(&self, book: i64, text: &str) -> Arc<Reading> {
        if let Some(found) = self.lookup(book, text) {
            return found;
        }
        // Split outside the lock: a parse takes far longer than any lookup.
        let reading = Arc::new(Reading::new(text));
        self.keep(book, Arc::clone(&reading));
        reading
    }

    /// `book`'s reading of the text whose digest is `digest`, from the memo; else `load` reads the
    /// book's text with its digest as they are now (None: no such book), and that reading is kept
    /// under the digest it was loaded with (the text may have changed since `digest` was read).
    pub fn reading_by_digest<E>(&self, book: i64, digest: &str, load: impl FnOnce() -> Result<Option<DigestedText>, E>) -> Result<Option<Arc<Reading>>, E> {
        if let Some(found) = self.lookup_where(book, |reading| reading.digest.as_deref() == Some(digest)) {
            return Ok(Some(found));
        }
        let Some(DigestedText { text, digest }) = load()? else { return Ok(None) };
        let reading = Arc::new(Reading::named(&text, Some(digest)));
        self.keep(book, Arc::clone(&reading));
        Ok(Some(reading))
    }

    fn lookup(&self, book: i64, text: &str) -> Option<Arc<Reading>> {
        self.lookup_where(book, |reading| reading.text == text)
    }

    fn lookup_where(&self, book: i64, matches: impl Fn(&Reading) -> bool) -> Option<Arc<Reading>> {
        let mut generations = self.generations.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(reading) = generations.newer.get(&book).filter(|reading| matches(reading)) {
            return Some(Arc::clone(reading));
        }
        let reading = generations.take_older(book).filter(|reading| matches(reading))?;
        generations.insert(book, Arc::clone(&reading), self.limit_bytes);
        Some(reading)
    }

    fn keep(&self, book: i64, reading: Arc<Reading>) {
        let mut generations = self.generations.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        generations.insert(book, reading, self.limit_bytes);
    }
}

impl Generations {
    fn insert(&mut self, book: i64, reading: Arc<Reading>, limit_bytes: usize) {
        let bytes = reading.bytes();
        if bytes > limit_bytes {
            return;
        }
        if self.newer_bytes + bytes > limit_bytes {
            self.older = std::mem::take(&mut self.newer);
            self.older_bytes = std::mem::take(&mut self.newer_bytes);
        }
        self.take_older(book);
        if let Some(replaced) = self.newer.insert(book, reading) {
            self.newer_bytes -= replaced.bytes();
        }
        self.newer_bytes += bytes;
    }

    fn take_older(&mut self, book: i64) -> Option<Arc<Reading>> {
        let taken = self.older.remove(&book)?;
        self.older_bytes -= taken.bytes();
        Some(taken)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &str = "<h3>One</h3><p>first</p><h3>Two</h3><p>second</p>";

    fn memo_len(memo: &ReadingMemo) -> (usize, usize) {
        let generations = memo.generations.lock().unwrap();
        (generations.newer.len(), generations.older.len())
    }

    #[test]
    fn a_reading_answers_as_sections_and_first_section_do() {
        let reading = Reading::new(BODY);
        assert_eq!(reading.text(), BODY);
        assert_eq!(reading.first_section(), first_section(BODY));
        assert_eq!(reading.sections(Part::Whole), sections(BODY).as_slice());
        assert_eq!(reading.sections(Part::First), sections(&first_section(BODY)).as_slice());
        assert_eq!(reading.sections(Part::First).len(), 1);
        assert_ne!(reading.serial, Reading::new(BODY).serial, "every reading has its own serial");
    }

    #[test]
    fn a_first_section_text_holds_no_more_than_the_first_section() {
        let reading = Arc::new(Reading::new(BODY));
        let first = ReadableText::new(Arc::clone(&reading), Part::First);
        assert_eq!((first.body(), first.truncated_body()), (None, "<h3>One</h3><p>first</p>"));
        assert_eq!(first.sections().len(), 1);
        let whole = ReadableText::new(Arc::clone(&reading), Part::Whole);
        assert_eq!((whole.body(), whole.sections().len()), (Some(BODY), 2));
        assert_ne!(first.key(), whole.key(), "one reading, two texts");
        assert_eq!(whole.key(), ReadableText::new(Arc::clone(&reading), Part::Whole).key());
        let key = whole.key();
        drop((reading, first, whole));
        assert!(key.is_gone());
    }

    /// The bytes it reports are what its readings hold, through every move between generations,
    /// and never more than its bound.
    #[test]
    fn the_memo_counts_the_bytes_it_holds_and_stays_within_its_bound() {
        let one = Reading::new(BODY).bytes();
        let memo = ReadingMemo::new(3 * one);
        assert_eq!(memo.size(), kernel::CacheSize { entries: 0, bytes: 0, limit_bytes: 6 * one });
        for book in 1..=3 {
            memo.reading(book, BODY);
        }
        assert_eq!((memo.size().entries, memo.size().bytes), (3, 3 * one));
        memo.reading(4, BODY); // the newer generation was full: 1-3 become the older
        assert_eq!((memo.size().entries, memo.size().bytes), (4, 4 * one));
        memo.reading(2, BODY); // a hit in the older moves into the newer
        assert_eq!((memo.size().entries, memo.size().bytes), (4, 4 * one));
        memo.reading(2, "<h3>Edited</h3><p>new</p>"); // an edit replaces the book's reading
        let edited = Reading::new("<h3>Edited</h3><p>new</p>").bytes();
        assert_eq!((memo.size().entries, memo.size().bytes), (4, 3 * one + edited));
        for book in 10..100 {
            memo.reading(book, BODY);
            let size = memo.size();
            assert!(size.bytes <= size.limit_bytes, "{size:?}");
        }
        let generations = memo.generations.lock().unwrap();
        let counted: usize = generations.newer.values().chain(generations.older.values()).map(|r| r.bytes()).sum();
        assert_eq!(counted, generations.newer_bytes + generations.older_bytes);
    }

    #[test]
    fn the_memo_keeps_one_reading_per_book() {
        let memo = ReadingMemo::new(1 << 20);
        let first = memo.reading(1, BODY);
        let again = memo.reading(1, BODY);
        assert!(Arc::ptr_eq(&first, &again), "the second read is the remembered one");
        memo.reading(2, BODY);
        assert_eq!(memo_len(&memo), (2, 0));
    }

    #[test]
    fn an_edited_text_is_read_again() {
        let memo = ReadingMemo::new(1 << 20);
        let before = memo.reading(1, BODY);
        let edited = "<h3>One</h3><p>changed</p>";
        let after = memo.reading(1, edited);
        assert!(!Arc::ptr_eq(&before, &after));
        assert_eq!(after.sections(Part::Whole), sections(edited).as_slice());
        assert_ne!(before.serial, after.serial);
        assert_eq!(memo_len(&memo), (1, 0), "the edited text replaced the old one");
    }

    #[test]
    fn a_full_generation_ages_and_books_read_again_are_carried_over() {
        let size = Reading::new(BODY).bytes();
        let memo = ReadingMemo::new(size * 2);
        let one = memo.reading(1, BODY);
        memo.reading(2, BODY);
        memo.reading(3, BODY);
        assert_eq!(memo_len(&memo), (1, 2), "the third book started a new generation");
        assert!(Arc::ptr_eq(&one, &memo.reading(1, BODY)), "book 1 is still remembered");
        assert_eq!(memo_len(&memo), (2, 1), "and moved to the newer generation");
        memo.reading(4, BODY);
        assert_eq!(memo_len(&memo), (1, 2), "book 2, not read again, is gone");
        let generations = memo.generations.lock().unwrap();
        assert!(!generations.newer.contains_key(&2) && !generations.older.contains_key(&2));
    }

    /// A loader that counts its calls and answers `text` under `digest`.
    fn loader<'a>(calls: &'a std::cell::Cell<u32>, text: &'a str, digest: &'a str) -> impl FnOnce() -> Result<Option<DigestedText>, ()> + 'a {
        move || {
            calls.set(calls.get() + 1);
            Ok(Some(DigestedText { text: text.to_owned(), digest: digest.to_owned() }))
        }
    }

    #[test]
    fn a_text_named_by_its_digest_is_loaded_once() {
        let memo = ReadingMemo::new(1 << 20);
        let calls = std::cell::Cell::new(0);
        let first = memo.reading_by_digest(1, "d1", loader(&calls, BODY, "d1")).unwrap().unwrap();
        let again = memo.reading_by_digest(1, "d1", loader(&calls, BODY, "d1")).unwrap().unwrap();
        assert_eq!(calls.get(), 1, "the second call read nothing");
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(first.sections(Part::Whole), sections(BODY).as_slice());
        let edited = "<h3>One</h3><p>edited</p>";
        let after = memo.reading_by_digest(1, "d2", loader(&calls, edited, "d2")).unwrap().unwrap();
        assert_eq!((calls.get(), after.text()), (2, edited), "another digest is another text");
        assert_eq!(memo_len(&memo), (1, 0), "which replaced the old one");
    }

    #[test]
    fn a_text_is_kept_under_the_digest_it_was_loaded_with() {
        let memo = ReadingMemo::new(1 << 20);
        let calls = std::cell::Cell::new(0);
        // The book was edited between the statement that read "d1" and the load.
        let edited = "<h3>One</h3><p>edited</p>";
        assert_eq!(memo.reading_by_digest(1, "d1", loader(&calls, edited, "d2")).unwrap().unwrap().text(), edited);
        assert_eq!(memo.reading_by_digest(1, "d2", loader(&calls, "never read", "d2")).unwrap().unwrap().text(), edited);
        assert_eq!(calls.get(), 1);
        assert_eq!(memo.reading_by_digest(1, "d1", loader(&calls, BODY, "d1")).unwrap().unwrap().text(), BODY, "d1 is not taken for the edited text");
        assert_eq!(calls.get(), 2);
    }

    #[test]
    fn a_book_gone_before_its_text_was_loaded_has_no_reading() {
        let memo = ReadingMemo::new(1 << 20);
        assert_eq!(memo.reading_by_digest(1, "d1", || Ok::<_, ()>(None)).unwrap(), None);
        assert_eq!(memo.reading_by_digest(1, "d1", || Err("the store failed")), Err("the store failed"));
        assert_eq!(memo_len(&memo), (0, 0));
    }

    #[test]
    fn readings_by_text_and_by_digest_share_one_entry() {
        let memo = ReadingMemo::new(1 << 20);
        let calls = std::cell::Cell::new(0);
        let by_text = memo.reading(1, BODY);
        let by_digest = memo.reading_by_digest(1, "d1", loader(&calls, BODY, "d1")).unwrap().unwrap();
        assert_eq!(calls.get(), 1, "a reading made from the text alone carries no digest");
        assert!(!Arc::ptr_eq(&by_text, &by_digest));
        assert!(Arc::ptr_eq(&by_digest, &memo.reading(1, BODY)), "the text finds the reading loaded by digest");
        assert!(Arc::ptr_eq(&by_digest, &memo.reading_by_digest(1, "d1", loader(&calls, BODY, "d1")).unwrap().unwrap()));
        assert_eq!((calls.get(), memo_len(&memo)), (1, (1, 0)));
    }

    #[test]
    fn a_text_larger_than_a_generation_is_never_kept() {
        let memo = ReadingMemo::new(10);
        assert_eq!(memo.reading(1, BODY).sections(Part::Whole), sections(BODY).as_slice());
        assert_eq!(memo_len(&memo), (0, 0));
    }
}
