//! Podcasts, goals, posts, insights, collections and visuals in the back office.

use super::*;
use crate::audit::AuditAction;
use crate::service::BookForm;
use crate::service::{CollectionForm, GoalForm, GoalPhoto, InsightForm, PodcastForm, PodcastMedia, PostForm, VisualForm};
use serde_json::json;

const ADMIN: UserId = UserId(1);

fn store_with_a_book() -> (InMemoryAdmin, i64) {
    let store = InMemoryAdmin::default();
    store.add_category(1);
    let admin = Admin::new(&store, now());
    let book = admin.add_book(ADMIN, &BookForm { title: Some("Walden"), author: Some("Thoreau"), categories: Some(vec![1]), ..BookForm::default() }).unwrap();
    (store, book.id)
}

#[test]
fn podcasts_need_the_specs_fields_on_add_and_on_edit_and_minutes_of_zero_or_more() {
    let store = InMemoryAdmin::default();
    let admin = Admin::new(&store, now());
    let full = PodcastForm {
        title: Some("Deep work"),
        author: Some("Cal"),
        author_description: Some("Writer"),
        description: Some("About focus"),
        mins: Some(Some(12.0)),
    };
    let message = |form: PodcastForm<'_>| admin.add_podcast(ADMIN, &form).unwrap_err().to_string();
    assert_eq!(message(PodcastForm::default()), "Please specify Title.");
    assert_eq!(message(PodcastForm { author_description: Some("  "), ..full.clone() }), "Please specify Author Description.");
    assert_eq!(message(PodcastForm { description: None, ..full.clone() }), "Please specify Description.");
    assert_eq!(message(PodcastForm { mins: Some(Some(-1.0)), ..full.clone() }), "Please make sure Minutes is greater or equal to 0.");
    assert_eq!(message(PodcastForm { mins: Some(None), ..full.clone() }), "Please make sure Minutes is greater or equal to 0.");
    let podcast = admin.add_podcast(ADMIN, &full).unwrap();
    assert_eq!((podcast.title.as_str(), podcast.mins), ("Deep work", 12));
    // Edit needs only title and author; the other fields keep their values when not sent.
    let edited =
        admin.update_podcast(ADMIN, podcast.id, &PodcastForm { title: Some("Deep Work"), author: Some("Cal Newport"), ..PodcastForm::default() }).unwrap();
    assert_eq!((edited.title.as_str(), edited.description.as_str()), ("Deep Work", "About focus"));
    assert_eq!(
        admin.update_podcast(ADMIN, podcast.id, &PodcastForm { author: Some(""), ..PodcastForm::default() }).unwrap_err().to_string(),
        "Please specify Author."
    );
    let with_audio = admin.set_podcast_media(ADMIN, podcast.id, PodcastMedia::Episode, "premium/podcasts/deep-work-x.mp3").unwrap();
    assert_eq!(with_audio.media.as_deref(), Some("premium/podcasts/deep-work-x.mp3"));
    let actions: Vec<AuditAction> = store.audit().iter().map(|e| e.action).collect();
    assert_eq!(actions, [AuditAction::PodcastAdded, AuditAction::PodcastUpdated, AuditAction::PodcastUpdated]);
    assert_eq!(store.audit()[1].after, json!({"title": "Deep Work", "author": "Cal Newport"}), "only what changed");
    assert_eq!(admin.podcast(99).unwrap_err(), AdminError::NotFound("Podcast not found."));
}

#[test]
fn goals_need_title_and_short_title_then_a_mobile_title_on_edit_and_books_link_to_them() {
    let (store, book) = store_with_a_book();
    let admin = Admin::new(&store, now());
    assert_eq!(admin.add_goal(ADMIN, &GoalForm { title: Some("Focus"), ..GoalForm::default() }).unwrap_err().to_string(), "Please specify Short Title.");
    let goal = admin.add_goal(ADMIN, &GoalForm { title: Some("Be more focused"), short_title: Some("Focus"), ..GoalForm::default() }).unwrap();
    assert_eq!(goal.mobile_title, "Focus", "the short title when none is given");
    let message = admin.update_goal(ADMIN, goal.id, &GoalForm { mobile_title: Some(" "), ..GoalForm::default() }).unwrap_err().to_string();
    assert_eq!(message, "Please specify Mobile Title.");
    admin.set_goal_photo(ADMIN, goal.id, GoalPhoto::Featured, "public/goals/focus-x.png").unwrap();
    assert_eq!(admin.goal(goal.id).unwrap().featured_photo, "public/goals/focus-x.png");

    let linked = admin.update_book(
        ADMIN,
        book,
        &BookForm { title: Some("Walden"), author: Some("Thoreau"), goals: Some(vec![goal.id, goal.id]), ..BookForm::default() },
    );
    assert!(matches!(linked, Err(AdminError::Invalid(ref m)) if m == "Please specify Image."), "the cover comes first: {linked:?}");
    admin.set_book_media(ADMIN, book, crate::books::MediaSlot::Photo, "public/covers/w.png", None, None).unwrap();
    let book = admin
        .update_book(ADMIN, book, &BookForm { title: Some("Walden"), author: Some("Thoreau"), goals: Some(vec![goal.id, goal.id]), ..BookForm::default() })
        .unwrap();
    assert_eq!(book.goals, vec![goal.id]);
    assert_eq!(admin.goal(goal.id).unwrap().book_count, 1);
    let unknown = admin
        .update_book(ADMIN, book.id, &BookForm { title: Some("Walden"), author: Some("Thoreau"), goals: Some(vec![404]), ..BookForm::default() })
        .unwrap_err();
    assert_eq!(unknown.to_string(), "Please choose goals from the list.");
}

#[test]
fn posts_are_sanitised_need_their_fields_get_a_free_address_and_may_be_drafts() {
    let store = InMemoryAdmin::default();
    let admin = Admin::new(&store, now());
    let form = PostForm {
        title: Some("Read more"),
        description: Some("How"),
        category: Some("ideas"),
        text: Some("<p>Hi<script>alert(1)</script></p>"),
        ..PostForm::default()
    };
    assert_eq!(admin.add_post(ADMIN, &PostForm { text: None, ..form.clone() }).unwrap_err().to_string(), "Please specify Text.");
    assert_eq!(admin.add_post(ADMIN, &PostForm { category: Some(""), ..form.clone() }).unwrap_err().to_string(), "Please specify Categories.");
    assert_eq!(
        admin.add_post(ADMIN, &PostForm { category: Some("gossip"), ..form.clone() }).unwrap_err().to_string(),
        "Please choose Categories from the list."
    );
    assert_eq!(
        admin.add_post(ADMIN, &PostForm { text: Some("<script>x</script>"), ..form.clone() }).unwrap_err().to_string(),
        "Please specify Text.",
        "nothing left once sanitised"
    );
    let first = admin.add_post(ADMIN, &form).unwrap();
    assert_eq!(first.text.as_str(), "<p>Hi</p>");
    assert_eq!((first.slug.as_str(), first.draft, first.publish_at), ("read-more", false, now()));
    let second = admin.add_post(ADMIN, &PostForm { draft: Some(true), ..form.clone() }).unwrap();
    assert_eq!((second.slug.as_str(), second.draft), ("read-more-2", true));
    let published = admin.update_post(ADMIN, Some(second.id), &PostForm { draft: Some(false), publish_at: Some(0), ..PostForm::default() }).unwrap();
    assert_eq!((published.draft, published.publish_at.timestamp_millis()), (false, 0));
    assert_eq!(admin.update_post(ADMIN, None, &form).unwrap_err(), AdminError::NotFound("Post not found."));
}

#[test]
fn insights_need_a_quote_and_a_book_given_by_id_or_address_name() {
    let (store, book) = store_with_a_book();
    let admin = Admin::new(&store, now());
    assert_eq!(admin.add_insight(ADMIN, &InsightForm { book: Some("walden"), ..InsightForm::default() }).unwrap_err().to_string(), "Please specify Quote.");
    assert_eq!(
        admin.add_insight(ADMIN, &InsightForm { insight: Some("Simplify."), ..InsightForm::default() }).unwrap_err().to_string(),
        "Please specify Book."
    );
    let unknown = admin.add_insight(ADMIN, &InsightForm { insight: Some("Simplify."), book: Some("no-such-book") }).unwrap_err();
    assert_eq!(unknown.to_string(), "Please enter the id or address name of a book.");
    let insight = admin.add_insight(ADMIN, &InsightForm { insight: Some(" Simplify, simplify. "), book: Some("walden") }).unwrap();
    assert_eq!((insight.insight.as_str(), insight.book_id, insight.book_title.as_str()), ("Simplify, simplify.", book, "Walden"));
    let by_id = admin.update_insight(ADMIN, Some(insight.id), &InsightForm { book: Some(&book.to_string()), insight: Some("Simplify!") }).unwrap();
    assert_eq!(by_id.insight, "Simplify!");
}

#[test]
fn collections_take_comma_joined_ids_of_things_that_exist() {
    let (store, book) = store_with_a_book();
    let admin = Admin::new(&store, now());
    assert_eq!(admin.add_collection(ADMIN, &CollectionForm::default()).unwrap_err().to_string(), "Please specify Title.");
    let bad = |form: CollectionForm<'_>| admin.add_collection(ADMIN, &form).unwrap_err().to_string();
    assert_eq!(
        bad(CollectionForm { title: Some("Calm"), categories: Some("1,x"), ..CollectionForm::default() }),
        "Please give Categories as ids separated by commas."
    );
    assert_eq!(bad(CollectionForm { title: Some("Calm"), categories: Some("9"), ..CollectionForm::default() }), "Please use the ids of existing categories.");
    assert_eq!(bad(CollectionForm { title: Some("Calm"), books: Some("404"), ..CollectionForm::default() }), "Please use the ids of existing books.");
    assert!(bad(CollectionForm { title: Some("Calm"), image: Some("premium/audio/x.wav"), ..CollectionForm::default() }).starts_with("Please give Image"));
    let books = format!("{book}, {book}");
    let calm = admin
        .add_collection(
            ADMIN,
            &CollectionForm { title: Some("Calm"), subtitle: Some("Quiet books"), categories: Some(" 1 "), books: Some(&books), image: None },
        )
        .unwrap();
    assert_eq!((calm.slug.as_str(), calm.categories.clone(), calm.books.clone()), ("calm", vec![1], vec![book]));
    let edited = admin.update_collection(ADMIN, calm.id, &CollectionForm { subtitle: Some("Still"), ..CollectionForm::default() }).unwrap();
    assert_eq!((edited.subtitle.as_str(), edited.title.as_str()), ("Still", "Calm"));
}

#[test]
fn visuals_need_title_and_body_go_after_their_books_others_and_can_be_reordered_and_deleted() {
    let (store, book) = store_with_a_book();
    let admin = Admin::new(&store, now());
    let slide = |title: &'static str| VisualForm { title: Some(title), body: Some("Idea"), book_id: Some(Some(book)), image: None };
    assert_eq!(admin.add_visual(ADMIN, &VisualForm { body: Some("x"), ..VisualForm::default() }).unwrap_err().to_string(), "Please specify Title.");
    assert_eq!(admin.add_visual(ADMIN, &VisualForm { title: Some("x"), ..VisualForm::default() }).unwrap_err().to_string(), "Please specify Body.");
    assert_eq!(
        admin.add_visual(ADMIN, &VisualForm { book_id: Some(Some(404)), ..slide("x") }).unwrap_err().to_string(),
        "Please give the id of an existing book."
    );
    assert_eq!(
        admin.add_visual(ADMIN, &VisualForm { image: Some("../etc/passwd"), ..slide("x") }).unwrap_err().to_string(),
        "Please upload the image on the photo page."
    );
    let (one, two, three) =
        (admin.add_visual(ADMIN, &slide("One")).unwrap(), admin.add_visual(ADMIN, &slide("Two")).unwrap(), admin.add_visual(ADMIN, &slide("Three")).unwrap());
    assert_eq!((one.position, two.position, three.position), (0, 1, 2));
    assert_eq!(one.book_title.as_deref(), Some("Walden"));
    let loose = admin.add_visual(ADMIN, &VisualForm { book_id: None, ..slide("Loose") }).unwrap();
    assert_eq!(loose.book_id, None, "a slide may wait without a book");

    assert_eq!(admin.reorder_visuals(ADMIN, book, &[three.id, one.id]).unwrap_err().to_string(), "Please send every visual of the book once.");
    let order: Vec<String> = admin.reorder_visuals(ADMIN, book, &[three.id, one.id, two.id]).unwrap().into_iter().map(|v| v.title).collect();
    assert_eq!(order, ["Three", "One", "Two"]);
    admin.delete_visual(ADMIN, one.id).unwrap();
    assert_eq!(admin.visual(one.id).unwrap_err(), AdminError::NotFound("Visual not found."));
    let last = store.audit().last().cloned().unwrap();
    assert_eq!((last.action, last.after), (AuditAction::VisualDeleted, serde_json::Value::Null));
}
