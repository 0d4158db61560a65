//! Plans, prices, coupons and quotes over HTTP against the seeded plan rows: the server decides
//! every amount.

use crate::common;

use billing::model::Coupon;
use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn add_coupon(app: &TestApp, coupon: Coupon) {
    db::billing::upsert_coupon(&mut app.connect(), &coupon).expect("coupon");
}

fn coupon(code: &str, percent_off: u8) -> Coupon {
    Coupon::percent(code, percent_off)
}

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

#[actix_web::test]
async fn the_pricing_page_gets_the_plans_on_sale_from_the_server() {
    let app = spawn_app().await;
    let plans = result(app.get("/api/plans", None).await).await["plans"].clone();
    let by_id = |id: &str| plans.as_array().unwrap().iter().find(|p| p["id"] == id).cloned().unwrap_or_else(|| panic!("{id} in {plans}"));
    assert_eq!(
        by_id("monthly"),
        json!({"id": "monthly", "name": "Premium Monthly", "kind": "subscription", "interval": "month", "purchasable": true, "trialDays": 3, "price": 999, "minQuantity": 1, "maxQuantity": 1})
    );
    assert_eq!(by_id("gift")["purchasable"], true, "gifts are sold, delivered as a code");
    assert_eq!(by_id("yearly")["trialDays"], 3);
    assert_eq!(by_id("lifetime")["trialDays"], 0, "no trial for lifetime");
    assert_eq!(by_id("gift")["price"], 4499);
    assert_eq!(by_id("bulk")["minQuantity"], 20);
    assert_eq!(by_id("bulk")["maxQuantity"], 200);
    assert_eq!((by_id("gift")["minQuantity"].clone(), by_id("gift")["maxQuantity"].clone()), (json!(1), json!(200)), "gifts come 1 to 200");
    let prices: Vec<i64> = plans.as_array().unwrap().iter().map(|p| p["price"].as_i64().unwrap()).collect();
    assert!(prices.windows(2).all(|w| w[0] <= w[1]), "cheapest first: {prices:?}");

    // A retired plan is no longer on sale, nor priced.
    diesel::RunQueryDsl::execute(diesel::sql_query("UPDATE plans SET active = false WHERE id = 'lifetime'"), &mut app.connect()).unwrap();
    let plans = result(app.get("/api/plans", None).await).await["plans"].clone();
    assert!(plans.as_array().unwrap().iter().all(|p| p["id"] != "lifetime"));
    let response = app.post("/api/charge/price", &json!({"planId": "lifetime"}), None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_plan", "Invalid plan id").await;
}

#[actix_web::test]
async fn the_price_call_answers_the_spec_fields_or_invalid_plan_id() {
    let app = spawn_app().await;
    let price = result(app.post("/api/charge/price", &json!({"planId": "monthly"}), None).await).await;
    assert_eq!(price["price"], 999);
    assert_eq!(price["bookTitle"], Value::Null);
    assert_eq!(price["course"], Value::Null);
    assert_eq!(price["paypalPlan"], "P-GISTBOOK-MONTHLY");
    assert_eq!(price["plan"]["name"], "Premium Monthly");
    for bad in [json!({}), json!({"planId": ""}), json!({"planId": "platinum"}), json!({"planId": "monthly'--"})] {
        let response = app.post("/api/charge/price", &bad, None).await;
        assert_error(response, StatusCode::BAD_REQUEST, "invalid_plan", "Invalid plan id").await;
    }
}

#[actix_web::test]
async fn coupons_answer_their_percentage_or_a_readable_reason() {
    let app = spawn_app().await;
    let now = chrono::Utc::now();
    add_coupon(&app, coupon("WELCOME10", 10));
    add_coupon(&app, Coupon { valid_until: Some(now - chrono::Duration::days(1)), ..coupon("SUMMER", 20) });
    add_coupon(&app, Coupon { max_redemptions: Some(1), redemptions: 1, ..coupon("ONCE", 50) });
    add_coupon(&app, Coupon { plan_ids: vec!["yearly".into()], ..coupon("YEARLY25", 25) });

    let applied = result(app.post("/api/charge/coupon", &json!({"coupon": " welcome10 ", "planId": "monthly"}), None).await).await;
    assert_eq!(applied, json!({"percent_off": 10, "amountOff": 0, "paypalPlan": "P-GISTBOOK-MONTHLY"}));
    for (code, message) in [
        ("SUMMER", "This coupon has expired."),
        ("ONCE", "This coupon has been used up."),
        ("YEARLY25", "This coupon does not apply to this plan."),
        ("NOPE", "This coupon code is not valid."),
    ] {
        let response = app.post("/api/charge/coupon", &json!({"coupon": code, "planId": "monthly"}), None).await;
        assert_error(response, StatusCode::BAD_REQUEST, "invalid_coupon", message).await;
    }
    let response = app.post("/api/charge/coupon", &json!({"coupon": "", "planId": "monthly"}), None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "missing_fields", "Please enter a coupon code.").await;
    let response = app.post("/api/charge/coupon", &json!({"coupon": "WELCOME10", "planId": "nope"}), None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_plan", "Invalid plan id").await;
    assert_eq!(result(app.post("/api/charge/coupon", &json!({"coupon": "YEARLY25", "planId": "yearly"}), None).await).await["percent_off"], 25);
}

#[actix_web::test]
async fn a_quote_is_the_servers_arithmetic_whatever_numbers_the_client_sends() {
    let app = spawn_app().await;
    add_coupon(&app, coupon("SAVE15", 15));
    // Every number a client might try to slip in is ignored: price, amount, total, percent_off.
    let body = json!({
        "planId": "monthly", "addInfographics": 20, "couponCode": "SAVE15",
        "price": 1, "amount": 1, "total": 1, "percent_off": 100, "percentOff": 100, "discount": 99999, "unitPrice": 0,
    });
    let quote = result(app.post("/api/charge/quote", &body, None).await).await;
    assert_eq!(
        quote,
        json!({"planId": "monthly", "quantity": 1, "unitPrice": 999, "addOnPrice": 1099, "subtotal": 2098, "percentOff": 15, "discount": 315, "total": 1783, "recurring": 849})
    );
    let seats = result(app.post("/api/charge/quote", &json!({"planId": "bulk", "quantity": 25}), None).await).await;
    assert_eq!(seats["total"], 25 * 2999);
    let response = app.post("/api/charge/quote", &json!({"planId": "bulk", "quantity": 5}), None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_quantity", "Please choose a quantity >= 20").await;
    for bad in [
        json!({"planId": "monthly", "quantity": 2}),
        json!({"planId": "bulk", "quantity": 9_223_372_036_854_775_807_i64}),
        json!({"planId": "bulk", "quantity": -3}),
    ] {
        error_body(app.post("/api/charge/quote", &bad, None).await, StatusCode::BAD_REQUEST).await;
    }
    let response = app.post("/api/charge/quote", &json!({"planId": "monthly", "addInfographics": 30}), None).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_add_on", "Infographics come in packs of 20 or 50.").await;
}

#[actix_web::test]
async fn the_footer_shows_only_the_links_that_are_configured() {
    let app = spawn_app().await;
    let links = result(app.get("/api/site", None).await).await;
    assert_eq!(links, json!({"supportEmail": "support@gistbook.app", "supportPhone": "+1 (555) 010-4242", "appStoreUrl": null, "googlePlayUrl": null}));
}
