use super::*;
use crate::fakes::InMemoryProgress;
use crate::ports::ProgressStore;
use catalogue::fakes::{sample_book, InMemoryCatalogue};
use catalogue::CatalogueError;
use chrono::TimeZone;
use identity::fakes::sample_user;
use kernel::UserId;

const FREE_MEMBER: UserId = UserId(1);
const PAID_MEMBER: UserId = UserId(2);
const FREE: Session = Session { user: FREE_MEMBER, id: kernel::SessionId(21) };
const PAID: Session = Session { user: PAID_MEMBER, id: kernel::SessionId(22) };

fn at(hour: u32) -> Timestamp {
    chrono::Utc.with_ymd_and_hms(2026, 11, 22, hour, 30, 0).unwrap()
}

/// A free member in Paris, a paid member in an unknown timezone, premium books 1-3, free book 4.
fn catalogue() -> InMemoryCatalogue {
    let catalogue = InMemoryCatalogue::default();
    let mut free = sample_user(FREE_MEMBER);
    free.timezone = "Europe/Paris".into();
    catalogue.add_user(free);
    let mut paid = sample_user(PAID_MEMBER);
    paid.timezone = "Mars/Olympus".into();
    paid.plan.paid_date = Some(at(0) - chrono::Duration::days(10));
    catalogue.add_user(paid);
    for id in 1..=3 {
        catalogue.add_book(sample_book(id), &[]);
    }
    catalogue.add_book(catalogue::Book { free: true, video: None, ..sample_book(4) }, &[]);
    catalogue
}

fn save(book: i64, position: i64, completed: bool) -> PositionSaveRequest {
    PositionSaveRequest { book: Some(BookKey::Id(book)), position: Some(position), completed, saved_at: None }
}

#[test]
fn today_is_the_members_calendar_day_and_unknown_timezones_fall_back_to_utc() {
    let late = chrono::Utc.with_ymd_and_hms(2026, 11, 22, 23, 30, 0).unwrap();
    assert_eq!(member_today("Europe/Paris", late), NaiveDate::from_ymd_opt(2026, 11, 23).unwrap());
    assert_eq!(member_today("America/New_York", late), NaiveDate::from_ymd_opt(2026, 11, 22).unwrap());
    assert_eq!(member_today("Mars/Olympus", late), NaiveDate::from_ymd_opt(2026, 11, 22).unwrap());
    assert_eq!(member_today("", late), NaiveDate::from_ymd_opt(2026, 11, 22).unwrap());
}

#[test]
fn positions_are_clamped_to_the_servers_sections_and_xp_comes_once() {
    let books = catalogue();
    let store = InMemoryProgress::new(&books);
    let progress = Progress::new(&books, &store, at(23));
    let first = progress.save_position(PAID, save(1, 99, false)).unwrap();
    assert_eq!(first.entry.position, 1, "sample books have two sections");
    assert!(first.new_reader);
    let done = progress.save_position(PAID, save(1, 1, true)).unwrap();
    assert_eq!((done.first_completion, done.xp_gained), (true, 10));
    let again = progress.save_position(PAID, save(1, 1, true)).unwrap();
    assert_eq!(again.xp_gained, 0);
    assert_eq!(store.days(PAID_MEMBER), vec![NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()], "UTC for an unknown zone");
}

#[test]
fn a_completion_late_in_the_evening_counts_for_the_members_own_day() {
    let books = catalogue();
    let store = InMemoryProgress::new(&books);
    Progress::new(&books, &store, at(23)).save_position(FREE, save(4, 1, true)).unwrap();
    assert_eq!(store.days(FREE_MEMBER), vec![NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()], "already the 23rd in Paris");
}

#[test]
fn saves_need_a_book_a_position_and_a_book_the_member_may_read() {
    let books = catalogue();
    let store = InMemoryProgress::new(&books);
    let progress = Progress::new(&books, &store, at(12));
    let missing_book = PositionSaveRequest { book: None, position: Some(1), completed: false, saved_at: None };
    assert_eq!(progress.save_position(FREE, missing_book), Err(ProgressError::MissingBook));
    let missing_position = PositionSaveRequest { book: Some(BookKey::Id(1)), position: None, completed: false, saved_at: None };
    assert_eq!(progress.save_position(FREE, missing_position), Err(ProgressError::MissingPosition));
    assert_eq!(progress.save_position(FREE, save(1, 0, true)), Err(ProgressError::Locked), "not unlocked: no XP farming");
    assert_eq!(progress.save_position(FREE, save(404, 0, false)), Err(ProgressError::Catalogue(CatalogueError::BookNotFound)));
    assert_eq!(store.entry(FREE_MEMBER, 1), None, "nothing stored");
    assert!(progress.save_position(FREE, save(4, 0, false)).is_ok(), "free books are open to members");
    assert!(books.unlocks_of(FREE_MEMBER).is_empty(), "saving never spends an unlock");
    assert_eq!(
        progress.save_position(Session { user: UserId(99), id: kernel::SessionId(99) }, save(4, 0, false)),
        Err(ProgressError::Catalogue(CatalogueError::SessionExpired))
    );
}

#[test]
fn video_starts_need_video_access_and_a_video() {
    let books = catalogue();
    let store = InMemoryProgress::new(&books);
    let progress = Progress::new(&books, &store, at(12));
    assert_eq!(progress.start_video(FREE, &BookKey::Id(1)), Err(ProgressError::NoVideo), "video is paid-only");
    assert_eq!(progress.start_video(PAID, &BookKey::Id(4)), Err(ProgressError::NoVideo), "the book has no video");
    progress.start_video(PAID, &BookKey::Id(1)).unwrap();
    assert_eq!(store.video_starts(), vec![(PAID_MEMBER, 1)]);
    assert_eq!(store.entry(PAID_MEMBER, 1).map(|e| e.position), Some(0));
}

#[test]
fn the_library_adds_removes_and_pages_by_twenty() {
    let books = catalogue();
    for id in 10..35 {
        books.add_book(sample_book(id), &[]);
    }
    let store = InMemoryProgress::new(&books);
    let progress = Progress::new(&books, &store, at(12));
    assert_eq!(progress.add_to_library(FREE, None), Err(ProgressError::MissingBook));
    assert_eq!(progress.add_to_library(FREE, Some(BookKey::Id(404))), Err(ProgressError::Catalogue(CatalogueError::BookNotFound)));
    for id in 10..35 {
        assert_eq!(progress.add_to_library(FREE, Some(BookKey::Id(id))).unwrap(), id);
    }
    progress.add_to_library(FREE, Some(BookKey::Subid("book-34".into()))).unwrap();
    let first = progress.library(FREE, None).unwrap();
    assert_eq!((first.books.len(), first.total, first.has_more, first.page_size), (20, 25, true, 20));
    assert_eq!(first.books[0].id, 34, "most recently added first");
    let second = progress.library(FREE, Some(2)).unwrap();
    assert_eq!((second.books.len(), second.has_more), (5, false));
    assert_eq!(progress.library(FREE, Some(0)), Err(ProgressError::InvalidPage));
    assert_eq!(progress.library(FREE, Some(100_001)), Err(ProgressError::InvalidPage));
    assert_eq!(progress.remove_from_library(FREE, &BookKey::Id(34)).unwrap(), 34);
    progress.remove_from_library(FREE, &BookKey::Id(34)).unwrap();
    assert_eq!(progress.library(FREE, None).unwrap().total, 24);
    assert_eq!(progress.library(PAID, None).unwrap().total, 0, "each member sees only their own");
}

#[test]
fn ratings_are_validated_before_anything_is_stored() {
    let books = catalogue();
    let store = InMemoryProgress::new(&books);
    let progress = Progress::new(&books, &store, at(12));
    assert_eq!(progress.rate(PAID, &BookKey::Id(1), Stars::Missing, None), Err(ProgressError::MissingRating));
    assert_eq!(progress.rate(PAID, &BookKey::Id(1), Stars::Whole(6), None), Err(ProgressError::InvalidRating));
    let long = "a".repeat(501);
    assert_eq!(progress.rate(PAID, &BookKey::Id(1), Stars::Whole(5), Some(&long)), Err(ProgressError::FeedbackTooLong));
    assert_eq!(progress.rate(FREE, &BookKey::Id(1), Stars::Whole(5), None), Err(ProgressError::Locked));
    assert_eq!(store.rating(PAID_MEMBER, 1), None);
    let (book, rating) = progress.rate(PAID, &BookKey::Id(1), Stars::Whole(4), Some(" fine ")).unwrap();
    assert_eq!((book, rating.stars(), rating.feedback()), (1, 4, "fine"));
    progress.rate(PAID, &BookKey::Id(1), Stars::Whole(2), None).unwrap();
    assert_eq!(store.rating(PAID_MEMBER, 1).map(|r| r.stars()), Some(2), "a new rating replaces the old");
}

#[test]
fn the_report_adds_up_completions_streaks_and_skills() {
    let books = catalogue();
    let store = InMemoryProgress::new(&books);
    store.set_book_categories(1, &["Mind"]);
    store.set_book_categories(2, &["Mind", "Money"]);
    Progress::new(&books, &store, at(12) - chrono::Duration::days(1)).save_position(PAID, save(1, 1, true)).unwrap();
    let progress = Progress::new(&books, &store, at(12));
    progress.save_position(PAID, save(2, 1, true)).unwrap();
    let summary = progress.report(PAID).unwrap();
    assert!(summary.is_paid);
    assert_eq!((summary.report.num_completed, summary.report.xp), (2, 20));
    assert_eq!((summary.report.streaks.current, summary.report.streaks.best), (2, 2));
    assert_eq!(summary.per_category, vec![("Mind".to_owned(), 2), ("Money".to_owned(), 1)]);
    let free = progress.report(FREE).unwrap();
    assert!(!free.is_paid && free.report.num_completed == 0);
}

#[test]
fn an_ended_session_writes_nothing() {
    let books = catalogue();
    let store = InMemoryProgress::new(&books);
    let progress = Progress::new(&books, &store, at(12));
    books.end_session(FREE);
    let ended = Err(ProgressError::Catalogue(CatalogueError::SessionExpired));
    assert_eq!(progress.add_to_library(FREE, Some(BookKey::Id(4))).map(drop), ended);
    assert_eq!(progress.remove_from_library(FREE, &BookKey::Id(4)).map(drop), ended);
    assert_eq!(progress.save_position(FREE, save(4, 0, false)).map(drop), ended);
    assert_eq!(progress.save_position(FREE, save(404, 0, false)).map(drop), ended, "an ended session before an unknown book");
    assert_eq!(progress.rate(FREE, &BookKey::Id(4), Stars::Whole(5), None).map(drop), ended);
    assert_eq!(progress.rate(FREE, &BookKey::Id(404), Stars::Whole(5), None).map(drop), ended);
    assert_eq!(store.library_page(FREE_MEMBER, 0, 20).unwrap().total, 0);
}
