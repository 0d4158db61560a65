//! Where each domain's use cases find their ports. Handlers never name a store: `AppState` holds
//! one `Stores` and builds each call's use case over the port object it lends. The server lends
//! PostgreSQL (`PgStores`, one pooled connection per call); a handler test lends the domains'
//! in-memory fakes (`tests/api/handlers.rs`), so what it checks (parsing, the answer's shape, the
//! mapping of errors to statuses) runs without a database. Identity is reached the same way
//! through `IdentityService`, whose dependencies are trait objects already.

use admin::ports::AdminStore;
use billing::ports::BillingStore;
use catalogue::ports::CatalogueStore;
use challenge::ports::{ChallengeStore, QuizStore};
use highlights::ports::HighlightStore;
use podcast_feed::ports::FeedStore;
use reading_progress::ports::ProgressStore;
use referral::ports::ReferralStore;
use review::ports::ReviewStore;
use summariser::ports::SummaryStore;

/// The store could not be reached for this call (no connection): the caller answers 503.
#[derive(Debug)]
pub struct StoreUnavailable;

/// Lends each domain's ports to one piece of blocking work, then takes them back. Each method runs
/// `work` exactly once, or not at all when it answers `StoreUnavailable`.
pub trait Stores: Send + Sync + 'static {
    fn catalogue(&self, work: &mut dyn FnMut(&dyn CatalogueStore)) -> Result<(), StoreUnavailable>;
    /// Progress reads the catalogue (which books exist, what a member may read) beside its own.
    fn progress(&self, work: &mut dyn FnMut(&dyn CatalogueStore, &dyn ProgressStore)) -> Result<(), StoreUnavailable>;
    fn admin(&self, work: &mut dyn FnMut(&dyn AdminStore)) -> Result<(), StoreUnavailable>;
    fn referrals(&self, work: &mut dyn FnMut(&dyn ReferralStore)) -> Result<(), StoreUnavailable>;
    fn challenge(&self, work: &mut dyn FnMut(&dyn ChallengeStore)) -> Result<(), StoreUnavailable>;
    fn quizzes(&self, work: &mut dyn FnMut(&dyn QuizStore)) -> Result<(), StoreUnavailable>;
    fn summaries(&self, work: &mut dyn FnMut(&dyn SummaryStore)) -> Result<(), StoreUnavailable>;
    fn billing(&self, work: &mut dyn FnMut(&dyn BillingStore)) -> Result<(), StoreUnavailable>;
    /// Highlights read the catalogue (the section as the member may read it) beside their own.
    fn highlights(&self, work: &mut dyn FnMut(&dyn CatalogueStore, &dyn HighlightStore)) -> Result<(), StoreUnavailable>;
    /// The review reads the catalogue (books, what the member may read now) beside its own.
    fn review(&self, work: &mut dyn FnMut(&dyn CatalogueStore, &dyn ReviewStore)) -> Result<(), StoreUnavailable>;
    fn podcast_feed(&self, work: &mut dyn FnMut(&dyn FeedStore)) -> Result<(), StoreUnavailable>;
}

/// The server's stores: each domain's store type (`db::PgCatalogueStore`, ...) on one PostgreSQL
/// connection from the pool, taken for the call and returned after it.
pub struct PgStores {
    pool: db::DbPool,
}

impl PgStores {
    pub fn new(pool: db::DbPool) -> PgStores {
        PgStores { pool }
    }

    /// One connection from the pool for the call; each domain's store runs on its gate.
    fn lend(&self, work: impl for<'g> FnOnce(&'g db::Gate<'g>)) -> Result<(), StoreUnavailable> {
        let mut conn = self.pool.get().map_err(|_| StoreUnavailable)?;
        work(&db::Gate::new(&mut conn));
        Ok(())
    }
}

impl Stores for PgStores {
    fn catalogue(&self, work: &mut dyn FnMut(&dyn CatalogueStore)) -> Result<(), StoreUnavailable> {
        self.lend(|gate| work(&db::PgCatalogueStore::on(gate)))
    }
    fn progress(&self, work: &mut dyn FnMut(&dyn CatalogueStore, &dyn ProgressStore)) -> Result<(), StoreUnavailable> {
        self.lend(|gate| work(&db::PgCatalogueStore::on(gate), &db::PgProgressStore::on(gate)))
    }
    fn admin(&self, work: &mut dyn FnMut(&dyn AdminStore)) -> Result<(), StoreUnavailable> {
        self.lend(|gate| work(&db::PgAdminStore::on(gate)))
    }
    fn referrals(&self, work: &mut dyn FnMut(&dyn ReferralStore)) -> Result<(), StoreUnavailable> {
        self.lend(|gate| work(&db::PgReferralStore::on(gate)))
    }
    fn challenge(&self, work: &mut dyn FnMut(&dyn ChallengeStore)) -> Result<(), StoreUnavailable> {
        self.lend(|gate| work(&db::PgChallengeStore::on(gate)))
    }
    fn quizzes(&self, work: &mut dyn FnMut(&dyn QuizStore)) -> Result<(), StoreUnavailable> {
        self.lend(|gate| work(&db::PgChallengeStore::on(gate)))
    }
    fn summaries(&self, work: &mut dyn FnMut(&dyn SummaryStore)) -> Result<(), StoreUnavailable> {
        self.lend(|gate| work(&db::PgSummaryStore::on(gate)))
    }
    fn billing(&self, work: &mut dyn FnMut(&dyn BillingStore)) -> Result<(), StoreUnavailable> {
        self.lend(|gate| work(&db::PgBillingStore::on(gate)))
    }
    fn highlights(&self, work: &mut dyn FnMut(&dyn CatalogueStore, &dyn HighlightStore)) -> Result<(), StoreUnavailable> {
        self.lend(|gate| work(&db::PgCatalogueStore::on(gate), &db::PgHighlightStore::on(gate)))
    }
    fn review(&self, work: &mut dyn FnMut(&dyn CatalogueStore, &dyn ReviewStore)) -> Result<(), StoreUnavailable> {
        self.lend(|gate| work(&db::PgCatalogueStore::on(gate), &db::PgReviewStore::on(gate)))
    }
    fn podcast_feed(&self, work: &mut dyn FnMut(&dyn FeedStore)) -> Result<(), StoreUnavailable> {
        self.lend(|gate| work(&db::PgFeedStore::on(gate)))
    }
}
