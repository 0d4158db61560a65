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
}
