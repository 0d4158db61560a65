//! PUT /api/user/forgot-password and PUT /api/user/reset-password.

use crate::common;

use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};

const NEW_PASSWORD: &str = "a brand new password";
const INVALID_CODE: &str = "This password reset link is invalid or has expired. Please request a new one.";

fn reset_body(email: &str, code: &str, password1: &str, password2: &str) -> Value {
    json!({"email": email, "code": code, "password1": password1, "password2": password2})
}

#[actix_web::test]
async fn forgot_password_answers_the_same_for_known_and_unknown_emails_and_mails_only_the_known() {
    let app = spawn_app().await;
    app.register("ada@example.com", PASSWORD).await;

    let known = app.put("/api/user/forgot-password", &json!({"email": "ADA@example.com"}), None).await;
    let known_status = known.status();
    let known_body: Value = known.json().await.unwrap();
    let unknown = app.put("/api/user/forgot-password", &json!({"email": "nobody@example.com"}), None).await;
    let unknown_status = unknown.status();
    let unknown_body: Value = unknown.json().await.unwrap();
    assert_eq!(known_status, StatusCode::OK);
    assert_eq!(known_body, json!({"status": "ok", "result": {}}));
    assert_eq!(unknown_status, known_status);
    assert_eq!(unknown_body, known_body);

    let mail = app.read_mail_to("ada@example.com").await;
    assert!(mail.contains("Subject: Reset your Gistbook password"), "{mail}");
    assert!(mail.contains("Hello Ada"), "{mail}");
    let link = reset_link_from_mail(&mail);
    assert!(link.starts_with("http://127.0.0.1:4000/reset-password/ada%40example.com/"), "the link uses the public URL and the front end's route: {link}");
    let code = reset_code_from_mail(&mail);
    assert_eq!(code.len(), 32, "{link}");
    assert!(code.chars().all(|c| c.is_ascii_alphanumeric()), "{link}");

    // Only the code's digest is stored; nothing went to the unknown address.
    let mut conn = app.connect();
    assert_eq!(count(&mut conn, &format!("SELECT count(*) AS count FROM password_reset_codes WHERE code_digest = '{code}'")), 0);
    assert_eq!(count(&mut conn, "SELECT count(*) AS count FROM password_reset_codes"), 1);
    assert_eq!(count(&mut conn, "SELECT count(*) AS count FROM mail_outbox WHERE subject LIKE 'Reset%'"), 1);
    assert!(app.mails_to("nobody@example.com").is_empty());
}

#[actix_web::test]
async fn forgot_password_needs_a_valid_email() {
    let app = spawn_app().await;
    for body in [json!({}), json!({"email": ""}), json!({"email": "  "})] {
        let response = app.put("/api/user/forgot-password", &body, None).await;
        assert_error(response, StatusCode::BAD_REQUEST, "missing_fields", "Please specify Email.").await;
    }
    let response = app.put("/api/user/forgot-password", &json!({"email": "not-an-email"}), None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_email", "Please specify a valid email address.").await;
    let response = app.post_raw("/api/user/forgot-password", "application/json", "{").await;
    // POST is not the method: an unknown call, not a crash.
    error_body(response, StatusCode::NOT_FOUND).await;
    let response = app.client.put(app.url("/api/user/forgot-password")).header("content-type", "application/json").body("{\"email\": ").send().await.unwrap();
    let body = error_body(response, StatusCode::BAD_REQUEST).await;
    assert_eq!(body["code"], "invalid_request");
}

#[actix_web::test]
async fn reset_password_checks_that_the_two_passwords_match() {
    let app = spawn_app().await;
    app.register("ada@example.com", PASSWORD).await;
    let code = app.request_reset_code("ada@example.com").await;

    let response = app.put("/api/user/reset-password", &reset_body("ada@example.com", &code, NEW_PASSWORD, "something else"), None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "passwords_differ", "The two passwords do not match.").await;
    let response = app.put("/api/user/reset-password", &reset_body("ada@example.com", &code, "", ""), None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "missing_fields", "Please specify New Password.").await;
    let response = app.put("/api/user/reset-password", &reset_body("ada@example.com", &code, NEW_PASSWORD, ""), None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "missing_fields", "Please specify Confirm New Password.").await;
    let response = app.put("/api/user/reset-password", &reset_body("ada@example.com", &code, "short", "short"), None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "password_length", "Password must be between 8 and 128 characters.").await;

    // None of that used the code up, and the password is unchanged.
    app.login("ada@example.com", PASSWORD).await;
    let response = app.put("/api/user/reset-password", &reset_body("ada@example.com", &code, NEW_PASSWORD, NEW_PASSWORD), None).await;
    ok_body(response, StatusCode::OK).await;
}

#[actix_web::test]
async fn reset_password_with_a_bad_code_or_email_fails_the_same_way() {
    let app = spawn_app().await;
    app.register("ada@example.com", PASSWORD).await;
    app.register("grace@example.com", PASSWORD).await;
    let code = app.request_reset_code("ada@example.com").await;

    let wrong_code = "A".repeat(32);
    let cases = [
        reset_body("ada@example.com", &wrong_code, NEW_PASSWORD, NEW_PASSWORD),
        reset_body("ada@example.com", "", NEW_PASSWORD, NEW_PASSWORD),
        reset_body("grace@example.com", &code, NEW_PASSWORD, NEW_PASSWORD),
        reset_body("nobody@example.com", &code, NEW_PASSWORD, NEW_PASSWORD),
        reset_body("not-an-email", &code, NEW_PASSWORD, NEW_PASSWORD),
        json!({"code": code, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}),
    ];
    for body in cases {
        let response = app.put("/api/user/reset-password", &body, None).await;
        assert_error(response, StatusCode::BAD_REQUEST, "invalid_reset_code", INVALID_CODE).await;
    }
    app.login("ada@example.com", PASSWORD).await;
    app.login("grace@example.com", PASSWORD).await;
}

#[actix_web::test]
async fn a_good_reset_changes_the_password_revokes_sessions_and_cannot_be_reused() {
    let app = spawn_app().await;
    let response = app.register_response("ada@example.com", PASSWORD).await;
    let refresh_cookie = refresh_cookie_of(response.headers());
    let access_token = ok_body(response, StatusCode::OK).await["result"]["token"].as_str().unwrap().to_owned();
    let code = app.request_reset_code("ada@example.com").await;

    let response = app.put("/api/user/reset-password", &reset_body("ada@example.com", &code, NEW_PASSWORD, NEW_PASSWORD), None).await;
    let body = ok_body(response, StatusCode::OK).await;
    assert_eq!(body["result"], json!({}));

    let response = app.login_response("ada@example.com", PASSWORD).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_credentials", "Incorrect email or password.").await;
    app.login("ada@example.com", NEW_PASSWORD).await;

    let response = app.refresh_with_cookie(&refresh_cookie).await;
    assert_error(response, StatusCode::UNAUTHORIZED, "session_expired", "Your session has expired. Please log in again.").await;
    assert_eq!(app.session(&access_token).await.status(), StatusCode::UNAUTHORIZED, "access tokens from before the reset end at once");

    let response = app.put("/api/user/reset-password", &reset_body("ada@example.com", &code, "yet another password", "yet another password"), None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_reset_code", INVALID_CODE).await;
    app.login("ada@example.com", NEW_PASSWORD).await;
}

#[actix_web::test]
async fn a_reset_kills_the_other_outstanding_codes() {
    let app = spawn_app().await;
    app.register("ada@example.com", PASSWORD).await;
    let first = app.request_reset_code("ada@example.com").await;
    let second = app.request_reset_code("ada@example.com").await;
    assert_ne!(first, second);

    let response = app.put("/api/user/reset-password", &reset_body("ada@example.com", &second, NEW_PASSWORD, NEW_PASSWORD), None).await;
    ok_body(response, StatusCode::OK).await;
    let response = app.put("/api/user/reset-password", &reset_body("ada@example.com", &first, "other password!", "other password!"), None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_reset_code", INVALID_CODE).await;
    app.login("ada@example.com", NEW_PASSWORD).await;
}

#[actix_web::test]
async fn a_reset_code_expires_after_one_hour() {
    let app = spawn_app_with(AppOptions { fixed_clock: true, ..Default::default() }).await;
    app.register("ada@example.com", PASSWORD).await;
    let response = app.put("/api/user/forgot-password", &json!({"email": "ada@example.com"}), None).await;
    ok_body(response, StatusCode::OK).await;
    app.advance(chrono::Duration::minutes(61));
    // (The mail worker sends what is due by the app's clock.)
    let code = reset_code_from_mail(&app.read_mail_to("ada@example.com").await);

    let response = app.put("/api/user/reset-password", &reset_body("ada@example.com", &code, NEW_PASSWORD, NEW_PASSWORD), None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_reset_code", INVALID_CODE).await;
    app.login("ada@example.com", PASSWORD).await;
}

#[actix_web::test]
async fn the_reset_mail_is_sent_promptly_when_the_app_runs_on_its_own_clock() {
    // The mail is queued with the database's now() but sent when due by the app's clock.
    let app = spawn_app_with(AppOptions { fixed_clock: true, ..Default::default() }).await;
    app.register("ada@example.com", PASSWORD).await;
    let response = app.put("/api/user/forgot-password", &json!({"email": "ada@example.com"}), None).await;
    ok_body(response, StatusCode::OK).await;
    let mail = app.read_mail_to("ada@example.com").await;
    assert!(mail.contains("/reset-password/"), "{mail}");
}

#[actix_web::test]
async fn forgot_password_is_throttled_per_account_and_per_address() {
    let policy =
        identity::ThrottlePolicy { forgot_window: chrono::Duration::hours(1), forgot_per_address: 4, forgot_per_account_address: 2, ..Default::default() };
    let app = spawn_app_with(AppOptions { throttle: Some(policy), fixed_clock: true, ..Default::default() }).await;
    app.register("ada@example.com", PASSWORD).await;
    let throttled = "Too many attempts. Please wait a few minutes and try again.";

    for _ in 0..2 {
        ok_body(app.put("/api/user/forgot-password", &json!({"email": "ada@example.com"}), None).await, StatusCode::OK).await;
    }
    let response = app.put("/api/user/forgot-password", &json!({"email": "ada@example.com"}), None).await;
    assert!(response.headers().contains_key("retry-after"));
    assert_error(response, StatusCode::TOO_MANY_REQUESTS, "throttled", throttled).await;

    // Unknown accounts count against the address too, and answer the same.
    for _ in 0..2 {
        let response = app.put("/api/user/forgot-password", &json!({"email": "nobody@example.com"}), None).await;
        ok_body(response, StatusCode::OK).await;
    }
    let response = app.put("/api/user/forgot-password", &json!({"email": "grace@example.com"}), None).await;
    assert_error(response, StatusCode::TOO_MANY_REQUESTS, "throttled", throttled).await;

    app.advance(chrono::Duration::minutes(61));
    ok_body(app.put("/api/user/forgot-password", &json!({"email": "ada@example.com"}), None).await, StatusCode::OK).await;
}
