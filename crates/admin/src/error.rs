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
            AdminError::Throttled => "throttled",
            AdminError::Unavailable => "unavailable",
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
