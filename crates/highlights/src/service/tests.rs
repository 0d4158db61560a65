use super::*;
use crate::fakes::InMemoryHighlights;
use catalogue::fakes::{sample_book, InMemoryCatalogue};
use catalogue::model::Book;
use chrono::TimeZone;
use identity::fakes::sample_user;

fn now() -> Timestamp {
    chrono::Utc.with_ymd_and_hms(2026, 11, 26, 12, 0, 0).unwrap()
}

const SITE: &str = "https://gistbook.app/";
const FREE: Session = Session { user: UserId(1), id: kernel::SessionId(11) };
const PAID: Session = Session { user: UserId(2), id: kernel::SessionId(12) };
const OTHER_PAID: Session = Session { user: UserId(3), id: kernel::SessionId(13) };

const BODY: &str = "<h3>Systems</h3><p>You do not rise to the level of your goals.</p><p>You fall to the level of your \"systems\".</p>\
                    <h3>Identity</h3><p>Every action is a vote for who you wish to become.</p>";

/// A free member, two paid members, and premium book 1 with two sections.
fn catalogue() -> InMemoryCatalogue {
    let store = InMemoryCatalogue::default();
    store.add_user(sample_user(FREE.user));
    for member in [PAID.user, OTHER_PAID.user] {
        let mut paid = sample_user(member);
        paid.plan.paid_date = Some(now() - chrono::Duration::days(1));
        store.add_user(paid);
    }
    store.add_book(Book { body: BODY.into(), title: "Atomic Habits".into(), ..sample_book(1) }, &[]);
    store
}

fn mark(section: i64, start: (&str, i64), end: (&str, i64)) -> MarkRequest {
    MarkRequest {
        book: Some(BookKey::Id(1)),
        section: Some(section),
        start_block: Some(start.0.into()),
        start_offset: Some(start.1),
        end_block: Some(end.0.into()),
        end_offset: Some(end.1),
        ..MarkRequest::default()
    }
}

#[test]
fn a_member_marks_a_passage_and_the_quote_is_read_from_the_summary() {
    let (books, store) = (catalogue(), InMemoryHighlights::default());
    let highlights = Highlights::new(&books, &store, now(), SITE);
    let marked =
        highlights.mark(PAID, MarkRequest { colour: Some("Green".into()), note: Some("  Key idea  ".into()), ..mark(0, ("b1", 0), ("b1", 8)) }).unwrap();
    assert_eq!(marked.highlight.anchor.quote.exact, "You fall");
    assert_eq!(marked.highlight.anchor.quote.prefix, "ise to the level of your goals.\n");
    assert_eq!((marked.highlight.colour, marked.highlight.note.as_deref()), (Colour::Green, Some("Key idea")));
    assert_eq!((marked.book.title.as_str(), marked.book.subid.as_str()), ("Atomic Habits", "book-1"));
    assert_eq!(store.all().len(), 1);
}

#[test]
fn bad_selections_colours_notes_and_lengths_are_refused_and_nothing_is_kept() {
    let (books, store) = (catalogue(), InMemoryHighlights::default());
    let highlights = Highlights::new(&books, &store, now(), SITE);
    let refused = |request: MarkRequest| highlights.mark(PAID, request).unwrap_err();
    assert_eq!(refused(MarkRequest { section: None, ..mark(0, ("b0", 0), ("b0", 3)) }), HighlightError::InvalidSelection);
    assert_eq!(refused(mark(0, ("b0", 5), ("b0", 5))), HighlightError::InvalidSelection);
    assert_eq!(refused(mark(0, ("b0", -1), ("b0", 5))), HighlightError::InvalidSelection);
    assert_eq!(refused(mark(0, ("b9", 0), ("b0", 5))), HighlightError::InvalidSelection);
    assert_eq!(refused(mark(0, ("b0", 0), ("b0", 500))), HighlightError::InvalidSelection);
    assert_eq!(refused(mark(7, ("b0", 0), ("b0", 3))), HighlightError::SectionNotReadable);
    assert_eq!(refused(MarkRequest { book: Some(BookKey::Id(404)), ..mark(0, ("b0", 0), ("b0", 3)) }), HighlightError::BookNotFound);
    assert_eq!(refused(MarkRequest { colour: Some("purple".into()), ..mark(0, ("b0", 0), ("b0", 3)) }), HighlightError::InvalidColour);
    let long_note = "n".repeat(MAX_NOTE_CHARS + 1);
    assert_eq!(refused(MarkRequest { note: Some(long_note), ..mark(0, ("b0", 0), ("b0", 3)) }), HighlightError::NoteTooLong);
    assert!(store.all().is_empty(), "a refused request keeps nothing");
    // A note of exactly the limit is kept.
    highlights.mark(PAID, MarkRequest { note: Some("n".repeat(MAX_NOTE_CHARS)), ..mark(0, ("b0", 0), ("b0", 3)) }).unwrap();
}

#[test]
fn a_highlight_longer_than_the_limit_is_refused() {
    let long = format!("<h3>Long</h3><p>{}</p>", "word ".repeat(MAX_HIGHLIGHT_CHARS / 5 + 1));
    let books = catalogue();
    books.add_book(Book { body: long, ..sample_book(2) }, &[]);
    let store = InMemoryHighlights::default();
    let highlights = Highlights::new(&books, &store, now(), SITE);
    let request = |end: i64| MarkRequest { book: Some(BookKey::Id(2)), ..mark(0, ("b0", 0), ("b0", end)) };
    assert_eq!(highlights.mark(PAID, request(MAX_HIGHLIGHT_CHARS as i64 + 1)).unwrap_err(), HighlightError::HighlightTooLong);
    assert!(highlights.mark(PAID, request(MAX_HIGHLIGHT_CHARS as i64)).is_ok());
}

#[test]
fn a_free_member_marks_only_what_they_may_read() {
    let (books, store) = (catalogue(), InMemoryHighlights::default());
    let highlights = Highlights::new(&books, &store, now(), SITE);
    assert!(highlights.mark(FREE, mark(0, ("b0", 0), ("b0", 3))).is_ok(), "the first section is open to all");
    assert_eq!(highlights.mark(FREE, mark(1, ("b0", 0), ("b0", 5))).unwrap_err(), HighlightError::SectionNotReadable);
}

#[test]
fn the_member_limit_is_kept() {
    let (books, store) = (catalogue(), InMemoryHighlights::default());
    let highlights = Highlights::new(&books, &store, now(), SITE);
    let anchor = highlights.mark(OTHER_PAID, mark(0, ("b0", 0), ("b0", 3))).unwrap().highlight.anchor;
    for _ in 0..MAX_HIGHLIGHTS_PER_MEMBER {
        store
            .add_highlight(
                &NewHighlight {
                    member: PAID.user,
                    book_id: 1,
                    section: 0,
                    anchor: anchor.clone(),
                    section_version: String::new(),
                    colour: Colour::Yellow,
                    note: None,
                    review: false,
                    at: now(),
                },
                i64::MAX,
            )
            .unwrap();
    }
    assert_eq!(highlights.mark(PAID, mark(0, ("b0", 0), ("b0", 3))).unwrap_err(), HighlightError::TooManyHighlights);
    assert!(highlights.mark(OTHER_PAID, mark(0, ("b0", 0), ("b0", 3))).is_ok(), "another member's count is theirs");
}

#[test]
fn only_the_owner_edits_removes_lists_or_exports_a_highlight() {
    let (books, store) = (catalogue(), InMemoryHighlights::default());
    let highlights = Highlights::new(&books, &store, now(), SITE);
    let id = highlights.mark(PAID, mark(0, ("b0", 0), ("b0", 3))).unwrap().highlight.id;
    let edit = EditRequest { note: Some("mine".into()), ..EditRequest::default() };
    assert_eq!(highlights.edit(OTHER_PAID, id, edit.clone()).unwrap_err(), HighlightError::HighlightNotFound);
    assert_eq!(highlights.remove(OTHER_PAID, id).unwrap_err(), HighlightError::HighlightNotFound);
    assert_eq!(highlights.list(OTHER_PAID, ListRequest::default()).unwrap().total, 0);
    assert!(!highlights.export(OTHER_PAID, None, ExportFormat::ReadwiseCsv).unwrap().content.contains("You"));
    assert!(highlights.in_book(OTHER_PAID, &BookKey::Id(1)).unwrap().is_empty());
    assert_eq!(
        highlights.mark(Session { user: UserId(99), id: kernel::SessionId(99) }, mark(0, ("b0", 0), ("b0", 3))).unwrap_err(),
        HighlightError::SessionExpired
    );

    let edited = highlights.edit(PAID, id, EditRequest { colour: Some("pink".into()), review: Some(true), ..edit }).unwrap();
    assert_eq!((edited.colour, edited.note.as_deref(), edited.review), (Colour::Pink, Some("mine"), true));
    let cleared = highlights.edit(PAID, id, EditRequest { note: Some(" ".into()), ..EditRequest::default() }).unwrap();
    assert_eq!((cleared.note, cleared.colour), (None, Colour::Pink), "an empty note removes the note, the rest stays");
    highlights.remove(PAID, id).unwrap();
    assert_eq!(highlights.remove(PAID, id).unwrap_err(), HighlightError::HighlightNotFound);
}

#[test]
fn the_list_filters_by_book_colour_and_text_and_pages() {
    let (books, store) = (catalogue(), InMemoryHighlights::default());
    let highlights = Highlights::new(&books, &store, now(), SITE);
    highlights.mark(PAID, MarkRequest { colour: Some("green".into()), ..mark(0, ("b0", 0), ("b0", 10)) }).unwrap();
    highlights.mark(PAID, MarkRequest { note: Some("Systems beat goals".into()), ..mark(0, ("b1", 0), ("b1", 8)) }).unwrap();
    let list = |request: ListRequest| highlights.list(PAID, request).unwrap();
    assert_eq!(list(ListRequest::default()).total, 2);
    assert_eq!(list(ListRequest { colour: Some("green".into()), ..ListRequest::default() }).highlights[0].highlight.anchor.quote.exact, "You do not");
    assert_eq!(list(ListRequest { search: Some("BEAT".into()), ..ListRequest::default() }).highlights[0].highlight.anchor.quote.exact, "You fall");
    assert_eq!(list(ListRequest { book: Some(BookKey::Subid("book-1".into())), ..ListRequest::default() }).total, 2);
    assert_eq!(highlights.list(PAID, ListRequest { page: Some(0), ..ListRequest::default() }).unwrap_err(), HighlightError::InvalidPage);
    assert_eq!(highlights.list(PAID, ListRequest { search: Some("x".repeat(201)), ..ListRequest::default() }).unwrap_err(), HighlightError::SearchTooLong);
    assert_eq!(highlights.list(PAID, ListRequest { colour: Some("red".into()), ..ListRequest::default() }).unwrap_err(), HighlightError::InvalidColour);
    assert_eq!(list(ListRequest { page: Some(2), ..ListRequest::default() }).highlights.len(), 0);
}

#[test]
fn after_an_edit_of_the_summary_highlights_are_found_again_or_kept_as_orphaned() {
    let (books, store) = (catalogue(), InMemoryHighlights::default());
    let highlights = Highlights::new(&books, &store, now(), SITE);
    let kept = highlights.mark(PAID, mark(0, ("b1", 0), ("b1", 8))).unwrap().highlight;
    let doomed = highlights.mark(PAID, mark(1, ("b0", 0), ("b0", 12))).unwrap().highlight;
    let edited =
        "<h3>Systems</h3><p>A new first paragraph.</p><p>You do not rise to the level of your goals.</p><p>You fall to the level of your \"systems\".</p>\
                  <h3>Identity</h3><p>Rewritten entirely.</p>";
    books.edit_body(1, edited);
    assert_eq!(highlights.reanchor_book(1, edited).unwrap(), (1, 1));
    let after = highlights.in_book(PAID, &BookKey::Id(1)).unwrap();
    let found = after.iter().find(|h| h.id == kept.id).unwrap();
    assert_eq!((found.anchor.start.block.as_str(), found.anchor.quote.exact.as_str(), found.orphaned), ("b2", "You fall", false));
    let orphan = after.iter().find(|h| h.id == doomed.id).unwrap();
    assert!(orphan.orphaned);
    assert_eq!(orphan.anchor.quote.exact, "Every action", "an orphan keeps its quote");
    // The reader's call finds an edit nobody re-anchored after (a crash between the two).
    let again = "<h3>Systems</h3><p>You fall to the level of your \"systems\".</p><h3>Identity</h3><p>Every action is a vote.</p>";
    books.edit_body(1, again);
    let after = highlights.in_book(PAID, &BookKey::Id(1)).unwrap();
    let found = after.iter().find(|h| h.id == kept.id).unwrap();
    assert_eq!((found.anchor.start.block.as_str(), found.orphaned), ("b0", false));
    let back = after.iter().find(|h| h.id == doomed.id).unwrap();
    assert!(!back.orphaned, "a passage that comes back is found again");
    assert_eq!(store.all().iter().find(|h| h.id == kept.id).unwrap().anchor.start.block, "b0", "and kept so");
}

#[test]
fn exports_carry_every_highlight_of_the_member_with_its_book() {
    let (books, store) = (catalogue(), InMemoryHighlights::default());
    store
        .books
        .borrow_mut()
        .insert(1, BookRef { id: 1, subid: "book-1".into(), title: "Atomic Habits".into(), author: "An Author".into(), image: String::new() });
    let highlights = Highlights::new(&books, &store, now(), SITE);
    highlights.mark(PAID, MarkRequest { note: Some("He says \"systems\"".into()), ..mark(0, ("b1", 0), ("b1", 40)) }).unwrap();
    highlights.mark(PAID, MarkRequest { colour: Some("pink".into()), ..mark(0, ("b0", 0), ("b0", 10)) }).unwrap();

    let csv = highlights.export(PAID, Some(&BookKey::Id(1)), ExportFormat::ReadwiseCsv).unwrap();
    assert_eq!(csv.file_name, "gistbook-book-1-highlights.csv");
    let mut reader = csv::Reader::from_reader(csv.content.as_bytes());
    assert_eq!(reader.headers().unwrap().iter().collect::<Vec<_>>(), ["Highlight", "Title", "Author", "URL", "Note", "Location", "Date"]);
    let rows: Vec<csv::StringRecord> = reader.records().map(|row| row.expect("a CSV row")).collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(&rows[0][0], "You do not", "in reading order");
    assert_eq!(&rows[1][0], "You fall to the level of your \"systems\".");
    assert_eq!(&rows[1][4], "He says \"systems\"");
    assert!(rows.iter().all(|row| &row[1] == "Atomic Habits" && &row[3] == "https://gistbook.app/books/book-1"), "one URL per book");
    assert!(rows[0][5].parse::<u64>().unwrap() < rows[1][5].parse::<u64>().unwrap());
    assert_eq!(&rows[0][6], "2026-11-26 12:00:00");

    let markdown = highlights.export(PAID, None, ExportFormat::Markdown).unwrap();
    assert_eq!(markdown.file_name, "gistbook-highlights.md");
    assert!(markdown.content.contains("## Atomic Habits\n\n*An Author*, [on Gistbook](https://gistbook.app/books/book-1)\n"), "{}", markdown.content);
    assert!(markdown.content.contains("> You fall to the level of your \"systems\".\n\n**Note:** He says \"systems\"\n"), "{}", markdown.content);
    assert!(markdown.content.contains("<small>pink · 2026-11-26</small>"), "{}", markdown.content);
}
