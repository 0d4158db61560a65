use super::*;
use crate::fakes::{sample_book, InMemoryCatalogue};
use crate::html::Section;
use crate::listing::ListQueryError;
use crate::ports::Books;
use chrono::TimeZone;
use identity::fakes::sample_user;
use kernel::UserId;

fn now() -> Timestamp {
    chrono::Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap()
}

const FREE_MEMBER: UserId = UserId(1);
const PAID_MEMBER: UserId = UserId(2);
const FREE: Session = Session { user: FREE_MEMBER, id: kernel::SessionId(11) };
const PAID: Session = Session { user: PAID_MEMBER, id: kernel::SessionId(12) };

/// Two members (free, paid), five premium books, one free book, two categories.
fn store() -> InMemoryCatalogue {
    let store = InMemoryCatalogue::default();
    store.add_user(sample_user(FREE_MEMBER));
    let mut paid = sample_user(PAID_MEMBER);
    paid.plan.paid_date = Some(now() - chrono::Duration::days(1));
    store.add_user(paid);
    store.add_category(10, "Mind");
    store.add_category(11, "Money");
    for id in 1..=5 {
        store.add_book(sample_book(id), &[10]);
    }
    store.add_book(Book { free: true, ..sample_book(6) }, &[11]);
    store
}

#[test]
fn the_caller_is_a_visitor_a_paid_or_a_free_member_and_erased_accounts_are_refused() {
    let store = store();
    let catalogue = Catalogue::new(&store, now());
    assert_eq!(catalogue.caller(None).unwrap().audience, Audience::Visitor);
    assert_eq!(catalogue.caller(Some(FREE)).unwrap().audience, Audience::Free(FREE_MEMBER));
    assert_eq!(catalogue.caller(Some(PAID)).unwrap().audience, Audience::Paid(PAID_MEMBER));
    assert_eq!(catalogue.caller(Some(Session { user: UserId(99), id: kernel::SessionId(99) })), Err(CatalogueError::SessionExpired));
    store.end_session(FREE);
    assert_eq!(catalogue.caller(Some(FREE)), Err(CatalogueError::SessionExpired), "an ended session's token stops at once");
}

#[test]
fn opening_a_book_with_an_ended_session_is_refused_before_the_book_is_looked_for() {
    let store = store();
    let catalogue = Catalogue::new(&store, now());
    assert_eq!(catalogue.open_book(Some(PAID), &BookKey::Id(1)).unwrap().card.categories.len(), 1, "the book's categories come with it");
    store.end_session(PAID);
    assert_eq!(catalogue.open_book(Some(PAID), &BookKey::Id(1)).err(), Some(CatalogueError::SessionExpired));
    assert_eq!(catalogue.open_book(Some(PAID), &BookKey::Id(404)).err(), Some(CatalogueError::SessionExpired), "401 before 404");
    assert_eq!(catalogue.open_book(Some(FREE), &BookKey::Id(404)).err(), Some(CatalogueError::BookNotFound));
}

#[test]
fn a_visitor_gets_the_first_section_and_no_premium_key() {
    let store = store();
    let opened = Catalogue::new(&store, now()).open_book(None, &BookKey::Id(1)).unwrap();
    assert_eq!(opened.text.body(), None);
    assert_eq!((opened.audio.as_ref(), opened.video.as_ref(), opened.infographic.as_ref()), (None, None, None));
    assert_eq!(opened.text.truncated_body(), "<h3>One</h3><p>first</p>");
    assert_eq!(opened.text.sections(), [Section { title: "One".into(), html: "<p>first</p>".into() }]);
    assert!(opened.details.body.is_empty() && opened.details.media_url.is_none() && opened.details.video.is_none());
    assert!(opened.details.infographic.is_none());
    assert!(opened.access.not_logged_in);
}

#[test]
fn a_paid_member_gets_every_section_and_every_media_key() {
    let store = store();
    let opened = Catalogue::new(&store, now()).open_book(Some(PAID), &BookKey::Subid("book-2".into())).unwrap();
    assert!(opened.text.body().is_some());
    assert_eq!(opened.text.sections().len(), 2);
    assert_eq!(opened.audio.as_deref(), Some("premium/audio/2.wav"));
    assert_eq!(opened.video.as_deref(), Some("premium/video/2.mp4"));
    assert!(opened.infographic.is_some());
    assert_eq!(opened.card.categories.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["Mind"]);
    assert!(store.unlocks_of(PAID_MEMBER).is_empty(), "paid members spend nothing");
}

#[test]
fn a_free_member_is_asked_before_a_free_summary_is_spent_and_nothing_goes_without_a_yes() {
    let store = store();
    let catalogue = Catalogue::new(&store, now());
    let asked = catalogue.open_book(Some(FREE), &BookKey::Id(1)).unwrap();
    assert_eq!(asked.unlock_offer, Some(UnlockOffer { left: 3, allowance: 3 }));
    assert!(asked.text.body().is_none() && asked.audio.is_none(), "only the first section before the yes");
    assert_eq!(asked.text.sections().len(), 1);
    assert!(asked.invite_bonus_available);
    assert!(store.unlocks_of(FREE_MEMBER).is_empty(), "opening spends nothing");
    // Visitors and paid members are never asked.
    assert_eq!(catalogue.open_book(None, &BookKey::Id(1)).unwrap().unlock_offer, None);
    assert_eq!(catalogue.open_book(Some(PAID), &BookKey::Id(1)).unwrap().unlock_offer, None);
}

#[test]
fn a_free_member_spends_one_unlock_per_new_premium_book_until_none_are_left() {
    let store = store();
    let catalogue = Catalogue::new(&store, now());
    for id in 1..=3 {
        let opened = catalogue.unlock_book(Some(FREE), &BookKey::Id(id)).unwrap();
        assert!(opened.text.body().is_some(), "book {id}");
        assert!(opened.audio.is_some() && opened.video.is_none(), "audio yes, video stays paid-only");
        assert_eq!(opened.unlock_offer, None);
    }
    let again = catalogue.open_book(Some(FREE), &BookKey::Id(2)).unwrap();
    assert!(again.text.body().is_some(), "an unlocked book stays open, without asking again");
    assert_eq!(again.unlock_offer, None);
    assert!(catalogue.unlock_book(Some(FREE), &BookKey::Id(2)).unwrap().text.body().is_some(), "saying yes twice spends once");
    assert_eq!(store.unlocks_of(FREE_MEMBER), vec![(1, 1), (2, 2), (3, 3)]);
    let fourth = catalogue.open_book(Some(FREE), &BookKey::Id(4)).unwrap();
    assert!(fourth.access.limit_reached && fourth.text.body().is_none());
    assert_eq!(fourth.unlock_offer, None, "none left: the paywall, not the question");
    assert_eq!(fourth.text.sections().len(), 1, "only the first section");
    assert!(catalogue.unlock_book(Some(FREE), &BookKey::Id(4)).unwrap().access.limit_reached, "a yes without any left opens nothing");
    assert_eq!(store.unlocks_of(FREE_MEMBER).len(), 3);
}

#[test]
fn the_account_menu_counts_a_free_members_free_summaries_and_nothing_for_paid_members() {
    let store = store();
    let catalogue = Catalogue::new(&store, now());
    let counted = || catalogue.free_summaries(FREE).unwrap();
    assert_eq!(counted(), Some(FreeSummaries { left: 3, allowance: 3, invite_bonus_available: true }));
    catalogue.unlock_book(Some(FREE), &BookKey::Id(1)).unwrap();
    assert_eq!(counted().map(|c| c.left), Some(2));
    assert_eq!(catalogue.free_summaries(PAID).unwrap(), None);
}

#[test]
fn an_invite_bonus_adds_one_unlock() {
    let store = store();
    let mut member = sample_user(FREE_MEMBER);
    member.friend_email = Some("friend@example.com".into());
    store.update_user(member);
    let catalogue = Catalogue::new(&store, now());
    assert_eq!(catalogue.open_book(Some(FREE), &BookKey::Id(1)).unwrap().unlock_offer, Some(UnlockOffer { left: 4, allowance: 4 }));
    for id in 1..=4 {
        let opened = catalogue.unlock_book(Some(FREE), &BookKey::Id(id)).unwrap();
        assert!(opened.text.body().is_some(), "book {id}");
        assert!(!opened.invite_bonus_available, "the bonus is earned");
    }
    assert!(catalogue.open_book(Some(FREE), &BookKey::Id(5)).unwrap().access.limit_reached);
}

#[test]
fn the_monthly_preview_is_the_chosen_book_else_the_newest_free_one() {
    let store = store();
    let catalogue = Catalogue::new(&store, now());
    // What the reader's one read returns for this month, as `open_book` and `peek_book` use it.
    let monthly_preview = || store.book_with_state(&BookKey::Id(1), None, month_of(now())).unwrap().unwrap().preview.preview();
    assert_eq!(monthly_preview(), Some(6), "no choice: the newest free book");
    store.choose_preview(NaiveDate::from_ymd_opt(2026, 11, 1).unwrap(), 4);
    assert_eq!(monthly_preview(), Some(4));
    store.choose_preview(NaiveDate::from_ymd_opt(2026, 12, 1).unwrap(), 5);
    assert_eq!(monthly_preview(), Some(4), "next month's choice is not this month's");
    let opened = catalogue.open_book(Some(FREE), &BookKey::Id(4)).unwrap();
    assert!(opened.text.body().is_some());
    assert!(store.unlocks_of(FREE_MEMBER).is_empty(), "the preview spends no unlock");
    assert_eq!(month_of(now()), NaiveDate::from_ymd_opt(2026, 11, 1).unwrap());
}

#[test]
fn a_book_without_text_spends_nothing() {
    let store = store();
    store.add_book(Book { body: "  ".into(), coming_soon: true, ..sample_book(7) }, &[]);
    assert!(!store.book(&BookKey::Id(7)).unwrap().unwrap().has_text());
    let opened = Catalogue::new(&store, now()).unlock_book(Some(FREE), &BookKey::Id(7)).unwrap();
    assert!(opened.text.body().is_none() && opened.text.sections().is_empty());
    assert_eq!(opened.unlock_offer, None);
    assert!(store.unlocks_of(FREE_MEMBER).is_empty());
}

#[test]
fn a_books_text_is_loaded_once_per_process_and_again_after_an_edit() {
    let store = store();
    // A text no other test uses: the memo of readings is the process's own.
    let body = "<h3>Loaded once</h3><p>a text of this test alone</p><h3>Two</h3><p>second</p>";
    store.add_book(Book { body: body.into(), ..sample_book(8) }, &[]);
    let catalogue = Catalogue::new(&store, now());
    let whole = |opened: OpenedBook| opened.text.body().map(str::to_owned);

    assert_eq!(whole(catalogue.open_book(Some(PAID), &BookKey::Id(8)).unwrap()).as_deref(), Some(body));
    assert_eq!(store.text_loads(), 1);
    assert_eq!(whole(catalogue.open_book(Some(PAID), &BookKey::Id(8)).unwrap()).as_deref(), Some(body));
    let (_, peeked, _) = catalogue.peek_book_as(PAID, &BookKey::Id(8)).unwrap();
    assert_eq!(peeked.body, body, "the position save's read sees the whole body");
    assert_eq!(store.text_loads(), 1, "later reads name the text by its digest and find it in the memo");

    let edited = "<h3>Loaded once</h3><p>edited by an operator, in this test alone</p>";
    store.edit_body(8, edited);
    let opened = catalogue.open_book(Some(PAID), &BookKey::Id(8)).unwrap();
    assert_eq!((opened.text.body(), opened.text.sections().len()), (Some(edited), 1), "the next read has the edited text");
    assert_eq!(store.text_loads(), 2);
    assert_eq!(catalogue.open_book(None, &BookKey::Id(8)).unwrap().text.truncated_body(), edited, "visitors too");
    assert_eq!(store.text_loads(), 2);
}

#[test]
fn unknown_books_are_not_found() {
    let store = store();
    let catalogue = Catalogue::new(&store, now());
    assert_eq!(catalogue.open_book(None, &BookKey::Id(404)), Err(CatalogueError::BookNotFound));
    assert_eq!(catalogue.book_visuals(None, &BookKey::Subid("nope".into())), Err(CatalogueError::BookNotFound));
    assert_eq!(BookKey::parse(" 12 "), BookKey::Id(12));
    assert_eq!(BookKey::parse("the-way-to-wealth"), BookKey::Subid("the-way-to-wealth".into()));
}

#[test]
fn visuals_show_to_paid_members_and_to_members_on_free_books_only() {
    let store = store();
    for book in [1, 6] {
        store.add_slide(book, Slide { id: book * 10, position: 0, image: "premium/v.svg".into(), title: "t".into(), body: "b".into() });
    }
    let catalogue = Catalogue::new(&store, now());
    assert_eq!(catalogue.book_visuals(Some(PAID), &BookKey::Id(1)).unwrap().slides.len(), 1);
    let free = catalogue.book_visuals(Some(FREE), &BookKey::Id(1)).unwrap();
    assert!(free.slides.is_empty() && !free.is_paid);
    assert_eq!(catalogue.book_visuals(Some(FREE), &BookKey::Id(6)).unwrap().slides.len(), 1);
    assert!(catalogue.book_visuals(None, &BookKey::Id(6)).unwrap().slides.is_empty(), "visitors get none");
    assert!(store.unlocks_of(FREE_MEMBER).is_empty(), "looking at visuals spends nothing");
    assert_eq!(catalogue.visual_books().unwrap().len(), 2);
}

#[test]
fn infographic_images_are_for_paid_members() {
    let store = store();
    store.add_infographic(1);
    let catalogue = Catalogue::new(&store, now());
    assert!(catalogue.infographics(Some(PAID)).unwrap()[0].image.is_some());
    assert!(catalogue.infographics(Some(FREE)).unwrap()[0].image.is_none());
    assert!(catalogue.infographics(None).unwrap()[0].image.is_none());
}

#[test]
fn recommends_are_deduplicated_non_empty_bounded_and_must_exist() {
    assert_eq!(recommends(vec![11, 10, 11]), Ok(vec![10, 11]));
    assert_eq!(recommends(vec![]), Err(CatalogueError::NoCategoryPicked));
    assert_eq!(recommends((0..101).collect()), Err(CatalogueError::UnknownCategory));
    assert_eq!(recommends((0..100).collect()).map(|p| p.len()), Ok(100));
    let store = store();
    let catalogue = Catalogue::new(&store, now());
    assert_eq!(catalogue.set_recommends(FREE, vec![10, 99]), Err(CatalogueError::UnknownCategory));
    assert!(store.user(FREE_MEMBER).unwrap().recommends.is_empty(), "nothing changed");
    let user = catalogue.set_recommends(FREE, vec![11, 10, 10]).unwrap();
    assert_eq!(user.recommends, vec![10, 11]);
}

#[test]
fn home_fills_every_list_with_categories_even_when_a_book_is_in_two_lists() {
    let store = store();
    let mut member = sample_user(FREE_MEMBER);
    member.recommends = vec![10];
    store.update_user(member);
    store.started(FREE_MEMBER, 5);
    let home = Catalogue::new(&store, now()).home(Some(FREE)).unwrap();
    assert_eq!(home.new_releases.len(), NEW_RELEASES as usize);
    assert_eq!(home.recommended.iter().map(|c| c.id).collect::<Vec<_>>(), [5, 4, 3, 2, 1]);
    assert_eq!(home.history.iter().map(|c| c.id).collect::<Vec<_>>(), [5]);
    for card in home.new_releases.iter().chain(&home.recommended).chain(&home.history).chain(&home.popular) {
        assert_eq!(card.categories.len(), 1, "book {}", card.id);
    }
    assert_eq!(home.categories.iter().map(|c| c.book_count).collect::<Vec<_>>(), [5, 1]);
    let visitor = Catalogue::new(&store, now()).home(None).unwrap();
    assert!(visitor.user.is_none() && visitor.history.is_empty() && visitor.recommended.is_empty());

    // Finished, book 5 leaves "Pick up where you left off" and the recommendations.
    store.set_reader_state(FREE_MEMBER, 5, ReaderState { completed: true, ..ReaderState::default() });
    let home = Catalogue::new(&store, now()).home(Some(FREE)).unwrap();
    assert!(home.history.is_empty());
    assert_eq!(home.recommended.iter().map(|c| c.id).collect::<Vec<_>>(), [4, 3, 2, 1]);
}

#[test]
fn the_map_of_books_pages_by_a_thousand_and_refuses_negative_starts() {
    let store = store();
    let catalogue = Catalogue::new(&store, now());
    let map = catalogue.books_map(0).unwrap();
    assert_eq!((map.books.len(), map.next_start), (6, None));
    assert_eq!(catalogue.books_map(4).unwrap().books.len(), 2);
    assert_eq!(catalogue.books_map(-1), Err(CatalogueError::StartOutOfRange));
    assert_eq!(catalogue.books_map(i64::MAX - 10), Err(CatalogueError::StartOutOfRange), "no overflow");
    assert_eq!(catalogue.books_map(MAX_MAP_START).unwrap().next_start, None);
}

#[test]
fn lists_and_search_validate_their_pages() {
    let store = store();
    let catalogue = Catalogue::new(&store, now());
    let page = catalogue.list(RawListQuery { page_size: Some(4), page: Some(2), ..Default::default() }).unwrap();
    assert_eq!((page.books.len(), page.total, page.pages), (2, 6, 2));
    assert_eq!(
        catalogue.list(RawListQuery { sort: Some("cheapest".into()), ..Default::default() }),
        Err(CatalogueError::InvalidList(ListQueryError::UnknownSort))
    );
    let found = catalogue.search("book 3", None).unwrap();
    assert_eq!((found.query.as_str(), found.page, found.page_size), ("book 3", 1, SEARCH_PAGE));
    assert!(found.books.iter().all(|b| !b.categories.is_empty() || b.id == 6));
    assert_eq!(catalogue.search("book", Some(51)), Err(CatalogueError::SearchPageOutOfRange));
    assert_eq!(catalogue.search("book", Some(0)), Err(CatalogueError::SearchPageOutOfRange));
    assert!(matches!(catalogue.search("  !! ", None), Err(CatalogueError::InvalidSearch(_))));
}

#[test]
fn a_collection_shows_and_counts_at_most_its_limit_of_books() {
    let store = InMemoryCatalogue::default();
    let ids: Vec<i64> = (1..=COLLECTION_BOOKS + 1).collect();
    for id in &ids {
        store.add_book(sample_book(*id), &[]);
    }
    store.add_collection(
        Collection { id: 1, slug: "everything".into(), title: "Everything".into(), description: String::new(), image: String::new(), book_count: 0 },
        &ids,
    );
    let catalogue = Catalogue::new(&store, now());
    let (collection, books) = catalogue.collection("everything").unwrap();
    assert_eq!((collection.book_count, books.len()), (COLLECTION_BOOKS, COLLECTION_BOOKS as usize));
    assert_eq!(books.first().map(|b| b.id), Some(1), "in the collection's order");
    assert_eq!(catalogue.collections().unwrap()[0].book_count, COLLECTION_BOOKS, "the list counts what the page shows");
}

#[test]
fn collections_authors_and_posts_are_found_or_not_found() {
    let store = store();
    store.add_collection(
        Collection { id: 1, slug: "stoics".into(), title: "Stoics".into(), description: String::new(), image: String::new(), book_count: 0 },
        &[1, 2],
    );
    store.add_author(Author { id: 1, slug: "an-author".into(), name: "An Author".into(), bio: String::new(), photo: String::new(), book_count: 6 });
    store.add_post(BlogPost {
        id: 1,
        slug: "hello".into(),
        title: "Hello".into(),
        excerpt: String::new(),
        body: "<p onclick=\"x()\">Hi</p><script>alert(1)</script>".into(),
        image: String::new(),
        category: "whats-new".into(),
        published_at: now(),
    });
    let catalogue = Catalogue::new(&store, now());
    let (collection, books) = catalogue.collection("stoics").unwrap();
    assert_eq!((collection.book_count, books.len()), (2, 2));
    assert_eq!(catalogue.collection("nope"), Err(CatalogueError::CollectionNotFound));
    assert_eq!(catalogue.author("an-author").unwrap().1.len(), 6);
    assert_eq!(catalogue.author("nope"), Err(CatalogueError::AuthorNotFound));
    assert_eq!(catalogue.blog_post("hello").unwrap().body, "<p>Hi</p>", "served sanitised");
    assert_eq!(catalogue.blog_post("nope"), Err(CatalogueError::PostNotFound));
    assert_eq!(catalogue.blog_posts(Some(" ")).unwrap().len(), 1, "a blank category is all");
    assert!(catalogue.blog_posts(Some("other")).unwrap().is_empty());
}

mod documents {
    use super::*;
    use crate::fakes::InMemoryCovers;

    #[test]
    fn the_pdf_goes_to_paid_members_and_to_the_buyer_of_that_book_only() {
        let store = store();
        let catalogue = Catalogue::new(&store, now());
        let covers = InMemoryCovers::default();
        let pdf = catalogue.summary_pdf(PAID, &BookKey::Id(1), &covers, "https://gistbook.app").unwrap();
        assert!(pdf.bytes.starts_with(b"%PDF-"), "a PDF");
        assert_eq!(pdf.file_name, "book-1.pdf");
        assert_eq!(catalogue.summary_pdf(FREE, &BookKey::Id(1), &covers, ""), Err(CatalogueError::PremiumOnly));
        store.add_purchase("ch_1", Some(FREE_MEMBER), 1);
        assert!(catalogue.summary_pdf(FREE, &BookKey::Id(1), &covers, "").is_ok(), "the buyer of book 1");
        assert_eq!(catalogue.summary_pdf(FREE, &BookKey::Id(2), &covers, ""), Err(CatalogueError::PremiumOnly), "not another book");
        assert_eq!(catalogue.summary_pdf(PAID, &BookKey::Id(404), &covers, ""), Err(CatalogueError::BookNotFound));
    }

    #[test]
    fn the_reader_says_who_may_download_the_pdf_as_the_download_decides() {
        let store = store();
        let catalogue = Catalogue::new(&store, now());
        assert!(catalogue.open_book(Some(PAID), &BookKey::Id(1)).unwrap().may_download_pdf);
        assert!(!catalogue.open_book(None, &BookKey::Id(1)).unwrap().may_download_pdf);
        assert!(!catalogue.open_book(Some(FREE), &BookKey::Id(1)).unwrap().may_download_pdf);
        store.add_purchase("ch_1", Some(FREE_MEMBER), 1);
        assert!(catalogue.open_book(Some(FREE), &BookKey::Id(1)).unwrap().may_download_pdf, "the buyer of book 1");
        assert!(!catalogue.open_book(Some(FREE), &BookKey::Id(2)).unwrap().may_download_pdf, "not another book");
    }

    #[test]
    fn a_single_book_charge_answers_its_book_and_other_charges_nothing() {
        let store = store();
        store.add_purchase("ch_book", None, 3);
        let catalogue = Catalogue::new(&store, now());
        let covers = InMemoryCovers::default();
        let file = catalogue.purchased_pdf("ch_book", &covers, "").unwrap().expect("the bought book");
        assert_eq!(file.file_name, "book-3.pdf");
        assert_eq!(catalogue.purchased_pdf("ch_other", &covers, "").unwrap(), None);
    }

    #[test]
    fn kindle_sends_need_premium_an_address_and_stop_at_twenty_a_day() {
        let store = store();
        let covers = InMemoryCovers::default();
        let catalogue = Catalogue::new(&store, now());
        assert_eq!(catalogue.send_to_kindle(PAID, &BookKey::Id(1), &covers, ""), Err(CatalogueError::NoKindleAddress));
        assert_eq!(catalogue.set_kindle(PAID, Some(""), Some("kindle.com")), Err(CatalogueError::KindleFormIncomplete));
        assert_eq!(catalogue.set_kindle(PAID, Some("ada"), Some("kindle.com")).unwrap(), "ada@kindle.com");
        assert_eq!(catalogue.kindle_setting(PAID).unwrap().address.as_deref(), Some("ada@kindle.com"));
        catalogue.set_kindle(FREE, Some("free"), Some("kindle.com")).unwrap();
        assert_eq!(catalogue.send_to_kindle(FREE, &BookKey::Id(1), &covers, ""), Err(CatalogueError::PremiumOnly));

        for sent in 1..=KINDLE_SENDS_PER_DAY {
            let result = catalogue.send_to_kindle(PAID, &BookKey::Id(1), &covers, "").unwrap();
            assert_eq!(result, KindleSent { to: "ada@kindle.com".into(), sends_left_today: KINDLE_SENDS_PER_DAY - sent });
        }
        assert_eq!(catalogue.send_to_kindle(PAID, &BookKey::Id(1), &covers, ""), Err(CatalogueError::KindleDailyLimit));
        let outbox = store.outbox();
        assert_eq!(outbox.len(), KINDLE_SENDS_PER_DAY as usize);
        let attachment = outbox[0].attachment.as_ref().expect("an EPUB");
        assert_eq!((attachment.file_name.as_str(), attachment.content_type.as_str()), ("book-1.epub", "application/epub+zip"));
        assert!(attachment.bytes.starts_with(b"PK"), "a zip container");

        let tomorrow = Catalogue::new(&store, now() + chrono::Duration::hours(25));
        assert!(tomorrow.send_to_kindle(PAID, &BookKey::Id(1), &covers, "").is_ok(), "a day later the limit is lifted");
    }

    use crate::delivery::KINDLE_SENDS_PER_DAY;
}
