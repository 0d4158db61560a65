//! The statistics page over HTTP: the figures follow what members and buyers did.

use crate::common;

use common::payments::*;
use common::*;
use diesel::connection::SimpleConnection;
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

#[actix_web::test]
async fn the_figures_follow_sign_ups_activity_completions_and_purchases() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let catalogue = app.seed_catalogue();
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let today = chrono::Utc::now().date_naive().to_string();

    let empty = result(app.get(&format!("/api/admin/stats?from={today}&to={today}"), Some(&admin)).await).await;
    let signups_before = empty["days"][0]["signups"].as_i64().unwrap();

    // Two members sign up; one completes a book and subscribes monthly, the other buys lifetime.
    let reader = app.register("reader@example.com", PASSWORD).await;
    let buyer = app.register("buyer@example.com", PASSWORD).await;
    let book = catalogue.books["free-book"];
    let done = app.put("/api/user-book-history/", &json!({"bookId": book, "position": 99, "completed": true}), Some(&reader)).await;
    assert_eq!(done.status(), StatusCode::OK);
    ok_body(paying.pay("monthly", json!({}), Some(stand_ins::stripe::CARD_OK), Some(&reader)).await, StatusCode::OK).await;
    ok_body(paying.pay("lifetime", json!({}), Some(stand_ins::stripe::CARD_OK), Some(&buyer)).await, StatusCode::OK).await;

    let stats = result(app.get(&format!("/api/admin/stats?from={today}&to={today}"), Some(&admin)).await).await;
    let day = &stats["days"][0];
    assert_eq!(day["day"], today);
    assert_eq!(day["signups"].as_i64().unwrap() - signups_before, 2);
    assert!(day["active"].as_i64().unwrap() >= 3, "the admin and both members signed in today: {day}");
    assert_eq!(day["completions"], 1);
    assert_eq!(day["purchases"], 2);
    assert_eq!(stats["topBooks"][0]["id"], book);
    assert_eq!(stats["trialsStarted"], 1);
    assert_eq!(stats["trialsConverted"], 0, "still in its trial");
    assert_eq!(stats["renewing"], 1);
    assert_eq!(stats["mrr"], 0, "a trial brings nothing yet");
    let by_plan: Vec<(String, i64)> =
        stats["payingByPlan"].as_array().unwrap().iter().map(|p| (p["planId"].as_str().unwrap().to_owned(), p["members"].as_i64().unwrap())).collect();
    assert!(by_plan.contains(&("lifetime".into(), 1)) && by_plan.contains(&("monthly".into(), 1)), "{by_plan:?}");

    // The trial ends and the first period is paid: a conversion, and MRR.
    let reference = charges(app).iter().find(|c| c.2 == "monthly").unwrap().5.clone();
    paying.stripe.advance_subscription(&reference, stand_ins::stripe::Advance::Renewal);
    let mut converted = Value::Null;
    for _ in 0..100 {
        converted = result(app.get(&format!("/api/admin/stats?from={today}&to={today}"), Some(&admin)).await).await;
        if converted["trialsConverted"] == 1 {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(converted["trialsConverted"], 1, "{converted}");
    assert_eq!(converted["mrr"], 999);

    let csv = app.get(&format!("/api/admin/stats.csv?from={today}&to={today}"), Some(&admin)).await;
    assert_eq!(csv.status(), StatusCode::OK);
    assert!(csv.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    let text = csv.text().await.unwrap();
    assert!(text.starts_with("day,signups,active,completions,purchases\n"), "{text}");
    assert!(text.contains(&format!("{today},")), "{text}");
    // Security III §7: the download is in the audit log.
    let file = format!("gistbook-stats-{today}-{today}.csv");
    let audit = ok_body(app.get(&format!("/api/admin/audit?entityId={file}"), Some(&admin)).await, StatusCode::OK).await["result"]["entries"].clone();
    assert_eq!(audit[0]["action"], "export.downloaded", "{audit}");

    let member = app.get("/api/admin/stats", Some(&reader)).await;
    assert_eq!(member.status(), StatusCode::FORBIDDEN);
    let bad = app.get("/api/admin/stats?from=2026-12-01&to=2026-11-01", Some(&admin)).await;
    assert_error(bad, StatusCode::BAD_REQUEST, "invalid_form", "The start must come before the end.").await;
}

/// A deleted account's sign-up and activity count no more: the actives never exceed the members.
#[actix_web::test]
async fn deleted_members_leave_the_figures() {
    let app = spawn_app().await;
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let today = chrono::Utc::now().date_naive().to_string();
    let figures = || async { result(app.get(&format!("/api/admin/stats?from={today}&to={today}"), Some(&admin)).await).await };
    app.register("gone@example.com", PASSWORD).await;
    let before = figures().await;
    app.connect().batch_execute("UPDATE users SET deleted_at = now() WHERE email = 'gone@example.com'").unwrap();
    let after = figures().await;
    assert_eq!(after["members"].as_i64().unwrap(), before["members"].as_i64().unwrap() - 1);
    assert_eq!(after["dailyActive"].as_i64().unwrap(), before["dailyActive"].as_i64().unwrap() - 1, "{after}");
    assert_eq!(after["monthlyActive"].as_i64().unwrap(), before["monthlyActive"].as_i64().unwrap() - 1);
    assert_eq!(after["days"][0]["active"].as_i64().unwrap(), before["days"][0]["active"].as_i64().unwrap() - 1);
    assert_eq!(after["days"][0]["signups"].as_i64().unwrap(), before["days"][0]["signups"].as_i64().unwrap() - 1);
    assert!(after["dailyActive"].as_i64().unwrap() <= after["members"].as_i64().unwrap());
}
