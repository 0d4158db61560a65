//! The library (add, the three delete paths, pages of 20) and ratings (validation, replacing,
//! locked books) over HTTP, and that neither can reach another member's rows.

use crate::common;

use common::{assert_error, count, error_body, ok_body, spawn_app, TestApp, PASSWORD};
use db::catalogue::write::{self, NewBook};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn library(app: &TestApp, token: &str, page: i64) -> Value {
    ok_body(app.get(&format!("/api/library?page={page}"), Some(token)).await, StatusCode::OK).await["result"].clone()
}

fn subids(list: &Value) -> Vec<String> {
    list["books"].as_array().unwrap().iter().map(|b| b["subid"].as_str().unwrap().to_owned()).collect()
}

async fn in_library(app: &TestApp, token: &str, subid: &str) -> bool {
    ok_body(app.get(&format!("/api/books/{subid}"), Some(token)).await, StatusCode::OK).await["result"]["book"]["isInLibrary"] == true
}

#[actix_web::test]
async fn books_are_added_listed_and_removed_by_each_delete_path_alike() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let token = app.register("member@example.com", PASSWORD).await;
    let empty = library(&app, &token, 1).await;
    assert_eq!((empty["total"].clone(), empty["hasMore"].clone(), empty["books"].clone()), (json!(0), json!(false), json!([])));
    assert_eq!(empty["user"]["email"], "member@example.com");

    for subid in ["premium-1", "free-book", "premium-2"] {
        let added = ok_body(app.post("/api/library", &json!({"bookId": catalogue.books[subid]}), Some(&token)).await, StatusCode::OK).await;
        assert_eq!(added["result"], json!({"bookId": catalogue.books[subid], "isInLibrary": true}));
    }
    // Adding again (here by subid) changes nothing.
    ok_body(app.post("/api/library", &json!({"bookId": "premium-1"}), Some(&token)).await, StatusCode::OK).await;
    let listed = library(&app, &token, 1).await;
    assert_eq!(subids(&listed), ["premium-2", "free-book", "premium-1"], "most recently added first");
    assert_eq!(listed["total"], 3);
    assert!(!listed.to_string().contains("SECRET-"), "library cards carry no text");
    assert!(in_library(&app, &token, "premium-1").await);

    // Every delete path removes, and removing again is harmless.
    for (path, subid) in [("/api/library/", "premium-1"), ("/library/delete/", "free-book"), ("/api/library/delete/", "premium-2")] {
        let id = catalogue.books[subid];
        for _ in 0..2 {
            let removed = ok_body(app.delete(&format!("{path}{id}"), Some(&token)).await, StatusCode::OK).await;
            assert_eq!(removed["result"], json!({"bookId": id, "isInLibrary": false}), "{path}");
        }
        assert!(!in_library(&app, &token, subid).await, "{path}");
    }
    assert_eq!(library(&app, &token, 1).await["total"], 0);
}

#[actix_web::test]
async fn bad_library_requests_get_clear_answers() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let token = app.register("member@example.com", PASSWORD).await;
    assert_error(app.post("/api/library", &json!({}), Some(&token)).await, StatusCode::BAD_REQUEST, "missing_book", "Please say which book (bookId).").await;
    assert_error(app.post("/api/library", &json!({"bookId": 987_654}), Some(&token)).await, StatusCode::NOT_FOUND, "not_found", "Book not found.").await;
    for path in ["/api/library/987654", "/library/delete/987654", "/api/library/delete/no-such-book"] {
        assert_eq!(app.delete(path, Some(&token)).await.status(), StatusCode::NOT_FOUND, "{path}");
    }
    assert_error(app.get("/api/library?page=0", Some(&token)).await, StatusCode::BAD_REQUEST, "invalid_page", "The page must be a number from 1.").await;
    assert_eq!(app.get("/api/library?page=two", Some(&token)).await.status(), StatusCode::BAD_REQUEST);
    assert_eq!(count(&mut app.connect(), "SELECT count(*) FROM library_items"), 0);
}

#[actix_web::test]
async fn the_library_comes_in_pages_of_twenty() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let token = app.register("member@example.com", PASSWORD).await;
    let mut conn = app.connect();
    for n in 0..25 {
        let book = NewBook {
            subid: format!("shelf-{n:02}"),
            title: format!("Shelf {n}"),
            author_id: None,
            author: "An Author".into(),
            author_description: String::new(),
            description: String::new(),
            image: String::new(),
            vector: String::new(),
            infographic: None,
            body: catalogue::html::SanitizedHtml::new("<h3>One</h3><p>Text.</p>"),
            quotes: vec![],
            goals: vec![],
            tags: vec![],
            media_url: None,
            video: None,
            free: false,
            popular: false,
            coming_soon: false,
            upload_date: chrono::Utc::now(),
            read_count: 0,
            recent_reads: 0,
        };
        let id = write::insert_book(&mut conn, book).unwrap();
        ok_body(app.post("/api/library", &json!({"bookId": id}), Some(&token)).await, StatusCode::OK).await;
    }
    let first = library(&app, &token, 1).await;
    assert_eq!(first["books"].as_array().unwrap().len(), 20);
    assert_eq!(
        (first["page"].clone(), first["pageSize"].clone(), first["total"].clone(), first["hasMore"].clone()),
        (json!(1), json!(20), json!(25), json!(true))
    );
    assert_eq!(subids(&first)[0], "shelf-24");
    let second = library(&app, &token, 2).await;
    assert_eq!(subids(&second), ["shelf-04", "shelf-03", "shelf-02", "shelf-01", "shelf-00"]);
    assert_eq!(second["hasMore"], false);
    assert_eq!(library(&app, &token, 3).await["books"], json!([]));
    // No page repeats a book.
    let mut all = subids(&first);
    all.extend(subids(&second));
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 25);
}

#[actix_web::test]
async fn one_member_never_sees_or_changes_anothers_library() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let ada = app.register("ada@example.com", PASSWORD).await;
    let bob = app.register("bob@example.com", PASSWORD).await;
    let id = catalogue.books["premium-1"];
    ok_body(app.post("/api/library", &json!({"bookId": id}), Some(&ada)).await, StatusCode::OK).await;

    assert_eq!(library(&app, &bob, 1).await["total"], 0);
    assert!(!in_library(&app, &bob, "premium-1").await);
    for path in [format!("/api/library/{id}"), format!("/library/delete/{id}"), format!("/api/library/delete/{id}")] {
        ok_body(app.delete(&path, Some(&bob)).await, StatusCode::OK).await;
    }
    assert_eq!(subids(&library(&app, &ada, 1).await), ["premium-1"], "Bob's deletes only touch Bob's library");
}

async fn rate(app: &TestApp, token: &str, id: i64, body: Value) -> reqwest::Response {
    app.put(&format!("/api/books/rating/{id}"), &body, Some(token)).await
}

#[actix_web::test]
async fn a_rating_needs_one_to_five_stars_and_at_most_500_characters() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let token = app.paid_member("paid@example.com").await;
    let id = catalogue.books["premium-1"];
    assert_error(
        rate(&app, &token, id, json!({"feedback": "Lovely"})).await,
        StatusCode::BAD_REQUEST,
        "missing_rating",
        "Please select a rating before submitting!",
    )
    .await;
    assert_error(rate(&app, &token, id, json!({"rating": null})).await, StatusCode::BAD_REQUEST, "missing_rating", "Please select a rating before submitting!")
        .await;
    for bad in [json!(0), json!(6), json!(3.5), json!("5")] {
        let body = error_body(rate(&app, &token, id, json!({"rating": bad})).await, StatusCode::BAD_REQUEST).await;
        assert_eq!(body["code"], "invalid_rating", "{bad}");
    }
    let too_long = "é".repeat(501);
    assert_error(
        rate(&app, &token, id, json!({"rating": 4, "feedback": too_long})).await,
        StatusCode::BAD_REQUEST,
        "feedback_too_long",
        "Feedback can be at most 500 characters.",
    )
    .await;
    assert_eq!(count(&mut app.connect(), "SELECT count(*) FROM book_ratings"), 0, "nothing stored by bad ratings");
    assert_eq!(rate(&app, &token, 987_654, json!({"rating": 4})).await.status(), StatusCode::NOT_FOUND);

    // Exactly 500 characters (1000 bytes) is fine; the reader's extra fields are accepted.
    let full = "é".repeat(500);
    let body = json!({"rating": 4, "feedback": full, "subid": "premium-1", "bookId": id});
    let rated = ok_body(rate(&app, &token, id, body).await, StatusCode::OK).await;
    assert_eq!(rated["result"], json!({"bookId": id, "rating": 4, "hasRatingsFromUser": true}));
    let book = ok_body(app.get("/api/books/premium-1", Some(&token)).await, StatusCode::OK).await;
    assert_eq!(book["result"]["book"]["hasRatingsFromUser"], true);

    // A new rating replaces the old one.
    ok_body(rate(&app, &token, id, json!({"rating": 2, "feedback": "Second thoughts"})).await, StatusCode::OK).await;
    let mut conn = app.connect();
    assert_eq!(count(&mut conn, "SELECT count(*) FROM book_ratings"), 1);
    assert_eq!(count(&mut conn, "SELECT rating::bigint AS count FROM book_ratings"), 2);
}

#[actix_web::test]
async fn only_readers_rate_and_only_their_own_rating() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let ada = app.paid_member("ada@example.com").await;
    let bob = app.register("bob@example.com", PASSWORD).await;
    let id = catalogue.books["premium-1"];

    // Bob (free) has not opened premium-1: he cannot rate it.
    let refused = error_body(rate(&app, &bob, id, json!({"rating": 1})).await, StatusCode::FORBIDDEN).await;
    assert_eq!(refused["code"], "locked");

    ok_body(rate(&app, &ada, id, json!({"rating": 5, "feedback": "Ada's"})).await, StatusCode::OK).await;
    let bobs_view = ok_body(app.get("/api/books/premium-1", Some(&bob)).await, StatusCode::OK).await;
    assert_eq!(bobs_view["result"]["book"]["hasRatingsFromUser"], false);
    // Once Bob has unlocked it, his rating is his own row; Ada's stays.
    ok_body(app.post_empty("/api/books/premium-1/unlock", Some(&bob)).await, StatusCode::OK).await;
    ok_body(rate(&app, &bob, id, json!({"rating": 1})).await, StatusCode::OK).await;
    let mut conn = app.connect();
    assert_eq!(count(&mut conn, "SELECT count(*) FROM book_ratings"), 2);
    assert_eq!(count(&mut conn, "SELECT rating::bigint AS count FROM book_ratings r JOIN users u ON u.id = r.user_id WHERE u.email = 'ada@example.com'"), 5);
}
