//! The API contract: the OpenAPI document, routing (every documented call is really served,
//! unknown API paths answer the JSON 404), health checks, security headers, request ids, and the
//! analytics endpoint.

use crate::common;

use diesel::connection::SimpleConnection;
use diesel::Connection;

use common::*;
use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

/// Every call this build serves; a call missing from the router or from the document fails.
const CALLS: &[(&str, &str)] = &[
    ("POST", "/api/user/register"),
    ("GET", "/api/charge/standing"),
    ("GET", "/api/user/grants"),
    ("POST", "/api/charge/payment-method"),
    ("POST", "/api/charge/payment-method/confirm"),
    ("POST", "/api/user/login"),
    ("GET", "/api/user/session"),
    ("POST", "/api/user/refresh-token"),
    ("POST", "/api/user/logout"),
    ("POST", "/api/user/logout-everywhere"),
    ("PUT", "/api/user/forgot-password"),
    ("PUT", "/api/user/reset-password"),
    ("POST", "/api/user/verify-email"),
    ("POST", "/api/user/verify-email/resend"),
    ("PUT", "/api/user/password"),
    ("POST", "/api/user/login/two-factor"),
    ("GET", "/api/user/two-factor"),
    ("POST", "/api/user/two-factor/setup"),
    ("POST", "/api/user/two-factor/enable"),
    ("POST", "/api/user/two-factor/disable"),
    ("POST", "/api/user/two-factor/recovery-codes"),
    ("GET", "/api/user/sessions"),
    ("DELETE", "/api/user/sessions/{id}"),
    ("GET", "/api/plans"),
    ("POST", "/api/charge/price"),
    ("POST", "/api/charge/coupon"),
    ("GET", "/api/offer"),
    ("GET", "/api/charge/infographics"),
    ("GET", "/api/charge/{chargeId}/infographics"),
    ("POST", "/api/charge/quote"),
    ("GET", "/api/admin/user/edit/{userId}"),
    ("PUT", "/api/admin/user"),
    ("GET", "/api/admin/audit"),
    ("GET", "/api/admin/books/"),
    ("POST", "/api/admin/books/"),
    ("GET", "/api/admin/books/{bookId}"),
    ("PUT", "/api/admin/books/{bookId}"),
    ("DELETE", "/api/admin/books/{bookId}"),
    ("POST", "/api/admin/books/{bookId}/restore"),
    ("POST", "/api/admin/books/{bookId}/preview"),
    ("POST", "/api/admin/books/{slot}/{id}"),
    ("GET", "/api/admin/podcasts/"),
    ("POST", "/api/admin/podcasts/"),
    ("GET", "/api/admin/podcasts/{id}"),
    ("PUT", "/api/admin/podcasts/{id}"),
    ("POST", "/api/admin/podcasts/{slot}/{id}"),
    ("GET", "/api/admin/plans"),
    ("PUT", "/api/admin/plans/{id}"),
    ("GET", "/api/admin/coupons"),
    ("POST", "/api/admin/coupons"),
    ("GET", "/api/admin/coupons/{code}"),
    ("PUT", "/api/admin/coupons/{code}"),
    ("POST", "/api/admin/coupons/{code}/end"),
    ("GET", "/api/admin/goals/"),
    ("POST", "/api/admin/goals/"),
    ("GET", "/api/admin/goals/{id}"),
    ("PUT", "/api/admin/goals/{id}"),
    ("POST", "/api/admin/goals/{slot}/{id}"),
    ("GET", "/api/admin/blog"),
    ("POST", "/api/admin/blog"),
    ("PUT", "/api/admin/blog"),
    ("GET", "/api/admin/blog/{postId}"),
    ("POST", "/api/admin/blog/photo/{postId}"),
    ("GET", "/api/admin/insight"),
    ("POST", "/api/admin/insight"),
    ("PUT", "/api/admin/insight"),
    ("GET", "/api/admin/insight/{id}"),
    ("GET", "/api/admin/messages"),
    ("PUT", "/api/admin/messages/{id}"),
    ("POST", "/api/contact"),
    ("POST", "/api/contact/invite"),
    ("GET", "/api/user/refers"),
    ("GET", "/api/user/highlights"),
    ("POST", "/api/user/highlights"),
    ("GET", "/api/user/highlights/export"),
    ("GET", "/api/user/highlights/book/{id}"),
    ("PATCH", "/api/user/highlights/{id}"),
    ("DELETE", "/api/user/highlights/{id}"),
    ("GET", "/api/user/review"),
    ("GET", "/api/user/review/summary"),
    ("POST", "/api/user/review/{id}"),
    ("PUT", "/api/user/review/settings"),
    ("GET", "/api/user/podcast-feed"),
    ("POST", "/api/user/podcast-feed"),
    ("DELETE", "/api/user/podcast-feed"),
    ("PUT", "/api/user/podcast-feed/settings"),
    ("GET", "/feeds/{file}"),
    ("GET", "/feeds/{token}/{file}"),
    ("HEAD", "/feeds/{token}/{file}"),
    ("GET", "/api/admin/user/{userId}/podcast-feed"),
    ("POST", "/api/user/ten-day-challenge"),
    ("POST", "/api/user/ten-day-challenge-submit"),
    ("POST", "/api/onboarding/plan"),
    ("PUT", "/api/user/ten-day-challenge/reminders"),
    ("POST", "/api/ten-day-challenge/unsubscribe"),
    ("GET", "/api/quizzes/{quiz}"),
    ("POST", "/api/quiz-results/{quiz}"),
    ("GET", "/api/quiz-results/{quiz}"),
    ("GET", "/api/quiz-results/{quiz}/report"),
    ("GET", "/api/quiz-results/{quiz}/report.pdf"),
    ("POST", "/api/ai/url"),
    ("POST", "/api/ai/file"),
    ("GET", "/api/ai/summaries"),
    ("GET", "/api/ai/summaries/{id}"),
    ("DELETE", "/api/ai/summaries/{id}"),
    ("GET", "/api/affiliate"),
    ("POST", "/api/affiliate/apply"),
    ("GET", "/api/admin/affiliates"),
    ("GET", "/api/admin/affiliates.csv"),
    ("PUT", "/api/admin/affiliates/{userId}"),
    ("POST", "/api/admin/affiliates/{userId}/payouts"),
    ("POST", "/feedback/send"),
    ("POST", "/api/feedback/send"),
    ("GET", "/admin/collections/list"),
    ("GET", "/api/admin/collections/list"),
    ("POST", "/admin/collections/add"),
    ("POST", "/api/admin/collections/add"),
    ("GET", "/admin/collections/detail/{id}"),
    ("GET", "/api/admin/collections/detail/{id}"),
    ("POST", "/admin/collections/detail/{id}"),
    ("POST", "/api/admin/collections/detail/{id}"),
    ("GET", "/api/admin/visuals"),
    ("POST", "/api/admin/visuals"),
    ("GET", "/api/admin/visuals/{id}"),
    ("PUT", "/api/admin/visuals/{id}"),
    ("DELETE", "/api/admin/visuals/{id}"),
    ("POST", "/api/admin/visuals/photo/{id}"),
    ("PUT", "/api/admin/visuals/order/{bookId}"),
    ("GET", "/api/podcasts"),
    ("GET", "/api/podcasts/{id}"),
    ("GET", "/api/insights"),
    ("GET", "/api/goals"),
    ("GET", "/api/admin/stats"),
    ("GET", "/api/admin/stats.csv"),
    ("GET", "/api/admin/reconcile"),
    ("GET", "/api/charge/settings"),
    ("POST", "/api/charge/process/{planId}"),
    ("POST", "/api/charge/confirm"),
    ("POST", "/api/user/mark-as-paid"),
    ("POST", "/api/paypal/start"),
    ("POST", "/api/paypal"),
    ("GET", "/api/charge/subscription"),
    ("POST", "/api/charge/cancel"),
    ("POST", "/charge/cancel"),
    ("POST", "/api/webhooks/stripe"),
    ("POST", "/api/webhooks/paypal"),
    ("POST", "/api/user/redeem"),
    ("POST", "/api/user/stacksocial"),
    ("GET", "/api/teams/seats"),
    ("POST", "/api/teams/seats/{id}/invite"),
    ("POST", "/api/teams/seats/{id}/revoke"),
    ("GET", "/api/books/download-pdf/{id}"),
    ("GET", "/api/kindle/has-kindle"),
    ("GET", "/kindle/has-kindle"),
    ("POST", "/api/kindle/set-kindle"),
    ("POST", "/kindle/set-kindle"),
    ("POST", "/api/kindle/send/{bookId}"),
    ("GET", "/api/user/account"),
    ("POST", "/api/user/delete"),
    ("POST", "/api/user/subscription-code-register"),
    ("POST", "/api/analytics/events"),
    ("GET", "/api/admin/user/{start}"),
    ("GET", "/api/books"),
    ("GET", "/api/books/list"),
    ("GET", "/api/books/{id}"),
    ("POST", "/api/books/{id}/unlock"),
    ("GET", "/api/free-summaries"),
    ("GET", "/api/categories"),
    ("PUT", "/api/user/recommends"),
    ("GET", "/api/visuals"),
    ("GET", "/api/visuals/book/{id}"),
    ("PUT", "/api/user-book-history/"),
    ("POST", "/api/user-book-history/{id}"),
    ("GET", "/api/user-book-history/xp"),
    ("POST", "/api/library"),
    ("GET", "/api/library"),
    ("DELETE", "/api/library/{id}"),
    ("DELETE", "/library/delete/{id}"),
    ("DELETE", "/api/library/delete/{id}"),
    ("PUT", "/api/books/rating/{id}"),
    ("GET", "/api/catalogue/books"),
    ("GET", "/api/collections"),
    ("GET", "/api/collections/{slug}"),
    ("GET", "/api/authors"),
    ("GET", "/api/authors/{slug}"),
    ("GET", "/api/blog"),
    ("GET", "/api/blog/{id}"),
    ("GET", "/api/search"),
    ("GET", "/api/infographics"),
    ("GET", "/api/google/login/oauth"),
    ("GET", "/api/google/login/oauth/callback"),
    ("GET", "/api/apple/login/oauth"),
    ("GET", "/api/apple/login/oauth/callback"),
    ("POST", "/api/apple/login/oauth/callback"),
    ("GET", "/api/{provider}/oauth"),
    ("GET", "/api/{provider}/oauth/callback"),
    ("POST", "/api/oauth/confirm"),
    ("GET", "/api/sign-in/origins"),
    ("GET", "/media/{key}"),
    ("HEAD", "/media/{key}"),
    ("GET", "/healthz"),
    ("GET", "/api/site"),
    ("GET", "/readyz"),
];

const NO_SUCH_CALL: &str = "There is no such API call.";

async fn openapi(app: &TestApp) -> Value {
    let response = app.get("/api/openapi.json", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let content_type = response.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(content_type.starts_with("application/json"), "{content_type}");
    let text = response.text().await.unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("the OpenAPI document is not JSON: {e}"))
}

/// A concrete path for a templated one.
fn concrete(path: &str) -> String {
    path.replace("{start}", "0")
        .replace("{provider}", "linkedin")
        .replace("{id}", "1")
        .replace("{slot}", "photo")
        .replace("{slug}", "no-such-slug")
        .replace("{key}", "public/no-such-file.svg")
}

/// Sends a plausible request (JSON body `{}` for writes, no token) to the call.
async fn call(app: &TestApp, method: &str, path: &str) -> Response {
    let method = Method::from_bytes(method.as_bytes()).unwrap();
    let mut request = bare_client().request(method.clone(), app.url(&concrete(path)));
    if method == Method::POST || method == Method::PUT || method == Method::PATCH {
        request = request.json(&json!({}));
    }
    request.send().await.unwrap()
}

/// True when the answer is the catch-all "unknown route" 404.
async fn is_unknown_route(response: Response) -> (bool, StatusCode, String) {
    let status = response.status();
    let text = response.text().await.unwrap();
    let unknown = status == StatusCode::NOT_FOUND
        && serde_json::from_str::<Value>(&text).map(|body| body["code"] == "not_found" && body["error"] == NO_SUCH_CALL).unwrap_or(true);
    (unknown, status, text)
}

#[actix_web::test]
async fn the_openapi_document_lists_every_call() {
    let app = spawn_app().await;
    let document = openapi(&app).await;
    assert!(document["openapi"].as_str().is_some_and(|v| v.starts_with('3')), "{}", document["openapi"]);
    assert!(document["info"]["title"].is_string());
    let paths = document["paths"].as_object().expect("paths");
    for (method, path) in CALLS {
        let operation = paths.get(*path).and_then(|item| item.get(method.to_lowercase()));
        assert!(operation.is_some(), "{method} {path} is not in the OpenAPI document (paths: {:?})", paths.keys().collect::<Vec<_>>());
        assert!(operation.unwrap()["responses"].as_object().is_some_and(|r| !r.is_empty()), "{method} {path} documents its answers");
    }
    // Generated clients key operations by id: two calls with one id would type as each other.
    let mut ids: Vec<&str> = paths.values().flat_map(|item| item.as_object().unwrap().values()).filter_map(|op| op["operationId"].as_str()).collect();
    ids.sort_unstable();
    let repeated: Vec<&&str> = ids.windows(2).filter(|pair| pair[0] == pair[1]).map(|pair| &pair[0]).collect();
    assert!(repeated.is_empty(), "operation ids used twice: {repeated:?}");
    // And nothing beyond them: a new call joins CALLS (and so the routing check below).
    for (path, item) in paths {
        for method in item.as_object().unwrap().keys() {
            let listed = CALLS.iter().any(|(m, p)| p == path && m.eq_ignore_ascii_case(method));
            assert!(listed, "{method} {path} is documented but missing from CALLS");
        }
    }
    // Bearer-protected calls say so.
    for path in ["/api/user/session", "/api/user/account", "/api/user/delete", "/api/admin/user/{start}"] {
        let item = &paths[path];
        let operation = item.as_object().unwrap().values().next().unwrap();
        assert!(operation["security"].is_array(), "{path} names its security");
    }
    assert!(document["components"]["securitySchemes"]["bearer"].is_object());
}

#[actix_web::test]
async fn every_listed_and_documented_call_is_routed() {
    // Payments by stand-ins, so the checkout calls answer as they would in production.
    let paying = common::payments::spawn_paying_app().await;
    let app = &paying.app;
    // HEAD answers carry no body to tell the catch-all 404 from a missing file; GET of the same
    // path is checked instead.
    for (method, path) in CALLS.iter().filter(|(method, _)| *method != "HEAD") {
        let (unknown, status, text) = is_unknown_route(call(app, method, path).await).await;
        assert!(!unknown, "{method} {path} is not routed: {status} {text}");
        // Sign-in providers without configuration answer 503 by design (none is set up here).
        let unconfigured_provider = status == StatusCode::SERVICE_UNAVAILABLE && text.contains("provider_not_configured");
        assert!(!status.is_server_error() || *path == "/readyz" || unconfigured_provider, "{method} {path}: {status} {text}");
    }
    // And everything the document lists is served (the document never promises a missing call).
    let document = openapi(app).await;
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            if !["get", "post", "put", "patch", "delete"].contains(&method.as_str()) {
                continue;
            }
            let (unknown, status, text) = is_unknown_route(call(app, &method.to_uppercase(), path).await).await;
            assert!(!unknown, "documented {method} {path} is not routed: {status} {text}");
        }
    }
}

/// `cargo test` alone catches a stale snapshot: the document the handlers describe is the one the
/// front end's types were generated from (`cargo xtask codegen` refreshes both).
#[test]
fn the_committed_openapi_snapshot_is_fresh() {
    let snapshot_path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend/src/lib/api/openapi.json");
    let snapshot = std::fs::read_to_string(&snapshot_path).unwrap_or_default();
    let fresh = server::openapi::document_json();
    assert!(snapshot == fresh, "{} is stale: run `cargo xtask codegen` and commit the result", snapshot_path.display());
}

#[actix_web::test]
async fn unknown_api_paths_answer_a_json_404() {
    let app = spawn_app().await;
    for (method, path) in [
        ("GET", "/api/whatever"),
        ("GET", "/api"),
        ("GET", "/api/user/nope"),
        ("POST", "/api/whatever/deeper/still"),
        ("DELETE", "/api/user/session"),
        ("GET", "/api/user/register"),
    ] {
        let response = call(&app, method, path).await;
        assert!(response.headers().contains_key("x-request-id"), "{method} {path}");
        assert_error(response, StatusCode::NOT_FOUND, "not_found", NO_SUCH_CALL).await;
    }
    // A page route without a built front end: a plain explanation, not an API envelope.
    let response = app.get("/some/page", None).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let text = response.text().await.unwrap();
    assert!(text.contains("not built"), "{text}");
}

#[actix_web::test]
async fn health_and_readiness_answer_200() {
    let app = spawn_app().await;
    for path in ["/healthz", "/readyz"] {
        let response = app.get(path, None).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["status"], "ok", "{path}");
    }
}

#[actix_web::test]
async fn readiness_fails_when_the_database_is_gone() {
    let mut app = spawn_app().await;
    assert_eq!(app.get("/readyz", None).await.status(), StatusCode::OK);
    let database = app.db.take().expect("the app owns its database");
    // The pool reconnects at once, so one DROP ... WITH (FORCE) can lose that race: retry until it is gone.
    let mut admin = diesel::PgConnection::establish(&db::testing::server_url()).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    loop {
        let dropped = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", database.name));
        if count(&mut admin, &format!("SELECT count(*) FROM pg_database WHERE datname = '{}'", database.name)) == 0 {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the test database {} could not be dropped within 15 s (last attempt: {dropped:?})", database.name);
        actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    drop(database);
    let response = app.get("/readyz", None).await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "error");
    let health = app.get("/healthz", None).await;
    assert_eq!(health.status(), StatusCode::OK, "liveness does not depend on the database");
}

#[actix_web::test]
async fn responses_carry_security_headers_and_a_request_id() {
    let app = spawn_app().await;
    let token = app.register("ada@example.com", PASSWORD).await;
    let mut ids = Vec::new();
    let responses = vec![
        app.get("/healthz", None).await,
        app.get("/api/openapi.json", None).await,
        app.session(&token).await,
        app.get("/api/user/session", None).await,
        app.get("/api/whatever", None).await,
        app.post_raw("/api/user/login", "application/json", "{").await,
        app.get("/some/page", None).await,
    ];
    for response in responses {
        let url = response.url().to_string();
        let headers = response.headers();
        let csp = headers.get("content-security-policy").unwrap_or_else(|| panic!("CSP on {url}")).to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{url}: {csp}");
        assert!(csp.contains("default-src 'self'"), "{url}: {csp}");
        assert!(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"), "no inline styles or scripts: {url}: {csp}");
        assert_eq!(headers.get("x-content-type-options").map(|v| v.to_str().unwrap()), Some("nosniff"), "{url}");
        assert!(headers.get("referrer-policy").is_some(), "{url}");
        assert!(headers.get("x-frame-options").is_some(), "{url}");
        assert!(headers.get("strict-transport-security").is_none(), "no HSTS over plain http: {url}");
        assert_eq!(headers.get("cross-origin-opener-policy").map(|v| v.to_str().unwrap()), Some("same-origin"), "{url}");
        assert_eq!(headers.get("cross-origin-resource-policy").map(|v| v.to_str().unwrap()), Some("same-origin"), "{url}");
        let id = headers.get("x-request-id").unwrap_or_else(|| panic!("x-request-id on {url}")).to_str().unwrap().to_owned();
        assert!(!id.is_empty());
        ids.push(id);
    }
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "one id per request: {ids:?}");
}

/// Tokens, personal data and premium text are never kept by a browser or proxy cache.
#[actix_web::test]
async fn api_answers_are_never_stored_by_caches() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let login = app.post("/api/user/register", &json!({"username": "ada@example.com", "password": PASSWORD, "firstName": "Ada", "lastName": "L"}), None).await;
    let body: Value = login.json().await.unwrap();
    let token = body["result"]["token"].as_str().unwrap().to_owned();
    let paid = app.paid_member("paid@example.com").await;
    let responses = vec![
        app.post("/api/user/login", &json!({"email": "ada@example.com", "password": PASSWORD}), None).await,
        app.session(&token).await,
        app.get("/api/user/account", Some(&token)).await,
        app.get("/api/books/premium-1", Some(&paid)).await,
        app.get("/api/library", Some(&token)).await,
        app.get("/api/books", None).await,
        app.get("/api/whatever", None).await,
    ];
    for response in responses {
        let url = response.url().to_string();
        assert_eq!(response.headers().get("cache-control").map(|v| v.to_str().unwrap()), Some("no-store"), "{url}");
    }
}

#[actix_web::test]
async fn errors_leak_no_internals() {
    let app = spawn_app().await;
    // Path parameters that do not fit: a 400 envelope, never a 500, never SQL or parser details.
    let token = app.admin("ada@example.com", PASSWORD).await;
    for path in ["/api/admin/user/99999999999999999999", "/api/admin/user/1e3"] {
        let response = app.get(path, Some(&token)).await;
        let body = error_body(response, StatusCode::BAD_REQUEST).await;
        let text = body.to_string().to_lowercase();
        assert!(!text.contains("sql") && !text.contains("diesel") && !text.contains("panick"), "{text}");
    }
}

fn count_events(app: &TestApp, name: &str) -> i64 {
    let mut conn = app.connect();
    db::analytics::count_events(&mut conn, name).unwrap()
}

#[actix_web::test]
async fn analytics_events_are_stored_for_visitors_and_members() {
    let app = spawn_app().await;
    let body = json!({"name": "start_for_free_click", "properties": {"page": "/home", "variant": 2}});
    let response = app.post("/api/analytics/events", &body, None).await;
    assert_eq!(ok_body(response, StatusCode::OK).await, json!({"status": "ok", "result": {}}));
    assert_eq!(count_events(&app, "start_for_free_click"), 1);

    let response = app.post("/api/analytics/events", &json!({"name": "invite.sent"}), None).await;
    ok_body(response, StatusCode::OK).await;

    let token = app.register("ada@example.com", PASSWORD).await;
    let response = app.post("/api/analytics/events", &body, Some(&token)).await;
    ok_body(response, StatusCode::OK).await;
    // A bad token is simply anonymous.
    let response = app.post("/api/analytics/events", &body, Some("garbage")).await;
    ok_body(response, StatusCode::OK).await;
    assert_eq!(count_events(&app, "start_for_free_click"), 3);

    let mut conn = app.connect();
    assert_eq!(count(&mut conn, "SELECT count(*) AS count FROM analytics_events WHERE user_id IS NOT NULL"), 1);
    assert_eq!(count(&mut conn, "SELECT count(*) AS count FROM analytics_events WHERE properties ->> 'page' = '/home'"), 3);
}

#[actix_web::test]
async fn analytics_rejects_bad_names_and_properties() {
    let app = spawn_app().await;
    let bad_name = "Please give the event a short lower-case name.";
    for body in [json!({}), json!({"name": ""}), json!({"name": "Start For Free"}), json!({"name": "drop table;"}), json!({"name": "x".repeat(65)})] {
        let response = app.post("/api/analytics/events", &body, None).await;
        assert_error(response, StatusCode::BAD_REQUEST, "invalid_event", bad_name).await;
    }
    let bad_properties = "Event properties must be a small JSON object.";
    for properties in [json!([1, 2]), json!("text"), json!({"big": "x".repeat(3000)})] {
        let response = app.post("/api/analytics/events", &json!({"name": "ok_name", "properties": properties}), None).await;
        assert_error(response, StatusCode::BAD_REQUEST, "invalid_event", bad_properties).await;
    }
    let response = app.post("/api/analytics/events", &json!({"name": 5}), None).await;
    let body = error_body(response, StatusCode::BAD_REQUEST).await;
    assert_eq!(body["code"], "invalid_request");

    let mut conn = app.connect();
    assert_eq!(count(&mut conn, "SELECT count(*) AS count FROM analytics_events"), 0);
}

#[actix_web::test]
async fn with_a_built_front_end_app_routes_get_index_html_and_api_paths_stay_json() {
    let app = spawn_app_with(AppOptions { frontend: true, ..Default::default() }).await;

    // The pages the build prerendered get their own HTML; every other app route the empty shell.
    let pages = [
        ("/", PRERENDERED_LANDING),
        ("/books", PRERENDERED_BOOKS),
        ("/books/", PRERENDERED_BOOKS),
        // Prerendered without a query: another list (or any query) gets the empty page, which
        // React draws afresh instead of hydrating markup that does not match (React error #418).
        ("/books?sort=newest", INDEX_HTML),
        ("/books?category=philosophy", INDEX_HTML),
        ("/?ref=abc", INDEX_HTML),
        ("/login", INDEX_HTML),
        ("/reset-password/ada%40example.com/abc", INDEX_HTML),
        ("/verify-email/abc", INDEX_HTML),
        // An unknown book's page is the reader's shell as built (the app asks and says why).
        ("/books/12", READER_SHELL),
        ("/shells/reader.html", INDEX_HTML),
        // A route's shell names its chunks; it has no markup, so a query changes nothing.
        ("/pricing", PRICING_SHELL),
        ("/pricing?limit_reached=yes", PRICING_SHELL),
        ("/pricing/more", PRICING_SHELL),
        ("/Pricing", INDEX_HTML),
        ("/shells/pages/pricing.html", INDEX_HTML),
        ("/prerendered", INDEX_HTML),
        ("/prerendered/books.html", INDEX_HTML),
    ];
    for (path, html) in pages {
        let response = app.get(path, None).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()["content-type"].to_str().unwrap().to_owned();
        assert!(content_type.starts_with("text/html"), "{path}: {content_type}");
        // Scripts from this origin, and the one inline script the build wrote into the book
        // page's shell (the stand-in's `console.log('early')`) by its SHA-256, as
        // `openssl dgst -sha256 -binary | base64` gives it: no other inline script.
        let csp = response.headers()["content-security-policy"].to_str().unwrap().to_owned();
        let scripts = csp.split(';').map(str::trim).find(|d| d.starts_with("script-src ")).unwrap_or_else(|| panic!("script-src on {path}: {csp}"));
        assert_eq!(scripts, "script-src 'self' 'sha256-5mvci9TGxOt87lcsK69oK3n8G7xvjn79hEJt5N6nELs='", "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert_eq!(response.text().await.unwrap(), html, "{path}");
    }
    let response = app.get("/assets/app.js", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["cache-control"], "no-cache", "an unhashed name may change");
    assert_eq!(response.text().await.unwrap(), APP_JS);
    assert_eq!(app.get("/", None).await.headers()["cache-control"], "no-cache");

    // The app never shadows the API: unknown API paths (any method) answer the JSON 404 ...
    for (method, path) in [("GET", "/api/whatever"), ("GET", "/api"), ("GET", "/api/"), ("GET", "/api/user/register")] {
        let response = call(&app, method, path).await;
        assert_error(response, StatusCode::NOT_FOUND, "not_found", NO_SUCH_CALL).await;
    }
    // ... and the real calls still answer.
    // HEAD answers carry no body to tell the catch-all 404 from a missing file; GET of the same
    // path is checked instead.
    for (method, path) in CALLS.iter().filter(|(method, _)| *method != "HEAD") {
        let (unknown, status, text) = is_unknown_route(call(&app, method, path).await).await;
        assert!(!unknown, "{method} {path} is shadowed: {status} {text}");
        assert!(!text.contains("<!doctype html>"), "{method} {path} answered the app: {text}");
    }
    ok_body(app.register_response("ada@example.com", PASSWORD).await, StatusCode::OK).await;
    assert!(app.get("/api/openapi.json", None).await.text().await.unwrap().contains("\"openapi\""));

    // No escaping the build folder.
    for path in ["/..%2f..%2fCargo.toml", "/assets/..%2f..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/etc/passwd"] {
        let response = app.get(path, None).await;
        let text = response.text().await.unwrap();
        assert!(!text.contains("root:") && !text.contains("[package]"), "{path}: {text}");
    }
}

#[actix_web::test]
async fn with_a_built_front_end_unknown_api_calls_with_any_method_answer_the_json_404() {
    // Without a front end this holds (unknown_api_paths_answer_a_json_404); the production setup
    // serves the built app, and must keep the API's envelope for every method.
    let app = spawn_app_with(AppOptions { frontend: true, ..Default::default() }).await;
    for (method, path) in [("POST", "/api/whatever"), ("PUT", "/api/user/login"), ("DELETE", "/api/user/session"), ("POST", "/api/whatever/deeper/still")] {
        let response = call(&app, method, path).await;
        assert_error(response, StatusCode::NOT_FOUND, "not_found", NO_SUCH_CALL).await;
    }
}

/// The public analytics call is limited per address, so it cannot be used to fill the database.
#[actix_web::test]
async fn analytics_events_are_limited_per_address() {
    let app = spawn_app().await;
    for n in 0..admin::service::EVENTS_PER_ADDRESS {
        let response = app.post("/api/analytics/events", &json!({"name": "start_for_free_click"}), None).await;
        assert_eq!(response.status(), StatusCode::OK, "event {n}");
    }
    let response = app.post("/api/analytics/events", &json!({"name": "start_for_free_click"}), None).await;
    assert_error(response, StatusCode::TOO_MANY_REQUESTS, "throttled", "Too many attempts. Please wait a few minutes and try again.").await;
    assert_eq!(count_events(&app, "start_for_free_click"), i64::from(admin::service::EVENTS_PER_ADDRESS));
}

#[actix_web::test]
async fn the_content_security_policy_allows_exactly_the_configured_payment_origins() {
    let without = spawn_app().await;
    let csp = |response: &Response| response.headers().get("content-security-policy").unwrap().to_str().unwrap().to_owned();
    let plain = csp(&without.get("/healthz", None).await);
    assert!(plain.contains("script-src 'self';") && plain.contains("frame-src 'self';") && plain.contains("connect-src 'self';"), "{plain}");

    let paying = common::payments::spawn_paying_app().await;
    let policy = csp(&paying.app.get("/healthz", None).await);
    let directive = |name: &str| policy.split(';').map(str::trim).find(|d| d.starts_with(name)).unwrap_or_else(|| panic!("{name} in {policy}")).to_owned();
    let stripe = paying.stripe.base_url.clone();
    let paypal = paying.paypal.base_url.clone();
    assert_eq!(directive("script-src"), format!("script-src 'self' {stripe} {paypal}"));
    assert_eq!(directive("frame-src"), format!("frame-src 'self' {stripe} {paypal}"));
    assert_eq!(directive("connect-src"), format!("connect-src 'self' {stripe} {paypal}"));
    assert!(!policy.contains('*') && !policy.contains("https:;"), "nothing broader: {policy}");
    let response = paying.app.get("/healthz", None).await;
    assert_eq!(response.headers().get("cross-origin-opener-policy").unwrap(), "same-origin-allow-popups", "PayPal's window talks back");
}

/// Hashed assets are cached for a year and answered in the compressed variant the build wrote
/// (brotli first, then gzip), never compressed again; other clients get the file itself.
#[actix_web::test]
async fn hashed_assets_are_immutable_and_served_precompressed() {
    let app = spawn_app_with(AppOptions { frontend: true, ..Default::default() }).await;
    let assets = app.media_dir.parent().unwrap().join("dist").join("assets");
    let script = "console.log('hashed');".repeat(100);
    std::fs::write(assets.join("main.1a2b3c4d.js"), &script).unwrap();
    std::fs::write(assets.join("main.1a2b3c4d.js.br"), b"BROTLI-BYTES").unwrap();
    std::fs::write(assets.join("main.1a2b3c4d.js.gz"), b"GZIP-BYTES").unwrap();
    let raw = common::client_builder().no_gzip().no_brotli().no_deflate().build().unwrap();
    let fetch = |encoding: &'static str| {
        let request = raw.get(app.url("/assets/main.1a2b3c4d.js"));
        let request = if encoding.is_empty() { request } else { request.header("accept-encoding", encoding) };
        request.send()
    };
    let brotli = fetch("gzip, deflate, br").await.unwrap();
    assert_eq!(brotli.status(), StatusCode::OK);
    assert_eq!(brotli.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(brotli.headers()["content-encoding"], "br");
    assert_eq!(brotli.headers()["vary"], "Accept-Encoding");
    assert!(brotli.headers()["content-type"].to_str().unwrap().contains("javascript"));
    assert_eq!(brotli.bytes().await.unwrap().as_ref(), b"BROTLI-BYTES");
    let gzip = fetch("gzip").await.unwrap();
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    assert_eq!(gzip.bytes().await.unwrap().as_ref(), b"GZIP-BYTES");
    let refused = fetch("gzip;q=0, br;q=0").await.unwrap();
    assert!(!refused.headers().contains_key("content-encoding"));
    assert_eq!(refused.text().await.unwrap(), script);
    // A range request gets the file's own bytes.
    let ranged = raw.get(app.url("/assets/main.1a2b3c4d.js")).header("accept-encoding", "br").header("range", "bytes=0-6").send().await.unwrap();
    assert_eq!(ranged.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(ranged.text().await.unwrap(), "console");
    assert_eq!(app.get("/assets/missing.1a2b3c4d.js", None).await.status(), StatusCode::NOT_FOUND);
}

/// `/metrics` answers the Prometheus text format to the operators' token only: requests per route
/// pattern (ids never become labels), the pool and the queues.
#[actix_web::test]
async fn metrics_are_counted_per_route_pattern_and_need_the_token() {
    let app = spawn_app().await;
    app.seed_catalogue();
    for id in [1, 2, 3] {
        app.get(&format!("/api/books/{id}"), None).await;
    }
    app.get("/api/plans", None).await;
    let member = app.register("metrics@example.com", PASSWORD).await;
    assert_eq!(app.session(&member).await.status(), StatusCode::OK);
    assert_eq!(app.get("/metrics", None).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get("/metrics", Some("wrong-token")).await.status(), StatusCode::UNAUTHORIZED);
    let response = app.get("/metrics", Some(METRICS_TOKEN)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("application/openmetrics-text"));
    let text = response.text().await.unwrap();
    let books: Vec<&str> = text.lines().filter(|l| l.starts_with("http_requests_total{") && l.contains("route=\"/api/books/{id}\"")).collect();
    let counted: u64 = books.iter().map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(counted, 3, "{text}");
    assert!(!text.contains("/api/books/1\""), "ids are not labels");
    assert!(text.contains("http_request_duration_seconds_bucket{"), "{text}");
    assert!(text.contains("db_pool_connections{state=\"idle\"}"), "{text}");
    // The pool's checkouts and their waits (issue 39's soak prints them each minute).
    let total =
        |name: &str| -> f64 { text.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')).unwrap_or_else(|| panic!("{name}: {text}")).parse().unwrap() };
    assert!(total("db_pool_checkouts_total") >= 5.0, "every call above took a connection: {text}");
    assert!(total("db_pool_wait_seconds_total") >= 0.0);
    assert_eq!(total("db_pool_timeouts_total"), 0.0, "no call waited in vain: {text}");
    assert!(text.contains("queue_depth{queue=\"mail\"}") && text.contains("queue_depth{queue=\"summaries\"}"), "{text}");
    // Every process-wide cache says what it holds against its bound (issue 39 §2).
    let gauge = |name: &str, cache: &str| -> u64 {
        let prefix = format!("{name}{{cache=\"{cache}\"}} ");
        text.lines().find_map(|l| l.strip_prefix(&prefix)).unwrap_or_else(|| panic!("{prefix}: {text}")).parse().unwrap()
    };
    for cache in ["reading_memo", "reader_text_json", "verified_tokens"] {
        let (bytes, entries, limit) = (gauge("cache_bytes", cache), gauge("cache_entries", cache), gauge("cache_limit_bytes", cache));
        assert!(bytes > 0 && entries > 0, "{cache} holds what the calls above put in it: {bytes} bytes, {entries} entries");
        assert!(bytes <= limit && limit <= 128 << 20, "{cache}: {bytes} of {limit}");
    }
    // Each background worker counts its passes (the ledger runs every 100 ms here).
    app.after_a_whole_pass("commission-ledger").await;
    for worker in ["commission-ledger", "ten-day-reminders", "billing-housekeeping", "summariser", "read-counts", "housekeeping"] {
        assert!(text.contains(&format!("background_passes_total{{worker=\"{worker}\"}}")), "{worker}: {text}");
    }
}

/// The audit page names every action the server records (a new one would otherwise show as its
/// raw code and be missing from the page's filter).
#[test]
fn the_audit_page_names_every_recorded_action() {
    let page = include_str!("../../../../frontend/src/features/admin/api/audit.ts");
    for action in admin::audit::AuditAction::ALL {
        assert!(page.contains(&format!("value: '{}'", action.as_str())), "{} is missing from the audit page's list", action.as_str());
    }
}
