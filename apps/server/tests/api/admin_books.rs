//! The back office's books over HTTP: admins only, the spec's messages, soft delete hiding a
//! book from every member call while keeping members' XP, restore, the month's preview, audit.

use crate::common;

use common::catalogue::{secret, BOOKS};
use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::collections::HashMap;

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

/// The book cards of a list in an answer.
fn cards(list: &Value) -> &Vec<Value> {
    list.as_array().unwrap_or_else(|| panic!("not a list of books: {list}"))
}

fn subids(list: &Value) -> Vec<String> {
    cards(list).iter().map(|b| b["subid"].as_str().unwrap_or_else(|| panic!("a card without a subid: {b}")).to_owned()).collect()
}

async fn delete(app: &TestApp, path: &str, token: &str) -> reqwest::Response {
    app.client.delete(app.url(path)).bearer_auth(token).send().await.unwrap()
}

#[actix_web::test]
async fn every_book_call_is_for_admins_only() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let member = app.register("ada@example.com", PASSWORD).await;
    let id = catalogue.books["premium-4"];
    let philosophy = catalogue.categories["philosophy"];
    let form = json!({"title": "New", "author": "Someone", "categories": [philosophy]});
    let calls: Vec<(&str, String, Option<Value>)> = vec![
        ("GET", "/api/admin/books/".into(), None),
        ("GET", format!("/api/admin/books/{id}"), None),
        ("POST", "/api/admin/books/".into(), Some(form)),
        ("PUT", format!("/api/admin/books/{id}"), Some(json!({"title": "The Art of War", "author": "Sun Tzu", "categories": [philosophy]}))),
        ("POST", format!("/api/admin/books/{id}/preview"), None),
        ("DELETE", format!("/api/admin/books/{id}"), None),
        ("POST", format!("/api/admin/books/{id}/restore"), None),
    ];
    app.assert_admins_only(&calls, &admin, &member).await;
}

#[actix_web::test]
async fn adding_and_editing_answer_the_specs_messages_and_members_see_the_result() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let philosophy = catalogue.categories["philosophy"];
    for (body, message) in [
        (json!({}), "Please specify Title."),
        (json!({"title": "Essays", "author": " "}), "Please specify Author."),
        (json!({"title": "Essays", "author": "Montaigne"}), "Please specify Categories."),
        (json!({"title": "Essays", "author": "Montaigne", "categories": [987_654]}), "Please choose categories from the list."),
    ] {
        let response = app.post("/api/admin/books/", &body, Some(&admin)).await;
        assert_error(response, StatusCode::BAD_REQUEST, "invalid_form", message).await;
    }
    let added = result(
        app.post(
            "/api/admin/books/",
            &json!({"title": "Essays", "author": "Michel de Montaigne", "categories": [philosophy], "free": true,
                    "body": "<h3>Of idleness</h3><p>The mind needs a subject.</p><script>steal()</script>", "tags": ["essays", " "]}),
            Some(&admin),
        )
        .await,
    )
    .await["book"]
        .clone();
    assert_eq!(added["subid"], "essays");
    assert_eq!(added["tags"], json!(["essays"]));
    assert!(!added["body"].as_str().unwrap().contains("script"));
    let id = added["id"].as_i64().unwrap();
    let on_sale = result(app.post("/api/charge/price", &json!({"planId": format!("book-{id}")}), None).await).await;
    assert_eq!((on_sale["plan"]["kind"].as_str(), on_sale["plan"]["price"].as_i64()), (Some("book"), Some(499)), "sold on its own at once: {on_sale}");
    let taken = app.post("/api/admin/books/", &json!({"title": "Essays", "author": "Someone", "categories": [philosophy]}), Some(&admin)).await;
    assert_eq!(taken.status(), StatusCode::CONFLICT);

    // Members see it (a free book), with its author page made on the way.
    let member = app.register("ada@example.com", PASSWORD).await;
    let book = result(app.get("/api/books/essays", Some(&member)).await).await["book"].clone();
    assert_eq!(book["title"], "Essays");
    assert!(book["body"].as_str().unwrap().contains("The mind needs a subject."));

    // Editing needs a cover first (the spec's edit form requires Image).
    let edit = json!({"title": "The Essays", "author": "Michel de Montaigne", "categories": [philosophy]});
    let response = app.put(&format!("/api/admin/books/{id}"), &edit, Some(&admin)).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_form", "Please specify Image.").await;
    let premium = catalogue.books["premium-1"];
    let edited = result(
        app.put(
            &format!("/api/admin/books/{premium}"),
            &json!({"title": "Meditations (new translation)", "author": "Marcus Aurelius", "categories": [philosophy]}),
            Some(&admin),
        )
        .await,
    )
    .await;
    assert_eq!(edited["book"]["title"], "Meditations (new translation)");
    let audit = result(app.get(&format!("/api/admin/audit?entityId={premium}"), Some(&admin)).await).await["entries"].clone();
    assert_eq!(audit[0]["action"], "book.updated");
    assert_eq!(audit[0]["before"], json!({"title": "Meditations"}));
    assert_eq!(audit[0]["after"], json!({"title": "Meditations (new translation)"}));
}

#[actix_web::test]
async fn a_deleted_book_disappears_from_every_member_call_but_members_keep_their_xp() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let member = app.paid_member("reader@example.com").await;
    let id = catalogue.books["premium-2"];
    // The member reads it to the end and keeps it in the library.
    let done = app.put("/api/user-book-history/", &json!({"bookId": id, "position": 99, "completed": true}), Some(&member)).await;
    assert_eq!(done.status(), StatusCode::OK);
    assert_eq!(app.post("/api/library", &json!({"bookId": id}), Some(&member)).await.status(), StatusCode::OK);
    // And another book, which stays: the library's answer still has it after the deletion.
    result(app.post("/api/library", &json!({"bookId": catalogue.books["premium-1"]}), Some(&member)).await).await;
    let xp_before = result(app.get("/api/user-book-history/xp", Some(&member)).await).await;
    assert_eq!(xp_before["numCompleted"], 1);

    let deleted = result(delete(&app, &format!("/api/admin/books/{id}"), &admin).await).await;
    assert_eq!(deleted["book"]["deleted"], true);
    assert_eq!(app.get(&format!("/api/books/{id}"), Some(&member)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get("/api/books/premium-2", None).await.status(), StatusCode::NOT_FOUND);
    let mut answers = HashMap::new();
    for path in ["/api/books/list", "/api/books", "/api/library", "/api/search?q=Descartes", "/api/search?q=Meditations", "/api/books/list?start=0"] {
        let body = ok_body(app.get(path, Some(&member)).await, StatusCode::OK).await;
        let text = body.to_string();
        assert!(!text.contains("Meditations on First Philosophy") && !text.contains(&secret("premium-2")), "{path} still shows the deleted book: {text}");
        answers.insert(path, body["result"].clone());
    }
    // Each answer is the real one: every other book is still there.
    let mut others: Vec<i64> = BOOKS.iter().filter(|b| b.subid != "premium-2").map(|b| catalogue.books[b.subid]).collect();
    others.sort_unstable();
    for path in ["/api/books/list", "/api/books/list?start=0"] {
        let map = &answers[path];
        let mut ids: Vec<i64> =
            map["books"].as_object().unwrap_or_else(|| panic!("{path}: no map of books in {map}")).keys().map(|k| k.parse().unwrap()).collect();
        ids.sort_unstable();
        assert_eq!(ids, others, "{path}: {map}");
        assert!(map["nextStart"].is_null(), "{path}: {map}");
    }
    let home = &answers["/api/books"];
    assert_eq!(home["user"]["email"], "reader@example.com", "{home}");
    let mut popular: Vec<i64> = cards(&home["books"]).iter().map(|b| b["id"].as_i64().unwrap()).collect();
    popular.sort_unstable();
    assert_eq!(popular, others, "{home}");
    assert_eq!(subids(&home["recommendations"]["newReleases"]), ["premium-1", "premium-3", "premium-4", "premium-5", "free-book", "preview-book"], "{home}");
    let library = &answers["/api/library"];
    assert_eq!((subids(&library["books"]), library["hasMore"].as_bool()), (vec!["premium-1".to_owned()], Some(false)), "{library}");
    let by_author = &answers["/api/search?q=Descartes"];
    assert_eq!((by_author["query"].as_str(), by_author["total"].as_i64(), subids(&by_author["books"])), (Some("Descartes"), Some(0), vec![]), "{by_author}");
    let by_title = &answers["/api/search?q=Meditations"];
    assert_eq!(subids(&by_title["books"]).first().map(String::as_str), Some("premium-1"), "{by_title}");
    assert_eq!(by_title["total"].as_u64(), Some(cards(&by_title["books"]).len() as u64), "{by_title}");
    let xp_after = result(app.get("/api/user-book-history/xp", Some(&member)).await).await;
    assert_eq!((xp_after["numCompleted"].clone(), xp_after["xp"].clone()), (xp_before["numCompleted"].clone(), xp_before["xp"].clone()), "XP is kept");

    // The back office still lists it, marked; restoring brings it back everywhere.
    let listed = result(app.get("/api/admin/books/", Some(&admin)).await).await["books"].clone();
    assert!(listed.as_array().unwrap().iter().any(|b| b["id"] == id && b["deleted"] == true));
    let preview = app.post_empty(&format!("/api/admin/books/{id}/preview"), Some(&admin)).await;
    assert_eq!(preview.status(), StatusCode::CONFLICT, "a deleted book cannot be the preview");
    result(app.post_empty(&format!("/api/admin/books/{id}/restore"), Some(&admin)).await).await;
    assert_eq!(app.get(&format!("/api/books/{id}"), Some(&member)).await.status(), StatusCode::OK);
    let actions: Vec<String> = result(app.get(&format!("/api/admin/audit?entityId={id}"), Some(&admin)).await).await["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(actions, ["book.restored", "book.deleted"]);
}

#[actix_web::test]
async fn the_book_picked_as_the_months_preview_opens_for_free_members() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let id = catalogue.books["premium-3"];
    result(app.post_empty(&format!("/api/admin/books/{id}/preview"), Some(&admin)).await).await;
    let listed = result(app.get("/api/admin/books/?sort=id", Some(&admin)).await).await["books"].clone();
    let previews: Vec<i64> = listed.as_array().unwrap().iter().filter(|b| b["preview"] == true).map(|b| b["id"].as_i64().unwrap()).collect();
    assert_eq!(previews, [id]);
    assert_eq!(result(app.get(&format!("/api/admin/books/{id}"), Some(&admin)).await).await["book"]["preview"], true);
    let ids: Vec<i64> = listed.as_array().unwrap().iter().map(|b| b["id"].as_i64().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "sorted by id");
    // A free member reads it in full without spending an unlock.
    let member = app.register("free@example.com", PASSWORD).await;
    let book = result(app.get(&format!("/api/books/{id}"), Some(&member)).await).await["book"].clone();
    assert!(book["body"].as_str().unwrap().contains(&secret("premium-3")), "the preview is open: {book}");
    let bad = app.get("/api/admin/books/?sort=price", Some(&admin)).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
}

#[actix_web::test]
async fn an_edited_summary_is_what_members_and_visitors_read_next() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let member = app.paid_member("reader@example.com").await;
    let premium = catalogue.books["premium-1"];
    let read = |token: Option<String>| {
        let app = &app;
        async move { result(app.get("/api/books/premium-1", token.as_deref()).await).await["book"].clone() }
    };
    // Read once, so this process holds the text as it was.
    assert!(read(Some(member.clone())).await["body"].as_str().unwrap().contains(&secret("premium-1")));

    let body = "<h3>A new first idea</h3><p>Rewritten by an operator.</p><h3>A new second idea</h3><p>Also rewritten.</p>";
    let edit = json!({"title": "Meditations", "author": "Marcus Aurelius", "categories": [catalogue.categories["philosophy"]], "body": body});
    assert_eq!(app.put(&format!("/api/admin/books/{premium}"), &edit, Some(&admin)).await.status(), StatusCode::OK);

    let after = read(Some(member.clone())).await;
    // Stored with each block's stable id (highlights keep to it).
    let stored = r#"<h3>A new first idea</h3><p data-block="b0">Rewritten by an operator.</p><h3>A new second idea</h3><p data-block="b0">Also rewritten.</p>"#;
    assert_eq!(after["body"], stored, "{after}");
    let titles: Vec<&str> = after["sections"].as_array().unwrap().iter().map(|s| s["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["A new first idea", "A new second idea"]);
    let visitor = read(None).await;
    assert_eq!(visitor["truncatedBody"], r#"<h3>A new first idea</h3><p data-block="b0">Rewritten by an operator.</p>"#, "{visitor}");
    assert!(visitor["body"].is_null(), "a visitor still gets no more than the first section");
}
