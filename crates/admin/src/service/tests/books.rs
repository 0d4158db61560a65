//! Books in the back office.

use super::*;
use crate::audit::AuditAction;
use crate::books::MediaSlot;
use crate::service::BookForm;
use serde_json::json;

const ADMIN: UserId = UserId(1);

fn store() -> InMemoryAdmin {
    let store = InMemoryAdmin::default();
    for id in [1, 2, 3] {
        store.add_category(id);
    }
    store
}

fn walden() -> BookForm<'static> {
    BookForm { title: Some(" Walden "), author: Some("Henry David Thoreau"), categories: Some(vec![2, 1, 2]), ..BookForm::default() }
}

#[test]
fn adding_needs_title_author_and_categories_and_says_which_first() {
    let store = store();
    let admin = Admin::new(&store, now());
    let message = |form: BookForm<'_>| admin.add_book(ADMIN, &form).unwrap_err().to_string();
    assert_eq!(message(BookForm::default()), "Please specify Title.");
    assert_eq!(message(BookForm { author: Some(" "), ..walden() }), "Please specify Author.");
    assert_eq!(message(BookForm { categories: Some(vec![]), ..walden() }), "Please specify Categories.");
    assert_eq!(message(BookForm { categories: Some(vec![9]), ..walden() }), "Please choose categories from the list.");
    assert_eq!(message(BookForm { subid: Some("Not A Slug"), ..walden() }), "The address name may only hold lower-case letters, digits and dashes.");
    assert_eq!(message(BookForm { title: Some(&*"x".repeat(301).leak()), ..walden() }), "Title is too long (at most 300 characters).");
    assert!(store.audit().is_empty());

    let book = admin.add_book(ADMIN, &walden()).unwrap();
    assert_eq!((book.title.as_str(), book.subid.as_str()), ("Walden", "walden"));
    assert_eq!(book.categories, vec![1, 2], "sorted, without repeats");
    assert_eq!(book.upload_date, now());
    assert_eq!(store.audit()[0].action, AuditAction::BookAdded);
    assert_eq!(store.audit()[0].after["title"], "Walden");
    assert_eq!(store.book_plans(), vec![(book.id, 499)], "on sale on its own at once");
    assert_eq!(admin.add_book(ADMIN, &walden()).unwrap_err(), AdminError::SubidTaken);
}

#[test]
fn editing_needs_a_cover_first_sanitises_the_body_and_audits_what_changed() {
    let store = store();
    let admin = Admin::new(&store, now());
    let id = admin.add_book(ADMIN, &walden()).unwrap().id;
    let edit = BookForm { body: Some("<h3>Why</h3><p onclick=\"x()\">Simplify.</p><script>alert(1)</script>"), ..walden() };
    assert_eq!(admin.update_book(ADMIN, id, &edit).unwrap_err().to_string(), "Please specify Image.");
    admin.set_book_media(ADMIN, id, MediaSlot::Photo, "covers/walden.png", Some("covers/walden-card.jpg"), None).unwrap();
    assert_eq!(admin.book(id).unwrap().image_card.as_deref(), Some("covers/walden-card.jpg"));
    let saved = admin.update_book(ADMIN, id, &edit).unwrap();
    // Sanitised, and each block given its stable id (members' highlights keep to it).
    assert_eq!(saved.body.as_str(), r#"<h3>Why</h3><p data-block="b0">Simplify.</p>"#);
    let last = store.audit().last().unwrap().clone();
    assert_eq!(last.action, AuditAction::BookUpdated);
    assert_eq!(last.before, json!({"body": ""}));
    assert_eq!(last.after, json!({"body": r#"<h3>Why</h3><p data-block="b0">Simplify.</p>"#}));
    let count = store.audit().len();
    admin.update_book(ADMIN, id, &edit).unwrap();
    assert_eq!(store.audit().len(), count, "an unchanged save writes nothing");
    assert_eq!(admin.update_book(ADMIN, 99, &edit).unwrap_err(), AdminError::BookNotFound);
}

#[test]
fn narration_keeps_the_length_read_from_its_file_and_other_uploads_leave_it() {
    let store = store();
    let admin = Admin::new(&store, now());
    let id = admin.add_book(ADMIN, &walden()).unwrap().id;
    let narrated = admin.set_book_media(ADMIN, id, MediaSlot::Media, "premium/audio/walden.mp3", None, Some(271.6)).unwrap();
    assert_eq!((narrated.media_url.as_deref(), narrated.audio_seconds), (Some("premium/audio/walden.mp3"), Some(272)));
    let filmed = admin.set_book_media(ADMIN, id, MediaSlot::Video, "premium/video/walden.mp4", None, Some(12.0)).unwrap();
    assert_eq!(filmed.audio_seconds, Some(272), "a video's length is not the narration's");
    let unknown = admin.set_book_media(ADMIN, id, MediaSlot::Media, "premium/audio/walden-2.mp3", None, None).unwrap();
    assert_eq!(unknown.audio_seconds, None, "a new file whose length is unknown does not keep the old one's");
    let nonsense = admin.set_book_media(ADMIN, id, MediaSlot::Media, "premium/audio/walden-3.mp3", None, Some(f64::NAN)).unwrap();
    assert_eq!(nonsense.audio_seconds, None);
}

#[test]
fn a_deleted_book_is_listed_restorable_and_cannot_be_the_preview() {
    let store = store();
    let admin = Admin::new(&store, now());
    let id = admin.add_book(ADMIN, &walden()).unwrap().id;
    let deleted = admin.delete_book(ADMIN, id).unwrap();
    assert_eq!(deleted.deleted_at, Some(now()));
    assert!(admin.books(None).unwrap()[0].deleted);
    assert_eq!(admin.pick_preview(ADMIN, id).unwrap_err(), AdminError::BookDeleted);
    assert_eq!(admin.restore_book(ADMIN, id).unwrap().deleted_at, None);
    admin.pick_preview(ADMIN, id).unwrap();
    assert!(admin.books(None).unwrap()[0].preview);
    let actions: Vec<AuditAction> = store.audit().iter().map(|e| e.action).collect();
    assert_eq!(actions, [AuditAction::BookAdded, AuditAction::BookDeleted, AuditAction::BookRestored, AuditAction::PreviewPicked]);
    assert_eq!(store.previews(), vec![(chrono::NaiveDate::from_ymd_opt(2026, 11, 1).unwrap(), id)]);
}

#[test]
fn the_list_sorts_by_upload_date_id_or_title() {
    let store = store();
    let later = Admin::new(&store, now() + chrono::Duration::days(1));
    let admin = Admin::new(&store, now());
    admin.add_book(ADMIN, &BookForm { title: Some("Zen"), ..walden() }).unwrap();
    later.add_book(ADMIN, &BookForm { title: Some("Aesop"), ..walden() }).unwrap();
    let titles = |order: Option<&str>| admin.books(order).unwrap().into_iter().map(|b| b.title).collect::<Vec<_>>();
    assert_eq!(titles(None), ["Aesop", "Zen"], "newest upload first");
    assert_eq!(titles(Some("id")), ["Zen", "Aesop"]);
    assert_eq!(titles(Some("title")), ["Aesop", "Zen"]);
    assert!(admin.books(Some("price")).is_err());
}
