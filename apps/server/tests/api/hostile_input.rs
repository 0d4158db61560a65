//! No input makes the server panic or answer 500: huge numbers, NUL bytes in paths, queries and
//! JSON strings each get a readable 4xx (security review, finding 5).

use crate::common;

use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn assert_client_error(response: reqwest::Response, what: &str) {
    let status = response.status();
    let text = response.text().await.unwrap();
    assert!(status.is_client_error(), "{what}: {status} {text}");
    let body: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{what}: not the JSON envelope: {text}"));
    assert_eq!(body["status"], "error", "{what}: {text}");
    assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()), "{what}: {text}");
}

#[actix_web::test]
async fn huge_numbers_in_queries_and_paths_are_refused_not_panicked_on() {
    let app = spawn_app().await;
    app.seed_catalogue();
    for path in [
        "/api/books/list?start=9223372036854775000",
        "/api/books/list?start=-1",
        "/api/catalogue/books?page=9223372036854775807",
        "/api/catalogue/books?pageSize=9223372036854775807",
        "/api/search?q=stoic&page=9223372036854775807",
        "/api/books/list?start=99999999999999999999999",
    ] {
        assert_client_error(app.get(path, None).await, path).await;
    }
    let token = app.register("member@example.com", PASSWORD).await;
    for path in ["/api/library?page=9223372036854775807", "/api/library?page=-9223372036854775808"] {
        assert_client_error(app.get(path, Some(&token)).await, path).await;
    }
    // A huge id is just a book that does not exist.
    let response = app.get("/api/books/9223372036854775807", None).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn nul_bytes_in_paths_and_queries_are_refused() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let token = app.register("member@example.com", PASSWORD).await;
    for path in [
        "/api/books/premium%00-1",
        "/api/visuals/book/a%00b",
        "/api/collections/a%00b",
        "/api/authors/a%00b",
        "/api/blog/a%00b",
        "/api/search?q=a%00b",
        "/api/catalogue/books?category=a%00b",
        "/api/catalogue/books?author=a%00b",
        "/api/blog?category=a%00b",
    ] {
        assert_client_error(app.get(path, Some(&token)).await, path).await;
    }
}

#[actix_web::test]
async fn nul_characters_in_json_strings_are_refused() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let response =
        app.post("/api/user/register", &json!({"username": "a\u{0}b@example.com", "password": PASSWORD, "firstName": "A\u{0}", "lastName": "B"}), None).await;
    assert_client_error(response, "register").await;
    let response = app.post("/api/analytics/events", &json!({"name": "click", "properties": {"from": "x\u{0}y"}}), None).await;
    assert_client_error(response, "analytics").await;
    let token = app.register("member@example.com", PASSWORD).await;
    let response = app.post("/api/library", &json!({"bookId": "premium\u{0}-1"}), Some(&token)).await;
    assert_client_error(response, "library").await;
    let response = app.put("/api/books/rating/free-book", &json!({"rating": 4, "feedback": "fine\u{0}"}), Some(&token)).await;
    assert_client_error(response, "rating").await;
}
