//! The back office's podcasts, goals, blog posts, insights, collections and visuals over HTTP:
//! admins only, the spec's messages, uploads recognised by content, the collection calls at both
//! their paths, audit entries, and members seeing what is published at once.

use crate::common;

use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
/// Half a second of a tone, made with ffmpeg: uploaded audio must play.
const MP3: &[u8] = include_bytes!("../fixtures/tone.mp3");
const BOUNDARY: &str = "gistbook-content-boundary";

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

/// The collection calls answer `results` or `collection` beside `status`, not `result` (spec).
async fn spec_body(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok", "{body}");
    body
}

async fn message(response: reqwest::Response) -> String {
    error_body(response, StatusCode::BAD_REQUEST).await["error"].as_str().unwrap().to_owned()
}

async fn upload(app: &TestApp, token: &str, path: &str, file: &[u8]) -> reqwest::Response {
    let body = [
        format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"fileName\"\r\n\r\nupload.bin\r\n--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"upload.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n").into_bytes(),
        file.to_vec(),
        format!("\r\n--{BOUNDARY}--\r\n").into_bytes(),
    ]
    .concat();
    app.client
        .post(app.url(path))
        .header(reqwest::header::CONTENT_TYPE, format!("multipart/form-data; boundary={BOUNDARY}"))
        .bearer_auth(token)
        .body(body)
        .send()
        .await
        .unwrap()
}

fn audit_actions(app: &TestApp) -> Vec<(String, String)> {
    use diesel::prelude::*;
    use diesel::sql_types::Text;
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = Text)]
        action: String,
        #[diesel(sql_type = Text)]
        entity_id: String,
    }
    let rows: Vec<Row> = diesel::sql_query("SELECT action, entity_id FROM audit_log ORDER BY id").load(&mut app.connect()).unwrap();
    rows.into_iter().map(|r| (r.action, r.entity_id)).collect()
}

async fn post_listed(app: &TestApp, slug: &str) -> bool {
    result(app.get("/api/blog", None).await).await["posts"].as_array().unwrap().iter().any(|p| p["slug"] == slug)
}

async fn slide_titles(app: &TestApp, book: i64, token: &str) -> Vec<String> {
    let slides = result(app.get(&format!("/api/visuals/book/{book}"), Some(token)).await).await;
    slides["visuals"].as_array().unwrap().iter().map(|v| v["title"].as_str().unwrap().to_owned()).collect()
}

#[actix_web::test]
async fn every_content_call_is_for_admins_only() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let member = app.register("ada@example.com", PASSWORD).await;
    let book = catalogue.books["premium-4"];
    // Something of each kind to read and edit.
    let podcast = result(app.post("/api/admin/podcasts/", &json!({"title": "P", "author": "A", "authorDesc": "D", "description": "E"}), Some(&admin)).await)
        .await["podcast"]["id"]
        .as_i64()
        .unwrap();
    let goal = result(app.post("/api/admin/goals/", &json!({"title": "G", "shortTitle": "g"}), Some(&admin)).await).await["goal"]["id"].as_i64().unwrap();
    let post_form = json!({"title": "T", "description": "D", "categories": "ideas", "text": "<p>x</p>"});
    let post = result(app.post("/api/admin/blog", &post_form, Some(&admin)).await).await["post"]["id"].as_i64().unwrap();
    let insight = result(app.post("/api/admin/insight", &json!({"insight": "Q", "bookId": book.to_string()}), Some(&admin)).await).await["insight"]["id"]
        .as_i64()
        .unwrap();
    let added = spec_body(app.post("/admin/collections/add", &json!({"values": {"title": "C"}}), Some(&admin)).await).await;
    let collection = added["collection"]["id"].as_i64().unwrap();
    let visual =
        result(app.post("/api/admin/visuals", &json!({"title": "V", "body": "B", "bookId": book}), Some(&admin)).await).await["visual"]["id"].as_i64().unwrap();
    let calls: Vec<(&str, String, Option<Value>)> = vec![
        ("GET", "/api/admin/podcasts/".into(), None),
        ("GET", format!("/api/admin/podcasts/{podcast}"), None),
        ("POST", "/api/admin/podcasts/".into(), Some(json!({"title": "P2", "author": "A", "authorDesc": "D", "description": "E"}))),
        ("PUT", format!("/api/admin/podcasts/{podcast}"), Some(json!({"title": "P", "author": "A2"}))),
        ("GET", "/api/admin/goals/".into(), None),
        ("GET", format!("/api/admin/goals/{goal}"), None),
        ("POST", "/api/admin/goals/".into(), Some(json!({"title": "G2", "shortTitle": "g2"}))),
        ("PUT", format!("/api/admin/goals/{goal}"), Some(json!({"title": "G", "shortTitle": "g", "mobileTitle": "m"}))),
        ("GET", "/api/admin/blog".into(), None),
        ("GET", format!("/api/admin/blog/{post}"), None),
        ("POST", "/api/admin/blog".into(), Some(post_form.clone())),
        ("PUT", "/api/admin/blog".into(), Some(json!({"id": post, "title": "T2", "description": "D", "categories": "ideas", "text": "<p>y</p>"}))),
        ("GET", "/api/admin/insight".into(), None),
        ("GET", format!("/api/admin/insight/{insight}"), None),
        ("POST", "/api/admin/insight".into(), Some(json!({"insight": "Q2", "bookId": "premium-4"}))),
        ("PUT", "/api/admin/insight".into(), Some(json!({"id": insight, "insight": "Q3", "bookId": book}))),
        ("GET", "/admin/collections/list".into(), None),
        ("GET", "/api/admin/collections/list".into(), None),
        ("POST", "/admin/collections/add".into(), Some(json!({"values": {"title": "C2"}}))),
        ("POST", "/api/admin/collections/add".into(), Some(json!({"values": {"title": "C3"}}))),
        ("GET", format!("/admin/collections/detail/{collection}"), None),
        ("GET", format!("/api/admin/collections/detail/{collection}"), None),
        ("POST", format!("/admin/collections/detail/{collection}"), Some(json!({"values": {"subtitle": "s"}}))),
        ("POST", format!("/api/admin/collections/detail/{collection}"), Some(json!({"values": {"subtitle": "t"}}))),
        ("GET", "/api/admin/visuals".into(), None),
        ("GET", format!("/api/admin/visuals/{visual}"), None),
        ("POST", "/api/admin/visuals".into(), Some(json!({"title": "V2", "body": "B"}))),
        ("PUT", format!("/api/admin/visuals/{visual}"), Some(json!({"title": "V", "body": "B2", "bookId": book}))),
        ("PUT", format!("/api/admin/visuals/order/{book}"), Some(json!({"ids": [visual]}))),
        ("DELETE", format!("/api/admin/visuals/{visual}"), None),
    ];
    app.assert_admins_only(&calls, &admin, &member).await;
    for path in [format!("/api/admin/podcasts/photo/{podcast}"), format!("/api/admin/goals/photo/{goal}"), format!("/api/admin/blog/photo/{post}")] {
        assert_eq!(upload(&app, &member, &path, PNG).await.status(), StatusCode::FORBIDDEN, "{path}");
    }
}

#[actix_web::test]
async fn each_form_answers_the_specs_first_failing_field_and_changes_nothing() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let post = |path: &'static str, body: Value| {
        let (app, admin) = (&app, &admin);
        async move { message(app.post(path, &body, Some(admin)).await).await }
    };
    assert_eq!(post("/api/admin/podcasts/", json!({"author": "A"})).await, "Please specify Title.");
    assert_eq!(post("/api/admin/podcasts/", json!({"title": "T", "author": "A", "description": "D"})).await, "Please specify Author Description.");
    assert_eq!(post("/api/admin/podcasts/", json!({"title": "T", "author": "A", "authorDesc": "x"})).await, "Please specify Description.");
    let bad_minutes = json!({"title": "T", "author": "A", "authorDesc": "x", "description": "d", "mins": "soon"});
    assert_eq!(post("/api/admin/podcasts/", bad_minutes).await, "Please make sure Minutes is greater or equal to 0.");
    assert_eq!(post("/api/admin/goals/", json!({"title": "Focus", "shortTitle": "  "})).await, "Please specify Short Title.");
    assert_eq!(post("/api/admin/blog", json!({"title": "T", "description": "D", "text": "<p>x</p>"})).await, "Please specify Categories.");
    assert_eq!(post("/api/admin/blog", json!({"title": "T", "description": "D", "categories": "ideas"})).await, "Please specify Text.");
    assert_eq!(post("/api/admin/insight", json!({"bookId": "premium-1"})).await, "Please specify Quote.");
    assert_eq!(post("/api/admin/insight", json!({"insight": "Q"})).await, "Please specify Book.");
    assert_eq!(post("/api/admin/insight", json!({"insight": "Q", "bookId": "nope"})).await, "Please enter the id or address name of a book.");
    assert_eq!(post("/admin/collections/add", json!({"values": {"subtitle": "x"}})).await, "Please specify Title.");
    assert_eq!(
        post("/admin/collections/add", json!({"values": {"title": "x", "categories": "1,a"}})).await,
        "Please give Categories as ids separated by commas."
    );
    assert_eq!(post("/api/admin/visuals", json!({"body": "B"})).await, "Please specify Title.");
    assert_eq!(post("/api/admin/visuals", json!({"title": "T"})).await, "Please specify Body.");
    assert_eq!(post("/api/admin/visuals", json!({"title": "T", "body": "B", "bookId": "abc"})).await, "Please make sure Book ID is greater or equal to 0.");

    let goal = result(app.post("/api/admin/goals/", &json!({"title": "Focus", "shortTitle": "Focus"}), Some(&admin)).await).await["goal"].clone();
    let id = goal["id"].as_i64().unwrap();
    let edit = app.put(&format!("/api/admin/goals/{id}"), &json!({"title": "Focus", "shortTitle": "Focus", "mobileTitle": ""}), Some(&admin)).await;
    assert_eq!(message(edit).await, "Please specify Mobile Title.");
    let podcast = result(app.post("/api/admin/podcasts/", &json!({"title": "P", "author": "A", "authorDesc": "D", "description": "E"}), Some(&admin)).await)
        .await["podcast"]["id"]
        .as_i64()
        .unwrap();
    let edit = app.put(&format!("/api/admin/podcasts/{podcast}"), &json!({"title": "P", "author": " "}), Some(&admin)).await;
    assert_eq!(message(edit).await, "Please specify Author.");
    // Nothing was saved by the refused calls: one goal and one podcast, as added.
    let goals = result(app.get("/api/admin/goals/", Some(&admin)).await).await;
    assert_eq!(goals["goals"].as_array().unwrap().len(), 1);
    assert_eq!(goals["goals"][0]["mobileTitle"], "Focus");
    let podcasts = result(app.get("/api/admin/podcasts/", Some(&admin)).await).await;
    assert_eq!((podcasts["podcasts"].as_array().unwrap().len(), podcasts["podcasts"][0]["author"].as_str()), (1, Some("A")));
    assert_eq!(result(app.get("/api/admin/insight", Some(&admin)).await).await.as_array().unwrap().len(), 0);
    let _ = catalogue;
}

#[actix_web::test]
async fn podcasts_take_audio_and_a_cover_and_play_for_paid_members_only() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let added = result(
        app.post(
            "/api/admin/podcasts/",
            &json!({"title": "Deep Work Talk", "author": "Cal", "authorDesc": "Writer", "description": "Focus", "mins": 12}),
            Some(&admin),
        )
        .await,
    )
    .await;
    let id = added["podcast"]["id"].as_i64().unwrap();
    let media_path = format!("/api/admin/podcasts/media/{id}");
    let refused = error_body(upload(&app, &admin, &media_path, PNG).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["error"], "Please choose an audio file (MP3, M4A, WAV, OGG, FLAC or AAC).");
    let wrong_photo = error_body(upload(&app, &admin, &format!("/api/admin/podcasts/photo/{id}"), MP3).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(wrong_photo["error"], "Please choose an image (PNG, JPEG, WebP, GIF or SVG).");
    let uploaded = result(upload(&app, &admin, &media_path, MP3).await).await;
    assert_eq!(uploaded["message"], "The media was uploaded.");
    let photo = result(upload(&app, &admin, &format!("/api/admin/podcasts/photo/{id}"), PNG).await).await;
    assert_eq!(photo["message"], "The photo was uploaded.");
    assert!(photo["podcast"]["image"].as_str().unwrap().starts_with("public/podcasts/"), "{photo}");

    let list = result(app.get("/api/podcasts", None).await).await;
    let card = &list["podcasts"][0];
    assert_eq!((card["title"].as_str(), card["hasAudio"].as_bool(), card["mins"].as_i64()), (Some("Deep Work Talk"), Some(true), Some(12)));
    assert!(card.get("mediaUrl").is_none(), "the list carries no audio link");

    let free = app.register("free@example.com", PASSWORD).await;
    for token in [None, Some(free.as_str())] {
        let page = result(app.get(&format!("/api/podcasts/{id}"), token).await).await;
        assert_eq!((page["podcast"]["mediaUrl"].clone(), page["podcast"]["locked"].as_bool()), (Value::Null, Some(true)));
    }
    let paid = app.paid_member("paid@example.com").await;
    let page = result(app.get(&format!("/api/podcasts/{id}"), Some(&paid)).await).await;
    let url = page["podcast"]["mediaUrl"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/media/premium/podcasts/") && url.contains("sig="), "{url}");
    let audio = app.get(&url, None).await;
    assert_eq!(audio.status(), StatusCode::OK);
    assert_eq!(audio.bytes().await.unwrap().to_vec(), MP3);
    // The bare file is not public.
    assert_eq!(app.get(url.split('?').next().unwrap(), None).await.status(), StatusCode::FORBIDDEN);
    error_body(app.get("/api/podcasts/9999", None).await, StatusCode::NOT_FOUND).await;

    let actions: Vec<String> = audit_actions(&app).into_iter().map(|(a, _)| a).collect();
    assert_eq!(actions, ["podcast.added", "podcast.updated", "podcast.updated"]);
}

#[actix_web::test]
async fn goals_link_books_from_the_book_form_and_filter_the_catalogue() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let goal = result(app.post("/api/admin/goals/", &json!({"title": "Think clearly", "shortTitle": "Clarity", "desc": "Reason well"}), Some(&admin)).await)
        .await["goal"]
        .clone();
    let goal_id = goal["id"].as_i64().unwrap();
    assert_eq!(goal["mobileTitle"], "Clarity");
    let photo = result(upload(&app, &admin, &format!("/api/admin/goals/feature-photo/{goal_id}"), PNG).await).await;
    assert!(photo["goal"]["photov2Url"].as_str().unwrap().starts_with("/media/public/goals/"), "{photo}");
    assert_eq!(photo["goal"]["photo"], "", "the other photo is untouched");

    let book = catalogue.books["premium-2"];
    let current = result(app.get(&format!("/api/admin/books/{book}"), Some(&admin)).await).await["book"].clone();
    let mut form = json!({"title": current["title"], "author": current["author"], "categories": current["categories"], "goals": [goal_id]});
    result(app.put(&format!("/api/admin/books/{book}"), &form, Some(&admin)).await).await;
    form["goals"] = json!([goal_id + 100]);
    assert_eq!(message(app.put(&format!("/api/admin/books/{book}"), &form, Some(&admin)).await).await, "Please choose goals from the list.");

    let goals = result(app.get("/api/goals", None).await).await;
    assert_eq!((goals["goals"][0]["title"].as_str(), goals["goals"][0]["bookCount"].as_i64()), (Some("Think clearly"), Some(1)));
    let filtered = result(app.get(&format!("/api/catalogue/books?goal={goal_id}"), None).await).await;
    let subids: Vec<&str> = filtered["books"].as_array().unwrap().iter().map(|b| b["subid"].as_str().unwrap()).collect();
    assert_eq!(subids, ["premium-2"]);
    error_body(app.get("/api/catalogue/books?goal=0", None).await, StatusCode::BAD_REQUEST).await;
}

#[actix_web::test]
async fn blog_posts_are_sanitised_and_drafts_and_scheduled_posts_stay_hidden() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let form = json!({"title": "Reading in winter", "description": "Warm books", "categories": "reading-tips", "text": "<p onclick=\"x()\">Cozy<script>alert(1)</script></p>", "draft": true});
    let post = result(app.post("/api/admin/blog", &form, Some(&admin)).await).await["post"].clone();
    let id = post["id"].as_i64().unwrap();
    assert_eq!(post["text"], "<p>Cozy</p>");
    let slug = post["slug"].as_str().unwrap().to_owned();
    assert!(!post_listed(&app, &slug).await, "a draft is hidden");
    error_body(app.get(&format!("/api/blog/{slug}"), None).await, StatusCode::NOT_FOUND).await;
    let tomorrow = (app.now() + chrono::Duration::days(1)).timestamp_millis();
    let scheduled = json!({"id": id, "draft": false, "publishDate": tomorrow, "title": "Reading in winter", "description": "Warm books", "categories": "reading-tips", "text": "<p>Cozy</p>"});
    result(app.put("/api/admin/blog", &scheduled, Some(&admin)).await).await;
    assert!(!post_listed(&app, &slug).await, "a post scheduled for tomorrow is hidden");
    let now = json!({"id": id, "publishDate": app.now().timestamp_millis() - 1000, "title": "Reading in winter", "description": "Warm books", "categories": "reading-tips", "text": "<p>Cozy</p>"});
    let updated = result(app.put("/api/admin/blog", &now, Some(&admin)).await).await;
    assert_eq!(updated["post"]["draft"], false);
    assert!(post_listed(&app, &slug).await, "published now");
    let photo = result(upload(&app, &admin, &format!("/api/admin/blog/photo/{id}"), PNG).await).await;
    assert_eq!(photo["message"], "The photo was uploaded.");
    let shown = result(app.get(&format!("/api/blog/{slug}"), None).await).await;
    assert!(shown["post"]["image"].as_str().unwrap().starts_with("/media/public/blog/"), "members see the uploaded photo: {shown}");
    error_body(app.put("/api/admin/blog", &json!({"id": 9999, "title": "x"}), Some(&admin)).await, StatusCode::NOT_FOUND).await;
}

#[actix_web::test]
async fn insights_show_on_their_book_and_home_and_go_with_a_deleted_book() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let book = catalogue.books["premium-5"];
    let added = result(app.post("/api/admin/insight", &json!({"insight": "Simplify, simplify.", "bookId": "premium-5"}), Some(&admin)).await).await;
    let id = added["insight"]["id"].as_i64().unwrap();
    assert_eq!((added["insight"]["title"].as_str(), added["insight"]["bookId"].as_str()), (Some("Walden"), Some(book.to_string().as_str())));
    let edited = result(app.put("/api/admin/insight", &json!({"id": id, "insight": "Simplify, simplify!", "bookId": book}), Some(&admin)).await).await;
    assert_eq!(edited["insight"]["insight"], "Simplify, simplify!");
    let rows = result(app.get("/api/admin/insight", Some(&admin)).await).await;
    assert_eq!((rows[0]["id"].as_i64(), rows[0]["title"].as_str()), (Some(id), Some("Walden")));

    let of_book = result(app.get("/api/insights?book=premium-5", None).await).await;
    assert_eq!(of_book["insights"][0]["insight"], "Simplify, simplify!");
    assert_eq!(of_book["insights"][0]["book"]["subid"], "premium-5");
    assert_eq!(result(app.get("/api/insights?book=premium-1", None).await).await["insights"], json!([]));
    assert_eq!(result(app.get("/api/insights?limit=5", None).await).await["insights"][0]["id"].as_i64(), Some(id));
    error_body(app.get("/api/insights?book=no-such-book", None).await, StatusCode::NOT_FOUND).await;

    let deleted = app.client.delete(app.url(&format!("/api/admin/books/{book}"))).bearer_auth(&admin).send().await.unwrap();
    assert_eq!(deleted.status(), StatusCode::OK);
    assert_eq!(result(app.get("/api/insights", None).await).await["insights"], json!([]), "a deleted book's quotes are not shown");
    let actions = audit_actions(&app);
    assert!(actions.contains(&("insight.added".into(), id.to_string())) && actions.contains(&("insight.updated".into(), id.to_string())), "{actions:?}");
}

#[actix_web::test]
async fn a_collection_edited_at_the_path_without_api_is_read_at_the_api_path_and_shown_to_members() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let economics = catalogue.categories["economics"];
    let picked = catalogue.books["premium-4"];
    let added =
        spec_body(app.post("/admin/collections/add", &json!({"values": {"title": "Money matters", "books": picked.to_string()}}), Some(&admin)).await).await;
    let id = added["collection"]["id"].as_i64().unwrap();
    let slug = added["collection"]["slug"].as_str().unwrap().to_owned();
    assert_eq!((slug.as_str(), added["collection"]["bookCount"].as_i64()), ("money-matters", Some(1)));
    let values = json!({"values": {"subtitle": "Books on wealth", "categories": format!(" {economics} "), "image": "https://images.example.com/money.png"}});
    spec_body(app.post(&format!("/admin/collections/detail/{id}"), &values, Some(&admin)).await).await;
    let read = spec_body(app.get(&format!("/api/admin/collections/detail/{id}"), Some(&admin)).await).await;
    let collection = &read["collection"];
    assert_eq!(
        (collection["subtitle"].as_str(), collection["categories"].as_str(), collection["books"].as_str()),
        (Some("Books on wealth"), Some(economics.to_string().as_str()), Some(picked.to_string().as_str()))
    );
    assert_eq!(collection["bookCount"], 3, "the picked book and both economics books");
    let listed = spec_body(app.get("/api/admin/collections/list", Some(&admin)).await).await;
    assert!(listed["results"].as_array().unwrap().iter().any(|c| c["id"] == id), "{listed}");

    // Members see it at once: the hand-picked book first, then the category's.
    let shown = result(app.get(&format!("/api/collections/{slug}"), None).await).await;
    let subids: Vec<&str> = shown["books"].as_array().unwrap().iter().map(|b| b["subid"].as_str().unwrap()).collect();
    assert_eq!(subids[0], "premium-4");
    assert_eq!(subids.len(), 3, "{subids:?}");
    let page = result(app.get(&format!("/api/catalogue/books?collection={slug}"), None).await).await;
    assert_eq!(page["total"], 3);
    let refused = app.post(&format!("/admin/collections/detail/{id}"), &json!({"values": {"image": "premium/audio/secret.wav"}}), Some(&admin)).await;
    assert!(message(refused).await.starts_with("Please give Image"));
    error_body(app.get("/admin/collections/detail/9999", Some(&admin)).await, StatusCode::NOT_FOUND).await;
    let answer = app.get("/admin/collections/list", Some(&admin)).await;
    assert_eq!(answer.headers()["cache-control"], "no-store");
    assert!(audit_actions(&app).iter().any(|(a, e)| a == "collection.updated" && *e == id.to_string()));
}

#[actix_web::test]
async fn visuals_are_added_ordered_and_deleted_and_members_see_it_at_once() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let paid = app.paid_member("paid@example.com").await;
    let book = catalogue.books["premium-4"];
    let mut ids = vec![];
    for title in ["One", "Two", "Three"] {
        let added = result(app.post("/api/admin/visuals", &json!({"title": title, "body": "An idea", "bookId": book}), Some(&admin)).await).await;
        assert_eq!(added["visual"]["bookTitle"], "The Art of War");
        ids.push(added["visual"]["id"].as_i64().unwrap());
    }
    assert_eq!(slide_titles(&app, book, &paid).await, ["One", "Two", "Three"]);
    let photo = result(upload(&app, &admin, &format!("/api/admin/visuals/photo/{}", ids[0]), PNG).await).await;
    assert!(photo["visual"]["image"].as_str().unwrap().starts_with("premium/visuals/"), "slides are premium: {photo}");
    let refused = error_body(upload(&app, &admin, &format!("/api/admin/visuals/photo/{}", ids[0]), MP3).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["error"], "Please choose an image (PNG, JPEG, WebP, GIF or SVG).");

    let reordered = result(app.put(&format!("/api/admin/visuals/order/{book}"), &json!({"ids": [ids[2], ids[0], ids[1]]}), Some(&admin)).await).await;
    assert_eq!(reordered["visuals"].as_array().unwrap().iter().map(|v| v["id"].as_i64().unwrap()).collect::<Vec<_>>(), [ids[2], ids[0], ids[1]]);
    assert_eq!(slide_titles(&app, book, &paid).await, ["Three", "One", "Two"]);
    assert_eq!(
        message(app.put(&format!("/api/admin/visuals/order/{book}"), &json!({"ids": [ids[0]]}), Some(&admin)).await).await,
        "Please send every visual of the book once."
    );

    let edited = result(app.put(&format!("/api/admin/visuals/{}", ids[1]), &json!({"title": "Two, edited", "body": "Better"}), Some(&admin)).await).await;
    assert_eq!(edited["visual"]["title"], "Two, edited");
    let deleted = app.client.delete(app.url(&format!("/api/admin/visuals/{}", ids[0]))).bearer_auth(&admin).send().await.unwrap();
    assert_eq!(deleted.status(), StatusCode::OK);
    assert_eq!(slide_titles(&app, book, &paid).await, ["Three", "Two, edited"], "the deleted slide is gone at once");
    error_body(app.get(&format!("/api/admin/visuals/{}", ids[0]), Some(&admin)).await, StatusCode::NOT_FOUND).await;
    let actions: Vec<String> = audit_actions(&app).into_iter().map(|(a, _)| a).collect();
    for expected in ["visual.added", "visual.updated", "book.visuals_reordered", "visual.deleted"] {
        assert!(actions.iter().any(|a| a == expected), "{expected} in {actions:?}");
    }
}
