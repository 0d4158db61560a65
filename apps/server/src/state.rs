use crate::config::Config;
use credentials::BiscuitTokens;
use db::DbPool;
use identity::IdentityService;
use kernel::Clock;
use std::sync::Arc;

/// What every handler can reach: the services, the token verifier and the settings.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub pool: DbPool,
    pub identity: IdentityService,
    pub tokens: Arc<BiscuitTokens>,
    pub clock: Arc<dyn Clock>,
    /// Outside sign-in providers (for their authorization URLs).
    pub oauth: Arc<oauth::OAuthProviders>,
    /// Covers, audio, video, visual images and infographics.
    pub media: media::MediaStore,
    /// Signs premium media URLs for entitled callers.
    pub media_urls: media::UrlSigner,
    /// Checks that uploaded audio and video play (ffprobe).
    pub media_prober: media::probe::Prober,
    /// Stripe and PayPal, as configured.
    pub payments: Arc<crate::payment_providers::PaymentProviders>,
    /// This instance's request, pool and queue metrics (`/metrics`).
    pub metrics: Arc<crate::metrics::Metrics>,
    /// Where calls wait for a database connection.
    pub db_gate: DbGate,
}

/// Calls wait here for one of the pool's connections, first come first served, before they take
/// a blocking thread. Waiting in the async runtime costs nothing; waiting at the pool itself held a
/// thread per waiting call (each wake a thread switch, on two cores the largest cost after the
/// work) and let late calls take a returned connection before calls that had waited longer (the
/// reader's p99).
#[derive(Clone)]
pub struct DbGate {
    permits: Arc<tokio::sync::Semaphore>,
    timeout: std::time::Duration,
}

impl DbGate {
    /// As many places as the pool has connections; a call that waits longer than `timeout` is
    /// answered 503, as the pool itself would.
    pub fn new(connections: u32, timeout: std::time::Duration) -> DbGate {
        DbGate { permits: Arc::new(tokio::sync::Semaphore::new(connections as usize)), timeout }
    }

    async fn enter(&self) -> Result<tokio::sync::OwnedSemaphorePermit, crate::envelope::ApiError> {
        match tokio::time::timeout(self.timeout, Arc::clone(&self.permits).acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(crate::envelope::ApiError::unavailable()),
        }
    }
}

impl AppState {
    /// Runs `work` with a pooled connection on the blocking thread pool, once the gate lets the
    /// call in; a call that cannot have a connection in time answers 503 rather than hang.
    pub async fn db<T, F>(&self, work: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut diesel::PgConnection) -> Result<T, crate::envelope::ApiError> + Send + 'static,
    {
        let permit = self.db_gate.enter().await?;
        let pool = self.pool.clone();
        crate::envelope::blocking(move || {
            let _place = permit;
            let mut conn = pool.get().map_err(|_| crate::envelope::ApiError::unavailable())?;
            work(&mut conn)
        })
        .await
    }
}

impl AppState {
    /// The database answers (`/readyz`): a connection from the pool runs a statement.
    pub async fn database_reachable(&self) -> bool {
        let pool = self.pool.clone();
        actix_web::web::block(move || db::is_reachable(&pool)).await.unwrap_or(false)
    }
}

impl AppState {
    /// Runs `work` over a `PgStore` on one pooled connection, at this moment: every domain's use
    /// cases are made this way (one checkout per call).
    async fn on_store<T, E, F>(&self, work: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        E: Into<crate::envelope::ApiError>,
        F: FnOnce(&db::PgStore<'_>, kernel::Timestamp) -> Result<T, E> + Send + 'static,
    {
        let now = self.clock.now();
        self.db(move |conn| work(&db::PgStore::new(conn), now).map_err(Into::into)).await
    }

    /// Runs one catalogue use case.
    pub async fn catalogue<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&catalogue::Catalogue<'_, db::PgStore<'_>>) -> Result<T, catalogue::CatalogueError> + Send + 'static,
    {
        self.on_store(move |store, now| use_case(&catalogue::Catalogue::new(store, now))).await
    }

    /// Runs one reading-progress use case.
    pub async fn progress<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&reading_progress::Progress<'_, db::PgStore<'_>, db::PgStore<'_>>) -> Result<T, reading_progress::ProgressError> + Send + 'static,
    {
        self.on_store(move |store, now| use_case(&reading_progress::Progress::new(store, store, now))).await
    }

    /// Runs one back-office (or analytics) use case.
    pub async fn admin<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&admin::Admin<'_, db::PgStore<'_>>) -> Result<T, admin::AdminError> + Send + 'static,
    {
        self.on_store(move |store, now| use_case(&admin::Admin::new(store, now))).await
    }

    /// Runs one referral use case.
    pub async fn referrals<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&referral::Referrals<'_, db::PgStore<'_>>) -> Result<T, referral::ReferralError> + Send + 'static,
    {
        let (site, window) = (self.config.public_url.clone(), self.config.referral_refund_window);
        self.on_store(move |store, now| use_case(&referral::Referrals::new(store, now, &site).with_refund_window(window))).await
    }

    /// Runs one ten-day-challenge use case.
    pub async fn challenge<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&challenge::Challenge<'_, db::PgStore<'_>>) -> Result<T, challenge::ChallengeError> + Send + 'static,
    {
        let site = self.config.public_url.clone();
        self.on_store(move |store, now| use_case(&challenge::Challenge::new(store, now, &site))).await
    }

    /// Runs one quiz use case.
    pub async fn quizzes<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&challenge::Quizzes<'_, db::PgStore<'_>>) -> Result<T, challenge::ChallengeError> + Send + 'static,
    {
        self.on_store(move |store, now| use_case(&challenge::Quizzes::new(store, now))).await
    }

    /// Runs one summariser use case (not the jobs: those run on the summariser's worker).
    pub async fn summariser<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&summariser::Summariser<'_, db::PgStore<'_>>) -> Result<T, summariser::SummariserError> + Send + 'static,
    {
        self.on_store(move |store, now| use_case(&summariser::Summariser::new(store, now))).await
    }

    /// Runs one billing use case.
    pub async fn billing<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&billing::Billing<'_, db::PgStore<'_>>) -> Result<T, billing::BillingError> + Send + 'static,
    {
        let site = self.config.public_url.clone();
        self.on_store(move |store, now| use_case(&billing::Billing::new(store, now).with_site(&site))).await
    }
}

#[cfg(test)]
mod tests {
    use super::DbGate;
    use std::time::Duration;

    #[actix_web::test]
    async fn the_gate_admits_as_many_calls_as_connections_and_refuses_a_call_that_waits_too_long() {
        let gate = DbGate::new(1, Duration::from_millis(50));
        let first = gate.enter().await.expect("a free place");
        let refused = gate.enter().await.expect_err("no place within the timeout");
        assert_eq!(actix_web::ResponseError::status_code(&refused), actix_web::http::StatusCode::SERVICE_UNAVAILABLE);
        drop(first);
        assert!(gate.enter().await.is_ok(), "a returned place is taken again");
    }
}
