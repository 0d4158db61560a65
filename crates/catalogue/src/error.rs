use crate::listing::ListQueryError;
use crate::search::SearchQueryError;
use kernel::PortError;

/// Everything a catalogue call can answer besides success. Messages are shown to people as they
/// are; the server maps each variant to an HTTP status and uses [`CatalogueError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogueError {
    /// The token's account was erased meanwhile.
    #[error("Your session has expired. Please log in again.")]
    SessionExpired,
    #[error("Book not found.")]
    BookNotFound,
    #[error("Collection not found.")]
    CollectionNotFound,
    #[error("Author not found.")]
    AuthorNotFound,
    #[error("Post not found.")]
    PostNotFound,
    #[error("Podcast not found.")]
    PodcastNotFound,
    #[error("{0}")]
    InvalidList(ListQueryError),
    #[error("{0}")]
    InvalidSearch(SearchQueryError),
    #[error("The page must be between 1 and 50.")]
    SearchPageOutOfRange,
    #[error("The start must be a number from 0 to 1000000000.")]
    StartOutOfRange,
    #[error("Please pick at least one category.")]
    NoCategoryPicked,
    #[error("One of the categories does not exist.")]
    UnknownCategory,
    /// PDF downloads and Kindle sends without premium (or, for a PDF, without buying the book).
    #[error("Downloading and sending summaries is part of Premium. Upgrade to get every summary as a PDF or on your Kindle.")]
    PremiumOnly,
    #[error("Please complete the form.")]
    KindleFormIncomplete,
    #[error("Please choose one of the Kindle domains.")]
    KindleDomainNotAllowed,
    #[error("Please enter the name part of your Kindle e-mail address: letters, digits, dots, dashes, underscores or plus signs.")]
    KindleNameInvalid,
    #[error("Please set your Kindle e-mail address first.")]
    NoKindleAddress,
    #[error("You have sent 20 summaries to your Kindle today. Please try again tomorrow.")]
    KindleDailyLimit,
    #[error("temporarily unavailable")]
    Unavailable,
    #[error("internal: {0}")]
    Internal(String),
}

impl CatalogueError {
    /// The stable machine code of the answer.
    pub fn code(&self) -> &'static str {
        match self {
            CatalogueError::SessionExpired => "session_expired",
            CatalogueError::BookNotFound
            | CatalogueError::CollectionNotFound
            | CatalogueError::AuthorNotFound
            | CatalogueError::PostNotFound
            | CatalogueError::PodcastNotFound => "not_found",
            CatalogueError::InvalidList(_) | CatalogueError::SearchPageOutOfRange | CatalogueError::StartOutOfRange => "invalid_request",
            CatalogueError::InvalidSearch(_) => "invalid_search",
            CatalogueError::NoCategoryPicked => "missing_categories",
            CatalogueError::UnknownCategory => "unknown_category",
            CatalogueError::PremiumOnly => "premium_only",
            CatalogueError::KindleFormIncomplete | CatalogueError::KindleDomainNotAllowed | CatalogueError::KindleNameInvalid => "invalid_kindle_address",
            CatalogueError::NoKindleAddress => "no_kindle_address",
            CatalogueError::KindleDailyLimit => "too_many_requests",
            CatalogueError::Unavailable => "unavailable",
            CatalogueError::Internal(_) => "internal",
        }
    }
}

impl From<PortError> for CatalogueError {
    fn from(err: PortError) -> Self {
        match err {
            PortError::Unavailable => CatalogueError::Unavailable,
            PortError::Failed(cause) => CatalogueError::Internal(cause),
        }
    }
}
