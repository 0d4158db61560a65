//! The referral programme over HTTP: a member's link, a sign-up through it, the figures, and
//! invites with the +1 unlock, their checks and their daily limit.

use crate::common;

use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

async fn refers(app: &TestApp, token: &str) -> Value {
    result(app.get("/api/user/refers", Some(token)).await).await
}

/// The figures without the list of referred members (checked apart).
fn totals(refers: &Value) -> Value {
    let mut totals = refers.clone();
    totals.as_object_mut().unwrap().remove("list");
    totals
}

/// The list's rows without their join times (checked apart).
fn rows(refers: &Value) -> Vec<Value> {
    let list = refers["list"].as_array().unwrap_or_else(|| panic!("a list of referred members: {refers}"));
    list.iter()
        .map(|row| {
            let mut row = row.clone();
            assert!(row.as_object_mut().unwrap().remove("joinedAt").is_some_and(|at| at.as_i64().is_some()), "joinedAt in epoch ms: {row}");
            row
        })
        .collect()
}

fn row(paying: bool) -> Value {
    json!({"paying": paying, "earnedCents": 0, "pendingCents": 0, "status": "none"})
}

fn registration_through(email: &str, referral_id: &str) -> Value {
    let mut body = registration(email, PASSWORD);
    body["rId"] = json!(referral_id);
    body
}

#[actix_web::test]
async fn a_sign_up_through_a_members_link_counts_for_them_once() {
    let app = spawn_app().await;
    let ann = app.register("ann@example.com", PASSWORD).await;

    let signed_out = app.get("/api/user/refers", None).await;
    assert_eq!(error_body(signed_out, StatusCode::UNAUTHORIZED).await["notLoggedIn"], true);

    let mine = refers(&app, &ann).await;
    let referral_id = mine["rId"].as_str().unwrap().to_owned();
    assert_eq!(referral_id.len(), 12);
    assert!(referral_id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()));
    let link = mine["link"].as_str().unwrap();
    assert!(link.starts_with("http") && link.ends_with(&format!("/r/{referral_id}")), "{link}");
    assert_eq!(mine["refers"], json!({"num": 0, "paying": 0, "money": 0, "pendingCents": 0, "availableCents": 0, "list": []}));
    assert_eq!(refers(&app, &ann).await["rId"], referral_id.as_str(), "the id stays");

    // Two friends sign up through the link, one with an unknown id, one with a malformed one.
    for (email, id) in [
        ("bo@example.com", referral_id.as_str()),
        ("cy@example.com", referral_id.as_str()),
        ("dee@example.com", "nobodys-id-1"),
        ("eve@example.com", "'; DROP TABLE users; --"),
    ] {
        let signed_up = result(app.post("/api/user/register", &registration_through(email, id), None).await).await;
        assert_eq!(signed_up["user"]["email"], email, "{signed_up}");
        assert!(signed_up["token"].as_str().is_some_and(|t| !t.is_empty()), "{email} is signed in: {signed_up}");
    }
    let before = chrono::Utc::now().timestamp_millis();
    let figures = refers(&app, &ann).await["refers"].clone();
    assert_eq!(totals(&figures), json!({"num": 2, "paying": 0, "money": 0, "pendingCents": 0, "availableCents": 0}));
    // One row per friend the link brought, the newest first, and nothing that names them.
    assert_eq!(rows(&figures), vec![row(false), row(false)]);
    let joined: Vec<i64> = figures["list"].as_array().unwrap().iter().map(|r| r["joinedAt"].as_i64().unwrap()).collect();
    assert!(joined[0] >= joined[1] && joined[0] <= before && joined[1] > before - 60_000, "{joined:?}");
    let listed = figures["list"].to_string();
    for private in ["bo@", "cy@", "example.com", "Bo", "Cy", "dee@", "eve@"] {
        assert!(!listed.contains(private), "{private} in {listed}");
    }

    // A referred friend with premium counts as paying (here granted as an admin would by hand).
    let mut conn = app.connect();
    diesel::RunQueryDsl::execute(
        diesel::sql_query("UPDATE users SET paid_date = now(), end_paid_date = now() + interval '30 days', plan_id = 'monthly' WHERE email = 'bo@example.com'"),
        &mut conn,
    )
    .unwrap();
    let figures = refers(&app, &ann).await["refers"].clone();
    assert_eq!(totals(&figures), json!({"num": 2, "paying": 1, "money": 0, "pendingCents": 0, "availableCents": 0}));
    assert_eq!(rows(&figures), vec![row(false), row(true)], "Cy (the newer) is free, Bo pays");

    // Nobody else is credited, and a deleted referrer's link stops working.
    let bo = app.login("bo@example.com", PASSWORD).await;
    assert_eq!((refers(&app, &bo).await["refers"]["num"].clone(), refers(&app, &bo).await["refers"]["list"].clone()), (json!(0), json!([])));
    result(app.post("/api/user/delete", &json!({"why": "Busy.", "how": "A friend.", "password": PASSWORD}), Some(&ann)).await).await;
    assert_error(app.get("/api/user/refers", Some(&ann)).await, StatusCode::UNAUTHORIZED, "not_logged_in", "Please log in to continue.").await;
    let late = result(app.post("/api/user/register", &registration_through("fay@example.com", &referral_id), None).await).await;
    assert_eq!(late["user"]["email"], "fay@example.com", "{late}");
    assert_eq!(count(&mut conn, "SELECT count(*) FROM referrals"), 2);
}

#[actix_web::test]
async fn the_first_invite_unlocks_one_more_summary_and_mails_the_link() {
    let app = spawn_app().await;
    let ann = app.register("ann@example.com", PASSWORD).await;
    app.register("member@example.com", PASSWORD).await;
    let link = refers(&app, &ann).await["link"].as_str().unwrap().to_owned();
    let unlocks = |user: Value| user["user"].clone();
    let before = unlocks(result(app.get("/api/user/account", Some(&ann)).await).await);
    assert_eq!(before["friendEmail"], Value::Null);

    // Checks, in the form's order, and refusals that send nothing.
    let invite = |your: &str, friend: &str, email: &str| json!({"yourName": your, "friendName": friend, "friendEmail": email});
    for (body, message) in [
        (invite("", "Bo", "bo@example.com"), "Please enter your name."),
        (invite("Ann", " ", "bo@example.com"), "Please enter your friend's name."),
        (invite("Ann", "Bo", ""), "Please enter your friend's email."),
        (invite("Ann", "Bo", "bo@"), "Please enter a valid email address."),
    ] {
        assert_error(app.post("/api/contact/invite", &body, Some(&ann)).await, StatusCode::BAD_REQUEST, "invalid_form", message).await;
    }
    assert_error(
        app.post("/api/contact/invite", &invite("Ann", "Me", "ANN@example.com"), Some(&ann)).await,
        StatusCode::BAD_REQUEST,
        "inviting_yourself",
        "You cannot invite yourself.",
    )
    .await;
    assert_error(
        app.post("/api/contact/invite", &invite("Ann", "M", "member@example.com"), Some(&ann)).await,
        StatusCode::BAD_REQUEST,
        "already_a_member",
        "Your friend is already a Gistbook member.",
    )
    .await;
    assert_error(
        app.post("/api/contact/invite", &invite("Ann", "Bo", "bo@example.com"), None).await,
        StatusCode::UNAUTHORIZED,
        "not_logged_in",
        "Please log in to continue.",
    )
    .await;
    assert!(app.mails_to("bo@example.com").is_empty());

    let first = result(app.post("/api/contact/invite", &invite("Ann", "Bo", "Bo@Example.com"), Some(&ann)).await).await;
    assert_eq!(first, json!({"friendEmail": "bo@example.com", "firstInvite": true}));
    let mail = app.read_mail_to("bo@example.com").await;
    assert!(mail.contains("Subject: A friend invited you to Gistbook") && mail.contains("Ann reads book summaries") && mail.contains(&link), "{mail}");
    let after = unlocks(result(app.get("/api/user/account", Some(&ann)).await).await);
    assert_eq!(after["friendEmail"], "bo@example.com");

    let second = result(app.post("/api/contact/invite", &invite("Ann", "Cy", "cy@example.com"), Some(&ann)).await).await;
    assert_eq!(second["firstInvite"], false);
    assert_eq!(unlocks(result(app.get("/api/user/account", Some(&ann)).await).await)["friendEmail"], "bo@example.com");
}

#[actix_web::test]
async fn a_member_sends_at_most_twenty_invites_a_day() {
    let app = spawn_app_with(AppOptions { fixed_clock: true, ..AppOptions::default() }).await;
    let ann = app.register("ann@example.com", PASSWORD).await;
    for n in 0..20 {
        let body = json!({"yourName": "Ann", "friendName": "F", "friendEmail": format!("f{n}@example.com")});
        let sent = result(app.post("/api/contact/invite", &body, Some(&ann)).await).await;
        assert_eq!(sent, json!({"friendEmail": format!("f{n}@example.com"), "firstInvite": n == 0}), "invite {n}");
    }
    let body = json!({"yourName": "Ann", "friendName": "F", "friendEmail": "late@example.com"});
    assert_error(
        app.post("/api/contact/invite", &body, Some(&ann)).await,
        StatusCode::TOO_MANY_REQUESTS,
        "throttled",
        "You have sent too many invites today. Please try again tomorrow.",
    )
    .await;
    app.advance(chrono::Duration::hours(25));
    let ann = app.login("ann@example.com", PASSWORD).await;
    let next_day = result(app.post("/api/contact/invite", &body, Some(&ann)).await).await;
    assert_eq!(next_day, json!({"friendEmail": "late@example.com", "firstInvite": false}));
}

#[actix_web::test]
async fn a_sign_up_with_a_subscription_code_through_a_members_link_counts_for_them() {
    let app = spawn_app().await;
    let ann = app.register("ann@example.com", PASSWORD).await;
    let referral_id = refers(&app, &ann).await["rId"].as_str().unwrap().to_owned();
    let code = app.subscription_codes("yearly", Some(365), 1).remove(0);
    let body = json!({
        "username": "cy@example.com", "password": PASSWORD, "firstName": "Cy", "lastName": "Young",
        "code": code, "timezone": "UTC", "rId": referral_id,
    });
    let signed_up = result(app.post("/api/user/subscription-code-register", &body, None).await).await;
    assert_eq!(
        (signed_up["user"]["email"].as_str(), signed_up["user"]["planId"].as_str(), signed_up["user"]["isPaid"].as_bool()),
        (Some("cy@example.com"), Some("yearly"), Some(true)),
        "{signed_up}"
    );
    let figures = refers(&app, &ann).await["refers"].clone();
    assert_eq!(totals(&figures), json!({"num": 1, "paying": 1, "money": 0, "pendingCents": 0, "availableCents": 0}));
    assert_eq!(rows(&figures), vec![row(true)]);
}
