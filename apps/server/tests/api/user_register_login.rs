//! POST /api/user/register and POST /api/user/login.

use crate::common;

use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};

const MISSING_REGISTRATION: &str = "Please specify an email or password or first name or last name.";
const MISSING_LOGIN: &str = "Please specify an email or password.";

#[actix_web::test]
async fn register_signs_in_with_a_token_the_user_and_session_cookies() {
    let app = spawn_app().await;

    let response = app.register_response("Ada@Example.com", PASSWORD).await;
    let headers = response.headers().clone();
    let body = ok_body(response, StatusCode::OK).await;

    let result = &body["result"];
    assert!(result["token"].as_str().is_some_and(|t| t.len() > 20), "{body}");
    let user = &result["user"];
    assert!(user["id"].as_i64().is_some_and(|id| id > 0), "{user}");
    assert_eq!(user["email"], "ada@example.com", "e-mails are stored lower-cased");
    assert_eq!(user["firstName"], "Ada");
    assert_eq!(user["lastName"], "Lovelace");
    assert_eq!(user["planId"], Value::Null);
    assert_eq!(user["paidDate"], 0);
    assert_eq!(user["endPaidDate"], Value::Null);
    assert_eq!(user["recommends"], json!([]));
    assert_eq!(user["friendEmail"], Value::Null);
    assert_eq!(user["isPaid"], false);
    assert_eq!(user["isAdmin"], false);
    let fields: Vec<&String> = user.as_object().unwrap().keys().collect();
    assert!(!fields.iter().any(|f| f.to_lowercase().contains("password") || f.to_lowercase().contains("hash")), "no credentials in the user view: {fields:?}");

    let refresh = set_cookie(&headers, "gb_refresh").expect("refresh cookie");
    let attributes = cookie_attributes(&refresh);
    assert!(cookie_value(&refresh).len() >= 32, "{refresh}");
    assert!(attributes.contains(&"httponly".to_owned()), "{refresh}");
    assert!(attributes.contains(&"path=/api/user".to_owned()), "{refresh}");
    assert!(attributes.iter().any(|a| a.starts_with("samesite=")), "{refresh}");
    assert!(attributes.iter().any(|a| a.starts_with("max-age=")), "{refresh}");
    let paid = set_cookie(&headers, "isPaid").expect("isPaid cookie");
    assert_eq!(cookie_value(&paid), "false");
    assert!(!cookie_attributes(&paid).contains(&"httponly".to_owned()), "the page reads isPaid: {paid}");

    // The token works, and the password works for a login.
    let token = result["token"].as_str().unwrap();
    let session = ok_body(app.session(token).await, StatusCode::OK).await;
    assert_eq!(session["result"]["user"]["id"], user["id"]);
    app.login("ada@example.com", PASSWORD).await;
}

#[actix_web::test]
async fn register_requires_every_field_with_the_specs_message() {
    let app = spawn_app().await;
    let full = registration("ada@example.com", PASSWORD);
    for field in ["username", "password", "firstName", "lastName"] {
        for blank in [None, Some(json!("")), Some(json!("   ")), Some(Value::Null)] {
            if field == "password" && blank == Some(json!("   ")) {
                continue; // spaces are a (too short) password, not a missing one
            }
            let mut body = full.clone();
            match &blank {
                None => {
                    body.as_object_mut().unwrap().remove(field);
                }
                Some(value) => body[field] = value.clone(),
            }
            let response = app.post("/api/user/register", &body, None).await;
            assert_error(response, StatusCode::BAD_REQUEST, "missing_fields", MISSING_REGISTRATION).await;
        }
    }
    let response = app.post("/api/user/register", &json!({}), None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "missing_fields", MISSING_REGISTRATION).await;

    let mut conn = app.connect();
    assert_eq!(db::operators::count_users(&mut conn).unwrap(), 0, "nothing is created on bad input");
}

#[actix_web::test]
async fn register_rejects_invalid_emails() {
    let app = spawn_app().await;
    for email in ["not-an-email", "ada@", "@example.com", "ada@example", "ada @example.com", "ada@exa..mple.com"] {
        let response = app.register_response(email, PASSWORD).await;
        assert_error(response, StatusCode::BAD_REQUEST, "invalid_email", "Please specify a valid email address.").await;
    }
    let mut conn = app.connect();
    assert_eq!(db::operators::count_users(&mut conn).unwrap(), 0);
}

#[actix_web::test]
async fn register_accepts_passwords_of_8_to_128_characters_only() {
    let app = spawn_app().await;
    let message = "Password must be between 8 and 128 characters.";
    for password in ["1234567".to_owned(), "x".repeat(129), "é".repeat(129)] {
        let response = app.register_response("ada@example.com", &password).await;
        assert_error(response, StatusCode::BAD_REQUEST, "password_length", message).await;
    }
    let mut conn = app.connect();
    assert_eq!(db::operators::count_users(&mut conn).unwrap(), 0);
    let response = app.login_response("ada@example.com", "1234567").await;
    error_body(response, StatusCode::BAD_REQUEST).await;

    // Both bounds are allowed (characters, not bytes); "12345678" itself is refused as too common.
    app.register("short@example.com", "k9#vq2!m").await;
    app.register("long@example.com", &"é".repeat(128)).await;
    app.login("long@example.com", &"é".repeat(128)).await;
}

#[actix_web::test]
async fn register_rejects_an_email_already_registered_with_409() {
    let app = spawn_app().await;
    app.register("ada@example.com", PASSWORD).await;

    for email in ["ada@example.com", "  ADA@example.COM "] {
        let response = app.register_response(email, "another password").await;
        assert_error(response, StatusCode::CONFLICT, "email_taken", "An account with this email already exists. Please log in instead.").await;
    }
    // The first password still works, the second never took.
    app.login("ada@example.com", PASSWORD).await;
    let response = app.login_response("ada@example.com", "another password").await;
    error_body(response, StatusCode::BAD_REQUEST).await;
    let mut conn = app.connect();
    assert_eq!(db::operators::count_users(&mut conn).unwrap(), 1);
}

#[actix_web::test]
async fn malformed_bodies_answer_a_400_envelope_never_500() {
    let app = spawn_app().await;
    let cases: Vec<(&str, &str, Vec<u8>)> = vec![
        ("/api/user/register", "application/json", b"{\"username\": ".to_vec()),
        ("/api/user/register", "application/json", b"not json at all".to_vec()),
        ("/api/user/register", "application/json", b"".to_vec()),
        ("/api/user/register", "application/json", b"[1, 2, 3]".to_vec()),
        ("/api/user/register", "application/json", b"\"a string\"".to_vec()),
        ("/api/user/register", "application/json", br#"{"username": 5, "password": "correct horse", "firstName": "A", "lastName": "B"}"#.to_vec()),
        ("/api/user/register", "application/json", br#"{"username": "a@b.co", "password": ["x"], "firstName": "A", "lastName": "B"}"#.to_vec()),
        ("/api/user/register", "application/json", br#"{"username": "a@b.co", "password": "correct horse", "firstName": {"x": 1}, "lastName": "B"}"#.to_vec()),
        ("/api/user/register", "text/plain", br#"{"username": "a@b.co", "password": "correct horse", "firstName": "A", "lastName": "B"}"#.to_vec()),
        ("/api/user/register", "application/json", vec![0xff, 0xfe, 0x00]),
        ("/api/user/login", "application/json", b"{".to_vec()),
        ("/api/user/login", "application/json", br#"{"email": true, "password": 12345678}"#.to_vec()),
    ];
    for (path, content_type, body) in cases {
        let shown = String::from_utf8_lossy(&body).into_owned();
        let response = app.post_raw(path, content_type, body).await;
        let body = error_body(response, StatusCode::BAD_REQUEST).await;
        assert_eq!(body["code"], "invalid_request", "{path} {shown}: {body}");
        let error = body["error"].as_str().unwrap();
        assert!(!error.contains("line ") && !error.contains("column"), "no parser noise: {error}");
    }

    // Far too large: refused before it is read.
    let huge = json!({"username": "a@b.co", "password": "x".repeat(100_000), "firstName": "A", "lastName": "B"});
    let response = app.post("/api/user/register", &huge, None).await;
    let status = response.status();
    assert!(status == StatusCode::BAD_REQUEST || status == StatusCode::PAYLOAD_TOO_LARGE, "{status}");
    error_body(response, status).await;

    let mut conn = app.connect();
    assert_eq!(db::operators::count_users(&mut conn).unwrap(), 0, "nothing is created on bad input");
}

#[actix_web::test]
async fn register_rejects_names_over_100_characters() {
    let app = spawn_app().await;
    let mut body = registration("ada@example.com", PASSWORD);
    body["lastName"] = json!("x".repeat(101));
    let response = app.post("/api/user/register", &body, None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "name_too_long", "Names must be at most 100 characters.").await;
    let mut conn = app.connect();
    assert_eq!(db::operators::count_users(&mut conn).unwrap(), 0);
}

#[actix_web::test]
async fn login_signs_in_with_a_token_the_user_and_session_cookies() {
    let app = spawn_app().await;
    let registered = app.register("ada@example.com", PASSWORD).await;

    let response = app.login_response("  ADA@example.com ", PASSWORD).await;
    let headers = response.headers().clone();
    let body = ok_body(response, StatusCode::OK).await;
    let token = body["result"]["token"].as_str().unwrap();
    assert_ne!(token, registered);
    assert_eq!(body["result"]["user"]["email"], "ada@example.com");
    assert_eq!(body["result"]["user"]["isPaid"], false);
    assert_eq!(body["result"]["user"]["isAdmin"], false);
    let refresh = set_cookie(&headers, "gb_refresh").expect("refresh cookie");
    assert!(cookie_attributes(&refresh).contains(&"httponly".to_owned()));
    assert!(cookie_attributes(&refresh).contains(&"path=/api/user".to_owned()));
    assert_eq!(cookie_value(&set_cookie(&headers, "isPaid").expect("isPaid cookie")), "false");

    ok_body(app.session(token).await, StatusCode::OK).await;
}

#[actix_web::test]
async fn login_requires_email_and_password() {
    let app = spawn_app().await;
    for body in [
        json!({}),
        json!({"email": "ada@example.com"}),
        json!({"password": PASSWORD}),
        json!({"email": "", "password": PASSWORD}),
        json!({"email": "   ", "password": PASSWORD}),
        json!({"email": "ada@example.com", "password": ""}),
        json!({"email": null, "password": null}),
    ] {
        let response = app.post("/api/user/login", &body, None).await;
        assert_error(response, StatusCode::BAD_REQUEST, "missing_fields", MISSING_LOGIN).await;
    }
}

#[actix_web::test]
async fn unknown_email_and_wrong_password_answer_identically() {
    let app = spawn_app().await;
    app.register("ada@example.com", PASSWORD).await;

    let wrong_password = app.login_response("ada@example.com", "not the password").await;
    let wrong_status = wrong_password.status();
    let wrong_cookies = set_cookies(wrong_password.headers());
    let wrong_body: Value = wrong_password.json().await.unwrap();

    let unknown = app.login_response("nobody@example.com", "not the password").await;
    let unknown_status = unknown.status();
    let unknown_cookies = set_cookies(unknown.headers());
    let unknown_body: Value = unknown.json().await.unwrap();

    let malformed = app.login_response("not-an-email", "not the password").await;
    let malformed_status = malformed.status();
    let malformed_body: Value = malformed.json().await.unwrap();

    assert_eq!(wrong_status, StatusCode::BAD_REQUEST);
    assert_eq!(wrong_body, json!({"status": "error", "error": "Incorrect email or password.", "code": "invalid_credentials"}));
    assert_eq!(unknown_status, wrong_status);
    assert_eq!(unknown_body, wrong_body);
    assert_eq!(malformed_status, wrong_status);
    assert_eq!(malformed_body, wrong_body);
    assert!(wrong_cookies.is_empty() && unknown_cookies.is_empty(), "no session on failure");
}

fn small_login_policy() -> identity::ThrottlePolicy {
    identity::ThrottlePolicy {
        login_window: chrono::Duration::minutes(15),
        login_failures_per_address: 5,
        login_failures_per_account_address: 3,
        ..Default::default()
    }
}

#[actix_web::test]
async fn repeated_login_failures_for_one_account_are_throttled_until_the_window_passes() {
    let app = spawn_app_with(AppOptions { throttle: Some(small_login_policy()), fixed_clock: true, ..Default::default() }).await;
    app.register("ada@example.com", PASSWORD).await;

    for _ in 0..3 {
        let response = app.login_response("ada@example.com", "wrong password").await;
        assert_error(response, StatusCode::BAD_REQUEST, "invalid_credentials", "Incorrect email or password.").await;
    }
    // Even the right password is refused while throttled, so guessing cannot continue.
    for password in ["wrong password", PASSWORD] {
        let response = app.login_response("ada@example.com", password).await;
        let retry_after = response.headers().get("retry-after").map(|v| v.to_str().unwrap().to_owned());
        assert_error(response, StatusCode::TOO_MANY_REQUESTS, "throttled", "Too many attempts. Please wait a few minutes and try again.").await;
        assert!(retry_after.is_some(), "429 says when to retry");
    }

    // Another account from the same address is still below the per-address limit.
    app.register("grace@example.com", PASSWORD).await;
    app.login("grace@example.com", PASSWORD).await;

    app.advance(chrono::Duration::minutes(16));
    app.login("ada@example.com", PASSWORD).await;
}

#[actix_web::test]
async fn many_login_failures_from_one_address_are_throttled_for_every_account() {
    let app = spawn_app_with(AppOptions { throttle: Some(small_login_policy()), fixed_clock: true, ..Default::default() }).await;
    app.register("ada@example.com", PASSWORD).await;

    // Five failures spread over different (unknown) accounts: the address limit.
    for i in 0..5 {
        let response = app.login_response(&format!("guess{i}@example.com"), "wrong password").await;
        error_body(response, StatusCode::BAD_REQUEST).await;
    }
    let response = app.login_response("ada@example.com", PASSWORD).await;
    assert_error(response, StatusCode::TOO_MANY_REQUESTS, "throttled", "Too many attempts. Please wait a few minutes and try again.").await;

    app.advance(chrono::Duration::minutes(14));
    error_body(app.login_response("ada@example.com", PASSWORD).await, StatusCode::TOO_MANY_REQUESTS).await;
    app.advance(chrono::Duration::minutes(2));
    app.login("ada@example.com", PASSWORD).await;
}

#[actix_web::test]
async fn a_spoofed_forwarded_for_header_does_not_escape_the_throttle() {
    // The server is not configured to trust proxy headers, so the TCP peer is what counts.
    let app = spawn_app_with(AppOptions { throttle: Some(small_login_policy()), ..Default::default() }).await;
    app.register("ada@example.com", PASSWORD).await;
    for i in 0..4 {
        let response = app
            .client
            .post(app.url("/api/user/login"))
            .header("x-forwarded-for", format!("203.0.113.{i}"))
            .json(&json!({"email": "ada@example.com", "password": "wrong password"}))
            .send()
            .await
            .unwrap();
        let status = response.status();
        if i < 3 {
            assert_error(response, StatusCode::BAD_REQUEST, "invalid_credentials", "Incorrect email or password.").await;
        } else {
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "attempt {i}");
            error_body(response, status).await;
        }
    }
}

/// Ten wrong passwords sent at once: the attempts are recorded before any password is checked,
/// so only the five the policy allows are checked and the rest are throttled.
#[actix_web::test]
async fn parallel_wrong_passwords_cannot_slip_under_the_login_limit() {
    let app = spawn_app().await;
    app.register("ada@example.com", PASSWORD).await;
    let attempts = (0..10).map(|n| {
        let client = bare_client();
        let url = app.url("/api/user/login");
        async move {
            let body = json!({"email": "ada@example.com", "password": format!("wrong-password-{n}")});
            client.post(url).json(&body).send().await.unwrap().status()
        }
    });
    let statuses = futures::future::join_all(attempts).await;
    let refused = statuses.iter().filter(|s| **s == StatusCode::BAD_REQUEST).count();
    let throttled = statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!((refused, throttled), (5, 5), "{statuses:?}");
    // The owner, from the same address, is throttled too until the window passes (per pair).
    let response = app.post("/api/user/login", &json!({"email": "ada@example.com", "password": PASSWORD}), None).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
}

/// Sign-ups from one address are limited (with or without a subscription code), so a script
/// cannot mint accounts; a refused sign-up creates nothing.
#[actix_web::test]
async fn sign_ups_from_one_address_are_limited() {
    let policy = identity::ThrottlePolicy { signups_per_address: 2, ..Default::default() };
    let app = spawn_app_with(AppOptions { throttle: Some(policy), ..Default::default() }).await;
    app.register("one@example.com", PASSWORD).await;
    let code = app.subscription_codes("yearly", Some(365), 1).remove(0);
    let body = json!({"code": code, "username": "two@example.com", "password": PASSWORD, "firstName": "T", "lastName": "W"});
    ok_body(app.post("/api/user/subscription-code-register", &body, None).await, StatusCode::OK).await;
    let third = json!({"username": "three@example.com", "password": PASSWORD, "firstName": "T", "lastName": "H"});
    let response = app.post("/api/user/register", &third, None).await;
    assert_error(response, StatusCode::TOO_MANY_REQUESTS, "throttled", "Too many attempts. Please wait a few minutes and try again.").await;
    let login = app.post("/api/user/login", &json!({"email": "three@example.com", "password": PASSWORD}), None).await;
    assert_eq!(login.status(), StatusCode::BAD_REQUEST, "no account was created");
}

/// 'password' and '12345678' are the first guesses of every attacker: refused with a clear
/// message, and no account is made.
#[actix_web::test]
async fn the_most_common_passwords_are_refused_at_sign_up() {
    let app = spawn_app().await;
    for common in ["password", "12345678", "Password1"] {
        let body = json!({"username": "ada@example.com", "password": common, "firstName": "Ada", "lastName": "L"});
        let response = app.post("/api/user/register", &body, None).await;
        assert_error(
            response,
            StatusCode::BAD_REQUEST,
            "common_password",
            "This password is one of the most common ones. Please choose one that is harder to guess.",
        )
        .await;
    }
    app.register("ada@example.com", PASSWORD).await;
}

/// Security III §1: forty wrong passwords for one account from forty loopback addresses. Each
/// address stays under its own limits, so only the per-account delay stops them: after ten
/// failures nothing more is checked until the wait is over, the owner's right password included,
/// and the e-mailed reset link ends the delay.
#[actix_web::test]
async fn password_guesses_spread_over_forty_addresses_are_slowed_down_per_account() {
    let app = spawn_app_with(AppOptions { fixed_clock: true, ..Default::default() }).await;
    app.register("ada@example.com", PASSWORD).await;
    let mut statuses = Vec::new();
    for n in 2..42u8 {
        let from = client_builder().local_address(std::net::IpAddr::from([127, 0, 0, n])).build().unwrap();
        let body = json!({"email": "ada@example.com", "password": format!("wrong-password-{n}")});
        let response = from.post(app.url("/api/user/login")).json(&body).send().await.unwrap();
        statuses.push(response.status());
        if n == 41 {
            let delayed = "Too many wrong attempts for this account. Please try again in 1 second, or reset your password with a link by e-mail.";
            assert_error(response, StatusCode::TOO_MANY_REQUESTS, "account_delayed", delayed).await;
        }
    }
    let refused = statuses.iter().take_while(|s| **s == StatusCode::BAD_REQUEST).count();
    assert_eq!(refused, 10, "{statuses:?}");
    assert!(statuses[10..].iter().all(|s| *s == StatusCode::TOO_MANY_REQUESTS), "{statuses:?}");

    // The owner, from their own address, waits too: nothing tells right from wrong meanwhile.
    error_body(app.login_response("ada@example.com", PASSWORD).await, StatusCode::TOO_MANY_REQUESTS).await;
    // The reset link by e-mail gets them in at once.
    let code = app.request_reset_code("ada@example.com").await;
    let reset = json!({"email": "ada@example.com", "code": code, "password1": "harbor-light-2", "password2": "harbor-light-2"});
    ok_body(app.put("/api/user/reset-password", &reset, None).await, StatusCode::OK).await;
    app.login("ada@example.com", "harbor-light-2").await;
}
