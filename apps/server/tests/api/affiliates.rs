//! The affiliate programme over HTTP: a member applies, an operator approves, a Premium purchase
//! through the affiliate's link (the checkout's `rId`) credits 10% once, a refund reverses it,
//! payouts are ledger entries within the balance, and the back office's calls are refused to
//! members.

use crate::common;

use common::payments::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};
use stand_ins::stripe::CARD_OK;

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

async fn error(response: reqwest::Response, status: StatusCode) -> String {
    error_body(response, status).await["error"].as_str().unwrap().to_owned()
}

fn application(name: &str) -> Value {
    json!({"name": name, "email": "payouts@example.com", "audience": "A newsletter about books, 12,000 readers", "acceptTerms": true})
}

async fn affiliate(app: &TestApp, token: &str) -> Value {
    result(app.get("/api/affiliate", Some(token)).await).await["affiliate"].clone()
}

async fn eventually_earned(app: &TestApp, token: &str, cents: i64) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let now = affiliate(app, token).await;
        if now["earnedCents"] == cents {
            return now;
        }
        assert!(std::time::Instant::now() < deadline, "earned {}, expected {cents}", now["earnedCents"]);
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[actix_web::test]
async fn a_member_applies_once_and_an_operator_decides_while_members_are_refused() {
    let app = spawn_app().await;
    let ann = app.register("ann@example.com", PASSWORD).await;
    let bo = app.register("bo@example.com", PASSWORD).await;
    let admin = app.admin("ops@example.com", PASSWORD).await;

    assert_eq!(app.get("/api/affiliate", None).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(affiliate(&app, &ann).await, Value::Null);
    let missing_terms = json!({"name": "Ann", "email": "payouts@example.com", "audience": "A blog"});
    assert_eq!(error(app.post("/api/affiliate/apply", &missing_terms, Some(&ann)).await, StatusCode::BAD_REQUEST).await, "Please accept the affiliate terms.");
    let bad_email = json!({"name": "Ann", "email": "payouts@", "audience": "A blog", "acceptTerms": true});
    assert_eq!(error(app.post("/api/affiliate/apply", &bad_email, Some(&ann)).await, StatusCode::BAD_REQUEST).await, "Please enter a valid email address.");
    assert_eq!(affiliate(&app, &ann).await, Value::Null, "a refused form keeps nothing");

    let pending = result(app.post("/api/affiliate/apply", &application(" Ann Reads "), Some(&ann)).await).await["affiliate"].clone();
    assert_eq!((pending["status"].as_str(), pending["name"].as_str(), pending["link"].clone()), (Some("pending"), Some("Ann Reads"), Value::Null));
    assert_eq!(error(app.post("/api/affiliate/apply", &application("Ann"), Some(&ann)).await, StatusCode::CONFLICT).await, "You have already applied.");

    // Members never reach the back office's calls.
    assert_eq!(app.get("/api/admin/affiliates", Some(&bo)).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.get("/api/admin/affiliates.csv", Some(&bo)).await.status(), StatusCode::FORBIDDEN);
    let ann_id = app.user_id("ann@example.com");
    let decide = |status: &str| json!({"status": status});
    assert_eq!(app.put(&format!("/api/admin/affiliates/{ann_id}"), &decide("approved"), Some(&bo)).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.post(&format!("/api/admin/affiliates/{ann_id}/payouts"), &json!({"amountCents": 1}), Some(&bo)).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(affiliate(&app, &ann).await["status"], "pending");

    let page = result(app.get("/api/admin/affiliates?filter=pending", Some(&admin)).await).await;
    assert_eq!((page["total"].as_i64(), page["pending"].as_i64()), (Some(1), Some(1)));
    assert_eq!(page["affiliates"][0]["accountEmail"], "ann@example.com");
    assert_eq!(page["affiliates"][0]["email"], "payouts@example.com");
    assert_eq!(error(app.put("/api/admin/affiliates/999999", &decide("approved"), Some(&admin)).await, StatusCode::NOT_FOUND).await, "Affiliate not found.");
    let pending_again = app.put(&format!("/api/admin/affiliates/{ann_id}"), &decide("pending"), Some(&admin)).await;
    assert_eq!(pending_again.status(), StatusCode::BAD_REQUEST);

    let approved = result(app.put(&format!("/api/admin/affiliates/{ann_id}"), &decide("approved"), Some(&admin)).await).await["affiliate"].clone();
    assert_eq!(approved["status"], "approved");
    assert!(approved["decidedAt"].as_i64().is_some());
    let own = affiliate(&app, &ann).await;
    let r_id = result(app.get("/api/user/refers", Some(&ann)).await).await["rId"].as_str().unwrap().to_owned();
    assert!(own["link"].as_str().unwrap().ends_with(&format!("/r/{r_id}")), "{own}");
    let approved_list = result(app.get("/api/admin/affiliates?filter=approved", Some(&admin)).await).await;
    assert_eq!((approved_list["total"].as_i64(), approved_list["pending"].as_i64()), (Some(1), Some(0)));

    // Security III §7: the decision and the CSV download are in the audit log, with who did them.
    let csv = app.get("/api/admin/affiliates.csv", Some(&admin)).await;
    assert_eq!(csv.headers()["content-disposition"], "attachment; filename=\"gistbook-affiliates.csv\"");
    let audit = result(app.get(&format!("/api/admin/audit?entityId={ann_id}"), Some(&admin)).await).await["entries"].clone();
    assert_eq!(audit[0]["action"], "affiliate.decided", "{audit}");
    assert_eq!((audit[0]["before"]["status"].clone(), audit[0]["after"]["status"].clone()), (json!("pending"), json!("approved")));
    assert_eq!(audit[0]["actorEmail"], "ops@example.com", "{audit}");
    let export = result(app.get("/api/admin/audit?entityId=gistbook-affiliates.csv", Some(&admin)).await).await["entries"].clone();
    assert_eq!(export[0]["action"], "export.downloaded", "{export}");
}

#[actix_web::test]
async fn a_premium_purchase_through_an_affiliate_link_earns_a_tenth_once_and_payouts_stay_within_the_balance() {
    // A clock the test moves: credits wait out the 30-day refund window before payouts.
    let paying = spawn_paying_app_with(AppOptions { fixed_clock: true, ..AppOptions::default() }).await;
    let app = &paying.app;
    let aff = app.register("aff@example.com", PASSWORD).await;
    let admin = app.admin("ops@example.com", PASSWORD).await;
    result(app.post("/api/affiliate/apply", &application("Aff"), Some(&aff)).await).await;
    let aff_id = app.user_id("aff@example.com");
    result(app.put(&format!("/api/admin/affiliates/{aff_id}"), &json!({"status": "approved"}), Some(&admin)).await).await;
    let r_id = result(app.get("/api/user/refers", Some(&aff)).await).await["rId"].as_str().unwrap().to_owned();

    // A member who signed up without a link buys lifetime through the affiliate's link; the
    // affiliate's own purchase through it earns nothing (each pays with a card of their own).
    let buyer = app.register("buyer@example.com", PASSWORD).await;
    result(paying.pay("lifetime", json!({"rId": r_id}), Some(CARD_OK), Some(&buyer)).await).await;
    result(paying.pay("lifetime", json!({"rId": r_id}), Some(stand_ins::stripe::CARD_OK_MASTERCARD), Some(&aff)).await).await;
    let paid = charges(app).into_iter().find(|c| c.1 == "buyer@example.com").unwrap();
    let tenth = (paid.3 * 10 + 50) / 100;
    assert!(tenth > 0);
    let figures = eventually_earned(app, &aff, tenth).await;
    // Inside the refund window: pending, nothing to pay out yet.
    assert_eq!((figures["pendingCents"].as_i64(), figures["paidOutCents"].as_i64(), figures["balanceCents"].as_i64()), (Some(tenth), Some(0), Some(0)));
    app.after_a_whole_pass("commission-ledger").await;
    assert_eq!(affiliate(app, &aff).await["earnedCents"], tenth, "later passes credit nothing more");
    let payouts = format!("/api/admin/affiliates/{aff_id}/payouts");
    let too_much = "The payout is more than the available balance (credits become available once their refund window has passed).";
    assert_eq!(error(app.post(&payouts, &json!({"amountCents": 1}), Some(&admin)).await, StatusCode::BAD_REQUEST).await, too_much);

    // A month on, the credit is available. Payouts: refused above it, recorded within it.
    app.advance(chrono::Duration::days(31));
    // (Sessions of a month ago have expired: the affiliate signs in again; another operator acts.)
    let aff = app.login("aff@example.com", PASSWORD).await;
    let admin = app.admin("ops2@example.com", PASSWORD).await;
    let matured = affiliate(app, &aff).await;
    assert_eq!((matured["pendingCents"].as_i64(), matured["balanceCents"].as_i64()), (Some(0), Some(tenth)));
    assert_eq!(error(app.post(&payouts, &json!({"amountCents": tenth + 1}), Some(&admin)).await, StatusCode::BAD_REQUEST).await, too_much);
    assert_eq!(error(app.post(&payouts, &json!({"amountCents": 0}), Some(&admin)).await, StatusCode::BAD_REQUEST).await, "Please enter an amount above zero.");
    let after = result(app.post(&payouts, &json!({"amountCents": tenth - 1, "note": "PayPal batch 7"}), Some(&admin)).await).await["affiliate"].clone();
    assert_eq!((after["paidOutCents"].as_i64(), after["balanceCents"].as_i64(), after["earnedCents"].as_i64()), (Some(tenth - 1), Some(1), Some(tenth)));
    let csv = app.get("/api/admin/affiliates.csv", Some(&admin)).await;
    assert_eq!(csv.status(), StatusCode::OK);
    assert!(csv.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    let csv = csv.text().await.unwrap();
    let dollars = |cents: i64| format!("{}.{:02}", cents / 100, cents % 100);
    assert!(csv.contains(",aff@example.com,Aff,payouts@example.com,approved,"), "{csv}");
    assert!(csv.contains(&format!(",{},0.00,{},0.01\r\n", dollars(tenth), dollars(tenth - 1))), "{csv}");

    // A refund reverses the credit exactly; the balance may go below zero after a payout.
    let refund = reqwest::Client::new()
        .post(format!("{}/v1/refunds", paying.stripe.base_url))
        .bearer_auth(stand_ins::stripe::SECRET_KEY)
        .form(&[("payment_intent", paid.5.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(refund.status(), StatusCode::OK);
    let refunded = eventually_earned(app, &aff, 0).await;
    assert_eq!(refunded["balanceCents"].as_i64(), Some(-(tenth - 1)));
}
