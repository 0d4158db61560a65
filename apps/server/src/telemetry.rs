use tracing_subscriber::{fmt, EnvFilter};

/// Logs to stderr, human-readable by default, JSON with LOG_FORMAT=json; RUST_LOG filters.
pub fn init(json: bool) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,actix_server=warn"));
    let builder = fmt().with_env_filter(filter).with_writer(std::io::stderr);
    let _ = if json { builder.json().try_init() } else { builder.try_init() };
}
