use kernel::PortError;

/// Everything a review call can answer besides success; the server maps each to an HTTP status
/// and uses [`ReviewError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    #[error("Your session has expired. Please log in again.")]
    SessionExpired,
    #[error("Card not found.")]
    CardNotFound,
    #[error("Rate the card 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy).")]
    InvalidRating,
    #[error("Send the card's review count as you saw it.")]
    MissingReps,
    #[error("New cards a day must be a whole number from 0 to 100.")]
    InvalidNewPerDay,
    #[error("temporarily unavailable")]
    Unavailable,
    #[error("internal: {0}")]
    Internal(String),
}

impl ReviewError {
    pub fn code(&self) -> &'static str {
        match self {
            ReviewError::SessionExpired => "session_expired",
            ReviewError::CardNotFound => "not_found",
            ReviewError::InvalidRating => "invalid_rating",
            ReviewError::MissingReps | ReviewError::InvalidNewPerDay => "invalid_request",
            ReviewError::Unavailable => "unavailable",
            ReviewError::Internal(_) => "internal",
        }
    }
}

impl From<PortError> for ReviewError {
    fn from(error: PortError) -> Self {
        match error {
            PortError::Unavailable => ReviewError::Unavailable,
            PortError::Failed(cause) => ReviewError::Internal(cause),
        }
    }
}

impl From<catalogue::CatalogueError> for ReviewError {
    fn from(error: catalogue::CatalogueError) -> Self {
        use catalogue::CatalogueError;
        match error {
            CatalogueError::SessionExpired => ReviewError::SessionExpired,
            CatalogueError::Unavailable => ReviewError::Unavailable,
            other => ReviewError::Internal(other.to_string()),
        }
    }
}
