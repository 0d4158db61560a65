//! Access tokens (session, account), refresh-token rotation and reuse detection, logout, expiry and
//! signing-key rotation.

use crate::common;

use common::*;
use reqwest::StatusCode;
use serde_json::json;
use std::time::{Duration, Instant};

const NOT_LOGGED_IN: &str = "Please log in to continue.";
const SESSION_EXPIRED: &str = "Your session has expired. Please log in again.";

/// Asserts a 200 answer to `GET /api/user/session` naming this member.
async fn assert_session_of(app: &TestApp, token: &str, email: &str) {
    let body = ok_body(app.session(token).await, StatusCode::OK).await;
    assert_eq!(body["result"]["user"]["email"], email, "{body}");
}

/// Logs `email` in on `app` until the access token names the signing key `key_id` (the running
/// server looks for a rotation before signing, at most every 2 s); that token.
async fn login_until_signed_by(app: &TestApp, email: &str, key_id: u32) -> String {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let token = app.login(email, PASSWORD).await;
        if token_key_id(&token) == Some(key_id) {
            return token;
        }
        assert!(Instant::now() < deadline, "20 s after the rotation, new tokens still name key {:?}, not key {key_id}", token_key_id(&token));
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
}

#[actix_web::test]
async fn session_and_account_return_the_user_for_a_valid_token() {
    let app = spawn_app().await;
    let token = app.register("ada@example.com", PASSWORD).await;

    for path in ["/api/user/session", "/api/user/account"] {
        let response = app.get(path, Some(&token)).await;
        let paid = set_cookie(response.headers(), "isPaid").map(|c| cookie_value(&c));
        let body = ok_body(response, StatusCode::OK).await;
        let user = &body["result"]["user"];
        assert_eq!(user["email"], "ada@example.com", "{path}");
        assert_eq!(user["firstName"], "Ada");
        assert_eq!(user["lastName"], "Lovelace");
        assert_eq!(user["isPaid"], false);
        assert_eq!(user["isAdmin"], false);
        assert_eq!(user["paidDate"], 0);
        assert_eq!(paid.as_deref(), Some("false"), "{path} refreshes the isPaid hint");
    }
}

#[actix_web::test]
async fn session_and_account_without_a_valid_token_answer_401_not_logged_in() {
    let app = spawn_app().await;
    let token = app.register("ada@example.com", PASSWORD).await;
    let mut tampered = token.clone();
    let middle = tampered.len() / 2;
    let replacement = if &tampered[middle..middle + 1] == "A" { "B" } else { "A" };
    tampered.replace_range(middle..middle + 1, replacement);

    for path in ["/api/user/session", "/api/user/account"] {
        let response = app.get(path, None).await;
        assert_error(response, StatusCode::UNAUTHORIZED, "not_logged_in", NOT_LOGGED_IN).await;
        for bad in ["garbage", "Bearer", "", "eyJhbGciOiJIUzI1NiJ9.e30.x", tampered.as_str()] {
            let response = bare_client().get(app.url(path)).header(reqwest::header::AUTHORIZATION, format!("Bearer {bad}")).send().await.unwrap();
            assert_error(response, StatusCode::UNAUTHORIZED, "not_logged_in", NOT_LOGGED_IN).await;
        }
        // The token in another scheme is not a bearer token.
        let response = bare_client().get(app.url(path)).header(reqwest::header::AUTHORIZATION, format!("Basic {token}")).send().await.unwrap();
        assert_error(response, StatusCode::UNAUTHORIZED, "not_logged_in", NOT_LOGGED_IN).await;
    }
}

#[actix_web::test]
async fn a_token_signed_by_another_server_is_refused() {
    let app = spawn_app().await;
    let other = spawn_app().await;
    let foreign = other.register("ada@example.com", PASSWORD).await;
    app.register("ada@example.com", PASSWORD).await;
    let response = app.session(&foreign).await;
    assert_error(response, StatusCode::UNAUTHORIZED, "not_logged_in", NOT_LOGGED_IN).await;
}

#[actix_web::test]
async fn an_access_token_expires_after_one_hour() {
    let app = spawn_app_with(AppOptions { fixed_clock: true, ..Default::default() }).await;
    let token = app.register("ada@example.com", PASSWORD).await;

    app.advance(chrono::Duration::minutes(59));
    ok_body(app.session(&token).await, StatusCode::OK).await;

    app.advance(chrono::Duration::minutes(2));
    for path in ["/api/user/session", "/api/user/account"] {
        let response = app.get(path, Some(&token)).await;
        assert_error(response, StatusCode::UNAUTHORIZED, "not_logged_in", NOT_LOGGED_IN).await;
    }

    // The refresh cookie (30 days) still gets a fresh token.
    let body = ok_body(app.refresh().await, StatusCode::OK).await;
    let fresh = body["result"]["token"].as_str().unwrap();
    ok_body(app.session(fresh).await, StatusCode::OK).await;
}

#[actix_web::test]
async fn a_refresh_token_expires_after_thirty_days() {
    let app = spawn_app_with(AppOptions { fixed_clock: true, ..Default::default() }).await;
    app.register("ada@example.com", PASSWORD).await;
    app.advance(chrono::Duration::days(30) + chrono::Duration::minutes(1));
    let response = app.refresh().await;
    assert_error(response, StatusCode::UNAUTHORIZED, "session_expired", SESSION_EXPIRED).await;
}

#[actix_web::test]
async fn refresh_returns_a_new_token_and_rotates_the_cookie() {
    let app = spawn_app().await;
    let response = app.register_response("ada@example.com", PASSWORD).await;
    let first_cookie = refresh_cookie_of(response.headers());
    let first_token = ok_body(response, StatusCode::OK).await["result"]["token"].as_str().unwrap().to_owned();

    let response = app.refresh().await;
    let headers = response.headers().clone();
    let body = ok_body(response, StatusCode::OK).await;
    let token = body["result"]["token"].as_str().expect("result.token");
    assert_ne!(token, first_token);
    let session = ok_body(app.session(token).await, StatusCode::OK).await;
    assert_eq!(session["result"]["user"]["email"], "ada@example.com");

    let rotated = set_cookie(&headers, "gb_refresh").expect("the refresh cookie is replaced");
    assert_ne!(cookie_value(&rotated), first_cookie);
    assert!(cookie_attributes(&rotated).contains(&"httponly".to_owned()));
    assert!(cookie_attributes(&rotated).contains(&"path=/api/user".to_owned()));
    assert_eq!(cookie_value(&set_cookie(&headers, "isPaid").expect("isPaid cookie")), "false");

    // The client's cookie store now holds the rotated cookie, which works once more.
    let again = ok_body(app.refresh().await, StatusCode::OK).await;
    assert!(again["result"]["token"].is_string());

    // Only digests are stored.
    let mut conn = app.connect();
    let stored = count(&mut conn, &format!("SELECT count(*) AS count FROM refresh_tokens WHERE token_digest = '{first_cookie}'"));
    assert_eq!(stored, 0, "the raw refresh token is not stored");
}

#[actix_web::test]
async fn reusing_a_refresh_token_revokes_its_whole_family() {
    let app = spawn_app().await;
    let response = app.register_response("ada@example.com", PASSWORD).await;
    let first = refresh_cookie_of(response.headers());
    let access_token = ok_body(response, StatusCode::OK).await["result"]["token"].as_str().unwrap().to_owned();

    let response = app.refresh_with_cookie(&first).await;
    let second = refresh_cookie_of(response.headers());
    ok_body(response, StatusCode::OK).await;
    let response = app.refresh_with_cookie(&second).await;
    let newest = refresh_cookie_of(response.headers());
    ok_body(response, StatusCode::OK).await;

    // A replay of the first cookie: refused, and the cookies are cleared.
    let response = app.refresh_with_cookie(&first).await;
    let cleared = set_cookie(response.headers(), "gb_refresh").expect("the refresh cookie is cleared");
    assert!(cookie_value(&cleared).is_empty(), "{cleared}");
    assert!(cookie_attributes(&cleared).contains(&"path=/api/user".to_owned()), "clears the right cookie: {cleared}");
    assert_error(response, StatusCode::UNAUTHORIZED, "session_expired", SESSION_EXPIRED).await;

    // The thief's (or owner's) newest cookie is dead too, and so are the family's access tokens.
    let response = app.refresh_with_cookie(&newest).await;
    assert_error(response, StatusCode::UNAUTHORIZED, "session_expired", SESSION_EXPIRED).await;
    assert_error(app.session(&access_token).await, StatusCode::UNAUTHORIZED, "session_expired", SESSION_EXPIRED).await;

    // Another sign-in of the same user (another family) is untouched.
    let response = app.login_response("ada@example.com", PASSWORD).await;
    let other_device = refresh_cookie_of(response.headers());
    ok_body(response, StatusCode::OK).await;
    ok_body(app.refresh_with_cookie(&other_device).await, StatusCode::OK).await;
}

#[actix_web::test]
async fn refresh_without_or_with_an_unknown_cookie_answers_401() {
    let app = spawn_app().await;
    let response = bare_client().post(app.url("/api/user/refresh-token")).send().await.unwrap();
    assert_error(response, StatusCode::UNAUTHORIZED, "session_expired", SESSION_EXPIRED).await;
    for cookie in ["", "made-up", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"] {
        let response = app.refresh_with_cookie(cookie).await;
        assert_error(response, StatusCode::UNAUTHORIZED, "session_expired", SESSION_EXPIRED).await;
    }
    // The access token is not a refresh token.
    let token = app.register("ada@example.com", PASSWORD).await;
    let response = bare_client().post(app.url("/api/user/refresh-token")).bearer_auth(&token).send().await.unwrap();
    assert_error(response, StatusCode::UNAUTHORIZED, "session_expired", SESSION_EXPIRED).await;
}

#[actix_web::test]
async fn logout_ends_this_session_at_once_and_sign_out_everywhere_ends_the_others() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let response = app.register_response("ada@example.com", PASSWORD).await;
    let cookie = refresh_cookie_of(response.headers());
    let token = ok_body(response, StatusCode::OK).await["result"]["token"].as_str().unwrap().to_owned();
    // A second device.
    let response = bare_client().post(app.url("/api/user/login")).json(&json!({"email": "ada@example.com", "password": PASSWORD})).send().await.unwrap();
    let other_device = refresh_cookie_of(response.headers());
    let other_token = ok_body(response, StatusCode::OK).await["result"]["token"].as_str().unwrap().to_owned();

    let response = app.post_empty("/api/user/logout", Some(&token)).await;
    let cleared = set_cookie(response.headers(), "gb_refresh").expect("the refresh cookie is cleared");
    assert!(cookie_value(&cleared).is_empty(), "{cleared}");
    let body = ok_body(response, StatusCode::OK).await;
    assert_eq!(body["result"], json!({}));

    // This session is over, its access token included, at once; the other device is not.
    let response = app.refresh_with_cookie(&cookie).await;
    assert_error(response, StatusCode::UNAUTHORIZED, "session_expired", SESSION_EXPIRED).await;
    // The ended session's token is refused by the session call and by the member app's calls.
    for path in ["/api/user/session", "/api/library"] {
        assert_error(app.get(path, Some(&token)).await, StatusCode::UNAUTHORIZED, "session_expired", SESSION_EXPIRED).await;
    }
    // An ended session writes nothing.
    let write = app.post("/api/library", &json!({"bookId": "free-book"}), Some(&token)).await;
    assert_error(write, StatusCode::UNAUTHORIZED, "session_expired", SESSION_EXPIRED).await;
    assert_session_of(&app, &other_token, "ada@example.com").await;
    let library = ok_body(app.get("/api/library", Some(&other_token)).await, StatusCode::OK).await;
    assert_eq!(library["result"]["books"], json!([]), "the ended session added nothing: {library}");

    // Sign out everywhere ends the other device too.
    let response = app.post_empty("/api/user/logout-everywhere", Some(&other_token)).await;
    ok_body(response, StatusCode::OK).await;
    assert_error(app.session(&other_token).await, StatusCode::UNAUTHORIZED, "session_expired", SESSION_EXPIRED).await;
    let response = app.refresh_with_cookie(&other_device).await;
    assert_error(response, StatusCode::UNAUTHORIZED, "session_expired", SESSION_EXPIRED).await;
    let response = app.refresh().await;
    error_body(response, StatusCode::UNAUTHORIZED).await;
}

#[actix_web::test]
async fn logout_with_only_the_cookie_revokes_too_and_logout_always_succeeds() {
    let app = spawn_app().await;
    let response = app.register_response("ada@example.com", PASSWORD).await;
    let cookie = refresh_cookie_of(response.headers());
    ok_body(response, StatusCode::OK).await;

    // No bearer token: the cookie identifies the sign-in (an expired access token is common).
    let response = app.post_empty("/api/user/logout", None).await;
    ok_body(response, StatusCode::OK).await;
    let response = app.refresh_with_cookie(&cookie).await;
    assert_error(response, StatusCode::UNAUTHORIZED, "session_expired", SESSION_EXPIRED).await;

    // Signed out already, or a garbage token: still fine.
    ok_body(bare_client().post(app.url("/api/user/logout")).send().await.unwrap(), StatusCode::OK).await;
    let response = bare_client().post(app.url("/api/user/logout")).bearer_auth("garbage").send().await.unwrap();
    ok_body(response, StatusCode::OK).await;
}

/// Issue 38: a signed-out browser is told to delete this site's storage (`Clear-Site-Data:
/// "storage"`), but not a Chromium one, which can hold that answer for many seconds
/// (crbug.com/40233601); there the page's own clearing does it (docs/offline.md).
#[actix_web::test]
async fn signing_out_tells_the_browser_to_clear_the_sites_storage_except_chromium() {
    const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
    const SAFARI: &str =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
    const CHROME_ON_IOS: &str =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1";
    const CHROME: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    const EDGE: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";
    let app = spawn_app().await;
    for (agent, clears) in [(FIREFOX, true), (SAFARI, true), (CHROME_ON_IOS, true), (CHROME, false), (EDGE, false)] {
        let response = bare_client().post(app.url("/api/user/logout")).header("User-Agent", agent).send().await.unwrap();
        let header = response.headers().get("clear-site-data").map(|v| v.to_str().unwrap().to_owned());
        assert_eq!(header.as_deref(), clears.then_some("\"storage\""), "{agent}");
        ok_body(response, StatusCode::OK).await;
    }
    // Signing out everywhere ends this browser's session too.
    let token = app.register("ada@example.com", PASSWORD).await;
    let response = app.client.post(app.url("/api/user/logout-everywhere")).bearer_auth(&token).header("User-Agent", FIREFOX).send().await.unwrap();
    assert_eq!(response.headers().get("clear-site-data").map(|v| v.to_str().unwrap()), Some("\"storage\""));
    ok_body(response, StatusCode::OK).await;
    // Anything else answers without it.
    let plans = bare_client().get(app.url("/api/plans")).header("User-Agent", FIREFOX).send().await.unwrap();
    assert!(plans.headers().get("clear-site-data").is_none());
}

#[actix_web::test]
async fn tokens_survive_a_key_rotation_and_new_tokens_use_the_new_key() {
    let app = spawn_app().await;
    app.register("ada@example.com", PASSWORD).await;
    let token_a = app.login("ada@example.com", PASSWORD).await;
    assert_eq!(token_key_id(&token_a), Some(1), "the first key signs");

    // What `cargo xtask rotate-keys` does to the shared keyring while the server runs.
    assert_eq!(app.rotate_signing_keys(), 2);

    // The running server looks for a rotation before signing, at most every 2 s.
    let token_b = login_until_signed_by(&app, "ada@example.com", 2).await;
    assert_ne!(token_a, token_b);
    assert_eq!(token_key_id(&token_b), Some(2), "after rotate-keys the running server signs with the new active key (spec: 'Signed by the active root key')");
    // Nobody is logged out early: both keys verify.
    ok_body(app.session(&token_a).await, StatusCode::OK).await;
    ok_body(app.session(&token_b).await, StatusCode::OK).await;
    // A restart keeps both keys too.
    let restarted = spawn_app_with(AppOptions { database_url: Some(app.database_url.clone()), ..Default::default() }).await;
    ok_body(restarted.session(&token_a).await, StatusCode::OK).await;
    ok_body(restarted.session(&token_b).await, StatusCode::OK).await;
}

#[actix_web::test]
async fn a_second_instance_on_the_same_database_takes_the_first_ones_token_and_refresh_cookie() {
    // Two instances share nothing but the database and SIGNING_KEYS_SECRET: no keyring file.
    let first = spawn_app().await;
    let second = spawn_app_with(AppOptions { database_url: Some(first.database_url.clone()), ..Default::default() }).await;
    first.register("ada@example.com", PASSWORD).await;
    let response = first.login_response("ada@example.com", PASSWORD).await;
    let refresh_cookie = refresh_cookie_of(response.headers());
    let token = ok_body(response, StatusCode::OK).await["result"]["token"].as_str().expect("token").to_owned();

    let session = ok_body(second.session(&token).await, StatusCode::OK).await;
    assert_eq!(session["result"]["user"]["email"], "ada@example.com", "{session}");
    let refreshed = second.refresh_with_cookie(&refresh_cookie).await;
    let rotated_cookie = refresh_cookie_of(refreshed.headers());
    let new_token = ok_body(refreshed, StatusCode::OK).await["result"]["token"].as_str().expect("token").to_owned();
    // Back on the first instance: the second one's token and rotated cookie work there too.
    ok_body(first.session(&new_token).await, StatusCode::OK).await;
    ok_body(first.refresh_with_cookie(&rotated_cookie).await, StatusCode::OK).await;

    // A key rotation reaches both: old tokens keep working everywhere, new ones are accepted everywhere.
    assert_eq!(first.rotate_signing_keys(), 2);
    let rotated_token = login_until_signed_by(&second, "ada@example.com", 2).await;
    assert_eq!(token_key_id(&rotated_token), Some(2));
    ok_body(first.session(&rotated_token).await, StatusCode::OK).await;
    ok_body(second.session(&token).await, StatusCode::OK).await;
}

#[actix_web::test]
async fn an_instance_with_another_signing_keys_secret_refuses_to_start() {
    let first = spawn_app().await;
    let error = build_error(AppOptions {
        database_url: Some(first.database_url.clone()),
        signing_keys_secret: Some("a different secret that is long enough to use".into()),
        ..Default::default()
    })
    .expect("the instance must not start");
    assert!(error.contains("SIGNING_KEYS_SECRET"), "{error}");
    let short = build_error(AppOptions { database_url: Some(first.database_url.clone()), signing_keys_secret: Some("short".into()), ..Default::default() });
    assert!(short.expect("a short secret is refused").contains("at least 32 characters"));
    // The stored keys hold no private key in the clear.
    let mut conn = first.connect();
    assert_eq!(count(&mut conn, "SELECT count(*) AS count FROM signing_keys WHERE octet_length(sealed_private_key) = 12 + 64 + 16"), 1);
}

#[actix_web::test]
async fn valid_tokens_are_accepted_while_the_server_is_busy() {
    // Password hashing keeps both cores busy while many session checks run: a valid, unexpired
    // token must never be refused because verification took "too long".
    let app = spawn_app().await;
    let token = app.register("ada@example.com", PASSWORD).await;

    let mut load = Vec::new();
    for _ in 0..3 {
        let client = bare_client();
        let url = app.url("/api/user/login");
        load.push(actix_web::rt::spawn(async move {
            for _ in 0..8 {
                let response = client.post(&url).json(&json!({"email": "ada@example.com", "password": PASSWORD})).send().await.unwrap();
                assert_eq!(response.status(), StatusCode::OK);
            }
        }));
    }
    let mut checks = Vec::new();
    for _ in 0..8 {
        let client = bare_client();
        let url = app.url("/api/user/session");
        let token = token.clone();
        checks.push(actix_web::rt::spawn(async move {
            let mut refused = Vec::new();
            for _ in 0..25 {
                let response = client.get(&url).bearer_auth(&token).send().await.unwrap();
                if response.status() != StatusCode::OK {
                    refused.push(format!("{} {}", response.status(), response.text().await.unwrap()));
                }
            }
            refused
        }));
    }
    let mut refused = Vec::new();
    for check in checks {
        refused.extend(check.await.unwrap());
    }
    for task in load {
        task.await.unwrap();
    }
    assert!(refused.is_empty(), "{} of 200 checks of a valid token were refused, e.g. {:?}", refused.len(), refused.first());
}

/// Another site cannot make a visitor's browser use the refresh cookie: the cookie calls refuse
/// a foreign `Origin` and `Sec-Fetch-Site: cross-site`, and nothing changes.
#[actix_web::test]
async fn cookie_calls_refuse_requests_from_other_sites() {
    let app = spawn_app().await;
    let response = app.register_response("ada@example.com", PASSWORD).await;
    let cookie = refresh_cookie_of(response.headers());
    ok_body(response, StatusCode::OK).await;
    for path in ["/api/user/refresh-token", "/api/user/logout"] {
        for (name, value) in [("origin", "https://evil.example"), ("sec-fetch-site", "cross-site")] {
            let response =
                bare_client().post(app.url(path)).header(reqwest::header::COOKIE, format!("gb_refresh={cookie}")).header(name, value).send().await.unwrap();
            assert_error(response, StatusCode::FORBIDDEN, "cross_site", "This request must come from the Gistbook site itself.").await;
        }
    }
    // The session is untouched, and the site's own pages are served as before.
    let response = bare_client()
        .post(app.url("/api/user/refresh-token"))
        .header(reqwest::header::COOKIE, format!("gb_refresh={cookie}"))
        .header("origin", app.address.clone())
        .header("sec-fetch-site", "same-origin")
        .send()
        .await
        .unwrap();
    ok_body(response, StatusCode::OK).await;
}

/// Outside development the refresh cookie is `Secure` and `__Secure-` prefixed (browsers refuse it
/// from anything but https), and the isPaid hint is `Secure` too.
#[actix_web::test]
async fn production_cookies_are_secure_and_prefixed() {
    let app = spawn_app_with(AppOptions { secure_cookies: true, ..Default::default() }).await;
    let response = app.register_response("ada@example.com", PASSWORD).await;
    let refresh = set_cookie(response.headers(), "__Secure-gb_refresh").expect("the prefixed refresh cookie");
    let attributes = cookie_attributes(&refresh);
    for expected in ["secure", "httponly", "samesite=strict", "path=/api/user"] {
        assert!(attributes.contains(&expected.to_owned()), "{expected} in {refresh}");
    }
    assert!(set_cookie(response.headers(), "gb_refresh").is_none(), "no unprefixed cookie");
    let paid = set_cookie(response.headers(), "isPaid").expect("the isPaid hint");
    assert!(cookie_attributes(&paid).contains(&"secure".to_owned()), "{paid}");
    // And the prefixed cookie is the one the server reads.
    let cookie = cookie_value(&refresh);
    let response =
        bare_client().post(app.url("/api/user/refresh-token")).header(reqwest::header::COOKIE, format!("__Secure-gb_refresh={cookie}")).send().await.unwrap();
    ok_body(response, StatusCode::OK).await;
}

/// Changing the password needs the current one; the other devices are signed out at once, this
/// one stays signed in.
#[actix_web::test]
async fn changing_the_password_signs_out_the_other_devices() {
    let app = spawn_app().await;
    let here = app.register("ada@example.com", PASSWORD).await;
    let elsewhere = app.login("ada@example.com", PASSWORD).await;
    let wrong = json!({"currentPassword": "not the password", "password1": "harbor light 22", "password2": "harbor light 22"});
    let response = app.put("/api/user/password", &wrong, Some(&here)).await;
    assert_error(response, StatusCode::BAD_REQUEST, "wrong_current_password", "Your current password is not correct.").await;
    // Nothing changed.
    assert_session_of(&app, &elsewhere, "ada@example.com").await;
    let right = json!({"currentPassword": PASSWORD, "password1": "harbor light 22", "password2": "harbor light 22"});
    ok_body(app.put("/api/user/password", &right, Some(&here)).await, StatusCode::OK).await;
    assert_session_of(&app, &here, "ada@example.com").await;
    assert_error(app.session(&elsewhere).await, StatusCode::UNAUTHORIZED, "session_expired", SESSION_EXPIRED).await;
    app.login("ada@example.com", "harbor light 22").await;
    assert_error(app.put("/api/user/password", &right, None).await, StatusCode::UNAUTHORIZED, "not_logged_in", NOT_LOGGED_IN).await;
}

/// The server keeps verified tokens to skip their signature check; a token whose session ended
/// is still refused wherever the session matters, cached or not.
#[actix_web::test]
async fn a_cached_token_of_a_revoked_session_is_refused() {
    let app = spawn_app().await;
    let token = app.register("ada@example.com", PASSWORD).await;
    // Verified, then from the cache.
    for _ in 0..2 {
        assert_session_of(&app, &token, "ada@example.com").await;
    }
    let account = ok_body(app.get("/api/user/account", Some(&token)).await, StatusCode::OK).await;
    assert_eq!(account["result"]["user"]["email"], "ada@example.com", "{account}");
    ok_body(app.post_empty("/api/user/logout", Some(&token)).await, StatusCode::OK).await;
    for path in ["/api/user/session", "/api/user/account"] {
        assert_error(app.get(path, Some(&token)).await, StatusCode::UNAUTHORIZED, "session_expired", SESSION_EXPIRED).await;
    }
    // Calls whose use cases take the member's id check the session too.
    for path in ["/api/goals", "/api/quiz-results/quiz", "/api/affiliate", "/api/user/refers"] {
        assert_error(app.get(path, Some(&token)).await, StatusCode::UNAUTHORIZED, "not_logged_in", NOT_LOGGED_IN).await;
    }
    let answers = json!({"counts": {"Musical": 1}});
    assert_error(app.post("/api/quiz-results/quiz", &answers, Some(&token)).await, StatusCode::UNAUTHORIZED, "not_logged_in", NOT_LOGGED_IN).await;
    // Visitors still may: scored, not kept.
    let scored = ok_body(app.post("/api/quiz-results/quiz", &answers, None).await, StatusCode::OK).await;
    assert_eq!((scored["result"]["top"][0]["name"].as_str(), scored["result"]["saved"].as_bool()), (Some("Musical"), Some(false)), "{scored}");
}
