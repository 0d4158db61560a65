//! Referral commissions through real payments (Stripe's stand-in): a friend who signed up through
//! a member's link pays, the member is credited 25% once (repeated passes of the ledger job
//! add nothing), and a refund reverses the credit exactly, in an append-only ledger.

use crate::common;

use common::payments::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};
use stand_ins::stripe::{CARD_OK, WEBHOOK_SECRET};
use std::time::{Duration, Instant};

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

async fn earned(app: &TestApp, token: &str) -> i64 {
    result(app.get("/api/user/refers", Some(token)).await).await["refers"]["money"].as_i64().unwrap()
}

/// Takes the one row of the referred members' list out of the figures, without its join time.
fn only_row(figures: &mut Value) -> Value {
    let list = figures.as_object_mut().unwrap().remove("list").unwrap();
    let [row] = list.as_array().unwrap().as_slice() else { panic!("one referred member: {list}") };
    let mut row = row.clone();
    assert!(row.as_object_mut().unwrap().remove("joinedAt").is_some_and(|at| at.is_i64()), "{row}");
    row
}

async fn eventually_earned(app: &TestApp, token: &str, cents: i64) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let now = earned(app, token).await;
        if now == cents {
            return;
        }
        assert!(std::time::Instant::now() < deadline, "earned {now}, expected {cents}");
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

fn ledger(app: &TestApp) -> Vec<(String, i64)> {
    use diesel::prelude::*;
    use diesel::sql_types::{BigInt, Text};
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = Text)]
        kind: String,
        #[diesel(sql_type = BigInt)]
        amount_cents: i64,
    }
    let rows: Vec<Row> = diesel::sql_query("SELECT kind, amount_cents FROM referral_ledger ORDER BY id").load(&mut app.connect()).unwrap();
    rows.into_iter().map(|r| (r.kind, r.amount_cents)).collect()
}

/// A member who buys gifts through their own link, to observe the commission-ledger job's passes:
/// the job settles such a payment (it came through a link) but credits nobody (nobody earns from
/// their own purchase), so the ledger stays as it was.
struct PassMarker {
    token: String,
    referral_id: String,
}

impl PassMarker {
    async fn new(app: &TestApp) -> PassMarker {
        let token = app.register("marker@example.com", PASSWORD).await;
        let referral_id = result(app.get("/api/user/refers", Some(&token)).await).await["rId"].as_str().unwrap().to_owned();
        PassMarker { token, referral_id }
    }

    /// Pays for a gift through the marker's own link and waits until the job has settled that
    /// payment, in a pass that began after it.
    async fn settle_a_payment(&self, paying: &PayingApp) {
        let charge = result(paying.pay("gift", json!({"rId": self.referral_id}), Some(CARD_OK), Some(&self.token)).await).await;
        let charge_id = charge["chargeId"].as_str().unwrap_or_else(|| panic!("no chargeId: {charge}")).to_owned();
        let settled = format!("SELECT count(*) FROM referral_settled_payments WHERE charge_id = '{charge_id}'");
        let deadline = Instant::now() + Duration::from_secs(15);
        while count(&mut paying.app.connect(), &settled) == 0 {
            assert!(Instant::now() < deadline, "the commission-ledger job did not settle the payment {charge_id} within 15 s");
            actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Waits until a whole pass of the job has run after this call: the pass that settles a payment
    /// made now began after now, and it is over once a payment made after that is settled too
    /// (passes run one after another).
    async fn a_whole_pass(&self, paying: &PayingApp) {
        self.settle_a_payment(paying).await;
        self.settle_a_payment(paying).await;
    }
}

/// Ann signs up, and Bo signs up through her link: their tokens.
async fn ann_refers_bo(app: &TestApp) -> (String, String) {
    let ann = app.register("ann@example.com", PASSWORD).await;
    let referral_id = result(app.get("/api/user/refers", Some(&ann)).await).await["rId"].as_str().unwrap().to_owned();
    let mut body = registration("bo@example.com", PASSWORD);
    body["rId"] = json!(referral_id);
    let bo = ok_body(app.post("/api/user/register", &body, None).await, StatusCode::OK).await["result"]["token"].as_str().unwrap().to_owned();
    app.confirm_email("bo@example.com");
    (ann, bo)
}

#[actix_web::test]
async fn a_referred_friends_payment_credits_a_quarter_once_and_a_refund_reverses_it() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let (ann, bo) = ann_refers_bo(app).await;
    let marker = PassMarker::new(app).await;
    // Someone not referred pays too: nobody is credited for that.
    let cy = app.register("cy@example.com", PASSWORD).await;
    result(paying.pay("lifetime", json!({}), Some(CARD_OK), Some(&cy)).await).await;

    // The client's numbers are ignored; the server's price is what counts.
    result(paying.pay("lifetime", json!({"amount": 1, "price": 1}), Some(CARD_OK), Some(&bo)).await).await;
    let paid = charges(app).into_iter().find(|c| c.1 == "bo@example.com").unwrap();
    let expected = (paid.3 * 25 + 50) / 100; // a quarter, rounded half up
    assert!(expected > 0);
    eventually_earned(app, &ann, expected).await;
    let mut figures = result(app.get("/api/user/refers", Some(&ann)).await).await["refers"].clone();
    assert_eq!(only_row(&mut figures), json!({"paying": true, "earnedCents": expected, "pendingCents": expected, "status": "pending"}), "Bo's row");
    assert_eq!(figures, json!({"num": 1, "paying": 1, "money": expected, "pendingCents": expected, "availableCents": 0}));
    assert_eq!(earned(app, &cy).await, 0);

    // More passes of the job (every 100 ms here) credit nothing more.
    marker.a_whole_pass(&paying).await;
    assert_eq!(ledger(app), vec![("credit".to_owned(), expected)]);

    // A refund: a reversing entry, never an update.
    let refund = reqwest::Client::new()
        .post(format!("{}/v1/refunds", paying.stripe.base_url))
        .bearer_auth(stand_ins::stripe::SECRET_KEY)
        .form(&[("payment_intent", paid.5.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(refund.status(), StatusCode::OK);
    eventually_earned(app, &ann, 0).await;
    marker.a_whole_pass(&paying).await;
    assert_eq!(ledger(app), vec![("credit".to_owned(), expected), ("reversal".to_owned(), -expected)]);
    let mut figures = result(app.get("/api/user/refers", Some(&ann)).await).await["refers"].clone();
    assert_eq!(only_row(&mut figures), json!({"paying": false, "earnedCents": 0, "pendingCents": 0, "status": "none"}), "the refund took Bo's credit back");
    assert_eq!(figures["paying"], 0);

    // The ledger refuses updates and deletions outright.
    use diesel::RunQueryDsl;
    let mut conn = app.connect();
    assert!(diesel::sql_query("UPDATE referral_ledger SET amount_cents = 0").execute(&mut conn).is_err());
    assert!(diesel::sql_query("DELETE FROM referral_ledger").execute(&mut conn).is_err());
}

#[actix_web::test]
async fn a_referred_subscribers_payments_after_the_trial_credit_the_referrer_each_time_and_refunds_reverse_them() {
    use stand_ins::stripe::Advance;
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let (ann, bo) = ann_refers_bo(app).await;
    let marker = PassMarker::new(app).await;

    // Monthly starts with a free trial: nothing is paid, nothing is credited.
    result(paying.pay("monthly", json!({}), Some(CARD_OK), Some(&bo)).await).await;
    let subscription = charges(app)[0].5.clone();
    marker.a_whole_pass(&paying).await;
    assert_eq!(ledger(app), vec![]);

    // The trial ends and the first month is paid, then a renewal: a credit for each payment.
    let price = paying.stripe.subscription(&subscription).unwrap()["items"]["data"][0]["price"]["unit_amount"].as_i64().unwrap();
    let quarter = (price * 25 + 50) / 100;
    let first = paying.stripe.advance_subscription(&subscription, Advance::Renewal);
    eventually_earned(app, &ann, quarter).await;
    paying.stripe.advance_subscription(&subscription, Advance::Renewal);
    eventually_earned(app, &ann, 2 * quarter).await;
    // A duplicate delivery of a paid invoice credits nothing more.
    let url = app.url("/api/webhooks/stripe");
    let invoice_paid = first.iter().find(|e| e["type"] == "invoice.paid").unwrap();
    assert_eq!(stand_ins::stripe::StripeStandIn::send_event(&url, WEBHOOK_SECRET, invoice_paid).unwrap(), 200);
    marker.a_whole_pass(&paying).await;
    assert_eq!(ledger(app), vec![("credit".to_owned(), quarter), ("credit".to_owned(), quarter)]);

    // The first month is refunded: its credit is reversed, the renewal's stays.
    let intent = invoice_paid["data"]["object"]["payments"]["data"][0]["payment"]["payment_intent"].as_str().unwrap().to_owned();
    let refund = reqwest::Client::new()
        .post(format!("{}/v1/refunds", paying.stripe.base_url))
        .bearer_auth(stand_ins::stripe::SECRET_KEY)
        .form(&[("payment_intent", intent.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(refund.status(), StatusCode::OK);
    eventually_earned(app, &ann, quarter).await;
    assert_eq!(ledger(app), vec![("credit".to_owned(), quarter), ("credit".to_owned(), quarter), ("reversal".to_owned(), -quarter)]);
    // Bo's row counts his subscription's payments: the renewal's credit, still pending.
    let mut figures = result(app.get("/api/user/refers", Some(&ann)).await).await["refers"].clone();
    assert_eq!(only_row(&mut figures), json!({"paying": true, "earnedCents": quarter, "pendingCents": quarter, "status": "pending"}));
}

#[actix_web::test]
async fn a_referred_paypal_subscribers_renewal_credits_the_referrer_and_its_refund_reverses_it() {
    use stand_ins::paypal::Advance;
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let (ann, bo) = ann_refers_bo(app).await;
    let marker = PassMarker::new(app).await;

    let started = result(app.post("/api/paypal/start", &json!({"planId": "monthly"}), Some(&bo)).await).await;
    let subscription_id = started["subscriptionId"].as_str().unwrap().to_owned();
    paying.paypal.approve(&subscription_id);
    result(app.post("/api/paypal", &json!({"subscriptionId": subscription_id}), Some(&bo)).await).await;
    marker.a_whole_pass(&paying).await;
    assert_eq!(ledger(app), vec![], "the trial takes no money");

    let renewal = paying.paypal.advance_subscription(&subscription_id, Advance::Renewal);
    let sale = &renewal.iter().find(|e| e["event_type"] == "PAYMENT.SALE.COMPLETED").unwrap()["resource"];
    let total = sale["amount"]["total"].as_str().unwrap();
    let (dollars, cents) = total.split_once('.').unwrap();
    let paid = dollars.parse::<i64>().unwrap() * 100 + cents.parse::<i64>().unwrap();
    let quarter = (paid * 25 + 50) / 100;
    eventually_earned(app, &ann, quarter).await;

    paying.paypal.refund_sale(sale["id"].as_str().unwrap()).unwrap();
    eventually_earned(app, &ann, 0).await;
    assert_eq!(ledger(app), vec![("credit".to_owned(), quarter), ("reversal".to_owned(), -quarter)]);
}

#[actix_web::test]
async fn a_chargeback_reverses_the_referrers_credit_like_a_refund() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let (ann, bo) = ann_refers_bo(app).await;
    result(paying.pay("lifetime", json!({}), Some(CARD_OK), Some(&bo)).await).await;
    let paid = charges(app).into_iter().find(|c| c.1 == "bo@example.com").unwrap();
    let quarter = (paid.3 * 25 + 50) / 100;
    eventually_earned(app, &ann, quarter).await;

    let event = paying.stripe.chargeback(&paid.5).expect("a chargeback of the payment");
    // Delivered again (a retry): taken, and nothing more happens.
    let resent = stand_ins::stripe::StripeStandIn::send_event(&app.url("/api/webhooks/stripe"), WEBHOOK_SECRET, &event).unwrap();
    assert_eq!(resent, 200);
    eventually_earned(app, &ann, 0).await;
    assert_eq!(ledger(app), vec![("credit".to_owned(), quarter), ("reversal".to_owned(), -quarter)]);
    assert_eq!(charges(app).into_iter().find(|c| c.1 == "bo@example.com").unwrap().4, "disputed");
    assert_eq!(result(app.get("/api/user/account", Some(&bo)).await).await["user"]["isPaid"], false, "the chargeback took the lifetime back");

    // The dispute is won: the money and the lifetime come back.
    paying.stripe.dispute_won(&paid.5).expect("the dispute of the payment");
    eventually("the won dispute", || (charges(app).into_iter().find(|c| c.1 == "bo@example.com").unwrap().4 == "paid").then_some(())).await;
    let account = result(app.get("/api/user/account", Some(&bo)).await).await;
    assert_eq!((account["user"]["isPaid"].clone(), account["user"]["planId"].clone()), (json!(true), json!("lifetime")));
}

#[actix_web::test]
async fn nobody_earns_from_their_own_purchase_made_as_a_guest_through_their_own_link() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let ann = app.register("ann@example.com", PASSWORD).await;
    let r_id = result(app.get("/api/user/refers", Some(&ann)).await).await["rId"].as_str().unwrap().to_owned();
    let marker = PassMarker::new(app).await;
    // With her own address (any case) at a guest checkout: never credited.
    result(paying.pay("lifetime", json!({"rId": r_id, "email": "ANN@example.com"}), Some(CARD_OK), None).await).await;
    marker.a_whole_pass(&paying).await;
    assert_eq!(ledger(app), vec![]);

    // Under another address: it looks like a stranger's purchase, so it is credited, pending...
    let guest =
        result(paying.pay("lifetime", json!({"rId": r_id, "email": "alias@example.com"}), Some(stand_ins::stripe::CARD_OK_MASTERCARD), None).await).await;
    let quarter = (14_999 * 25 + 50) / 100;
    eventually_earned(app, &ann, quarter).await;
    assert_eq!(result(app.get("/api/user/refers", Some(&ann)).await).await["refers"]["pendingCents"], quarter);
    // ... until Ann attaches it to her account: then the credit is reversed, as her own.
    ok_body(app.post("/api/user/mark-as-paid", &json!({"chargeId": guest["chargeId"]}), Some(&ann)).await, StatusCode::OK).await;
    eventually_earned(app, &ann, 0).await;
    assert_eq!(ledger(app), vec![("credit".to_owned(), quarter), ("reversal".to_owned(), -quarter)]);
    // And a later purchase through her link with the card she paid with: nothing, while the
    // same purchase with another card is credited.
    let gift = |email: &str| json!({"rId": r_id, "email": email, "recipientEmail": "friend@example.com"});
    result(paying.pay("gift", gift("other@example.com"), Some(stand_ins::stripe::CARD_OK_MASTERCARD), None).await).await;
    marker.a_whole_pass(&paying).await;
    assert_eq!(ledger(app).len(), 2, "her card");
    result(paying.pay("gift", gift("stranger@example.com"), Some(stand_ins::stripe::MORE_CARDS_OK[0]), None).await).await;
    eventually_earned(app, &ann, (4_499 * 25 + 50) / 100).await;
}
