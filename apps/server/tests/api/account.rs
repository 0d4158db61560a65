//! POST /api/user/delete, POST /api/user/subscription-code-register and the admin guard
//! (GET /api/admin/user/{start}).

use crate::common;

use chrono::Utc;
use common::*;
use diesel::prelude::*;
use reqwest::StatusCode;
use serde_json::{json, Value};

const MISSING_CODE_FIELDS: &str = "Please specify an email or code or password or first name or last name.";
const INVALID_CODE: &str = "This subscription code is invalid or has already been used.";

fn deletion() -> Value {
    json!({"why": "Too many books, too little time.", "how": "A friend told me.", "password": PASSWORD})
}

#[actix_web::test]
async fn delete_requires_a_signed_in_caller() {
    let app = spawn_app().await;
    let response = app.post("/api/user/delete", &deletion(), None).await;
    assert_error(response, StatusCode::UNAUTHORIZED, "not_logged_in", "Please log in to continue.").await;
    let response = app.post("/api/user/delete", &deletion(), Some("garbage")).await;
    assert_error(response, StatusCode::UNAUTHORIZED, "not_logged_in", "Please log in to continue.").await;
}

#[actix_web::test]
async fn delete_requires_why_and_how() {
    let app = spawn_app().await;
    let token = app.register("ada@example.com", PASSWORD).await;
    for body in [json!({"how": "A friend told me."}), json!({"why": "  ", "how": "A friend told me."}), json!({})] {
        let response = app.post("/api/user/delete", &body, Some(&token)).await;
        assert_error(response, StatusCode::BAD_REQUEST, "missing_fields", "Please specify Why are you deleting your account?.").await;
    }
    let response = app.post("/api/user/delete", &json!({"why": "Too busy."}), Some(&token)).await;
    assert_error(response, StatusCode::BAD_REQUEST, "missing_fields", "Please specify How did you find out about us?.").await;
    let response = app.post("/api/user/delete", &json!({"why": "x".repeat(2001), "how": "A friend."}), Some(&token)).await;
    assert_error(response, StatusCode::BAD_REQUEST, "answer_too_long", "Please keep each answer under 2000 characters.").await;

    // Still there.
    ok_body(app.session(&token).await, StatusCode::OK).await;
}

#[actix_web::test]
async fn delete_erases_personal_data_and_ends_every_session() {
    use db::schema::{account_deletion_feedback, refresh_tokens, users};
    let app = spawn_app().await;
    let response = app.register_response("ada@example.com", PASSWORD).await;
    let refresh_cookie = refresh_cookie_of(response.headers());
    let body = ok_body(response, StatusCode::OK).await;
    let token = body["result"]["token"].as_str().unwrap().to_owned();
    let id = body["result"]["user"]["id"].as_i64().unwrap();
    app.login("ada@example.com", PASSWORD).await; // a second refresh token
                                                  // Personal details beyond the name: an invited friend's address, a timezone, interests.
    diesel::update(users::table.filter(users::id.eq(id)))
        .set((users::friend_email.eq("friend@example.com"), users::timezone.eq("Europe/Paris"), users::recommends.eq(vec![1_i64, 2])))
        .execute(&mut app.connect())
        .unwrap();

    let response = app.post("/api/user/delete", &deletion(), Some(&token)).await;
    let cleared = set_cookie(response.headers(), "gb_refresh").expect("the refresh cookie is cleared");
    assert!(cookie_value(&cleared).is_empty());
    let body = ok_body(response, StatusCode::OK).await;
    assert_eq!(body["result"], json!({}));

    let mut conn = app.connect();
    let (email, first, last, hash, deleted_at): (String, String, String, String, Option<chrono::DateTime<Utc>>) = users::table
        .filter(users::id.eq(id))
        .select((users::email, users::first_name, users::last_name, users::password_hash, users::deleted_at))
        .first(&mut conn)
        .unwrap();
    assert!(!email.contains("ada"), "e-mail replaced: {email}");
    assert_eq!(first, "");
    assert_eq!(last, "");
    assert!(!hash.starts_with("$argon2"), "the password hash is gone");
    let (friend, timezone, recommends): (Option<String>, String, Vec<i64>) =
        users::table.filter(users::id.eq(id)).select((users::friend_email, users::timezone, users::recommends)).first(&mut conn).unwrap();
    assert_eq!((friend, timezone.as_str(), recommends), (None, "UTC", vec![]), "the friend's address, timezone and interests are erased");
    let deleted_at = deleted_at.expect("deleted_at set");
    assert!((Utc::now() - deleted_at).num_seconds().abs() < 60);
    let tokens: i64 = refresh_tokens::table.filter(refresh_tokens::user_id.eq(id)).count().get_result(&mut conn).unwrap();
    assert_eq!(tokens, 0, "refresh tokens deleted");
    let feedback: Vec<(String, String)> =
        account_deletion_feedback::table.select((account_deletion_feedback::why, account_deletion_feedback::how)).load(&mut conn).unwrap();
    assert_eq!(feedback, vec![("Too many books, too little time.".to_owned(), "A friend told me.".to_owned())]);

    // The still-unexpired access token no longer works, nor the cookie, nor the password.
    for path in ["/api/user/session", "/api/user/account"] {
        let response = app.get(path, Some(&token)).await;
        error_body(response, StatusCode::UNAUTHORIZED).await;
    }
    let response = app.post("/api/user/delete", &deletion(), Some(&token)).await;
    error_body(response, StatusCode::UNAUTHORIZED).await;
    // Nor can it write to the erased member's library.
    let response = app.post("/api/library", &json!({"bookId": 1}), Some(&token)).await;
    error_body(response, StatusCode::UNAUTHORIZED).await;
    let response = app.refresh_with_cookie(&refresh_cookie).await;
    error_body(response, StatusCode::UNAUTHORIZED).await;
    let response = app.login_response("ada@example.com", PASSWORD).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_credentials", "Incorrect email or password.").await;
    // No reset mail for an erased account.
    ok_body(app.put("/api/user/forgot-password", &json!({"email": "ada@example.com"}), None).await, StatusCode::OK).await;
    let mut conn = app.connect();
    assert_eq!(count(&mut conn, "SELECT count(*) AS count FROM mail_outbox"), 0);

    // The address is free again.
    let new_token = app.register("ada@example.com", "a different password").await;
    let body = ok_body(app.session(&new_token).await, StatusCode::OK).await;
    assert_ne!(body["result"]["user"]["id"].as_i64().unwrap(), id);
}

#[actix_web::test]
async fn a_subscription_code_signs_up_with_its_plan_once() {
    let app = spawn_app().await;
    let codes = app.subscription_codes("yearly", Some(365), 1);
    let code = &codes[0];
    let body = json!({
        "username": "ada@example.com",
        "password": PASSWORD,
        "firstName": "Ada",
        "lastName": "Lovelace",
        "code": format!("  {}  ", code.to_lowercase()),
        "timezone": "Europe/London",
    });
    let response = app.post("/api/user/subscription-code-register", &body, None).await;
    let headers = response.headers().clone();
    let body = ok_body(response, StatusCode::OK).await;
    let now = Utc::now().timestamp_millis();
    let user = &body["result"]["user"];
    assert!(body["result"]["token"].is_string());
    assert_eq!(user["email"], "ada@example.com");
    assert_eq!(user["isPaid"], true);
    assert_eq!(user["planId"], "yearly");
    let paid = user["paidDate"].as_i64().unwrap();
    assert!((now - paid).abs() < 60_000, "paidDate is now: {paid}");
    let end = user["endPaidDate"].as_i64().unwrap();
    let year = 365 * 24 * 3600 * 1000_i64;
    assert!((end - (now + year)).abs() < 60_000, "endPaidDate is now + 365 days: {end}");
    assert_eq!(cookie_value(&set_cookie(&headers, "isPaid").expect("isPaid cookie")), "true");
    assert!(set_cookie(&headers, "gb_refresh").is_some());

    // The account is paid on later calls too.
    let token = body["result"]["token"].as_str().unwrap();
    let account = ok_body(app.get("/api/user/account", Some(token)).await, StatusCode::OK).await;
    assert_eq!(account["result"]["user"]["isPaid"], true);
    assert_eq!(account["result"]["user"]["planId"], "yearly");

    // Used once, never again.
    let again = json!({
        "username": "grace@example.com",
        "password": PASSWORD,
        "firstName": "Grace",
        "lastName": "Hopper",
        "code": code,
    });
    let response = app.post("/api/user/subscription-code-register", &again, None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_subscription_code", INVALID_CODE).await;
    let mut made_up = again.clone();
    made_up["code"] = json!("AAAA-BBBB-CCCC-DDDD-EEEE");
    let response = app.post("/api/user/subscription-code-register", &made_up, None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_subscription_code", INVALID_CODE).await;
    let response = app.login_response("grace@example.com", PASSWORD).await;
    error_body(response, StatusCode::BAD_REQUEST).await;
}

#[actix_web::test]
async fn subscription_code_sign_up_requires_every_field() {
    let app = spawn_app().await;
    let code = app.subscription_codes("yearly", Some(365), 1).remove(0);
    let full = json!({
        "username": "ada@example.com",
        "password": PASSWORD,
        "firstName": "Ada",
        "lastName": "Lovelace",
        "code": code,
    });
    for field in ["username", "password", "firstName", "lastName", "code"] {
        for blank in [None, Some(json!(""))] {
            let mut body = full.clone();
            match &blank {
                None => {
                    body.as_object_mut().unwrap().remove(field);
                }
                Some(value) => body[field] = value.clone(),
            }
            let response = app.post("/api/user/subscription-code-register", &body, None).await;
            assert_error(response, StatusCode::BAD_REQUEST, "missing_fields", MISSING_CODE_FIELDS).await;
        }
    }
    let mut bad_email = full.clone();
    bad_email["username"] = json!("not-an-email");
    let response = app.post("/api/user/subscription-code-register", &bad_email, None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_email", "Please specify a valid email address.").await;

    // A taken e-mail does not burn the code.
    app.register("grace@example.com", PASSWORD).await;
    let mut taken = full.clone();
    taken["username"] = json!("grace@example.com");
    let response = app.post("/api/user/subscription-code-register", &taken, None).await;
    error_body(response, StatusCode::CONFLICT).await;

    let mut conn = app.connect();
    assert_eq!(count(&mut conn, "SELECT count(*) AS count FROM subscription_codes WHERE redeemed_at IS NULL"), 1);
    let response = app.post("/api/user/subscription-code-register", &full, None).await;
    ok_body(response, StatusCode::OK).await;
}

#[actix_web::test]
async fn a_lifetime_code_is_paid_with_no_end_date() {
    let app = spawn_app().await;
    let code = app.subscription_codes("lifetime", None, 1).remove(0);
    let body = json!({"username": "ada@example.com", "password": PASSWORD, "firstName": "Ada", "lastName": "L", "code": code});
    let body = ok_body(app.post("/api/user/subscription-code-register", &body, None).await, StatusCode::OK).await;
    assert_eq!(body["result"]["user"]["isPaid"], true);
    assert_eq!(body["result"]["user"]["planId"], "lifetime");
    assert_eq!(body["result"]["user"]["endPaidDate"], Value::Null);
}

#[actix_web::test]
async fn the_admin_user_list_is_for_admins_only() {
    let app = spawn_app().await;
    let response = app.get("/api/admin/user/0", None).await;
    assert_error(response, StatusCode::UNAUTHORIZED, "not_logged_in", "Please log in to continue.").await;
    let response = app.get("/api/admin/user/0", Some("garbage")).await;
    assert_error(response, StatusCode::UNAUTHORIZED, "not_logged_in", "Please log in to continue.").await;

    let member_token = app.register("ada@example.com", PASSWORD).await;
    app.register("grace@example.com", PASSWORD).await;
    let response = app.get("/api/admin/user/0", Some(&member_token)).await;
    assert_error(response, StatusCode::FORBIDDEN, "forbidden", "You do not have permission to do that.").await;

    app.make_admin("ada@example.com");
    // The role is read from the database: even the old token is now an admin's, but the back
    // office also needs two-factor on.
    let response = app.get("/api/admin/user/0", Some(&member_token)).await;
    assert_error(
        response,
        StatusCode::FORBIDDEN,
        "mfa_required",
        "Please turn on two-factor sign-in on your account's security page before using the back office.",
    )
    .await;
    app.enable_two_factor(&member_token).await;
    let token = member_token;
    let session = ok_body(app.session(&token).await, StatusCode::OK).await;
    assert_eq!(session["result"]["user"]["isAdmin"], true);
    let body = ok_body(app.get("/api/admin/user/0", Some(&token)).await, StatusCode::OK).await;
    let users = body["result"]["users"].as_array().expect("result.users");
    assert_eq!(users.len(), 2);
    let now = Utc::now().timestamp_millis();
    // Newest first.
    assert_eq!(users[0]["email"], "grace@example.com");
    assert_eq!(users[1]["email"], "ada@example.com");
    for user in users {
        assert!(user["id"].as_i64().is_some(), "{user}");
        assert_eq!(user["firstName"], "Ada");
        assert_eq!(user["lastName"], "Lovelace");
        assert!(user["createDate"].as_i64().is_some_and(|at| (now - at).abs() < 120_000), "{user}");
        assert_eq!(user["paidDate"], 0);
        assert!(user.get("passwordHash").is_none() && user.get("password_hash").is_none(), "{user}");
    }

    let body = ok_body(app.get("/api/admin/user/100", Some(&token)).await, StatusCode::OK).await;
    assert_eq!(body["result"]["users"], json!([]));
    let response = app.get("/api/admin/user/-1", Some(&token)).await;
    error_body(response, StatusCode::BAD_REQUEST).await;
    let response = app.get("/api/admin/user/abc", Some(&token)).await;
    let body = error_body(response, StatusCode::BAD_REQUEST).await;
    assert_eq!(body["code"], "invalid_request");
}

#[actix_web::test]
async fn a_revoked_admin_role_takes_effect_at_once() {
    let app = spawn_app().await;
    let token = app.admin("ada@example.com", PASSWORD).await;
    ok_body(app.get("/api/admin/user/0", Some(&token)).await, StatusCode::OK).await;

    let mut conn = app.connect();
    diesel::sql_query("UPDATE users SET role = 'member'").execute(&mut conn).unwrap();
    let response = app.get("/api/admin/user/0", Some(&token)).await;
    error_body(response, StatusCode::FORBIDDEN).await;
}

/// Security III §5: a signed-in device alone cannot delete the account; the password (or a
/// code of the authenticator, or a recovery code) must come with the request.
#[actix_web::test]
async fn delete_needs_the_password_or_a_two_factor_code() {
    let app = spawn_app().await;
    let token = app.register("ada@example.com", PASSWORD).await;
    let without = app.post("/api/user/delete", &json!({"why": "Busy.", "how": "A friend."}), Some(&token)).await;
    let needed = "Please confirm it is you: enter your password (or a code from your authenticator app), or sign in again with Google, Apple, LinkedIn or Facebook and delete within 10 minutes.";
    assert_error(without, StatusCode::BAD_REQUEST, "reauthentication_needed", needed).await;
    let wrong = app.post("/api/user/delete", &json!({"why": "Busy.", "how": "A friend.", "password": "not-my-password"}), Some(&token)).await;
    assert_error(wrong, StatusCode::BAD_REQUEST, "wrong_current_password", "Your current password is not correct.").await;
    ok_body(app.session(&token).await, StatusCode::OK).await;

    // A recovery code stands for the app's code (the enrolment used this step's code).
    let (_, recovery) = app.enable_two_factor(&token).await;
    let code = recovery[0].clone();
    ok_body(app.post("/api/user/delete", &json!({"why": "Busy.", "how": "A friend.", "code": code}), Some(&token)).await, StatusCode::OK).await;
    assert_eq!(app.session(&token).await.status(), StatusCode::UNAUTHORIZED);
}
