//! Building the application (pool, migrations, services, workers) apart from running it, so tests
//! start the real thing on port 0 with their own database.

use crate::config::Config;
use crate::envelope::{form_config, json_config, path_config, query_config};
use crate::state::AppState;
use crate::{routes, spa};
use actix_web::dev::Server;
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::{Compress, DefaultHeaders};
use actix_web::{web, App, HttpMessage, HttpServer};
use anyhow::Context;
use credentials::{Argon2Hasher, BiscuitTokens, KeySealer, RandomSecrets, SharedKeyring};
use db::{PgIdentityStore, PoolSettings};
use identity::{IdentityDeps, IdentityService, ThrottlePolicy};
use kernel::{Clock, SystemClock};
use std::net::TcpListener;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tracing_actix_web::{RequestId, TracingLogger};
use utoipa_actix_web::AppExt;

/// The API's routes and the OpenAPI document they make up.
pub fn api_routes() -> (
    App<
        impl actix_web::dev::ServiceFactory<
            actix_web::dev::ServiceRequest,
            Config = (),
            Response = actix_web::dev::ServiceResponse,
            Error = actix_web::Error,
            InitError = (),
        >,
    >,
    utoipa::openapi::OpenApi,
) {
    let (app, mut document) = App::new().into_utoipa_app().openapi(crate::openapi::base_document()).configure(routes::configure).split_for_parts();
    crate::openapi::add_common_answers(&mut document);
    (app, document)
}

/// The signing keys' sealer from `SIGNING_KEYS_SECRET`; a development machine without one gets a
/// generated secret in a local file (enough for instances on this host only).
fn signing_keys_sealer(config: &Config) -> anyhow::Result<KeySealer> {
    Ok(KeySealer::from_secret(&signing_keys_secret(config)?)?)
}

/// `SIGNING_KEYS_SECRET`, or on a development machine a generated one in a local file. It seals
/// the signing keys and (under a key derived for that use) the authenticator secrets.
fn signing_keys_secret(config: &Config) -> anyhow::Result<String> {
    Ok(match &config.signing_keys_secret {
        Some(secret) => secret.clone(),
        None => {
            tracing::warn!(file = %config.signing_keys_secret_file.display(), "SIGNING_KEYS_SECRET is not set: using this machine's generated secret; instances on other hosts need the same SIGNING_KEYS_SECRET");
            credentials::local_secret(&config.signing_keys_secret_file)?
        }
    })
}

/// Knobs tests turn; production uses the defaults.
#[derive(Clone, Default)]
pub struct BuildOptions {
    pub throttle: ThrottlePolicy,
    pub clock: Option<Arc<dyn Clock>>,
}

pub struct Application {
    port: u16,
    server: Server,
    state: AppState,
    stop_workers: Arc<AtomicBool>,
    workers: Vec<std::thread::JoinHandle<()>>,
}

impl Application {
    pub fn build(config: Config, options: BuildOptions) -> anyhow::Result<Application> {
        let settings = PoolSettings { max_size: config.db_pool_size, checkout_timeout: config.db_checkout_timeout };
        let metrics: Arc<crate::metrics::Metrics> = Arc::default();
        let pool = db::build_observed_pool(&config.database_url, &settings, metrics.pool_events()).context("connecting to PostgreSQL")?;
        {
            let mut conn = pool.get().context("connecting to PostgreSQL")?;
            let applied = db::run_migrations(&mut conn).context("running migrations")?;
            if applied > 0 {
                tracing::info!(applied, "database migrated");
            }
        }
        let shared_keyring = SharedKeyring::new(Arc::new(db::PgKeyringStore::new(pool.clone())), signing_keys_sealer(&config)?);
        let keyring = shared_keyring.load_or_create()?;
        let tokens = Arc::new(BiscuitTokens::new(keyring, Some(shared_keyring)));
        let clock: Arc<dyn Clock> = options.clock.unwrap_or_else(|| Arc::new(SystemClock));
        let oauth = Arc::new(oauth::OAuthProviders::new(config.oauth_providers.clone(), config.public_url.clone()));
        let identity = IdentityService::new(
            IdentityDeps {
                store: Arc::new(PgIdentityStore::new(pool.clone())),
                hasher: Arc::new(Argon2Hasher::default()),
                tokens: tokens.clone(),
                secrets: Arc::new(RandomSecrets),
                clock: clock.clone(),
                providers: oauth.clone(),
                one_time_passwords: Arc::new(credentials::TotpCodes),
                sealer: Arc::new(credentials::SecretBox::from_secret(&signing_keys_secret(&config)?)?),
            },
            options.throttle,
            config.public_url.clone(),
        );
        let media = media::MediaStore::open(&config.media_store).context("opening the media store")?;
        let media_urls = match &config.media_url_secret {
            Some(secret) => media::UrlSigner::new(secret.as_bytes().to_vec()),
            None => {
                tracing::warn!("MEDIA_URL_SECRET is not set: premium media URLs stop working when the server restarts");
                media::UrlSigner::random()
            }
        };
        if config.fault_point.is_some() && !config.payments.test_mode {
            anyhow::bail!("FAULT_POINT is for tests: it is refused unless payments run in test mode");
        }
        let payments = Arc::new(crate::payment_providers::PaymentProviders::new(config.payments.clone(), config.fault_point, &config.public_url));
        let config = Arc::new(config);
        let state = AppState {
            config: config.clone(),
            pool: pool.clone(),
            identity,
            tokens,
            clock: clock.clone(),
            oauth,
            media,
            media_urls,
            media_prober: media::probe::Prober::default(),
            payments,
            metrics: metrics.clone(),
            db_gate: crate::state::DbGate::new(settings.max_size, settings.checkout_timeout),
            stores: Arc::new(crate::stores::PgStores::new(pool.clone())),
        };

        let stop_workers = Arc::new(AtomicBool::new(false));
        let background = crate::workers::Workers { stop: stop_workers.clone(), metrics };
        let mailer = mail::Mailer::new(&mail::MailSettings {
            transport: match &config.smtp_url {
                Some(url) => mail::MailTransport::Smtp { url: url.clone(), ca_file: config.smtp_ca_file.clone() },
                None => mail::MailTransport::Outbox { folder: config.mail_outbox_dir.clone() },
            },
            from: config.mail_from.clone(),
        })?;
        let workers = crate::jobs::start(&state, &config, mailer, &background);

        let listener = TcpListener::bind(&config.bind_addr).with_context(|| format!("binding {}", config.bind_addr))?;
        let port = listener.local_addr()?.port();
        let openapi_json = web::Data::new(crate::openapi::document_json());
        let app_state = web::Data::new(state.clone());
        // A request's head may take up to 30 s to be read (actix's default is 5 s): on a loaded
        // host a worker that had no time slice for 5 s answered a whole, well-formed request with
        // 408 (a retried Stripe webhook, in a CI run on two busy cores). Clients that really send
        // their headers slowly are still cut off.
        let server = HttpServer::new(move || http_app(app_state.clone(), openapi_json.clone()))
            .client_request_timeout(std::time::Duration::from_secs(30))
            .listen(listener)?
            .shutdown_timeout(20)
            .run();
        Ok(Application { port, server, state, stop_workers, workers })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The identity service the application serves with (operator tasks in tests).
    pub fn identity(&self) -> IdentityService {
        self.state.identity.clone()
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until Ctrl-C / SIGTERM (in-flight requests finish), then stops the workers. If
    /// this future is dropped instead (a test's runtime ending), the workers are told to stop too.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let stop_on_drop = StopOnDrop(self.stop_workers.clone());
        let result = self.server.await;
        drop(stop_on_drop);
        for worker in self.workers {
            let _ = worker.join();
        }
        result
    }
}

/// Every route, middleware and extractor setting of the server over `app_state` (the HTTP server
/// builds one per worker; handler tests build one over fake stores).
pub fn http_app(
    app_state: web::Data<AppState>,
    openapi_json: web::Data<String>,
) -> App<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let (app, _) = api_routes();
    let app = app
        .app_data(app_state.clone())
        .app_data(openapi_json.clone())
        .app_data(json_config())
        .app_data(path_config())
        .app_data(form_config())
        .app_data(query_config())
        .route("/api/openapi.json", web::get().to(serve_openapi))
        .route("/metrics", web::get().to(crate::metrics::serve));
    let app = match spa::assets(&app_state.config.static_dir) {
        Some(assets) => app.service(assets),
        None => app,
    };
    let app = match spa::files(&app_state.config.static_dir) {
        // A book's page carries its book (before the files, which answer every path).
        Some(files) => app.service(crate::routes::catalogue::books::book_page).service(files),
        None => app,
    };
    let app = app.default_service(actix_web::dev::fn_service(spa::fallback));
    app.wrap(actix_web::middleware::from_fn(crate::metrics::record))
        .wrap(actix_web::middleware::from_fn(crate::hygiene::refuse_nul))
        .wrap(actix_web::middleware::from_fn(crate::cache_policy::no_store_for_api))
        .wrap(security_headers(&app_state.config))
        .wrap(Compress::default())
        .wrap_fn(|req, srv| {
            use actix_web::dev::Service;
            let request_id = req.extensions().get::<RequestId>().map(|id| id.to_string());
            let response = srv.call(req);
            async move {
                let mut response = response.await?;
                if let Some(id) = request_id.and_then(|id| HeaderValue::from_str(&id).ok()) {
                    response.headers_mut().insert(HeaderName::from_static("x-request-id"), id);
                }
                Ok(response)
            }
        })
        .wrap(TracingLogger::<crate::telemetry::RedactingRootSpan>::new())
}

/// Raises the workers' stop flag when dropped.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

async fn serve_openapi(document: web::Data<String>) -> actix_web::HttpResponse {
    actix_web::HttpResponse::Ok().content_type("application/json").body(document.get_ref().clone())
}

fn security_headers(config: &Config) -> DefaultHeaders {
    let payments = &config.payments;
    let headers = DefaultHeaders::new()
        .add(("Content-Security-Policy", content_security_policy(payments, &spa::inline_script_hashes(&config.static_dir))))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)"))
        // No other site's window may hold a reference to ours, nor embed our files. PayPal's real
        // checkout opens a pop-up that must talk back to this window.
        .add(("Cross-Origin-Opener-Policy", if payments.paypal.is_some() { "same-origin-allow-popups" } else { "same-origin" }))
        .add(("Cross-Origin-Resource-Policy", "same-origin"));
    if config.is_https() {
        headers.add(("Strict-Transport-Security", "max-age=31536000; includeSubDomains"))
    } else {
        headers
    }
}

/// PayPal's documented sources for its JS SDK (developer.paypal.com/sdk/js/best-practices), live
/// and sandbox alike (`www.sandbox.paypal.com` is under `*.paypal.com`).
const PAYPAL_SOURCES: [&str; 3] = ["https://*.paypal.com", "https://*.paypalobjects.com", "https://*.venmo.com"];

/// The content security policy: this origin only, plus exactly the configured payment providers'
/// sources, and the build's own inline scripts by their hash (`inline_scripts`: the early data
/// calls of the book page and the checkout). Real Stripe and PayPal get the sources their documentation lists (Stripe.js and its
/// 3-D Secure frames; PayPal's SDK, its frames, images and the styles it injects); a stand-in gets
/// its own origin only. PayPal recommends `'unsafe-inline'` for scripts too: not given, its buttons
/// run in PayPal's own frames; styles inline are (the SDK writes its container's style).
pub fn content_security_policy(payments: &crate::config::PaymentSettings, inline_scripts: &[String]) -> String {
    let mut scripts = vec!["'self'".to_owned()];
    scripts.extend(inline_scripts.iter().cloned());
    let mut frames = vec!["'self'".to_owned()];
    let mut connects = vec!["'self'".to_owned()];
    let mut images = vec!["'self'".to_owned(), "data:".to_owned(), "blob:".to_owned()];
    let mut styles = vec!["'self'".to_owned()];
    if let Some(stripe) = &payments.stripe {
        if let Some(js) = origin_of(&payments.stripe_js_url) {
            if js == "https://js.stripe.com" {
                scripts.extend([js.clone(), "https://*.js.stripe.com".to_owned()]);
                frames.extend([js, "https://*.js.stripe.com".to_owned()]);
            } else {
                scripts.push(js.clone());
                frames.push(js);
            }
        }
        if let Some(api) = origin_of(&stripe.api_base) {
            // Real Stripe serves its 3-D Secure pages from hooks.stripe.com; a stand-in from itself.
            if api == "https://api.stripe.com" {
                frames.push("https://hooks.stripe.com".to_owned());
            } else {
                frames.push(api.clone());
            }
            connects.push(api);
        }
    }
    if payments.paypal.is_some() {
        if let Some(sdk) = origin_of(&payments.paypal_sdk_url) {
            if is_paypal(&sdk) {
                let sources = PAYPAL_SOURCES.map(str::to_owned);
                scripts.extend(sources.clone());
                frames.extend(sources.clone());
                connects.extend(sources.clone());
                images.extend(sources.clone());
                styles.extend(sources);
                styles.push("'unsafe-inline'".to_owned());
            } else {
                scripts.push(sdk.clone());
                frames.push(sdk.clone());
                connects.push(sdk);
            }
        }
    }
    let dedup = |list: Vec<String>| {
        let mut unique: Vec<String> = Vec::new();
        for source in list {
            if !unique.contains(&source) {
                unique.push(source);
            }
        }
        unique.join(" ")
    };
    format!(
        "default-src 'self'; script-src {}; style-src {}; img-src {}; media-src 'self' blob:; \
         font-src 'self' data:; connect-src {}; frame-src {}; object-src 'none'; frame-ancestors 'none'; \
         base-uri 'self'; form-action 'self'",
        dedup(scripts),
        dedup(styles),
        dedup(images),
        dedup(connects),
        dedup(frames)
    )
}

/// PayPal's own origins (live or sandbox), as opposed to a stand-in's.
fn is_paypal(origin: &str) -> bool {
    origin.strip_prefix("https://").is_some_and(|host| host == "paypal.com" || host.ends_with(".paypal.com"))
}

/// `https://js.stripe.com/v3/` -> `https://js.stripe.com`; anything that is not an http(s) URL -> None.
fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if scheme != "https" && scheme != "http" {
        return None;
    }
    let host = rest.split(['/', '?', '#']).next().filter(|h| !h.is_empty() && !h.contains(['\'', ' ', ';']))?;
    Some(format!("{scheme}://{host}"))
}
