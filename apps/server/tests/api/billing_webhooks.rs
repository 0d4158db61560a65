//! Stripe's webhooks over HTTP: signatures, duplicates, order, and the subscription's life
//! (renewal, failed renewal, end, refund), turning renewal off, and account deletion.

use crate::common;

use common::payments::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};
use stand_ins::stripe::{signature_header, Advance, StripeStandIn, CARD_OK, WEBHOOK_SECRET};

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

/// Ada, signed in, with a monthly subscription bought by card: (token, charge id, Stripe's id).
async fn subscriber(paying: &PayingApp) -> (String, String, String) {
    let token = paying.app.register("ada@example.com", PASSWORD).await;
    let charge = result(paying.pay("monthly", json!({}), Some(CARD_OK), Some(&token)).await).await;
    let charge_id = charge["chargeId"].as_str().unwrap().to_owned();
    let reference = charges(&paying.app)[0].5.clone();
    (token, charge_id, reference)
}

async fn post_event(app: &TestApp, payload: &str, signature: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/webhooks/stripe"))
        .header("Stripe-Signature", signature)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .body(payload.to_owned())
        .send()
        .await
        .unwrap()
}

fn end_paid(app: &TestApp) -> Option<chrono::DateTime<chrono::Utc>> {
    stored_plan(app, "ada@example.com").2
}

#[actix_web::test]
async fn a_bad_signature_or_a_stale_timestamp_is_refused_and_changes_nothing() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let (_, charge_id, reference) = subscriber(&paying).await;
    let before = end_paid(app);
    let mut subscription = paying.stripe.subscription(&reference).unwrap();
    subscription["status"] = json!("canceled");
    subscription["ended_at"] = json!(chrono::Utc::now().timestamp());
    let event = json!({
        "id": "evt_forged", "object": "event", "api_version": "2025-11-17.clover", "created": chrono::Utc::now().timestamp() + 5,
        "data": {"object": subscription}, "livemode": false, "pending_webhooks": 1,
        "request": {"id": null, "idempotency_key": null}, "type": "customer.subscription.deleted",
    });
    let payload = event.to_string();
    let now = chrono::Utc::now().timestamp();
    let forged = post_event(app, &payload, &signature_header(&payload, "whsec_guess", now)).await;
    assert_error(forged, StatusCode::BAD_REQUEST, "bad_webhook", "the webhook signature is not valid").await;
    let stale = post_event(app, &payload, &signature_header(&payload, WEBHOOK_SECRET, now - 400)).await;
    assert_error(stale, StatusCode::BAD_REQUEST, "stale_webhook", "the webhook is too old (or from the future)").await;
    let unsigned = post_event(app, &payload, "").await;
    assert_eq!(unsigned.status(), StatusCode::BAD_REQUEST);
    assert_eq!(subscription_status(app, &charge_id).as_deref(), Some("trialing"));
    assert_eq!(end_paid(app), before);

    // Signed properly, the same event is applied.
    let good = result(post_event(app, &payload, &signature_header(&payload, WEBHOOK_SECRET, now)).await).await;
    assert_eq!(good["outcome"], "applied");
    assert_eq!(subscription_status(app, &charge_id).as_deref(), Some("expired"));
}

#[actix_web::test]
async fn the_same_event_three_times_has_one_effect() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let (_, charge_id, reference) = subscriber(&paying).await;
    paying.stripe.set_webhook("http://127.0.0.1:9/nowhere", WEBHOOK_SECRET);
    let renewal = paying.stripe.advance_subscription(&reference, Advance::Renewal).pop().unwrap();
    let url = app.url("/api/webhooks/stripe");
    let statuses: Vec<u16> = (0..3).map(|_| StripeStandIn::send_event(&url, WEBHOOK_SECRET, &renewal).unwrap()).collect();
    assert_eq!(statuses, [200, 200, 200]);
    assert_eq!(subscription_status(app, &charge_id).as_deref(), Some("active"));
    let renewed_end = renewal["data"]["object"]["items"]["data"][0]["current_period_end"].as_i64().unwrap();
    assert_eq!(end_paid(app).unwrap().timestamp(), renewed_end);
    use diesel::prelude::*;
    let recorded: i64 = db::schema::provider_events::table
        .filter(db::schema::provider_events::event_id.eq(renewal["id"].as_str().unwrap()))
        .count()
        .get_result(&mut app.connect())
        .unwrap();
    assert_eq!(recorded, 1);
}

#[actix_web::test]
async fn shuffled_events_leave_the_right_final_state() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let (_, charge_id, reference) = subscriber(&paying).await;
    paying.stripe.set_webhook("http://127.0.0.1:9/nowhere", WEBHOOK_SECRET);
    let mut events = Vec::new();
    events.extend(paying.stripe.advance_subscription(&reference, Advance::Renewal));
    events.extend(paying.stripe.advance_subscription(&reference, Advance::PaymentFailed));
    events.extend(paying.stripe.advance_subscription(&reference, Advance::Renewal));
    let last_end = events.last().unwrap()["data"]["object"]["items"]["data"][0]["current_period_end"].as_i64().unwrap();
    events.reverse();
    let url = app.url("/api/webhooks/stripe");
    for event in &events {
        assert_eq!(StripeStandIn::send_event(&url, WEBHOOK_SECRET, event).unwrap(), 200);
    }
    assert_eq!(subscription_status(app, &charge_id).as_deref(), Some("active"), "the newest state, whatever the arrival order");
    assert_eq!(end_paid(app).unwrap().timestamp(), last_end);
}

#[actix_web::test]
async fn renewal_failed_renewal_and_the_end_move_access_as_stripe_reports() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let (token, charge_id, reference) = subscriber(&paying).await;
    let trial_end = end_paid(app).unwrap();

    paying.stripe.advance_subscription(&reference, Advance::Renewal);
    let renewed = eventually("the renewal", || end_paid(app).filter(|end| *end > trial_end)).await;
    assert!((renewed - trial_end).num_days() >= 28);

    let failed_at = chrono::Utc::now();
    paying.stripe.advance_subscription(&reference, Advance::PaymentFailed);
    eventually("past due", || (subscription_status(app, &charge_id).as_deref() == Some("past_due")).then_some(())).await;
    // While Stripe retries, access lasts the grace week from the failure (never past what was paid),
    // and the member is told how to update the card.
    let grace = end_paid(app).unwrap();
    assert!(grace < renewed, "{grace} is not cut from {renewed}");
    let week = chrono::Duration::days(billing::subscription::PAST_DUE_GRACE_DAYS);
    // (The stand-in stamps events a second apart, so its clock may run a little ahead.)
    let minute = chrono::Duration::minutes(1);
    assert!(grace >= failed_at + week - minute && grace <= chrono::Utc::now() + week + minute, "{grace}");
    assert_eq!(result(app.get("/api/user/account", Some(&token)).await).await["user"]["isPaid"], true, "paid through the grace week");
    // Waited for by its subject: the receipt of the purchase may reach the outbox at any time.
    let mail =
        eventually("the payment-failed mail", || app.mails_to("ada@example.com").into_iter().find(|m| m.contains("Subject: Your Gistbook payment failed")))
            .await;
    assert!(mail.contains("/account/payment-method"), "{mail}");

    paying.stripe.advance_subscription(&reference, Advance::Ended);
    eventually("the end", || (subscription_status(app, &charge_id).as_deref() == Some("expired")).then_some(())).await;
    let account = result(app.get("/api/user/account", Some(&token)).await).await;
    assert_eq!(account["user"]["isPaid"], false, "retries ran out: access ended");
}

#[actix_web::test]
async fn a_refund_takes_back_a_lifetime_plan() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let token = app.register("ada@example.com", PASSWORD).await;
    result(paying.pay("lifetime", json!({}), Some(CARD_OK), Some(&token)).await).await;
    let intent = charges(app)[0].5.clone();
    let refund = reqwest::Client::new()
        .post(format!("{}/v1/refunds", paying.stripe.base_url))
        .bearer_auth(stand_ins::stripe::SECRET_KEY)
        .form(&[("payment_intent", intent.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(refund.status(), StatusCode::OK);
    eventually("the refund", || (charges(app)[0].4 == "refunded").then_some(())).await;
    let account = result(app.get("/api/user/account", Some(&token)).await).await;
    assert_eq!(account["user"]["isPaid"], false);
}

#[actix_web::test]
async fn cancelling_needs_a_reason_turns_renewal_off_and_keeps_access_to_the_period_end() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let (token, _, reference) = subscriber(&paying).await;
    let end = end_paid(app);
    for body in [json!({}), json!({"reason": ""}), json!({"reason": "bored"})] {
        let response = app.post("/api/charge/cancel", &body, Some(&token)).await;
        assert_error(response, StatusCode::BAD_REQUEST, "missing_fields", "Please choose a reason.").await;
    }
    assert_eq!(paying.stripe.subscription(&reference).unwrap()["cancel_at_period_end"], false);
    let cancelled = result(app.post("/charge/cancel", &json!({"reason": "too expensive"}), Some(&token)).await).await;
    assert_eq!(cancelled["subscription"]["status"], "canceled");
    assert_eq!(cancelled["subscription"]["renews"], false);
    assert_eq!(paying.stripe.subscription(&reference).unwrap()["cancel_at_period_end"], true);
    assert_eq!(end_paid(app), end, "access lasts until the period end");
    let account = result(app.get("/api/user/account", Some(&token)).await).await;
    assert_eq!(account["user"]["isPaid"], true);
    let again = app.post("/api/charge/cancel", &json!({"reason": "other"}), Some(&token)).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    use diesel::prelude::*;
    let reasons: Vec<String> = db::schema::cancellations::table.select(db::schema::cancellations::reason).load(&mut app.connect()).unwrap();
    assert_eq!(reasons, ["too expensive"]);
    let nobody = app.post("/api/charge/cancel", &json!({"reason": "other"}), None).await;
    assert_eq!(nobody.status(), StatusCode::UNAUTHORIZED);
}

#[actix_web::test]
async fn deleting_the_account_turns_renewal_off_and_keeps_the_charge_anonymised() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let (token, _, reference) = subscriber(&paying).await;
    let deleted = app.post("/api/user/delete", &json!({"why": "Moving on.", "how": "A friend.", "password": PASSWORD}), Some(&token)).await;
    assert_eq!(deleted.status(), StatusCode::OK);
    eventually("renewal off at Stripe", || (paying.stripe.subscription(&reference).unwrap()["cancel_at_period_end"] == true).then_some(())).await;
    let charges = charges(app);
    assert_eq!(charges.len(), 1, "kept for accounting");
    assert!(charges[0].1.ends_with("@deleted.invalid"), "{}", charges[0].1);
}

#[actix_web::test]
async fn an_event_about_someone_elses_subscription_is_ignored() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let (_, _, reference) = subscriber(&paying).await;
    paying.stripe.set_webhook("http://127.0.0.1:9/nowhere", WEBHOOK_SECRET);
    let mut event = paying.stripe.advance_subscription(&reference, Advance::Renewal).pop().unwrap();
    event["id"] = json!("evt_other");
    event["data"]["object"]["id"] = json!("sub_not_ours");
    let payload = event.to_string();
    let answer = result(post_event(app, &payload, &signature_header(&payload, WEBHOOK_SECRET, chrono::Utc::now().timestamp())).await).await;
    assert_eq!(answer["outcome"], "ignored");
}
