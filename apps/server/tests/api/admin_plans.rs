//! The back office's plans over HTTP: admins only, a new price applies to the next purchase at
//! Stripe, a new trial finds or makes PayPal's plan through the PayPal stand-in, every change has
//! its reason in the audit log, and bad input changes nothing.

use crate::common;

use common::payments::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};
use stand_ins::stripe::CARD_OK;

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

fn plan<'a>(plans: &'a Value, id: &str) -> &'a Value {
    plans["plans"].as_array().unwrap().iter().find(|p| p["id"] == id).unwrap()
}

#[actix_web::test]
async fn an_admin_changes_a_price_and_a_trial_and_the_next_purchases_follow() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let member = app.register("ada@example.com", PASSWORD).await;
    assert_eq!(app.get("/api/admin/plans", Some(&member)).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.put("/api/admin/plans/monthly", &json!({"price": 1, "reason": "x"}), Some(&member)).await.status(), StatusCode::FORBIDDEN);

    let listed = result(app.get("/api/admin/plans", Some(&admin)).await).await;
    assert_eq!(plan(&listed, "monthly")["paypalPlan"], "P-GISTBOOK-MONTHLY");
    assert!(listed["plans"].as_array().unwrap().iter().all(|p| p["kind"] != "book"), "single books are priced on the book form");

    // Bad input: the message, nothing changed.
    let refused = app.put("/api/admin/plans/monthly", &json!({"price": 1299}), Some(&admin)).await;
    assert_error(refused, StatusCode::BAD_REQUEST, "invalid_form", "Please give a reason for the change.").await;
    let refused = app.put("/api/admin/plans/monthly", &json!({"price": -5, "reason": "x"}), Some(&admin)).await;
    assert_error(refused, StatusCode::BAD_REQUEST, "invalid_form", "The price must be from $0.00 to $10,000.00.").await;
    let refused = app.put("/api/admin/plans/lifetime", &json!({"trialDays": 3, "reason": "x"}), Some(&admin)).await;
    assert_error(refused, StatusCode::BAD_REQUEST, "invalid_form", "Only subscriptions have a free trial.").await;
    assert_eq!(app.put("/api/admin/plans/nope", &json!({"price": 1, "reason": "x"}), Some(&admin)).await.status(), StatusCode::NOT_FOUND);

    // A new price: the pricing page and the next subscription at Stripe have it.
    let saved = result(app.put("/api/admin/plans/monthly", &json!({"price": 1299, "reason": "New price for new members"}), Some(&admin)).await).await;
    assert_eq!(saved["plan"]["price"], 1299);
    assert_eq!(plan(&result(app.get("/api/plans", None).await).await, "monthly")["price"], 1299);
    result(paying.pay("monthly", json!({}), Some(CARD_OK), Some(&member)).await).await;
    let subscription = paying.stripe.subscription(&charges(app)[0].5).expect("a subscription at Stripe");
    assert_eq!(subscription["items"]["data"][0]["price"]["unit_amount"], 1299);

    // A new trial: PayPal's plan with a 7-day trial is made through its API, and kept.
    let saved = result(app.put("/api/admin/plans/monthly", &json!({"trialDays": 7, "reason": "A week to try"}), Some(&admin)).await).await;
    assert_eq!(saved["plan"]["trialDays"], 7);
    let made = saved["plan"]["paypalPlan"].as_str().unwrap().to_owned();
    assert_ne!(made, "P-GISTBOOK-MONTHLY");
    let at_paypal = paying.paypal.plan(&made).expect("the plan at PayPal");
    assert_eq!(at_paypal["billing_cycles"][0]["frequency"], json!({"interval_unit": "DAY", "interval_count": 7}));
    assert_eq!(at_paypal["billing_cycles"][1]["frequency"]["interval_unit"], "MONTH");
    // Back to 3 days: the first plan is found again, not made twice.
    let back = result(app.put("/api/admin/plans/monthly", &json!({"trialDays": 3, "reason": "Back to three days"}), Some(&admin)).await).await;
    assert_eq!(back["plan"]["paypalPlan"], "P-GISTBOOK-MONTHLY");

    let entries = result(app.get("/api/admin/audit?action=plan.updated", Some(&admin)).await).await["entries"].clone();
    let reasons: Vec<&str> = entries.as_array().unwrap().iter().map(|e| e["reason"].as_str().unwrap()).collect();
    assert_eq!(reasons, ["Back to three days", "A week to try", "New price for new members"]);
}
