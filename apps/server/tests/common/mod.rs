//! The harness every HTTP test uses: the real application (`server::Application`) on a free port,
//! with its own migrated database, signing keyring and mail outbox, zero2prod style.
//!
//! Each test calls `spawn_app()` (or `spawn_app_with(..)`) and talks to the server over HTTP with
//! reqwest, so routing, extractors, middleware, cookies and the database are all exercised.

#![allow(dead_code)]

pub mod catalogue;
pub mod payments;

use chrono::Utc;
use db::testing::TestDatabase;
use kernel::{Clock, FixedClock};
use reqwest::header::{HeaderMap, SET_COOKIE};
use reqwest::{Client, Response, StatusCode};
use serde_json::{json, Value};
use server::{Application, BuildOptions, Config};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tempfile::TempDir;

pub const PASSWORD: &str = "correct horse battery";
/// Opens the test server's `/metrics`.
pub const METRICS_TOKEN: &str = "test-metrics-token";
/// Seals the test servers' signing keys in their database (every instance of a test shares it).
pub const SIGNING_KEYS_SECRET: &str = "test-signing-keys-secret-0123456789abcdef";
/// Signs the test server's premium media URLs.
pub const MEDIA_SECRET: &str = "test-media-url-secret";

/// Knobs a test may turn.
#[derive(Default)]
pub struct AppOptions {
    pub throttle: Option<identity::ThrottlePolicy>,
    /// A clock the test moves by hand (`TestApp::advance`).
    pub fixed_clock: bool,
    /// Another SIGNING_KEYS_SECRET than `SIGNING_KEYS_SECRET`.
    pub signing_keys_secret: Option<String>,
    /// Reuse a database (the `TestDatabase` stays owned by the first app).
    pub database_url: Option<String>,
    /// Serve a stand-in built front end (index.html and assets/app.js).
    pub frontend: bool,
    /// Production cookies (`Secure`, `__Secure-` prefix); off by default, as the tests speak
    /// plain http and the client would not send such cookies back.
    pub secure_cookies: bool,
    /// Database pool size and checkout timeout (default 4 and 3 s).
    pub pool: Option<(u32, Duration)>,
    /// Configured sign-in providers (none by default).
    pub oauth_providers: std::collections::HashMap<identity::social::Provider, oauth::ProviderSettings>,
    /// Payment providers (none by default; `payments::stand_ins()` points them at stand-ins).
    pub payments: Option<server::PaymentSettings>,
    /// Addresses the summariser may fetch (its loopback test servers); none by default.
    pub ai_fetch_allow: Option<summariser::fetch_policy::AllowList>,
    /// A language model for the summariser (none by default: the built-in summariser).
    pub ai_model: Option<language_model::ModelSettings>,
    /// How often the reconcile job runs (off by default: it repairs what some tests set up on
    /// purpose).
    pub reconcile_interval: Option<Duration>,
    /// How often the ten-day reminders job runs (an hour by default: it reads `users`, and tests
    /// that lock that table need the pool's connection free).
    pub reminder_interval: Option<Duration>,
}

pub const INDEX_HTML: &str = "<!doctype html><html><head><title>Gistbook</title></head><body><div id=\"root\"></div></body></html>";
pub const APP_JS: &str = "console.log('gistbook');";
/// The stand-in build's prerendered pages (`/` and `/books`).
pub const PRERENDERED_LANDING: &str =
    "<!doctype html><html><head><title>Gistbook</title></head><body><div id=\"root\" data-prerendered=\"\"><h1>Landing</h1></div></body></html>";
/// The stand-in build's book page shell (`shells/reader.html`), as `frontend/scripts/prerender.mjs` writes it.
pub const READER_SHELL: &str = "<!doctype html><html><head><meta name=\"description\" content=\"Gistbook\"><title>Gistbook</title><script>console.log('early')</script><link rel=\"preload\" as=\"script\" href=\"/assets/reader.js\"></head><body><div id=\"root\"></div></body></html>";
/// The stand-in build's one route shell (`shells/pages/pricing.html`), as `frontend/scripts/prerender.mjs` writes them.
pub const PRICING_SHELL: &str = "<!doctype html><html><head><title>Gistbook</title><link rel=\"preload\" as=\"script\" href=\"/assets/pricing.js\"></head><body><div id=\"root\"></div></body></html>";
pub const PRERENDERED_BOOKS: &str =
    "<!doctype html><html><head><title>Gistbook</title></head><body><div id=\"root\" data-prerendered=\"\"><h1>Books</h1></div></body></html>";

pub struct TestApp {
    /// `http://127.0.0.1:<port>`
    pub address: String,
    pub port: u16,
    /// Keeps cookies, like a browser.
    pub client: Client,
    pub outbox: PathBuf,
    /// The media store's folder (files are `media_dir/<key>`).
    pub media_dir: PathBuf,
    pub clock: Option<Arc<FixedClock>>,
    pub database_url: String,
    pub identity: identity::IdentityService,
    /// Dropped last (fields drop in order): the database goes when the test ends.
    pub db: Option<TestDatabase>,
    _dirs: TempDir,
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(AppOptions::default()).await
}

pub async fn spawn_app_with(options: AppOptions) -> TestApp {
    let (db, database_url) = match options.database_url.clone() {
        Some(url) => (None, url),
        None => {
            let db = TestDatabase::new();
            let url = db.url.clone();
            (Some(db), url)
        }
    };
    let dirs = tempfile::tempdir().expect("temp dir");
    let config = test_config(&options, &dirs, database_url.clone());
    let (outbox, media_dir) = (config.mail_outbox_dir.clone(), dirs.path().join("media"));
    let clock = options.fixed_clock.then(|| Arc::new(FixedClock::new(Utc::now())));
    let build = BuildOptions { throttle: options.throttle.unwrap_or_default(), clock: clock.clone().map(|c| c as Arc<dyn Clock>) };
    let app = Application::build(config, build).expect("build the application");
    start(app, clock, database_url, db, dirs, outbox, media_dir).await
}

/// Builds the application as `spawn_app_with` would, without starting it: its error, if any.
pub fn build_error(options: AppOptions) -> Option<String> {
    let dirs = tempfile::tempdir().expect("temp dir");
    let database_url = options.database_url.clone().expect("build_error needs an existing database");
    let config = test_config(&options, &dirs, database_url);
    Application::build(config, BuildOptions::default()).err().map(|e| format!("{e:#}"))
}

/// The configuration of a test instance: its own outbox, media and static folders in `dirs`.
fn test_config(options: &AppOptions, dirs: &TempDir, database_url: String) -> Config {
    let outbox = dirs.path().join("outbox");
    let media_dir = dirs.path().join("media");
    let static_dir = dirs.path().join(if options.frontend { "dist" } else { "no-frontend-here" });
    if options.frontend {
        std::fs::create_dir_all(static_dir.join("assets")).unwrap();
        std::fs::write(static_dir.join("index.html"), INDEX_HTML).unwrap();
        std::fs::write(static_dir.join("assets").join("app.js"), APP_JS).unwrap();
        std::fs::create_dir_all(static_dir.join("prerendered")).unwrap();
        std::fs::write(static_dir.join("prerendered").join("index.html"), PRERENDERED_LANDING).unwrap();
        std::fs::write(static_dir.join("prerendered").join("books.html"), PRERENDERED_BOOKS).unwrap();
        std::fs::create_dir_all(static_dir.join("shells")).unwrap();
        std::fs::write(static_dir.join("shells").join("reader.html"), READER_SHELL).unwrap();
        std::fs::create_dir_all(static_dir.join("shells").join("pages")).unwrap();
        std::fs::write(static_dir.join("shells").join("pages").join("pricing.html"), PRICING_SHELL).unwrap();
    }
    Config {
        bind_addr: "127.0.0.1:0".into(),
        database_url,
        public_url: "http://127.0.0.1:4000".into(),
        static_dir,
        signing_keys_secret: Some(options.signing_keys_secret.clone().unwrap_or_else(|| SIGNING_KEYS_SECRET.into())),
        // Never used: the secret above is set.
        signing_keys_secret_file: dirs.path().join("signing-keys-secret"),
        smtp_url: None,
        smtp_ca_file: None,
        mail_outbox_dir: outbox.clone(),
        mail_from: "Gistbook <support@gistbook.app>".into(),
        mail_poll_interval: Duration::from_millis(50),
        db_pool_size: options.pool.map_or(4, |(size, _)| size),
        db_checkout_timeout: options.pool.map_or(Duration::from_millis(3000), |(_, timeout)| timeout),
        trusted_proxies: 0,
        dev_insecure_cookies: !options.secure_cookies,
        signups_per_address_per_hour: 20,
        support_email: "support@gistbook.app".into(),
        site_links: server::config::SiteLinks { support_phone: Some("+1 (555) 010-4242".into()), app_store_url: None, google_play_url: None },
        log_json: false,
        oauth_providers: options.oauth_providers.clone(),
        media_store: media::StoreSettings::Local { dir: media_dir.clone() },
        media_url_secret: Some(MEDIA_SECRET.into()),
        payments: options.payments.clone().unwrap_or_default(),
        billing_poll_interval: Duration::from_millis(100),
        reconcile_interval: options.reconcile_interval.unwrap_or(Duration::ZERO),
        fault_point: None,
        referral_ledger_interval: Duration::from_millis(100),
        referral_refund_window: chrono::Duration::days(30),
        feed_sharing: podcast_feed::sharing::SharingLimits::default(),
        ai_fetch_allow: options.ai_fetch_allow.clone().unwrap_or_default(),
        document_reader: Some(env!("CARGO_BIN_EXE_extract-document").into()),
        ai_poll_interval: Duration::from_millis(50),
        ai_model: options.ai_model.clone(),
        reminder_interval: options.reminder_interval.unwrap_or(Duration::from_secs(3600)),
        metrics_token: Some(METRICS_TOKEN.into()),
        retention: server::config::Retention::new(24, 30),
    }
}

async fn start(
    app: Application,
    clock: Option<Arc<FixedClock>>,
    database_url: String,
    db: Option<TestDatabase>,
    dirs: TempDir,
    outbox: PathBuf,
    media_dir: PathBuf,
) -> TestApp {
    let port = app.port();
    let identity = app.identity();
    actix_web::rt::spawn(app.run_until_stopped());
    wait_until_serving(port).await;
    TestApp { address: format!("http://127.0.0.1:{port}"), port, client: new_client(), outbox, media_dir, clock, database_url, identity, db, _dirs: dirs }
}

/// Returns once the server answers. actix starts a server's workers on the first poll of its
/// future, blocking the polling thread (this test's only one) until they are ready; a test that
/// went on at once could have a request's connection accepted by one instance while another
/// instance's start held the thread, and read that instance's 408 (sent after 5 s without a
/// request) as an answer to nothing (hyper's `UnexpectedMessage`) on a loaded machine.
async fn wait_until_serving(port: u16) {
    let health = format!("http://127.0.0.1:{port}/healthz");
    let response = bare_client().get(&health).send().await.unwrap_or_else(|error| panic!("the test server on port {port} does not answer: {error}"));
    assert!(response.status().is_success(), "the test server's /healthz answers {}", response.status());
}

/// A browser-like client: keeps cookies, does not follow redirects.
pub fn new_client() -> Client {
    client_builder().cookie_store(true).build().expect("reqwest client")
}

/// A client without a cookie store, for sending cookies by hand.
pub fn bare_client() -> Client {
    client_builder().build().expect("reqwest client")
}

/// No connection is kept for reuse. The server closes a connection idle for 5 s (actix's
/// keep-alive) and answers 408 on one that sent no request for 5 s (`client_request_timeout`);
/// a client that kept a connection in its pool, or pooled one it raced open and never used, could
/// write its next request into a closed socket or read that 408 as an answer to nothing (hyper's
/// `UnexpectedMessage`, seen when a loaded machine stalled a test between two calls). Browsers
/// retry such a request; the tests open a fresh loopback connection for each instead.
pub fn client_builder() -> reqwest::ClientBuilder {
    Client::builder().redirect(reqwest::redirect::Policy::none()).timeout(Duration::from_secs(30)).pool_max_idle_per_host(0)
}

pub fn registration(email: &str, password: &str) -> Value {
    json!({
        "username": email,
        "password": password,
        "firstName": "Ada",
        "lastName": "Lovelace",
        "timezone": "Europe/Paris",
    })
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub fn connect(&self) -> diesel::PgConnection {
        use diesel::Connection;
        diesel::PgConnection::establish(&self.database_url).expect("connect to the test database")
    }

    /// What `cargo xtask rotate-keys` does: a new signing key in the shared keyring; its id.
    pub fn rotate_signing_keys(&self) -> u32 {
        let pool = db::build_pool(&self.database_url, &db::PoolSettings { max_size: 1, checkout_timeout: Duration::from_secs(5) }).expect("pool");
        let sealer = credentials::KeySealer::from_secret(SIGNING_KEYS_SECRET).expect("sealer");
        credentials::SharedKeyring::new(Arc::new(db::PgKeyringStore::new(pool)), sealer).rotate().expect("rotate the signing keys")
    }

    /// Moves the fixed clock (the app must have been spawned with `fixed_clock: true`).
    pub fn advance(&self, by: chrono::Duration) {
        self.clock.as_ref().expect("spawned with fixed_clock").advance(by);
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Response {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.expect("GET")
    }

    pub async fn post(&self, path: &str, body: &Value, token: Option<&str>) -> Response {
        let mut request = self.client.post(self.url(path)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.expect("POST")
    }

    pub async fn put(&self, path: &str, body: &Value, token: Option<&str>) -> Response {
        let mut request = self.client.put(self.url(path)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.expect("PUT")
    }

    /// POST with no body (refresh-token and logout send none).
    pub async fn post_empty(&self, path: &str, token: Option<&str>) -> Response {
        let mut request = self.client.post(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.expect("POST")
    }

    /// A raw body with the given content type.
    pub async fn post_raw(&self, path: &str, content_type: &str, body: impl Into<reqwest::Body>) -> Response {
        self.client.post(self.url(path)).header(reqwest::header::CONTENT_TYPE, content_type).body(body).send().await.expect("POST")
    }

    pub async fn register_response(&self, email: &str, password: &str) -> Response {
        self.post("/api/user/register", &registration(email, password), None).await
    }

    /// Registers and returns the access token (the cookie store now holds the refresh cookie).
    /// Registers a member whose address is confirmed (set in the database: the link's own path is
    /// tested in `email_verification.rs`), so tests about what follows may buy.
    pub async fn register(&self, email: &str, password: &str) -> String {
        let token = self.register_unconfirmed(email, password).await;
        self.confirm_email(email);
        token
    }

    /// Registers a member as sign-up leaves them: the address not confirmed yet.
    pub async fn register_unconfirmed(&self, email: &str, password: &str) -> String {
        let response = self.register_response(email, password).await;
        let body = ok_body(response, StatusCode::OK).await;
        body["result"]["token"].as_str().expect("token").to_owned()
    }

    /// Marks the account's address confirmed, as its link would.
    pub fn confirm_email(&self, email: &str) {
        let email = kernel::Email::parse(email).expect("an e-mail address");
        let sql = format!("UPDATE users SET email_verified_at = now() WHERE email = '{}' AND email_verified_at IS NULL", email.as_str().replace('\'', "''"));
        diesel::RunQueryDsl::execute(diesel::sql_query(sql), &mut self.connect()).expect("confirm the address");
    }

    pub async fn login_response(&self, email: &str, password: &str) -> Response {
        self.post("/api/user/login", &json!({"email": email, "password": password}), None).await
    }

    /// Logs in and returns the access token.
    pub async fn login(&self, email: &str, password: &str) -> String {
        let response = self.login_response(email, password).await;
        let body = ok_body(response, StatusCode::OK).await;
        body["result"]["token"].as_str().expect("token").to_owned()
    }

    pub async fn session(&self, token: &str) -> Response {
        self.get("/api/user/session", Some(token)).await
    }

    /// POST /api/user/refresh-token with this client's cookies.
    pub async fn refresh(&self) -> Response {
        self.post_empty("/api/user/refresh-token", None).await
    }

    /// POST /api/user/refresh-token with exactly this refresh cookie, from a cookie-less client.
    pub async fn refresh_with_cookie(&self, refresh_cookie: &str) -> Response {
        bare_client()
            .post(self.url("/api/user/refresh-token"))
            .header(reqwest::header::COOKIE, format!("gb_refresh={refresh_cookie}"))
            .send()
            .await
            .expect("POST refresh-token")
    }

    /// The server's time: the fixed clock when there is one.
    pub fn now(&self) -> chrono::DateTime<Utc> {
        self.clock.as_ref().map_or_else(Utc::now, |clock| kernel::Clock::now(clock.as_ref()))
    }

    /// The code an authenticator app with this secret shows now (server time).
    pub fn totp_code(&self, secret: &str) -> String {
        credentials::current_code(secret, self.now()).expect("a base32 secret")
    }

    /// Turns two-factor on for the holder of `token` through the API; answers the secret and the
    /// recovery codes. The enrolment code's step is used up: a login right after needs the next
    /// step (`advance` 30 s on a fixed clock).
    pub async fn enable_two_factor(&self, token: &str) -> (String, Vec<String>) {
        let setup = ok_body(self.post_empty("/api/user/two-factor/setup", Some(token)).await, StatusCode::OK).await;
        let secret = setup["result"]["secret"].as_str().expect("secret").to_owned();
        let code = self.totp_code(&secret);
        let enabled = ok_body(self.post("/api/user/two-factor/enable", &json!({"code": code}), Some(token)).await, StatusCode::OK).await;
        let codes = enabled["result"]["recoveryCodes"].as_array().expect("recoveryCodes").iter().map(|c| c.as_str().unwrap().to_owned()).collect();
        (secret, codes)
    }

    /// A registered admin with two-factor on, as the back office requires; answers their token.
    pub async fn admin(&self, email: &str, password: &str) -> String {
        let token = self.register(email, password).await;
        self.make_admin(email);
        self.enable_two_factor(&token).await;
        token
    }

    /// Grants the admin role, as `cargo xtask make-admin` does.
    /// The database id of the live account with this address.
    pub fn user_id(&self, email: &str) -> i64 {
        use db::schema::users;
        use diesel::prelude::*;
        users::table.filter(users::email.eq(email).and(users::deleted_at.is_null())).select(users::id).first(&mut self.connect()).expect("a live account")
    }

    pub fn make_admin(&self, email: &str) {
        let mut conn = self.connect();
        let email = kernel::Email::parse(email).expect("an e-mail address");
        assert!(db::operators::make_admin(&mut conn, &email).expect("make_admin"), "no live account {email}");
    }

    pub fn subscription_codes(&self, plan: &str, days: Option<i32>, count: usize) -> Vec<String> {
        self.identity.create_subscription_codes(plan, days, count).expect("create codes")
    }

    /// Every mail in the outbox folder addressed to `email`, decoded, oldest first, but the
    /// sign-up's confirmation link (`confirmation_mails_to`), which every new account gets.
    pub fn mails_to(&self, email: &str) -> Vec<String> {
        mails_in(&self.outbox, email).into_iter().filter(|mail| !is_confirmation(mail)).collect()
    }

    /// The confirmation links mailed to `email`, oldest first.
    pub fn confirmation_mails_to(&self, email: &str) -> Vec<String> {
        mails_in(&self.outbox, email).into_iter().filter(|mail| is_confirmation(mail)).collect()
    }

    /// Waits (up to 15 s) for a mail to `email` and returns the newest one's decoded text.
    pub async fn read_mail_to(&self, email: &str) -> String {
        self.wait_for_mails_to(email, 1).await.pop().expect("a mail")
    }

    /// Waits (up to 15 s: the mail worker polls, and a busy machine is slow) until at least
    /// `count` mails to `email` are in the outbox.
    pub async fn wait_for_mails_to(&self, email: &str, count: usize) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let mails = self.mails_to(email);
            if mails.len() >= count {
                return mails;
            }
            if Instant::now() > deadline {
                panic!("expected {count} mail(s) to {email} in {}, found {}", self.outbox.display(), mails.len());
            }
            actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Mail queued to `email` (sent or not): what a job decided to send, before the mail worker
    /// has written it out.
    pub fn queued_mails_to(&self, email: &str) -> i64 {
        let sql = format!(
            "SELECT count(*) FROM mail_outbox WHERE recipient = '{}' AND subject <> '{}'",
            email.replace('\'', "''"),
            identity::service::VERIFICATION_SUBJECT
        );
        count(&mut self.connect(), &sql)
    }

    /// Waits until a whole pass of the background worker `worker` (`commission-ledger`,
    /// `ten-day-reminders`, `billing-housekeeping`...) has run after this call, read from its
    /// pass counter in `/metrics`: the pass that ends first may have begun before the call, the
    /// one after it cannot have. For checks that a job did nothing more, without a fixed sleep.
    pub async fn after_a_whole_pass(&self, worker: &str) {
        let start = self.worker_passes(worker).await;
        let deadline = Instant::now() + Duration::from_secs(15);
        while self.worker_passes(worker).await < start + 2 {
            assert!(Instant::now() < deadline, "the {worker} worker did not finish two passes within 15 s");
            actix_web::rt::time::sleep(Duration::from_millis(20)).await;
        }
    }

    async fn worker_passes(&self, worker: &str) -> u64 {
        let text = self.client.get(self.url("/metrics")).bearer_auth(METRICS_TOKEN).send().await.unwrap().text().await.unwrap();
        let series = format!("background_passes_total{{worker=\"{worker}\"}} ");
        text.lines().find_map(|line| line.strip_prefix(&series)).and_then(|n| n.trim().parse().ok()).unwrap_or(0)
    }

    /// Asks for a reset mail and returns the code from its link.
    pub async fn request_reset_code(&self, email: &str) -> String {
        let before = self.mails_to(email).len();
        let response = self.put("/api/user/forgot-password", &json!({"email": email}), None).await;
        ok_body(response, StatusCode::OK).await;
        let mails = self.wait_for_mails_to(email, before + 1).await;
        reset_code_from_mail(mails.last().unwrap())
    }
}

fn is_confirmation(mail: &str) -> bool {
    mail.contains(&format!("Subject: {}", identity::service::VERIFICATION_SUBJECT))
}

/// Reads the `.eml` files lettre's FileTransport wrote, keeping those addressed to `email`.
pub fn mails_in(folder: &Path, email: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut files: Vec<(std::time::SystemTime, String)> = entries
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "eml"))
        .filter_map(|e| {
            let modified = e.metadata().ok()?.modified().ok()?;
            let text = std::fs::read_to_string(e.path()).ok()?;
            Some((modified, text))
        })
        .collect();
    files.sort_by_key(|(at, _)| *at);
    let wanted = email.to_lowercase();
    files
        .into_iter()
        .map(|(_, raw)| decode_mail(&raw))
        .filter(|mail| mail.lines().take_while(|l| !l.trim().is_empty()).any(|l| l.to_lowercase().starts_with("to:") && l.to_lowercase().contains(&wanted)))
        .collect()
}

/// Headers as they are, then the body decoded from its Content-Transfer-Encoding.
pub fn decode_mail(raw: &str) -> String {
    let raw = raw.replace("\r\n", "\n");
    let (headers, body) = raw.split_once("\n\n").unwrap_or((&raw, ""));
    let encoding = headers
        .lines()
        .find(|l| l.to_lowercase().starts_with("content-transfer-encoding:"))
        .map(|l| l.split_once(':').unwrap().1.trim().to_lowercase())
        .unwrap_or_default();
    let body = match encoding.as_str() {
        "quoted-printable" => decode_quoted_printable(body),
        "base64" => String::from_utf8(decode_base64(&body.split_whitespace().collect::<String>())).expect("utf-8 body"),
        _ => body.to_owned(),
    };
    format!("{headers}\n\n{body}")
}

fn decode_quoted_printable(text: &str) -> String {
    let joined = text.replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 2 < bytes.len() {
            if let Ok(byte) = u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz"), 16) {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).expect("utf-8 body")
}

/// Standard or URL-safe base64, padded or not.
pub fn decode_base64(text: &str) -> Vec<u8> {
    fn value(c: u8) -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        } as u32)
    }
    let mut out = Vec::new();
    let mut buffer = 0u32;
    let mut bits = 0;
    for c in text.bytes().filter_map(value) {
        buffer = (buffer << 6) | c;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    out
}

/// The reset link is `<public_url>/reset-password/<url-encoded e-mail>/<code>`: the last segment.
pub fn reset_code_from_mail(mail: &str) -> String {
    let link = reset_link_from_mail(mail);
    link.rsplit('/').next().expect("code segment").to_owned()
}

pub fn reset_link_from_mail(mail: &str) -> String {
    let start = mail.find("http").expect("a link in the mail");
    let link: String = mail[start..].chars().take_while(|c| !c.is_whitespace()).collect();
    assert!(link.contains("/reset-password/"), "unexpected link {link}");
    link
}

/// Asserts the status and the success envelope; returns the body.
pub async fn ok_body(response: Response, status: StatusCode) -> Value {
    let actual = response.status();
    let text = response.text().await.expect("body");
    assert_eq!(actual, status, "unexpected status, body: {text}");
    let body: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    assert_eq!(body["status"], "ok", "{body}");
    assert!(body.get("result").is_some(), "no result: {body}");
    body
}

/// Asserts the status and the error envelope (`notLoggedIn: true` exactly on 401); returns the body.
pub async fn error_body(response: Response, status: StatusCode) -> Value {
    let actual = response.status();
    let content_type = response.headers().get(reqwest::header::CONTENT_TYPE).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    let text = response.text().await.expect("body");
    assert_eq!(actual, status, "unexpected status, body: {text}");
    assert!(content_type.starts_with("application/json"), "content type {content_type:?}, body {text}");
    let body: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    assert_eq!(body["status"], "error", "{body}");
    assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()), "no error text: {body}");
    assert!(body["code"].as_str().is_some_and(|c| !c.is_empty()), "no error code: {body}");
    if status == StatusCode::UNAUTHORIZED {
        assert_eq!(body["notLoggedIn"], true, "{body}");
    } else {
        assert!(body.get("notLoggedIn").is_none(), "{body}");
    }
    assert!(body.get("result").is_none(), "{body}");
    body
}

/// Asserts an error envelope with exactly this message and code.
pub async fn assert_error(response: Response, status: StatusCode, code: &str, message: &str) -> Value {
    let body = error_body(response, status).await;
    assert_eq!(body["error"], message, "{body}");
    assert_eq!(body["code"], code, "{body}");
    body
}

/// The raw Set-Cookie headers of a response.
pub fn set_cookies(headers: &HeaderMap) -> Vec<String> {
    headers.get_all(SET_COOKIE).iter().map(|v| v.to_str().expect("ascii cookie").to_owned()).collect()
}

/// The Set-Cookie header for `name`, if any.
pub fn set_cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    set_cookies(headers).into_iter().find(|c| c.starts_with(&format!("{name}=")))
}

/// The value part of a Set-Cookie header.
pub fn cookie_value(set_cookie: &str) -> String {
    let pair = set_cookie.split(';').next().unwrap();
    pair.split_once('=').unwrap().1.to_owned()
}

/// The attributes of a Set-Cookie header, lower-cased, without the name=value pair.
pub fn cookie_attributes(set_cookie: &str) -> Vec<String> {
    set_cookie.split(';').skip(1).map(|a| a.trim().to_lowercase()).collect()
}

/// The refresh cookie's value a response sets (panics if none).
pub fn refresh_cookie_of(headers: &HeaderMap) -> String {
    cookie_value(&set_cookie(headers, "gb_refresh").expect("a gb_refresh cookie"))
}

/// Counts rows with a raw SQL query returning `count`.
pub fn count(conn: &mut diesel::PgConnection, sql: &str) -> i64 {
    use diesel::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        count: i64,
    }
    diesel::sql_query(sql).get_result::<Count>(conn).expect("count query").count
}

/// The root key id a biscuit token names (protobuf field 1 of the serialized Biscuit), read
/// without biscuit-auth: the server crate does not depend on it.
pub fn token_key_id(token: &str) -> Option<u32> {
    let bytes = decode_base64(token);
    // Field 1, varint wire type: tag byte 0x08.
    if bytes.first() != Some(&0x08) {
        return None;
    }
    let mut value = 0u32;
    for (i, byte) in bytes[1..].iter().take(5).enumerate() {
        value |= u32::from(byte & 0x7f) << (7 * i);
        if byte & 0x80 == 0 {
            return Some(value);
        }
    }
    None
}

impl TestApp {
    pub async fn delete(&self, path: &str, token: Option<&str>) -> Response {
        let mut request = self.client.delete(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.expect("DELETE")
    }

    /// Any method, with an optional JSON body and token.
    pub async fn call(&self, method: &str, path: &str, body: Option<&Value>, token: Option<&str>) -> Response {
        let url = self.url(path);
        let mut request = match method {
            "GET" => self.client.get(url),
            "DELETE" => self.client.delete(url),
            "PUT" => self.client.put(url),
            "POST" => self.client.post(url),
            "PATCH" => self.client.patch(url),
            other => panic!("no such method in these tests: {other}"),
        };
        if let Some(body) = body {
            request = request.json(body);
        }
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.expect("request")
    }

    /// Each call answers 401 to a visitor, 403 to the `member` and 200 to the `admin`, in order
    /// (so later calls may depend on earlier ones).
    pub async fn assert_admins_only(&self, calls: &[(&str, String, Option<Value>)], admin: &str, member: &str) {
        for (method, path, body) in calls {
            assert_eq!(self.call(method, path, body.as_ref(), None).await.status(), reqwest::StatusCode::UNAUTHORIZED, "{method} {path} as a visitor");
            assert_eq!(self.call(method, path, body.as_ref(), Some(member)).await.status(), reqwest::StatusCode::FORBIDDEN, "{method} {path} as a member");
            let answer = self.call(method, path, body.as_ref(), Some(admin)).await;
            assert_eq!(answer.status(), reqwest::StatusCode::OK, "{method} {path} as an admin: {}", answer.text().await.unwrap());
        }
    }

    /// Moves the fixed clock to `at`.
    pub fn set_clock(&self, at: chrono::DateTime<chrono::Utc>) {
        let clock = self.clock.as_ref().expect("spawned with fixed_clock");
        clock.advance(at - clock.now());
    }
}
