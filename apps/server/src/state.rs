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
    /// Stripe and PayPal, as configured.
    pub payments: Arc<crate::payment_providers::PaymentProviders>,
    /// This instance's request, pool and queue metrics (`/metrics`).
    pub metrics: Arc<crate::metrics::Metrics>,
}

impl AppState {
    /// Runs `work` with a pooled connection on the blocking thread pool; a pool with no free
    /// connection answers 503 rather than queueing.
    pub async fn db<T, F>(&self, work: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut diesel::PgConnection) -> Result<T, crate::envelope::ApiError> + Send + 'static,
    {
        let pool = self.pool.clone();
        crate::envelope::blocking(move || {
            let mut conn = pool.get().map_err(|_| crate::envelope::ApiError::unavailable())?;
            work(&mut conn)
        })
        .await
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
        let site = self.config.public_url.clone();
        self.on_store(move |store, now| use_case(&referral::Referrals::new(store, now, &site))).await
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
