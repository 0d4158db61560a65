//! Coupons over HTTP: operators make and end them in the back office (admins with two-factor, each
//! change audited with its reason), the site offer the banner reads, uses counted atomically under
//! parallel checkouts through the Stripe stand-in, wrong guesses throttled; and the infographic
//! add-ons delivered.

use crate::common;

use common::payments::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};
use stand_ins::stripe::CARD_OK;

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

/// The error envelope's message, after checking the status.
async fn error_message(response: reqwest::Response, status: StatusCode) -> String {
    error_body(response, status).await["error"].as_str().unwrap_or_default().to_owned()
}

fn coupon(code: &str, percent: i64) -> Value {
    json!({"code": code, "percentOff": percent, "reason": "Spring campaign"})
}

#[actix_web::test]
async fn coupon_calls_are_for_admins_only_and_change_nothing_otherwise() {
    let app = spawn_app().await;
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let member = app.register("ada@example.com", PASSWORD).await;
    for token in [None, Some(member.as_str())] {
        let expected = if token.is_some() { StatusCode::FORBIDDEN } else { StatusCode::UNAUTHORIZED };
        assert_eq!(app.get("/api/admin/coupons", token).await.status(), expected);
        assert_eq!(app.post("/api/admin/coupons", &coupon("SNEAKY", 90), token).await.status(), expected);
        assert_eq!(app.put("/api/admin/coupons/SNEAKY", &coupon("SNEAKY", 90), token).await.status(), expected);
        assert_eq!(app.post("/api/admin/coupons/SNEAKY/end", &json!({"reason": "x"}), token).await.status(), expected);
    }
    let listed = result(app.get("/api/admin/coupons", Some(&admin)).await).await;
    assert_eq!(listed["coupons"], json!([]), "nothing was made by a member");
}

#[actix_web::test]
async fn an_admin_makes_the_site_offer_the_banner_announces_it_and_ending_it_stops_it() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let admin = app.admin("boss@example.com", PASSWORD).await;
    assert_eq!(result(app.get("/api/offer", None).await).await["offer"], Value::Null, "no offer, no banner");

    // Bad input: the form's message, nothing stored.
    let refused = app.post("/api/admin/coupons", &json!({"code": "SPRING40", "percentOff": 40}), Some(&admin)).await;
    assert_eq!(error_message(refused, StatusCode::BAD_REQUEST).await, "Please give a reason for the change.");
    let refused = app.post("/api/admin/coupons", &json!({"code": "SPRING40", "percentOff": 40, "amountOff": 500, "reason": "x"}), Some(&admin)).await;
    assert_eq!(error_message(refused, StatusCode::BAD_REQUEST).await, "Give either a percentage from 1 to 100 or an amount off, not both.");
    let refused = app.post("/api/admin/coupons", &json!({"code": "SPRING40", "percentOff": 40, "planIds": ["nope"], "reason": "x"}), Some(&admin)).await;
    assert_eq!(error_message(refused, StatusCode::BAD_REQUEST).await, "There is no such plan.");
    assert_eq!(result(app.get("/api/admin/coupons", Some(&admin)).await).await["coupons"], json!([]));

    let until = (chrono::Utc::now() + chrono::Duration::days(10)).timestamp_millis();
    let body =
        json!({"code": "spring40", "percentOff": 40, "validUntil": until, "siteOffer": true, "planIds": ["lifetime", "yearly"], "reason": "Spring campaign"});
    let added = result(app.post("/api/admin/coupons", &body, Some(&admin)).await).await;
    assert_eq!(added["coupon"]["code"], "SPRING40");
    assert_eq!(added["coupon"]["state"], "running");
    let offer = result(app.get("/api/offer", None).await).await["offer"].clone();
    assert_eq!(offer, json!({"code": "SPRING40", "percentOff": 40, "amountOff": 0, "endsAt": until, "planIds": ["lifetime", "yearly"]}));

    // The audit log has the addition with its reason.
    let entries = result(app.get("/api/admin/audit?action=coupon.added", Some(&admin)).await).await["entries"].clone();
    assert_eq!(entries.as_array().unwrap().len(), 1, "{entries}");
    assert_eq!(entries[0]["reason"], "Spring campaign");
    assert_eq!(entries[0]["entityId"], "SPRING40");

    // A guest buys lifetime with it: 40% off, counted, listed with the coupon.
    let quote = result(app.post("/api/charge/quote", &json!({"planId": "lifetime", "couponCode": "spring40"}), None).await).await;
    assert_eq!((quote["percentOff"].as_i64(), quote["total"].as_i64()), (Some(40), Some(8999)));
    let paid = paying.pay("lifetime", json!({"email": "guest@example.com", "couponCode": "SPRING40"}), Some(CARD_OK), None).await;
    assert_eq!(result(paid).await["status"], "succeeded");
    assert_eq!(charges(app).last().unwrap().3, 8999);
    let shown = result(app.get("/api/admin/coupons/spring40", Some(&admin)).await).await;
    assert_eq!(shown["coupon"]["redemptions"], 1);
    assert_eq!(shown["uses"][0]["email"], "guest@example.com");
    assert_eq!(shown["uses"][0]["amount"], 8999);
    assert_eq!(shown["uses"][0]["status"], "paid");

    // A second offer takes the banner's place: one at a time.
    let second = json!({"code": "SUMMER10", "amountOff": 1000, "siteOffer": true, "reason": "Summer"});
    result(app.post("/api/admin/coupons", &second, Some(&admin)).await).await;
    assert_eq!(result(app.get("/api/offer", None).await).await["offer"]["code"], "SUMMER10");
    let listed = result(app.get("/api/admin/coupons", Some(&admin)).await).await["coupons"].clone();
    let offers: Vec<&str> = listed.as_array().unwrap().iter().filter(|c| c["siteOffer"] == true).map(|c| c["code"].as_str().unwrap()).collect();
    assert_eq!(offers, ["SUMMER10"]);

    // Ended: no banner, refused at checkout, and the end is audited with its reason.
    let refused = app.post("/api/admin/coupons/SUMMER10/end", &json!({"reason": " "}), Some(&admin)).await;
    assert_eq!(error_message(refused, StatusCode::BAD_REQUEST).await, "Please give a reason for the change.");
    let ended = result(app.post("/api/admin/coupons/SUMMER10/end", &json!({"reason": "Budget spent"}), Some(&admin)).await).await;
    assert_eq!(ended["coupon"]["state"], "ended");
    assert_eq!(result(app.get("/api/offer", None).await).await["offer"], Value::Null);
    let refused = app.post("/api/charge/quote", &json!({"planId": "lifetime", "couponCode": "SUMMER10"}), None).await;
    assert_eq!(error_message(refused, StatusCode::BAD_REQUEST).await, "This coupon has expired.");
    let entries = result(app.get("/api/admin/audit?action=coupon.ended", Some(&admin)).await).await["entries"].clone();
    assert_eq!(entries[0]["reason"], "Budget spent");
}

#[actix_web::test]
async fn twenty_parallel_checkouts_on_a_coupon_of_five_give_exactly_five_discounts() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let body = json!({"code": "FIVE", "percentOff": 50, "maxRedemptions": 5, "reason": "Limited"});
    result(app.post("/api/admin/coupons", &body, Some(&admin)).await).await;
    let cards: Vec<String> = (0..20).map(|_| paying.card(CARD_OK)).collect();
    let checkouts = cards.iter().enumerate().map(|(n, card)| async move {
        let body = json!({"email": format!("buyer{n}@example.com"), "couponCode": "FIVE", "token": card});
        app.post("/api/charge/process/lifetime", &body, None).await
    });
    let answers = futures::future::join_all(checkouts).await;
    let mut paid = 0;
    for answer in answers {
        match answer.status() {
            StatusCode::OK => paid += 1,
            StatusCode::BAD_REQUEST => assert_eq!(error_message(answer, StatusCode::BAD_REQUEST).await, "This coupon has been used up."),
            other => panic!("unexpected answer {other}: {}", answer.text().await.unwrap_or_default()),
        }
    }
    assert_eq!(paid, 5);
    let stored = charges(app);
    assert_eq!(stored.len(), 5, "nothing recorded for the refused ones");
    assert!(stored.iter().all(|c| c.3 == 7499 && c.4 == "paid"), "$149.99 less half (rounded up to $75.00): {stored:?}");
    let shown = result(app.get("/api/admin/coupons/FIVE", Some(&admin)).await).await;
    assert_eq!((shown["coupon"]["redemptions"].as_i64(), shown["coupon"]["state"].as_str()), (Some(5), Some("used up")));
}

#[actix_web::test]
async fn a_once_per_member_coupon_is_refused_the_second_time_before_any_card_is_charged() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let admin = app.admin("boss@example.com", PASSWORD).await;
    result(app.post("/api/admin/coupons", &json!({"code": "WELCOME", "percentOff": 20, "oncePerMember": true, "reason": "New members"}), Some(&admin)).await)
        .await;
    let ada = app.register("ada@example.com", PASSWORD).await;
    let first = paying
        .pay("gift", json!({"couponCode": "WELCOME", "senderName": "Ada", "recipientName": "Grace", "recipientMsg": "Hi"}), Some(CARD_OK), Some(&ada))
        .await;
    assert_eq!(result(first).await["status"], "succeeded");
    let check = app.post("/api/charge/coupon", &json!({"coupon": "welcome", "planId": "gift"}), Some(&ada)).await;
    assert_eq!(error_message(check, StatusCode::BAD_REQUEST).await, "You have already used this coupon.");
    let before = charges(app).len();
    let again = paying
        .pay("gift", json!({"couponCode": "WELCOME", "senderName": "Ada", "recipientName": "Bob", "recipientMsg": "Hi"}), Some(CARD_OK), Some(&ada))
        .await;
    assert_eq!(error_message(again, StatusCode::BAD_REQUEST).await, "You have already used this coupon.");
    assert_eq!(charges(app).len(), before, "the second purchase was never charged");
}

#[actix_web::test]
async fn wrong_coupon_codes_are_throttled_and_then_even_a_right_one_is_not_looked_up() {
    let app = spawn_app().await;
    let admin = app.admin("boss@example.com", PASSWORD).await;
    result(app.post("/api/admin/coupons", &coupon("REALCODE", 10), Some(&admin)).await).await;
    for n in 0..10 {
        let wrong = app.post("/api/charge/coupon", &json!({"coupon": format!("GUESS{n}"), "planId": "lifetime"}), None).await;
        assert_eq!(error_message(wrong, StatusCode::BAD_REQUEST).await, "This coupon code is not valid.");
    }
    let right = app.post("/api/charge/coupon", &json!({"coupon": "REALCODE", "planId": "lifetime"}), None).await;
    assert_eq!(error_message(right, StatusCode::TOO_MANY_REQUESTS).await, "Too many wrong coupon codes. Please wait 15 minutes and try again.");
    let quoted = app.post("/api/charge/quote", &json!({"planId": "lifetime", "couponCode": "REALCODE"}), None).await;
    assert_eq!(quoted.status(), StatusCode::TOO_MANY_REQUESTS);
    // Without a coupon, buying goes on.
    assert_eq!(app.post("/api/charge/quote", &json!({"planId": "lifetime"}), None).await.status(), StatusCode::OK);
}

/// The files of a ZIP: (name, text) for each entry.
fn unzip(bytes: &[u8]) -> Vec<(String, String)> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a ZIP");
    (0..archive.len())
        .map(|i| {
            let mut file = archive.by_index(i).unwrap();
            let mut text = String::new();
            std::io::Read::read_to_string(&mut file, &mut text).unwrap();
            (file.name().expect("a name").to_string(), text)
        })
        .collect()
}

#[actix_web::test]
async fn infographics_bought_with_a_plan_are_delivered_and_listed_and_stop_after_a_chargeback() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let seeded = app.seed_catalogue();
    let with_infographics = seeded.books.len();
    let ada = app.register("ada@example.com", PASSWORD).await;
    let paid = result(paying.pay("lifetime", json!({"addInfographics": 20}), Some(CARD_OK), Some(&ada)).await).await;
    let url = paid["infographicsUrl"].as_str().expect("a download link").to_owned();
    assert_eq!(url, format!("/api/charge/{}/infographics", paid["chargeId"].as_str().unwrap()));
    assert_eq!(charges(app)[0].3, 14999 + 1099);

    // The guest's key is the purchase id: no sign-in needed.
    let download = app.get(&url, None).await;
    assert_eq!(download.status(), StatusCode::OK);
    assert_eq!(download.headers()["content-type"], "application/zip");
    let files = unzip(&download.bytes().await.unwrap());
    let images: Vec<&(String, String)> = files.iter().filter(|(name, _)| name.ends_with(".svg")).collect();
    assert!(!images.is_empty() && images.len() <= 20, "{files:?}");
    assert!(images.iter().all(|(_, svg)| svg.starts_with("<svg")));
    let readme = &files.iter().find(|(name, _)| name == "README.txt").expect("a README").1;
    assert!(readme.starts_with(&format!("Gistbook infographics: {} of the 20 you bought.", images.len())), "{readme}");
    assert!(with_infographics > 0);

    // The receipt links to it, and the account lists it.
    let receipt = app.read_mail_to("ada@example.com").await;
    assert!(receipt.contains(&format!("Your 20 infographics, to download (keep this link):\nhttp://127.0.0.1:4000{url}")), "{receipt}");
    let listed = result(app.get("/api/charge/infographics", Some(&ada)).await).await;
    assert_eq!(listed["purchases"][0]["count"], 20);
    assert_eq!(listed["purchases"][0]["url"], url);
    assert_eq!(app.get("/api/charge/infographics", None).await.status(), StatusCode::UNAUTHORIZED);

    // A purchase without them, a guessed id, or a disputed one: nothing.
    let plain = result(paying.pay("gift", json!({"recipientEmail": "g@example.com"}), Some(CARD_OK), Some(&ada)).await).await;
    assert_eq!(plain["infographicsUrl"], Value::Null);
    let none = app.get(&format!("/api/charge/{}/infographics", plain["chargeId"].as_str().unwrap()), None).await;
    assert_eq!(error_message(none, StatusCode::NOT_FOUND).await, "We could not find infographics for this purchase.");
    assert_eq!(app.get("/api/charge/ch_guessed/infographics", None).await.status(), StatusCode::NOT_FOUND);
    let reference = charges(app)[0].5.clone();
    paying.stripe.chargeback(&reference).expect("a dispute");
    eventually("the dispute to be recorded", || (charges(app)[0].4 == "disputed").then_some(())).await;
    assert_eq!(app.get(&url, None).await.status(), StatusCode::NOT_FOUND);
}
