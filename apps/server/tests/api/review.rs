//! Daily review: cards from a finished book's key ideas and from highlights marked Review, the
//! queue, ratings counted once (a double click, two tabs), XP and the streak, privacy, a lapsed
//! plan, bad input and account deletion.

use crate::common;

use chrono::{Duration, Utc};
use common::catalogue::secret;
use common::{assert_error, count, ok_body, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

async fn finish(app: &TestApp, token: &str, book: i64) {
    let body = json!({"bookId": book, "position": 3, "completed": true});
    assert_eq!(result(app.put("/api/user-book-history/", &body, Some(token)).await).await["completed"], true);
}

async fn queue(app: &TestApp, token: &str) -> Value {
    result(app.get("/api/user/review", Some(token)).await).await
}

async fn rate(app: &TestApp, token: &str, card: i64, rating: i64, reps: i64) -> reqwest::Response {
    app.post(&format!("/api/user/review/{card}"), &json!({"rating": rating, "reps": reps}), Some(token)).await
}

fn logged(app: &TestApp) -> i64 {
    count(&mut app.connect(), "SELECT count(*) AS count FROM review_log")
}

#[actix_web::test]
async fn a_finished_books_key_ideas_are_reviewed_once_each_with_xp_and_a_streak_day() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let member = app.paid_member("reviewer@example.com").await;
    assert_eq!(result(app.get("/api/user/review/summary", Some(&member)).await).await["toReview"], 0);
    finish(&app, &member, catalogue.books["premium-1"]).await;

    let today = queue(&app, &member).await;
    let cards = today["cards"].as_array().unwrap();
    assert!(cards.len() >= 3, "{today}");
    assert_eq!((today["due"].as_i64(), today["newToday"].as_i64(), today["newPerDay"].as_i64()), (Some(0), Some(cards.len() as i64), Some(10)));
    assert_eq!(result(app.get("/api/user/review/summary", Some(&member)).await).await["toReview"], today["toReview"]);
    let first = &cards[0];
    assert_eq!((first["kind"].as_str(), first["front"].as_str()), (Some("idea"), Some("The first idea of Meditations")));
    assert_eq!(first["back"], "An opening anyone may read about Meditations.");
    assert_eq!((first["book"]["subid"].as_str(), first["reps"].as_i64(), first["isNew"].as_bool()), (Some("premium-1"), Some(0), Some(true)));
    assert!(cards[1]["back"].as_str().unwrap().starts_with(&secret("premium-1")), "a member reads the second idea: {}", cards[1]);
    let next = &first["nextDue"];
    let now = Utc::now().timestamp_millis();
    let dues: Vec<i64> = ["again", "hard", "good", "easy"].iter().map(|k| next[k].as_i64().unwrap()).collect();
    assert!(dues[0] > now && dues.windows(2).all(|pair| pair[0] <= pair[1]), "{next}");

    // Good: counted, 1 XP; the same click again changes nothing.
    let id = first["id"].as_i64().unwrap();
    let rated = result(rate(&app, &member, id, 3, 0).await).await;
    assert_eq!((rated["counted"].as_bool(), rated["xpGained"].as_i64(), rated["reps"].as_i64()), (Some(true), Some(1), Some(1)));
    let good = next["good"].as_i64().unwrap();
    assert!((rated["due"].as_i64().unwrap() - good).abs() < 60_000, "Good brings it back when the button said: {rated} {next}");
    let twice = result(rate(&app, &member, id, 1, 0).await).await;
    assert_eq!((twice["counted"].as_bool(), twice["xpGained"].as_i64(), twice["due"].clone()), (Some(false), Some(0), rated["due"].clone()));
    assert_eq!(logged(&app), 1);

    // Two tabs rate the next card at once: one counts.
    let second = cards[1]["id"].as_i64().unwrap();
    let (a, b) = tokio::join!(rate(&app, &member, second, 3, 0), rate(&app, &member, second, 4, 0));
    let (a, b) = (result(a).await, result(b).await);
    assert_eq!([a["counted"].as_bool().unwrap(), b["counted"].as_bool().unwrap()].iter().filter(|c| **c).count(), 1, "{a} {b}");
    assert_eq!(logged(&app), 2);

    let after = queue(&app, &member).await;
    assert_eq!(after["cards"].as_array().unwrap().len(), cards.len() - 2, "the queue shrinks: {after}");
    let progress = result(app.get("/api/user-book-history/xp", Some(&member)).await).await;
    assert_eq!(progress["xp"], 12, "10 for the book, 1 for each card: {progress}");
    assert_eq!(progress["streaks"]["currentStreak"], 1);
}

#[actix_web::test]
async fn highlights_marked_for_review_become_cards_and_another_member_sees_none() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let member = app.paid_member("marker@example.com").await;
    let other = app.paid_member("other@example.com").await;
    let passage =
        json!({"bookId": "premium-1", "section": 0, "startBlock": "b0", "startOffset": 0, "endBlock": "b0", "endOffset": 10, "review": true, "note": "why"});
    let marked = result(app.post("/api/user/highlights", &passage, Some(&member)).await).await;
    let highlight = marked["highlight"]["id"].as_i64().unwrap();

    let today = queue(&app, &member).await;
    let card = &today["cards"][0];
    assert_eq!((card["kind"].as_str(), card["back"].as_str(), card["note"].as_str()), (Some("highlight"), Some("An opening"), Some("why")));
    assert_eq!(card["front"], "The first idea of Meditations");
    let id = card["id"].as_i64().unwrap();

    assert!(queue(&app, &other).await["cards"].as_array().unwrap().is_empty());
    assert_error(rate(&app, &other, id, 3, 0).await, StatusCode::NOT_FOUND, "not_found", "Card not found.").await;
    assert_eq!(app.get("/api/user/review", None).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(rate(&app, "", id, 3, 0).await.status(), StatusCode::UNAUTHORIZED);

    // A rated card's rating outlives its card when the highlight is unmarked.
    assert!(result(rate(&app, &member, id, 3, 0).await).await["counted"].as_bool().unwrap());
    result(app.call("PATCH", &format!("/api/user/highlights/{highlight}"), Some(&json!({"review": false})), Some(&member)).await).await;
    assert_eq!(result(app.get("/api/user/review/summary", Some(&member)).await).await["toReview"], 0);
    assert_eq!(count(&mut app.connect(), "SELECT count(*) AS count FROM review_cards"), 0);
    assert_eq!(result(app.get("/api/user-book-history/xp", Some(&member)).await).await["xp"], 1);
}

#[actix_web::test]
async fn a_lapsed_plan_hides_premium_key_ideas_and_bad_input_changes_nothing() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let member = app.paid_member("lapsed@example.com").await;
    finish(&app, &member, catalogue.books["premium-1"]).await;
    app.set_plan("lapsed@example.com", "monthly", Utc::now() - Duration::days(40), Some(Utc::now() - Duration::days(10)));

    let today = queue(&app, &member).await;
    let text = today.to_string();
    assert!(!text.contains(&secret("premium-1")), "no premium text after the plan ends: {today}");
    assert_eq!(today["cards"].as_array().unwrap().len(), 1, "the first idea stays open to everyone: {today}");
    let id = today["cards"][0]["id"].as_i64().unwrap();

    let message = "Rate the card 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy).";
    assert_error(rate(&app, &member, id, 5, 0).await, StatusCode::BAD_REQUEST, "invalid_rating", message).await;
    assert_error(app.post(&format!("/api/user/review/{id}"), &json!({"reps": 0}), Some(&member)).await, StatusCode::BAD_REQUEST, "invalid_rating", message)
        .await;
    assert_error(
        app.post(&format!("/api/user/review/{id}"), &json!({"rating": 3}), Some(&member)).await,
        StatusCode::BAD_REQUEST,
        "invalid_request",
        "Send the card's review count as you saw it.",
    )
    .await;
    let settings = "New cards a day must be a whole number from 0 to 100.";
    for bad in [json!({"newPerDay": 101}), json!({"newPerDay": -1}), json!({})] {
        assert_error(app.put("/api/user/review/settings", &bad, Some(&member)).await, StatusCode::BAD_REQUEST, "invalid_request", settings).await;
    }
    assert_eq!(logged(&app), 0);

    let chosen = result(app.put("/api/user/review/settings", &json!({"newPerDay": 0}), Some(&member)).await).await;
    assert_eq!(chosen["newPerDay"], 0);
    let none = queue(&app, &member).await;
    assert_eq!((none["newToday"].as_i64(), none["cards"].as_array().unwrap().len()), (Some(0), 0));
}

#[actix_web::test]
async fn an_account_deletion_erases_the_members_cards_and_ratings() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let member = app.paid_member("leaving@example.com").await;
    finish(&app, &member, catalogue.books["premium-1"]).await;
    let id = queue(&app, &member).await["cards"][0]["id"].as_i64().unwrap();
    result(rate(&app, &member, id, 3, 0).await).await;
    result(app.put("/api/user/review/settings", &json!({"newPerDay": 5}), Some(&member)).await).await;
    let deletion = json!({"why": "Moving on.", "how": "A friend told me.", "password": common::PASSWORD});
    assert_eq!(app.post("/api/user/delete", &deletion, Some(&member)).await.status(), StatusCode::OK);
    let mut conn = app.connect();
    for table in ["review_cards", "review_log", "review_settings"] {
        assert_eq!(count(&mut conn, &format!("SELECT count(*) AS count FROM {table}")), 0, "{table}");
    }
}
