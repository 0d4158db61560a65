//! What identity needs from the outside world. Every method is atomic on its own; where a
//! rule needs several writes to land together, one method does them all in one transaction.
//! Errors are `PortError` (the store is unreachable or broken), except where a method
//! returns a specific outcome.

use crate::error::PortError;
use crate::model::*;
pub use crate::social::{IdentityProviders, SocialRepository};
pub use crate::two_factor::{OneTimePasswords, SessionDirectory, TwoFactorRepository};
use kernel::{Email, Session, SessionId, Timestamp, UserId};

pub type PortResult<T> = Result<T, PortError>;

pub trait UserRepository: Send + Sync {
    fn find_credentials(&self, email: &Email) -> PortResult<Option<UserCredentials>>;
    fn find_user(&self, id: UserId) -> PortResult<Option<User>>;
    /// The user of a live session: the account is not erased and the session not ended.
    fn find_session_user(&self, session: Session) -> PortResult<Option<User>>;
    /// `Ok(None)` when the e-mail is already registered.
    fn create_user(&self, new: NewUser) -> PortResult<Option<User>>;
    /// Creates the user and marks the code redeemed by them, together. `Err(CodeTaken)` when the
    /// code was redeemed meanwhile, `Err(EmailTaken)` when the e-mail is registered.
    fn create_user_redeeming_code(&self, new: NewUser, code_id: i64) -> PortResult<Result<User, RedeemConflict>>;
    /// Erases personal data (the row stays, anonymised, for accounting), revokes every session
    /// and reset code, and keeps the feedback unlinked from the person. One transaction.
    fn erase_user(&self, id: UserId, feedback: DeletionFeedback, at: Timestamp) -> PortResult<()>;
    /// Sets a new password hash and ends every session of the user but `keep`, together.
    fn change_password(&self, id: UserId, password_hash: &str, keep: SessionId, at: Timestamp) -> PortResult<()>;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RedeemConflict {
    CodeTaken,
    EmailTaken,
}

pub trait SessionRepository: Send + Sync {
    fn insert_refresh(&self, token: NewRefreshToken) -> PortResult<()>;
    fn find_refresh(&self, digest: &str) -> PortResult<Option<RefreshRecord>>;
    /// Marks `old_id` used and stores `next`, only if `old_id` was still unused and unrevoked.
    /// Returns false (and stores nothing) when it had been used meanwhile.
    fn rotate_refresh(&self, old_id: i64, at: Timestamp, next: NewRefreshToken) -> PortResult<bool>;
    fn revoke_family(&self, family: SessionId, at: Timestamp) -> PortResult<()>;
    fn revoke_user_sessions(&self, user: UserId, at: Timestamp) -> PortResult<()>;
    /// When the session signed in (its first token), if it is the user's.
    fn session_started_at(&self, session: Session) -> PortResult<Option<Timestamp>>;
}

pub trait ResetCodeRepository: Send + Sync {
    /// Stores the code and queues its e-mail in one transaction, so a crash loses neither alone.
    fn save_reset_code(&self, code: NewResetCode, mail: OutgoingMail) -> PortResult<()>;
    fn find_reset_code(&self, user: UserId, digest: &str) -> PortResult<Option<ResetCodeRecord>>;
    /// Consumes the code, sets the new password hash and revokes every session, together.
    /// Returns false when the code had been used meanwhile.
    fn consume_reset_code(&self, code_id: i64, user: UserId, password_hash: &str, at: Timestamp) -> PortResult<bool>;
}

/// A link that confirms an account's e-mail address.
#[derive(Debug, Clone)]
pub struct NewVerification {
    pub user_id: UserId,
    /// The address it confirms: once the account's address changes, the link confirms nothing.
    pub email: Email,
    pub digest: String,
    pub created_at: Timestamp,
    pub expires_at: Timestamp,
}

/// E-mail confirmation (Security III §2).
pub trait EmailVerificationRepository: Send + Sync {
    /// Stores the link's code (by digest) and queues its e-mail, together.
    fn save_verification(&self, code: NewVerification, mail: OutgoingMail) -> PortResult<()>;
    /// Uses a code: unused, unexpired, for the address its account still has, which is marked
    /// confirmed. The account, or none.
    fn use_verification(&self, digest: &str, at: Timestamp) -> PortResult<Option<UserId>>;
    /// A provider vouches for the address of an account nobody confirmed: whoever made it with a
    /// password loses it and every session, and the address counts as confirmed. Together.
    fn take_over_unverified(&self, user: UserId, at: Timestamp) -> PortResult<()>;
}

pub trait SubscriptionCodeRepository: Send + Sync {
    fn find_subscription_code(&self, digest: &str) -> PortResult<Option<SubscriptionCodeRecord>>;
    /// Stores unredeemed codes (by digest) for `plan_id`, all or none.
    fn insert_subscription_codes(&self, plan_id: &str, duration_days: Option<i32>, digests: &[String]) -> PortResult<()>;
}

/// Counts attempts per key in a sliding window, for throttling.
pub trait AttemptLog: Send + Sync {
    /// Records an attempt at `at` and returns how many attempts under `key` there are since
    /// `since`, this one included. Atomic per key: of N parallel attempts, the k-th to be recorded
    /// sees at least k, so no burst slips under a limit.
    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32>;
    /// Takes back one attempt recorded at `at` (a login that turned out to be the owner's).
    fn forget_attempt(&self, key: &str, at: Timestamp) -> PortResult<()>;
    fn clear_attempts(&self, key: &str) -> PortResult<()>;
    /// How many attempts under `key` there are since `since`, and when the latest was, recording
    /// none (the per-account delay reads before it checks anything).
    fn attempts_since(&self, key: &str, since: Timestamp) -> PortResult<(u32, Option<Timestamp>)>;
}

/// Everything identity stores, implemented by one adapter.
pub trait IdentityStore:
    UserRepository
    + SessionRepository
    + ResetCodeRepository
    + EmailVerificationRepository
    + SubscriptionCodeRepository
    + AttemptLog
    + SocialRepository
    + TwoFactorRepository
    + SessionDirectory
{
}

impl<T> IdentityStore for T where
    T: UserRepository
        + SessionRepository
        + ResetCodeRepository
        + EmailVerificationRepository
        + SubscriptionCodeRepository
        + AttemptLog
        + SocialRepository
        + TwoFactorRepository
        + SessionDirectory
{
}

/// Password hashing is deliberately expensive (memory and time); an implementation caps how
/// many run at once and answers `PortError::Unavailable` rather than queueing without end.
pub trait PasswordHasher: Send + Sync {
    fn hash(&self, password: &Password) -> PortResult<String>;
    /// `Ok(false)` for a wrong password or an unreadable hash.
    fn verify(&self, password: &str, hash: &str) -> PortResult<bool>;
    /// Spends as long as a real verification, for unknown e-mails (no timing oracle).
    fn verify_dummy(&self, password: &str) -> PortResult<()>;
}

pub trait AccessTokens: Send + Sync {
    fn issue(&self, claims: &AccessClaims) -> PortResult<String>;
}

/// Random secrets (refresh tokens, reset codes) and their one-way digests for storage.
pub trait Secrets: Send + Sync {
    fn refresh_token(&self) -> String;
    fn reset_code(&self) -> String;
    /// A new session (refresh-token family) id.
    fn family_id(&self) -> SessionId;
    /// A single-use subscription code as people type it (groups of letters and digits).
    fn subscription_code(&self) -> String;
    /// A random OAuth `state` value.
    fn oauth_state(&self) -> String;
    /// A PKCE code verifier (43+ unreserved characters) and its S256 challenge.
    fn pkce_pair(&self) -> (String, String);
    /// A single-use two-factor recovery code as people type it (about 80 random bits).
    fn recovery_code(&self) -> String;
    /// The random value that ties a login's second step to its first.
    fn login_challenge(&self) -> String;
    fn digest(&self, secret: &str) -> String;
}
