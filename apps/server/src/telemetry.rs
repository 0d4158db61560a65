use tracing_subscriber::{fmt, EnvFilter};

/// Logs to stderr, human-readable by default, JSON with LOG_FORMAT=json; RUST_LOG filters.
pub fn init(json: bool) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,actix_server=warn"));
    let builder = fmt().with_env_filter(filter).with_writer(std::io::stderr);
    let _ = if json { builder.json().try_init() } else { builder.try_init() };
}

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::HttpMessage;
use tracing::field::Empty;
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder};

/// The request span of every log line: like tracing-actix-web's own, but the query string of a
/// media file (its signature) or a sign-in callback (the provider's code and state) is never
/// written down.
pub struct RedactingRootSpan;

impl RootSpanBuilder for RedactingRootSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let request_id = request.extensions().get::<RequestId>().map(|id| id.to_string()).unwrap_or_default();
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = %request.match_pattern().unwrap_or_else(|| "default".into()),
            http.target = %loggable_target(request.path(), request.query_string()),
            request_id = %request_id,
            http.status_code = Empty,
            otel.status_code = Empty,
            exception.message = Empty,
            exception.details = Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, actix_web::Error>) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

/// The path and query as logs may show them: without the query where it carries a secret.
pub fn loggable_target(path: &str, query: &str) -> String {
    let secret_query = path.starts_with("/media/") || path.contains("/oauth/callback") || path.starts_with("/reset-password");
    if query.is_empty() {
        path.to_owned()
    } else if secret_query {
        format!("{path}?[redacted]")
    } else {
        format!("{path}?{query}")
    }
}
