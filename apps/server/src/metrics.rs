//! `/metrics` for the operators who run several instances, in the Prometheus (OpenMetrics) text
//! format through prometheus-client: requests and latency per route pattern (not per URL, so ids
//! never multiply the series), the database pool's use and the background queues' depths. Off
//! unless `METRICS_TOKEN` is set; then it asks for that bearer token.

use crate::state::AppState;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{web, HttpRequest, HttpResponse};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use std::time::Instant;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: String,
    route: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    method: String,
    route: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StateLabels {
    state: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct QueueLabels {
    queue: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct WorkerLabels {
    worker: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CacheLabels {
    cache: String,
}

/// This instance's metrics.
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    durations: Family<RouteLabels, Histogram>,
    pool: Family<StateLabels, Gauge>,
    queues: Family<QueueLabels, Gauge>,
    passes: Family<WorkerLabels, Counter>,
    cache_bytes: Family<CacheLabels, Gauge>,
    cache_entries: Family<CacheLabels, Gauge>,
    cache_limit_bytes: Family<CacheLabels, Gauge>,
    pool_events: PoolEvents,
}

/// The database pool's checkouts, the time callers waited for them and the checkouts that gave
/// up (answered 503), counted as r2d2 reports them.
#[derive(Debug, Clone, Default)]
pub struct PoolEvents {
    checkouts: Counter,
    wait_seconds: Counter<f64, std::sync::atomic::AtomicU64>,
    timeouts: Counter,
}

impl diesel::r2d2::HandleEvent for PoolEvents {
    fn handle_checkout(&self, event: diesel::r2d2::event::CheckoutEvent) {
        self.checkouts.inc();
        self.wait_seconds.inc_by(event.duration().as_secs_f64());
    }

    fn handle_timeout(&self, event: diesel::r2d2::event::TimeoutEvent) {
        self.timeouts.inc();
        self.wait_seconds.inc_by(event.timeout().as_secs_f64());
    }
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::default();
        let requests = Family::<RequestLabels, Counter>::default();
        // 1 ms to about 16 s.
        let durations = Family::<RouteLabels, Histogram>::new_with_constructor(|| Histogram::new(exponential_buckets(0.001, 2.0, 15)));
        let pool = Family::<StateLabels, Gauge>::default();
        let queues = Family::<QueueLabels, Gauge>::default();
        registry.register("http_requests", "HTTP requests answered, by method, route pattern and status", requests.clone());
        registry.register("http_request_duration_seconds", "Time to answer, by method and route pattern", durations.clone());
        registry.register("db_pool_connections", "Database pool connections by state (idle, in_use)", pool.clone());
        registry.register("queue_depth", "Work waiting in the background queues (mail, summaries)", queues.clone());
        let passes = Family::<WorkerLabels, Counter>::default();
        registry.register("background_passes", "Finished passes of each background worker", passes.clone());
        let (cache_bytes, cache_entries, cache_limit_bytes) = (Family::default(), Family::default(), Family::default());
        registry.register("cache_bytes", "Bytes each process-wide cache holds (docs/performance.md, caches)", cache_bytes.clone());
        registry.register("cache_entries", "Entries each process-wide cache holds", cache_entries.clone());
        registry.register("cache_limit_bytes", "The most each process-wide cache ever holds, in bytes", cache_limit_bytes.clone());
        let pool_events = PoolEvents::default();
        registry.register("db_pool_checkouts", "Connections taken from the database pool", pool_events.checkouts.clone());
        registry.register("db_pool_wait_seconds", "Time callers waited for a database connection, timeouts included", pool_events.wait_seconds.clone());
        registry.register("db_pool_timeouts", "Waits for a database connection that gave up (answered 503 busy)", pool_events.timeouts.clone());
        Metrics { registry, requests, durations, pool, queues, passes, cache_bytes, cache_entries, cache_limit_bytes, pool_events }
    }
}

impl Metrics {
    /// What the database pool reports its checkouts to.
    pub fn pool_events(&self) -> Box<dyn diesel::r2d2::HandleEvent> {
        Box::new(self.pool_events.clone())
    }

    /// The counter of a background worker's finished passes.
    pub fn worker_passes(&self, worker: &str) -> Counter {
        self.passes.get_or_create(&WorkerLabels { worker: worker.to_owned() }).clone()
    }
}

/// Counts every answer under its route pattern (`/api/books/{id}`), or `other` (files, 404s).
pub async fn record(req: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let metrics = req.app_data::<web::Data<AppState>>().map(|state| state.metrics.clone());
    let method = req.method().as_str().to_owned();
    let response = next.call(req).await?;
    if let Some(metrics) = metrics {
        let route = response.request().match_pattern().unwrap_or_else(|| "other".to_owned());
        let status = response.status().as_u16();
        metrics.requests.get_or_create(&RequestLabels { method: method.clone(), route: route.clone(), status }).inc();
        metrics.durations.get_or_create(&RouteLabels { method, route }).observe(started.elapsed().as_secs_f64());
    }
    Ok(response)
}

/// `GET /metrics`.
pub async fn serve(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, crate::envelope::ApiError> {
    let Some(token) = state.config.metrics_token.as_deref() else {
        return Ok(HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found."));
    };
    let given = req.headers().get(actix_web::http::header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    if !given.is_some_and(|given| constant_time_eq(given.as_bytes(), token.as_bytes())) {
        return Ok(HttpResponse::Unauthorized()
            .insert_header(("WWW-Authenticate", "Bearer"))
            .content_type("text/plain; charset=utf-8")
            .body("A metrics token is needed."));
    }
    let pool = state.pool.state();
    let metrics = state.metrics.clone();
    metrics.pool.get_or_create(&StateLabels { state: "idle".into() }).set(i64::from(pool.idle_connections));
    metrics.pool.get_or_create(&StateLabels { state: "in_use".into() }).set(i64::from(pool.connections - pool.idle_connections));
    let (mail, summaries) = state.db(|conn| Ok(db::operators::queue_depths(conn)?)).await?;
    metrics.queues.get_or_create(&QueueLabels { queue: "mail".into() }).set(mail);
    metrics.queues.get_or_create(&QueueLabels { queue: "summaries".into() }).set(summaries);
    let caches = [
        ("reading_memo", catalogue::html::memo::ReadingMemo::shared().size()),
        ("reader_text_json", crate::routes::catalogue::text_json::WrittenTexts::shared().size()),
        ("verified_tokens", state.tokens.verified_cache_size()),
    ];
    for (cache, size) in caches {
        let labels = CacheLabels { cache: cache.to_owned() };
        metrics.cache_bytes.get_or_create(&labels).set(gauge_value(size.bytes));
        metrics.cache_entries.get_or_create(&labels).set(gauge_value(size.entries));
        metrics.cache_limit_bytes.get_or_create(&labels).set(gauge_value(size.limit_bytes));
    }
    let mut text = String::new();
    prometheus_client::encoding::text::encode(&mut text, &metrics.registry).map_err(crate::envelope::ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("application/openmetrics-text; version=1.0.0; charset=utf-8")
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .body(text))
}

fn gauge_value(count: usize) -> i64 {
    i64::try_from(count).unwrap_or(i64::MAX)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
