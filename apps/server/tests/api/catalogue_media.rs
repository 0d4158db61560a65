//! Media over HTTP: public files for anyone, premium files only with a fresh signature, byte
//! ranges for seeking (206, 416).

use crate::common;

use common::catalogue::audio_bytes;
use common::{error_body, ok_body, spawn_app, spawn_app_with, AppOptions, TestApp};
use reqwest::header::{ACCEPT_RANGES, CONTENT_LENGTH, CONTENT_RANGE, CONTENT_TYPE, RANGE};
use reqwest::StatusCode;

async fn paid_audio_url(app: &TestApp) -> String {
    let token = app.paid_member("paid@example.com").await;
    let body = ok_body(app.get("/api/books/premium-1", Some(&token)).await, StatusCode::OK).await;
    body["result"]["book"]["mediaUrl"].as_str().unwrap().to_owned()
}

async fn ranged(app: &TestApp, url: &str, range: &str) -> reqwest::Response {
    app.client.get(app.url(url)).header(RANGE, range).send().await.unwrap()
}

#[actix_web::test]
async fn public_files_are_served_to_anyone_with_their_type() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let response = app.get("/media/public/covers/premium-1.svg", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[CONTENT_TYPE], "image/svg+xml");
    assert_eq!(response.headers()[ACCEPT_RANGES], "bytes");
    assert!(response.headers()["content-security-policy"].to_str().unwrap().contains("sandbox"));
    error_body(app.get("/media/public/covers/missing.svg", None).await, StatusCode::NOT_FOUND).await;
    error_body(app.get("/media/public/Covers/X.svg", None).await, StatusCode::NOT_FOUND).await;
    error_body(app.get("/media/other/file.svg", None).await, StatusCode::NOT_FOUND).await;
}

#[actix_web::test]
async fn premium_files_need_a_valid_unexpired_signature() {
    let app = spawn_app_with(AppOptions { fixed_clock: true, ..Default::default() }).await;
    app.seed_catalogue();
    let url = paid_audio_url(&app).await;
    assert!(url.starts_with("/media/premium/audio/premium-1.wav?exp="), "{url}");
    let response = app.get(&url, None).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[CONTENT_TYPE], "audio/wav");
    assert_eq!(response.bytes().await.unwrap().to_vec(), audio_bytes());

    let bare = url.split('?').next().unwrap();
    error_body(app.get(bare, None).await, StatusCode::FORBIDDEN).await;
    // Flip the signature's last character (to one it is not, or the "forgery" is the original).
    let last = if url.ends_with('0') { '1' } else { '0' };
    let forged = format!("{}{last}", &url[..url.len() - 1]);
    error_body(app.get(&forged, None).await, StatusCode::FORBIDDEN).await;
    let other_file = url.replace("premium-1.wav", "premium-2.wav");
    error_body(app.get(&other_file, None).await, StatusCode::FORBIDDEN).await;

    app.advance(chrono::Duration::hours(8));
    let expired = error_body(app.get(&url, None).await, StatusCode::FORBIDDEN).await;
    assert_eq!(expired["code"], "link_expired");
}

#[actix_web::test]
async fn ranges_answer_206_with_the_right_bytes_and_416_outside_the_file() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let url = paid_audio_url(&app).await;
    let all = audio_bytes();

    let response = ranged(&app, &url, "bytes=0-99").await;
    assert_eq!(response.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(response.headers()[CONTENT_RANGE], "bytes 0-99/1024");
    assert_eq!(response.headers()[CONTENT_LENGTH], "100");
    assert_eq!(response.bytes().await.unwrap().to_vec(), all[0..100]);

    let response = ranged(&app, &url, "bytes=1000-").await;
    assert_eq!(response.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(response.headers()[CONTENT_RANGE], "bytes 1000-1023/1024");
    assert_eq!(response.bytes().await.unwrap().to_vec(), all[1000..]);

    let response = ranged(&app, &url, "bytes=-24").await;
    assert_eq!(response.bytes().await.unwrap().to_vec(), all[1000..]);

    let response = ranged(&app, &url, "bytes=500-509").await;
    assert_eq!(response.bytes().await.unwrap().to_vec(), all[500..510]);

    for bad in ["bytes=2000-3000", "bytes=1024-", "bytes=9-3", "bytes=x-y"] {
        let response = ranged(&app, &url, bad).await;
        assert_eq!(response.status(), StatusCode::RANGE_NOT_SATISFIABLE, "{bad}");
        assert_eq!(response.headers()[CONTENT_RANGE], "bytes */1024", "{bad}");
    }
    // A HEAD tells the size without the body.
    let head = app.client.head(app.url(&url)).send().await.unwrap();
    assert_eq!(head.status(), StatusCode::OK);
    assert_eq!(head.headers()[CONTENT_LENGTH], "1024");
    assert!(head.bytes().await.unwrap().is_empty());
}

#[actix_web::test]
async fn compression_never_touches_media_answers() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let url = paid_audio_url(&app).await;
    let response = app.client.get(app.url(&url)).header("accept-encoding", "gzip, br").header(RANGE, "bytes=0-9").send().await.unwrap();
    assert_eq!(response.status(), StatusCode::PARTIAL_CONTENT);
    assert_ne!(response.headers().get("content-encoding").map(|v| v.to_str().unwrap()), Some("gzip"));
    assert_eq!(response.bytes().await.unwrap().to_vec(), audio_bytes()[0..10]);
}
