//! PostgreSQL adapters, one folder per domain: each implements that domain's ports over its own
//! tables and imports no other domain's folder (`cargo xtask tidy` checks it). What they share is
//! plumbing only: `schema` (mirrors the migrations), `pool` and `prepared` (connections),
//! `shared` (the connection `Gate` each domain's store type runs on, the mail outbox, rate-limit
//! counters, the audit log, the session check and a book's card). `crossing` lends one domain's
//! ports to another's folder on the same gate. `operators` holds the operators' tools (seed, CLI), and
//! `erasure` the list of every domain's part of an account deletion.

pub mod admin;
pub mod billing;
pub mod catalogue;
pub mod challenge;
pub mod highlights;
pub mod identity;
pub mod podcast_feed;
pub mod progress;
pub mod referral;
pub mod review;
pub mod summariser;

mod crossing;
mod erasure;
pub mod operators;
mod pool;
mod prepared;
pub mod schema;
pub mod shared;

#[cfg(any(test, feature = "test-support"))]
pub mod testing;

pub use admin::PgAdminStore;
pub use billing::PgBillingStore;
pub use catalogue::PgCatalogueStore;
pub use challenge::PgChallengeStore;
pub use highlights::PgHighlightStore;
pub use identity::signing_keys::PgKeyringStore;
pub use identity::store::{prune_attempts, prune_oauth_states, PgIdentityStore};
pub use identity::two_factor::prune_login_challenges;
pub use podcast_feed::PgFeedStore;
pub use pool::{
    build_observed_pool, build_pool, is_reachable, revert_all_migrations, run_migrations, with_database, DbConn, DbError, DbPool, PoolSettings, MIGRATIONS,
};
pub use progress::PgProgressStore;
pub use referral::PgReferralStore;
pub use review::PgReviewStore;
pub use shared::analytics;
pub use shared::gate::Gate;
pub use shared::members::find_session_user;
pub use shared::outbox as mail_queue;
pub use summariser::PgSummaryStore;
