use diesel::pg::PgConnection;
use diesel::r2d2::{ConnectionManager, Pool, PooledConnection};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use std::time::Duration;

pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations");

pub type DbPool = Pool<ConnectionManager<PgConnection>>;
pub type DbConn = PooledConnection<ConnectionManager<PgConnection>>;

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// No connection became free in time: the caller should answer 503, not wait.
    #[error("the database is busy")]
    Busy,
    #[error("database error: {0}")]
    Query(#[from] diesel::result::Error),
    #[error("migration failed: {0}")]
    Migration(String),
    #[error("cannot connect to the database: {0}")]
    Connect(String),
}

#[derive(Debug, Clone)]
pub struct PoolSettings {
    pub max_size: u32,
    pub checkout_timeout: Duration,
}

impl Default for PoolSettings {
    fn default() -> Self {
        // About 4 x cores on the 2-core machines this runs on; a short checkout so a saturated
        // pool answers 503 quickly instead of piling up requests.
        PoolSettings { max_size: 8, checkout_timeout: Duration::from_millis(1500) }
    }
}

pub fn build_pool(url: &str, settings: &PoolSettings) -> Result<DbPool, DbError> {
    build_observed_pool(url, settings, Box::new(diesel::r2d2::NopEventHandler))
}

/// `build_pool` whose checkouts, waits and timeouts are reported to `events` (the server's
/// `/metrics`).
pub fn build_observed_pool(url: &str, settings: &PoolSettings, events: Box<dyn diesel::r2d2::HandleEvent>) -> Result<DbPool, DbError> {
    Pool::builder()
        .event_handler(events)
        .max_size(settings.max_size)
        .min_idle(Some(1))
        .connection_timeout(settings.checkout_timeout)
        // No `SELECT 1` before every checkout: a round trip per call (one statement in four of the
        // reader's). A connection that breaks fails its one call and is dropped on return
        // (Diesel's `has_broken`), and the next checkout opens a new one.
        .test_on_check_out(false)
        .build(ConnectionManager::<PgConnection>::new(url))
        .map_err(|e| DbError::Connect(e.to_string()))
}

pub fn checkout(pool: &DbPool) -> Result<DbConn, DbError> {
    pool.get().map_err(|_| DbError::Busy)
}

pub fn run_migrations(conn: &mut PgConnection) -> Result<usize, DbError> {
    conn.run_pending_migrations(MIGRATIONS).map(|done| done.len()).map_err(|e| DbError::Migration(e.to_string()))
}

pub fn revert_all_migrations(conn: &mut PgConnection) -> Result<usize, DbError> {
    conn.revert_all_migrations(MIGRATIONS).map(|done| done.len()).map_err(|e| DbError::Migration(e.to_string()))
}

/// `url` with its database name replaced.
pub fn with_database(url: &str, database: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, format!("?{query}")),
        None => (url, String::new()),
    };
    let prefix = match base.rfind('/') {
        Some(slash) if base[..slash].contains("://") && slash > base.find("://").unwrap() + 2 => &base[..slash],
        _ => base,
    };
    format!("{prefix}/{database}{query}")
}

/// True when a connection can be had and answers a trivial query (readiness checks).
pub fn is_reachable(pool: &DbPool) -> bool {
    use diesel::RunQueryDsl;
    checkout(pool).is_ok_and(|mut conn| diesel::sql_query("SELECT 1").execute(&mut conn).is_ok())
}
