//! Who gets what of a book (server-rules "Access to summaries"), checked over HTTP for every
//! audience: the body, audio, video and visuals are served or refused as the policy says, and
//! the premium parts never leak inside any other response.

use crate::common;

use chrono::{Duration, Utc};
use common::catalogue::{secret, slide_secret};
use common::{ok_body, spawn_app, spawn_app_with, AppOptions, TestApp, READER_SHELL};
use reqwest::StatusCode;
use serde_json::Value;

async fn book(app: &TestApp, subid: &str, token: Option<&str>) -> Value {
    ok_body(app.get(&format!("/api/books/{subid}"), token).await, StatusCode::OK).await["result"]["book"].clone()
}

/// A free member's yes to the offer of a free summary on the book.
async fn unlock(app: &TestApp, subid: &str, token: &str) -> Value {
    ok_body(app.post_empty(&format!("/api/books/{subid}/unlock"), Some(token)).await, StatusCode::OK).await["result"]["book"].clone()
}

/// The status of a GET to a URL the server handed out (a signed media URL).
async fn fetch_status(app: &TestApp, url: &Value) -> StatusCode {
    app.get(url.as_str().expect("a URL"), None).await.status()
}

fn assert_locked(book: &Value, subid: &str) {
    let text = book.to_string();
    assert!(!text.contains(&secret(subid)), "the full body leaked: {text}");
    assert!(book["body"].is_null() && book["mediaUrl"].is_null() && book["video"].is_null() && book["infographic"].is_null(), "{book}");
    assert!(!text.contains("premium/"), "a premium key leaked: {text}");
    assert!(book["truncatedBody"].as_str().unwrap().contains("The first idea"), "{book}");
    assert_eq!(book["showPremiumContent"], false);
}

#[actix_web::test]
async fn a_visitor_gets_the_first_section_and_the_login_flag_only() {
    let app = spawn_app().await;
    app.seed_catalogue();
    for subid in ["premium-1", "free-book", "preview-book"] {
        let book = book(&app, subid, None).await;
        assert_locked(&book, subid);
        assert_eq!(book["notLoggedIn"], true);
        assert_eq!(book["isPaidUser"], false);
        assert_eq!(book["limitReached"], false);
        assert!(book["unlocksLeft"].is_null());
        let truncated = book["truncatedBody"].as_str().unwrap();
        assert!(!truncated.contains("second idea") && !truncated.contains("<script"), "{truncated}");
    }
    // The result names no user for a visitor.
    let body = ok_body(app.get("/api/books/premium-1", None).await, StatusCode::OK).await;
    assert!(body["result"]["user"].is_null());
}

#[actix_web::test]
async fn a_free_member_spends_three_unlocks_then_meets_the_limit() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let token = app.register("free@example.com", common::PASSWORD).await;

    for (n, subid) in ["premium-1", "premium-2", "premium-3"].into_iter().enumerate() {
        // Opening asks first: the first section and the offer, nothing spent.
        let asked = book(&app, subid, Some(&token)).await;
        assert_locked(&asked, subid);
        assert_eq!(asked["unlockOffer"], serde_json::json!({"left": 3 - n as i64, "allowance": 3}));
        assert_eq!(asked["inviteBonusAvailable"], true);
        assert_eq!(common::count(&mut app.connect(), "SELECT count(*) FROM book_unlocks"), n as i64);
        let book = unlock(&app, subid, &token).await;
        assert!(book["unlockOffer"].is_null());
        assert!(book["body"].as_str().unwrap().contains(&secret(subid)), "{book}");
        assert!(!book["body"].as_str().unwrap().contains("<script"), "served bodies are sanitised");
        assert_eq!(book["showPremiumContent"], true);
        assert_eq!(book["unlocksLeft"], 2 - n as i64);
        assert_eq!(book["lastFree"], n == 2, "{subid}");
        assert!(book["video"].is_null() && book["infographic"].is_null(), "video stays paid-only: {book}");
        if !book["mediaUrl"].is_null() {
            assert_eq!(fetch_status(&app, &book["mediaUrl"]).await, StatusCode::OK);
        }
    }
    let fourth = book(&app, "premium-4", Some(&token)).await;
    assert_locked(&fourth, "premium-4");
    assert_eq!(fourth["limitReached"], true);
    assert!(fourth["unlockOffer"].is_null(), "none left: the paywall, no offer");
    assert_eq!(fourth["notLoggedIn"], false);
    assert_eq!(fourth["unlocksLeft"], 0);
    assert_locked(&unlock(&app, "premium-4", &token).await, "premium-4");
    // The account menu's count.
    let counted = ok_body(app.get("/api/free-summaries", Some(&token)).await, StatusCode::OK).await;
    assert_eq!(counted["result"]["freeSummaries"], serde_json::json!({"left": 0, "allowance": 3, "inviteBonusAvailable": true}));
    // A visitor cannot say yes.
    assert_eq!(app.post_empty("/api/books/premium-4/unlock", None).await.status(), StatusCode::UNAUTHORIZED);

    // Unlocked books stay open, and opening them again spends nothing.
    let again = book(&app, "premium-1", Some(&token)).await;
    assert!(again["body"].as_str().unwrap().contains(&secret("premium-1")));
    assert_eq!(common::count(&mut app.connect(), "SELECT count(*) FROM book_unlocks"), 3);
    let last = book(&app, "premium-3", Some(&token)).await;
    assert_eq!(last["lastFree"], true, "lastFree stays on the book that took the last unlock");
}

#[actix_web::test]
async fn inviting_a_friend_gives_a_fourth_unlock() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let token = app.register("inviter@example.com", common::PASSWORD).await;
    // Invited through the invite box's call; a second invite unlocks nothing more.
    for friend in ["friend@example.com", "another@example.com"] {
        let body = serde_json::json!({"yourName": "Ivy", "friendName": "Friend", "friendEmail": friend});
        assert_eq!(app.post("/api/contact/invite", &body, Some(&token)).await.status(), reqwest::StatusCode::OK);
    }
    for subid in ["premium-1", "premium-2", "premium-3"] {
        unlock(&app, subid, &token).await;
    }
    let asked = book(&app, "premium-4", Some(&token)).await;
    assert_eq!(asked["unlockOffer"], serde_json::json!({"left": 1, "allowance": 4}));
    assert_eq!(asked["inviteBonusAvailable"], false);
    let fourth = unlock(&app, "premium-4", &token).await;
    assert!(fourth["body"].as_str().unwrap().contains(&secret("premium-4")));
    assert_eq!(fourth["lastFree"], true);
    assert_eq!(book(&app, "premium-5", Some(&token)).await["limitReached"], true);
}

#[actix_web::test]
async fn free_books_and_the_monthly_preview_are_open_to_members_without_unlocks() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let token = app.register("free@example.com", common::PASSWORD).await;
    for subid in ["premium-1", "premium-2", "premium-3"] {
        unlock(&app, subid, &token).await;
    }
    let free = book(&app, "free-book", Some(&token)).await;
    assert!(free["body"].as_str().unwrap().contains(&secret("free-book")));
    assert_eq!(free["free"], true);
    assert_eq!(fetch_status(&app, &free["mediaUrl"]).await, StatusCode::OK);
    assert_eq!(fetch_status(&app, &free["video"]).await, StatusCode::OK, "free books include video");

    let preview = book(&app, "preview-book", Some(&token)).await;
    assert!(preview["body"].as_str().unwrap().contains(&secret("preview-book")));
    assert_eq!(fetch_status(&app, &preview["mediaUrl"]).await, StatusCode::OK);
    assert!(preview["video"].is_null(), "the preview's video stays paid-only");
    assert_eq!(common::count(&mut app.connect(), "SELECT count(*) FROM book_unlocks"), 3, "neither spent an unlock");

    // The preview is this month's only: next month's pick replaces it.
    let mut conn = app.connect();
    let next_month = catalogue::service::month_of(Utc::now() + Duration::days(32));
    db::catalogue::write::set_monthly_preview(&mut conn, next_month, catalogue.books["premium-5"]).unwrap();
    assert!(book(&app, "premium-5", Some(&token)).await["body"].is_null());
}

#[actix_web::test]
async fn paid_and_trial_members_get_everything_and_expired_ones_are_free_members() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let paid = app.paid_member("paid@example.com").await;
    let trial = app.register("trial@example.com", common::PASSWORD).await;
    app.set_plan("trial@example.com", "monthly", Utc::now(), Some(Utc::now() + Duration::days(3)));
    for token in [&paid, &trial] {
        for subid in ["premium-1", "premium-2", "premium-3", "premium-4", "premium-5"] {
            let book = book(&app, subid, Some(token)).await;
            assert!(book["body"].as_str().unwrap().contains(&secret(subid)));
            assert_eq!(book["isPaidUser"], true);
            assert!(book["unlocksLeft"].is_null());
        }
        let first = book(&app, "premium-1", Some(token)).await;
        for media in ["mediaUrl", "video", "infographic"] {
            assert_eq!(fetch_status(&app, &first[media]).await, StatusCode::OK, "{media}");
        }
    }
    assert_eq!(common::count(&mut app.connect(), "SELECT count(*) FROM book_unlocks"), 0);
    let counted = ok_body(app.get("/api/free-summaries", Some(&paid)).await, StatusCode::OK).await;
    assert!(counted["result"]["freeSummaries"].is_null(), "paid members read everything: {counted}");

    let expired = app.register("expired@example.com", common::PASSWORD).await;
    app.set_plan("expired@example.com", "monthly", Utc::now() - Duration::days(40), Some(Utc::now() - Duration::days(10)));
    let book = book(&app, "premium-1", Some(&expired)).await;
    assert_eq!(book["isPaidUser"], false);
    assert_eq!(book["unlocksLeft"], 3, "an expired member is a free member again");
    assert_eq!(book["unlockOffer"], serde_json::json!({"left": 3, "allowance": 3}));
    assert!(book["video"].is_null());
}

#[actix_web::test]
async fn visual_slides_only_for_those_entitled() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let free = app.register("free@example.com", common::PASSWORD).await;
    let paid = app.paid_member("paid@example.com").await;

    for token in [None, Some(free.as_str())] {
        let result = ok_body(app.get("/api/visuals/book/premium-1", token).await, StatusCode::OK).await["result"].clone();
        assert_eq!(result["isPaid"], false);
        assert_eq!(result["visuals"], serde_json::json!([]));
        assert!(!result.to_string().contains(&slide_secret("premium-1")));
    }
    let result = ok_body(app.get("/api/visuals/book/premium-1", Some(&paid)).await, StatusCode::OK).await["result"].clone();
    assert_eq!(result["isPaid"], true);
    let slides = result["visuals"].as_array().unwrap();
    assert_eq!(slides.len(), 2);
    assert!(slides[0]["body"].as_str().unwrap().contains(&slide_secret("premium-1")));
    assert_eq!(fetch_status(&app, &slides[1]["image"]).await, StatusCode::OK);

    // A free book's slides are open to members, not to visitors.
    let free_book = ok_body(app.get("/api/visuals/book/free-book", Some(&free)).await, StatusCode::OK).await;
    assert_eq!(free_book["result"]["visuals"].as_array().unwrap().len(), 2);
    let visitor = ok_body(app.get("/api/visuals/book/free-book", None).await, StatusCode::OK).await;
    assert_eq!(visitor["result"]["visuals"], serde_json::json!([]));
    // Looking at slides never spends an unlock.
    assert_eq!(common::count(&mut app.connect(), "SELECT count(*) FROM book_unlocks"), 0);
    common::assert_error(app.get("/api/visuals/book/no-such-book", None).await, StatusCode::NOT_FOUND, "not_found", "Book not found.").await;
}

#[actix_web::test]
async fn no_list_search_or_visual_answer_carries_premium_parts() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let free = app.register("free@example.com", common::PASSWORD).await;
    let paths = [
        "/api/books",
        "/api/books/list",
        "/api/catalogue/books?pageSize=100",
        "/api/categories",
        "/api/collections",
        "/api/collections/classics",
        "/api/authors",
        "/api/authors/marcus-aurelius",
        "/api/search?q=second%20idea%20meditations",
        "/api/search?q=SECRET",
        "/api/visuals",
        "/api/infographics",
    ];
    for token in [None, Some(free.as_str())] {
        for path in paths {
            let text = ok_body(app.get(path, token).await, StatusCode::OK).await.to_string();
            assert!(!text.contains("SECRET-") && !text.contains("SLIDE-"), "{path} leaked text: {text}");
            assert!(!text.contains("premium/"), "{path} leaked a premium file: {text}");
        }
    }
    // Paid members see infographics in the list; others see the books only.
    let paid = app.paid_member("paid@example.com").await;
    let list = ok_body(app.get("/api/infographics", Some(&paid)).await, StatusCode::OK).await;
    let items = list["result"]["infographics"].as_array().unwrap();
    assert!(!items.is_empty() && items.iter().all(|i| i["image"].as_str().is_some_and(|u| u.contains("sig="))));
    let visitor = ok_body(app.get("/api/infographics", None).await, StatusCode::OK).await;
    assert!(visitor["result"]["infographics"].as_array().unwrap().iter().all(|i| i["image"].is_null()));
}

#[actix_web::test]
async fn unknown_books_answer_404_by_id_and_subid() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    common::assert_error(app.get("/api/books/no-such-book", None).await, StatusCode::NOT_FOUND, "not_found", "Book not found.").await;
    common::assert_error(app.get("/api/books/999999", None).await, StatusCode::NOT_FOUND, "not_found", "Book not found.").await;
    let by_id = book(&app, &catalogue.books["premium-2"].to_string(), None).await;
    assert_eq!(by_id["subid"], "premium-2");
}

/// The server splits what the caller may read into the reader's sections: the whole body for an
/// entitled member, the first section only for everyone else (and no premium text in them).
#[actix_web::test]
async fn the_book_answer_carries_the_sections_the_caller_may_read() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let visitor = book(&app, "premium-1", None).await;
    let sections = visitor["sections"].as_array().expect("sections");
    assert_eq!(sections.len(), 1, "{visitor}");
    assert!(!visitor["sections"].to_string().contains(&secret("premium-1")));
    assert!(sections[0]["title"].is_string() && sections[0]["html"].is_string());

    let token = app.paid_member("paid@example.com").await;
    let paid = book(&app, "premium-1", Some(&token)).await;
    let sections = paid["sections"].as_array().expect("sections");
    assert!(sections.len() > 1, "{paid}");
    assert!(paid["sections"].to_string().contains(&secret("premium-1")), "the full text is in the sections");
    let joined: String = sections.iter().map(|s| s["html"].as_str().unwrap()).collect();
    assert!(!joined.contains("<h3"), "headings become titles, not section html: {joined}");
}

/// The data block of a book's page (`GET /books/{id}`): its `data-key` and its JSON.
fn page_block(page: &str) -> (String, Value) {
    const START: &str = "<script type=\"application/json\" id=\"book-data\" data-key=\"";
    let at = page.find(START).unwrap_or_else(|| panic!("no data block: {page}")) + START.len();
    let (key, rest) = page[at..].split_once("\">").expect("the block's start tag");
    let (json, _) = rest.split_once("</script>").expect("the block's end tag");
    (key.to_owned(), serde_json::from_str(json).expect("the block is JSON"))
}

#[actix_web::test]
async fn a_book_page_carries_the_visitors_answer_and_no_text_can_end_its_block() {
    let app = spawn_app_with(AppOptions { frontend: true, ..Default::default() }).await;
    app.seed_catalogue();
    let hostile = "Meditations</script><script>alert(1)</script><!--";
    diesel::RunQueryDsl::execute(
        diesel::sql_query("UPDATE books SET title = $1, description = '<b>Stoic</b> \"notes\" & more' WHERE subid = 'premium-1'")
            .bind::<diesel::sql_types::Text, _>(hostile),
        &mut app.connect(),
    )
    .unwrap();
    let paid = app.paid_member("paid@example.com").await;

    // Whoever asks (a paid member's token is ignored): the visitor's answer, the same as the API's.
    let visitor_answer = ok_body(app.get("/api/books/premium-1", None).await, StatusCode::OK).await["result"].clone();
    for token in [None, Some(paid.as_str())] {
        let response = app.get("/books/premium-1", token).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        assert_eq!(response.headers()["cache-control"], "no-cache");
        assert!(response.headers().contains_key("content-security-policy"));
        let page = response.text().await.unwrap();
        let shells_own = READER_SHELL.matches("</script>").count();
        assert_eq!(page.matches("</script>").count(), shells_own + 1, "only the shell's scripts and the block's own end tag: {page}");
        assert!(!page.contains("<script>alert") && !page.contains("<!--"), "{page}");
        let (key, answer) = page_block(&page);
        assert_eq!(key, "premium-1");
        assert_eq!(answer, visitor_answer);
        assert_eq!(answer["book"]["title"], hostile);
        assert_locked(&answer["book"], "premium-1");
        assert!(answer["user"].is_null());
        assert!(page.contains("<title>Meditations&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- · Gistbook</title>"), "{page}");
        assert!(page.contains("&quot;notes&quot; &amp; more\">"), "the description, as text: {page}");
        assert!(page.contains("<link rel=\"preload\" as=\"script\" href=\"/assets/reader.js\">"), "the shell's preloads stay");
    }

    // By numeric id too; an unknown book gets the shell as built.
    let id = visitor_answer["book"]["id"].as_i64().unwrap();
    let (key, answer) = page_block(&app.get(&format!("/books/{id}"), None).await.text().await.unwrap());
    assert_eq!((key, answer["book"]["subid"].clone()), (id.to_string(), Value::from("premium-1")));
    assert_eq!(app.get("/books/no-such-book", None).await.text().await.unwrap(), READER_SHELL);
}
