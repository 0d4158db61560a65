use kernel::PortError;

/// Everything a feed call can answer besides success; the server maps each to an HTTP status and
/// uses [`FeedError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FeedError {
    #[error("Your session has expired. Please log in again.")]
    SessionExpired,
    /// An unknown, rotated or revoked address, or an episode the member may not hear: the same
    /// answer, so an address cannot be probed.
    #[error("There is no such feed.")]
    NotFound,
    #[error("Turn on your podcast feed first.")]
    NoFeed,
    #[error("Choose which summaries the feed holds: library or all.")]
    InvalidScope,
    #[error("temporarily unavailable")]
    Unavailable,
    #[error("internal: {0}")]
    Internal(String),
}

impl FeedError {
    pub fn code(&self) -> &'static str {
        match self {
            FeedError::SessionExpired => "session_expired",
            FeedError::NotFound => "not_found",
            FeedError::NoFeed => "no_feed",
            FeedError::InvalidScope => "invalid_request",
            FeedError::Unavailable => "unavailable",
            FeedError::Internal(_) => "internal",
        }
    }
}

impl From<PortError> for FeedError {
    fn from(error: PortError) -> Self {
        match error {
            PortError::Unavailable => FeedError::Unavailable,
            PortError::Failed(cause) => FeedError::Internal(cause),
        }
    }
}
