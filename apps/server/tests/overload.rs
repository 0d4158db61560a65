//! A saturated database pool answers 503 quickly instead of letting requests hang.

mod common;

use common::*;
use diesel::connection::SimpleConnection;
use reqwest::StatusCode;
use std::time::{Duration, Instant};

#[actix_web::test]
async fn a_request_that_cannot_get_a_connection_answers_503_quickly() {
    let app = spawn_app_with(AppOptions { pool: Some((1, Duration::from_millis(300))), ..AppOptions::default() }).await;
    let token = app.register("busy@example.com", PASSWORD).await;

    // Another client holds a lock on users, so the next account call parks on the pool's only
    // connection until the lock is released.
    let mut blocker = app.connect();
    blocker.batch_execute("BEGIN; LOCK TABLE users IN ACCESS EXCLUSIVE MODE;").unwrap();
    let parked = {
        let client = new_client();
        let url = app.url("/api/user/account");
        let token = token.clone();
        actix_web::rt::spawn(async move { client.get(url).bearer_auth(token).send().await.unwrap().status() })
    };
    actix_web::rt::time::sleep(Duration::from_millis(300)).await;

    // The mail worker may hold the connection for a moment too; either way no connection is free.
    let started = Instant::now();
    let response = app.get("/api/user/account", Some(&token)).await;
    let waited = started.elapsed();
    let body = error_body(response, StatusCode::SERVICE_UNAVAILABLE).await;
    assert_eq!(body["code"], "unavailable");
    assert_eq!(body["error"], "The service is busy right now. Please try again in a moment.");
    assert!(waited < Duration::from_secs(3), "answered after {waited:?}");

    blocker.batch_execute("COMMIT;").unwrap();
    assert_eq!(parked.await.unwrap(), StatusCode::OK, "the parked request finishes once the lock is gone");
    assert_eq!(app.get("/api/user/account", Some(&token)).await.status(), StatusCode::OK);
}
