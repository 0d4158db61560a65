//! Security III §2 over HTTP: sign-up mails a link that confirms the address (24 hours, single
//! use); until then the member reads free content but cannot buy or redeem a code, and checkout
//! says why before the card form.

use crate::common;

use common::payments::*;
use common::*;
use reqwest::StatusCode;
use serde_json::json;
use stand_ins::stripe::CARD_OK;

fn code_from(mail: &str) -> String {
    let line = mail.lines().find(|l| l.contains("/verify-email/")).expect("a link in the mail");
    line.rsplit('/').next().unwrap().trim().to_owned()
}

#[actix_web::test]
async fn an_unconfirmed_member_cannot_buy_until_the_mailed_link_confirms_the_address() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let ada = app.register_unconfirmed("ada@example.com", PASSWORD).await;
    assert_eq!(ok_body(app.session(&ada).await, StatusCode::OK).await["result"]["user"]["emailVerified"], false);

    let refusal = "Please confirm your e-mail address first: open the link we e-mailed you (your account page can send it again).";
    let standing = ok_body(app.get("/api/charge/standing?planId=lifetime", Some(&ada)).await, StatusCode::OK).await;
    assert_eq!(standing["result"]["refusal"]["code"], "email_not_confirmed");
    assert_error(paying.pay("lifetime", json!({}), Some(CARD_OK), Some(&ada)).await, StatusCode::FORBIDDEN, "email_not_confirmed", refusal).await;
    assert!(charges(app).is_empty(), "nothing charged");
    let redeem = app.post("/api/user/redeem", &json!({"code": "GIFT-0000-0000"}), Some(&ada)).await;
    assert_error(redeem, StatusCode::FORBIDDEN, "email_not_confirmed", refusal).await;

    let mails = wait_for_confirmation(app, "ada@example.com", 1).await;
    assert!(mails[0].contains("Subject: Confirm your Gistbook e-mail address"), "{}", mails[0]);
    assert!(mails[0].contains("http://127.0.0.1:4000/verify-email/"), "{}", mails[0]);
    let code = code_from(&mails[0]);
    let wrong = app.post("/api/user/verify-email", &json!({"code": "not-the-code"}), None).await;
    assert_error(
        wrong,
        StatusCode::BAD_REQUEST,
        "invalid_verification_link",
        "This confirmation link is invalid, was already used or has expired. Please ask for a new one from your account.",
    )
    .await;
    ok_body(app.post("/api/user/verify-email", &json!({"code": code}), None).await, StatusCode::OK).await;
    assert_eq!(ok_body(app.session(&ada).await, StatusCode::OK).await["result"]["user"]["emailVerified"], true);
    assert_eq!(app.post("/api/user/verify-email", &json!({"code": code}), None).await.status(), StatusCode::BAD_REQUEST, "single use");

    let paid = paying.pay("lifetime", json!({}), Some(CARD_OK), Some(&ada)).await;
    assert_eq!(paid.status(), StatusCode::OK);
    let resend = app.post_empty("/api/user/verify-email/resend", Some(&ada)).await;
    assert_error(resend, StatusCode::BAD_REQUEST, "email_already_verified", "Your e-mail address is already confirmed.").await;
}

#[actix_web::test]
async fn a_new_link_can_be_asked_for_three_times_an_hour_and_the_old_one_expires_after_a_day() {
    let app = spawn_app_with(AppOptions { fixed_clock: true, ..Default::default() }).await;
    app.register_unconfirmed("ada@example.com", PASSWORD).await;
    let first = code_from(&wait_for_confirmation(&app, "ada@example.com", 1).await[0]);
    app.advance(chrono::Duration::hours(25));
    assert_eq!(app.post("/api/user/verify-email", &json!({"code": first}), None).await.status(), StatusCode::BAD_REQUEST, "expired");
    let ada = app.login("ada@example.com", PASSWORD).await;
    for _ in 0..3 {
        ok_body(app.post_empty("/api/user/verify-email/resend", Some(&ada)).await, StatusCode::OK).await;
    }
    assert_eq!(app.post_empty("/api/user/verify-email/resend", Some(&ada)).await.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(app.post_empty("/api/user/verify-email/resend", None).await.status(), StatusCode::UNAUTHORIZED);
    let newest = wait_for_confirmation(&app, "ada@example.com", 4).await.pop().expect("the newest link");
    ok_body(app.post("/api/user/verify-email", &json!({"code": code_from(&newest)}), None).await, StatusCode::OK).await;
}

/// Waits (up to 15 s: the mail worker polls) for `count` confirmation mails to `email`.
async fn wait_for_confirmation(app: &TestApp, email: &str, count: usize) -> Vec<String> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    loop {
        let mails = app.confirmation_mails_to(email);
        if mails.len() >= count {
            return mails;
        }
        assert!(std::time::Instant::now() < deadline, "no confirmation mail to {email}");
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}
