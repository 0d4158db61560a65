use super::*;
use crate::fakes::InMemoryReview;
use catalogue::fakes::{sample_book, InMemoryCatalogue};
use catalogue::model::Book;
use chrono::{Duration, TimeZone};
use identity::fakes::sample_user;

fn now() -> Timestamp {
    chrono::Utc.with_ymd_and_hms(2026, 11, 26, 12, 0, 0).unwrap()
}

const FREE: Session = Session { user: UserId(1), id: kernel::SessionId(11) };
const PAID: Session = Session { user: UserId(2), id: kernel::SessionId(12) };
const OTHER_PAID: Session = Session { user: UserId(3), id: kernel::SessionId(13) };

const BODY: &str = "<h3>Systems</h3><p>You do not rise to the level of your goals.</p><p>You fall to the level of your systems.</p>\
                    <h3>Identity</h3><p>Every action is a vote for who you wish to become.</p>\
                    <h3>Environment</h3><p>Make it obvious.</p>";

/// A free member, two paid members, and premium book 1 with three key ideas.
fn catalogue() -> InMemoryCatalogue {
    let store = InMemoryCatalogue::default();
    store.add_user(sample_user(FREE.user));
    for member in [PAID.user, OTHER_PAID.user] {
        let mut paid = sample_user(member);
        paid.plan.paid_date = Some(now() - Duration::days(1));
        store.add_user(paid);
    }
    store.add_book(Book { body: BODY.into(), title: "Atomic Habits".into(), ..sample_book(1) }, &[]);
    store
}

fn finished(store: &InMemoryReview, who: Session, book: i64) {
    store.finished.borrow_mut().push((who.user, book));
}

#[test]
fn a_finished_book_gives_a_card_per_key_idea_with_its_title_and_first_paragraph() {
    let (books, store) = (catalogue(), InMemoryReview::default());
    finished(&store, PAID, 1);
    let queue = Review::new(&books, &store, now()).queue(PAID).unwrap();
    let faces: Vec<(&str, &str)> = queue.cards.iter().map(|c| (c.front.as_str(), c.back.as_str())).collect();
    assert_eq!(
        faces,
        [
            ("Systems", "You do not rise to the level of your goals."),
            ("Identity", "Every action is a vote for who you wish to become."),
            ("Environment", "Make it obvious.")
        ]
    );
    assert_eq!((queue.due, queue.new_today, queue.to_review()), (0, 3, 3));
    assert_eq!(queue.cards[0].book.title, "Atomic Habits");
    let next = queue.cards[0].next_due;
    assert!(next.windows(2).all(|pair| pair[0].1 <= pair[1].1) && next[0].1 > now(), "{next:?}");
    // Asking again makes no second set.
    Review::new(&books, &store, now()).queue(PAID).unwrap();
    assert_eq!(store.cards().len(), 3);
}

#[test]
fn new_cards_are_limited_per_day_and_come_back_the_next_day() {
    let (books, store) = (catalogue(), InMemoryReview::default());
    finished(&store, PAID, 1);
    let review = Review::new(&books, &store, now());
    assert_eq!(review.set_new_per_day(PAID, Some(2)).unwrap().new_per_day, 2);
    let queue = review.queue(PAID).unwrap();
    assert_eq!((queue.cards.len(), queue.new_today), (2, 2));
    let first = &queue.cards[0].card;
    review.rate(PAID, first.id, Some(3), Some(0)).unwrap();
    let after = review.queue(PAID).unwrap();
    assert_eq!((after.cards.len(), after.new_today, after.to_review()), (1, 1, 1), "one new card met today");
    let tomorrow = Review::new(&books, &store, now() + Duration::days(1));
    assert_eq!(tomorrow.queue(PAID).unwrap().new_today, 2);
}

#[test]
fn a_rating_sent_twice_counts_once_and_the_first_rating_of_a_day_earns_xp() {
    let (books, store) = (catalogue(), InMemoryReview::default());
    finished(&store, PAID, 1);
    let review = Review::new(&books, &store, now());
    let card = review.queue(PAID).unwrap().cards[0].card.clone();
    let first = review.rate(PAID, card.id, Some(3), Some(0)).unwrap();
    assert!(first.counted);
    assert_eq!(first.xp_gained, XP_PER_REVIEWED_CARD);
    assert_eq!(first.card.memory.reps, 1);
    assert!(first.card.memory.due > now());
    // The same click again (or from a second tab that showed the card at 0 reviews).
    let again = review.rate(PAID, card.id, Some(1), Some(0)).unwrap();
    assert!(!again.counted);
    assert_eq!((again.xp_gained, again.card.memory), (0, first.card.memory));
    assert_eq!(store.log().len(), 1);
    // A later rating the same day (quoting the new count) counts, without more XP.
    let later = review.rate(PAID, card.id, Some(4), Some(1)).unwrap();
    assert!(later.counted);
    assert_eq!(later.xp_gained, 0);
    assert_eq!(store.log().len(), 2);
}

#[test]
fn a_reviewed_card_is_due_again_later_and_comes_back_when_due() {
    let (books, store) = (catalogue(), InMemoryReview::default());
    finished(&store, PAID, 1);
    let review = Review::new(&books, &store, now());
    review.set_new_per_day(PAID, Some(1)).unwrap();
    let card = review.queue(PAID).unwrap().cards[0].card.clone();
    let rated = review.rate(PAID, card.id, Some(3), Some(0)).unwrap();
    assert!(review.queue(PAID).unwrap().cards.iter().all(|c| c.card.id != card.id), "not due again today");
    let then = Review::new(&books, &store, rated.card.memory.due);
    let queue = then.queue(PAID).unwrap();
    assert_eq!(queue.due, 1);
    assert_eq!(queue.cards[0].card.id, card.id, "due cards come before new ones");
}

#[test]
fn bad_ratings_and_settings_are_refused_and_nothing_changes() {
    let (books, store) = (catalogue(), InMemoryReview::default());
    finished(&store, PAID, 1);
    let review = Review::new(&books, &store, now());
    let card = review.queue(PAID).unwrap().cards[0].card.clone();
    assert_eq!(review.rate(PAID, card.id, Some(5), Some(0)).unwrap_err(), ReviewError::InvalidRating);
    assert_eq!(review.rate(PAID, card.id, None, Some(0)).unwrap_err(), ReviewError::InvalidRating);
    assert_eq!(review.rate(PAID, card.id, Some(3), None).unwrap_err(), ReviewError::MissingReps);
    assert_eq!(review.rate(PAID, 999, Some(3), Some(0)).unwrap_err(), ReviewError::CardNotFound);
    assert_eq!(review.set_new_per_day(PAID, Some(101)).unwrap_err(), ReviewError::InvalidNewPerDay);
    assert_eq!(review.set_new_per_day(PAID, Some(-1)).unwrap_err(), ReviewError::InvalidNewPerDay);
    assert_eq!(review.settings(PAID).unwrap(), ReviewSettings::default());
    assert!(store.log().is_empty());
}

#[test]
fn a_member_cannot_see_or_rate_another_members_cards() {
    let (books, store) = (catalogue(), InMemoryReview::default());
    finished(&store, PAID, 1);
    let review = Review::new(&books, &store, now());
    let card = review.queue(PAID).unwrap().cards[0].card.clone();
    assert!(review.queue(OTHER_PAID).unwrap().cards.is_empty());
    assert_eq!(review.rate(OTHER_PAID, card.id, Some(3), Some(0)).unwrap_err(), ReviewError::CardNotFound);
    books.end_session(PAID);
    assert_eq!(review.queue(PAID).unwrap_err(), ReviewError::SessionExpired);
}

#[test]
fn key_ideas_past_what_a_free_member_may_read_are_not_shown() {
    let (books, store) = (catalogue(), InMemoryReview::default());
    finished(&store, FREE, 1);
    let queue = Review::new(&books, &store, now()).queue(FREE).unwrap();
    let fronts: Vec<&str> = queue.cards.iter().map(|c| c.front.as_str()).collect();
    assert!(!fronts.contains(&"Identity") && !fronts.contains(&"Environment"), "a premium book's later ideas stay locked: {fronts:?}");
    assert!(queue.cards.iter().all(|c| !c.back.contains("vote")));
}

#[test]
fn highlights_marked_for_review_become_cards_and_leave_when_unmarked() {
    let (books, store) = (catalogue(), InMemoryReview::default());
    let face = HighlightFace { highlight_id: 7, book_id: 1, section: 1, quote: "Every action is a vote".into(), note: Some("identity".into()) };
    store.highlights.borrow_mut().push((PAID.user, face.clone(), true));
    store.highlights.borrow_mut().push((OTHER_PAID.user, HighlightFace { highlight_id: 8, ..face.clone() }, true));
    let review = Review::new(&books, &store, now());
    let queue = review.queue(PAID).unwrap();
    assert_eq!(queue.cards.len(), 1);
    let card = &queue.cards[0];
    assert_eq!((card.front.as_str(), card.back.as_str(), card.note.as_deref(), card.section), ("Identity", "Every action is a vote", Some("identity"), 1));
    store.highlights.borrow_mut()[0].2 = false;
    assert!(review.queue(PAID).unwrap().cards.is_empty());
    assert_eq!(review.to_review(PAID).unwrap(), 0);
}

#[test]
fn a_long_first_paragraph_is_cut_at_a_word() {
    let long = format!("<p>{}</p>", "word ".repeat(400));
    let cut = first_paragraph(&long);
    assert!(cut.ends_with("word…"), "{cut}");
    assert!(cut.chars().count() <= BACK_CHARS + 1);
}

#[test]
fn the_day_of_a_review_is_the_members_own() {
    let (books, store) = (catalogue(), InMemoryReview::default());
    let mut member = books.user(PAID.user).unwrap();
    member.timezone = "Pacific/Auckland".into();
    books.update_user(member);
    finished(&store, PAID, 1);
    // 12:00 UTC is already the next day in Auckland.
    let review = Review::new(&books, &store, now());
    let card = review.queue(PAID).unwrap().cards[0].card.clone();
    review.rate(PAID, card.id, Some(3), Some(0)).unwrap();
    assert_eq!(store.log()[0].day, chrono::NaiveDate::from_ymd_opt(2026, 11, 27).unwrap());
}
