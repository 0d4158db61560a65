//! PostgreSQL adapters. `schema` mirrors the migrations; each other module holds one table group's
//! rows and queries and implements the ports of the domain that owns them.

mod admin_books;
mod admin_content;
mod admin_coupons;
mod admin_messages;
mod admin_stats;
pub mod admin_users;
mod ai_summaries;
pub mod analytics;
pub mod billing;
pub mod catalogue;
mod catalogue_extras;
mod challenge;
mod deliveries;
mod identity_store;
pub mod mail_queue;
pub mod operators;
mod pool;
mod prepared;
mod quizzes;
pub mod reading;
mod referrals;
pub mod schema;
mod signing_keys;
mod store;
mod throttle;
mod two_factor_store;

#[cfg(any(test, feature = "test-support"))]
pub mod testing;

pub use identity_store::{find_session_user, prune_attempts, prune_oauth_states, PgIdentityStore};
pub use pool::{build_pool, is_reachable, revert_all_migrations, run_migrations, with_database, DbConn, DbError, DbPool, PoolSettings, MIGRATIONS};
pub use signing_keys::PgKeyringStore;
pub use store::PgStore;
pub use two_factor_store::prune_login_challenges;
