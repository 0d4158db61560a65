//! PostgreSQL adapters. `schema` mirrors the migrations; each other module holds one table group's
//! rows and queries and implements the ports of the domain that owns them.

mod admin_books;
mod admin_content;
mod catalogue_extras;
mod admin_stats;
mod admin_messages;
mod referrals;
mod challenge;
mod quizzes;
mod ai_summaries;
pub mod admin_users;
pub mod catalogue;
mod deliveries;
pub mod analytics;
pub mod billing;
pub mod mail_queue;
pub mod operators;
pub mod reading;
mod pool;
mod prepared;
pub mod schema;
mod throttle;
mod store;
mod identity_store;
mod two_factor_store;
mod signing_keys;

#[cfg(any(test, feature = "test-support"))]
pub mod testing;

pub use store::PgStore;
pub use signing_keys::PgKeyringStore;
pub use two_factor_store::prune_login_challenges;
pub use identity_store::{find_session_user, prune_attempts, prune_oauth_states, PgIdentityStore};
pub use pool::{build_pool, is_reachable, run_migrations, revert_all_migrations, with_database, DbConn, DbError, DbPool, PoolSettings, MIGRATIONS};
