//! The contact, suggest-a-book and feedback forms over HTTP: the spec's texts, storage with the
//! support mail, the honeypot, the per-address limit and the admins-only inbox.

use crate::common;

use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};

const SUPPORT: &str = "support@gistbook.app";

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

async fn inbox(app: &TestApp, token: &str, query: &str) -> Value {
    result(app.get(&format!("/api/admin/messages{query}"), Some(token)).await).await
}

#[actix_web::test]
async fn contact_suggest_and_feedback_reach_support_and_the_inbox() {
    let app = spawn_app().await;
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let member = app.register("reader@example.com", PASSWORD).await;

    // Bad input: the spec's texts, nothing stored.
    let incomplete = app.post("/api/contact", &json!({"name": "Ann", "email": "ann@example.com", "body": "  "}), None).await;
    assert_error(incomplete, StatusCode::BAD_REQUEST, "invalid_form", "Please complete the form.").await;
    let suggest_without_name = app.post("/api/contact", &json!({"email": "ann@example.com", "body": "Deep Work", "kind": "suggest"}), None).await;
    assert_error(suggest_without_name, StatusCode::BAD_REQUEST, "invalid_form", "Please complete the form.").await;
    let feedback_without_email = app.post("/feedback/send", &json!({"feedback": "Nice"}), None).await;
    assert_error(feedback_without_email, StatusCode::BAD_REQUEST, "invalid_form", "Please input the required fields.").await;
    let bad_email = app.post("/api/contact", &json!({"name": "Ann", "email": "ann", "body": "Hi"}), None).await;
    assert_error(bad_email, StatusCode::BAD_REQUEST, "invalid_form", "Please enter a valid email address.").await;
    let unknown_kind = app.post("/api/contact", &json!({"name": "Ann", "email": "ann@example.com", "body": "Hi", "kind": "spam"}), None).await;
    assert_eq!(unknown_kind.status(), StatusCode::BAD_REQUEST);
    assert_eq!(inbox(&app, &admin, "").await["total"], 0);

    // A visitor's contact message, a suggestion, and a member's feedback at both paths.
    result(app.post("/api/contact", &json!({"name": "Ann Lee", "email": "Ann@Example.com", "body": "Where is my receipt?", "website": ""}), None).await).await;
    result(app.post("/api/contact", &json!({"name": "Bo", "email": "bo@example.com", "body": "Please add Deep Work", "kind": "suggest"}), None).await).await;
    result(app.post("/feedback/send", &json!({"feedback": "Love the audio", "email": "reader@example.com"}), Some(&member)).await).await;
    result(app.post("/api/feedback/send", &json!({"feedback": "Dark mode please", "email": "reader@example.com"}), None).await).await;

    let mails = app.wait_for_mails_to(SUPPORT, 4).await;
    assert!(mails.iter().any(|m| m.contains("Contact form: Where is my receipt?") && m.contains("Ann Lee <ann@example.com>")), "{mails:?}");
    assert!(mails.iter().any(|m| m.contains("Book suggestion: Please add Deep Work")));
    assert!(mails.iter().any(|m| m.contains("Feedback: Love the audio") && m.contains("member #")));

    let page = inbox(&app, &admin, "").await;
    assert_eq!((page["total"].as_i64(), page["unread"].as_i64()), (Some(4), Some(4)));
    let kinds: Vec<&str> = page["messages"].as_array().unwrap().iter().map(|m| m["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["feedback", "feedback", "suggest", "contact"], "newest first");
    let contact = &page["messages"][3];
    assert_eq!((contact["name"].as_str(), contact["email"].as_str(), contact["read"].as_bool()), (Some("Ann Lee"), Some("ann@example.com"), Some(false)));

    // Read and unread.
    let id = contact["id"].as_i64().unwrap();
    let read = result(app.put(&format!("/api/admin/messages/{id}"), &json!({"read": true}), Some(&admin)).await).await;
    assert_eq!(read["read"], true);
    let unread = inbox(&app, &admin, "?filter=unread").await;
    assert_eq!((unread["total"].as_i64(), unread["unread"].as_i64(), unread["messages"].as_array().unwrap().len()), (Some(3), Some(3), 3));
    assert!(unread["messages"].as_array().unwrap().iter().all(|m| m["id"] != id));
    assert_eq!(result(app.put(&format!("/api/admin/messages/{id}"), &json!({"read": false}), Some(&admin)).await).await["read"], false);
    // Security III §7: each mark is in the audit log.
    let marks = result(app.get(&format!("/api/admin/audit?entityId={id}"), Some(&admin)).await).await["entries"].clone();
    let actions: Vec<&str> = marks.as_array().unwrap().iter().filter_map(|e| e["action"].as_str()).collect();
    assert_eq!(actions, ["message.marked", "message.marked"], "{marks}");
    assert_error(app.put("/api/admin/messages/999999", &json!({"read": true}), Some(&admin)).await, StatusCode::NOT_FOUND, "not_found", "Message not found.")
        .await;
    assert_eq!(app.get("/api/admin/messages?start=-1", Some(&admin)).await.status(), StatusCode::BAD_REQUEST);

    // Only admins read the inbox.
    app.assert_admins_only(
        &[("GET", "/api/admin/messages".into(), None), ("PUT", format!("/api/admin/messages/{id}"), Some(json!({"read": true})))],
        &admin,
        &member,
    )
    .await;
}

#[actix_web::test]
async fn the_honeypot_and_the_hourly_limit_keep_bots_out() {
    let app = spawn_app().await;
    let admin = app.admin("boss@example.com", PASSWORD).await;

    // A bot fills the hidden field: it is told all went well, and nothing is kept or mailed.
    result(app.post("/api/contact", &json!({"name": "Bot", "email": "bot@example.com", "body": "Cheap pills", "website": "http://spam.example"}), None).await)
        .await;

    // One address sends five messages an hour; the sixth is refused and not stored.
    for n in 0..5 {
        result(app.post("/api/contact", &json!({"name": "Ann", "email": "ann@example.com", "body": format!("Message {n}")}), None).await).await;
    }
    let sixth = app.post("/api/contact", &json!({"name": "Ann", "email": "ann@example.com", "body": "Message 6"}), None).await;
    assert_error(sixth, StatusCode::TOO_MANY_REQUESTS, "throttled", "You have sent too many messages. Please try again in an hour.").await;
    assert_eq!(inbox(&app, &admin, "").await["total"], 5);
    let mails = app.wait_for_mails_to(SUPPORT, 5).await;
    assert!(mails.iter().all(|m| !m.contains("Cheap pills")));
}

#[actix_web::test]
async fn deleting_an_account_deletes_its_messages() {
    let app = spawn_app().await;
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let member = app.register("leaving@example.com", PASSWORD).await;
    result(app.post("/api/feedback/send", &json!({"feedback": "Bye", "email": "leaving@example.com"}), Some(&member)).await).await;
    result(app.post("/api/contact", &json!({"name": "Cy", "email": "cy@example.com", "body": "Hello"}), None).await).await;
    let deleted = app.post("/api/user/delete", &json!({"why": "Too busy.", "how": "A friend.", "password": PASSWORD}), Some(&member)).await;
    assert!(deleted.status().is_success(), "{}", deleted.text().await.unwrap());
    let page = inbox(&app, &admin, "").await;
    assert_eq!(page["total"], 1);
    assert_eq!(page["messages"][0]["email"], "cy@example.com");
}
