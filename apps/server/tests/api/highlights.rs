//! Highlights and notes: mark, list, edit, export and remove; privacy; what may be marked; bad
//! input; re-anchoring after an operator edits the summary; account deletion.

use crate::common;

use common::catalogue::secret;
use common::{assert_error, count, error_body, ok_body, spawn_app, TestApp, PASSWORD};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// The second section's first paragraph of premium-1 starts with its secret.
fn secret_passage() -> Value {
    let end = secret("premium-1").chars().count();
    json!({"bookId": "premium-1", "section": 1, "startBlock": "b0", "startOffset": 0, "endBlock": "b0", "endOffset": end})
}

/// `base` with `extra`'s fields set.
fn with(mut base: Value, extra: Value) -> Value {
    for (key, value) in extra.as_object().expect("an object") {
        base[key] = value.clone();
    }
    base
}

async fn patch(app: &TestApp, path: &str, body: &Value, token: &str) -> reqwest::Response {
    app.call("PATCH", path, Some(body), Some(token)).await
}

fn stored(app: &TestApp) -> i64 {
    count(&mut app.connect(), "SELECT count(*) AS count FROM highlights")
}

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

#[actix_web::test]
async fn a_member_marks_notes_lists_edits_exports_and_removes_a_highlight() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let member = app.paid_member("reader@example.com").await;

    let marked =
        result(app.post("/api/user/highlights", &with(secret_passage(), json!({"colour": "green", "note": "  Remember \"this\"  "})), Some(&member)).await)
            .await;
    let highlight = &marked["highlight"];
    assert_eq!(highlight["quote"], secret("premium-1"), "the quote is read from the summary: {marked}");
    assert_eq!((highlight["colour"].as_str(), highlight["note"].as_str()), (Some("green"), Some("Remember \"this\"")));
    assert!(highlight["suffix"].as_str().unwrap().starts_with(" lies in the second section"), "{marked}");
    assert_eq!(marked["book"]["subid"], "premium-1");
    let id = highlight["id"].as_i64().unwrap();
    let opening = json!({"bookId": "premium-1", "section": 0, "startBlock": "b0", "startOffset": 0, "endBlock": "b0", "endOffset": 10});
    result(app.post("/api/user/highlights", &opening, Some(&member)).await).await;

    // The reader's call: in reading order; /highlights: newest first, filtered.
    let in_book = result(app.get("/api/user/highlights/book/premium-1", Some(&member)).await).await;
    let quotes: Vec<&str> = in_book["highlights"].as_array().unwrap().iter().map(|h| h["quote"].as_str().unwrap()).collect();
    assert_eq!(quotes, ["An opening", secret("premium-1").as_str()]);
    let all = result(app.get("/api/user/highlights", Some(&member)).await).await;
    assert_eq!((all["total"].as_i64(), all["highlights"][0]["highlight"]["quote"].as_str()), (Some(2), Some("An opening")));
    let green = result(app.get("/api/user/highlights?colour=green", Some(&member)).await).await;
    assert_eq!(green["total"], 1);
    let searched = result(app.get("/api/user/highlights?search=REMEMBER", Some(&member)).await).await;
    assert_eq!(searched["highlights"][0]["highlight"]["id"], id);
    assert_eq!(result(app.get("/api/user/highlights?search=100%25", Some(&member)).await).await["total"], 0, "wildcards are literal");

    let edited = result(patch(&app, &format!("/api/user/highlights/{id}"), &json!({"colour": "pink", "note": "", "review": true}), &member).await).await;
    assert_eq!((edited["colour"].as_str(), edited["note"].is_null(), edited["review"].as_bool()), (Some("pink"), true, Some(true)));

    // Exports: Markdown and Readwise's CSV, read back.
    let markdown = app.get("/api/user/highlights/export?format=markdown", Some(&member)).await;
    assert_eq!(markdown.status(), StatusCode::OK);
    assert!(markdown.headers()["content-disposition"].to_str().unwrap().contains("gistbook-highlights.md"));
    let markdown = markdown.text().await.unwrap();
    assert!(markdown.contains(&format!("> {}\n", secret("premium-1"))), "{markdown}");
    assert!(markdown.contains("[on Gistbook](http://127.0.0.1:4000/books/premium-1)"), "{markdown}");
    let csv = app.get("/api/user/highlights/export?format=readwise&book=premium-1", Some(&member)).await;
    assert!(csv.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    let csv = csv.text().await.unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "Highlight,Title,Author,URL,Note,Location,Date");
    assert_eq!(lines.len(), 3, "{csv}");
    assert!(lines[1].starts_with("\"An opening\",\"Meditations\",\"Marcus Aurelius\",\"http://127.0.0.1:4000/books/premium-1\",\"\","), "{csv}");
    assert_error(
        app.get("/api/user/highlights/export?format=pdf", Some(&member)).await,
        StatusCode::BAD_REQUEST,
        "invalid_request",
        "The format must be markdown or readwise.",
    )
    .await;

    assert_eq!(app.delete(&format!("/api/user/highlights/{id}"), Some(&member)).await.status(), StatusCode::OK);
    error_body(app.delete(&format!("/api/user/highlights/{id}"), Some(&member)).await, StatusCode::NOT_FOUND).await;
    assert_eq!(stored(&app), 1);
}

#[actix_web::test]
async fn highlights_are_their_members_own_and_only_what_they_may_read_can_be_marked() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let owner = app.paid_member("owner@example.com").await;
    let other = app.paid_member("other@example.com").await;
    let free = app.register("free@example.com", PASSWORD).await;
    let id = result(app.post("/api/user/highlights", &secret_passage(), Some(&owner)).await).await["highlight"]["id"].as_i64().unwrap();

    // A visitor: 401 on every call.
    for path in ["/api/user/highlights", "/api/user/highlights/book/premium-1", "/api/user/highlights/export?format=markdown"] {
        assert_eq!(error_body(app.get(path, None).await, StatusCode::UNAUTHORIZED).await["notLoggedIn"], true, "{path}");
    }
    error_body(app.post("/api/user/highlights", &secret_passage(), None).await, StatusCode::UNAUTHORIZED).await;
    // Another member sees, edits and removes nothing of it.
    assert_eq!(result(app.get("/api/user/highlights", Some(&other)).await).await["total"], 0);
    assert_eq!(result(app.get("/api/user/highlights/book/premium-1", Some(&other)).await).await["highlights"], json!([]));
    error_body(patch(&app, &format!("/api/user/highlights/{id}"), &json!({"note": "mine now"}), &other).await, StatusCode::NOT_FOUND).await;
    error_body(app.delete(&format!("/api/user/highlights/{id}"), Some(&other)).await, StatusCode::NOT_FOUND).await;
    let their_export = app.get("/api/user/highlights/export?format=readwise", Some(&other)).await.text().await.unwrap();
    assert!(!their_export.contains(&secret("premium-1")), "{their_export}");
    assert_eq!(count(&mut app.connect(), "SELECT count(*) AS count FROM highlights WHERE note IS NULL"), 1, "untouched");

    // A free member marks the opening anyone reads, not the premium text.
    let opening = json!({"bookId": "premium-1", "section": 0, "startBlock": "b0", "startOffset": 0, "endBlock": "b0", "endOffset": 10});
    result(app.post("/api/user/highlights", &opening, Some(&free)).await).await;
    assert_error(
        app.post("/api/user/highlights", &secret_passage(), Some(&free)).await,
        StatusCode::FORBIDDEN,
        "not_readable",
        "This part of the summary is not open to you.",
    )
    .await;
    assert_eq!(stored(&app), 2);
}

#[actix_web::test]
async fn bad_input_is_refused_with_a_clear_message_and_keeps_nothing() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let member = app.paid_member("reader@example.com").await;
    let selection = "Please select some text in one section of the summary.";
    for body in [
        json!({}),
        with(secret_passage(), json!({"endOffset": 0})),
        with(secret_passage(), json!({"startBlock": "b9"})),
        with(secret_passage(), json!({"endOffset": 100_000})),
        with(secret_passage(), json!({"startOffset": -1})),
    ] {
        assert_error(app.post("/api/user/highlights", &body, Some(&member)).await, StatusCode::BAD_REQUEST, "invalid_selection", selection).await;
    }
    assert_error(
        app.post("/api/user/highlights", &with(secret_passage(), json!({"colour": "purple"})), Some(&member)).await,
        StatusCode::BAD_REQUEST,
        "invalid_colour",
        "Choose yellow, green or pink.",
    )
    .await;
    assert_error(
        app.post("/api/user/highlights", &with(secret_passage(), json!({"note": "n".repeat(2001)})), Some(&member)).await,
        StatusCode::BAD_REQUEST,
        "note_too_long",
        "A note can be at most 2,000 characters.",
    )
    .await;
    error_body(app.post("/api/user/highlights", &with(secret_passage(), json!({"section": 9})), Some(&member)).await, StatusCode::FORBIDDEN).await;
    error_body(app.post("/api/user/highlights", &with(secret_passage(), json!({"bookId": "no-such-book"})), Some(&member)).await, StatusCode::NOT_FOUND).await;
    let malformed = app.client.post(app.url("/api/user/highlights")).bearer_auth(&member).header("content-type", "application/json").body("{not json").send();
    error_body(malformed.await.unwrap(), StatusCode::BAD_REQUEST).await;
    error_body(app.get("/api/user/highlights?page=0", Some(&member)).await, StatusCode::BAD_REQUEST).await;
    error_body(app.get("/api/user/highlights?colour=red", Some(&member)).await, StatusCode::BAD_REQUEST).await;
    error_body(app.get(&format!("/api/user/highlights?search={}", "x".repeat(201)), Some(&member)).await, StatusCode::BAD_REQUEST).await;
    error_body(patch(&app, "/api/user/highlights/abc", &json!({}), &member).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(stored(&app), 0, "nothing kept");
}

#[actix_web::test]
async fn an_operators_edit_finds_highlights_again_or_keeps_them_orphaned() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let member = app.paid_member("reader@example.com").await;
    let secret_id = result(app.post("/api/user/highlights", &secret_passage(), Some(&member)).await).await["highlight"]["id"].as_i64().unwrap();
    let third = json!({"bookId": "premium-1", "section": 2, "startBlock": "b0", "startOffset": 0, "endBlock": "b0", "endOffset": 9});
    let third_id = result(app.post("/api/user/highlights", &third, Some(&member)).await).await["highlight"]["id"].as_i64().unwrap();

    // The secret's paragraph gets a new one before it; the third section is rewritten.
    let body = format!(
        "<h3>The first idea of Meditations</h3><p>An opening anyone may read about Meditations.</p>\
         <h3>The second idea</h3><p>A paragraph the editor added.</p><p>{} lies in the second section, where meditations deepen.</p>\
         <h3>The third idea</h3><p>Entirely different words now.</p><h2>Final summary</h2><p>The end.</p>",
        secret("premium-1")
    );
    let edit = json!({"title": "Meditations", "author": "Marcus Aurelius", "categories": [catalogue.categories["philosophy"]], "body": body});
    assert_eq!(app.put(&format!("/api/admin/books/{}", catalogue.books["premium-1"]), &edit, Some(&admin)).await.status(), StatusCode::OK);

    // Re-anchored by the edit itself, before any member reads.
    let mut conn = app.connect();
    assert_eq!(count(&mut conn, &format!("SELECT count(*) AS count FROM highlights WHERE id = {secret_id} AND start_block = 'b1' AND NOT orphaned")), 1);
    assert_eq!(count(&mut conn, &format!("SELECT count(*) AS count FROM highlights WHERE id = {third_id} AND orphaned")), 1);
    let in_book = result(app.get("/api/user/highlights/book/premium-1", Some(&member)).await).await;
    let by_id = |id: i64| in_book["highlights"].as_array().unwrap().iter().find(|h| h["id"] == id).cloned().unwrap();
    assert_eq!((by_id(secret_id)["startBlock"].as_str(), by_id(secret_id)["quote"].as_str()), (Some("b1"), Some(secret("premium-1").as_str())));
    assert_eq!((by_id(third_id)["orphaned"].as_bool(), by_id(third_id)["quote"].as_str()), (Some(true), Some("More text")), "kept as it was");
    let markdown = app.get("/api/user/highlights/export?format=markdown", Some(&member)).await.text().await.unwrap();
    assert!(markdown.contains("> More text\n") && markdown.contains("no longer in the summary"), "{markdown}");
}

#[actix_web::test]
async fn the_editor_shows_block_ids_and_an_edit_that_keeps_them_keeps_highlights_on_their_blocks() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let member = app.paid_member("reader@example.com").await;
    let secret_id = result(app.post("/api/user/highlights", &secret_passage(), Some(&member)).await).await["highlight"]["id"].as_i64().unwrap();
    let path = format!("/api/admin/books/{}", catalogue.books["premium-1"]);

    // The seeded body has no ids: the editor shows each block with the id it is read by.
    let shown = result(app.get(&path, Some(&admin)).await).await["book"]["body"].as_str().unwrap().to_owned();
    let secret_paragraph = format!(r#"<p data-block="b0">{} lies"#, secret("premium-1"));
    assert!(shown.contains(&secret_paragraph), "{shown}");

    // The operator adds a paragraph before the secret's and saves what the editor showed.
    let edited = shown.replace(&secret_paragraph, &format!("<p>A paragraph the editor added.</p>{secret_paragraph}"));
    let edit = json!({"title": "Meditations", "author": "Marcus Aurelius", "categories": [catalogue.categories["philosophy"]], "body": edited});
    assert_eq!(app.put(&path, &edit, Some(&admin)).await.status(), StatusCode::OK);
    let saved = result(app.get(&path, Some(&admin)).await).await["book"]["body"].as_str().unwrap().to_owned();
    assert!(saved.contains(r#"<p data-block="b1">A paragraph the editor added.</p>"#) && saved.contains(&secret_paragraph), "{saved}");

    // The highlight kept its block and offsets; the member's reader gets the same ids.
    let mut conn = app.connect();
    assert_eq!(
        count(
            &mut conn,
            &format!("SELECT count(*) AS count FROM highlights WHERE id = {secret_id} AND start_block = 'b0' AND start_offset = 0 AND NOT orphaned")
        ),
        1
    );
    let in_book = result(app.get("/api/user/highlights/book/premium-1", Some(&member)).await).await;
    assert_eq!(in_book["highlights"][0]["startBlock"], "b0");
    assert_eq!(in_book["highlights"][0]["quote"].as_str(), Some(secret("premium-1").as_str()));
}

#[actix_web::test]
async fn deleting_the_account_deletes_its_highlights() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let member = app.paid_member("leaving@example.com").await;
    let other = app.paid_member("staying@example.com").await;
    result(app.post("/api/user/highlights", &secret_passage(), Some(&member)).await).await;
    result(app.post("/api/user/highlights", &secret_passage(), Some(&other)).await).await;
    let deletion = json!({"why": "Moving on.", "how": "A friend told me.", "password": PASSWORD});
    assert_eq!(app.post("/api/user/delete", &deletion, Some(&member)).await.status(), StatusCode::OK);
    assert_eq!(stored(&app), 1, "the other member's stays");
}
