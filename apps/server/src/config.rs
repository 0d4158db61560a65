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
    pub keyring_path: PathBuf,
    pub smtp_url: Option<String>,
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
    pub log_json: bool,
    /// Outside sign-in providers that are configured (`OAUTH_<NAME>_*`).
    pub oauth_providers: HashMap<Provider, ProviderSettings>,
    /// Where media files live (`MEDIA_DIR`, or S3 with `MEDIA_S3_BUCKET`...).
    pub media_store: media::StoreSettings,
    /// The secret that signs premium media URLs; random per process when unset.
    pub media_url_secret: Option<String>,
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

impl Config {
    pub fn from_env() -> Result<Config, ConfigError> {
        let bind_addr = var("BIND_ADDR").unwrap_or_else(|| "127.0.0.1:4000".into());
        let database_url = var("DATABASE_URL").ok_or(ConfigError {
            name: "DATABASE_URL",
            problem: "not set (cargo xtask run sets it, or starts a private PostgreSQL)".into(),
        })?;
        let public_url = var("PUBLIC_URL").unwrap_or_else(|| format!("http://{bind_addr}"));
        Ok(Config {
            database_url,
            public_url,
            static_dir: var("STATIC_DIR").unwrap_or_else(|| "frontend/dist".into()).into(),
            keyring_path: var("SIGNING_KEYRING").unwrap_or_else(|| ".local/signing-keys.json".into()).into(),
            smtp_url: var("SMTP_URL"),
            mail_outbox_dir: var("MAIL_OUTBOX_DIR").unwrap_or_else(|| ".local/outbox".into()).into(),
            mail_from: var("MAIL_FROM").unwrap_or_else(|| "Gistbook <support@gistbook.app>".into()),
            mail_poll_interval: Duration::from_millis(parsed("MAIL_POLL_INTERVAL_MS", 1000)?),
            db_pool_size: parsed("DB_POOL_SIZE", 8)?,
            db_checkout_timeout: Duration::from_millis(parsed("DB_CHECKOUT_TIMEOUT_MS", 1500)?),
            trusted_proxies: parsed("TRUSTED_PROXIES", 0)?,
            dev_insecure_cookies: parsed("DEV_INSECURE_COOKIES", false)?,
            signups_per_address_per_hour: parsed("SIGNUPS_PER_ADDRESS_PER_HOUR", 20)?,
            support_email: var("SUPPORT_EMAIL").unwrap_or_else(|| "support@gistbook.app".into()),
            log_json: var("LOG_FORMAT").is_some_and(|f| f == "json"),
            oauth_providers: oauth::settings_from_env(),
            media_store: media_store_from_env()?,
            media_url_secret: var("MEDIA_URL_SECRET"),
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
