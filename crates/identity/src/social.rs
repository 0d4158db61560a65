//! Sign-in through an outside identity provider (Google, Apple, LinkedIn, Facebook) with the
//! OAuth 2 authorization-code flow, `state` and PKCE. The provider calls themselves are a port.

use crate::error::PortError;
use kernel::{Email, Timestamp};
use std::fmt;

/// How long a started sign-in may take before its state expires.
pub const STATE_TTL_SECS: i64 = 600;
/// How long the link that finishes a sign-in by mail works (the provider did not vouch for the
/// address, so its owner confirms it).
pub const MAIL_CONFIRMATION_TTL_SECS: i64 = 3600;
/// Sign-in links mailed to one address in an hour: a stranger's provider account that lists the
/// address cannot flood its mailbox.
pub const MAIL_CONFIRMATIONS_PER_ADDRESS_HOUR: u32 = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Provider {
    Google,
    Apple,
    LinkedIn,
    Facebook,
}

impl Provider {
    pub const ALL: [Provider; 4] = [Provider::Google, Provider::Apple, Provider::LinkedIn, Provider::Facebook];

    /// The name in paths and in the `type` query parameter.
    pub fn slug(self) -> &'static str {
        match self {
            Provider::Google => "google",
            Provider::Apple => "apple",
            Provider::LinkedIn => "linkedin",
            Provider::Facebook => "facebook",
        }
    }

    pub fn parse(slug: &str) -> Option<Provider> {
        Provider::ALL.into_iter().find(|p| p.slug() == slug)
    }
}

impl fmt::Display for Provider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Provider::Google => "Google",
            Provider::Apple => "Apple",
            Provider::LinkedIn => "LinkedIn",
            Provider::Facebook => "Facebook",
        })
    }
}

/// Who the provider says the person is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalProfile {
    /// The provider's stable id for the person (`sub`).
    pub subject: String,
    pub email: Option<Email>,
    /// What the provider's answer says of the address, as it says it: `Some(true)` or
    /// `Some(false)` from a flag such as OpenID Connect's `email_verified` (Google, Apple,
    /// LinkedIn), `None` when the answer carries no flag at all (Facebook's Graph API `/me`).
    /// See [`ExternalProfile::verified_email`] for what is trusted.
    pub email_verified: Option<bool>,
    pub first_name: String,
    pub last_name: String,
}

impl ExternalProfile {
    /// The address that may find (and be linked to) an existing account or open a new one: only
    /// one the provider's answer itself says is verified. Silence is not a yes: Facebook's Graph
    /// API returns a profile's address with no verified flag, and Facebook lets people list an
    /// address they have not confirmed, so a Facebook address is trusted only when the answer
    /// says `email_verified: true`. Anything else could sign a stranger into the account of
    /// whoever owns that address.
    pub fn verified_email(&self) -> Option<&Email> {
        self.email.as_ref().filter(|_| self.email_verified == Some(true))
    }
}

/// A name the provider gave the browser rather than its profile: Apple posts the person's name
/// (the `user` form field) once, on their first authorization, and never puts it in its ID token.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PostedName {
    pub first_name: String,
    pub last_name: String,
}

/// What a finished sign-in makes a new account with, beyond the provider's profile.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewAccountDetails<'a> {
    /// IANA time zone; an unknown or missing one is UTC.
    pub timezone: Option<&'a str>,
    /// Used when the profile has no name (Apple's first sign-in).
    pub posted_name: Option<PostedName>,
    /// The referral link (`rId`) the visitor came through: a new account keeps it
    /// (`NewUser::joined_via_referral`); an existing one ignores it.
    pub referral_id: Option<&'a str>,
}

impl<'a> From<Option<&'a str>> for NewAccountDetails<'a> {
    /// Just the time zone.
    fn from(timezone: Option<&'a str>) -> Self {
        NewAccountDetails { timezone, posted_name: None, referral_id: None }
    }
}

/// A started sign-in, as stored (the state only as a digest).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewOAuthState {
    pub provider: Provider,
    pub state_digest: String,
    pub code_verifier: String,
    pub created_at: Timestamp,
    pub expires_at: Timestamp,
}

/// A provider sign-in waiting for the owner of its address: the provider gave an address it does
/// not say is verified, so the link mailed to it finishes the sign-in, and only in the browser
/// that began it (its key is in that browser's cookie). Secrets are stored only as digests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMailConfirmation {
    pub code_digest: String,
    pub browser_digest: String,
    pub provider: Provider,
    pub profile: ExternalProfile,
    /// IANA time zone for a new account.
    pub timezone: Option<String>,
    pub created_at: Timestamp,
    pub expires_at: Timestamp,
}

/// A mailed sign-in link that was still waiting, as taken by its code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailConfirmation {
    pub provider: Provider,
    pub profile: ExternalProfile,
    pub timezone: Option<String>,
}

/// What the browser is sent to the provider with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthorizationRequest {
    pub state: String,
    pub code_challenge: String,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProviderError {
    /// The provider refused the code (expired, reused, or not ours).
    #[error("the provider refused the sign-in: {0}")]
    Refused(String),
    /// The provider could not be reached or answered nonsense.
    #[error("the provider is unavailable: {0}")]
    Unavailable(String),
}

/// The provider's endpoints, behind a port so tests can use a stand-in.
pub trait IdentityProviders: Send + Sync {
    fn is_configured(&self, provider: Provider) -> bool;
    /// Exchanges the code (with the PKCE verifier) and reads the person's profile.
    fn fetch_profile(&self, provider: Provider, code: &str, code_verifier: &str) -> Result<ExternalProfile, ProviderError>;
}

/// Storage for started sign-ins and for the links between accounts and provider identities.
pub trait SocialRepository: Send + Sync {
    fn save_oauth_state(&self, state: NewOAuthState) -> Result<(), PortError>;
    /// Returns the verifier and marks the state used, only if it exists for this provider, is
    /// unused and unexpired; one transaction.
    fn take_oauth_state(&self, provider: Provider, state_digest: &str, now: Timestamp) -> Result<Option<String>, PortError>;
    fn find_linked_user(&self, provider: Provider, subject: &str) -> Result<Option<kernel::UserId>, PortError>;
    fn link_identity(&self, user: kernel::UserId, provider: Provider, subject: &str, at: Timestamp) -> Result<(), PortError>;
    /// Stores a sign-in that waits for its address's owner and queues the mail with its link,
    /// together.
    fn save_mail_confirmation(&self, confirmation: NewMailConfirmation, mail: crate::model::OutgoingMail) -> Result<(), PortError>;
    /// Marks the link used and returns what it confirms, only if it is unused, unexpired and
    /// opened in the browser that began it (another browser's click spends nothing); one
    /// statement, so two clicks finish one sign-in.
    fn take_mail_confirmation(&self, code_digest: &str, browser_digest: &str, now: Timestamp) -> Result<Option<MailConfirmation>, PortError>;
    /// Creates the user and links the identity together; `Ok(None)` when the e-mail is taken.
    fn create_user_with_identity(&self, new: crate::model::NewUser, provider: Provider, subject: &str) -> Result<Option<crate::model::User>, PortError>;
}
