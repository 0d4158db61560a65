//! The summary as a file over HTTP: a single book bought as a guest answers its PDF, which a PDF
//! parser reads; the download call for paid members and buyers only; Kindle set, sent (an EPUB in
//! the mail), refused to free members, limited per day, erased with the account.

use crate::common;

use common::payments::*;
use common::*;
use diesel::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::{json, Value};
use stand_ins::stripe::CARD_OK;
use std::io::Read;

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

/// A $4.99 plan for the book `subid` of the test catalogue, as operators create one.
fn book_plan(app: &TestApp, book_id: i64) -> String {
    let id = format!("book-{book_id}");
    diesel::sql_query(format!(
        "INSERT INTO plans (id, name, kind, trial_days, amount_cents, book_id, active) VALUES ('{id}', 'Meditations (PDF)', 'book', 0, 499, {book_id}, true)"
    ))
    .execute(&mut app.connect())
    .unwrap();
    id
}

fn pdf_text(bytes: &[u8]) -> String {
    assert!(bytes.starts_with(b"%PDF-"), "a PDF");
    pdf_extract::extract_text_from_mem(bytes).expect("a PDF parser reads it")
}

#[actix_web::test]
async fn a_book_bought_as_a_guest_answers_its_pdf_and_its_buyer_may_download_it_again() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let catalogue = app.seed_catalogue();
    let book = catalogue.books["premium-1"];
    let plan = book_plan(app, book);

    let price = result(app.post("/api/charge/price", &json!({"planId": plan}), None).await).await;
    assert_eq!(price["plan"]["purchasable"], true, "{price}");
    let bought = paying.pay(&plan, json!({"email": "buyer@example.com"}), Some(CARD_OK), None).await;
    assert_eq!(bought.status(), StatusCode::OK);
    assert_eq!(bought.headers()["content-type"], "application/pdf");
    assert_eq!(bought.headers()["content-disposition"], "attachment; filename=\"summary.pdf\"");
    let charge_id = bought.headers()["x-charge-id"].to_str().unwrap().to_owned();
    assert!(bought.headers().get("x-infographics-url").is_none(), "no add-on, no infographics link");
    let text = pdf_text(&bought.bytes().await.unwrap());
    for title in ["The first idea of Meditations", "The second idea", "The third idea", "Final summary", "Marcus Aurelius"] {
        assert!(text.contains(title), "{title:?} in {text}");
    }
    assert!(!text.contains("<h3>") && !text.contains("alert("), "tags and scripts never reach the page: {text}");
    assert_eq!(charges(app).len(), 1);
    assert_eq!(charges(app)[0].3, 499);

    // The buyer signs up with the charge: later downloads of that book (only) are theirs.
    let member = app.register("buyer@example.com", PASSWORD).await;
    let refused = app.get(&format!("/api/books/download-pdf/{book}"), Some(&member)).await;
    assert_error(
        refused,
        StatusCode::FORBIDDEN,
        "premium_only",
        "Downloading and sending summaries is part of Premium. Upgrade to get every summary as a PDF or on your Kindle.",
    )
    .await;
    let reader = result(app.get(&format!("/api/books/{book}"), Some(&member)).await).await;
    assert_eq!(reader["book"]["mayDownloadPdf"], false, "not attached yet");
    ok_body(app.post("/api/user/mark-as-paid", &json!({"chargeId": charge_id}), Some(&member)).await, StatusCode::OK).await;
    // The reader now links straight to the download ("Download PDF" first, no offer to buy it).
    let reader = result(app.get(&format!("/api/books/{book}"), Some(&member)).await).await;
    assert_eq!(reader["book"]["mayDownloadPdf"], true);
    let another = result(app.get(&format!("/api/books/{}", catalogue.books["premium-2"]), Some(&member)).await).await;
    assert_eq!(another["book"]["mayDownloadPdf"], false);
    let again = app.get(&format!("/api/books/download-pdf/{book}"), Some(&member)).await;
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(again.headers()["content-disposition"], "attachment; filename=\"premium-1.pdf\"");
    assert_eq!(again.headers()["cache-control"], "no-store");
    assert!(pdf_text(&again.bytes().await.unwrap()).contains("The second idea"));
    let other = app.get(&format!("/api/books/download-pdf/{}", catalogue.books["premium-2"]), Some(&member)).await;
    assert_eq!(other.status(), StatusCode::FORBIDDEN, "another book is not bought");
}

#[actix_web::test]
async fn the_pdf_download_is_for_paid_members_and_refused_to_free_members_and_visitors() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let book = catalogue.books["premium-3"];
    let path = format!("/api/books/download-pdf/{book}");
    assert_eq!(app.get(&path, None).await.status(), StatusCode::UNAUTHORIZED);
    let free = app.register("free@example.com", PASSWORD).await;
    assert_eq!(app.get(&path, Some(&free)).await.status(), StatusCode::FORBIDDEN);
    let paid = app.paid_member("paid@example.com").await;
    let pdf = app.get(&path, Some(&paid)).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    assert!(pdf_text(&pdf.bytes().await.unwrap()).contains("The Wealth of Nations"));
    assert_eq!(app.get("/api/books/download-pdf/premium-3", Some(&paid)).await.status(), StatusCode::OK, "by subid too");
    assert_eq!(app.get("/api/books/download-pdf/999999", Some(&paid)).await.status(), StatusCode::NOT_FOUND);
}

/// The attachment of the newest raw mail to `to`: (file name, bytes).
fn attachment_to(app: &TestApp, to: &str) -> Option<(String, Vec<u8>)> {
    let mut files: Vec<_> =
        std::fs::read_dir(&app.outbox).ok()?.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "eml")).collect();
    files.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
    files.iter().rev().find_map(|path| {
        let raw = std::fs::read_to_string(path).ok()?.replace("\r\n", "\n");
        let (headers, _) = raw.split_once("\n\n")?;
        if !headers.lines().any(|l| l.to_lowercase().starts_with("to:") && l.contains(to)) {
            return None;
        }
        let start = raw.find("Content-Disposition: attachment")?;
        let part = &raw[start..];
        let name = part.split("filename=\"").nth(1)?.split('"').next()?.to_owned();
        let (_, body) = part.split_once("\n\n")?;
        let body = body.split("\n--").next()?;
        Some((name, decode_base64(body)))
    })
}

/// Opens an EPUB as a reading system does: the container names the package, whose spine lists
/// the chapters; returns the package's title and the chapters' text.
fn read_epub(bytes: &[u8]) -> (String, String) {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("an EPUB is a ZIP");
    let mut file = |name: &str| {
        let mut text = String::new();
        archive.by_name(name).unwrap_or_else(|_| panic!("{name} in the EPUB")).read_to_string(&mut text).unwrap();
        text
    };
    assert_eq!(file("mimetype"), "application/epub+zip");
    let container = file("META-INF/container.xml");
    let container = roxmltree::Document::parse(&container).unwrap();
    let package_path = container.descendants().find(|n| n.has_tag_name("rootfile")).and_then(|n| n.attribute("full-path")).unwrap().to_owned();
    let package = file(&package_path);
    let package = roxmltree::Document::parse(&package).unwrap();
    let title = package.descendants().find(|n| n.tag_name().name() == "title").and_then(|n| n.text()).unwrap().to_owned();
    let base = package_path.rsplit_once('/').map(|(dir, _)| format!("{dir}/")).unwrap_or_default();
    let items: std::collections::HashMap<&str, &str> =
        package.descendants().filter(|n| n.has_tag_name("item")).map(|n| (n.attribute("id").unwrap(), n.attribute("href").unwrap())).collect();
    let mut text = String::new();
    for itemref in package.descendants().filter(|n| n.has_tag_name("itemref")) {
        let chapter = file(&format!("{base}{}", items[itemref.attribute("idref").unwrap()]));
        let options = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
        let chapter = roxmltree::Document::parse_with_options(&chapter, options).expect("well-formed XHTML");
        text.extend(chapter.descendants().filter_map(|n| n.text()).map(|t| format!("{t} ")));
    }
    (title, text)
}

#[actix_web::test]
async fn kindle_is_set_and_a_book_sent_as_an_epub_to_paid_members_twenty_times_a_day() {
    let app = spawn_app_with(AppOptions { fixed_clock: true, ..Default::default() }).await;
    let catalogue = app.seed_catalogue();
    let book = catalogue.books["premium-4"];
    let paid = app.paid_member("reader@example.com").await;

    let setting = result(app.get("/kindle/has-kindle", Some(&paid)).await).await;
    assert_eq!(setting["kindleEmail"], Value::Null);
    assert!(setting["domains"].as_array().unwrap().contains(&json!("kindle.com")));
    let send = format!("/api/kindle/send/{book}");
    assert_error(app.post_empty(&send, Some(&paid)).await, StatusCode::BAD_REQUEST, "no_kindle_address", "Please set your Kindle e-mail address first.").await;
    let incomplete = app.post("/kindle/set-kindle", &json!({"kindle_email": " ", "kindle_email_end": "kindle.com"}), Some(&paid)).await;
    assert_error(incomplete, StatusCode::BAD_REQUEST, "invalid_kindle_address", "Please complete the form.").await;
    let foreign = app.post("/kindle/set-kindle", &json!({"kindle_email": "ada", "kindle_email_end": "evil.example"}), Some(&paid)).await;
    assert_eq!(foreign.status(), StatusCode::BAD_REQUEST);
    let set = result(app.post("/api/kindle/set-kindle", &json!({"kindle_email": "Ada.Reads", "kindle_email_end": "kindle.com"}), Some(&paid)).await).await;
    assert_eq!(set["kindleEmail"], "ada.reads@kindle.com");
    assert_eq!(result(app.get("/api/kindle/has-kindle", Some(&paid)).await).await["kindleEmail"], "ada.reads@kindle.com");

    let sent = result(app.post_empty(&send, Some(&paid)).await).await;
    assert_eq!(sent, json!({"sentTo": "ada.reads@kindle.com", "sendsLeftToday": 19}));
    app.wait_for_mails_to("ada.reads@kindle.com", 1).await;
    let (name, epub) = attachment_to(&app, "ada.reads@kindle.com").expect("an attachment");
    assert_eq!(name, "premium-4.epub");
    let (title, text) = read_epub(&epub);
    assert_eq!(title, "The Art of War");
    for heading in ["The first idea of The Art of War", "The second idea", "The third idea"] {
        assert!(text.contains(heading), "{heading:?} in {text}");
    }
    assert!(!text.contains("alert("), "no script text: {text}");

    for left in (0..19).rev() {
        assert_eq!(result(app.post_empty(&send, Some(&paid)).await).await["sendsLeftToday"], left);
    }
    let limited = app.post_empty(&send, Some(&paid)).await;
    assert_error(limited, StatusCode::TOO_MANY_REQUESTS, "too_many_requests", "You have sent 20 summaries to your Kindle today. Please try again tomorrow.")
        .await;
    app.advance(chrono::Duration::hours(25));
    let paid = app.login("reader@example.com", PASSWORD).await;
    assert_eq!(app.post_empty(&send, Some(&paid)).await.status(), StatusCode::OK, "the next day");

    // Free members may keep an address but not send.
    let free = app.register("free@example.com", PASSWORD).await;
    result(app.post("/kindle/set-kindle", &json!({"kindle_email": "free", "kindle_email_end": "kindle.com"}), Some(&free)).await).await;
    assert_eq!(app.post_empty(&send, Some(&free)).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.get("/kindle/has-kindle", None).await.status(), StatusCode::UNAUTHORIZED);

    // Deleting the account erases the Kindle address and its record of sends.
    let mut conn = app.connect();
    assert_eq!(count(&mut conn, "SELECT count(*) FROM kindle_addresses"), 2);
    ok_body(app.post("/api/user/delete", &json!({"why": "Moving on", "how": "Nothing", "password": PASSWORD}), Some(&paid)).await, StatusCode::OK).await;
    assert_eq!(count(&mut conn, "SELECT count(*) FROM kindle_addresses WHERE address = 'ada.reads@kindle.com'"), 0);
    assert_eq!(count(&mut conn, "SELECT count(*) FROM kindle_sends"), 0);
}

#[actix_web::test]
async fn a_book_bought_with_infographics_answers_its_pdf_and_where_to_download_them() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let catalogue = app.seed_catalogue();
    let plan = book_plan(app, catalogue.books["premium-1"]);
    let bought = paying.pay(&plan, json!({"email": "buyer@example.com", "addInfographics": 20}), Some(CARD_OK), None).await;
    assert_eq!(bought.status(), StatusCode::OK);
    assert_eq!(bought.headers()["content-type"], "application/pdf");
    let charge_id = bought.headers()["x-charge-id"].to_str().unwrap().to_owned();
    let url = bought.headers()["x-infographics-url"].to_str().unwrap().to_owned();
    assert_eq!(url, format!("/api/charge/{charge_id}/infographics"));
    assert_eq!(charges(app)[0].3, 499 + 1099);
    let zip = app.get(&url, None).await;
    assert_eq!(zip.status(), StatusCode::OK);
    assert_eq!(zip.headers()["content-type"], "application/zip");
}
