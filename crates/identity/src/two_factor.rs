//! Two-factor sign-in with time-based one-time passwords (RFC 6238) and single-use recovery
//! codes, and the list of a member's signed-in sessions. The TOTP arithmetic is a port
//! (`OneTimePasswords`); the rules (enrolment, replay, throttling, who must have it) are here.

use kernel::{Session, SessionId, Timestamp, UserId};

use crate::ports::PortResult;

/// How many recovery codes an enrolment hands out.
pub const RECOVERY_CODES: usize = 10;
/// How long the second step of a login may wait for its code.
pub const CHALLENGE_TTL_SECS: i64 = 300;

/// A member's two-factor settings as stored. `enabled_at` is `None` while an enrolment waits for
/// its first code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwoFactorRecord {
    /// The shared secret, base32, as authenticator apps take it.
    pub secret: String,
    pub enabled_at: Option<Timestamp>,
    /// The last TOTP time step accepted: a code is good once (no replay within its 30 seconds).
    pub last_used_step: i64,
    pub recovery_codes_left: u32,
}

impl TwoFactorRecord {
    pub fn is_enabled(&self) -> bool {
        self.enabled_at.is_some()
    }
}

/// What `/account/security` shows about two-factor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwoFactorStatus {
    pub enabled: bool,
    pub recovery_codes_left: u32,
}

/// An enrolment just started: what the authenticator app needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enrolment {
    pub secret: String,
    /// `otpauth://totp/...`, shown as a QR code.
    pub provisioning_url: String,
}

/// The second step a login is waiting for: the challenge goes back with the code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecondFactorChallenge {
    pub challenge: String,
    pub expires_at: Timestamp,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewLoginChallenge {
    pub user_id: UserId,
    pub digest: String,
    pub created_at: Timestamp,
    pub expires_at: Timestamp,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoginChallengeRecord {
    pub id: i64,
    pub user_id: UserId,
    pub expires_at: Timestamp,
    pub used_at: Option<Timestamp>,
}

/// Where a request comes from, remembered with its session so the member can tell sessions apart.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClientInfo {
    pub address: String,
    pub user_agent: String,
}

impl From<&str> for ClientInfo {
    /// Just an address (tests and tools).
    fn from(address: &str) -> Self {
        ClientInfo { address: address.to_owned(), user_agent: String::new() }
    }
}

/// One signed-in session as the member sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionSummary {
    pub id: SessionId,
    /// e.g. "Firefox on Linux", from the browser's user agent.
    pub device: String,
    pub address: String,
    pub started_at: Timestamp,
    /// When its refresh token was last used (or issued).
    pub last_used_at: Timestamp,
    /// The session of the request asking.
    pub current: bool,
}

/// A live session as stored, before it is described for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveSession {
    pub id: SessionId,
    pub user_agent: String,
    pub address: String,
    pub started_at: Timestamp,
    pub last_used_at: Timestamp,
}

/// A short, readable name for a browser's user agent ("Chrome on Android"). Good enough to tell
/// one's own devices apart; never used for any decision.
pub fn describe_device(user_agent: &str) -> String {
    let ua = user_agent.to_ascii_lowercase();
    if ua.trim().is_empty() {
        return "Unknown device".to_owned();
    }
    let browser = [
        ("edg/", "Edge"),
        ("opr/", "Opera"),
        ("firefox/", "Firefox"),
        ("chromium/", "Chromium"),
        ("headlesschrome/", "Chrome"),
        ("chrome/", "Chrome"),
        ("crios/", "Chrome"),
        ("safari/", "Safari"),
        ("curl/", "curl"),
    ]
    .into_iter()
    .find(|(needle, _)| ua.contains(needle))
    .map_or("A browser", |(_, name)| name);
    let system = [
        ("android", "Android"),
        ("iphone", "iPhone"),
        ("ipad", "iPad"),
        ("windows", "Windows"),
        ("mac os x", "macOS"),
        ("cros", "ChromeOS"),
        ("linux", "Linux"),
    ]
    .into_iter()
    .find(|(needle, _)| ua.contains(needle))
    .map(|(_, name)| name);
    match system {
        Some(system) => format!("{browser} on {system}"),
        None => browser.to_owned(),
    }
}

/// A normalised recovery code: people type them with any case, spaces or dashes.
pub fn normalise_recovery_code(code: &str) -> String {
    code.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

/// Two-factor settings and login challenges, stored per member.
pub trait TwoFactorRepository: Send + Sync {
    fn find_two_factor(&self, user: UserId) -> PortResult<Option<TwoFactorRecord>>;
    /// Starts (or restarts) an enrolment with a new secret; does nothing when two-factor is on.
    fn save_pending_two_factor(&self, user: UserId, secret: &str, at: Timestamp) -> PortResult<()>;
    /// Turns two-factor on with these recovery codes (digests) and the step of the code that
    /// proved it, only if it was pending; false when it was already on or never started.
    fn enable_two_factor(&self, user: UserId, step: i64, recovery_digests: &[String], at: Timestamp) -> PortResult<bool>;
    /// Turns it off and forgets the secret and the recovery codes.
    fn disable_two_factor(&self, user: UserId) -> PortResult<()>;
    /// Records `step` as used, only if it is later than the last one used: false for a replay.
    fn use_totp_step(&self, user: UserId, step: i64) -> PortResult<bool>;
    /// Marks the matching unused recovery code used; false when none matches.
    fn use_recovery_code(&self, user: UserId, digest: &str, at: Timestamp) -> PortResult<bool>;
    /// Replaces every recovery code with these.
    fn replace_recovery_codes(&self, user: UserId, digests: &[String]) -> PortResult<()>;
    fn save_login_challenge(&self, challenge: NewLoginChallenge) -> PortResult<()>;
    fn find_login_challenge(&self, digest: &str) -> PortResult<Option<LoginChallengeRecord>>;
    /// Marks it used, only if it was unused: false when it had been used meanwhile.
    fn consume_login_challenge(&self, id: i64, at: Timestamp) -> PortResult<bool>;
    /// Records that this session passed the second factor (the back office asks per session).
    fn mark_session_second_factor(&self, session: Session, at: Timestamp) -> PortResult<()>;
    fn session_passed_second_factor(&self, session: Session) -> PortResult<bool>;
    /// Ends every session of the user but `keep` (turning two-factor on ends the sessions that
    /// only had the password).
    fn end_other_sessions(&self, user: UserId, keep: SessionId, at: Timestamp) -> PortResult<()>;
}

/// The member's live sessions (refresh-token families), for the sessions list.
pub trait SessionDirectory: Send + Sync {
    /// Sessions not ended and not expired at `now`, most recently used first.
    fn live_sessions(&self, user: UserId, now: Timestamp) -> PortResult<Vec<LiveSession>>;
}

/// Seals authenticator secrets for storage and opens them again (Security III §6).
pub trait SecretSealer: Send + Sync {
    fn seal(&self, user: UserId, secret: &str) -> String;
    /// The secret, or `None` when it does not open (another key, another member, damaged).
    fn open(&self, user: UserId, stored: &str) -> Option<String>;
}

/// The RFC 6238 arithmetic (30-second steps, 6 digits, SHA-1, as every authenticator app does).
pub trait OneTimePasswords: Send + Sync {
    /// A new random secret, base32.
    fn new_secret(&self) -> String;
    /// The `otpauth://` URL for `account` (an e-mail address) under the product's name.
    fn provisioning_url(&self, secret: &str, account: &str) -> String;
    /// The time step whose code is `code`, among the current step and one either side (clock
    /// drift); `None` when it matches none or the secret is unreadable.
    fn matching_step(&self, secret: &str, code: &str, now: Timestamp) -> Option<i64>;
}
