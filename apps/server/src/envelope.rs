//! The one JSON envelope and the one error type of every API answer.
//! Success: `{"status":"ok","result":{...}}`. Failure: `{"status":"error","error":"<readable>",
//! "code":"<stable>"}` plus `"notLoggedIn":true` on 401. Internal causes are logged, never sent.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use identity::IdentityError;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct Ok<T> {
    /// Always "ok".
    #[schema(example = "ok")]
    pub status: &'static str,
    pub result: T,
}

/// An empty result object.
#[derive(Serialize, ToSchema, Default)]
pub struct Empty {}

/// A 200 answer wrapping `result`.
pub fn ok<T: Serialize>(result: T) -> HttpResponse {
    // Written into a buffer the size of a reader's answer: grown from empty (as `json()` does),
    // the buffer is copied at each doubling.
    let mut body = Vec::with_capacity(16 << 10);
    match serde_json::to_writer(&mut body, &Ok { status: "ok", result }) {
        Result::Ok(()) => HttpResponse::Ok().content_type(actix_web::http::header::ContentType::json()).body(body),
        Err(cause) => ApiError::internal(cause).error_response(),
    }
}

#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    /// Always "error".
    #[schema(example = "error")]
    pub status: &'static str,
    /// A message for people.
    pub error: String,
    /// A stable machine-readable code.
    pub code: String,
    #[serde(rename = "notLoggedIn", skip_serializing_if = "std::ops::Not::not")]
    pub not_logged_in: bool,
}

#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError { status, code, message: message.into() }
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn not_logged_in() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "not_logged_in", "Please log in to continue.")
    }

    pub fn forbidden() -> Self {
        Self::new(StatusCode::FORBIDDEN, "forbidden", "You do not have permission to do that.")
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    /// Answers 503 busy, and says so in the log: a call turned away for want of a database
    /// connection (or another shared place) is a capacity signal operators and test runs need to see.
    pub fn unavailable() -> Self {
        // `cargo xtask test` counts these words in its servers' logs (xtask/src/test.rs).
        tracing::warn!("answered 503 busy");
        Self::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", "The service is busy right now. Please try again in a moment.")
    }

    /// Logs the cause with the request's span and answers a generic 500.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(%cause, "internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", "There was an error processing your request. Please try again later.")
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status.as_u16(), self.code, self.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status);
        if self.status == StatusCode::TOO_MANY_REQUESTS {
            response.insert_header(("Retry-After", "900"));
        }
        response.json(ErrorBody {
            status: "error",
            error: self.message.clone(),
            code: self.code.to_owned(),
            not_logged_in: self.status == StatusCode::UNAUTHORIZED,
        })
    }
}

impl From<IdentityError> for ApiError {
    fn from(err: IdentityError) -> Self {
        use IdentityError::*;
        let status = match &err {
            MissingRegistrationFields
            | MissingLoginFields
            | MissingCodeRegistrationFields
            | MissingField(_)
            | InvalidEmail
            | PasswordLength
            | CommonPassword
            | NameTooLong
            | AnswerTooLong
            | PasswordsDiffer
            | WrongCurrentPassword
            | ReauthenticationNeeded
            | InvalidCredentials
            | InvalidResetCode
            | InvalidVerificationLink
            | EmailAlreadyVerified
            | InvalidSubscriptionCode
            | SocialStateInvalid(_)
            | ProviderRefused(_)
            | ProviderEmailUnverified(_)
            | InvalidSignInLink
            | TwoFactorAlreadyOn
            | TwoFactorNotOn
            | TwoFactorNotStarted
            | InvalidTwoFactorCode
            | TwoFactorCodeUsed => StatusCode::BAD_REQUEST,
            NotAdmin | TwoFactorRequired | TwoFactorSessionRequired => StatusCode::FORBIDDEN,
            SessionNotFound => StatusCode::NOT_FOUND,
            LoginChallengeExpired => StatusCode::UNAUTHORIZED,
            ProviderNotConfigured(_) => StatusCode::SERVICE_UNAVAILABLE,
            ProviderUnavailable(_) => StatusCode::BAD_GATEWAY,
            EmailTaken => StatusCode::CONFLICT,
            Throttled | AccountDelayed(_) => StatusCode::TOO_MANY_REQUESTS,
            SessionExpired => StatusCode::UNAUTHORIZED,
            Unavailable => return ApiError::unavailable(),
            Internal(cause) => return ApiError::internal(cause),
        };
        ApiError::new(status, err.code(), err.to_string())
    }
}

/// Runs blocking work (Diesel, argon2) off the async threads.
pub async fn blocking<T, E>(work: impl FnOnce() -> Result<T, E> + Send + 'static) -> Result<T, ApiError>
where
    T: Send + 'static,
    E: Into<ApiError> + Send + 'static,
{
    match actix_web::web::block(work).await {
        Ok(result) => result.map_err(Into::into),
        Err(_) => Err(ApiError::unavailable()),
    }
}

impl From<highlights::HighlightError> for ApiError {
    fn from(err: highlights::HighlightError) -> Self {
        use highlights::HighlightError::*;
        let status = match &err {
            InvalidSelection | HighlightTooLong | NoteTooLong | InvalidColour | SearchTooLong | InvalidPage => StatusCode::BAD_REQUEST,
            SectionNotReadable => StatusCode::FORBIDDEN,
            BookNotFound | HighlightNotFound => StatusCode::NOT_FOUND,
            TooManyHighlights => StatusCode::CONFLICT,
            SessionExpired => return ApiError::not_logged_in(),
            Unavailable => return ApiError::unavailable(),
            Internal(cause) => return ApiError::internal(cause),
        };
        ApiError::new(status, err.code(), err.to_string())
    }
}

impl From<review::ReviewError> for ApiError {
    fn from(err: review::ReviewError) -> Self {
        use review::ReviewError::*;
        let status = match &err {
            InvalidRating | MissingReps | InvalidNewPerDay => StatusCode::BAD_REQUEST,
            CardNotFound => StatusCode::NOT_FOUND,
            SessionExpired => return ApiError::not_logged_in(),
            Unavailable => return ApiError::unavailable(),
            Internal(cause) => return ApiError::internal(cause),
        };
        ApiError::new(status, err.code(), err.to_string())
    }
}

impl From<podcast_feed::FeedError> for ApiError {
    fn from(err: podcast_feed::FeedError) -> Self {
        use podcast_feed::FeedError::*;
        let status = match &err {
            InvalidScope => StatusCode::BAD_REQUEST,
            NotFound | NoFeed => StatusCode::NOT_FOUND,
            SessionExpired => return ApiError::not_logged_in(),
            Unavailable => return ApiError::unavailable(),
            Internal(cause) => return ApiError::internal(cause),
        };
        ApiError::new(status, err.code(), err.to_string())
    }
}

impl From<catalogue::CatalogueError> for ApiError {
    fn from(err: catalogue::CatalogueError) -> Self {
        use catalogue::CatalogueError::*;
        let status = match &err {
            SessionExpired => StatusCode::UNAUTHORIZED,
            BookNotFound | CollectionNotFound | AuthorNotFound | PostNotFound | PodcastNotFound => StatusCode::NOT_FOUND,
            InvalidList(_)
            | InvalidSearch(_)
            | SearchPageOutOfRange
            | StartOutOfRange
            | NoCategoryPicked
            | UnknownCategory
            | KindleFormIncomplete
            | KindleDomainNotAllowed
            | KindleNameInvalid
            | NoKindleAddress => StatusCode::BAD_REQUEST,
            PremiumOnly => StatusCode::FORBIDDEN,
            KindleDailyLimit => StatusCode::TOO_MANY_REQUESTS,
            Unavailable => return ApiError::unavailable(),
            Internal(cause) => return ApiError::internal(cause),
        };
        ApiError::new(status, err.code(), err.to_string())
    }
}

impl From<reading_progress::ProgressError> for ApiError {
    fn from(err: reading_progress::ProgressError) -> Self {
        use reading_progress::ProgressError::*;
        let status = match &err {
            MissingBook | MissingPosition | InvalidPage | MissingRating | InvalidRating | FeedbackTooLong => StatusCode::BAD_REQUEST,
            Locked | NoVideo => StatusCode::FORBIDDEN,
            Catalogue(inner) => return inner.clone().into(),
        };
        ApiError::new(status, err.code(), err.to_string())
    }
}

impl From<admin::AdminError> for ApiError {
    fn from(err: admin::AdminError) -> Self {
        use admin::AdminError::*;
        match &err {
            NegativeStart
            | InvalidEventName
            | InvalidEventProperties
            | Invalid(_)
            | InvalidEmail
            | UnknownPlan
            | ReasonRequired
            | InvalidDate
            | SearchTooLong
            | WrongFileKind(_)
            | NotPlayable(_) => ApiError::bad_request(err.code(), err.to_string()),
            EmailTaken => ApiError::new(StatusCode::CONFLICT, err.code(), err.to_string()),
            MemberNotFound | BookNotFound | NotFound(_) => ApiError::new(StatusCode::NOT_FOUND, err.code(), err.to_string()),
            BookDeleted | SubidTaken => ApiError::new(StatusCode::CONFLICT, err.code(), err.to_string()),
            Throttled | TooManyMessages => ApiError::new(StatusCode::TOO_MANY_REQUESTS, err.code(), err.to_string()),
            ProviderUnavailable(cause) => {
                tracing::warn!(%cause, "payment provider unavailable");
                ApiError::new(StatusCode::BAD_GATEWAY, err.code(), err.to_string())
            }
            Unavailable => ApiError::unavailable(),
            Internal(cause) => ApiError::internal(cause),
        }
    }
}

impl From<referral::ReferralError> for ApiError {
    fn from(err: referral::ReferralError) -> Self {
        use referral::ReferralError::*;
        match &err {
            InvalidInvite(_) | InvitingYourself | AlreadyAMember | InvalidApplication(_) | InvalidDecision | InvalidPayout(_) => {
                ApiError::bad_request(err.code(), err.to_string())
            }
            AlreadyApplied => ApiError::new(StatusCode::CONFLICT, err.code(), err.to_string()),
            AffiliateNotFound => ApiError::new(StatusCode::NOT_FOUND, err.code(), err.to_string()),
            TooManyInvites => ApiError::new(StatusCode::TOO_MANY_REQUESTS, err.code(), err.to_string()),
            MemberNotFound => ApiError::not_logged_in(),
            Unavailable => ApiError::unavailable(),
            Internal(cause) => ApiError::internal(cause),
        }
    }
}

impl From<challenge::ChallengeError> for ApiError {
    fn from(err: challenge::ChallengeError) -> Self {
        use challenge::ChallengeError::*;
        match &err {
            GoalsAndEmailNeeded | TooManyGoals | InvalidEmail | UnknownGoal | NoPlan | PickGoals | AnswersDoNotMatch => {
                ApiError::bad_request(err.code(), err.to_string())
            }
            UnknownQuiz | NotTaken | UnknownUnsubscribeLink => ApiError::new(StatusCode::NOT_FOUND, err.code(), err.to_string()),
            ReportNotBought => ApiError::new(StatusCode::FORBIDDEN, err.code(), err.to_string()),
            TooManyPlans => ApiError::new(StatusCode::TOO_MANY_REQUESTS, err.code(), err.to_string()),
            Unavailable => ApiError::unavailable(),
            Internal(cause) => ApiError::internal(cause),
        }
    }
}

impl From<summariser::SummariserError> for ApiError {
    fn from(err: summariser::SummariserError) -> Self {
        use summariser::SummariserError::*;
        match &err {
            NotSignedIn => ApiError::not_logged_in(),
            PremiumRequired => ApiError::new(StatusCode::FORBIDDEN, err.code(), err.to_string()),
            NothingGiven | InvalidLink | Refused(_) | UnsupportedFile => ApiError::bad_request(err.code(), err.to_string()),
            FileTooLarge => ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, err.code(), err.to_string()),
            DailyLimit => ApiError::new(StatusCode::TOO_MANY_REQUESTS, err.code(), err.to_string()),
            NotFound => ApiError::not_found(err.to_string()),
            Unavailable => ApiError::unavailable(),
            Internal(cause) => ApiError::internal(cause),
        }
    }
}

impl From<db::DbError> for ApiError {
    fn from(err: db::DbError) -> Self {
        match err {
            db::DbError::Busy => ApiError::unavailable(),
            other => ApiError::internal(other),
        }
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(err: diesel::result::Error) -> Self {
        ApiError::internal(err)
    }
}

/// Turns malformed JSON, query strings and paths into the envelope with a 400, not actix's text.
pub fn json_config() -> actix_web::web::JsonConfig {
    actix_web::web::JsonConfig::default().limit(64 * 1024).error_handler(|err, _| {
        use actix_web::error::JsonPayloadError;
        let message = match &err {
            JsonPayloadError::OverflowKnownLength { .. } | JsonPayloadError::Overflow { .. } => "The request is too large.".to_owned(),
            JsonPayloadError::ContentType => "Please send JSON (Content-Type: application/json).".to_owned(),
            JsonPayloadError::Deserialize(e) => format!("The request is not valid: {}", readable_serde_error(e)),
            _ => "The request body could not be read.".to_owned(),
        };
        ApiError::bad_request("invalid_request", message).into()
    })
}

/// serde's message without line and column noise.
fn readable_serde_error(err: &serde_json::Error) -> String {
    let text = err.to_string();
    match text.find(" at line ") {
        Some(cut) => text[..cut].to_owned(),
        None => text,
    }
}

/// A form post (Apple's sign-in answer) that is not a readable form: the envelope with a 400.
pub fn form_config() -> actix_web::web::FormConfig {
    actix_web::web::FormConfig::default().error_handler(|_, _| ApiError::bad_request("invalid_request", "The form could not be read.").into())
}

pub fn path_config() -> actix_web::web::PathConfig {
    actix_web::web::PathConfig::default().error_handler(|_, _| ApiError::bad_request("invalid_request", "The address is not valid.").into())
}

pub fn query_config() -> actix_web::web::QueryConfig {
    actix_web::web::QueryConfig::default().error_handler(|_, _| ApiError::bad_request("invalid_request", "The query parameters are not valid.").into())
}

impl From<billing::BillingError> for ApiError {
    fn from(err: billing::BillingError) -> Self {
        use billing::BillingError::*;
        let status = match &err {
            InvalidPlan | TooFewSeats | InvalidQuantity | InvalidAddOn | MissingCoupon | UnknownCoupon | CouponNotYetValid | CouponExpired | CouponUsedUp
            | CouponNotForPlan | CouponAlreadyUsed | MissingEmail | InvalidEmail | CardNotCreated | UnknownCharge | MissingCancelReason
            | WebhookRejected(_) | MissingCode | InvalidCode | GiftTooLong(_) | GiftNeedsAddress => StatusCode::BAD_REQUEST,
            AccountNeeded | EmailNotConfirmed => StatusCode::FORBIDDEN,
            AlreadyForLife | HasLifetime | AlreadySubscribed { .. } | TrialUsed { .. } | SeatTaken => StatusCode::CONFLICT,
            SeatNotFound => StatusCode::NOT_FOUND,
            Throttled | TooManyCouponGuesses | TooManySeatInvites => StatusCode::TOO_MANY_REQUESTS,
            Declined(_) | NotCharged | PayPalNotApproved | PayPalRefused(_) => StatusCode::PAYMENT_REQUIRED,
            StillRequiresAction | ChargeTaken | NothingToCancel | NoCardToUpdate | PayPalCard => StatusCode::CONFLICT,
            NotConfigured => StatusCode::SERVICE_UNAVAILABLE,
            ProviderUnavailable(cause) => {
                tracing::warn!(%cause, "payment provider unavailable");
                StatusCode::BAD_GATEWAY
            }
            NotSignedIn => return ApiError::not_logged_in(),
            Unavailable => return ApiError::unavailable(),
            Internal(cause) => return ApiError::internal(cause),
        };
        ApiError::new(status, err.code(), err.to_string())
    }
}
