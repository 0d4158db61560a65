//! Two-factor sign-in over HTTP (enrolment, the login's second step, recovery codes, throttling)
//! and the sessions list with per-session sign-out.

use crate::common;

use common::*;
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

const FIREFOX_LINUX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const CHROME_ANDROID: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0 Mobile Safari/537.36";

async fn fixed_clock_app() -> TestApp {
    spawn_app_with(AppOptions { fixed_clock: true, ..AppOptions::default() }).await
}

/// A browser of its own: its cookie store and user agent.
fn browser(user_agent: &str) -> Client {
    common::client_builder().cookie_store(true).user_agent(user_agent).build().unwrap()
}

async fn login_in(app: &TestApp, client: &Client, email: &str) -> Value {
    let response = client.post(app.url("/api/user/login")).json(&json!({"email": email, "password": PASSWORD})).send().await.unwrap();
    ok_body(response, StatusCode::OK).await
}

async fn second_step(app: &TestApp, client: &Client, challenge: &str, code: &str) -> reqwest::Response {
    client.post(app.url("/api/user/login/two-factor")).json(&json!({"challenge": challenge, "code": code})).send().await.unwrap()
}

#[actix_web::test]
async fn a_login_with_two_factor_on_needs_a_code_from_the_app() {
    let app = fixed_clock_app().await;
    let token = app.register("ada@example.com", PASSWORD).await;
    let status = ok_body(app.get("/api/user/two-factor", Some(&token)).await, StatusCode::OK).await;
    assert_eq!(status["result"], json!({"enabled": false, "recoveryCodesLeft": 0}));

    let setup = ok_body(app.post_empty("/api/user/two-factor/setup", Some(&token)).await, StatusCode::OK).await;
    let secret = setup["result"]["secret"].as_str().unwrap().to_owned();
    let url = setup["result"]["otpauthUrl"].as_str().unwrap();
    assert!(url.starts_with("otpauth://totp/Gistbook:ada%40example.com?secret="), "{url}");
    let response = app.post("/api/user/two-factor/enable", &json!({"code": "000000"}), Some(&token)).await;
    assert_error(
        response,
        StatusCode::BAD_REQUEST,
        "invalid_two_factor_code",
        "That code is not right. Please check your authenticator app (or use a recovery code) and try again.",
    )
    .await;
    let enabled = ok_body(app.post("/api/user/two-factor/enable", &json!({"code": app.totp_code(&secret)}), Some(&token)).await, StatusCode::OK).await;
    let recovery: Vec<String> = enabled["result"]["recoveryCodes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_owned()).collect();
    assert_eq!(recovery.len(), 10);
    // Only digests are kept.
    let mut conn = app.connect();
    assert_eq!(count(&mut conn, &format!("SELECT count(*) FROM two_factor_recovery_codes WHERE code_digest = '{}'", recovery[0])), 0);
    assert_eq!(count(&mut conn, "SELECT count(*) FROM two_factor_recovery_codes"), 10);
    app.advance(chrono::Duration::seconds(30));

    // The password alone now gives a challenge, no session and no cookie.
    let phone = browser(CHROME_ANDROID);
    let response = phone.post(app.url("/api/user/login")).json(&json!({"email": "ada@example.com", "password": PASSWORD})).send().await.unwrap();
    assert!(set_cookies(response.headers()).is_empty(), "no cookie before the second step");
    let first = ok_body(response, StatusCode::OK).await;
    assert_eq!(first["result"]["twoFactorRequired"], true);
    assert!(first["result"].get("token").is_none());
    let challenge = first["result"]["challenge"].as_str().unwrap();

    let response = second_step(&app, &phone, challenge, "123456").await;
    assert_error(
        response,
        StatusCode::BAD_REQUEST,
        "invalid_two_factor_code",
        "That code is not right. Please check your authenticator app (or use a recovery code) and try again.",
    )
    .await;
    let code = app.totp_code(&secret);
    let response = second_step(&app, &phone, challenge, &code).await;
    assert!(set_cookie(response.headers(), "gb_refresh").is_some(), "signed in: the refresh cookie is set");
    let signed_in = ok_body(response, StatusCode::OK).await;
    let phone_token = signed_in["result"]["token"].as_str().unwrap();
    assert_eq!(signed_in["result"]["user"]["email"], "ada@example.com");
    ok_body(app.session(phone_token).await, StatusCode::OK).await;

    // The challenge is spent; the same code does not open another login.
    let response = second_step(&app, &phone, challenge, &code).await;
    assert_error(response, StatusCode::UNAUTHORIZED, "login_challenge_expired", "This sign-in has expired. Please log in again.").await;
    let again = login_in(&app, &phone, "ada@example.com").await;
    let again = again["result"]["challenge"].as_str().unwrap();
    let response = second_step(&app, &phone, again, &code).await;
    assert_error(response, StatusCode::BAD_REQUEST, "two_factor_code_used", "This code was just used; wait for the next one.").await;

    // A recovery code works instead, once.
    ok_body(second_step(&app, &phone, again, &recovery[0].to_uppercase()).await, StatusCode::OK).await;
    let third = login_in(&app, &phone, "ada@example.com").await;
    let third = third["result"]["challenge"].as_str().unwrap();
    error_body(second_step(&app, &phone, third, &recovery[0]).await, StatusCode::BAD_REQUEST).await;
    let status = ok_body(app.get("/api/user/two-factor", Some(&token)).await, StatusCode::OK).await;
    assert_eq!(status["result"], json!({"enabled": true, "recoveryCodesLeft": 9}));
}

#[actix_web::test]
async fn guessing_the_second_step_is_throttled() {
    let app = fixed_clock_app().await;
    let token = app.register("ada@example.com", PASSWORD).await;
    let (secret, _) = app.enable_two_factor(&token).await;
    app.advance(chrono::Duration::seconds(30));
    let client = new_client();
    let body = login_in(&app, &client, "ada@example.com").await;
    let challenge = body["result"]["challenge"].as_str().unwrap();
    let wrong: Vec<String> = (0..5).map(|n| format!("{n:06}")).collect();
    let guesses = wrong.iter().map(|code| second_step(&app, &client, challenge, code));
    for response in futures::future::join_all(guesses).await {
        error_body(response, StatusCode::BAD_REQUEST).await;
    }
    let response = second_step(&app, &client, challenge, &app.totp_code(&secret)).await;
    error_body(response, StatusCode::TOO_MANY_REQUESTS).await;
}

#[actix_web::test]
async fn turning_two_factor_off_needs_a_code_and_restores_one_step_logins() {
    let app = fixed_clock_app().await;
    let token = app.register("ada@example.com", PASSWORD).await;
    let (secret, _) = app.enable_two_factor(&token).await;
    app.advance(chrono::Duration::seconds(30));
    let response = app.post("/api/user/two-factor/disable", &json!({"code": "999999"}), Some(&token)).await;
    error_body(response, StatusCode::BAD_REQUEST).await;
    ok_body(app.post("/api/user/two-factor/disable", &json!({"code": app.totp_code(&secret)}), Some(&token)).await, StatusCode::OK).await;
    let body = login_in(&app, &new_client(), "ada@example.com").await;
    assert!(body["result"]["token"].is_string(), "{body}");
}

#[actix_web::test]
async fn members_see_their_sessions_and_sign_one_out() {
    let app = spawn_app().await;
    let laptop = browser(FIREFOX_LINUX);
    let response = laptop.post(app.url("/api/user/register")).json(&registration("ada@example.com", PASSWORD)).send().await.unwrap();
    let laptop_token = ok_body(response, StatusCode::OK).await["result"]["token"].as_str().unwrap().to_owned();
    let phone = browser(CHROME_ANDROID);
    let phone_token = login_in(&app, &phone, "ada@example.com").await["result"]["token"].as_str().unwrap().to_owned();

    let list = |token: String| {
        let app = &app;
        async move { ok_body(app.get("/api/user/sessions", Some(&token)).await, StatusCode::OK).await["result"]["sessions"].clone() }
    };
    let sessions = list(laptop_token.clone()).await;
    let sessions = sessions.as_array().unwrap();
    assert_eq!(sessions.len(), 2, "{sessions:?}");
    let phone_session = sessions.iter().find(|s| s["device"] == "Chrome on Android").expect("the phone");
    let laptop_session = sessions.iter().find(|s| s["device"] == "Firefox on Linux").expect("the laptop");
    assert_eq!(laptop_session["current"], true);
    assert_eq!(phone_session["current"], false);
    assert_eq!(phone_session["address"], "127.0.0.1");
    assert!(phone_session["lastUsedAt"].as_i64().unwrap() >= phone_session["startedAt"].as_i64().unwrap());
    let phone_id = phone_session["id"].as_str().unwrap().to_owned();

    // Another member cannot end it, even knowing its id; made-up ids are "not found".
    let stranger = new_client().post(app.url("/api/user/register")).json(&registration("grace@example.com", PASSWORD)).send().await.unwrap();
    let stranger = ok_body(stranger, StatusCode::OK).await["result"]["token"].as_str().unwrap().to_owned();
    let delete = |id: String, token: String| {
        let app = &app;
        async move { app.client.delete(app.url(&format!("/api/user/sessions/{id}"))).bearer_auth(token).send().await.unwrap() }
    };
    assert_error(delete(phone_id.clone(), stranger).await, StatusCode::NOT_FOUND, "session_not_found", "This session has already ended.").await;
    error_body(delete("not-a-session".into(), laptop_token.clone()).await, StatusCode::NOT_FOUND).await;
    ok_body(app.session(&phone_token).await, StatusCode::OK).await;

    ok_body(delete(phone_id, laptop_token.clone()).await, StatusCode::OK).await;
    error_body(app.session(&phone_token).await, StatusCode::UNAUTHORIZED).await;
    let refreshed = phone.post(app.url("/api/user/refresh-token")).send().await.unwrap();
    error_body(refreshed, StatusCode::UNAUTHORIZED).await;
    let left = list(laptop_token.clone()).await;
    assert_eq!(left.as_array().unwrap().len(), 1);
    ok_body(app.session(&laptop_token).await, StatusCode::OK).await;
}

/// Security III §4: the back office asks the session, not the account. Turning two-factor on ends
/// the admin's password-only sessions elsewhere; a session that never passed it (as older
/// versions left them) is refused with `mfa_session_required`.
#[actix_web::test]
async fn turning_two_factor_on_ends_password_only_sessions_and_the_back_office_asks_the_session() {
    let app = spawn_app().await;
    let laptop = app.register("ada@example.com", PASSWORD).await;
    app.make_admin("ada@example.com");
    let phone = app.login("ada@example.com", PASSWORD).await;
    app.enable_two_factor(&laptop).await;
    assert_eq!(app.get("/api/admin/user/0", Some(&phone)).await.status(), StatusCode::UNAUTHORIZED, "the phone's session ended");
    ok_body(app.get("/api/admin/user/0", Some(&laptop)).await, StatusCode::OK).await;

    common::count(&mut app.connect(), "WITH gone AS (DELETE FROM session_second_factor RETURNING 1) SELECT count(*) FROM gone");
    let refused = app.get("/api/admin/user/0", Some(&laptop)).await;
    assert_error(
        refused,
        StatusCode::FORBIDDEN,
        "mfa_session_required",
        "This session signed in without your two-factor code. Please log out and log in again with it to use the back office.",
    )
    .await;
}

/// Security III §6: the database keeps the authenticator secret sealed (a dump does not hand out
/// the second factor), and sign-in with a code still works.
#[actix_web::test]
async fn the_authenticator_secret_is_sealed_in_the_database() {
    use diesel::prelude::*;
    let app = fixed_clock_app().await;
    let token = app.register("ada@example.com", PASSWORD).await;
    let (secret, _) = app.enable_two_factor(&token).await;
    let stored: String = db::schema::two_factor::table.select(db::schema::two_factor::secret).first(&mut app.connect()).unwrap();
    assert!(stored.starts_with("sealed1:") && !stored.contains(&secret), "{stored}");
    app.advance(chrono::Duration::seconds(30));
    let client = browser("Test");
    let challenge = login_in(&app, &client, "ada@example.com").await["result"]["challenge"].as_str().unwrap().to_owned();
    ok_body(second_step(&app, &client, &challenge, &app.totp_code(&secret)).await, StatusCode::OK).await;
}
