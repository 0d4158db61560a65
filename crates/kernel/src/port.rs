/// Failures of the outside world (database, hashing...) as every domain's ports report them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PortError {
    /// Overloaded for now (no free database connection): worth retrying shortly.
    #[error("temporarily unavailable")]
    Unavailable,
    #[error("{0}")]
    Failed(String),
}

pub type PortResult<T> = Result<T, PortError>;
