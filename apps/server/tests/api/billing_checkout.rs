//! Card checkout over HTTP against PostgreSQL and the Stripe stand-in (the real async-stripe
//! client): prices from the server only, guests and the chargeId, declines, 3-D Secure, receipts.

use crate::common;

use common::payments::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};
use stand_ins::stripe::{CARD_3DS, CARD_DECLINED, CARD_OK};

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

#[actix_web::test]
async fn a_member_pays_monthly_by_card_and_reads_premium_through_the_trial() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let token = app.register("ada@example.com", PASSWORD).await;
    let response = paying.pay("monthly", json!({}), Some(CARD_OK), Some(&token)).await;
    let cookie = response.headers().get_all(reqwest::header::SET_COOKIE).iter().filter_map(|v| v.to_str().ok()).any(|c| c.starts_with("isPaid=true"));
    let charge = result(response).await;
    assert!(cookie, "the isPaid hint is set with the answer");
    assert_eq!(charge["status"], "succeeded");
    assert_eq!(charge["isPaid"], true);
    assert_eq!(charge["notLoggedIn"], false);
    assert_eq!(charge["planId"], "monthly");

    // The subscription at Stripe: the server's price, a 3-day trial.
    let charges = charges(app);
    assert_eq!(charges.len(), 1);
    let subscription = paying.stripe.subscription(&charges[0].5).expect("a subscription at Stripe");
    assert_eq!(subscription["status"], "trialing");
    assert_eq!(subscription["items"]["data"][0]["price"]["unit_amount"], 999);
    let trial_end = subscription["trial_end"].as_i64().unwrap();
    assert!((trial_end - (chrono::Utc::now() + chrono::Duration::days(3)).timestamp()).abs() < 60);

    let account = result(app.get("/api/user/account", Some(&token)).await).await;
    assert_eq!(account["user"]["isPaid"], true);
    assert_eq!(account["user"]["planId"], "monthly");
    assert_eq!(account["user"]["endPaidDate"].as_i64().unwrap() / 1000, trial_end);
    let shown = result(app.get("/api/charge/subscription", Some(&token)).await).await;
    assert_eq!(shown["subscription"]["status"], "trialing");
    assert_eq!(shown["subscription"]["renews"], true);
    assert_eq!(shown["subscription"]["paidWith"], "card");

    let receipt = app.read_mail_to("ada@example.com").await;
    assert!(receipt.contains("Your Gistbook receipt: Premium Monthly"), "{receipt}");
    assert!(receipt.contains("$0.00 today; $9.99 on "), "a trial takes nothing today: {receipt}");
}

#[actix_web::test]
async fn every_number_the_client_sends_is_ignored_or_refused_never_charged() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    db::billing::upsert_coupon(&mut app.connect(), &billing::model::Coupon::percent("HALF", 50)).unwrap();
    let token = app.register("ada@example.com", PASSWORD).await;
    let forged = json!({
        "planId": "monthly", "price": 1, "amount": 1, "total": 1, "percent_off": 100, "percentOff": 100,
        "couponCode": "half", "addInfographics": 20, "unitPrice": 1, "subtotal": 1, "discount": 14999,
    });
    let charge = result(paying.pay("lifetime", forged, Some(CARD_OK), Some(&token)).await).await;
    assert_eq!(charge["status"], "succeeded");
    // (14999 + 1099) * 50% = 8049, whatever the body said.
    let charges = charges(app);
    assert_eq!((charges[0].2.as_str(), charges[0].3), ("lifetime", 8049));
    let intent: Value = reqwest::Client::new()
        .get(format!("{}/v1/payment_intents/{}", paying.stripe.base_url, charges[0].5))
        .bearer_auth(stand_ins::stripe::SECRET_KEY)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(intent["amount"], 8049);

    // Numbers that change what is bought are checked, not trusted.
    for (body, code) in [
        (json!({"quantity": 5}), "invalid_quantity"),
        (json!({"quantity": -1}), "invalid_quantity"),
        (json!({"addInfographics": 7}), "invalid_add_on"),
        (json!({"couponCode": "NOPE"}), "invalid_coupon"),
    ] {
        let response = paying.pay("lifetime", body, Some(CARD_OK), Some(&token)).await;
        let body = error_body(response, StatusCode::BAD_REQUEST).await;
        assert_eq!(body["code"], code, "{body}");
    }
    let response = paying.pay("platinum", json!({}), Some(CARD_OK), Some(&token)).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_plan", "Invalid plan id").await;
    assert_eq!(paying.stripe.charge_count(), 1, "nothing else reached Stripe");
}

#[actix_web::test]
async fn a_guest_pays_then_signs_up_with_the_charge_id_and_it_attaches_once() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let missing = paying.pay("lifetime", json!({}), Some(CARD_OK), None).await;
    assert_error(missing, StatusCode::BAD_REQUEST, "missing_fields", "Please input an email address. We will send your payment receipt to that email.").await;
    let charge = result(paying.pay("lifetime", json!({"email": "Guest@Example.com"}), Some(CARD_OK), None).await).await;
    assert_eq!(charge["notLoggedIn"], true);
    assert_eq!(charge["isPaid"], false);
    let charge_id = charge["chargeId"].as_str().unwrap().to_owned();
    assert!(charge_id.starts_with("ch_") && charge_id.len() > 20, "not guessable: {charge_id}");
    let receipt = app.read_mail_to("guest@example.com").await;
    assert!(receipt.contains(&format!("/signup?chargeId={charge_id}")), "{receipt}");

    // Sign-up carries the chargeId: the new account has the plan at once.
    let mut registration = registration("new@example.com", PASSWORD);
    registration["chargeId"] = json!(charge_id);
    let signed_up = result(app.post("/api/user/register", &registration, None).await).await;
    assert_eq!(signed_up["user"]["isPaid"], true);
    assert_eq!(signed_up["user"]["planId"], "lifetime");
    let token = signed_up["token"].as_str().unwrap().to_owned();
    // The page also calls mark-as-paid: harmless the second time.
    let again = app.post("/api/user/mark-as-paid", &json!({"chargeId": charge_id}), Some(&token)).await;
    assert_eq!(again.status(), StatusCode::OK);

    // Nobody else can take it.
    let other = app.register("other@example.com", PASSWORD).await;
    let taken = app.post("/api/user/mark-as-paid", &json!({"chargeId": charge_id}), Some(&other)).await;
    assert_error(taken, StatusCode::CONFLICT, "charge_taken", "This payment is already attached to another account.").await;
    let unknown = app.post("/api/user/mark-as-paid", &json!({"chargeId": "ch_guess"}), Some(&other)).await;
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST);
    let account = result(app.get("/api/user/account", Some(&other)).await).await;
    assert_eq!(account["user"]["isPaid"], false);
    let anonymous = app.post("/api/user/mark-as-paid", &json!({"chargeId": charge_id}), None).await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
}

#[actix_web::test]
async fn a_guest_subscription_attaches_at_login_with_the_trials_own_end() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    app.register("later@example.com", PASSWORD).await;
    let charge = result(paying.pay("yearly", json!({"email": "later@example.com"}), Some(CARD_OK), None).await).await;
    let response = app.post("/api/user/login", &json!({"email": "later@example.com", "password": PASSWORD, "chargeId": charge["chargeId"]}), None).await;
    let login = result(response).await;
    assert_eq!(login["user"]["planId"], "yearly");
    assert_eq!(login["user"]["isPaid"], true);
    let (_, _, end) = stored_plan(app, "later@example.com");
    let days = (end.unwrap() - chrono::Utc::now()).num_hours();
    assert!((71..=72).contains(&days), "the 3-day trial's end, not a year: {days} h");
}

#[actix_web::test]
async fn a_declined_card_answers_the_providers_message_and_changes_nothing() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let token = app.register("ada@example.com", PASSWORD).await;
    for plan in ["lifetime", "monthly"] {
        let response = paying.pay(plan, json!({}), Some(CARD_DECLINED), Some(&token)).await;
        assert_error(response, StatusCode::PAYMENT_REQUIRED, "payment_declined", "Your card was declined.").await;
    }
    // No card, or a card id no script of the provider makes (the fuzzer found that one with a
    // space answered 502: it could not even be put in the request to Stripe).
    for sent in [json!({}), json!({"token": "a b"}), json!({"token": "pm_1/../charges"})] {
        let refused = paying.pay("lifetime", sent, None, Some(&token)).await;
        assert_error(
            refused,
            StatusCode::BAD_REQUEST,
            "payment_declined",
            "There was an error processing your request. Please make sure your card number is valid.",
        )
        .await;
    }
    // A well-formed id that names no PaymentMethod: Stripe refuses it (400 resource_missing on
    // the PaymentIntent, 404 on attach), which is the buyer's card, not Stripe, failing: asked
    // again, never a 502.
    for plan in ["lifetime", "monthly"] {
        let refused = paying.pay(plan, json!({"token": "pm_doesnotexist"}), None, Some(&token)).await;
        assert_error(
            refused,
            StatusCode::PAYMENT_REQUIRED,
            "payment_declined",
            "There was an error processing your request. Please make sure your card number is valid.",
        )
        .await;
    }
    assert!(charges(app).is_empty());
    assert_eq!(stored_plan(app, "ada@example.com").0, None);
    assert!(app.mails_to("ada@example.com").is_empty() || app.mails_to("ada@example.com").iter().all(|m| !m.contains("receipt")));
}

#[actix_web::test]
async fn three_d_secure_completes_only_once_the_bank_approves() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let token = app.register("ada@example.com", PASSWORD).await;
    let charge = result(paying.pay("lifetime", json!({}), Some(CARD_3DS), Some(&token)).await).await;
    assert_eq!(charge["status"], "requires_action");
    let secret = charge["clientSecret"].as_str().unwrap();
    assert!(secret.contains("_secret_"), "{secret}");
    let charge_id = charge["chargeId"].as_str().unwrap().to_owned();
    assert_eq!(stored_plan(app, "ada@example.com").0, None, "nothing until the bank agrees");

    let early = app.post("/api/charge/confirm", &json!({"chargeId": charge_id}), Some(&token)).await;
    assert_eq!(early.status(), StatusCode::CONFLICT);
    let intent = charges(app)[0].5.clone();
    assert!(paying.stripe.approve_3ds(&intent));
    let stranger = app.register("eve@example.com", PASSWORD).await;
    let theirs = app.post("/api/charge/confirm", &json!({"chargeId": charge_id}), Some(&stranger)).await;
    assert_eq!(theirs.status(), StatusCode::BAD_REQUEST, "only the buyer confirms");
    let confirmed = result(app.post("/api/charge/confirm", &json!({"chargeId": charge_id}), Some(&token)).await).await;
    assert_eq!(confirmed["status"], "succeeded");
    assert_eq!(confirmed["isPaid"], true);
    assert_eq!(stored_plan(app, "ada@example.com").0.as_deref(), Some("lifetime"));
    assert_eq!(app.wait_for_mails_to("ada@example.com", 1).await.len(), 1, "one receipt");
}

#[actix_web::test]
async fn without_card_payments_configured_checkout_says_so() {
    let app = spawn_app().await;
    let token = app.register("ada@example.com", PASSWORD).await;
    let response = app.post("/api/charge/process/monthly", &json!({"token": "pm_x"}), Some(&token)).await;
    assert_error(response, StatusCode::SERVICE_UNAVAILABLE, "not_configured", "This payment method is not available right now. Please choose another one.")
        .await;
    let settings = result(app.get("/api/charge/settings", None).await).await;
    assert_eq!(settings["card"], false);
    assert_eq!(settings["paypal"], false);
}

#[actix_web::test]
async fn an_expired_token_is_a_401_not_a_guest_checkout() {
    let paying = spawn_paying_app().await;
    let response = paying.pay("lifetime", json!({"email": "a@example.com"}), Some(CARD_OK), Some("not-a-token")).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert!(charges(&paying.app).is_empty());
}

#[actix_web::test]
async fn a_subscriptions_add_on_is_charged_once_not_with_every_renewal() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let token = app.register("ada@example.com", PASSWORD).await;
    let quote = result(app.post("/api/charge/quote", &json!({"planId": "monthly", "addInfographics": 20}), None).await).await;
    assert_eq!((quote["total"].as_i64(), quote["recurring"].as_i64()), (Some(2098), Some(999)));
    result(paying.pay("monthly", json!({"addInfographics": 20}), Some(CARD_OK), Some(&token)).await).await;
    let reference = charges(app)[0].5.clone();
    let subscription = paying.stripe.subscription(&reference).unwrap();
    assert_eq!(subscription["items"]["data"][0]["price"]["unit_amount"], 999, "renews at the plan's price");
    assert_eq!(paying.stripe.one_time_items(), vec![1099], "the add-on is on the first invoice only");
    assert_eq!(charges(app)[0].3, 2098);

    // PayPal: the add-on is the subscription's setup fee.
    let other = app.register("grace@example.com", PASSWORD).await;
    let started = result(app.post("/api/paypal/start", &json!({"planId": "yearly", "addInfographics": 50}), Some(&other)).await).await;
    let at_paypal = paying.paypal.subscription(started["subscriptionId"].as_str().unwrap()).unwrap();
    assert_eq!(at_paypal["plan"]["billing_cycles"][0]["pricing_scheme"]["fixed_price"]["value"], "59.99");
    assert_eq!(at_paypal["plan"]["payment_preferences"]["setup_fee"]["value"], "29.99");
}
