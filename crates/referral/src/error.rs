use kernel::PortError;

/// Everything a referral call can answer besides success; the server maps each to an HTTP status
/// and uses [`ReferralError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReferralError {
    /// An invite form's first failing field (its own message).
    #[error("{0}")]
    InvalidInvite(&'static str),
    #[error("You cannot invite yourself.")]
    InvitingYourself,
    #[error("Your friend is already a Gistbook member.")]
    AlreadyAMember,
    #[error("You have sent too many invites today. Please try again tomorrow.")]
    TooManyInvites,
    /// An affiliate application's first failing field.
    #[error("{0}")]
    InvalidApplication(&'static str),
    #[error("You have already applied.")]
    AlreadyApplied,
    #[error("Choose approved or rejected.")]
    InvalidDecision,
    #[error("Affiliate not found.")]
    AffiliateNotFound,
    /// A payout's reason for refusal.
    #[error("{0}")]
    InvalidPayout(&'static str),
    #[error("Account not found.")]
    MemberNotFound,
    #[error("temporarily unavailable")]
    Unavailable,
    #[error("internal: {0}")]
    Internal(String),
}

impl ReferralError {
    pub fn code(&self) -> &'static str {
        match self {
            ReferralError::InvalidInvite(_) => "invalid_form",
            ReferralError::InvitingYourself => "inviting_yourself",
            ReferralError::AlreadyAMember => "already_a_member",
            ReferralError::TooManyInvites => "throttled",
            ReferralError::InvalidApplication(_) | ReferralError::InvalidDecision | ReferralError::InvalidPayout(_) => "invalid_form",
            ReferralError::AlreadyApplied => "already_applied",
            ReferralError::AffiliateNotFound => "not_found",
            ReferralError::MemberNotFound => "not_found",
            ReferralError::Unavailable => "unavailable",
            ReferralError::Internal(_) => "internal",
        }
    }
}

impl From<PortError> for ReferralError {
    fn from(err: PortError) -> Self {
        match err {
            PortError::Unavailable => ReferralError::Unavailable,
            PortError::Failed(cause) => ReferralError::Internal(cause),
        }
    }
}
