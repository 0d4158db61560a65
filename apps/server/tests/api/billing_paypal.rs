//! Paying with PayPal over HTTP against PostgreSQL and the PayPal stand-in (the real REST adapter):
//! orders at the server's price captured after approval, subscriptions checked with PayPal,
//! webhooks verified by PayPal, cancel and refund.

use crate::common;

use common::payments::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};
use stand_ins::paypal::{Advance, PayPalStandIn};

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

#[actix_web::test]
async fn a_member_pays_lifetime_with_paypal_once_approved() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let token = app.register("ada@example.com", PASSWORD).await;
    let started = result(app.post("/api/paypal/start", &json!({"planId": "lifetime", "addInfographics": 20, "price": 1}), Some(&token)).await).await;
    let order_id = started["orderId"].as_str().expect("an order").to_owned();
    assert_eq!(started["subscriptionId"], Value::Null);
    let order = paying.paypal.order(&order_id).unwrap();
    assert_eq!(order["purchase_units"][0]["amount"]["value"], "160.98", "14999 + 1099 cents, from the server");

    let early = app.post("/api/paypal", &json!({"orderId": order_id}), Some(&token)).await;
    assert_eq!(early.status(), StatusCode::PAYMENT_REQUIRED);
    assert_eq!(stored_plan(app, "ada@example.com").0, None);

    assert!(paying.paypal.approve(&order_id));
    let paid = result(app.post("/api/paypal", &json!({"orderId": order_id, "planId": "monthly", "email": "x@example.com"}), Some(&token)).await).await;
    assert_eq!(paid["status"], "succeeded");
    assert_eq!(paid["isPaid"], true);
    assert_eq!(stored_plan(app, "ada@example.com").0.as_deref(), Some("lifetime"));
    // A double submit captures nothing more.
    let again = app.post("/api/paypal", &json!({"orderId": order_id}), Some(&token)).await;
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(paying.paypal.capture_count(), 1);
    let receipt = app.read_mail_to("ada@example.com").await;
    assert!(receipt.contains("Paid with: PayPal") && receipt.contains("$160.98"), "{receipt}");

    // Someone else cannot complete (or learn about) Ada's order.
    let eve = app.register("eve@example.com", PASSWORD).await;
    let theirs = app.post("/api/paypal", &json!({"orderId": order_id}), Some(&eve)).await;
    assert_eq!(theirs.status(), StatusCode::BAD_REQUEST);
}

#[actix_web::test]
async fn a_guest_subscribes_with_paypal_and_signs_up_with_the_charge_id() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let missing = app.post("/api/paypal/start", &json!({"planId": "monthly"}), None).await;
    assert_error(missing, StatusCode::BAD_REQUEST, "missing_fields", "Please input an email address. We will send your payment receipt to that email.").await;
    let started = result(app.post("/api/paypal/start", &json!({"planId": "monthly", "email": "guest@example.com"}), None).await).await;
    let subscription_id = started["subscriptionId"].as_str().expect("a subscription").to_owned();
    let at_paypal = paying.paypal.subscription(&subscription_id).unwrap();
    assert_eq!(at_paypal["plan_id"], "P-GISTBOOK-MONTHLY");
    assert_eq!(at_paypal["status"], "APPROVAL_PENDING");

    let early = app.post("/api/paypal", &json!({"subscriptionId": subscription_id}), None).await;
    assert_error(early, StatusCode::PAYMENT_REQUIRED, "payment_declined", "Error processing Paypal payment. Please try again.").await;
    assert!(paying.paypal.approve(&subscription_id));
    let paid = result(app.post("/api/paypal", &json!({"subscriptionId": subscription_id}), None).await).await;
    assert_eq!(paid["notLoggedIn"], true);
    let mut registration = registration("guest@example.com", PASSWORD);
    registration["chargeId"] = paid["chargeId"].clone();
    let signed_up = result(app.post("/api/user/register", &registration, None).await).await;
    assert_eq!(signed_up["user"]["planId"], "monthly");
    assert_eq!(signed_up["user"]["isPaid"], true);
    let token = signed_up["token"].as_str().unwrap().to_owned();
    let shown = result(app.get("/api/charge/subscription", Some(&token)).await).await;
    assert_eq!(shown["subscription"]["paidWith"], "paypal");
    assert_eq!(shown["subscription"]["status"], "trialing");
}

/// Ada with a monthly PayPal subscription: (token, charge id, PayPal's subscription id).
async fn paypal_subscriber(paying: &PayingApp) -> (String, String, String) {
    let app = &paying.app;
    let token = app.register("ada@example.com", PASSWORD).await;
    let started = result(app.post("/api/paypal/start", &json!({"planId": "monthly"}), Some(&token)).await).await;
    let subscription_id = started["subscriptionId"].as_str().unwrap().to_owned();
    paying.paypal.approve(&subscription_id);
    let paid = result(app.post("/api/paypal", &json!({"subscriptionId": subscription_id}), Some(&token)).await).await;
    (token, paid["chargeId"].as_str().unwrap().to_owned(), subscription_id)
}

#[actix_web::test]
async fn paypal_webhooks_are_verified_with_paypal_and_move_the_subscription() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let (_, charge_id, subscription_id) = paypal_subscriber(&paying).await;
    let trial_end = stored_plan(app, "ada@example.com").2.unwrap();
    let url = app.url("/api/webhooks/paypal");
    paying.paypal.set_webhook("http://127.0.0.1:9/nowhere");
    let events = paying.paypal.advance_subscription(&subscription_id, Advance::Renewal);
    assert!(!events.is_empty());
    for event in &events {
        assert_eq!(PayPalStandIn::deliver(&url, &paying.paypal.forge(event)).unwrap(), 400, "a forged signature");
        assert_eq!(
            PayPalStandIn::deliver(&url, &paying.paypal.sign_event_at(event, chrono::Utc::now() - chrono::Duration::seconds(400))).unwrap(),
            400,
            "an old transmission"
        );
    }
    assert_eq!(stored_plan(app, "ada@example.com").2, Some(trial_end), "nothing changed");
    for event in events.iter().chain(events.iter()) {
        assert_eq!(paying.paypal.send_event(&url, event).unwrap(), 200);
    }
    let renewed = stored_plan(app, "ada@example.com").2.unwrap();
    assert!((renewed - trial_end).num_days() >= 28, "renewed to {renewed}, trial ended {trial_end}");
    assert_eq!(subscription_status(app, &charge_id).as_deref(), Some("active"));

    for event in paying.paypal.advance_subscription(&subscription_id, Advance::Ended) {
        assert_eq!(paying.paypal.send_event(&url, &event).unwrap(), 200);
    }
    assert_eq!(subscription_status(app, &charge_id).as_deref(), Some("expired"));
}

#[actix_web::test]
async fn cancelling_a_paypal_subscription_keeps_access_to_the_paid_period() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let (token, _, subscription_id) = paypal_subscriber(&paying).await;
    let end = stored_plan(app, "ada@example.com").2;
    let cancelled = result(app.post("/api/charge/cancel", &json!({"reason": "not using it right now"}), Some(&token)).await).await;
    assert_eq!(cancelled["subscription"]["status"], "canceled");
    assert_eq!(paying.paypal.subscription(&subscription_id).unwrap()["status"], "CANCELLED");
    // PayPal's CANCELLED webhook arrives too, and changes nothing.
    eventually("PayPal's cancel event", || paying.paypal.events().iter().any(|e| e["event_type"] == "BILLING.SUBSCRIPTION.CANCELLED").then_some(())).await;
    eventually("PayPal's cancel event delivered", || paying.paypal.delivered(|e| e["event_type"] == "BILLING.SUBSCRIPTION.CANCELLED").then_some(())).await;
    assert_eq!(stored_plan(app, "ada@example.com").2, end);
    let account = result(app.get("/api/user/account", Some(&token)).await).await;
    assert_eq!(account["user"]["isPaid"], true);
}

#[actix_web::test]
async fn a_paypal_refund_takes_back_a_lifetime_plan() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let token = app.register("ada@example.com", PASSWORD).await;
    let started = result(app.post("/api/paypal/start", &json!({"planId": "lifetime"}), Some(&token)).await).await;
    let order_id = started["orderId"].as_str().unwrap().to_owned();
    paying.paypal.approve(&order_id);
    result(app.post("/api/paypal", &json!({"orderId": order_id}), Some(&token)).await).await;
    let capture_id = paying.paypal.order(&order_id).unwrap()["purchase_units"][0]["payments"]["captures"][0]["id"].as_str().unwrap().to_owned();
    paying.paypal.refund_capture(&capture_id).expect("refunded");
    eventually("the refund", || (charges(app)[0].4 == "refunded").then_some(())).await;
    let account = result(app.get("/api/user/account", Some(&token)).await).await;
    assert_eq!(account["user"]["isPaid"], false);
}
