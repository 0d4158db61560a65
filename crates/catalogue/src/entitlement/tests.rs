use super::*;

const PREMIUM: BookAccessFacts = BookAccessFacts { free: false, monthly_preview: false, has_body: true };
const FREE_BOOK: BookAccessFacts = BookAccessFacts { free: true, monthly_preview: false, has_body: true };
const PREVIEW: BookAccessFacts = BookAccessFacts { free: false, monthly_preview: true, has_body: true };
const EMPTY: BookAccessFacts = BookAccessFacts { free: false, monthly_preview: false, has_body: false };

const MEMBER: kernel::UserId = kernel::UserId(7);

fn member(used: u32) -> FreeMember {
    FreeMember { unlocks_used: used, ..FreeMember::default() }
}

fn shows_nothing_premium(access: &Access) {
    assert!(!access.full_body && !access.audio && !access.video_and_visuals && !access.show_premium_content);
}

#[test]
fn a_visitor_gets_the_first_section_of_every_book_and_nothing_else() {
    for book in [PREMIUM, FREE_BOOK, PREVIEW, EMPTY] {
        let access = decide(Audience::Visitor, FreeMember::default(), book);
        shows_nothing_premium(&access);
        assert!(access.not_logged_in);
        assert!(!access.is_paid_user && !access.limit_reached && !access.last_free);
        assert_eq!(access.unlocks_left, None);
        assert_eq!(access.spend_unlock, None);
    }
}

#[test]
fn a_paid_member_gets_everything_without_spending_unlocks() {
    for book in [PREMIUM, FREE_BOOK, PREVIEW] {
        let access = decide(Audience::Paid(MEMBER), FreeMember::default(), book);
        assert!(access.full_body && access.audio && access.video_and_visuals && access.show_premium_content);
        assert!(access.is_paid_user);
        assert!(!access.not_logged_in && !access.limit_reached && !access.last_free);
        assert_eq!(access.spend_unlock, None);
        assert_eq!(access.unlocks_left, None);
    }
}

#[test]
fn a_free_member_with_unlocks_left_opens_a_premium_book_by_spending_one() {
    let access = decide(Audience::Free(MEMBER), member(0), PREMIUM);
    assert!(access.full_body && access.audio && access.show_premium_content);
    assert!(!access.video_and_visuals, "video and visuals stay paid-only");
    assert_eq!(access.spend_unlock, Some(1));
    assert_eq!(access.unlocks_left, Some(2));
    assert!(!access.last_free && !access.limit_reached && !access.is_paid_user && !access.not_logged_in);
}

#[test]
fn the_third_unlock_is_the_last_free_one() {
    let access = decide(Audience::Free(MEMBER), member(2), PREMIUM);
    assert_eq!(access.spend_unlock, Some(3));
    assert!(access.last_free);
    assert_eq!(access.unlocks_left, Some(0));
    assert!(access.full_body);
}

#[test]
fn with_no_unlocks_left_the_limit_is_reached_and_only_the_first_section_shows() {
    let access = decide(Audience::Free(MEMBER), member(3), PREMIUM);
    shows_nothing_premium(&access);
    assert!(access.limit_reached);
    assert_eq!(access.spend_unlock, None);
    assert_eq!(access.unlocks_left, Some(0));
}

#[test]
fn an_unlocked_book_stays_open_without_spending_again() {
    let opened_first = FreeMember { unlocks_used: 3, this_book_unlock: Some(1), ..FreeMember::default() };
    let access = decide(Audience::Free(MEMBER), opened_first, PREMIUM);
    assert!(access.full_body && access.audio);
    assert_eq!(access.spend_unlock, None);
    assert!(!access.limit_reached && !access.last_free);

    let opened_last = FreeMember { unlocks_used: 3, this_book_unlock: Some(3), ..FreeMember::default() };
    assert!(decide(Audience::Free(MEMBER), opened_last, PREMIUM).last_free, "lastFree stays on the book that took the last unlock");
}

#[test]
fn inviting_a_friend_adds_one_unlock() {
    let invited = FreeMember { invited_a_friend: true, unlocks_used: 3, this_book_unlock: None };
    assert_eq!(invited.allowance(), 4);
    let access = decide(Audience::Free(MEMBER), invited, PREMIUM);
    assert_eq!(access.spend_unlock, Some(4));
    assert!(access.last_free && access.full_body);

    let spent = FreeMember { unlocks_used: 4, ..invited };
    assert!(decide(Audience::Free(MEMBER), spent, PREMIUM).limit_reached);
}

#[test]
fn free_books_are_open_to_every_member_with_video_and_visuals_and_spend_nothing() {
    for used in [0, 3] {
        let access = decide(Audience::Free(MEMBER), member(used), FREE_BOOK);
        assert!(access.full_body && access.audio && access.video_and_visuals && access.show_premium_content);
        assert_eq!(access.spend_unlock, None);
        assert!(!access.limit_reached);
        assert_eq!(access.unlocks_left, Some(3 - used));
    }
}

#[test]
fn the_monthly_preview_is_open_to_every_member_but_video_and_visuals_stay_paid() {
    for used in [0, 3] {
        let access = decide(Audience::Free(MEMBER), member(used), PREVIEW);
        assert!(access.full_body && access.audio);
        assert!(!access.video_and_visuals);
        assert_eq!(access.spend_unlock, None);
        assert!(!access.limit_reached);
    }
}

#[test]
fn a_book_without_text_never_spends_an_unlock() {
    let access = decide(Audience::Free(MEMBER), member(0), EMPTY);
    assert_eq!(access.spend_unlock, None);
    assert!(!access.limit_reached);
    shows_nothing_premium(&access);
}

#[test]
fn the_whole_matrix_never_gives_video_to_someone_without_the_full_body() {
    let audiences = [
        (Audience::Visitor, FreeMember::default()),
        (Audience::Paid(MEMBER), FreeMember::default()),
        (Audience::Free(MEMBER), member(0)),
        (Audience::Free(MEMBER), member(2)),
        (Audience::Free(MEMBER), member(3)),
        (Audience::Free(MEMBER), FreeMember { invited_a_friend: true, unlocks_used: 3, this_book_unlock: None }),
        (Audience::Free(MEMBER), FreeMember { invited_a_friend: false, unlocks_used: 3, this_book_unlock: Some(2) }),
    ];
    for (audience, unlocks) in audiences {
        for book in [PREMIUM, FREE_BOOK, PREVIEW, EMPTY] {
            let access = decide(audience, unlocks, book);
            if access.video_and_visuals || access.audio {
                assert!(access.full_body, "{audience:?} {book:?}");
            }
            assert!(!(access.full_body && access.limit_reached), "{audience:?} {book:?}");
            assert_eq!(access.not_logged_in, audience == Audience::Visitor);
        }
    }
}

#[test]
fn peeking_never_spends_and_shows_nothing_that_would_need_an_unlock() {
    let peeked = peek(Audience::Free(MEMBER), member(0), PREMIUM);
    shows_nothing_premium(&peeked);
    assert_eq!((peeked.spend_unlock, peeked.unlocks_left), (None, Some(3)));
    let already = FreeMember { unlocks_used: 1, this_book_unlock: Some(1), ..FreeMember::default() };
    assert!(peek(Audience::Free(MEMBER), already, PREMIUM).full_body, "a book already unlocked stays open");
    assert!(peek(Audience::Free(MEMBER), member(3), FREE_BOOK).video_and_visuals, "free books open to every member");
    assert!(peek(Audience::Paid(MEMBER), member(0), PREMIUM).video_and_visuals);
}

#[test]
fn paid_or_free_is_the_plan_at_this_moment() {
    use chrono::TimeZone;
    let now = chrono::Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap();
    let mut user = identity::fakes::sample_user(MEMBER);
    assert_eq!(Audience::of(None, now), Audience::Visitor);
    assert_eq!(Audience::of(Some(&user), now), Audience::Free(MEMBER));
    user.plan.paid_date = Some(now - chrono::Duration::days(3));
    assert_eq!(Audience::of(Some(&user), now), Audience::Paid(MEMBER), "paid without an end (lifetime)");
    user.plan.end_paid_date = Some(now);
    assert_eq!(Audience::of(Some(&user), now), Audience::Free(MEMBER), "the period ended this instant");
    user.plan.end_paid_date = Some(now + chrono::Duration::days(3));
    assert!(Audience::of(Some(&user), now).is_paid(), "a trial or a current period");
    assert_eq!(Audience::of(Some(&user), now).member(), Some(MEMBER));
    assert_eq!(Audience::Visitor.member(), None);
}
