use kernel::PortError;

/// Everything a highlights call can answer besides success; the server maps each to an HTTP
/// status and uses [`HighlightError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HighlightError {
    #[error("Your session has expired. Please log in again.")]
    SessionExpired,
    #[error("Book not found.")]
    BookNotFound,
    #[error("Highlight not found.")]
    HighlightNotFound,
    #[error("This part of the summary is not open to you.")]
    SectionNotReadable,
    #[error("Please select some text in one section of the summary.")]
    InvalidSelection,
    #[error("A highlight can be at most 8,000 characters.")]
    HighlightTooLong,
    #[error("A note can be at most 2,000 characters.")]
    NoteTooLong,
    #[error("Choose yellow, green or pink.")]
    InvalidColour,
    #[error("You have 5,000 highlights, the most we keep. Remove some to add more.")]
    TooManyHighlights,
    #[error("A search can be at most 200 characters.")]
    SearchTooLong,
    #[error("The page must be 1 or more.")]
    InvalidPage,
    #[error("temporarily unavailable")]
    Unavailable,
    #[error("internal: {0}")]
    Internal(String),
}

impl HighlightError {
    pub fn code(&self) -> &'static str {
        match self {
            HighlightError::SessionExpired => "session_expired",
            HighlightError::BookNotFound | HighlightError::HighlightNotFound => "not_found",
            HighlightError::SectionNotReadable => "not_readable",
            HighlightError::InvalidSelection => "invalid_selection",
            HighlightError::HighlightTooLong => "highlight_too_long",
            HighlightError::NoteTooLong => "note_too_long",
            HighlightError::InvalidColour => "invalid_colour",
            HighlightError::TooManyHighlights => "too_many_highlights",
            HighlightError::SearchTooLong | HighlightError::InvalidPage => "invalid_request",
            HighlightError::Unavailable => "unavailable",
            HighlightError::Internal(_) => "internal",
        }
    }
}

impl From<PortError> for HighlightError {
    fn from(error: PortError) -> Self {
        match error {
            PortError::Unavailable => HighlightError::Unavailable,
            PortError::Failed(cause) => HighlightError::Internal(cause),
        }
    }
}

impl From<catalogue::CatalogueError> for HighlightError {
    fn from(error: catalogue::CatalogueError) -> Self {
        use catalogue::CatalogueError;
        match error {
            CatalogueError::SessionExpired => HighlightError::SessionExpired,
            CatalogueError::BookNotFound => HighlightError::BookNotFound,
            CatalogueError::Unavailable => HighlightError::Unavailable,
            other => HighlightError::Internal(other.to_string()),
        }
    }
}
