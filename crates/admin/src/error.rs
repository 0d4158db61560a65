use kernel::PortError;

/// Everything an admin or analytics call can answer besides success; the server maps each to an
/// HTTP status and uses [`AdminError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdminError {
    #[error("The start must be 0 or more.")]
    NegativeStart,
    #[error("Please give the event a short lower-case name.")]
    InvalidEventName,
    #[error("Event properties must be a small JSON object.")]
    InvalidEventProperties,
    #[error("Too many attempts. Please wait a few minutes and try again.")]
    Throttled,
    #[error("You have sent too many messages. Please try again in an hour.")]
    TooManyMessages,
    /// A form's first failing field (the spec's own messages).
    #[error("{0}")]
    Invalid(String),
    #[error("Please specify a valid Email.")]
    InvalidEmail,
    #[error("This e-mail belongs to another account.")]
    EmailTaken,
    #[error("There is no such plan.")]
    UnknownPlan,
    #[error("Please give a reason for changing the plan.")]
    ReasonRequired,
    #[error("That date is out of range.")]
    InvalidDate,
    #[error("User not found.")]
    MemberNotFound,
    #[error("Please search with at most 100 characters.")]
    SearchTooLong,
    #[error("Book not found.")]
    BookNotFound,
    /// A podcast, goal, post, insight, collection or visual ("Podcast not found.").
    #[error("{0}")]
    NotFound(&'static str),
    #[error("This book is deleted: restore it first.")]
    BookDeleted,
    #[error("Another book already has this address name.")]
    SubidTaken,
    /// The slot's own message ("Please choose an image ...").
    #[error("{0}")]
    WrongFileKind(&'static str),
    /// An audio or video file that would not play ("This video would not play in browsers ...").
    #[error("{0}")]
    NotPlayable(&'static str),
    /// A payment provider could not be reached or refused: nothing was changed.
    #[error("PayPal could not be reached to set the plan's trial; nothing was changed. Please try again.")]
    ProviderUnavailable(String),
    #[error("temporarily unavailable")]
    Unavailable,
    #[error("internal: {0}")]
    Internal(String),
}

impl AdminError {
    pub fn code(&self) -> &'static str {
        match self {
            AdminError::NegativeStart => "invalid_request",
            AdminError::InvalidEventName | AdminError::InvalidEventProperties => "invalid_event",
            AdminError::Throttled | AdminError::TooManyMessages => "throttled",
            AdminError::Invalid(_) | AdminError::InvalidEmail | AdminError::UnknownPlan | AdminError::InvalidDate | AdminError::SearchTooLong => "invalid_form",
            AdminError::ReasonRequired => "reason_required",
            AdminError::EmailTaken => "email_taken",
            AdminError::MemberNotFound | AdminError::BookNotFound | AdminError::NotFound(_) => "not_found",
            AdminError::BookDeleted | AdminError::SubidTaken => "conflict",
            AdminError::WrongFileKind(_) => "wrong_file_kind",
            AdminError::NotPlayable(_) => "not_playable",
            AdminError::Unavailable => "unavailable",
            AdminError::ProviderUnavailable(_) => "provider_unavailable",
            AdminError::Internal(_) => "internal",
        }
    }
}

impl From<PortError> for AdminError {
    fn from(err: PortError) -> Self {
        match err {
            PortError::Unavailable => AdminError::Unavailable,
            PortError::Failed(cause) => AdminError::Internal(cause),
        }
    }
}
