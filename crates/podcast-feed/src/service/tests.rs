use super::*;
use crate::fakes::{CountingSecrets, InMemoryFeeds};
use crate::model::Notice;
use chrono::{Duration, TimeZone, Utc};
use identity::fakes::sample_user;
use identity::model::PlanState;
use kernel::{SessionId, UserId};

const SITE: &str = "https://gb.example";

fn now() -> Timestamp {
    Utc.with_ymd_and_hms(2026, 11, 27, 9, 0, 0).unwrap()
}

fn session(id: i64) -> Session {
    Session { user: UserId(id), id: SessionId(1) }
}

fn book(id: i64, subid: &str, free: bool) -> Episode {
    Episode {
        book_id: id,
        subid: subid.into(),
        title: subid.into(),
        author: "An Author".into(),
        description: "About it.".into(),
        image: format!("public/covers/{subid}.png"),
        audio_key: format!("premium/audio/{subid}.mp3"),
        audio_seconds: Some(600),
        free,
        listed_at: now() - Duration::days(100 - id),
    }
}

/// A store with a Premium member (1), a free member (2), a member whose Premium ended (3), two
/// premium books and a free one, each member with all three in their library.
fn store() -> InMemoryFeeds {
    let store = InMemoryFeeds::default();
    let paid = PlanState { plan_id: Some("monthly".into()), paid_date: Some(now() - Duration::days(40)), end_paid_date: Some(now() + Duration::days(20)) };
    let lapsed = PlanState { plan_id: Some("monthly".into()), paid_date: Some(now() - Duration::days(40)), end_paid_date: Some(now() - Duration::days(1)) };
    for (id, plan) in [(1, paid), (2, PlanState::default()), (3, lapsed)] {
        store.members.borrow_mut().push(User { plan, ..sample_user(UserId(id)) });
        for (book_id, days_ago) in [(1, 3), (2, 2), (3, 1)] {
            store.library.borrow_mut().push((UserId(id), book_id, now() - Duration::days(days_ago)));
        }
    }
    *store.books.borrow_mut() = vec![book(1, "walden", false), book(2, "meditations", false), book(3, "free-one", true)];
    store
}

fn feeds<'a>(store: &'a InMemoryFeeds, secrets: &'a CountingSecrets) -> Feeds<'a, InMemoryFeeds> {
    Feeds::new(store, secrets, now(), SITE)
}

fn subids(document: &FeedDocument) -> Vec<&str> {
    document.episodes.iter().map(|e| e.subid.as_str()).collect()
}

#[test]
fn a_new_address_is_kept_only_as_a_digest_and_rotating_stops_the_old_one_at_once() {
    let (store, secrets) = (store(), CountingSecrets::default());
    let feeds = feeds(&store, &secrets);
    assert_eq!(feeds.status(session(1)).unwrap(), FeedStatus::default());
    let first = feeds.new_address(session(1)).unwrap();
    assert_eq!(first.token, "token-1");
    assert_eq!(store.feeds.borrow()[&UserId(1)].token_digest, "digest(token-1)", "the secret itself is not kept");
    assert!(feeds.document("token-1").is_ok());

    feeds.set_scope(session(1), "all").unwrap();
    let second = feeds.new_address(session(1)).unwrap();
    assert_eq!((second.token.as_str(), second.status.scope), ("token-2", FeedScope::AllAudio), "the setting stays");
    assert_eq!(feeds.document("token-1").unwrap_err(), FeedError::NotFound);
    assert!(feeds.document("token-2").is_ok());

    feeds.revoke(session(1)).unwrap();
    assert_eq!(feeds.document("token-2").unwrap_err(), FeedError::NotFound);
    assert_eq!(feeds.episode("token-2", "walden", None).unwrap_err(), FeedError::NotFound);
    assert_eq!(feeds.set_scope(session(1), "all").unwrap_err(), FeedError::NoFeed);
}

#[test]
fn bad_settings_and_odd_addresses_are_refused_without_a_lookup() {
    let (store, secrets) = (store(), CountingSecrets::default());
    let feeds = feeds(&store, &secrets);
    feeds.new_address(session(1)).unwrap();
    assert_eq!(feeds.set_scope(session(1), "everything").unwrap_err(), FeedError::InvalidScope);
    assert_eq!(store.feeds.borrow()[&UserId(1)].scope, FeedScope::Library);
    for odd in ["", "../token-1", "token-1.xml", &"a".repeat(65)] {
        assert_eq!(feeds.document(odd).unwrap_err(), FeedError::NotFound, "{odd}");
    }
    assert_eq!(feeds.status(session(9)).unwrap_err(), FeedError::SessionExpired);
}

#[test]
fn premium_hears_its_library_newest_first_or_everything_and_free_members_the_free_books() {
    let (store, secrets) = (store(), CountingSecrets::default());
    let feeds = feeds(&store, &secrets);
    store.library.borrow_mut().retain(|(who, book, _)| !(*who == UserId(1) && *book == 2));
    feeds.new_address(session(1)).unwrap();
    let document = feeds.document("token-1").unwrap();
    assert_eq!((subids(&document), document.notice), (vec!["free-one", "walden"], None));
    assert_eq!(document.episodes[1].listed_at, now() - Duration::days(3), "listed when it was saved");
    assert_eq!(document.member_name, "Ada Lovelace");
    feeds.set_scope(session(1), "all").unwrap();
    assert_eq!(subids(&feeds.document("token-1").unwrap()), ["free-one", "meditations", "walden"]);
    assert!(store.feeds.borrow()[&UserId(1)].last_fetched_at.is_some());

    feeds.new_address(session(2)).unwrap();
    let free = feeds.document("token-2").unwrap();
    assert_eq!((subids(&free), free.notice), (vec!["free-one"], Some(Notice::Upgrade)));
    assert_eq!(feeds.episode("token-2", "walden", None).unwrap_err(), FeedError::NotFound);
    assert_eq!(feeds.episode("token-2", "free-one", None).unwrap().audio_key, "premium/audio/free-one.mp3");
    assert_eq!(feeds.episode("token-1", "meditations", None).unwrap().book_id, 2);
    assert_eq!(feeds.episode("token-1", "no-such-book", None).unwrap_err(), FeedError::NotFound);
}

#[test]
fn the_feed_empties_to_a_renewal_note_when_premium_ends_and_fills_again_on_renewal() {
    let (store, secrets) = (store(), CountingSecrets::default());
    feeds(&store, &secrets).new_address(session(3)).unwrap();
    let lapsed = feeds(&store, &secrets).document("token-1").unwrap();
    assert_eq!((subids(&lapsed), lapsed.notice), (vec!["free-one"], Some(Notice::Renew)));
    assert_eq!(feeds(&store, &secrets).episode("token-1", "walden", None).unwrap_err(), FeedError::NotFound);

    store.members.borrow_mut()[2].plan.end_paid_date = Some(now() + Duration::days(30));
    let renewed = feeds(&store, &secrets).document("token-1").unwrap();
    assert_eq!((subids(&renewed), renewed.notice), (vec!["free-one", "meditations", "walden"], None));
}

fn download(address: &str, agent: &str) -> Download {
    Download { address: address.into(), user_agent: agent.into() }
}

#[test]
fn a_feed_downloaded_from_too_many_places_warns_its_member_then_rotates_on_another_day() {
    let (store, secrets) = (store(), CountingSecrets::default());
    let limits = SharingLimits { addresses: 3, user_agents: 2 };
    let on = |day: i64| Feeds::new(&store, &secrets, now() + Duration::days(day), SITE).with_limits(limits);
    on(0).new_address(session(1)).unwrap();
    // The member's phone and laptop, at home and at work: fine.
    for (address, agent) in [("10.0.0.1", "Overcast"), ("10.0.0.2", "Overcast"), ("10.0.0.3", "Apple Podcasts"), ("10.0.0.1", "Apple Podcasts")] {
        on(0).episode("token-1", "walden", Some(&download(address, agent))).unwrap();
    }
    assert!(store.outbox.borrow().is_empty());
    // A fourth address: a warning, once that day.
    on(0).episode("token-1", "walden", Some(&download("203.0.113.9", "Overcast"))).unwrap();
    on(0).episode("token-1", "walden", Some(&download("203.0.113.10", "Overcast"))).unwrap();
    assert_eq!(store.outbox.borrow().len(), 1);
    assert_eq!(store.outbox.borrow()[0].subject, "Your podcast feed is being used from many places");
    assert!(on(0).document("token-1").is_ok(), "a warning does not stop the feed");
    assert!(on(0).episode("token-1", "walden", None).is_ok(), "a HEAD is not a download");

    // The next day, three podcast apps: the address is replaced, and the member told.
    for agent in ["Overcast", "Pocket Casts", "Castro"] {
        on(1).episode("token-1", "walden", Some(&download("10.0.0.1", agent))).unwrap();
    }
    let outbox = store.outbox.borrow();
    assert_eq!(outbox.len(), 2);
    assert_eq!(outbox[1].subject, "We changed your podcast feed's address");
    assert!(outbox[1].text_body.contains("https://gb.example/account"));
    assert_eq!(on(1).document("token-1").unwrap_err(), FeedError::NotFound, "the old address stopped");
    let used = on(1).use_of(UserId(1)).unwrap();
    assert_eq!(
        (used.status.warnings, used.flagged_on, used.downloads_7_days, used.addresses_7_days),
        (2, Some((now() + Duration::days(1)).date_naive()), 9, 5)
    );
}
