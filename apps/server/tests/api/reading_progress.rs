//! Reading history, XP, streaks, skills and video starts over HTTP (docs/progress.md): saves are
//! clamped and idempotent, a completion earns XP once, streaks follow the member's calendar, and
//! no member can see or change another's progress.

use crate::common;

use chrono::{Duration, TimeZone, Utc};
use common::{assert_error, count, ok_body, spawn_app, spawn_app_with, AppOptions, TestApp, PASSWORD};
use reqwest::StatusCode;
use serde_json::{json, Value};

const HISTORY: &str = "/api/user-book-history/";

async fn save(app: &TestApp, token: &str, book: &Value, position: i64, completed: bool) -> Value {
    let body = json!({"bookId": book, "position": position, "completed": completed});
    ok_body(app.put(HISTORY, &body, Some(token)).await, StatusCode::OK).await["result"].clone()
}

async fn progress(app: &TestApp, token: &str) -> Value {
    ok_body(app.get("/api/user-book-history/xp", Some(token)).await, StatusCode::OK).await["result"].clone()
}

async fn book(app: &TestApp, subid: &str, token: Option<&str>) -> Value {
    ok_body(app.get(&format!("/api/books/{subid}"), token).await, StatusCode::OK).await["result"]["book"].clone()
}

fn history_rows(app: &TestApp) -> i64 {
    count(&mut app.connect(), "SELECT count(*) FROM reading_history")
}

#[actix_web::test]
async fn visitors_get_401_on_every_progress_and_library_call() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let id = catalogue.books["premium-1"];
    let body = json!({"bookId": id, "position": 1, "completed": false});
    let calls = [
        app.put(HISTORY, &body, None).await,
        app.post_empty(&format!("/api/user-book-history/{id}"), None).await,
        app.get("/api/user-book-history/xp", None).await,
        app.post("/api/library", &json!({"bookId": id}), None).await,
        app.get("/api/library", None).await,
        app.delete(&format!("/api/library/{id}"), None).await,
        app.delete(&format!("/library/delete/{id}"), None).await,
        app.delete(&format!("/api/library/delete/{id}"), None).await,
        app.put(&format!("/api/books/rating/{id}"), &json!({"rating": 5}), None).await,
    ];
    for response in calls {
        let url = response.url().to_string();
        let body = common::error_body(response, StatusCode::UNAUTHORIZED).await;
        assert_eq!(body["notLoggedIn"], true, "{url}");
    }
    assert_eq!(history_rows(&app), 0);
    // A visitor's book shows no progress.
    let book = book(&app, "premium-1", None).await;
    assert_eq!((book["position"].clone(), book["isInLibrary"].clone(), book["hasRatingsFromUser"].clone()), (json!(0), json!(false), json!(false)));
}

#[actix_web::test]
async fn a_save_queued_offline_never_overwrites_a_newer_position_from_another_device() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let token = app.paid_member("traveller@example.com").await;
    let id = json!(catalogue.books["premium-1"]);
    let now_ms = Utc::now().timestamp_millis();
    let timed = |position: i64, completed: bool, saved_at: i64| json!({"bookId": id, "position": position, "completed": completed, "savedAt": saved_at});

    // The laptop reached section 2 just now; the phone, offline an hour ago, was at section 1.
    assert_eq!(ok_body(app.put(HISTORY, &timed(2, false, now_ms), Some(&token)).await, StatusCode::OK).await["result"]["position"], 2);
    let late = ok_body(app.put(HISTORY, &timed(1, false, now_ms - 3_600_000), Some(&token)).await, StatusCode::OK).await["result"].clone();
    assert_eq!(late["position"], 2, "the newer position stays");
    assert_eq!(book(&app, "premium-1", Some(&token)).await["position"], 2);

    // The phone had also finished the book offline: the completion counts once, the place stays.
    let finished = ok_body(app.put(HISTORY, &timed(3, true, now_ms - 1_800_000), Some(&token)).await, StatusCode::OK).await["result"].clone();
    assert_eq!(finished, json!({"position": 2, "completed": true, "firstCompletion": true, "xpGained": 10}));
    let again = ok_body(app.put(HISTORY, &timed(3, true, now_ms - 1_700_000), Some(&token)).await, StatusCode::OK).await["result"].clone();
    assert_eq!(again["xpGained"], 0, "sent twice, counted once");
    assert_eq!(progress(&app, &token).await["xp"], 10);

    // A device clock ahead of the server's counts as now: a later save still moves the position.
    ok_body(app.put(HISTORY, &timed(3, false, now_ms + 86_400_000), Some(&token)).await, StatusCode::OK).await;
    assert_eq!(save(&app, &token, &id, 1, false).await["position"], 1, "a save without a time is now");

    // A time no clock can hold is refused, and changes nothing.
    assert_error(app.put(HISTORY, &timed(0, false, i64::MAX), Some(&token)).await, StatusCode::BAD_REQUEST, "invalid_request", "savedAt is not a valid time.")
        .await;
    assert_eq!(book(&app, "premium-1", Some(&token)).await["position"], 1);
    // So is one chrono reads but PostgreSQL cannot store (5488 BC), on a book with no save yet.
    let rows = history_rows(&app);
    let ancient = json!({"bookId": catalogue.books["premium-2"], "position": 1, "completed": false, "savedAt": -235_346_161_520_497_i64});
    assert_error(app.put(HISTORY, &ancient, Some(&token)).await, StatusCode::BAD_REQUEST, "invalid_request", "savedAt is not a valid time.").await;
    assert_eq!(history_rows(&app), rows, "nothing was saved");
}

#[actix_web::test]
async fn positions_are_saved_clamped_restored_and_saving_twice_changes_nothing() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let token = app.paid_member("paid@example.com").await;
    let id = json!(catalogue.books["premium-1"]);
    let readers_before = count(&mut app.connect(), "SELECT read_count::bigint AS count FROM books WHERE subid = 'premium-1'");

    let saved = save(&app, &token, &id, 2, false).await;
    assert_eq!(saved, json!({"position": 2, "completed": false, "firstCompletion": false, "xpGained": 0}));
    assert_eq!(book(&app, "premium-1", Some(&token)).await["position"], 2);

    // The test books have four sections (three ideas and a final summary): 0..=3.
    assert_eq!(save(&app, &token, &id, 99, false).await["position"], 3);
    assert_eq!(save(&app, &token, &id, -5, false).await["position"], 0);
    // The subid names the book as well.
    assert_eq!(save(&app, &token, &json!("premium-1"), 1, false).await["position"], 1);

    let mut conn = app.connect();
    let readers = |conn: &mut diesel::PgConnection| {
        db::progress::history::fold_pending_reads(conn).unwrap();
        count(conn, "SELECT read_count::bigint AS count FROM books WHERE subid = 'premium-1'")
    };
    let stamp = "SELECT (extract(epoch FROM updated_at) * 1000000)::bigint AS count FROM reading_history";
    let before = count(&mut conn, stamp);
    save(&app, &token, &id, 1, false).await;
    assert_eq!(count(&mut conn, stamp), before, "the same position twice writes nothing");
    assert_eq!(history_rows(&app), 1);
    assert_eq!(readers(&mut conn), readers_before + 1, "one distinct reader");
}

#[actix_web::test]
async fn bad_saves_get_a_clear_400_or_404_and_change_nothing() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let token = app.paid_member("paid@example.com").await;
    let id = catalogue.books["premium-1"];
    assert_error(app.put(HISTORY, &json!({"position": 1}), Some(&token)).await, StatusCode::BAD_REQUEST, "missing_book", "Please say which book (bookId).")
        .await;
    assert_error(
        app.put(HISTORY, &json!({"bookId": id}), Some(&token)).await,
        StatusCode::BAD_REQUEST,
        "missing_position",
        "Please send the position (a section number).",
    )
    .await;
    let wrong_type = common::error_body(app.put(HISTORY, &json!({"bookId": id, "position": "two"}), Some(&token)).await, StatusCode::BAD_REQUEST).await;
    assert!(wrong_type["error"].as_str().unwrap().starts_with("The request is not valid"), "{wrong_type}");
    assert_error(app.put(HISTORY, &json!({"bookId": 999_999, "position": 1}), Some(&token)).await, StatusCode::NOT_FOUND, "not_found", "Book not found.").await;
    assert_error(
        app.put(HISTORY, &json!({"bookId": "no-such-book", "position": 1}), Some(&token)).await,
        StatusCode::NOT_FOUND,
        "not_found",
        "Book not found.",
    )
    .await;
    assert_eq!(history_rows(&app), 0);
}

#[actix_web::test]
async fn a_free_member_saves_progress_only_in_books_they_may_read() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let token = app.register("free@example.com", PASSWORD).await;
    let premium = json!(catalogue.books["premium-1"]);
    let body = json!({"bookId": premium, "position": 1, "completed": true});
    let refused = common::error_body(app.put(HISTORY, &body, Some(&token)).await, StatusCode::FORBIDDEN).await;
    assert_eq!(refused["code"], "locked");
    assert_eq!(history_rows(&app), 0, "no XP for a book the member cannot read");
    assert_eq!(progress(&app, &token).await["xp"], 0);

    // Free books need no unlock; a premium book only opened (asked, nothing spent) is still
    // locked, and once unlocked it is readable.
    save(&app, &token, &json!(catalogue.books["free-book"]), 1, false).await;
    book(&app, "premium-1", Some(&token)).await;
    common::error_body(app.put(HISTORY, &body, Some(&token)).await, StatusCode::FORBIDDEN).await;
    ok_body(app.post_empty("/api/books/premium-1/unlock", Some(&token)).await, StatusCode::OK).await;
    assert_eq!(save(&app, &token, &premium, 1, true).await["xpGained"], 10);
}

#[actix_web::test]
async fn completing_a_book_twice_gives_xp_once_and_counts_its_category() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let token = app.paid_member("paid@example.com").await;
    let id = json!(catalogue.books["premium-1"]);

    let fresh = progress(&app, &token).await;
    assert_eq!((fresh["xp"].clone(), fresh["numCompleted"].clone(), fresh["isPaid"].clone()), (json!(0), json!(0), json!(true)));
    assert_eq!(fresh["streaks"], json!({"currentStreak": 0, "bestStreak": 0}));

    save(&app, &token, &id, 2, false).await;
    let first = save(&app, &token, &id, 3, true).await;
    assert_eq!(first, json!({"position": 3, "completed": true, "firstCompletion": true, "xpGained": 10}));
    let again = save(&app, &token, &id, 3, true).await;
    assert_eq!((again["firstCompletion"].clone(), again["xpGained"].clone()), (json!(false), json!(0)));
    // Re-reading from the start keeps the book completed.
    assert_eq!(save(&app, &token, &id, 0, false).await["completed"], true);

    let report = progress(&app, &token).await;
    assert_eq!(report["xp"], 10);
    assert_eq!(report["numCompleted"], 1);
    assert_eq!(report["skillsNumCompleted"], json!({"Philosophy": 1}));
    assert_eq!(report["skills"], json!([{"name": "Philosophy", "completed": 1, "target": 10, "acquired": false}]));
    assert_eq!(report["streaks"], json!({"currentStreak": 1, "bestStreak": 1}));
    let names: Vec<&str> = report["awards"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Starter", "Trailblazer", "Champ", "Genius", "Scholar"]);
    assert!(report["awards"].as_array().unwrap().iter().all(|a| a["earned"] == false));
    assert_eq!(report["level"], json!({"current": null, "next": "Starter", "nextXp": 50, "xpToNext": 40, "percent": 20}));
    assert_eq!(book(&app, "premium-1", Some(&token)).await["completed"], true);
}

#[actix_web::test]
async fn five_completions_earn_the_starter_award() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let token = app.paid_member("paid@example.com").await;
    for subid in ["premium-1", "premium-2", "premium-3", "premium-4", "premium-5"] {
        save(&app, &token, &json!(catalogue.books[subid]), 3, true).await;
    }
    let report = progress(&app, &token).await;
    assert_eq!(report["xp"], 50);
    assert_eq!(report["awards"][0], json!({"name": "Starter", "xp": 50, "earned": true}));
    assert_eq!(report["awards"][1]["earned"], false);
    assert_eq!(report["level"]["current"], "Starter");
    assert_eq!(report["skillsNumCompleted"], json!({"Economics": 1, "Philosophy": 3, "Strategy": 1}));
}

#[actix_web::test]
async fn streaks_follow_the_members_own_calendar() {
    let app = spawn_app_with(AppOptions { fixed_clock: true, ..Default::default() }).await;
    let catalogue = app.seed_catalogue();
    // Registered in Europe/Paris (UTC+1 in November).
    let token = app.paid_member("paid@example.com").await;
    let paris = |d: u32, h: u32, m: u32| chrono_tz::Europe::Paris.with_ymd_and_hms(2026, 11, d, h, m, 0).unwrap().with_timezone(&Utc);
    let complete = |subid: &'static str| {
        let id = json!(catalogue.books[subid]);
        let app = &app;
        let token = token.clone();
        async move { save(app, &token, &id, 3, true).await }
    };

    // 23:50 on the 10th and 00:10 on the 11th in Paris: two days, though one date in UTC.
    app.set_clock(paris(10, 23, 50));
    complete("premium-1").await;
    app.set_clock(paris(11, 0, 10));
    complete("premium-2").await;
    assert_eq!(progress(&app, &token).await["streaks"], json!({"currentStreak": 2, "bestStreak": 2}));

    // A second completion the same day counts once; a re-read to the end counts for its day.
    complete("premium-3").await;
    app.set_clock(paris(12, 21, 0));
    complete("premium-1").await;
    assert_eq!(progress(&app, &token).await["streaks"], json!({"currentStreak": 3, "bestStreak": 3}));
    assert_eq!(progress(&app, &token).await["xp"], 30, "the re-read earned no XP");

    // The next day without a completion yet: still current. A missed day: it ends.
    app.set_clock(paris(13, 22, 0));
    assert_eq!(progress(&app, &token).await["streaks"]["currentStreak"], 3);
    app.set_clock(paris(15, 9, 0));
    assert_eq!(progress(&app, &token).await["streaks"], json!({"currentStreak": 0, "bestStreak": 3}));
    complete("premium-4").await;
    assert_eq!(progress(&app, &token).await["streaks"], json!({"currentStreak": 1, "bestStreak": 3}));
    let days = count(&mut app.connect(), "SELECT count(*) FROM reading_days");
    assert_eq!(days, 4, "10, 11, 12 and 15 November");
}

#[actix_web::test]
async fn a_video_start_is_logged_for_those_who_may_watch() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let paid = app.paid_member("paid@example.com").await;
    let free = app.register("free@example.com", PASSWORD).await;

    ok_body(app.post_empty("/api/user-book-history/premium-1", Some(&paid)).await, StatusCode::OK).await;
    let started = count(&mut app.connect(), "SELECT count(*) FROM reading_history WHERE video_started_at IS NOT NULL AND position = 0");
    assert_eq!(started, 1);
    // Free books' videos are open to every member; premium videos are not.
    ok_body(app.post_empty(&format!("/api/user-book-history/{}", catalogue.books["free-book"]), Some(&free)).await, StatusCode::OK).await;
    assert_error(
        app.post_empty("/api/user-book-history/premium-1", Some(&free)).await,
        StatusCode::FORBIDDEN,
        "no_video",
        "This video is not available to your account.",
    )
    .await;
    // A book without a video.
    assert_eq!(app.post_empty("/api/user-book-history/premium-2", Some(&paid)).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.post_empty("/api/user-book-history/no-such-book", Some(&paid)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(history_rows(&app), 2);
}

#[actix_web::test]
async fn one_member_never_sees_or_changes_anothers_progress() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let ada = app.paid_member("ada@example.com").await;
    let bob = app.paid_member("bob@example.com").await;
    let id = json!(catalogue.books["premium-1"]);
    let readers = || {
        let mut conn = app.connect();
        db::progress::history::fold_pending_reads(&mut conn).unwrap();
        count(&mut conn, "SELECT read_count::bigint AS count FROM books WHERE subid = 'premium-1'")
    };
    let readers_before = readers();
    save(&app, &ada, &id, 3, true).await;

    assert_eq!(book(&app, "premium-1", Some(&bob)).await["position"], 0);
    assert_eq!(book(&app, "premium-1", Some(&bob)).await["completed"], false);
    assert_eq!(progress(&app, &bob).await["xp"], 0);
    let home = ok_body(app.get("/api/books", Some(&bob)).await, StatusCode::OK).await;
    assert_eq!(home["result"]["recommendations"]["history"], json!([]));

    // Bob's saves are Bob's: Ada's entry stays where it was.
    save(&app, &bob, &id, 1, false).await;
    assert_eq!(book(&app, "premium-1", Some(&ada)).await["position"], 3);
    assert_eq!(progress(&app, &ada).await["xp"], 10);
    assert_eq!(readers(), readers_before + 2, "two distinct readers");
}

#[actix_web::test]
async fn home_lists_the_books_to_pick_up_and_leaves_finished_ones_out_of_it_and_of_the_recommendations() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let token = app.paid_member("paid@example.com").await;
    save(&app, &token, &json!(catalogue.books["premium-1"]), 1, false).await;
    save(&app, &token, &json!(catalogue.books["premium-2"]), 3, true).await;
    save(&app, &token, &json!(catalogue.books["premium-3"]), 2, false).await;
    let home = ok_body(app.get("/api/books", Some(&token)).await, StatusCode::OK).await;
    let history: Vec<&str> = home["result"]["recommendations"]["history"].as_array().unwrap().iter().map(|b| b["subid"].as_str().unwrap()).collect();
    assert_eq!(history, ["premium-3", "premium-1"], "a finished book has nothing left to pick up");
    assert!(!home.to_string().contains("SECRET-"), "history cards carry no text");
    // Nor is a finished book recommended again.
    let categories: Vec<i64> = ok_body(app.get("/api/categories", None).await, StatusCode::OK).await["result"]["categories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .collect();
    ok_body(app.put("/api/user/recommends", &json!({"recommends": categories}), Some(&token)).await, StatusCode::OK).await;
    let home = ok_body(app.get("/api/books", Some(&token)).await, StatusCode::OK).await;
    let recommended: Vec<&str> = home["result"]["recommendations"]["recommended"].as_array().unwrap().iter().map(|b| b["subid"].as_str().unwrap()).collect();
    assert!(!recommended.is_empty() && !recommended.contains(&"premium-2"), "{recommended:?}");
}

#[actix_web::test]
async fn trending_counts_reads_of_the_last_thirty_days() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let token = app.paid_member("paid@example.com").await;
    let mut conn = app.connect();
    let recent = |conn: &mut diesel::PgConnection| count(conn, "SELECT recent_reads::bigint AS count FROM books WHERE subid = 'premium-5'");
    let before = recent(&mut conn);
    let readers_before = count(&mut conn, "SELECT read_count::bigint AS count FROM books WHERE subid = 'premium-5'");
    save(&app, &token, &json!(catalogue.books["premium-5"]), 1, false).await;
    // Saves queue the new reader; the counters take it when the queue is folded (every half
    // minute), once however often it is folded.
    db::progress::history::fold_pending_reads(&mut conn).unwrap();
    assert_eq!(recent(&mut conn), before + 1, "a new reader counts once folded");
    db::progress::history::fold_pending_reads(&mut conn).unwrap();
    assert_eq!(recent(&mut conn), before + 1, "and only once");

    // The refresh recounts from history: the seeded figure goes, this month's read stays...
    db::progress::history::refresh_recent_reads(&mut conn, reading_progress::history::trending_since(Utc::now())).unwrap();
    assert_eq!(recent(&mut conn), 1);
    // ...and a read older than 30 days ages out.
    db::progress::history::refresh_recent_reads(&mut conn, reading_progress::history::trending_since(Utc::now() + Duration::days(31))).unwrap();
    assert_eq!(recent(&mut conn), 0);
    assert_eq!(
        count(&mut conn, "SELECT read_count::bigint AS count FROM books WHERE subid = 'premium-5'"),
        readers_before + 1,
        "readCount keeps distinct readers"
    );
}

#[actix_web::test]
async fn deleting_the_account_erases_its_reading() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let token = app.paid_member("paid@example.com").await;
    let id = catalogue.books["premium-1"];
    save(&app, &token, &json!(id), 3, true).await;
    ok_body(app.post("/api/library", &json!({"bookId": id}), Some(&token)).await, StatusCode::OK).await;
    ok_body(app.put(&format!("/api/books/rating/{id}"), &json!({"rating": 4, "feedback": "Good"}), Some(&token)).await, StatusCode::OK).await;
    ok_body(app.post("/api/user/delete", &json!({"why": "testing", "how": "a friend", "password": PASSWORD}), Some(&token)).await, StatusCode::OK).await;
    let mut conn = app.connect();
    for table in ["reading_history", "reading_days", "library_items", "book_ratings"] {
        assert_eq!(count(&mut conn, &format!("SELECT count(*) FROM {table}")), 0, "{table}");
    }
}
