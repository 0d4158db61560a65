use chrono::Duration;

/// Limits on login and forgot-password attempts. Hard limits are per client address and per
/// (account, address) pair, so nobody elsewhere can lock the real owner out by failing on purpose.
/// Per account alone, from every address together, failures only slow the next check down
/// (exponentially, up to a cap): guesses spread over many addresses stay few, and the owner still
/// gets in with the e-mailed reset link, which ends the delay.
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
    /// Wrong passwords (or reset codes) for one account, from any address, before each next check
    /// waits: 1 s after the first one beyond, then 2 s, 4 s ... up to `account_max_delay`.
    pub account_failures_free: u32,
    pub account_window: Duration,
    pub account_max_delay: Duration,
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
            account_failures_free: 10,
            account_window: Duration::hours(1),
            account_max_delay: Duration::minutes(15),
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

/// A wait as people read it: "1 second", "40 seconds", "2 minutes" (rounded up).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wait(pub i64);

impl std::fmt::Display for Wait {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let seconds = self.0.max(1);
        let (n, unit) = if seconds < 60 { (seconds, "second") } else { ((seconds + 59) / 60, "minute") };
        write!(f, "{n} {unit}{}", if n == 1 { "" } else { "s" })
    }
}

/// How long the next check of an account waits after its latest failure, `beyond` failures past
/// the free ones: 1 s, 2 s, 4 s ... never more than `max`.
pub(crate) fn account_delay(beyond: u32, max: Duration) -> Duration {
    let seconds = 1_i64 << beyond.min(40);
    Duration::seconds(seconds.min(max.num_seconds()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_account_delay_doubles_from_one_second_up_to_its_cap() {
        let max = Duration::minutes(15);
        let delays: Vec<i64> = (0..6).map(|n| account_delay(n, max).num_seconds()).collect();
        assert_eq!(delays, [1, 2, 4, 8, 16, 32]);
        assert_eq!(account_delay(10, max), Duration::seconds(900), "1024 s is past the cap");
        assert_eq!(account_delay(u32::MAX, max), max);
    }

    #[test]
    fn waits_read_in_seconds_then_whole_minutes_rounded_up() {
        let said: Vec<String> = [0, 1, 40, 60, 61, 900].into_iter().map(|s| Wait(s).to_string()).collect();
        assert_eq!(said, ["1 second", "1 second", "40 seconds", "1 minute", "2 minutes", "15 minutes"]);
    }
}
