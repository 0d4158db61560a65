//! Configuration from environment variables, each with a safe local default
//! (all listed in docs/configuration.md).

use identity::social::Provider;
use oauth::ProviderSettings;
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Clone)]
pub struct Config {
    pub bind_addr: String,
    pub database_url: String,
    /// The address people use, for links in e-mail and to decide on Secure cookies and HSTS.
    pub public_url: String,
    pub static_dir: PathBuf,
    /// Seals the token-signing keys kept in the database; every instance needs the same one.
    pub signing_keys_secret: Option<String>,
    /// Where a development machine keeps a generated secret when none is configured.
    pub signing_keys_secret_file: PathBuf,
    pub smtp_url: Option<String>,
    /// `SMTP_CA_FILE`: PEM certificates trusted for the SMTP server besides the public roots.
    pub smtp_ca_file: Option<PathBuf>,
    pub mail_outbox_dir: PathBuf,
    pub mail_from: String,
    pub mail_poll_interval: Duration,
    pub db_pool_size: u32,
    pub db_checkout_timeout: Duration,
    /// Take the client address from X-Forwarded-For (only behind a proxy you run).
    /// Development on plain http (what `cargo xtask run` and the tests use): cookies without
    /// `Secure` and so without the `__Secure-` prefix. Never set it in production.
    pub dev_insecure_cookies: bool,
    /// How many proxies of ours stand in front (their X-Forwarded-For entries are believed).
    pub trusted_proxies: usize,
    /// Sign-ups allowed from one address per hour (tests and benchmarks that sign up many
    /// members from loopback raise it).
    pub signups_per_address_per_hour: u32,
    pub support_email: String,
    /// The footer's contact and store links (`SUPPORT_PHONE`, `APP_STORE_URL`, `GOOGLE_PLAY_URL`):
    /// each shown only when set.
    pub site_links: SiteLinks,
    pub log_json: bool,
    /// Outside sign-in providers that are configured (`OAUTH_<NAME>_*`, read by
    /// `oauth::settings_from_env`; for Apple also `OAUTH_APPLE_JWKS_URL` and `OAUTH_APPLE_ISSUER`,
    /// against which its ID tokens are checked).
    pub oauth_providers: HashMap<Provider, ProviderSettings>,
    /// Where media files live (`MEDIA_DIR`, or S3 with `MEDIA_S3_BUCKET`...).
    pub media_store: media::StoreSettings,
    /// The secret that signs premium media URLs; random per process when unset.
    pub media_url_secret: Option<String>,
    /// Card payments (Stripe) and PayPal: what is configured (`STRIPE_*`, `PAYPAL_*`).
    pub payments: PaymentSettings,
    /// How often billing's housekeeping runs (turning off deleted accounts' renewals).
    pub billing_poll_interval: Duration,
    /// How often every charge and subscription is reconciled with its provider (and repairs
    /// made); zero turns the job off.
    pub reconcile_interval: Duration,
    /// `FAULT_POINT`, for the crash-safety tests only: where the process stops as if it died.
    /// Refused unless payments run in test mode.
    pub fault_point: Option<FaultPoint>,
    /// How often the commission ledger is settled from billing's charges.
    pub referral_ledger_interval: Duration,
    /// How long a referral credit waits (the refund window) before it may be paid out.
    pub referral_refund_window: chrono::Duration,
    /// `FEED_SHARING_MAX_ADDRESSES`, `FEED_SHARING_MAX_AGENTS`: distinct addresses and podcast
    /// apps a day above which a member's podcast feed counts as shared.
    pub feed_sharing: podcast_feed::sharing::SharingLimits,
    /// `AI_FETCH_ALLOW`: addresses the summariser fetches although not public (comma-separated
    /// addresses or CIDR ranges). Empty in production; tests list their loopback server.
    pub ai_fetch_allow: summariser::fetch_policy::AllowList,
    /// How often the summariser's worker looks for queued jobs.
    pub ai_poll_interval: Duration,
    /// `DOCUMENT_READER`: the `extract-document` program that reads uploads under limits
    /// (`document_reader`); by default the one built beside the server.
    pub document_reader: Option<PathBuf>,
    /// `AI_MODEL_URL` (an OpenAI-compatible API, e.g. https://api.openai.com/v1), `AI_MODEL_KEY`
    /// and `AI_MODEL_NAME` (gpt-4o-mini): summaries by a language model. Without them the
    /// built-in extractive summariser works offline.
    pub ai_model: Option<language_model::ModelSettings>,
    /// How often due ten-day-challenge reminders are mailed.
    pub reminder_interval: Duration,
    /// `METRICS_TOKEN`: turns `/metrics` on, for requests bearing this token.
    pub metrics_token: Option<String>,
    /// How long housekeeping keeps what it prunes.
    pub retention: Retention,
}

/// What housekeeping keeps, and for how long (`jobs::start`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    /// `RETENTION_ATTEMPTS_HOURS` (24): sign-in, sign-up and other throttling records. Never
    /// shorter than the longest throttle window (a day: invites, codes, ten-day plans, summaries),
    /// or a limit would forget early; a shorter value is raised to 24 hours.
    pub attempts: chrono::Duration,
    /// `RETENTION_SENT_MAIL_DAYS` (30): sent mail (its body is blanked once sent; the row stays
    /// for the delivery record).
    pub sent_mail: chrono::Duration,
}

impl Retention {
    /// From the settings' hours and days; throttling records are kept at least a day, sent
    /// mail at least not negatively long.
    pub fn new(attempts_hours: i64, sent_mail_days: i64) -> Retention {
        Retention { attempts: chrono::Duration::hours(attempts_hours.clamp(24, 24 * 365)), sent_mail: chrono::Duration::days(sent_mail_days.clamp(0, 3650)) }
    }
}

/// Where a test makes the server stop as if it had died (the test then kills it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaultPoint {
    /// Right after Stripe answered that it took a card payment (or started a subscription),
    /// before checkout's transaction records it.
    AfterCardCharge,
    /// Right after a form sign-up made the account, before its purchase and referrer are recorded.
    AfterSignUp,
}

impl std::str::FromStr for FaultPoint {
    type Err = String;
    fn from_str(text: &str) -> Result<FaultPoint, String> {
        match text {
            "after-card-charge" => Ok(FaultPoint::AfterCardCharge),
            "after-sign-up" => Ok(FaultPoint::AfterSignUp),
            other => Err(format!("unknown fault point {other:?} (known: after-card-charge, after-sign-up)")),
        }
    }
}

/// The payment providers' settings. A provider without its keys is simply not offered.
#[derive(Debug, Clone, Default)]
pub struct PaymentSettings {
    /// `STRIPE_SECRET_KEY`, `STRIPE_API_BASE` (https://api.stripe.com/), `STRIPE_WEBHOOK_SECRET`.
    pub stripe: Option<payments::stripe::StripeSettings>,
    /// `STRIPE_PUBLISHABLE_KEY`: what Stripe.js in the browser uses.
    pub stripe_publishable_key: Option<String>,
    /// `STRIPE_JS_URL` (https://js.stripe.com/v3/): the script the payment page loads.
    pub stripe_js_url: String,
    /// `PAYPAL_CLIENT_ID`, `PAYPAL_CLIENT_SECRET`, `PAYPAL_API_BASE` (https://api-m.paypal.com),
    /// `PAYPAL_WEBHOOK_ID`.
    pub paypal: Option<payments::paypal::PayPalSettings>,
    /// `PAYPAL_SDK_URL` (https://www.paypal.com/sdk/js): PayPal's browser script.
    pub paypal_sdk_url: String,
    /// Test keys or local stand-ins (`PAYMENTS_TEST_MODE`, or `sk_test_` keys, or PayPal's
    /// sandbox): the pages say "test mode".
    pub test_mode: bool,
}

impl PaymentSettings {
    fn from_env() -> Result<PaymentSettings, ConfigError> {
        let stripe = match var("STRIPE_SECRET_KEY") {
            None => None,
            Some(secret_key) => Some(payments::stripe::StripeSettings {
                secret_key,
                api_base: var("STRIPE_API_BASE").unwrap_or_else(|| "https://api.stripe.com/".into()),
                webhook_secret: var("STRIPE_WEBHOOK_SECRET")
                    .ok_or(ConfigError { name: "STRIPE_WEBHOOK_SECRET", problem: "required when STRIPE_SECRET_KEY is set".into() })?,
            }),
        };
        let paypal = match var("PAYPAL_CLIENT_ID") {
            None => None,
            Some(client_id) => {
                let required = |name: &'static str| var(name).ok_or(ConfigError { name, problem: "required when PAYPAL_CLIENT_ID is set".into() });
                Some(payments::paypal::PayPalSettings {
                    client_id,
                    client_secret: required("PAYPAL_CLIENT_SECRET")?,
                    api_base: var("PAYPAL_API_BASE").unwrap_or_else(|| "https://api-m.paypal.com".into()),
                    webhook_id: required("PAYPAL_WEBHOOK_ID")?,
                })
            }
        };
        let test_mode = parsed("PAYMENTS_TEST_MODE", false)?
            || stripe.as_ref().is_some_and(|s| s.secret_key.starts_with("sk_test_"))
            || paypal.as_ref().is_some_and(|p| p.api_base.contains("sandbox"));
        Ok(PaymentSettings {
            stripe_publishable_key: var("STRIPE_PUBLISHABLE_KEY"),
            stripe_js_url: var("STRIPE_JS_URL").unwrap_or_else(|| "https://js.stripe.com/v3/".into()),
            paypal_sdk_url: var("PAYPAL_SDK_URL").unwrap_or_else(|| "https://www.paypal.com/sdk/js".into()),
            stripe,
            paypal,
            test_mode,
        })
    }
}

#[derive(Debug, thiserror::Error)]
#[error("{name}: {problem}")]
pub struct ConfigError {
    name: &'static str,
    problem: String,
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn parsed<T: std::str::FromStr>(name: &'static str, default: T) -> Result<T, ConfigError>
where
    T::Err: std::fmt::Display,
{
    match var(name) {
        Some(text) => text.trim().parse().map_err(|e: T::Err| ConfigError { name, problem: e.to_string() }),
        None => Ok(default),
    }
}

/// S3 when `MEDIA_S3_BUCKET` is set (any S3-compatible endpoint via `MEDIA_S3_ENDPOINT`), else the
/// local folder `MEDIA_DIR`.
fn media_store_from_env() -> Result<media::StoreSettings, ConfigError> {
    let Some(bucket) = var("MEDIA_S3_BUCKET") else {
        return Ok(media::StoreSettings::Local { dir: var("MEDIA_DIR").unwrap_or_else(|| ".local/media".into()).into() });
    };
    let required = |name: &'static str| var(name).ok_or(ConfigError { name, problem: "required when MEDIA_S3_BUCKET is set".into() });
    Ok(media::StoreSettings::S3 {
        bucket,
        region: var("MEDIA_S3_REGION").unwrap_or_else(|| "us-east-1".into()),
        endpoint: var("MEDIA_S3_ENDPOINT"),
        access_key_id: required("MEDIA_S3_ACCESS_KEY_ID")?,
        secret_access_key: required("MEDIA_S3_SECRET_ACCESS_KEY")?,
        allow_http: parsed("MEDIA_S3_ALLOW_HTTP", false)?,
    })
}

/// What the page footer links to besides e-mail, when configured.
#[derive(Debug, Clone, Default)]
pub struct SiteLinks {
    /// As people read it: "+1 (555) 010-4242".
    pub support_phone: Option<String>,
    pub app_store_url: Option<String>,
    pub google_play_url: Option<String>,
}

impl SiteLinks {
    fn from_env() -> Result<SiteLinks, ConfigError> {
        let https = |name: &'static str| -> Result<Option<String>, ConfigError> {
            match var(name) {
                Some(url) if !url.starts_with("https://") => Err(ConfigError { name, problem: "must be an https:// address".into() }),
                found => Ok(found),
            }
        };
        let phone = var("SUPPORT_PHONE");
        if phone.as_deref().is_some_and(|p| !p.chars().any(|c| c.is_ascii_digit()) || p.chars().any(|c| !(c.is_ascii_digit() || " +-().".contains(c)))) {
            return Err(ConfigError { name: "SUPPORT_PHONE", problem: "digits, spaces and + - ( ) . only".into() });
        }
        Ok(SiteLinks { support_phone: phone, app_store_url: https("APP_STORE_URL")?, google_play_url: https("GOOGLE_PLAY_URL")? })
    }
}

impl Config {
    pub fn from_env() -> Result<Config, ConfigError> {
        let bind_addr = var("BIND_ADDR").unwrap_or_else(|| "127.0.0.1:4000".into());
        let database_url = var("DATABASE_URL")
            .ok_or(ConfigError { name: "DATABASE_URL", problem: "not set (cargo xtask run sets it, or starts a private PostgreSQL)".into() })?;
        let public_url = var("PUBLIC_URL").unwrap_or_else(|| format!("http://{bind_addr}"));
        Ok(Config {
            database_url,
            public_url,
            static_dir: var("STATIC_DIR").unwrap_or_else(|| "frontend/dist".into()).into(),
            signing_keys_secret: var("SIGNING_KEYS_SECRET"),
            signing_keys_secret_file: var("SIGNING_KEYS_SECRET_FILE").unwrap_or_else(|| ".local/signing-keys-secret".into()).into(),
            smtp_url: var("SMTP_URL"),
            smtp_ca_file: var("SMTP_CA_FILE").map(PathBuf::from),
            mail_outbox_dir: var("MAIL_OUTBOX_DIR").unwrap_or_else(|| ".local/outbox".into()).into(),
            mail_from: var("MAIL_FROM").unwrap_or_else(|| "Gistbook <support@gistbook.app>".into()),
            mail_poll_interval: Duration::from_millis(parsed("MAIL_POLL_INTERVAL_MS", 1000)?),
            db_pool_size: parsed("DB_POOL_SIZE", 8)?,
            db_checkout_timeout: Duration::from_millis(parsed("DB_CHECKOUT_TIMEOUT_MS", 1500)?),
            trusted_proxies: parsed("TRUSTED_PROXIES", 0)?,
            dev_insecure_cookies: parsed("DEV_INSECURE_COOKIES", false)?,
            signups_per_address_per_hour: parsed("SIGNUPS_PER_ADDRESS_PER_HOUR", 20)?,
            support_email: var("SUPPORT_EMAIL").unwrap_or_else(|| "support@gistbook.app".into()),
            site_links: SiteLinks::from_env()?,
            log_json: var("LOG_FORMAT").is_some_and(|f| f == "json"),
            oauth_providers: oauth::settings_from_env(),
            media_store: media_store_from_env()?,
            media_url_secret: var("MEDIA_URL_SECRET"),
            payments: PaymentSettings::from_env()?,
            billing_poll_interval: Duration::from_millis(parsed("BILLING_POLL_INTERVAL_MS", 60_000)?),
            reconcile_interval: Duration::from_millis(parsed("RECONCILE_INTERVAL_MS", 3_600_000)?),
            fault_point: var("FAULT_POINT").map(|text| text.parse()).transpose().map_err(|problem| ConfigError { name: "FAULT_POINT", problem })?,
            referral_ledger_interval: Duration::from_millis(parsed("REFERRAL_LEDGER_INTERVAL_MS", 5_000)?),
            referral_refund_window: chrono::Duration::days(parsed("REFERRAL_REFUND_WINDOW_DAYS", referral::service::REFUND_WINDOW_DAYS)?),
            feed_sharing: podcast_feed::sharing::SharingLimits {
                addresses: parsed("FEED_SHARING_MAX_ADDRESSES", podcast_feed::sharing::SharingLimits::default().addresses)?,
                user_agents: parsed("FEED_SHARING_MAX_AGENTS", podcast_feed::sharing::SharingLimits::default().user_agents)?,
            },
            ai_fetch_allow: summariser::fetch_policy::AllowList::parse(&var("AI_FETCH_ALLOW").unwrap_or_default())
                .map_err(|problem| ConfigError { name: "AI_FETCH_ALLOW", problem })?,
            ai_poll_interval: Duration::from_millis(parsed("AI_POLL_INTERVAL_MS", 500)?),
            document_reader: var("DOCUMENT_READER").map(PathBuf::from),
            ai_model: match (var("AI_MODEL_URL"), var("AI_MODEL_KEY")) {
                (Some(base_url), Some(api_key)) => {
                    Some(language_model::ModelSettings { base_url, api_key, model: var("AI_MODEL_NAME").unwrap_or_else(|| "gpt-4o-mini".into()) })
                }
                _ => None,
            },
            reminder_interval: Duration::from_millis(parsed("REMINDER_INTERVAL_MS", 60_000)?),
            metrics_token: var("METRICS_TOKEN"),
            retention: Retention::new(parsed("RETENTION_ATTEMPTS_HOURS", 24)?, parsed("RETENTION_SENT_MAIL_DAYS", 30)?),
            bind_addr,
        })
    }

    /// Cookies are `Secure` (and the refresh cookie `__Secure-` prefixed) unless the explicit
    /// development setting says otherwise.
    pub fn secure_cookies(&self) -> bool {
        !self.dev_insecure_cookies
    }

    /// The refresh cookie's name: `__Secure-` makes browsers refuse it from anything but https.
    pub fn refresh_cookie_name(&self) -> &'static str {
        if self.secure_cookies() {
            "__Secure-gb_refresh"
        } else {
            "gb_refresh"
        }
    }

    /// Behind TLS: HSTS.
    pub fn is_https(&self) -> bool {
        self.public_url.starts_with("https://")
    }
}
