//! Gifts and codes over HTTP: a gift bought by a guest, e-mailed, redeemed once at sign-up or by a
//! member (extending their plan), parallel redemptions, StackSocial imports, throttling.

use crate::common;

use common::payments::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};
use stand_ins::stripe::CARD_OK;

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

/// The code in the newest gift mail to `email` (receipts may come after it; the buyer's copies of
/// gifts sent to others are not gifts to them).
async fn gift_code(app: &TestApp, email: &str) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    while std::time::Instant::now() < deadline {
        let codes: Vec<String> = app
            .mails_to(email)
            .iter()
            .filter(|mail| !mail.contains("A copy of the gift you sent to"))
            .filter_map(|mail| mail.lines().find_map(|l| l.trim().strip_prefix("Your gift code: ")).map(|c| c.trim().to_owned()))
            .collect();
        if let Some(code) = codes.last() {
            return code.clone();
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no gift mail to {email}")
}

#[actix_web::test]
async fn a_guest_gives_a_year_that_the_recipient_redeems_once_at_sign_up() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let gift = json!({"gift": true, "senderName": "Ada", "recipientName": "Grace", "recipientEmail": "grace@example.com", "recipientMsg": "For your commute.", "email": "ada@example.com"});
    let charge = result(paying.pay("gift", gift, Some(CARD_OK), None).await).await;
    assert_eq!(charge["status"], "succeeded");
    assert_eq!(charges(app)[0].3, 4499);
    let code = gift_code(app, "grace@example.com").await;
    let mail = app.read_mail_to("grace@example.com").await;
    assert!(mail.contains("Ada has given you a year") && mail.contains("For your commute."), "{mail}");
    // The buyer's copy and receipt may reach the outbox after the recipient's mail.
    let to_buyer = app.wait_for_mails_to("ada@example.com", 2).await;
    assert!(to_buyer.iter().any(|m| m.contains("Your Gistbook receipt")), "the buyer gets the receipt");

    let signup = json!({"username": "grace@example.com", "password": PASSWORD, "firstName": "Grace", "lastName": "Hopper", "code": code, "timezone": "UTC"});
    let signed_up = result(app.post("/api/user/subscription-code-register", &signup, None).await).await;
    assert_eq!(signed_up["user"]["planId"], "gift");
    assert_eq!(signed_up["user"]["isPaid"], true);
    let end = signed_up["user"]["endPaidDate"].as_i64().unwrap();
    let days = (end - chrono::Utc::now().timestamp_millis()) / 86_400_000;
    assert!((364..=365).contains(&days), "{days} days");

    let again = json!({"username": "eve@example.com", "password": PASSWORD, "firstName": "Eve", "lastName": "E", "code": code, "timezone": "UTC"});
    let refused = app.post("/api/user/subscription-code-register", &again, None).await;
    // Used once only.
    assert_error(refused, StatusCode::BAD_REQUEST, "invalid_subscription_code", "This subscription code is invalid or has already been used.").await;
}

/// The codes listed in the newest mail of several gifts to `email` (one a line under "Your gift
/// codes:", each followed by its link).
async fn listed_gift_codes(app: &TestApp, email: &str) -> Vec<String> {
    let mails = app.wait_for_mails_to(email, 1).await;
    let mail = mails.iter().rev().find(|m| m.contains("Your gift codes:")).unwrap_or_else(|| panic!("no mail of several gifts to {email}"));
    let list = mail.split_once("Your gift codes:").unwrap().1;
    list.lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let (code, link) = l.split_once(char::is_whitespace).unwrap_or_else(|| panic!("a code and its link: {l}"));
            assert!(link.trim().ends_with(&format!("/subscriptioncode/{code}")), "{l}");
            code.to_owned()
        })
        .collect()
}

#[actix_web::test]
async fn a_guest_buys_three_gifts_at_once_and_each_code_is_redeemed_once() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let plans = result(app.get("/api/plans", None).await).await["plans"].clone();
    let gift_plan = plans.as_array().unwrap().iter().find(|p| p["id"] == "gift").cloned().unwrap();
    assert_eq!((gift_plan["minQuantity"].clone(), gift_plan["maxQuantity"].clone()), (json!(1), json!(200)), "{gift_plan}");
    let form = json!({"gift": true, "senderName": "Ada", "recipientName": "Grace", "recipientEmail": "grace@example.com", "email": "ada@example.com"});
    let with_quantity = |quantity: i64| {
        let mut body = form.clone();
        body["quantity"] = json!(quantity);
        body
    };

    for refused in [0, 201] {
        let response = paying.pay("gift", with_quantity(refused), Some(CARD_OK), None).await;
        assert_error(response, StatusCode::BAD_REQUEST, "invalid_quantity", "Please choose a quantity from 1 to 200.").await;
    }
    assert!(charges(app).is_empty() && paying.stripe.charge_count() == 0, "nothing recorded, nothing charged");
    assert_eq!(count(&mut app.connect(), "SELECT count(*) AS count FROM subscription_codes"), 0);
    assert!(app.mails_to("grace@example.com").is_empty() && app.mails_to("ada@example.com").is_empty());

    let charge = result(paying.pay("gift", with_quantity(3), Some(CARD_OK), None).await).await;
    assert_eq!(charge["status"], "succeeded");
    let stored = charges(app);
    assert_eq!((stored.len(), stored[0].3), (1, 3 * 4499));
    let paid = |e: &&Value| e["type"] == "payment_intent.succeeded" && e["data"]["object"]["amount"] == 3 * 4499;
    assert!(paying.stripe.events().iter().any(|e| paid(&e)), "Stripe took 3 x $44.99");
    let codes = listed_gift_codes(app, "grace@example.com").await;
    assert_eq!(codes.len(), 3, "{codes:?}");
    assert!(codes[0] != codes[1] && codes[1] != codes[2] && codes[0] != codes[2], "{codes:?}");
    let of_charge = format!("SELECT count(*) AS count FROM subscription_codes WHERE charge_id = '{}' AND kind = 'gift' AND shown IS NULL", stored[0].0);
    assert_eq!(count(&mut app.connect(), &of_charge), 3, "three gift codes of the charge, stored as digests only");

    for (n, code) in codes.iter().enumerate() {
        let member = app.register(&format!("friend{n}@example.com"), PASSWORD).await;
        assert_eq!(result(app.post("/api/user/redeem", &json!({"code": code}), Some(&member)).await).await["planId"], "gift");
        let again = app.post("/api/user/redeem", &json!({"code": code}), Some(&member)).await;
        assert_error(again, StatusCode::BAD_REQUEST, "invalid_code", "This code is invalid or has already been used.").await;
    }
}

#[actix_web::test]
async fn a_member_redeems_a_gift_that_extends_their_plan_and_a_lifetime_member_keeps_it() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let member = app.register("grace@example.com", PASSWORD).await;
    result(paying.pay("monthly", json!({}), Some(CARD_OK), Some(&member)).await).await;
    let (_, _, trial_end) = stored_plan(app, "grace@example.com");
    let buyer = app.register("ada@example.com", PASSWORD).await;
    result(paying.pay("gift", json!({"recipientEmail": "grace@example.com"}), Some(CARD_OK), Some(&buyer)).await).await;
    let code = gift_code(app, "grace@example.com").await;

    let missing = app.post("/api/user/redeem", &json!({"code": " "}), Some(&member)).await;
    assert_error(missing, StatusCode::BAD_REQUEST, "missing_fields", "Please provide a valid redemption code.").await;
    let redeemed = result(app.post("/api/user/redeem", &json!({"code": code.to_lowercase()}), Some(&member)).await).await;
    assert_eq!(redeemed["planId"], "gift");
    let end = redeemed["endPaidDate"].as_i64().unwrap();
    assert_eq!(end, (trial_end.unwrap() + chrono::Duration::days(365)).timestamp_millis(), "a year after the trial's end");
    let twice = app.post("/api/user/redeem", &json!({"code": code}), Some(&member)).await;
    assert_error(twice, StatusCode::BAD_REQUEST, "invalid_code", "This code is invalid or has already been used.").await;
    // Renewal events of the monthly plan no longer cut the gift year short.
    let (monthly, reference) = charges(app).into_iter().find(|c| c.2 == "monthly").map(|c| (c.0, c.5)).unwrap();
    paying.stripe.advance_subscription(&reference, stand_ins::stripe::Advance::Renewal);
    // Once the server has taken the renewal (its payment is recorded), the gift year is as it was.
    let paid_renewals = format!("SELECT count(*) FROM subscription_payments WHERE charge_id = '{monthly}' AND amount_cents > 0");
    eventually("the renewal's payment to be recorded", || (count(&mut app.connect(), &paid_renewals) > 0).then_some(())).await;
    assert_eq!(stored_plan(app, "grace@example.com").2.unwrap().timestamp_millis(), end);

    // A member for life is told so, and the code stays usable.
    result(paying.pay("gift", json!({"recipientEmail": "ada@example.com"}), Some(CARD_OK), Some(&buyer)).await).await;
    let second = gift_code(app, "ada@example.com").await;
    result(paying.pay("lifetime", json!({}), Some(CARD_OK), Some(&buyer)).await).await;
    let kept = app.post("/api/user/redeem", &json!({"code": second}), Some(&buyer)).await;
    assert_error(kept, StatusCode::CONFLICT, "already_for_life", "Your Premium is for life already: pass this code on to someone else.").await;
    assert_eq!(result(app.post("/api/user/redeem", &json!({"code": second}), Some(&member)).await).await["planId"], "gift");
    let nobody = app.post("/api/user/redeem", &json!({"code": "X"}), None).await;
    assert_error(nobody, StatusCode::UNAUTHORIZED, "not_logged_in", "Please log in to continue.").await;
}

#[actix_web::test]
async fn two_members_redeeming_one_code_at_once_one_wins() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let buyer = app.register("ada@example.com", PASSWORD).await;
    result(paying.pay("gift", json!({}), Some(CARD_OK), Some(&buyer)).await).await;
    let code = gift_code(app, "ada@example.com").await;
    let mut tokens = Vec::new();
    for n in 0..6 {
        tokens.push(app.register(&format!("racer{n}@example.com"), PASSWORD).await);
    }
    let attempts = tokens.iter().map(|token| app.client.post(app.url("/api/user/redeem")).bearer_auth(token).json(&json!({"code": code})).send());
    let mut answers = Vec::new();
    for response in futures::future::join_all(attempts).await {
        let response = response.unwrap();
        let status = response.status();
        answers.push((status, response.json::<Value>().await.unwrap()));
    }
    let statuses: Vec<StatusCode> = answers.iter().map(|(status, _)| *status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{answers:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::BAD_REQUEST).count(), 5, "{answers:?}");
    // The winner got the gift year; the others were told the code is used.
    for (status, body) in &answers {
        if *status == StatusCode::OK {
            assert_eq!((body["status"].as_str(), body["result"]["planId"].as_str()), (Some("ok"), Some("gift")), "{body}");
        } else {
            assert_eq!(
                (body["code"].as_str(), body["error"].as_str()),
                (Some("invalid_code"), Some("This code is invalid or has already been used.")),
                "{body}"
            );
        }
    }
}

#[actix_web::test]
async fn stacksocial_codes_import_once_and_give_life_on_their_page_only() {
    let app = spawn_app().await;
    let csv = "code,order\nSTACK-AAAA-1111,1\nSTACK-BBBB-2222,2\nbad,3\nSTACK-AAAA-1111,4\n";
    let import = billing::codes::read_code_import(csv);
    use sha2::Digest;
    let digests: Vec<String> = import.codes.iter().map(|c| hex::encode(sha2::Sha256::digest(c.as_bytes()))).collect();
    let first = db::operators::import_codes(&mut app.connect(), "stacksocial", "lifetime", None, &digests).unwrap();
    let second = db::operators::import_codes(&mut app.connect(), "stacksocial", "lifetime", None, &digests).unwrap();
    assert_eq!((first, second, import.repeated, import.malformed), (2, 0, 1, 1), "importing twice adds nothing");

    let member = app.register("deal@example.com", PASSWORD).await;
    let wrong = app.post("/api/user/stacksocial", &json!({"code": "STACK-CCCC-3333"}), Some(&member)).await;
    assert_error(wrong, StatusCode::BAD_REQUEST, "invalid_code", "This code is invalid or has already been used.").await;
    let done = result(app.post("/api/user/stacksocial", &json!({"code": " stack-aaaa-1111 "}), Some(&member)).await).await;
    assert_eq!((done["planId"].as_str(), done["endPaidDate"].clone()), (Some("lifetime"), Value::Null));
    let account = result(app.get("/api/user/account", Some(&member)).await).await;
    assert_eq!(account["user"]["isPaid"], true);
}

#[actix_web::test]
async fn guessing_codes_is_throttled_per_address() {
    let app = spawn_app().await;
    let member = app.register("guess@example.com", PASSWORD).await;
    for _ in 0..10 {
        let response = app.post("/api/user/redeem", &json!({"code": "GUESS-0000-0000"}), Some(&member)).await;
        assert_error(response, StatusCode::BAD_REQUEST, "invalid_code", "This code is invalid or has already been used.").await;
    }
    let throttled = app.post("/api/user/redeem", &json!({"code": "GUESS-0000-0000"}), Some(&member)).await;
    assert_error(throttled, StatusCode::TOO_MANY_REQUESTS, "throttled", "Too many attempts. Please wait a few minutes and try again.").await;
}

#[actix_web::test]
async fn fifty_seats_are_bought_listed_invited_revoked_and_redeemed() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let boss = app.register("boss@example.com", PASSWORD).await;
    let few = paying.pay("bulk", json!({"quantity": 5}), Some(CARD_OK), Some(&boss)).await;
    assert_error(few, StatusCode::BAD_REQUEST, "invalid_quantity", "Please choose a quantity >= 20").await;
    result(paying.pay("bulk", json!({"quantity": 50}), Some(CARD_OK), Some(&boss)).await).await;
    assert_eq!(charges(app)[0].3, 50 * 2999);
    let seats = result(app.get("/api/teams/seats", Some(&boss)).await).await["seats"].clone();
    let seats = seats.as_array().unwrap().clone();
    assert_eq!(seats.len(), 50);
    assert!(seats.iter().all(|s| s["state"] == "free"));
    let list = app.read_mail_to("boss@example.com").await;
    let list = if list.contains("team seats") { list } else { app.mails_to("boss@example.com").into_iter().find(|m| m.contains("team seats")).unwrap() };
    assert!(seats.iter().all(|s| list.contains(s["code"].as_str().unwrap())), "every code is in the mail");

    // Someone else sees none and cannot touch them.
    let stranger = app.register("eve@example.com", PASSWORD).await;
    assert_eq!(result(app.get("/api/teams/seats", Some(&stranger)).await).await["seats"], json!([]));
    let first = seats[0]["id"].as_i64().unwrap();
    let theirs = app.post(&format!("/api/teams/seats/{first}/invite"), &json!({"email": "x@example.com"}), Some(&stranger)).await;
    assert_error(theirs, StatusCode::NOT_FOUND, "not_found", "We could not find this seat.").await;
    assert!(app.mails_to("x@example.com").is_empty(), "no invitation went out");

    // Invite a colleague, who signs up with the code.
    let invited = result(app.post(&format!("/api/teams/seats/{first}/invite"), &json!({"email": "colleague@example.com"}), Some(&boss)).await).await;
    assert_eq!(invited["seat"]["state"], "invited");
    let invitation = app.read_mail_to("colleague@example.com").await;
    let code = seats[0]["code"].as_str().unwrap();
    assert!(invitation.contains(code), "{invitation}");
    let signup = json!({"username": "colleague@example.com", "password": PASSWORD, "firstName": "Col", "lastName": "League", "code": code, "timezone": "UTC"});
    assert_eq!(result(app.post("/api/user/subscription-code-register", &signup, None).await).await["user"]["isPaid"], true);

    // Revoke another: a new code replaces it; the old one no longer works; a redeemed seat stays.
    let second = seats[1]["id"].as_i64().unwrap();
    let after = result(app.post_empty(&format!("/api/teams/seats/{second}/revoke"), Some(&boss)).await).await["seats"].clone();
    let after = after.as_array().unwrap();
    assert_eq!(after.len(), 51);
    assert_eq!(after.iter().filter(|s| s["state"] == "revoked").count(), 1);
    assert_eq!(after.iter().filter(|s| s["state"] == "redeemed").count(), 1);
    assert_eq!(after.iter().find(|s| s["id"] == first).unwrap()["redeemedBy"], "colleague@example.com");
    let dead = app.post("/api/user/redeem", &json!({"code": seats[1]["code"]}), Some(&stranger)).await;
    assert_error(dead, StatusCode::BAD_REQUEST, "invalid_code", "This code is invalid or has already been used.").await;
    // Nor does signing up with it (Security III §10).
    let signup =
        json!({"username": "late@example.com", "password": PASSWORD, "firstName": "Late", "lastName": "Comer", "code": seats[1]["code"], "timezone": "UTC"});
    let refused = app.post("/api/user/subscription-code-register", &signup, None).await;
    assert_error(refused, StatusCode::BAD_REQUEST, "invalid_subscription_code", "This subscription code is invalid or has already been used.").await;
    let taken = app.post_empty(&format!("/api/teams/seats/{first}/revoke"), Some(&boss)).await;
    assert_error(taken, StatusCode::CONFLICT, "seat_taken", "This seat has been taken already.").await;
}
