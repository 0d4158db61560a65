use chrono::Duration;

/// Limits on login and forgot-password attempts. Limits are per client address and per
/// (account, address) pair, never per account alone, so nobody elsewhere can lock the real owner
/// out by failing on purpose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThrottlePolicy {
    pub login_window: Duration,
    pub login_failures_per_address: u32,
    pub login_failures_per_account_address: u32,
    pub forgot_window: Duration,
    pub forgot_per_address: u32,
    pub forgot_per_account_address: u32,
    /// Sign-ups (with or without a subscription code) from one address per window, so that a
    /// script cannot mint accounts (each one a free-unlock allowance) or burn argon2 time.
    pub signup_window: Duration,
    pub signups_per_address: u32,
}

impl Default for ThrottlePolicy {
    fn default() -> Self {
        ThrottlePolicy {
            login_window: Duration::minutes(15),
            login_failures_per_address: 30,
            login_failures_per_account_address: 5,
            forgot_window: Duration::hours(1),
            forgot_per_address: 10,
            forgot_per_account_address: 3,
            signup_window: Duration::hours(1),
            signups_per_address: 20,
        }
    }
}

/// The attempt-log keys for one request. Account keys hold a digest of the e-mail, not the e-mail.
pub(crate) struct ThrottleKeys {
    pub address: String,
    pub account_address: String,
}

impl ThrottleKeys {
    pub fn new(action: &str, email_digest: &str, client: &str) -> ThrottleKeys {
        ThrottleKeys { address: format!("{action}:ip:{client}"), account_address: format!("{action}:acct:{email_digest}:{client}") }
    }
}
