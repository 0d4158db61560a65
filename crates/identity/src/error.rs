/// Everything an identity call can answer besides success. Messages are shown to people as they
/// are; the server maps each variant to an HTTP status and a stable code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IdentityError {
    #[error("Please specify an email or password or first name or last name.")]
    MissingRegistrationFields,
    #[error("Please specify an email or password.")]
    MissingLoginFields,
    #[error("Please specify an email or code or password or first name or last name.")]
    MissingCodeRegistrationFields,
    #[error("Please specify {0}.")]
    MissingField(&'static str),
    #[error("Please specify a valid email address.")]
    InvalidEmail,
    #[error("Password must be between 8 and 128 characters.")]
    PasswordLength,
    #[error("This password is one of the most common ones. Please choose one that is harder to guess.")]
    CommonPassword,
    #[error("Names must be at most 100 characters.")]
    NameTooLong,
    #[error("Please keep each answer under 2000 characters.")]
    AnswerTooLong,
    #[error("An account with this email already exists. Please log in instead.")]
    EmailTaken,
    #[error("Incorrect email or password.")]
    InvalidCredentials,
    #[error("Too many attempts. Please wait a few minutes and try again.")]
    Throttled,
    /// Too many failures for one account, from any address: the next check waits.
    #[error("Too many wrong attempts for this account. Please try again in {0}, or reset your password with a link by e-mail.")]
    AccountDelayed(crate::throttle::Wait),
    #[error("Your session has expired. Please log in again.")]
    SessionExpired,
    #[error("The two passwords do not match.")]
    PasswordsDiffer,
    #[error("Your current password is not correct.")]
    WrongCurrentPassword,
    #[error("Please confirm it is you: enter your password (or a code from your authenticator app), or sign in again with Google, Apple, LinkedIn or Facebook and delete within 10 minutes.")]
    ReauthenticationNeeded,
    #[error("This password reset link is invalid or has expired. Please request a new one.")]
    InvalidResetCode,
    #[error("This confirmation link is invalid, was already used or has expired. Please ask for a new one from your account.")]
    InvalidVerificationLink,
    #[error("Your e-mail address is already confirmed.")]
    EmailAlreadyVerified,
    #[error("This subscription code is invalid or has already been used.")]
    InvalidSubscriptionCode,
    #[error("{0} sign-in is not configured. Please sign in with your e-mail and password.")]
    ProviderNotConfigured(crate::social::Provider),
    #[error("This {0} sign-in has expired or was already used. Please try again.")]
    SocialStateInvalid(crate::social::Provider),
    #[error("{0} did not accept this sign-in. Please try again.")]
    ProviderRefused(crate::social::Provider),
    #[error("We could not reach {0}. Please try again in a moment.")]
    ProviderUnavailable(crate::social::Provider),
    /// The provider gave no address at all (one it does not vouch for is confirmed by mail).
    #[error("{0} did not give us your e-mail address, so we cannot sign you in with it. Please sign in, or sign up, with your e-mail and password.")]
    ProviderEmailUnverified(crate::social::Provider),
    #[error("This sign-in link is invalid, was already used, has expired or was opened in another browser. Please open it in the browser where you began signing in, or sign in again.")]
    InvalidSignInLink,
    #[error("Two-factor sign-in is already on.")]
    TwoFactorAlreadyOn,
    #[error("Two-factor sign-in is not on.")]
    TwoFactorNotOn,
    #[error("Please start setting up two-factor sign-in again.")]
    TwoFactorNotStarted,
    #[error("That code is not right. Please check your authenticator app (or use a recovery code) and try again.")]
    InvalidTwoFactorCode,
    /// A right code whose 30-second step was used already: each counts once (a code seen over a
    /// shoulder or through a phishing proxy opens nothing), so the member waits for the next.
    #[error("This code was just used; wait for the next one.")]
    TwoFactorCodeUsed,
    #[error("This sign-in has expired. Please log in again.")]
    LoginChallengeExpired,
    #[error("You do not have permission to do that.")]
    NotAdmin,
    #[error("Please turn on two-factor sign-in on your account's security page before using the back office.")]
    TwoFactorRequired,
    #[error("This session signed in without your two-factor code. Please log out and log in again with it to use the back office.")]
    TwoFactorSessionRequired,
    #[error("This session has already ended.")]
    SessionNotFound,
    #[error("The service is busy right now. Please try again in a moment.")]
    Unavailable,
    #[error("There was an error processing your request. Please try again later.")]
    Internal(String),
}

impl IdentityError {
    /// A stable, machine-readable name for the front end and for logs.
    pub fn code(&self) -> &'static str {
        match self {
            IdentityError::MissingRegistrationFields
            | IdentityError::MissingLoginFields
            | IdentityError::MissingCodeRegistrationFields
            | IdentityError::MissingField(_) => "missing_fields",
            IdentityError::InvalidEmail => "invalid_email",
            IdentityError::PasswordLength => "password_length",
            IdentityError::CommonPassword => "common_password",
            IdentityError::NameTooLong => "name_too_long",
            IdentityError::AnswerTooLong => "answer_too_long",
            IdentityError::EmailTaken => "email_taken",
            IdentityError::InvalidCredentials => "invalid_credentials",
            IdentityError::Throttled => "throttled",
            IdentityError::AccountDelayed(_) => "account_delayed",
            IdentityError::SessionExpired => "session_expired",
            IdentityError::PasswordsDiffer => "passwords_differ",
            IdentityError::WrongCurrentPassword => "wrong_current_password",
            IdentityError::ReauthenticationNeeded => "reauthentication_needed",
            IdentityError::InvalidResetCode => "invalid_reset_code",
            IdentityError::InvalidVerificationLink => "invalid_verification_link",
            IdentityError::EmailAlreadyVerified => "email_already_verified",
            IdentityError::InvalidSubscriptionCode => "invalid_subscription_code",
            IdentityError::ProviderNotConfigured(_) => "provider_not_configured",
            IdentityError::SocialStateInvalid(_) => "social_state_invalid",
            IdentityError::ProviderRefused(_) => "provider_refused",
            IdentityError::ProviderUnavailable(_) => "provider_unavailable",
            IdentityError::ProviderEmailUnverified(_) => "provider_email_unverified",
            IdentityError::InvalidSignInLink => "invalid_sign_in_link",
            IdentityError::TwoFactorAlreadyOn => "two_factor_already_on",
            IdentityError::TwoFactorNotOn => "two_factor_not_on",
            IdentityError::TwoFactorNotStarted => "two_factor_not_started",
            IdentityError::InvalidTwoFactorCode => "invalid_two_factor_code",
            IdentityError::TwoFactorCodeUsed => "two_factor_code_used",
            IdentityError::LoginChallengeExpired => "login_challenge_expired",
            IdentityError::NotAdmin => "forbidden",
            IdentityError::TwoFactorRequired => "mfa_required",
            IdentityError::TwoFactorSessionRequired => "mfa_session_required",
            IdentityError::SessionNotFound => "session_not_found",
            IdentityError::Unavailable => "unavailable",
            IdentityError::Internal(_) => "internal",
        }
    }
}

pub use kernel::PortError;

impl From<PortError> for IdentityError {
    fn from(err: PortError) -> Self {
        match err {
            PortError::Unavailable => IdentityError::Unavailable,
            PortError::Failed(cause) => IdentityError::Internal(cause),
        }
    }
}
