//! Handler tests over in-memory stores: what a handler itself does (parse the request, call one
//! use case, map its answer or error to HTTP) through the whole app (routes, extractors,
//! middleware), without PostgreSQL. The SQL behind the same handlers is proven by the other modules
//! of this binary, which serve over `PgStores`.

use actix_web::{test, web};
use admin::ports::AdminStore;
use billing::ports::BillingStore;
use catalogue::fakes::{sample_book, InMemoryCatalogue};
use catalogue::ports::CatalogueStore;
use challenge::ports::{ChallengeStore, QuizStore};
use highlights::ports::HighlightStore;
use kernel::UserId;
use reading_progress::fakes::InMemoryProgress;
use reading_progress::ports::ProgressStore;
use referral::ports::ReferralStore;
use review::ports::ReviewStore;
use serde_json::Value;
use server::config::{Config, PaymentSettings, Retention, SiteLinks};
use server::state::{AppState, DbGate};
use server::stores::{StoreUnavailable, Stores};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use summariser::ports::SummaryStore;

/// The catalogue's and reading progress's fakes, and no other domain: a handler that reaches
/// another domain's store is answered 503, so a test shows it. `catalogue_down` makes the
/// catalogue unreachable too. Progress's fake keeps its rows for one call (each test makes one).
#[derive(Default)]
struct FakeStores {
    catalogue: Mutex<InMemoryCatalogue>,
    catalogue_down: bool,
}

impl Stores for FakeStores {
    fn catalogue(&self, work: &mut dyn FnMut(&dyn CatalogueStore)) -> Result<(), StoreUnavailable> {
        if self.catalogue_down {
            return Err(StoreUnavailable);
        }
        work(&*self.catalogue.lock().map_err(|_| StoreUnavailable)?);
        Ok(())
    }
    fn progress(&self, work: &mut dyn FnMut(&dyn CatalogueStore, &dyn ProgressStore)) -> Result<(), StoreUnavailable> {
        if self.catalogue_down {
            return Err(StoreUnavailable);
        }
        let catalogue = self.catalogue.lock().map_err(|_| StoreUnavailable)?;
        work(&*catalogue, &InMemoryProgress::new(&catalogue));
        Ok(())
    }
    fn admin(&self, _: &mut dyn FnMut(&dyn AdminStore)) -> Result<(), StoreUnavailable> {
        Err(StoreUnavailable)
    }
    fn referrals(&self, _: &mut dyn FnMut(&dyn ReferralStore)) -> Result<(), StoreUnavailable> {
        Err(StoreUnavailable)
    }
    fn challenge(&self, _: &mut dyn FnMut(&dyn ChallengeStore)) -> Result<(), StoreUnavailable> {
        Err(StoreUnavailable)
    }
    fn quizzes(&self, _: &mut dyn FnMut(&dyn QuizStore)) -> Result<(), StoreUnavailable> {
        Err(StoreUnavailable)
    }
    fn summaries(&self, _: &mut dyn FnMut(&dyn SummaryStore)) -> Result<(), StoreUnavailable> {
        Err(StoreUnavailable)
    }
    fn billing(&self, _: &mut dyn FnMut(&dyn BillingStore)) -> Result<(), StoreUnavailable> {
        Err(StoreUnavailable)
    }
    fn highlights(&self, _: &mut dyn FnMut(&dyn CatalogueStore, &dyn HighlightStore)) -> Result<(), StoreUnavailable> {
        Err(StoreUnavailable)
    }
    fn review(&self, _: &mut dyn FnMut(&dyn CatalogueStore, &dyn ReviewStore)) -> Result<(), StoreUnavailable> {
        Err(StoreUnavailable)
    }
    fn podcast_feed(&self, _: &mut dyn FnMut(&dyn podcast_feed::ports::FeedStore)) -> Result<(), StoreUnavailable> {
        Err(StoreUnavailable)
    }
}

/// The settings of a server that serves no files and reaches no outside service.
fn config(media_dir: &Path) -> Config {
    Config {
        bind_addr: "127.0.0.1:0".into(),
        // Never connected to: every store is a fake.
        database_url: "postgres://127.0.0.1:9/unused".into(),
        public_url: "http://127.0.0.1:4000".into(),
        static_dir: media_dir.join("no-front-end"),
        signing_keys_secret: None,
        signing_keys_secret_file: media_dir.join("unused-secret"),
        smtp_url: None,
        smtp_ca_file: None,
        mail_outbox_dir: media_dir.join("outbox"),
        mail_from: "Gistbook <support@gistbook.app>".into(),
        mail_poll_interval: Duration::from_secs(1),
        db_pool_size: 2,
        db_checkout_timeout: Duration::from_secs(1),
        dev_insecure_cookies: true,
        trusted_proxies: 0,
        signups_per_address_per_hour: 20,
        support_email: "support@gistbook.app".into(),
        site_links: SiteLinks { support_phone: None, app_store_url: None, google_play_url: None },
        log_json: false,
        oauth_providers: Default::default(),
        media_store: media::StoreSettings::Local { dir: media_dir.to_owned() },
        media_url_secret: None,
        payments: PaymentSettings::default(),
        billing_poll_interval: Duration::from_secs(60),
        reconcile_interval: Duration::ZERO,
        fault_point: None,
        referral_ledger_interval: Duration::from_secs(60),
        referral_refund_window: chrono::Duration::days(30),
        feed_sharing: podcast_feed::sharing::SharingLimits::default(),
        ai_fetch_allow: Default::default(),
        ai_poll_interval: Duration::from_secs(1),
        document_reader: None,
        ai_model: None,
        reminder_interval: Duration::from_secs(3600),
        metrics_token: None,
        retention: Retention::new(24, 30),
    }
}

/// The server's state over `stores`, with identity's fakes and no database behind the pool.
fn state_over(stores: Arc<dyn Stores>, media_dir: &Path) -> AppState {
    let config = config(media_dir);
    let clock: Arc<dyn kernel::Clock> = Arc::new(kernel::SystemClock);
    let tokens = Arc::new(credentials::BiscuitTokens::new(credentials::Keyring::generate(), None));
    let oauth = Arc::new(oauth::OAuthProviders::new(Default::default(), config.public_url.clone()));
    let identity = identity::IdentityService::new(
        identity::IdentityDeps {
            store: Arc::new(identity::fakes::InMemoryStore::default()),
            hasher: Arc::new(identity::fakes::FakeHasher),
            tokens: tokens.clone(),
            secrets: Arc::new(identity::fakes::FakeSecrets::default()),
            clock: clock.clone(),
            providers: oauth.clone(),
            one_time_passwords: Arc::new(credentials::TotpCodes),
            sealer: Arc::new(identity::fakes::FakeSealer),
        },
        identity::ThrottlePolicy::default(),
        config.public_url.clone(),
    );
    let pool =
        db::DbPool::builder().min_idle(Some(0)).build_unchecked(diesel::r2d2::ConnectionManager::<diesel::PgConnection>::new(config.database_url.clone()));
    AppState {
        payments: Arc::new(server::payment_providers::PaymentProviders::new(PaymentSettings::default(), None, &config.public_url)),
        media: media::MediaStore::open(&config.media_store).expect("a local media store"),
        config: Arc::new(config),
        pool,
        identity,
        tokens,
        clock,
        oauth,
        media_urls: media::UrlSigner::random(),
        media_prober: media::probe::Prober::default(),
        metrics: Arc::default(),
        db_gate: DbGate::new(2, Duration::from_secs(1)),
        stores,
    }
}

/// GETs `path` from the whole app over `stores`: the status and the JSON body.
async fn get(stores: FakeStores, path: &str) -> (u16, Value) {
    call(stores, test::TestRequest::get().uri(path), None).await
}

/// Sends `request` to the whole app over `stores`, signed in as `member` (a token of the app's
/// own keys, for a session the catalogue's fake knows) when given: the status and the JSON body.
async fn call(stores: FakeStores, request: test::TestRequest, member: Option<UserId>) -> (u16, Value) {
    let media_dir = tempfile::tempdir().expect("a temporary folder");
    let state = state_over(Arc::new(stores), media_dir.path());
    let request = match member {
        Some(id) => {
            let claims = identity::AccessClaims::for_user(
                &identity::fakes::sample_user(id),
                kernel::SessionId(u128::from(id.0.unsigned_abs()) * 10),
                chrono::Utc::now(),
            );
            let token = identity::ports::AccessTokens::issue(&*state.tokens, &claims).expect("a token");
            request.insert_header(("Authorization", format!("Bearer {token}")))
        }
        None => request,
    };
    let app = test::init_service(server::startup::http_app(web::Data::new(state), web::Data::new(String::new()))).await;
    let request = request.to_request();
    let path = request.path().to_owned();
    let response = test::call_service(&app, request).await;
    let status = response.status().as_u16();
    let body = test::read_body(response).await;
    (status, serde_json::from_slice(&body).unwrap_or_else(|_| panic!("{path} answers JSON: {}", String::from_utf8_lossy(&body))))
}

fn with_books(ids: &[i64]) -> FakeStores {
    let stores = FakeStores::default();
    for id in ids {
        stores.catalogue.lock().unwrap().add_book(sample_book(*id), &[]);
    }
    stores
}

#[actix_web::test]
async fn a_visitor_gets_a_premium_books_card_without_its_text_or_media() {
    let (status, body) = get(with_books(&[7]), "/api/books/book-7").await;
    assert_eq!(status, 200, "{body}");
    let book = &body["result"]["book"];
    assert_eq!((book["id"].as_i64(), book["title"].as_str()), (Some(7), Some("Book 7")), "{body}");
    assert!(body["result"]["user"].is_null(), "{body}");
    let text = body.to_string();
    for premium in ["second", "premium/audio/7.wav", "premium/video/7.mp4"] {
        assert!(!text.contains(premium), "a visitor is sent {premium:?}: {body}");
    }
    // The first section is the teaser every visitor reads.
    assert_eq!(book["sections"][0]["html"], "<p>first</p>", "{body}");
}

#[actix_web::test]
async fn an_unknown_book_is_a_404_with_the_catalogues_message() {
    let (status, body) = get(with_books(&[7]), "/api/books/book-8").await;
    assert_eq!(status, 404, "{body}");
    assert_eq!((body["status"].as_str(), body["code"].as_str()), (Some("error"), Some("not_found")), "{body}");
}

#[actix_web::test]
async fn the_paged_list_refuses_bad_queries_with_their_messages() {
    for (query, message) in [
        ("sort=cheapest", "The sort must be one of new, trending, ab, audio or video."),
        ("page=0", "The page must be 1 or more."),
        ("pageSize=101", "The page size must be between 1 and 100."),
        ("page=abc", "The query parameters are not valid."),
    ] {
        let (status, body) = get(with_books(&[1]), &format!("/api/catalogue/books?{query}")).await;
        assert_eq!((status, body["code"].as_str(), body["error"].as_str()), (400, Some("invalid_request"), Some(message)), "{query}: {body}");
    }
    let (status, body) = get(with_books(&[1]), "/api/books/list?start=-1").await;
    assert_eq!(status, 400, "{body}");
}

#[actix_web::test]
async fn a_store_that_cannot_be_reached_is_a_503_not_a_500() {
    let stores = FakeStores { catalogue_down: true, ..with_books(&[7]) };
    let (status, body) = get(stores, "/api/books/book-7").await;
    assert_eq!((status, body["code"].as_str()), (503, Some("unavailable")), "{body}");
}

const FREE_MEMBER: UserId = UserId(31);
const PAID_MEMBER: UserId = UserId(32);

/// Premium book 7 (two sections), a free member and a paid one.
fn with_members() -> FakeStores {
    let stores = with_books(&[7]);
    let catalogue = stores.catalogue.lock().unwrap();
    catalogue.add_user(identity::fakes::sample_user(FREE_MEMBER));
    let mut paid = identity::fakes::sample_user(PAID_MEMBER);
    paid.plan.paid_date = Some(chrono::Utc::now() - chrono::Duration::days(1));
    catalogue.add_user(paid);
    drop(catalogue);
    stores
}

fn save_position(body: Value) -> test::TestRequest {
    test::TestRequest::put().uri("/api/user-book-history/").set_json(body)
}

#[actix_web::test]
async fn a_position_save_is_clamped_and_its_first_completion_earns_ten_xp() {
    let (status, body) = call(with_members(), save_position(serde_json::json!({"bookId": 7, "position": 99, "completed": true})), Some(PAID_MEMBER)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"], serde_json::json!({"position": 1, "completed": true, "firstCompletion": true, "xpGained": 10}), "{body}");
}

#[actix_web::test]
async fn a_position_save_maps_each_refusal_to_its_status_and_message() {
    for (member, body, status, code, message) in [
        (
            Some(PAID_MEMBER),
            serde_json::json!({"bookId": 7, "position": 1, "savedAt": 9_000_000_000_000_000_i64}),
            400,
            "invalid_request",
            Some("savedAt is not a valid time."),
        ),
        (Some(PAID_MEMBER), serde_json::json!({"position": 1}), 400, "missing_book", Some("Please say which book (bookId).")),
        (Some(PAID_MEMBER), serde_json::json!({"bookId": 7}), 400, "missing_position", Some("Please send the position (a section number).")),
        (Some(PAID_MEMBER), serde_json::json!({"bookId": 8, "position": 0}), 404, "not_found", None),
        (
            Some(FREE_MEMBER),
            serde_json::json!({"bookId": 7, "position": 1}),
            403,
            "locked",
            Some("Open this summary first: it is not unlocked for your account."),
        ),
        (None, serde_json::json!({"bookId": 7, "position": 1}), 401, "not_logged_in", Some("Please log in to continue.")),
    ] {
        let (got, answer) = call(with_members(), save_position(body.clone()), member).await;
        assert_eq!((got, answer["status"].as_str(), answer["code"].as_str()), (status, Some("error"), Some(code)), "{body}: {answer}");
        if let Some(message) = message {
            assert_eq!(answer["error"].as_str(), Some(message), "{body}: {answer}");
        }
    }
}
