use crate::rating::RatingError;
use catalogue::CatalogueError;
use kernel::PortError;

/// Everything a reading-progress call can answer besides success; the server maps each to an HTTP
/// status and uses [`ProgressError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProgressError {
    #[error("Please say which book (bookId).")]
    MissingBook,
    #[error("Please send the position (a section number).")]
    MissingPosition,
    /// Progress and ratings count only for books the member may read in full.
    #[error("Open this summary first: it is not unlocked for your account.")]
    Locked,
    #[error("This video is not available to your account.")]
    NoVideo,
    #[error("The page must be a number from 1.")]
    InvalidPage,
    #[error("Please select a rating before submitting!")]
    MissingRating,
    #[error("A rating is a whole number of stars from 1 to 5.")]
    InvalidRating,
    #[error("Feedback can be at most 500 characters.")]
    FeedbackTooLong,
    #[error("{0}")]
    Catalogue(#[from] CatalogueError),
}

impl ProgressError {
    pub fn code(&self) -> &'static str {
        match self {
            ProgressError::MissingBook => "missing_book",
            ProgressError::MissingPosition => "missing_position",
            ProgressError::Locked => "locked",
            ProgressError::NoVideo => "no_video",
            ProgressError::InvalidPage => "invalid_page",
            ProgressError::MissingRating => "missing_rating",
            ProgressError::InvalidRating => "invalid_rating",
            ProgressError::FeedbackTooLong => "feedback_too_long",
            ProgressError::Catalogue(inner) => inner.code(),
        }
    }
}

impl From<PortError> for ProgressError {
    fn from(err: PortError) -> Self {
        ProgressError::Catalogue(err.into())
    }
}

impl From<RatingError> for ProgressError {
    fn from(err: RatingError) -> Self {
        match err {
            RatingError::Missing => ProgressError::MissingRating,
            RatingError::OutOfRange => ProgressError::InvalidRating,
            RatingError::FeedbackTooLong => ProgressError::FeedbackTooLong,
        }
    }
}
