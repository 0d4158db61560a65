//! The ten-day challenge over HTTP: a plan for one or two goals (ten books at most, the goals'
//! books first, most read first, mailed to the address), the form's refusals, and a member's
//! saved plan whose days are marked done as books are completed.

use crate::common;

use chrono::TimeZone;
use common::*;
use diesel::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

fn subids(books: &Value) -> Vec<String> {
    books.as_array().unwrap().iter().map(|b| b["subid"].as_str().unwrap().to_owned()).collect()
}

/// Two goals: calm (Meditations, Meditations on First Philosophy, Walden) and strategy (The
/// Wealth of Nations, The Art of War); their ids.
fn seed_goals(app: &TestApp, books: &std::collections::HashMap<&'static str, i64>) -> (i64, i64) {
    let mut conn = app.connect();
    #[derive(diesel::QueryableByName)]
    struct Id {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        id: i64,
    }
    let mut goal = |title: &str| -> i64 {
        diesel::sql_query("INSERT INTO goals (title, short_title, mobile_title, description, photo, featured_photo, created_at) VALUES ($1, $1, $1, '', '', '', now()) RETURNING id")
            .bind::<diesel::sql_types::Text, _>(title)
            .get_result::<Id>(&mut conn)
            .unwrap()
            .id
    };
    let (calm, strategy) = (goal("Find calm"), goal("Think strategically"));
    for (subid, goal) in [("premium-1", calm), ("premium-2", calm), ("premium-5", calm), ("premium-3", strategy), ("premium-4", strategy)] {
        diesel::sql_query(format!("INSERT INTO book_goals (book_id, goal_id) VALUES ({}, {goal})", books[subid])).execute(&mut conn).unwrap();
    }
    (calm, strategy)
}

#[actix_web::test]
async fn a_visitor_gets_a_plan_for_their_goals_by_mail_and_bad_forms_are_refused() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let (calm, strategy) = seed_goals(&app, &catalogue.books);

    let goals = result(app.get("/api/goals", None).await).await;
    assert_eq!(goals["goals"].as_array().unwrap().len(), 2);
    assert_eq!((goals["userGoals"].clone(), goals["userBookRecommendations"].clone()), (json!([]), json!([])));

    let plan = result(app.post("/api/user/ten-day-challenge", &json!({"goals": [strategy, calm], "email": " Vi@Example.com "}), None).await).await;
    // The goals take turns, most read first (read counts: premium-2 100, premium-4 80,
    // premium-3 40, premium-1 10, premium-5 2), then the most read other books fill the plan.
    assert_eq!(subids(&plan["books"]), ["premium-2", "premium-4", "premium-1", "premium-3", "premium-5", "free-book", "preview-book"]);
    assert_eq!(plan["books"][0]["dayNo"], 1);
    assert_eq!(plan["books"][6]["dayNo"], 7);
    assert_eq!(plan["books"][0]["done"], false);
    assert_eq!(plan["bookIds"].as_array().unwrap().len(), 7);
    assert_eq!(plan["userGoalTitles"], json!(["Find calm", "Think strategically"]));
    let mail = app.read_mail_to("vi@example.com").await;
    assert!(mail.contains("Your ten-day reading plan"), "{mail}");
    assert!(mail.contains("/books/premium-2"), "{mail}");

    let refused = |body: Value, message: &'static str| {
        let app = &app;
        async move {
            let response = app.post("/api/user/ten-day-challenge", &body, None).await;
            assert_eq!(error_body(response, StatusCode::BAD_REQUEST).await["error"], message);
        }
    };
    refused(json!({"goals": [], "email": "vi@example.com"}), "Please pick at least one goal and specify an email address.").await;
    refused(json!({"goals": [calm], "email": ""}), "Please pick at least one goal and specify an email address.").await;
    refused(json!({"goals": [calm, strategy, calm + strategy + 1]}), "Please pick at least one goal and specify an email address.").await;
    refused(json!({"goals": [calm, strategy, calm + strategy + 1], "email": "vi@example.com"}), "You can only pick two goals.").await;
    refused(json!({"goals": [calm + strategy + 1], "email": "vi@example.com"}), "Please pick goals from the list.").await;
    refused(json!({"goals": [calm], "email": "vi@"}), "Please enter a valid email address.").await;

    // Saving is for members.
    let save = app.post("/api/user/ten-day-challenge-submit", &json!({"goals": [calm], "bookIds": plan["bookIds"]}), None).await;
    error_body(save, StatusCode::UNAUTHORIZED).await;
}

#[actix_web::test]
async fn a_member_saves_the_plan_and_its_days_are_done_as_books_are_completed() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let (calm, _) = seed_goals(&app, &catalogue.books);
    let token = app.register("ada@example.com", PASSWORD).await;
    let ada = app.user_id("ada@example.com");
    let complete = |subid: &str| {
        diesel::sql_query(format!(
            "INSERT INTO reading_history (user_id, book_id, position, completed, completed_at, started_at, updated_at) VALUES ({ada}, {}, 0, true, now(), now(), now())",
            catalogue.books[subid]
        ))
        .execute(&mut app.connect())
        .unwrap();
    };
    complete("premium-2");

    let plan = result(app.post("/api/user/ten-day-challenge", &json!({"goals": [calm], "email": "ada@example.com"}), Some(&token)).await).await;
    let days = subids(&plan["books"]);
    assert_eq!(days.first().map(String::as_str), Some("premium-1"));
    assert_eq!(days.last().map(String::as_str), Some("premium-2"), "a book Ada completed comes last");
    assert_eq!(plan["books"].as_array().unwrap().last().unwrap()["done"], true);

    let bad = app.post("/api/user/ten-day-challenge-submit", &json!({"goals": [calm], "bookIds": [999_999]}), Some(&token)).await;
    assert_eq!(error_body(bad, StatusCode::BAD_REQUEST).await["error"], "Please create a plan first.");
    let saved = result(app.post("/api/user/ten-day-challenge-submit", &json!({"goals": [calm], "bookIds": plan["bookIds"]}), Some(&token)).await).await;
    assert_eq!(saved["userGoals"], json!([calm]));
    assert_eq!(subids(&saved["userBookRecommendations"]), days);

    complete("premium-1");
    let goals = result(app.get("/api/goals", Some(&token)).await).await;
    assert_eq!(goals["userGoals"], json!([calm]));
    let done: Vec<bool> = goals["userBookRecommendations"].as_array().unwrap().iter().map(|b| b["done"].as_bool().unwrap()).collect();
    assert_eq!(done.first(), Some(&true), "day 1's book is now completed");
    assert_eq!(done.iter().filter(|d| **d).count(), 2);
    assert_eq!(result(app.get("/api/goals", None).await).await["userGoals"], json!([]), "visitors see no plan");
}

#[actix_web::test]
async fn onboarding_plans_the_goals_then_the_categories_and_a_new_member_saves_it() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let (calm, _strategy) = seed_goals(&app, &catalogue.books);
    let economics = catalogue.categories["economics"];

    let plan = result(app.post("/api/onboarding/plan", &json!({"goals": [calm], "categories": [economics]}), None).await).await;
    let books = subids(&plan["books"]);
    // Calm's books (most read first), then the economics books, then the rest.
    assert_eq!(&books[..3], ["premium-2", "premium-1", "premium-5"]);
    let economics_books: Vec<&str> = books[3..5].iter().map(String::as_str).collect();
    assert!(economics_books.contains(&"premium-3") && economics_books.contains(&"free-book"), "{books:?}");
    assert_eq!(plan["userGoalTitles"], json!(["Find calm"]));
    assert!(app.mails_to("anyone@example.com").is_empty());
    assert_eq!(common::count(&mut app.connect(), "SELECT count(*) FROM ten_day_plans"), 0, "nothing is stored");

    assert_error(
        app.post("/api/onboarding/plan", &json!({"goals": [], "categories": [economics]}), None).await,
        StatusCode::BAD_REQUEST,
        "invalid_form",
        "Please pick one or two goals.",
    )
    .await;
    assert_eq!(app.post("/api/onboarding/plan", &json!({"goals": [calm, calm + 1, calm + 2], "categories": []}), None).await.status(), StatusCode::BAD_REQUEST);

    // Sign-up carries the choices: the categories become recommends, the plan is saved.
    let member = app.register("new@example.com", PASSWORD).await;
    ok_body(app.put("/api/user/recommends", &json!({"recommends": [economics]}), Some(&member)).await, StatusCode::OK).await;
    ok_body(app.post("/api/user/ten-day-challenge-submit", &json!({"goals": [calm], "bookIds": plan["bookIds"]}), Some(&member)).await, StatusCode::OK).await;
    let goals = result(app.get("/api/goals", Some(&member)).await).await;
    assert_eq!(goals["userGoals"], json!([calm]));
    assert_eq!(subids(&goals["userBookRecommendations"]), books);
}

#[actix_web::test]
async fn opted_in_members_get_one_reminder_a_day_from_eight_until_they_unsubscribe() {
    let app = spawn_app_with(AppOptions { fixed_clock: true, reminder_interval: Some(std::time::Duration::from_millis(100)), ..Default::default() }).await;
    let catalogue = app.seed_catalogue();
    let (calm, _) = seed_goals(&app, &catalogue.books);
    // 6:00 UTC is 7:00 in Paris, where the test member registers.
    app.set_clock(chrono::Utc.with_ymd_and_hms(2026, 11, 24, 6, 0, 0).unwrap());
    let member = app.register("ada@example.com", PASSWORD).await;
    assert_error(
        app.put("/api/user/ten-day-challenge/reminders", &json!({"reminders": true}), Some(&member)).await,
        StatusCode::BAD_REQUEST,
        "invalid_form",
        "Please create a plan first.",
    )
    .await;
    let ids = [catalogue.books["premium-2"], catalogue.books["premium-1"]];
    ok_body(app.post("/api/user/ten-day-challenge-submit", &json!({"goals": [calm], "bookIds": ids}), Some(&member)).await, StatusCode::OK).await;
    assert_eq!(result(app.get("/api/goals", Some(&member)).await).await["reminders"], false);
    let on = result(app.put("/api/user/ten-day-challenge/reminders", &json!({"reminders": true}), Some(&member)).await).await;
    assert_eq!(on, json!({"reminders": true}));
    assert_eq!(result(app.get("/api/goals", Some(&member)).await).await["reminders"], true);

    // Before 8:00 there nothing goes out; at 9:00 there, day 1.
    app.after_a_whole_pass("ten-day-reminders").await;
    assert_eq!(app.queued_mails_to("ada@example.com"), 0, "nothing before 8:00");
    app.advance(chrono::Duration::hours(2));
    let first = app.wait_for_mails_to("ada@example.com", 1).await.pop().unwrap();
    assert!(first.contains("Day 1 of 2: Meditations on First Philosophy"), "{first}");
    app.after_a_whole_pass("ten-day-reminders").await;
    assert_eq!(app.queued_mails_to("ada@example.com"), 1, "once a day");
    app.advance(chrono::Duration::days(1));
    let second = app.wait_for_mails_to("ada@example.com", 2).await.pop().unwrap();
    assert!(second.contains("Day 2 of 2: Meditations"), "{second}");

    // The link in the mail turns them off, without signing in.
    let token = second.split("unsubscribe?token=").nth(1).unwrap().split_whitespace().next().unwrap().to_owned();
    assert_error(
        app.post("/api/ten-day-challenge/unsubscribe", &json!({"token": "nope"}), None).await,
        StatusCode::NOT_FOUND,
        "not_found",
        "This link is no longer valid.",
    )
    .await;
    ok_body(app.post("/api/ten-day-challenge/unsubscribe", &json!({"token": token}), None).await, StatusCode::OK).await;
    let member = app.login("ada@example.com", PASSWORD).await;
    assert_eq!(result(app.get("/api/goals", Some(&member)).await).await["reminders"], false);
}
