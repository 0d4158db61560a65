use crate::config::Config;
use crate::stores::{StoreUnavailable, Stores};
use admin::ports::AdminStore;
use billing::ports::BillingStore;
use catalogue::ports::CatalogueStore;
use challenge::ports::{ChallengeStore, QuizStore};
use credentials::BiscuitTokens;
use db::DbPool;
use highlights::ports::HighlightStore;
use identity::IdentityService;
use kernel::Clock;
use podcast_feed::ports::FeedStore;
use reading_progress::ports::ProgressStore;
use referral::ports::ReferralStore;
use review::ports::ReviewStore;
use std::sync::Arc;
use summariser::ports::SummaryStore;

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
    /// Every domain's ports, lent to one use case per call (PostgreSQL in the server).
    pub stores: Arc<dyn Stores>,
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

    pub async fn enter(&self) -> Result<tokio::sync::OwnedSemaphorePermit, crate::envelope::ApiError> {
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

/// Runs `$use_case` once over the use case made from the store(s) `$stores.$domain` lends
/// (`StoreUnavailable` when it lent none). A macro, not a function: the store's lifetime is
/// the lending call's own, which a generic parameter cannot name.
macro_rules! lent {
    ($stores:ident . $domain:ident, $use_case:ident, |$($store:ident),+| $make:expr) => {{
        let mut $use_case = Some($use_case);
        let mut answer = None;
        $stores.$domain(&mut |$($store),+| {
            if let Some(use_case) = $use_case.take() {
                answer = Some(use_case(&$make));
            }
        })?;
        answer.ok_or(StoreUnavailable)
    }};
}

impl AppState {
    /// Runs `work` with the stores on the blocking thread pool, at this moment, once the gate lets
    /// the call in: every domain's use cases are made this way (one store lent per call).
    async fn on_stores<T, E, F>(&self, work: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        E: Into<crate::envelope::ApiError> + Send + 'static,
        F: FnOnce(&dyn Stores, kernel::Timestamp) -> Result<Result<T, E>, StoreUnavailable> + Send + 'static,
    {
        let now = self.clock.now();
        let permit = self.db_gate.enter().await?;
        let stores = Arc::clone(&self.stores);
        crate::envelope::blocking(move || {
            let _place = permit;
            match work(&*stores, now) {
                Ok(answer) => answer.map_err(Into::into),
                Err(StoreUnavailable) => Err(crate::envelope::ApiError::unavailable()),
            }
        })
        .await
    }

    /// Runs one catalogue use case.
    pub async fn catalogue<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&catalogue::Catalogue<'_, dyn CatalogueStore + '_>) -> Result<T, catalogue::CatalogueError> + Send + 'static,
    {
        self.on_stores(move |stores, now| lent!(stores.catalogue, use_case, |store| catalogue::Catalogue::new(store, now))).await
    }

    /// Runs one reading-progress use case.
    pub async fn progress<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&reading_progress::Progress<'_, dyn CatalogueStore + '_, dyn ProgressStore + '_>) -> Result<T, reading_progress::ProgressError>
            + Send
            + 'static,
    {
        self.on_stores(move |stores, now| lent!(stores.progress, use_case, |books, progress| reading_progress::Progress::new(books, progress, now))).await
    }

    /// Runs one back-office (or analytics) use case.
    pub async fn admin<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&admin::Admin<'_, dyn AdminStore + '_>) -> Result<T, admin::AdminError> + Send + 'static,
    {
        self.on_stores(move |stores, now| lent!(stores.admin, use_case, |store| admin::Admin::new(store, now))).await
    }

    /// Runs one referral use case.
    pub async fn referrals<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&referral::Referrals<'_, dyn ReferralStore + '_>) -> Result<T, referral::ReferralError> + Send + 'static,
    {
        let (site, window) = (self.config.public_url.clone(), self.config.referral_refund_window);
        self.on_stores(move |stores, now| lent!(stores.referrals, use_case, |store| referral::Referrals::new(store, now, &site).with_refund_window(window)))
            .await
    }

    /// Runs one ten-day-challenge use case.
    pub async fn challenge<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&challenge::Challenge<'_, dyn ChallengeStore + '_>) -> Result<T, challenge::ChallengeError> + Send + 'static,
    {
        let site = self.config.public_url.clone();
        self.on_stores(move |stores, now| lent!(stores.challenge, use_case, |store| challenge::Challenge::new(store, now, &site))).await
    }

    /// Runs one quiz use case.
    pub async fn quizzes<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&challenge::Quizzes<'_, dyn QuizStore + '_>) -> Result<T, challenge::ChallengeError> + Send + 'static,
    {
        self.on_stores(move |stores, now| lent!(stores.quizzes, use_case, |store| challenge::Quizzes::new(store, now))).await
    }

    /// Runs one summariser use case (not the jobs: those run on the summariser's worker).
    pub async fn summariser<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&summariser::Summariser<'_, dyn SummaryStore + '_>) -> Result<T, summariser::SummariserError> + Send + 'static,
    {
        self.on_stores(move |stores, now| lent!(stores.summaries, use_case, |store| summariser::Summariser::new(store, now))).await
    }

    /// Runs one billing use case.
    pub async fn billing<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&billing::Billing<'_, dyn BillingStore + '_>) -> Result<T, billing::BillingError> + Send + 'static,
    {
        let site = self.config.public_url.clone();
        self.on_stores(move |stores, now| lent!(stores.billing, use_case, |store| billing::Billing::new(store, now).with_site(&site))).await
    }

    /// Runs one highlights use case.
    pub async fn highlights<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&highlights::Highlights<'_, dyn CatalogueStore + '_, dyn HighlightStore + '_>) -> Result<T, highlights::HighlightError> + Send + 'static,
    {
        let site = self.config.public_url.clone();
        self.on_stores(move |stores, now| lent!(stores.highlights, use_case, |books, marks| highlights::Highlights::new(books, marks, now, &site))).await
    }

    /// Runs one daily-review use case.
    pub async fn review<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&review::Review<'_, dyn CatalogueStore + '_, dyn ReviewStore + '_>) -> Result<T, review::ReviewError> + Send + 'static,
    {
        self.on_stores(move |stores, now| lent!(stores.review, use_case, |books, cards| review::Review::new(books, cards, now))).await
    }

    /// Runs one podcast-feed use case.
    pub async fn podcast_feed<T, F>(&self, use_case: F) -> Result<T, crate::envelope::ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&podcast_feed::Feeds<'_, dyn FeedStore + '_>) -> Result<T, podcast_feed::FeedError> + Send + 'static,
    {
        let (site, limits) = (self.config.public_url.clone(), self.config.feed_sharing);
        self.on_stores(move |stores, now| {
            lent!(stores.podcast_feed, use_case, |store| podcast_feed::Feeds::new(store, &credentials::RandomSecrets, now, &site).with_limits(limits))
        })
        .await
    }
}
