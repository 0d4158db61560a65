//! The PayPal adapter against the PayPal stand-in: real HTTP, PayPal's JSON shapes.

use billing::gateway::{
    CaptureOutcome, PayPalOrderRequest, PayPalPayments, PayPalSubscriptionRequest, ProviderEvent, RenewingSubscriptions, VerifiedEvent, WebhookRejected,
    WebhookVerifier, PAYPAL,
};
use billing::model::{Cents, Interval};
use billing::subscription::SubscriptionStatus;
use chrono::{DateTime, Months, TimeDelta, Utc};
use payments::paypal::{PayPalClient, PayPalSettings, PayPalWebhooks};
use serde_json::{json, Value};
use stand_ins::paypal::{Advance, PayPalStandIn, CLIENT_ID, CLIENT_SECRET, PLAN_MONTHLY, PLAN_YEARLY, WEBHOOK_ID};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn settings(base: &str) -> PayPalSettings {
    PayPalSettings { client_id: CLIENT_ID.into(), client_secret: CLIENT_SECRET.into(), api_base: base.into(), webhook_id: WEBHOOK_ID.into() }
}

fn started() -> (PayPalStandIn, PayPalClient, PayPalWebhooks) {
    let stand_in = PayPalStandIn::start().expect("the PayPal stand-in");
    let client = PayPalClient::new(&settings(&stand_in.base_url)).expect("the client");
    let webhooks = PayPalWebhooks::new(&settings(&stand_in.base_url)).expect("the webhooks");
    (stand_in, client, webhooks)
}

fn order(cents: i64, charge_id: &str) -> PayPalOrderRequest {
    PayPalOrderRequest { amount: Cents(cents), description: "Gistbook Premium Lifetime".into(), charge_id: charge_id.into() }
}

fn subscription(plan: &str, cents: i64, charge_id: &str) -> PayPalSubscriptionRequest {
    PayPalSubscriptionRequest {
        paypal_plan: plan.into(),
        amount: Cents(cents),
        setup_fee: Cents(0),
        interval: if plan == PLAN_YEARLY { Interval::Year } else { Interval::Month },
        trial_days: 3,
        email: Some("reader@example.com".into()),
        charge_id: charge_id.into(),
    }
}

fn time(value: &Value) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(value.as_str().expect("a time")).expect("RFC 3339").with_timezone(&Utc)
}

/// A subscription approved by the buyer (in its trial), with its trial end as the stand-in says.
fn running_subscription(stand_in: &PayPalStandIn, client: &PayPalClient, charge_id: &str) -> (String, DateTime<Utc>) {
    let id = client.create_subscription(&subscription(PLAN_MONTHLY, 999, charge_id)).expect("a subscription");
    assert!(stand_in.approve(&id));
    let trial_end = time(&stand_in.subscription(&id).unwrap()["billing_info"]["next_billing_time"]);
    (id, trial_end)
}

fn verify(webhooks: &PayPalWebhooks, delivery: &stand_ins::paypal::Delivery) -> Result<VerifiedEvent, WebhookRejected> {
    webhooks.verify(&delivery.body, &delivery.headers)
}

fn verify_event(stand_in: &PayPalStandIn, webhooks: &PayPalWebhooks, event: &Value) -> ProviderEvent {
    let verified = verify(webhooks, &stand_in.sign_event(event)).expect("a genuine event verifies");
    assert_eq!(verified.id, event["id"].as_str().unwrap());
    verified.event
}

fn closed_port_url() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    drop(listener);
    url
}

#[test]
fn the_access_token_is_asked_for_once_and_again_when_paypal_drops_it() {
    let (stand_in, client, _) = started();
    assert_eq!(stand_in.token_requests(), 0, "no call is made before one is needed");
    client.create_order(&order(1000, "ch_token1")).unwrap();
    client.create_order(&order(1000, "ch_token2")).unwrap();
    assert!(client.paypal_subscription("I-UNKNOWN").unwrap().is_none());
    assert_eq!(stand_in.token_requests(), 1, "the token is kept");
    stand_in.expire_tokens();
    client.create_order(&order(1000, "ch_token3")).expect("a new token after a 401");
    assert_eq!(stand_in.token_requests(), 2);
}

#[test]
fn wrong_credentials_are_unavailable_and_the_cause_holds_no_secret() {
    let stand_in = PayPalStandIn::start().unwrap();
    let wrong = PayPalSettings { client_secret: "not-the-secret-4f9a".into(), ..settings(&stand_in.base_url) };
    let client = PayPalClient::new(&wrong).unwrap();
    let error = client.create_order(&order(1000, "ch_creds")).unwrap_err();
    assert!(error.0.contains("refused the client credentials"), "{error}");
    assert!(!error.0.contains("not-the-secret-4f9a"), "{error}");
}

#[test]
fn an_order_is_made_at_billings_amount_once_per_charge() {
    let (stand_in, client, _) = started();
    let id = client.create_order(&order(16198, "ch_order1")).unwrap();
    let made = stand_in.order(&id).expect("the order");
    assert_eq!(made["status"], "CREATED");
    assert_eq!(made["intent"], "CAPTURE");
    let unit = &made["purchase_units"][0];
    assert_eq!(unit["amount"], json!({"currency_code": "USD", "value": "161.98"}));
    assert_eq!(unit["custom_id"], "ch_order1");
    assert_eq!(unit["description"], "Gistbook Premium Lifetime");

    let small = client.create_order(&order(5, "ch_order2")).unwrap();
    assert_eq!(stand_in.order(&small).unwrap()["purchase_units"][0]["amount"]["value"], "0.05");
    assert_eq!(client.create_order(&order(16198, "ch_order1")).unwrap(), id, "a retried start makes no second order");
}

#[test]
fn capture_is_refused_before_approval_and_takes_billings_amount_after() {
    let (stand_in, client, _) = started();
    let id = client.create_order(&order(16198, "ch_capture1")).unwrap();
    let refused = client.capture_order(&id).unwrap();
    assert!(
        matches!(&refused, CaptureOutcome::Refused { message: Some(m) } if m.starts_with("Payer has not yet approved the Order for payment.")),
        "{refused:?}"
    );
    assert!(stand_in.approve(&id));
    let captured = client.capture_order(&id).unwrap();
    let CaptureOutcome::Captured { capture, amount } = &captured else { panic!("{captured:?}") };
    assert_eq!(*amount, Cents(16198));
    assert_eq!(stand_in.order(&id).unwrap()["purchase_units"][0]["payments"]["captures"][0]["id"], json!(capture));
    assert_eq!(stand_in.capture_count(), 1);
}

#[test]
fn a_second_capture_reads_back_the_first_and_takes_nothing_more() {
    let (stand_in, client, _) = started();
    let id = client.create_order(&order(2999, "ch_twice")).unwrap();
    assert!(stand_in.approve(&id));
    let first = client.capture_order(&id).unwrap();
    assert!(matches!(first, CaptureOutcome::Captured { amount: Cents(2999), .. }), "{first:?}");
    // The first answer was lost and billing asks again: the same capture, no second one.
    assert_eq!(client.capture_order(&id).unwrap(), first);
    assert_eq!(stand_in.capture_count(), 1);
    // Captured by another request (its answer lost with a crash): what it took.
    let other = client.create_order(&order(1099, "ch_elsewhere")).unwrap();
    assert!(stand_in.approve(&other));
    let capture = stand_in.capture(&other).expect("captured by another request");
    assert_eq!(client.capture_order(&other).unwrap(), CaptureOutcome::Captured { capture, amount: Cents(1099) });
}

#[test]
fn an_order_captured_and_refunded_or_unknown_is_refused() {
    let (stand_in, client, _) = started();
    let id = client.create_order(&order(2999, "ch_refunded")).unwrap();
    assert!(stand_in.approve(&id));
    let capture = stand_in.capture(&id).unwrap();
    stand_in.refund_capture(&capture).unwrap();
    let refused = client.capture_order(&id).unwrap();
    assert!(matches!(&refused, CaptureOutcome::Refused { message: Some(m) } if m.starts_with("Order already captured")), "{refused:?}");
    assert_eq!(stand_in.capture_count(), 1);
    let unknown = client.capture_order("ORDER-NOPE").unwrap();
    assert!(matches!(&unknown, CaptureOutcome::Refused { message: Some(m) } if m.contains("does not exist")), "{unknown:?}");
    assert_eq!(client.capture_order("../v1/oauth2/token").unwrap(), CaptureOutcome::Refused { message: None });
}

#[test]
fn a_subscription_is_made_at_billings_price_and_runs_once_approved() {
    let (stand_in, client, _) = started();
    let id = client.create_subscription(&subscription(PLAN_MONTHLY, 799, "ch_sub1")).unwrap();
    let made = stand_in.subscription(&id).unwrap();
    assert_eq!(made["plan_id"], PLAN_MONTHLY);
    assert_eq!(made["custom_id"], "ch_sub1");
    assert_eq!(made["subscriber"]["email_address"], "reader@example.com");
    assert_eq!(made["plan"]["billing_cycles"][0]["sequence"], 2);
    assert_eq!(made["plan"]["billing_cycles"][0]["pricing_scheme"]["fixed_price"], json!({"currency_code": "USD", "value": "7.99"}));
    assert_eq!(client.create_subscription(&subscription(PLAN_MONTHLY, 799, "ch_sub1")).unwrap(), id, "a retried start makes no second one");

    let pending = client.paypal_subscription(&id).unwrap().expect("known");
    assert_eq!((pending.paypal_plan.as_str(), pending.custom_id.as_deref(), pending.snapshot), (PLAN_MONTHLY, Some("ch_sub1"), None));
    assert_eq!(client.subscription(&id).unwrap(), None, "not running before the buyer approved it");

    assert!(stand_in.approve(&id));
    let trial_end = time(&stand_in.subscription(&id).unwrap()["billing_info"]["next_billing_time"]);
    let running = client.paypal_subscription(&id).unwrap().unwrap().snapshot.expect("running");
    assert_eq!((running.status, running.current_period_end), (SubscriptionStatus::Trialing, trial_end));
    let expected_end = Utc::now() + TimeDelta::days(3);
    assert!((running.current_period_end - expected_end).num_seconds().abs() < 60, "{running:?}");
    assert!((Utc::now() - running.as_of).num_seconds().abs() < 60, "as of now");
    assert_eq!(client.subscription(&id).unwrap().map(|s| s.status), Some(SubscriptionStatus::Trialing));
    assert_eq!(client.paypal_subscription("I-NOPE").unwrap(), None);
}

#[test]
fn a_subscription_to_an_unknown_plan_is_refused() {
    let (_stand_in, client, _) = started();
    let error = client.create_subscription(&subscription("P-NOPE", 999, "ch_noplan")).unwrap_err();
    assert!(error.0.contains("404"), "{error}");
}

#[test]
fn cancel_turns_renewal_off_and_keeps_the_paid_period() {
    let (stand_in, client, _) = started();
    let (id, trial_end) = running_subscription(&stand_in, &client, "ch_cancel");
    let cancelled = client.cancel_at_period_end(&id).unwrap();
    assert_eq!((cancelled.status, cancelled.current_period_end), (SubscriptionStatus::Canceled, trial_end));
    let at_paypal = stand_in.subscription(&id).unwrap();
    assert_eq!(at_paypal["status"], "CANCELLED");
    assert!(at_paypal["billing_info"].get("next_billing_time").is_none());
    assert_eq!(stand_in.events().last().unwrap()["event_type"], "BILLING.SUBSCRIPTION.CANCELLED");
    // Asked again (a retry): still cancelled, and PayPal's own floor is not after the paid period.
    let again = client.cancel_at_period_end(&id).unwrap();
    assert_eq!(again.status, SubscriptionStatus::Canceled);
    assert!(again.current_period_end <= trial_end);
    assert!(client.cancel_at_period_end("I-NOPE").is_err());
}

#[test]
fn a_genuine_event_verifies_and_maps_to_the_subscription_as_of_its_time() {
    let (stand_in, client, webhooks) = started();
    assert_eq!(webhooks.provider(), PAYPAL);
    let (id, trial_end) = running_subscription(&stand_in, &client, "ch_hook1");
    let activated = stand_in.events().into_iter().find(|e| e["event_type"] == "BILLING.SUBSCRIPTION.ACTIVATED").expect("activated");
    let ProviderEvent::Subscription { subscription, snapshot } = verify_event(&stand_in, &webhooks, &activated) else { panic!("not a subscription event") };
    assert_eq!(subscription, id);
    assert_eq!((snapshot.status, snapshot.current_period_end), (SubscriptionStatus::Trialing, trial_end));
    assert_eq!(snapshot.as_of, time(&activated["create_time"]));
}

#[test]
fn a_forged_or_altered_delivery_is_a_bad_signature() {
    let (stand_in, client, webhooks) = started();
    running_subscription(&stand_in, &client, "ch_forged");
    let event = stand_in.events().pop().unwrap();
    assert_eq!(verify(&webhooks, &stand_in.forge(&event)), Err(WebhookRejected::BadSignature));

    let mut altered = stand_in.sign_event(&event);
    altered.body = altered.body.replace("ACTIVE", "EXPIRED");
    assert_ne!(altered.body, event.to_string());
    assert_eq!(verify(&webhooks, &altered), Err(WebhookRejected::BadSignature));

    let mut unsigned = stand_in.sign_event(&event);
    unsigned.headers.retain(|(name, _)| name != "PAYPAL-TRANSMISSION-SIG");
    assert_eq!(verify(&webhooks, &unsigned), Err(WebhookRejected::BadSignature));

    let someone_else = PayPalWebhooks::new(&PayPalSettings { webhook_id: "SOMEONEELSESWEBHOOK".into(), ..settings(&stand_in.base_url) }).unwrap();
    assert_eq!(verify(&someone_else, &stand_in.sign_event(&event)), Err(WebhookRejected::BadSignature), "sent for another webhook");
}

#[test]
fn an_old_or_future_transmission_is_stale() {
    let (stand_in, client, webhooks) = started();
    running_subscription(&stand_in, &client, "ch_stale");
    let event = stand_in.events().pop().unwrap();
    let old = stand_in.sign_event_at(&event, Utc::now() - TimeDelta::seconds(400));
    assert_eq!(verify(&webhooks, &old), Err(WebhookRejected::StaleTimestamp));
    let future = stand_in.sign_event_at(&event, Utc::now() + TimeDelta::seconds(400));
    assert_eq!(verify(&webhooks, &future), Err(WebhookRejected::StaleTimestamp));
    let recent = stand_in.sign_event_at(&event, Utc::now() - TimeDelta::seconds(200));
    assert!(verify(&webhooks, &recent).is_ok(), "within five minutes");
}

#[test]
fn nothing_is_known_while_paypal_is_down() {
    let (stand_in, client, webhooks) = started();
    running_subscription(&stand_in, &client, "ch_down");
    let event = stand_in.events().pop().unwrap();
    let delivery = stand_in.sign_event(&event);

    let unreachable = PayPalWebhooks::new(&settings(&closed_port_url())).unwrap();
    let rejected = verify(&unreachable, &delivery);
    assert!(
        matches!(&rejected, Err(WebhookRejected::Unavailable(cause)) if cause.contains("could not be reached") && !cause.contains(CLIENT_SECRET)),
        "{rejected:?}"
    );

    stand_in.set_unavailable(true);
    assert!(matches!(verify(&webhooks, &delivery), Err(WebhookRejected::Unavailable(cause)) if cause.contains("503")));
    let error = client.create_order(&order(1000, "ch_down2")).unwrap_err();
    assert!(error.0.contains("503"), "{error}");
    stand_in.set_unavailable(false);
    assert!(verify(&webhooks, &delivery).is_ok(), "back up");
    let error = PayPalClient::new(&settings(&closed_port_url())).unwrap().paypal_subscription("I-1").unwrap_err();
    assert!(error.0.contains("could not be reached"), "{error}");
}

#[test]
fn not_an_event_is_malformed_and_other_events_are_other() {
    let (stand_in, client, webhooks) = started();
    let id = client.create_order(&order(1000, "ch_other")).unwrap();
    assert!(stand_in.approve(&id));
    let approved = stand_in.events().into_iter().find(|e| e["event_type"] == "CHECKOUT.ORDER.APPROVED").expect("order approved");
    assert_eq!(verify_event(&stand_in, &webhooks, &approved), ProviderEvent::Other);
    let mut garbage = stand_in.sign_event(&approved);
    garbage.body = "not json".into();
    assert_eq!(verify(&webhooks, &garbage), Err(WebhookRejected::Malformed));
}

#[test]
fn renewals_failures_and_ends_map_to_the_right_events() {
    let (stand_in, client, webhooks) = started();
    let (id, trial_end) = running_subscription(&stand_in, &client, "ch_advance");

    let renewal = stand_in.advance_subscription(&id, Advance::Renewal);
    let kinds: Vec<&str> = renewal.iter().map(|e| e["event_type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["PAYMENT.SALE.COMPLETED"]);
    let ProviderEvent::SubscriptionTouched { subscription, payment: Some(payment) } = verify_event(&stand_in, &webhooks, &renewal[0]) else {
        panic!("a paid renewal")
    };
    let sale = renewal[0]["resource"]["id"].as_str().unwrap();
    assert_eq!((subscription.as_str(), payment.id.as_str(), payment.reference.as_deref(), payment.first), (id.as_str(), sale, Some(sale), false));
    assert!(payment.amount.0 > 0);
    let refunded = stand_in.refund_sale(sale).unwrap();
    assert_eq!(verify_event(&stand_in, &webhooks, &refunded), ProviderEvent::Refunded { reference: sale.to_owned() });
    assert_eq!(stand_in.refund_sale(sale), None, "a sale is refunded once");
    let renewed = client.subscription(&id).unwrap().unwrap();
    assert_eq!((renewed.status, renewed.current_period_end), (SubscriptionStatus::Active, trial_end.checked_add_months(Months::new(1)).unwrap()));

    let failed = stand_in.advance_subscription(&id, Advance::PaymentFailed);
    let kinds: Vec<&str> = failed.iter().map(|e| e["event_type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["BILLING.SUBSCRIPTION.PAYMENT.FAILED", "BILLING.SUBSCRIPTION.SUSPENDED"]);
    assert_eq!(verify_event(&stand_in, &webhooks, &failed[0]), ProviderEvent::RenewalFailed { subscription: id.clone() });
    let ProviderEvent::Subscription { subscription, snapshot } = verify_event(&stand_in, &webhooks, &failed[1]) else { panic!("suspended") };
    assert_eq!((subscription.as_str(), snapshot.status), (id.as_str(), SubscriptionStatus::Paused), "payments stopped: no access until re-activated");
    assert_eq!(snapshot.current_period_end, renewed.current_period_end, "the period PayPal shows is kept");

    let ended = stand_in.advance_subscription(&id, Advance::Ended);
    let kinds: Vec<&str> = ended.iter().map(|e| e["event_type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["BILLING.SUBSCRIPTION.EXPIRED"]);
    let ProviderEvent::Subscription { snapshot, .. } = verify_event(&stand_in, &webhooks, &ended[0]) else { panic!("expired") };
    assert_eq!(snapshot.status, SubscriptionStatus::Expired);
    assert!(snapshot.as_of > time(&failed[1]["create_time"]), "events are ordered");
}

#[test]
fn a_refund_maps_to_the_order_billing_keeps() {
    let (stand_in, client, webhooks) = started();
    let order_id = client.create_order(&order(4499, "ch_refund")).unwrap();
    assert!(stand_in.approve(&order_id));
    let CaptureOutcome::Captured { capture, .. } = client.capture_order(&order_id).unwrap() else { panic!("captured") };
    let refunded = stand_in.refund_capture(&capture).expect("refunded");
    assert_eq!(refunded["event_type"], "PAYMENT.CAPTURE.REFUNDED");
    assert_eq!(verify_event(&stand_in, &webhooks, &refunded), ProviderEvent::Refunded { reference: order_id.clone() });
    assert!(stand_in.refund_capture(&capture).is_none(), "refunded once");

    // Without `related_ids`, the refund's `up` link leads to the capture, which names the order.
    let mut bare = refunded.clone();
    bare["id"] = json!("WH-BARE-REFUND");
    bare["resource"].as_object_mut().unwrap().remove("supplementary_data");
    assert_eq!(verify_event(&stand_in, &webhooks, &bare), ProviderEvent::Refunded { reference: order_id });
}

/// One received request: its headers (lower-case names) and body.
type Received = (Vec<(String, String)>, String);

/// A receiver of webhook deliveries.
fn receiver() -> (String, Arc<Mutex<Vec<Received>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://127.0.0.1:{}/api/webhooks/paypal", listener.local_addr().unwrap().port());
    let received = Arc::new(Mutex::new(Vec::new()));
    let store = received.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            let mut headers = Vec::new();
            loop {
                line.clear();
                if reader.read_line(&mut line).unwrap() == 0 || line.trim().is_empty() {
                    break;
                }
                let (name, value) = line.split_once(':').unwrap();
                headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
            }
            let length: usize = headers.iter().find(|(n, _)| n == "content-length").map_or(0, |(_, v)| v.parse().unwrap());
            let mut body = vec![0; length];
            reader.read_exact(&mut body).unwrap();
            store.lock().unwrap().push((headers, String::from_utf8(body).unwrap()));
            let mut stream = stream;
            stream.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").unwrap();
        }
    });
    (url, received)
}

#[test]
fn deliveries_to_the_webhook_url_carry_headers_that_verify() {
    let (stand_in, client, webhooks) = started();
    let (url, received) = receiver();
    stand_in.set_webhook(&url);
    let (id, _) = running_subscription(&stand_in, &client, "ch_delivered");
    {
        let received = received.lock().unwrap();
        assert_eq!(received.len(), 1, "approve() delivers before it returns");
        let (headers, body) = &received[0];
        assert_eq!(headers.iter().find(|(n, _)| n == "paypal-auth-algo").map(|(_, v)| v.as_str()), Some("SHA256withRSA"));
        assert_eq!(headers.iter().find(|(n, _)| n == "paypal-cert-url").map(|(_, v)| v.clone()), Some(format!("{}/certs/standin", stand_in.base_url)));
        let verified = webhooks.verify(body, headers).expect("a delivered event verifies");
        assert!(matches!(verified.event, ProviderEvent::Subscription { ref subscription, .. } if *subscription == id));
    }
    // An API call's events arrive after its answer.
    client.cancel_at_period_end(&id).unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    while received.lock().unwrap().len() < 2 {
        assert!(Instant::now() < deadline, "the cancel event never arrived");
        std::thread::sleep(Duration::from_millis(20));
    }
    let (headers, body) = received.lock().unwrap()[1].clone();
    let verified = webhooks.verify(&body, &headers).unwrap();
    assert!(matches!(verified.event, ProviderEvent::Subscription { snapshot, .. } if snapshot.status == SubscriptionStatus::Canceled));
    // A replay of the same delivery verifies as the same event (billing processes each id once).
    assert_eq!(webhooks.verify(&body, &headers).unwrap().id, verified.id);
}
