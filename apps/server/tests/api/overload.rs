//! A saturated database pool answers 503 quickly instead of letting requests hang.

use crate::common;

use common::*;
use diesel::connection::SimpleConnection;
use reqwest::StatusCode;
use std::time::{Duration, Instant};

#[actix_web::test]
async fn a_request_that_cannot_get_a_connection_answers_503_quickly() {
    let app = spawn_app_with(AppOptions { pool: Some((1, Duration::from_millis(1000))), ..AppOptions::default() }).await;
    let token = app.register("busy@example.com", PASSWORD).await;

    // Another client holds a lock on users, so the next account call parks on the pool's only
    // connection until the lock is released. A background worker may take that connection first
    // (and may even be the one waiting on the lock): then the call waits for the pool instead and
    // answers 503 on its own, however late a loaded machine lets it; only a call that answers 200
    // once the lock is gone was the parked one, so a try whose call answered 503 is made again.
    let mut blocker = app.connect();
    let mut parked_and_finished = false;
    let tries_until = Instant::now() + Duration::from_secs(90);
    while !parked_and_finished && Instant::now() < tries_until {
        blocker.batch_execute("BEGIN; LOCK TABLE users IN ACCESS EXCLUSIVE MODE;").unwrap();
        let client = new_client();
        let url = app.url("/api/user/account");
        let parked_token = token.clone();
        let request = actix_web::rt::spawn(async move { client.get(url).bearer_auth(parked_token).send().await.unwrap().status() });
        let locked = waits_on_a_lock(&app).await;
        if locked {
            // Whoever holds the only connection waits on the lock: no connection is free, so the
            // next call answers 503 within about the pool's timeout.
            let started = Instant::now();
            let response = app.get("/api/user/account", Some(&token)).await;
            let waited = started.elapsed();
            let body = error_body(response, StatusCode::SERVICE_UNAVAILABLE).await;
            assert_eq!(body["code"], "unavailable");
            assert_eq!(body["error"], "The service is busy right now. Please try again in a moment.");
            assert!(waited < Duration::from_secs(3), "answered after {waited:?}");
        }
        blocker.batch_execute("COMMIT;").unwrap();
        let status = request.await.unwrap();
        assert!(status == StatusCode::OK || status == StatusCode::SERVICE_UNAVAILABLE, "{status}");
        parked_and_finished = locked && status == StatusCode::OK;
    }
    assert!(parked_and_finished, "a request parked on the lock and finished once the lock was gone");
    // Each 503 above was a checkout that gave up, and /metrics counts it.
    let metrics = app.get("/metrics", Some(METRICS_TOKEN)).await.text().await.unwrap();
    let timeouts: f64 = metrics.lines().find_map(|l| l.strip_prefix("db_pool_timeouts_total ")).unwrap_or_else(|| panic!("{metrics}")).parse().unwrap();
    assert!(timeouts >= 1.0, "{metrics}");
    assert_eq!(app.get("/api/user/account", Some(&token)).await.status(), StatusCode::OK);
}

/// Whether some session waits for a lock within two seconds.
async fn waits_on_a_lock(app: &TestApp) -> bool {
    let mut conn = app.connect();
    // A loaded machine may take a while to bring the request to the database.
    let deadline = Instant::now() + Duration::from_secs(15);
    while Instant::now() < deadline {
        let waiting: i64 = diesel::RunQueryDsl::get_result::<Count>(
            diesel::sql_query(
                "SELECT count(*) AS n FROM pg_locks WHERE NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            ),
            &mut conn,
        )
        .unwrap()
        .n;
        if waiting > 0 {
            return true;
        }
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}
