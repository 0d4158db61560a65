//! Social sign-in against a stand-in provider on loopback that checks what a real one checks:
//! the client secret, the redirect URI, the code, and the PKCE verifier against the challenge.
//! Its token answer carries an ID token signed with the key it publishes at `/keys` (or, when the
//! test asks, forged with another key), as Apple's does. It serves the profile both as OpenID
//! Connect userinfo (Google, LinkedIn: `/userinfo`) and as Facebook's Graph API does (`/me`, only
//! the `fields` asked for, no verified flag unless the test's profile has one; errors as Graph's
//! `{"error": {"message", "type": "OAuthException", "code"}}`).

use crate::common;

use actix_web::{web, App, HttpResponse, HttpServer};
use base64::Engine;
use common::*;
use identity::social::Provider;
use oauth::{IdTokenSettings, ProviderSettings};
use reqwest::StatusCode;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

#[derive(Default)]
struct ProviderState {
    /// The profile the next person to authorize will have.
    next_profile: Option<Value>,
    /// code -> (challenge, redirect_uri, profile)
    codes: HashMap<String, (String, String, Value)>,
    /// access token -> profile
    tokens: HashMap<String, Value>,
    /// The `iss` of its ID tokens (its own address).
    issuer: String,
    /// Sign ID tokens with a key it does not publish (same `kid`).
    forge_id_tokens: bool,
    /// Refuse as Facebook's Graph API does (an error object, not an OAuth error string).
    graph_errors: bool,
}

struct StandIn {
    base: String,
    state: Arc<Mutex<ProviderState>>,
}

impl StandIn {
    fn next_person(&self, profile: Value) {
        self.state.lock().unwrap().next_profile = Some(profile);
    }

    fn forge_id_tokens(&self, forge: bool) {
        self.state.lock().unwrap().forge_id_tokens = forge;
    }

    fn graph_errors(&self, graph: bool) {
        self.state.lock().unwrap().graph_errors = graph;
    }

    fn settings(&self) -> ProviderSettings {
        ProviderSettings {
            client_id: "test-client".into(),
            client_secret: "test-secret".into(),
            authorize_url: format!("{}/authorize", self.base),
            token_url: format!("{}/token", self.base),
            userinfo_url: Some(format!("{}/userinfo", self.base)),
            scope: "openid email profile".into(),
            id_token: None,
        }
    }

    /// As LinkedIn: OpenID Connect userinfo (`sub`, `given_name`, `family_name`, `email`,
    /// `email_verified`).
    fn linkedin_settings(&self) -> ProviderSettings {
        ProviderSettings { scope: "openid profile email".into(), ..self.settings() }
    }

    /// As Facebook: the profile from the Graph API's `/me` with the fields our defaults ask for.
    fn facebook_settings(&self) -> ProviderSettings {
        let defaults = ProviderSettings::defaults(Provider::Facebook, "test-client".into(), "test-secret".into());
        let fields = defaults.userinfo_url.as_deref().and_then(|url| url.split_once('?')).map(|(_, query)| query.to_owned()).unwrap();
        ProviderSettings { userinfo_url: Some(format!("{}/me?{fields}", self.base)), scope: defaults.scope, ..self.settings() }
    }

    /// As Apple: no userinfo endpoint, the profile is the ID token, checked against `/keys`.
    fn apple_settings(&self) -> ProviderSettings {
        ProviderSettings {
            userinfo_url: None,
            scope: "name email".into(),
            id_token: Some(IdTokenSettings { jwks_url: format!("{}/keys", self.base), issuer: self.base.clone() }),
            ..self.settings()
        }
    }
}

fn random_token() -> String {
    use rand::Rng;
    rand::thread_rng().sample_iter(&rand::distributions::Alphanumeric).take(24).map(char::from).collect()
}

async fn authorize(state: web::Data<Arc<Mutex<ProviderState>>>, query: web::Query<HashMap<String, String>>) -> HttpResponse {
    let q = query.into_inner();
    if q.get("client_id").map(String::as_str) != Some("test-client")
        || q.get("code_challenge_method").map(String::as_str) != Some("S256")
        || q.get("response_type").map(String::as_str) != Some("code")
    {
        return HttpResponse::BadRequest().body("bad authorization request");
    }
    let mut s = state.lock().unwrap();
    let profile = s.next_profile.clone().expect("the test names the next person");
    let code = random_token();
    let redirect = q["redirect_uri"].clone();
    s.codes.insert(code.clone(), (q["code_challenge"].clone(), redirect.clone(), profile));
    let separator = if redirect.contains('?') { '&' } else { '?' };
    HttpResponse::Found().insert_header(("Location", format!("{redirect}{separator}code={code}&state={}", q["state"]))).finish()
}

async fn token(state: web::Data<Arc<Mutex<ProviderState>>>, form: web::Form<HashMap<String, String>>) -> HttpResponse {
    let f = form.into_inner();
    let mut s = state.lock().unwrap();
    let graph = s.graph_errors;
    let refuse = |why: &str| {
        HttpResponse::BadRequest().json(if graph {
            json!({"error": {"message": why, "type": "OAuthException", "code": 100, "fbtrace_id": "standin"}})
        } else {
            json!({"error": "invalid_grant", "why": why})
        })
    };
    if f.get("client_id").map(String::as_str) != Some("test-client") || f.get("client_secret").map(String::as_str) != Some("test-secret") {
        return HttpResponse::Unauthorized().json(json!({"error": "invalid_client"}));
    }
    // A code works once.
    let Some((challenge, redirect, profile)) = f.get("code").and_then(|c| s.codes.remove(c)) else {
        return refuse("unknown or used code");
    };
    if f.get("redirect_uri") != Some(&redirect) {
        return refuse("redirect_uri differs");
    }
    let verifier = f.get("code_verifier").cloned().unwrap_or_default();
    let computed = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    if computed != challenge {
        return refuse("PKCE verifier does not match");
    }
    let access = random_token();
    let now = chrono::Utc::now().timestamp();
    let mut claims = profile.clone();
    claims["iss"] = json!(s.issuer);
    claims["aud"] = json!("test-client");
    claims["iat"] = json!(now);
    claims["exp"] = json!(now + 600);
    let id_token = if s.forge_id_tokens { oauth::testing::forge_id_token(&claims) } else { oauth::testing::sign_id_token(&claims) };
    s.tokens.insert(access.clone(), profile);
    HttpResponse::Ok().json(json!({"access_token": access, "token_type": "Bearer", "expires_in": 3600, "id_token": id_token}))
}

async fn keys() -> HttpResponse {
    HttpResponse::Ok().json(oauth::testing::jwks())
}

async fn userinfo(state: web::Data<Arc<Mutex<ProviderState>>>, req: actix_web::HttpRequest) -> HttpResponse {
    let bearer = req.headers().get("authorization").and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    match bearer.and_then(|t| state.lock().unwrap().tokens.get(t).cloned()) {
        Some(profile) => HttpResponse::Ok().json(profile),
        None => HttpResponse::Unauthorized().json(json!({"error": "invalid_token"})),
    }
}

/// Facebook's Graph API `/me`: the `fields` asked for that the profile has (`id` always).
async fn graph_me(state: web::Data<Arc<Mutex<ProviderState>>>, req: actix_web::HttpRequest, query: web::Query<HashMap<String, String>>) -> HttpResponse {
    let bearer = req.headers().get("authorization").and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    let Some(profile) = bearer.and_then(|t| state.lock().unwrap().tokens.get(t).cloned()) else {
        return HttpResponse::BadRequest()
            .json(json!({"error": {"message": "Invalid OAuth access token - Cannot parse access token", "type": "OAuthException", "code": 190}}));
    };
    let mut answer = serde_json::Map::new();
    for field in query.get("fields").map(String::as_str).unwrap_or("id").split(',').chain(["id"]) {
        if let Some(value) = profile.get(field) {
            answer.insert(field.to_owned(), value.clone());
        }
    }
    HttpResponse::Ok().json(Value::Object(answer))
}

fn stand_in_provider() -> StandIn {
    let state = Arc::new(Mutex::new(ProviderState::default()));
    let data = web::Data::new(state.clone());
    let server = HttpServer::new(move || {
        App::new()
            .app_data(data.clone())
            .route("/authorize", web::get().to(authorize))
            .route("/token", web::post().to(token))
            .route("/userinfo", web::get().to(userinfo))
            .route("/me", web::get().to(graph_me))
            .route("/keys", web::get().to(keys))
    })
    .workers(1)
    .bind("127.0.0.1:0")
    .unwrap();
    let port = server.addrs()[0].port();
    actix_web::rt::spawn(server.run());
    let base = format!("http://127.0.0.1:{port}");
    state.lock().unwrap().issuer = base.clone();
    StandIn { base, state }
}

async fn app_with_google(provider: &StandIn) -> TestApp {
    let mut providers = HashMap::new();
    providers.insert(Provider::Google, provider.settings());
    spawn_app_with(AppOptions { oauth_providers: providers, ..AppOptions::default() }).await
}

/// Follows the app's sign-in URL to the provider, which answers with a redirect back to the
/// app carrying `code` and `state`; returns them.
async fn authorize_at_provider(app: &TestApp) -> (String, String) {
    authorize_at(app, Provider::Google).await
}

/// Where a provider's sign-in starts and finishes (Google's and Apple's under `/login/oauth`,
/// LinkedIn's and Facebook's under `/oauth`).
fn sign_in_path(provider: Provider) -> String {
    match provider {
        Provider::Google | Provider::Apple => format!("/api/{}/login/oauth", provider.slug()),
        Provider::LinkedIn | Provider::Facebook => format!("/api/{}/oauth", provider.slug()),
    }
}

fn callback(provider: Provider, code: &str, state: &str) -> String {
    format!("{}/callback?code={code}&state={state}", sign_in_path(provider))
}

/// As `authorize_at_provider`, for the provider given (not Apple, whose answer is posted).
async fn authorize_at(app: &TestApp, provider: Provider) -> (String, String) {
    let started = ok_body(app.get(&format!("{}?origin=login&redirect=%2Faccount", sign_in_path(provider)), None).await, StatusCode::OK).await;
    let url = started["result"]["url"].as_str().unwrap().to_owned();
    let answer = bare_client().get(&url).send().await.unwrap();
    assert_eq!(answer.status(), StatusCode::FOUND, "{:?}", answer.text().await);
    let back = reqwest::Url::parse(answer.headers()["location"].to_str().unwrap()).unwrap();
    assert_eq!(back.path(), "/login");
    let query: HashMap<_, _> = back.query_pairs().into_owned().collect();
    assert_eq!(query["type"], provider.slug());
    (query["code"].clone(), query["state"].clone())
}

async fn app_with_provider(provider: Provider, settings: ProviderSettings) -> TestApp {
    spawn_app_with(AppOptions { oauth_providers: HashMap::from([(provider, settings)]), ..AppOptions::default() }).await
}

fn google_person(subject: &str, email: &str, verified: bool) -> Value {
    json!({"sub": subject, "email": email, "email_verified": verified, "given_name": "Grace", "family_name": "Hopper"})
}

#[actix_web::test]
async fn an_unconfigured_provider_answers_a_clear_error() {
    let app = spawn_app().await;
    for path in ["/api/google/login/oauth?origin=login", "/api/apple/login/oauth", "/api/linkedin/oauth", "/api/facebook/oauth/callback?code=x&state=y"] {
        let body = error_body(app.get(path, None).await, StatusCode::SERVICE_UNAVAILABLE).await;
        assert_eq!(body["code"], "provider_not_configured", "{path}");
        assert!(body["error"].as_str().unwrap().ends_with("sign-in is not configured. Please sign in with your e-mail and password."));
    }
    let body = error_body(app.get("/api/myspace/oauth", None).await, StatusCode::NOT_FOUND).await;
    assert_eq!(body["error"], "There is no such sign-in provider.");
}

#[actix_web::test]
async fn a_new_person_signs_up_with_google_and_comes_back_to_the_same_account() {
    let provider = stand_in_provider();
    let app = app_with_google(&provider).await;
    provider.next_person(google_person("g-1", "grace@example.com", true));
    let (code, state) = authorize_at_provider(&app).await;
    let response = app.get(&format!("/api/google/login/oauth/callback?code={code}&state={state}&timezone=Europe%2FBerlin"), None).await;
    assert!(set_cookie(response.headers(), "gb_refresh").is_some(), "a refresh cookie is set");
    let body = ok_body(response, StatusCode::OK).await;
    let user = &body["result"]["user"];
    assert_eq!(user["email"], "grace@example.com");
    assert_eq!(user["firstName"], "Grace");
    let token = body["result"]["token"].as_str().unwrap().to_owned();
    assert_eq!(ok_body(app.session(&token).await, StatusCode::OK).await["result"]["user"]["id"], user["id"]);

    // The same state cannot be used twice (and the code is spent at the provider too).
    let replay = app.get(&format!("/api/google/login/oauth/callback?code={code}&state={state}"), None).await;
    assert_eq!(error_body(replay, StatusCode::BAD_REQUEST).await["code"], "social_state_invalid");

    // Next sign-in with the same Google identity, new e-mail: same account.
    provider.next_person(google_person("g-1", "grace.h@example.com", true));
    let (code, state) = authorize_at_provider(&app).await;
    let again = ok_body(app.get(&format!("/api/google/login/oauth/callback?code={code}&state={state}"), None).await, StatusCode::OK).await;
    assert_eq!(again["result"]["user"]["id"], user["id"]);
}

#[actix_web::test]
async fn a_verified_google_email_signs_in_to_the_existing_account_an_unverified_one_waits_for_the_mailed_link() {
    let provider = stand_in_provider();
    let app = app_with_google(&provider).await;
    app.register("ada@example.com", PASSWORD).await;
    let existing = ok_body(app.login_response("ada@example.com", PASSWORD).await, StatusCode::OK).await["result"]["user"]["id"].clone();

    provider.next_person(google_person("g-2", "ada@example.com", false));
    let (code, state) = authorize_at_provider(&app).await;
    let waiting = app.get(&format!("/api/google/login/oauth/callback?code={code}&state={state}"), None).await;
    assert!(set_cookie(waiting.headers(), "gb_refresh").is_none(), "no session before the link");
    assert_eq!(ok_body(waiting, StatusCode::OK).await["result"]["confirmByMail"], true);
    assert_eq!(count(&mut app.connect(), "SELECT count(*) FROM user_identities"), 0, "nothing linked before the link");

    provider.next_person(google_person("g-2", "ada@example.com", true));
    let (code, state) = authorize_at_provider(&app).await;
    let linked = ok_body(app.get(&format!("/api/google/login/oauth/callback?code={code}&state={state}"), None).await, StatusCode::OK).await;
    assert_eq!(linked["result"]["user"]["id"], existing);
}

#[actix_web::test]
async fn a_forged_state_or_a_code_the_provider_refuses_signs_nobody_in() {
    let provider = stand_in_provider();
    let app = app_with_google(&provider).await;
    provider.next_person(google_person("g-3", "eve@example.com", true));
    let (code, _state) = authorize_at_provider(&app).await;
    // An attacker's own state (never started here) is refused before the provider is asked.
    let forged = app.get(&format!("/api/google/login/oauth/callback?code={code}&state=forged"), None).await;
    assert_eq!(error_body(forged, StatusCode::BAD_REQUEST).await["code"], "social_state_invalid");
    // A real state with a code the provider does not know.
    let (_, state) = authorize_at_provider(&app).await;
    let refused = app.get(&format!("/api/google/login/oauth/callback?code=made-up&state={state}"), None).await;
    let body = error_body(refused, StatusCode::BAD_REQUEST).await;
    assert_eq!(body["code"], "provider_refused");
    assert_eq!(body["error"], "Google did not accept this sign-in. Please try again.");
    assert_eq!(count(&mut app.connect(), "SELECT count(*) FROM users"), 0);
}

#[actix_web::test]
async fn a_provider_that_is_down_answers_502() {
    // Settings that point at a port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let dead = ProviderSettings {
        client_id: "c".into(),
        client_secret: "s".into(),
        authorize_url: format!("http://127.0.0.1:{port}/authorize"),
        token_url: format!("http://127.0.0.1:{port}/token"),
        userinfo_url: Some(format!("http://127.0.0.1:{port}/userinfo")),
        scope: "openid".into(),
        id_token: None,
    };
    let app = spawn_app_with(AppOptions { oauth_providers: HashMap::from([(Provider::Google, dead)]), ..AppOptions::default() }).await;
    let started = ok_body(app.get("/api/google/login/oauth", None).await, StatusCode::OK).await;
    let url = reqwest::Url::parse(started["result"]["url"].as_str().unwrap()).unwrap();
    let state = url.query_pairs().find(|(k, _)| k == "state").unwrap().1.into_owned();
    let down = app.get(&format!("/api/google/login/oauth/callback?code=abc&state={state}"), None).await;
    assert_eq!(error_body(down, StatusCode::BAD_GATEWAY).await["code"], "provider_unavailable");
}

async fn app_with_apple(provider: &StandIn) -> TestApp {
    let providers = HashMap::from([(Provider::Apple, provider.apple_settings())]);
    spawn_app_with(AppOptions { oauth_providers: providers, ..AppOptions::default() }).await
}

/// As `authorize_at_provider`, for Apple (whose answer comes back to the server's callback).
async fn authorize_at_apple(app: &TestApp) -> (String, String) {
    let started = ok_body(app.get("/api/apple/login/oauth?origin=login", None).await, StatusCode::OK).await;
    let answer = bare_client().get(started["result"]["url"].as_str().unwrap()).send().await.unwrap();
    assert_eq!(answer.status(), StatusCode::FOUND, "{:?}", answer.text().await);
    let back = reqwest::Url::parse(answer.headers()["location"].to_str().unwrap()).unwrap();
    assert_eq!(back.path(), "/api/apple/login/oauth/callback");
    let query: HashMap<_, _> = back.query_pairs().into_owned().collect();
    (query["code"].clone(), query["state"].clone())
}

/// Apple's profile is its ID token: one signed with a key Apple does not publish (here, the
/// stand-in's `/keys`) is refused and creates no account; a properly signed one signs in.
#[actix_web::test]
async fn apple_sign_in_needs_an_id_token_signed_with_the_published_keys() {
    let provider = stand_in_provider();
    let app = app_with_apple(&provider).await;
    let ann = json!({"sub": "001234.apple", "email": "ann@privaterelay.appleid.com", "email_verified": "true"});

    provider.next_person(ann.clone());
    provider.forge_id_tokens(true);
    let (code, state) = authorize_at_apple(&app).await;
    let forged = app.get(&format!("/api/apple/login/oauth/callback?code={code}&state={state}"), None).await;
    assert!(set_cookie(forged.headers(), "gb_refresh").is_none(), "no session for a forged token");
    let body = error_body(forged, StatusCode::BAD_REQUEST).await;
    assert_eq!(body["code"], "provider_refused");
    assert_eq!(body["error"], "Apple did not accept this sign-in. Please try again.");
    assert_eq!(count(&mut app.connect(), "SELECT count(*) FROM users"), 0);

    provider.forge_id_tokens(false);
    provider.next_person(ann);
    let (code, state) = authorize_at_apple(&app).await;
    let signed = ok_body(app.get(&format!("/api/apple/login/oauth/callback?code={code}&state={state}"), None).await, StatusCode::OK).await;
    assert_eq!(signed["result"]["user"]["email"], "ann@privaterelay.appleid.com");
    assert_eq!(count(&mut app.connect(), "SELECT count(*) FROM users"), 1);
}

#[actix_web::test]
async fn apples_form_post_is_forwarded_to_the_login_page() {
    let app = spawn_app().await;
    let response = bare_client().post(app.url("/api/apple/login/oauth/callback")).form(&[("code", "c0de/+"), ("state", "st&te")]).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(response.headers()["location"], "/login?type=apple&code=c0de%2F%2B&state=st%26te");
    let cancelled = bare_client().post(app.url("/api/apple/login/oauth/callback")).form(&[("error", "user_cancelled_authorize")]).send().await.unwrap();
    assert_eq!(cancelled.headers()["location"], "/login?type=apple&error=Apple%20sign-in%20was%20cancelled.");
}

/// A sign-in's code and state only work in the browser that started it (its state cookie): an
/// attacker cannot hand a victim their own callback and sign the victim into the attacker's account.
#[actix_web::test]
async fn a_callback_from_another_browser_is_refused() {
    let provider = stand_in_provider();
    let app = app_with_google(&provider).await;
    provider.next_person(google_person("g-9", "mallory@example.com", true));
    let (code, state) = authorize_at_provider(&app).await;
    let victim = bare_client().get(app.url(&format!("/api/google/login/oauth/callback?code={code}&state={state}"))).send().await.unwrap();
    assert_eq!(error_body(victim, StatusCode::BAD_REQUEST).await["code"], "social_state_invalid");
    // The starting browser (which holds the cookie) still completes it.
    let own = app.get(&format!("/api/google/login/oauth/callback?code={code}&state={state}"), None).await;
    assert_eq!(ok_body(own, StatusCode::OK).await["result"]["user"]["email"], "mallory@example.com");
}

/// The app's /goback page follows only the configured providers' sign-in pages; the server says
/// which origins those are.
#[actix_web::test]
async fn the_sign_in_origins_are_the_configured_providers_pages() {
    let none = spawn_app().await;
    let body = ok_body(none.get("/api/sign-in/origins", None).await, StatusCode::OK).await;
    assert_eq!(body["result"]["origins"], json!([]));
    let provider = stand_in_provider();
    let app = app_with_google(&provider).await;
    let body = ok_body(app.get("/api/sign-in/origins", None).await, StatusCode::OK).await;
    assert_eq!(body["result"]["origins"], json!([provider.base]));
}

#[actix_web::test]
async fn a_google_sign_up_through_a_members_link_is_their_referral_but_an_existing_account_is_not() {
    let provider = stand_in_provider();
    let app = app_with_google(&provider).await;
    let ann = app.register("ann@example.com", PASSWORD).await;
    let refers = |token: String| {
        let app = &app;
        async move { ok_body(app.get("/api/user/refers", Some(&token)).await, StatusCode::OK).await["result"].clone() }
    };
    let r_id = refers(ann.clone()).await["rId"].as_str().unwrap().to_owned();

    provider.next_person(google_person("g-7", "grace@example.com", true));
    let (code, state) = authorize_at_provider(&app).await;
    ok_body(app.get(&format!("/api/google/login/oauth/callback?code={code}&state={state}&rId={r_id}"), None).await, StatusCode::OK).await;
    assert_eq!(refers(ann.clone()).await["refers"]["num"], 1);

    // A member of long standing who signs in with Google through the link is nobody's referral.
    app.register("ada@example.com", PASSWORD).await;
    use diesel::RunQueryDsl;
    diesel::sql_query("UPDATE users SET created_at = now() - interval '30 days' WHERE email = 'ada@example.com'").execute(&mut app.connect()).unwrap();
    provider.next_person(google_person("g-8", "ada@example.com", true));
    let (code, state) = authorize_at_provider(&app).await;
    ok_body(app.get(&format!("/api/google/login/oauth/callback?code={code}&state={state}&rId={r_id}"), None).await, StatusCode::OK).await;
    assert_eq!(refers(ann).await["refers"]["num"], 1);
}

fn linkedin_person(subject: &str, email: &str, verified: bool) -> Value {
    json!({"sub": subject, "name": "Lin Kedin", "given_name": "Lin", "family_name": "Kedin", "locale": "en-US", "email": email, "email_verified": verified})
}

/// What Facebook's Graph API knows of a person; `/me` answers the fields asked for, and Facebook
/// sends no verified flag for the address.
fn facebook_person(id: &str, email: &str) -> Value {
    json!({"id": id, "name": "Faye Book", "first_name": "Faye", "last_name": "Book", "email": email})
}

#[actix_web::test]
async fn a_new_person_signs_up_with_linkedin_and_comes_back_to_the_same_account() {
    let provider = stand_in_provider();
    let app = app_with_provider(Provider::LinkedIn, provider.linkedin_settings()).await;
    let started = ok_body(app.get("/api/linkedin/oauth?origin=login", None).await, StatusCode::OK).await;
    let url = reqwest::Url::parse(started["result"]["url"].as_str().unwrap()).unwrap();
    let query: HashMap<_, _> = url.query_pairs().into_owned().collect();
    assert!(query["redirect_uri"].ends_with("/login?type=linkedin"), "{query:?}");
    assert_eq!((query["scope"].as_str(), query["code_challenge_method"].as_str()), ("openid profile email", "S256"));

    provider.next_person(linkedin_person("li-1", "lin@example.com", true));
    let (code, state) = authorize_at(&app, Provider::LinkedIn).await;
    let response = app.get(&format!("{}&timezone=America%2FNew_York", callback(Provider::LinkedIn, &code, &state)), None).await;
    assert!(set_cookie(response.headers(), "gb_refresh").is_some(), "a refresh cookie is set");
    let body = ok_body(response, StatusCode::OK).await;
    let user = &body["result"]["user"];
    assert_eq!((user["email"].as_str(), user["firstName"].as_str(), user["lastName"].as_str()), (Some("lin@example.com"), Some("Lin"), Some("Kedin")));
    let token = body["result"]["token"].as_str().unwrap().to_owned();
    assert_eq!(ok_body(app.session(&token).await, StatusCode::OK).await["result"]["user"]["id"], user["id"]);

    let replay = app.get(&callback(Provider::LinkedIn, &code, &state), None).await;
    assert_eq!(error_body(replay, StatusCode::BAD_REQUEST).await["code"], "social_state_invalid");

    provider.next_person(linkedin_person("li-1", "lin.k@example.com", false));
    let (code, state) = authorize_at(&app, Provider::LinkedIn).await;
    let again = ok_body(app.get(&callback(Provider::LinkedIn, &code, &state), None).await, StatusCode::OK).await;
    assert_eq!(again["result"]["user"]["id"], user["id"], "a linked identity signs in whatever its address says");
    assert_eq!(count(&mut app.connect(), "SELECT count(*) FROM users"), 1);
}

#[actix_web::test]
async fn a_verified_linkedin_email_signs_in_to_the_existing_account_an_unverified_one_waits_for_the_mailed_link() {
    let provider = stand_in_provider();
    let app = app_with_provider(Provider::LinkedIn, provider.linkedin_settings()).await;
    app.register("ada@example.com", PASSWORD).await;
    let existing = ok_body(app.login_response("ada@example.com", PASSWORD).await, StatusCode::OK).await["result"]["user"]["id"].clone();

    provider.next_person(linkedin_person("li-2", "ada@example.com", false));
    let (code, state) = authorize_at(&app, Provider::LinkedIn).await;
    let waiting = app.get(&callback(Provider::LinkedIn, &code, &state), None).await;
    assert!(set_cookie(waiting.headers(), "gb_refresh").is_none());
    assert_eq!(ok_body(waiting, StatusCode::OK).await["result"]["confirmByMail"], true);
    assert_eq!(count(&mut app.connect(), "SELECT count(*) FROM user_identities"), 0, "nothing linked before the link");

    provider.next_person(linkedin_person("li-2", "ada@example.com", true));
    let (code, state) = authorize_at(&app, Provider::LinkedIn).await;
    let linked = ok_body(app.get(&callback(Provider::LinkedIn, &code, &state), None).await, StatusCode::OK).await;
    assert_eq!(linked["result"]["user"]["id"], existing);
}

/// The code of the sign-in link mailed to `email`.
async fn sign_in_link_code(app: &TestApp, email: &str) -> String {
    let mail = app.read_mail_to(email).await;
    assert!(mail.contains("Subject: Finish signing in to Gistbook with Facebook"), "{mail}");
    let line = mail.lines().find(|l| l.contains("/confirm-sign-in/")).unwrap_or_else(|| panic!("a link in {mail}"));
    line.trim().rsplit('/').next().unwrap().to_owned()
}

/// A Facebook sign-up that waits for the mailed link keeps the referral link the confirming page
/// came through: the new account is that member's referral, once. The link the first callback
/// named is not what counts (that page may have been another visit).
#[actix_web::test]
async fn a_facebook_sign_up_finished_by_the_mailed_link_through_a_members_link_is_their_referral() {
    let provider = stand_in_provider();
    provider.graph_errors(true);
    let app = app_with_provider(Provider::Facebook, provider.facebook_settings()).await;
    let ann = app.register("ann@example.com", PASSWORD).await;
    let refers = || async { ok_body(app.get("/api/user/refers", Some(&ann)).await, StatusCode::OK).await["result"].clone() };
    let r_id = refers().await["rId"].as_str().unwrap().to_owned();

    provider.next_person(facebook_person("fb-5", "faye@example.com"));
    let (code, state) = authorize_at(&app, Provider::Facebook).await;
    ok_body(app.get(&callback(Provider::Facebook, &code, &state), None).await, StatusCode::OK).await;
    assert_eq!(refers().await["refers"]["num"], 0, "no account yet");
    let link_code = sign_in_link_code(&app, "faye@example.com").await;
    let confirmed = ok_body(app.post("/api/oauth/confirm", &json!({"code": link_code, "rId": r_id}), None).await, StatusCode::OK).await;
    assert_eq!(confirmed["result"]["user"]["email"], "faye@example.com");
    assert_eq!(refers().await["refers"]["num"], 1);
    let settled = count(&mut app.connect(), "SELECT count(*) FROM users WHERE email = 'faye@example.com' AND joined_via_referral IS NULL");
    assert_eq!(settled, 1, "the kept link is settled right after the sign-up");
}

/// Facebook's Graph API sends the address without saying it is verified, so it neither opens an
/// account nor finds one at once: the page says a link was mailed, and the link finishes the
/// sign-in only in the browser that began it (its cookie), once. The account it opens has the
/// address confirmed and the identity linked, so the next sign-in needs no mail.
#[actix_web::test]
async fn a_facebook_address_facebook_does_not_say_is_verified_is_confirmed_by_a_mailed_link() {
    let provider = stand_in_provider();
    provider.graph_errors(true);
    let app = app_with_provider(Provider::Facebook, provider.facebook_settings()).await;
    let started = ok_body(app.get("/api/facebook/oauth?origin=login", None).await, StatusCode::OK).await;
    let url = reqwest::Url::parse(started["result"]["url"].as_str().unwrap()).unwrap();
    let query: HashMap<_, _> = url.query_pairs().into_owned().collect();
    assert!(query["redirect_uri"].ends_with("/login?type=facebook"), "{query:?}");
    assert_eq!(query["scope"], "email public_profile");

    // Our defaults ask `/me` for id, email and names: Graph has no verified flag to ask for.
    provider.next_person(facebook_person("fb-1", "faye@example.com"));
    let (code, state) = authorize_at(&app, Provider::Facebook).await;
    let waiting = app.get(&format!("{}&timezone=Europe%2FBerlin", callback(Provider::Facebook, &code, &state)), None).await;
    assert!(set_cookie(waiting.headers(), "gb_refresh").is_none(), "no session");
    let browser = set_cookie(waiting.headers(), "gb_sign_in_by_mail").expect("the browser's key");
    assert!(browser.contains("HttpOnly") && browser.contains("Path=/api/oauth/confirm") && browser.contains("SameSite=Strict"), "{browser}");
    let body = ok_body(waiting, StatusCode::OK).await;
    assert_eq!((body["result"]["confirmByMail"].as_bool(), body["result"]["email"].as_str()), (Some(true), Some("faye@example.com")));
    assert!(body["result"].get("token").is_none());
    assert_eq!(count(&mut app.connect(), "SELECT count(*) FROM users"), 0, "no account before the link");
    let link_code = sign_in_link_code(&app, "faye@example.com").await;

    // Another browser (no cookie) gets nothing and spends nothing; nor does a wrong code.
    let elsewhere = bare_client().post(app.url("/api/oauth/confirm")).json(&json!({"code": link_code})).send().await.unwrap();
    let refused = error_body(elsewhere, StatusCode::BAD_REQUEST).await;
    assert_eq!(refused["code"], "invalid_sign_in_link");
    assert_eq!(
        refused["error"],
        "This sign-in link is invalid, was already used, has expired or was opened in another browser. Please open it in the browser where you began signing in, or sign in again."
    );
    assert_eq!(
        error_body(app.post("/api/oauth/confirm", &json!({"code": "made-up"}), None).await, StatusCode::BAD_REQUEST).await["code"],
        "invalid_sign_in_link"
    );
    assert_eq!(error_body(app.post("/api/oauth/confirm", &json!({}), None).await, StatusCode::BAD_REQUEST).await["code"], "invalid_sign_in_link");

    let confirmed = app.post("/api/oauth/confirm", &json!({"code": link_code}), None).await;
    assert!(set_cookie(confirmed.headers(), "gb_refresh").is_some(), "a session");
    let signed_in = ok_body(confirmed, StatusCode::OK).await;
    let user = &signed_in["result"]["user"];
    assert_eq!((user["email"].as_str(), user["firstName"].as_str()), (Some("faye@example.com"), Some("Faye")));
    let token = signed_in["result"]["token"].as_str().unwrap();
    assert_eq!(ok_body(app.session(token).await, StatusCode::OK).await["result"]["user"]["id"], user["id"]);
    let mut conn = app.connect();
    assert_eq!(
        count(&mut conn, "SELECT count(*) FROM users WHERE email = 'faye@example.com' AND email_verified_at IS NOT NULL AND timezone = 'Europe/Berlin'"),
        1
    );
    assert_eq!(count(&mut conn, "SELECT count(*) FROM user_identities WHERE provider = 'facebook' AND subject = 'fb-1'"), 1);
    let replay = app.post("/api/oauth/confirm", &json!({"code": link_code}), None).await;
    assert_eq!(error_body(replay, StatusCode::BAD_REQUEST).await["code"], "invalid_sign_in_link", "a link finishes one sign-in");

    provider.next_person(facebook_person("fb-1", "faye@example.com"));
    let (code, state) = authorize_at(&app, Provider::Facebook).await;
    let again = ok_body(app.get(&callback(Provider::Facebook, &code, &state), None).await, StatusCode::OK).await;
    assert_eq!(again["result"]["user"]["id"], user["id"], "linked: no mail the next time");
    assert_eq!(count(&mut conn, "SELECT count(*) FROM users"), 1);
}

/// An existing account's owner confirms by the link too; the identity is linked to that account
/// (no second account), and the link works once, for the person at the browser that began it.
#[actix_web::test]
async fn a_mailed_facebook_link_signs_in_to_the_existing_account_of_its_address() {
    let provider = stand_in_provider();
    provider.graph_errors(true);
    let app = app_with_provider(Provider::Facebook, provider.facebook_settings()).await;
    app.register("faye@example.com", PASSWORD).await;
    let existing = app.user_id("faye@example.com");

    provider.next_person(facebook_person("fb-4", "faye@example.com"));
    let (code, state) = authorize_at(&app, Provider::Facebook).await;
    let waiting = ok_body(app.get(&callback(Provider::Facebook, &code, &state), None).await, StatusCode::OK).await;
    assert_eq!(waiting["result"]["confirmByMail"], true, "the same answer whether or not the address has an account");
    let link_code = sign_in_link_code(&app, "faye@example.com").await;
    let signed_in = ok_body(app.post("/api/oauth/confirm", &json!({"code": link_code}), None).await, StatusCode::OK).await;
    assert_eq!(signed_in["result"]["user"]["id"], existing);
    assert_eq!(count(&mut app.connect(), "SELECT count(*) FROM users"), 1);
    assert_eq!(count(&mut app.connect(), &format!("SELECT count(*) FROM user_identities WHERE user_id = {existing} AND subject = 'fb-4'")), 1);
}

/// The other side of the rule, with an answer that does carry `email_verified` (the stand-in's
/// `/me` asked for it): silence still links nothing, a yes links the account with the address
/// or opens one, and the linked identity then comes back to its account.
#[actix_web::test]
async fn a_facebook_identity_that_facebook_vouches_for_signs_in_and_comes_back() {
    let provider = stand_in_provider();
    provider.graph_errors(true);
    // As if Graph were asked for a verified flag and answered it.
    let settings = ProviderSettings {
        userinfo_url: Some(format!("{}/me?fields=id,email,email_verified,first_name,last_name", provider.base)),
        ..provider.facebook_settings()
    };
    let app = app_with_provider(Provider::Facebook, settings).await;
    app.register("faye@example.com", PASSWORD).await;
    let existing = app.user_id("faye@example.com");

    provider.next_person(facebook_person("fb-2", "faye@example.com"));
    let (code, state) = authorize_at(&app, Provider::Facebook).await;
    let waiting = app.get(&callback(Provider::Facebook, &code, &state), None).await;
    assert_eq!(ok_body(waiting, StatusCode::OK).await["result"]["confirmByMail"], true, "silence never links an account at once");
    assert_eq!(count(&mut app.connect(), "SELECT count(*) FROM user_identities"), 0);

    let mut vouched = facebook_person("fb-2", "faye@example.com");
    vouched["email_verified"] = json!(true);
    provider.next_person(vouched);
    let (code, state) = authorize_at(&app, Provider::Facebook).await;
    let linked = ok_body(app.get(&callback(Provider::Facebook, &code, &state), None).await, StatusCode::OK).await;
    assert_eq!(linked["result"]["user"]["id"], existing);

    provider.next_person(facebook_person("fb-2", "faye.new@example.com"));
    let (code, state) = authorize_at(&app, Provider::Facebook).await;
    let again = ok_body(app.get(&callback(Provider::Facebook, &code, &state), None).await, StatusCode::OK).await;
    assert_eq!(again["result"]["user"]["id"], existing, "a linked identity comes back to its account");

    let mut newcomer = facebook_person("fb-3", "fred@example.com");
    newcomer["email_verified"] = json!(true);
    newcomer["first_name"] = json!("Fred");
    provider.next_person(newcomer);
    let (code, state) = authorize_at(&app, Provider::Facebook).await;
    let created = ok_body(app.get(&callback(Provider::Facebook, &code, &state), None).await, StatusCode::OK).await;
    assert_eq!((created["result"]["user"]["email"].as_str(), created["result"]["user"]["firstName"].as_str()), (Some("fred@example.com"), Some("Fred")));
    assert_eq!(count(&mut app.connect(), "SELECT count(*) FROM users"), 2);
}

#[actix_web::test]
async fn a_forged_state_or_a_refused_code_signs_nobody_in_with_linkedin_or_facebook() {
    let provider = stand_in_provider();
    for (kind, settings, person, graph) in [
        (Provider::LinkedIn, provider.linkedin_settings(), linkedin_person("li-9", "eve@example.com", true), false),
        (Provider::Facebook, provider.facebook_settings(), json!({"id": "fb-9", "email": "eve@example.com", "email_verified": true}), true),
    ] {
        provider.graph_errors(graph);
        let app = app_with_provider(kind, settings).await;
        provider.next_person(person);
        let (code, _state) = authorize_at(&app, kind).await;
        let forged = app.get(&callback(kind, &code, "forged"), None).await;
        assert_eq!(error_body(forged, StatusCode::BAD_REQUEST).await["code"], "social_state_invalid", "{kind}");
        let (_, state) = authorize_at(&app, kind).await;
        let refused = app.get(&callback(kind, "made-up", &state), None).await;
        let body = error_body(refused, StatusCode::BAD_REQUEST).await;
        assert_eq!(body["code"], "provider_refused", "{kind}");
        assert_eq!(body["error"], format!("{kind} did not accept this sign-in. Please try again."));
        assert_eq!(count(&mut app.connect(), "SELECT count(*) FROM users"), 0, "{kind}");
    }
}

/// Apple posts the person's name (a `user` JSON field) with their first authorization only, and
/// never puts it in the ID token: the new account keeps it.
#[actix_web::test]
async fn apples_first_sign_in_keeps_the_name_apple_posts() {
    let provider = stand_in_provider();
    let app = app_with_apple(&provider).await;
    provider.next_person(json!({"sub": "000777.apple", "email": "ann@privaterelay.appleid.com", "email_verified": "true"}));
    let (code, state) = authorize_at_apple(&app).await;
    let user = r#"{"name":{"firstName":"Ann","lastName":"Apfel"},"email":"ann@privaterelay.appleid.com"}"#;
    // Apple's form post, in the browser that started the sign-in.
    let posted = app
        .client
        .post(app.url("/api/apple/login/oauth/callback"))
        .form(&[("code", code.as_str()), ("state", state.as_str()), ("user", user)])
        .send()
        .await
        .unwrap();
    assert_eq!(posted.status(), StatusCode::SEE_OTHER);
    let cookie = set_cookie(posted.headers(), "gb_apple_name").expect("the posted name is kept for the callback");
    assert!(cookie.contains("HttpOnly") && cookie.contains("Path=/api/apple/login/oauth/callback"), "{cookie}");
    let location = posted.headers()["location"].to_str().unwrap().to_owned();
    let back: HashMap<_, _> = reqwest::Url::parse(&app.url(&location)).unwrap().query_pairs().into_owned().collect();
    assert_eq!((back["code"].as_str(), back["state"].as_str()), (code.as_str(), state.as_str()));

    let signed = ok_body(app.get(&callback(Provider::Apple, &back["code"], &back["state"]), None).await, StatusCode::OK).await;
    let user = &signed["result"]["user"];
    assert_eq!((user["firstName"].as_str(), user["lastName"].as_str()), (Some("Ann"), Some("Apfel")));

    // Later sign-ins post no name; the account keeps it.
    provider.next_person(json!({"sub": "000777.apple", "email": "ann@privaterelay.appleid.com", "email_verified": "true"}));
    let (code, state) = authorize_at_apple(&app).await;
    let again = ok_body(app.get(&callback(Provider::Apple, &code, &state), None).await, StatusCode::OK).await;
    assert_eq!((again["result"]["user"]["id"].clone(), again["result"]["user"]["firstName"].as_str()), (user["id"].clone(), Some("Ann")));

    // A name posted with another sign-in's state names nobody.
    provider.next_person(json!({"sub": "000888.apple", "email": "bo@privaterelay.appleid.com", "email_verified": "true"}));
    let (code, state) = authorize_at_apple(&app).await;
    let stray = r#"{"name":{"firstName":"Mallory","lastName":"M"}}"#;
    app.client.post(app.url("/api/apple/login/oauth/callback")).form(&[("code", "other"), ("state", "another-state"), ("user", stray)]).send().await.unwrap();
    let bo = ok_body(app.get(&callback(Provider::Apple, &code, &state), None).await, StatusCode::OK).await;
    assert_eq!(bo["result"]["user"]["firstName"], "");
}

/// Security III §2, account pre-hijacking: someone signs up with Ada's address (never confirming
/// it) and keeps the session. When Ada signs in with Google, the provider's word wins: the
/// maker's password and session end, and the account is Ada's, confirmed.
#[actix_web::test]
async fn a_google_sign_in_takes_an_unconfirmed_account_from_whoever_made_it() {
    let provider = stand_in_provider();
    let app = app_with_google(&provider).await;
    let hijacker = app.register_unconfirmed("ada@example.com", PASSWORD).await;
    assert_eq!(ok_body(app.session(&hijacker).await, StatusCode::OK).await["result"]["user"]["emailVerified"], false);

    provider.next_person(google_person("g-ada", "ada@example.com", true));
    let (code, state) = authorize_at_provider(&app).await;
    let ada = ok_body(app.get(&format!("/api/google/login/oauth/callback?code={code}&state={state}"), None).await, StatusCode::OK).await;
    assert_eq!(ada["result"]["user"]["emailVerified"], true);
    assert_eq!(app.session(&hijacker).await.status(), StatusCode::UNAUTHORIZED, "the maker's session ended");
    let refused = app.login_response("ada@example.com", PASSWORD).await;
    assert_error(refused, StatusCode::BAD_REQUEST, "invalid_credentials", "Incorrect email or password.").await;
    let token = ada["result"]["token"].as_str().unwrap();
    assert_eq!(app.session(token).await.status(), StatusCode::OK);
}
