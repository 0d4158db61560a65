//! Money rules over HTTP, through the Stripe stand-in: access is the union of grants, a purchase
//! never takes away what a member paid for, a better purchase ends the subscription it replaces,
//! a trial is given once, and a refund takes back the codes a purchase made.

use crate::common;

use common::payments::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};
use stand_ins::stripe::{CARD_OK, CARD_OK_MASTERCARD, SECRET_KEY};

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

async fn account(app: &TestApp, token: &str) -> Value {
    result(app.get("/api/user/account", Some(token)).await).await["user"].clone()
}

async fn standing(app: &TestApp, plan: &str, token: Option<&str>) -> Value {
    result(app.get(&format!("/api/charge/standing?planId={plan}"), token).await).await
}

/// The provider reference of the member's newest charge of `plan`.
fn reference_of(app: &TestApp, email: &str, plan: &str) -> String {
    charges(app).into_iter().rev().find(|c| c.1 == email && c.2 == plan).map(|c| c.5).unwrap_or_else(|| panic!("no {plan} charge of {email}"))
}

async fn refund(paying: &PayingApp, payment_intent: &str) {
    let answer = reqwest::Client::new()
        .post(format!("{}/v1/refunds", paying.stripe.base_url))
        .bearer_auth(SECRET_KEY)
        .form(&[("payment_intent", payment_intent)])
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::OK);
}

#[actix_web::test]
async fn a_lifetime_member_is_told_so_and_cannot_start_a_trial_that_would_take_lifetime_away() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let token = app.register("ada@example.com", PASSWORD).await;
    result(paying.pay("lifetime", json!({}), Some(CARD_OK), Some(&token)).await).await;
    let told = standing(app, "monthly", Some(&token)).await;
    assert_eq!(told["refusal"], json!({"code": "already_for_life", "message": "You have Premium for life already: there is nothing more to buy."}));
    for plan in ["monthly", "yearly", "lifetime"] {
        let refused = paying.pay(plan, json!({}), Some(CARD_OK), Some(&token)).await;
        assert_error(refused, StatusCode::CONFLICT, "already_for_life", "You have Premium for life already: there is nothing more to buy.").await;
    }
    assert_eq!(charges(app).len(), 1, "nothing more was charged");
    assert_eq!(paying.stripe.charge_count(), 1);
    let user = account(app, &token).await;
    assert_eq!((user["planId"].clone(), user["endPaidDate"].clone(), user["isPaid"].clone()), (json!("lifetime"), Value::Null, json!(true)));
    // A gift for someone else is still for sale.
    assert_eq!(standing(app, "gift", Some(&token)).await["refusal"], Value::Null);
    let grants = result(app.get("/api/user/grants", Some(&token)).await).await["grants"].clone();
    assert_eq!(grants.as_array().unwrap().len(), 1);
    assert_eq!((grants[0]["planName"].clone(), grants[0]["endsAt"].clone(), grants[0]["live"].clone()), (json!("Premium Lifetime"), Value::Null, json!(true)));
}

#[actix_web::test]
async fn upgrading_a_monthly_trial_to_lifetime_ends_the_trial_at_the_provider_with_no_charge() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let token = app.register("ada@example.com", PASSWORD).await;
    result(paying.pay("monthly", json!({}), Some(CARD_OK), Some(&token)).await).await;
    let monthly = reference_of(app, "ada@example.com", "monthly");
    assert_eq!(paying.stripe.subscription(&monthly).unwrap()["status"], "trialing");
    // The page says what happens to the trial before paying.
    let told = standing(app, "lifetime", Some(&token)).await;
    assert_eq!(told["refusal"], Value::Null);
    assert_eq!((told["replaces"][0]["planName"].clone(), told["replaces"][0]["ending"].clone()), (json!("Premium Monthly"), json!("now")));

    let paid = result(paying.pay("lifetime", json!({}), Some(CARD_OK), Some(&token)).await).await;
    assert_eq!((paid["planId"].clone(), paid["endPaidDate"].clone()), (json!("lifetime"), Value::Null));
    // The monthly no longer renews: cancelled at Stripe at once, and shown so.
    let at_stripe = paying.stripe.subscription(&monthly).unwrap();
    assert_eq!(at_stripe["status"], "canceled", "{at_stripe}");
    let subscription = result(app.get("/api/charge/subscription", Some(&token)).await).await["subscription"].clone();
    assert!(subscription.is_null() || subscription["renews"] == false, "{subscription}");
    let user = account(app, &token).await;
    assert_eq!((user["planId"].clone(), user["endPaidDate"].clone()), (json!("lifetime"), Value::Null));
    // Stripe's own events about the ended trial change nothing.
    eventually("the trial's end delivered", || stored_subscription_status(app, "ada@example.com", "monthly").filter(|s| s == "expired")).await;
    assert_eq!(account(app, &token).await["planId"], "lifetime");
}

#[actix_web::test]
async fn yearly_over_a_paid_monthly_keeps_the_paid_month_without_renewal_and_monthly_over_yearly_is_refused() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let token = app.register("ada@example.com", PASSWORD).await;
    result(paying.pay("monthly", json!({}), Some(CARD_OK), Some(&token)).await).await;
    let monthly = reference_of(app, "ada@example.com", "monthly");
    // The trial ends and the first month is paid.
    paying.stripe.advance_subscription(&monthly, stand_ins::stripe::Advance::Renewal);
    eventually("the paid month", || stored_subscription_status(app, "ada@example.com", "monthly").filter(|s| s == "active")).await;
    let told = standing(app, "yearly", Some(&token)).await;
    assert_eq!(told["replaces"][0]["ending"], "period_end");
    assert_eq!(told["trialDays"], 0, "the trial was used");

    let yearly = result(paying.pay("yearly", json!({"withoutTrial": true}), Some(CARD_OK), Some(&token)).await).await;
    assert_eq!(yearly["planId"], "yearly");
    let at_stripe = paying.stripe.subscription(&monthly).unwrap();
    assert_eq!((at_stripe["status"].clone(), at_stripe["cancel_at_period_end"].clone()), (json!("active"), json!(true)), "kept to its end, not renewed");
    // Going down while yearly renews is refused.
    let refused = paying.pay("monthly", json!({"withoutTrial": true}), Some(CARD_OK), Some(&token)).await;
    let body = error_body(refused, StatusCode::CONFLICT).await;
    assert_eq!(body["code"], "already_subscribed");
    assert!(body["error"].as_str().unwrap().starts_with("You subscribe to Premium Yearly already (it renews on "), "{body}");
}

#[actix_web::test]
async fn a_free_trial_is_given_once_per_account_e_mail_and_card() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let token = app.register("ada@example.com", PASSWORD).await;
    assert_eq!(standing(app, "monthly", Some(&token)).await["trialDays"], 3);
    result(paying.pay("monthly", json!({}), Some(CARD_OK), Some(&token)).await).await;
    result(app.post("/api/charge/cancel", &json!({"reason": "other"}), Some(&token)).await).await;

    // The same account: told before paying, and refused until the buyer agrees to pay now.
    let told = standing(app, "monthly", Some(&token)).await;
    assert_eq!(told["trialDays"], 0);
    assert!(told["trialUsedOn"].as_i64().is_some());
    let refused = paying.pay("monthly", json!({}), Some(CARD_OK), Some(&token)).await;
    let body = error_body(refused, StatusCode::CONFLICT).await;
    assert_eq!(body["code"], "trial_used");
    assert!(body["error"].as_str().unwrap().ends_with(": this subscription starts at once and is charged today."), "{body}");
    let paid = result(paying.pay("monthly", json!({"withoutTrial": true}), Some(CARD_OK), Some(&token)).await).await;
    let second = reference_of(app, "ada@example.com", "monthly");
    let at_stripe = paying.stripe.subscription(&second).unwrap();
    assert_eq!((at_stripe["status"].clone(), at_stripe["trial_end"].clone()), (json!("active"), Value::Null), "charged at once");
    assert_eq!(paid["isPaid"], true);

    // A guest with the same e-mail (any case), and another account paying with the same card.
    let guest = paying.pay("monthly", json!({"email": "ADA@example.com"}), Some(CARD_OK), None).await;
    assert_eq!(error_body(guest, StatusCode::CONFLICT).await["code"], "trial_used");
    let bob = app.register("bob@example.com", PASSWORD).await;
    let same_card = paying.pay("monthly", json!({}), Some(CARD_OK), Some(&bob)).await;
    assert_eq!(error_body(same_card, StatusCode::CONFLICT).await["code"], "trial_used", "the card's fingerprint had its trial");
    let other_card = result(paying.pay("monthly", json!({}), Some(CARD_OK_MASTERCARD), Some(&bob)).await).await;
    assert_eq!(other_card["isPaid"], true, "a new person with a new card gets the trial");
    assert_eq!(paying.stripe.subscription(&reference_of(app, "bob@example.com", "monthly")).unwrap()["status"], "trialing");
}

#[actix_web::test]
async fn a_refunded_gift_revokes_its_code_and_a_refunded_redeemed_code_ends_the_holders_year_with_a_mail() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let buyer = app.register("ada@example.com", PASSWORD).await;
    // Two gifts: one stays unredeemed, one Grace redeems.
    result(paying.pay("gift", json!({"recipientEmail": "kept@example.com"}), Some(CARD_OK), Some(&buyer)).await).await;
    let unredeemed_intent = reference_of(app, "ada@example.com", "gift");
    result(paying.pay("gift", json!({"recipientEmail": "grace@example.com"}), Some(CARD_OK), Some(&buyer)).await).await;
    let redeemed_intent = reference_of(app, "ada@example.com", "gift");
    let kept_code = gift_code_in(app, "kept@example.com").await;
    let grace_code = gift_code_in(app, "grace@example.com").await;
    let grace = app.register("grace@example.com", PASSWORD).await;
    result(app.post("/api/user/redeem", &json!({"code": grace_code}), Some(&grace)).await).await;
    assert_eq!(account(app, &grace).await["isPaid"], true);

    refund(&paying, &unredeemed_intent).await;
    refund(&paying, &redeemed_intent).await;
    eventually("both refunds", || (charges(app).iter().filter(|c| c.4 == "refunded").count() == 2).then_some(())).await;
    // The unredeemed code is dead; Grace's year from the other ended now, and she was told.
    let eve = app.register("eve@example.com", PASSWORD).await;
    let dead = app.post("/api/user/redeem", &json!({"code": kept_code}), Some(&eve)).await;
    assert_error(dead, StatusCode::BAD_REQUEST, "invalid_code", "This code is invalid or has already been used.").await;
    assert_eq!(account(app, &grace).await["isPaid"], false);
    let mail = app.wait_for_mails_to("grace@example.com", 2).await;
    assert!(mail.iter().any(|m| m.contains("Subject: Your Gistbook Premium from a code has ended")), "{mail:#?}");
    let grants = result(app.get("/api/user/grants", Some(&grace)).await).await["grants"].clone();
    assert_eq!((grants[0]["revoked"].clone(), grants[0]["live"].clone()), (json!("refund"), json!(false)));
    // Signing up with a refunded code is refused too.
    let signup = json!({"username": "late@example.com", "password": PASSWORD, "firstName": "L", "lastName": "L", "code": kept_code, "timezone": "UTC"});
    let refused = app.post("/api/user/subscription-code-register", &signup, None).await;
    assert_eq!(error_body(refused, StatusCode::BAD_REQUEST).await["code"], "invalid_subscription_code");
}

#[actix_web::test]
async fn disputed_seats_cannot_be_redeemed_and_come_back_when_the_dispute_is_won() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let owner = app.register("boss@example.com", PASSWORD).await;
    result(paying.pay("bulk", json!({"quantity": 20}), Some(CARD_OK), Some(&owner)).await).await;
    let seats = result(app.get("/api/teams/seats", Some(&owner)).await).await["seats"].clone();
    let (first, second) = (seats[0]["code"].as_str().unwrap().to_owned(), seats[1]["code"].as_str().unwrap().to_owned());
    let intent = reference_of(app, "boss@example.com", "bulk");
    paying.stripe.chargeback(&intent).expect("a chargeback");
    eventually("the chargeback", || charges(app).iter().any(|c| c.4 == "disputed").then_some(())).await;
    let colleague = app.register("colleague@example.com", PASSWORD).await;
    let refused = app.post("/api/user/redeem", &json!({"code": first}), Some(&colleague)).await;
    assert_eq!(error_body(refused, StatusCode::BAD_REQUEST).await["code"], "invalid_code", "no reselling disputed seats");

    paying.stripe.dispute_won(&intent).expect("won");
    eventually("the won dispute", || charges(app).iter().all(|c| c.4 == "paid").then_some(())).await;
    let redeemed = result(app.post("/api/user/redeem", &json!({"code": second}), Some(&colleague)).await).await;
    assert_eq!(redeemed["isPaid"], true);
}

/// The code in the newest gift mail to `email`.
async fn gift_code_in(app: &TestApp, email: &str) -> String {
    let mails = app.wait_for_mails_to(email, 1).await;
    mails.iter().rev().find_map(|mail| mail.lines().find_map(|l| l.trim().strip_prefix("Your gift code: ")).map(|c| c.trim().to_owned())).expect("a gift code")
}

/// The stored state of the member's newest subscription of `plan`.
fn stored_subscription_status(app: &TestApp, email: &str, plan: &str) -> Option<String> {
    use db::schema::{charges, subscriptions};
    use diesel::prelude::*;
    charges::table
        .inner_join(subscriptions::table)
        .filter(charges::email.eq(email))
        .filter(charges::plan_id.eq(plan))
        .order(charges::created_at.desc())
        .select(subscriptions::status)
        .first(&mut app.connect())
        .ok()
}

/// What the browser's Stripe.js does with a SetupIntent's client secret: a PaymentMethod of
/// `card`, then the SetupIntent confirmed with it (the publishable key and the secret).
async fn confirm_setup(paying: &PayingApp, client_secret: &str, card: &str) -> StatusCode {
    let setup = client_secret.split("_secret_").next().unwrap();
    let payment_method = paying.card(card);
    reqwest::Client::new()
        .post(format!("{}/v1/setup_intents/{setup}/confirm", paying.stripe.base_url))
        .bearer_auth(stand_ins::stripe::PUBLISHABLE_KEY)
        .form(&[("payment_method", payment_method.as_str()), ("client_secret", client_secret)])
        .send()
        .await
        .unwrap()
        .status()
}

#[actix_web::test]
async fn a_member_whose_renewal_failed_saves_a_new_card_and_the_renewal_is_paid_with_it() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let token = app.register("ada@example.com", PASSWORD).await;
    result(paying.pay("monthly", json!({}), Some(CARD_OK), Some(&token)).await).await;
    let subscription = reference_of(app, "ada@example.com", "monthly");
    paying.stripe.advance_subscription(&subscription, stand_ins::stripe::Advance::Renewal);
    paying.stripe.advance_subscription(&subscription, stand_ins::stripe::Advance::PaymentFailed);
    eventually("past due", || stored_subscription_status(app, "ada@example.com", "monthly").filter(|s| s == "past_due")).await;
    let grace_end = stored_plan(app, "ada@example.com").2.unwrap();

    let setup = result(app.post("/api/charge/payment-method", &json!({}), Some(&token)).await).await;
    let (secret, setup_id) = (setup["clientSecret"].as_str().unwrap().to_owned(), setup["setupIntentId"].as_str().unwrap().to_owned());
    // Not saved yet: nothing changes.
    let early = app.post("/api/charge/payment-method/confirm", &json!({"setupIntentId": setup_id}), Some(&token)).await;
    assert_eq!(error_body(early, StatusCode::BAD_REQUEST).await["code"], "payment_declined");
    // A declined card is refused by Stripe.js already.
    assert_eq!(confirm_setup(&paying, &secret, stand_ins::stripe::CARD_DECLINED).await, StatusCode::PAYMENT_REQUIRED);
    // Another member cannot use Ada's setup, nor Ada another's.
    let bob = app.register("bob@example.com", PASSWORD).await;
    let not_bobs = app.post("/api/charge/payment-method/confirm", &json!({"setupIntentId": setup_id}), Some(&bob)).await;
    assert_eq!(error_body(not_bobs, StatusCode::CONFLICT).await["code"], "no_card_subscription");

    assert_eq!(confirm_setup(&paying, &secret, CARD_OK_MASTERCARD).await, StatusCode::OK);
    let updated = result(app.post("/api/charge/payment-method/confirm", &json!({"setupIntentId": setup_id}), Some(&token)).await).await;
    assert_eq!((updated["subscription"]["status"].clone(), updated["paymentDeclined"].clone()), (json!("active"), Value::Null));
    let at_stripe = paying.stripe.subscription(&subscription).unwrap();
    assert_eq!(at_stripe["status"], "active");
    assert_ne!(at_stripe["default_payment_method"], json!(null));
    // The paid renewal's events reach the server: a paid month again, not the grace week.
    let end = eventually("the paid renewal", || stored_plan(app, "ada@example.com").2.filter(|end| *end > grace_end + chrono::Duration::days(20))).await;
    assert_eq!(stored_subscription_status(app, "ada@example.com", "monthly").as_deref(), Some("active"), "{end}");
    assert_eq!(account(app, &token).await["isPaid"], true);
}
