use kernel::PortError;

/// What a summariser call can answer besides success; the server maps each to an HTTP status
/// and uses [`SummariserError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SummariserError {
    #[error("Please log in again.")]
    NotSignedIn,
    #[error("The AI summariser is for Premium members.")]
    PremiumRequired,
    /// Neither a link nor a file (member spec §5, word for word).
    #[error("Please select a file or url")]
    NothingGiven,
    #[error("Please enter a valid link starting with http:// or https://.")]
    InvalidLink,
    #[error("{0}")]
    Refused(String),
    #[error("Please choose a PDF, EPUB, HTML or plain-text file.")]
    UnsupportedFile,
    #[error("The file is larger than 20 MB.")]
    FileTooLarge,
    #[error("You have made 20 summaries today. You can make more tomorrow.")]
    DailyLimit,
    #[error("We could not find this summary.")]
    NotFound,
    #[error("temporarily unavailable")]
    Unavailable,
    #[error("internal: {0}")]
    Internal(String),
}

impl SummariserError {
    pub fn code(&self) -> &'static str {
        match self {
            SummariserError::NotSignedIn => "not_logged_in",
            SummariserError::PremiumRequired => "premium_required",
            SummariserError::NothingGiven | SummariserError::InvalidLink | SummariserError::Refused(_) | SummariserError::UnsupportedFile => "invalid_form",
            SummariserError::FileTooLarge => "too_large",
            SummariserError::DailyLimit => "throttled",
            SummariserError::NotFound => "not_found",
            SummariserError::Unavailable => "unavailable",
            SummariserError::Internal(_) => "internal",
        }
    }
}

impl From<PortError> for SummariserError {
    fn from(err: PortError) -> Self {
        match err {
            PortError::Unavailable => SummariserError::Unavailable,
            PortError::Failed(cause) => SummariserError::Internal(cause),
        }
    }
}
