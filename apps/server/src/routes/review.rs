//! The daily review: today's queue, rating a card, the count home shows, and the member's
//! number of new cards a day.

use crate::auth::AuthUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use ::review::model::{Phase, QueuedCard, Rating, ReviewSettings};
use actix_web::{get, post, put, web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(review_queue).service(review_summary).service(rate_card).service(set_review_settings);
}

/// The book a card belongs to.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewBookView {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
    pub image: String,
}

/// When the card comes back after each answer (epoch milliseconds).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextDueView {
    pub again: i64,
    pub hard: i64,
    pub good: i64,
    pub easy: i64,
}

/// A card of today's review.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewCardView {
    pub id: i64,
    /// "idea" (a key idea of a finished book) or "highlight" (one the member marked Review).
    pub kind: String,
    pub book: ReviewBookView,
    /// The reader's section the card points into, 0-based.
    pub section: u32,
    /// What to recall from: the key idea's title (for a highlight, its section's title).
    pub front: String,
    /// What to check against: the key idea's first paragraph, or the highlighted text.
    pub back: String,
    /// A highlight's note.
    #[schema(required = true)]
    pub note: Option<String>,
    /// Times rated so far; a rating quotes it so that the same rating sent twice counts once.
    pub reps: i32,
    /// Never rated before.
    pub is_new: bool,
    pub next_due: NextDueView,
}

impl From<QueuedCard> for ReviewCardView {
    fn from(queued: QueuedCard) -> Self {
        let at = |rating: Rating| queued.next_due.iter().find(|(r, _)| *r == rating).map_or(0, |(_, due)| due.timestamp_millis());
        ReviewCardView {
            id: queued.card.id,
            kind: queued.card.source.kind().to_owned(),
            book: ReviewBookView {
                id: queued.book.id,
                subid: queued.book.subid,
                title: queued.book.title,
                author: queued.book.author,
                image: queued.book.image,
            },
            section: queued.section,
            front: queued.front,
            back: queued.back,
            note: queued.note,
            reps: queued.card.memory.reps,
            is_new: queued.card.memory.phase == Phase::New,
            next_due: NextDueView { again: at(Rating::Again), hard: at(Rating::Hard), good: at(Rating::Good), easy: at(Rating::Easy) },
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewQueueView {
    /// The next cards (at most 5; ask again for more): due ones first, then new ones.
    pub cards: Vec<ReviewCardView>,
    /// Cards due now that were reviewed before.
    pub due: i64,
    /// New cards the member may still meet today.
    pub new_today: i64,
    /// `due` + `newToday`.
    pub to_review: i64,
    pub new_per_day: u32,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewSummaryView {
    /// Cards in today's review.
    pub to_review: i64,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateBody {
    /// 1 Again, 2 Hard, 3 Good, 4 Easy.
    #[schema(required = true)]
    pub rating: Option<i64>,
    /// The card's `reps` as the page showed it.
    #[schema(required = true)]
    pub reps: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatedView {
    /// False when this rating had been counted already (sent twice): nothing changed.
    pub counted: bool,
    pub xp_gained: u32,
    pub reps: i32,
    /// When the card is due next (epoch milliseconds).
    pub due: i64,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewSettingsBody {
    /// 0 to 100.
    #[schema(required = true)]
    pub new_per_day: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewSettingsView {
    pub new_per_day: u32,
}

impl From<ReviewSettings> for ReviewSettingsView {
    fn from(settings: ReviewSettings) -> Self {
        ReviewSettingsView { new_per_day: settings.new_per_day }
    }
}

#[utoipa::path(tag = "review", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<ReviewQueueView>),
    (status = 401, body = ErrorBody),
))]
#[get("/api/user/review")]
async fn review_queue(state: web::Data<AppState>, who: AuthUser) -> Result<HttpResponse, ApiError> {
    let session = who.session();
    let queue = state.review(move |r| r.queue(session)).await?;
    let to_review = queue.to_review();
    Ok(ok(ReviewQueueView {
        cards: queue.cards.into_iter().map(ReviewCardView::from).collect(),
        due: queue.due,
        new_today: queue.new_today,
        to_review,
        new_per_day: queue.settings.new_per_day,
    }))
}

#[utoipa::path(tag = "review", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<ReviewSummaryView>),
    (status = 401, body = ErrorBody),
))]
#[get("/api/user/review/summary")]
async fn review_summary(state: web::Data<AppState>, who: AuthUser) -> Result<HttpResponse, ApiError> {
    let session = who.session();
    let to_review = state.review(move |r| r.to_review(session)).await?;
    Ok(ok(ReviewSummaryView { to_review }))
}

#[utoipa::path(tag = "review", security(("bearer" = [])), request_body = RateBody, params(("id" = i64, Path)), responses(
    (status = 200, body = OkBody<RatedView>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[post("/api/user/review/{id}")]
async fn rate_card(state: web::Data<AppState>, who: AuthUser, id: web::Path<i64>, body: web::Json<RateBody>) -> Result<HttpResponse, ApiError> {
    let (id, body) = (id.into_inner(), body.into_inner());
    let session = who.session();
    let rated = state.review(move |r| r.rate(session, id, body.rating, body.reps)).await?;
    Ok(ok(RatedView { counted: rated.counted, xp_gained: rated.xp_gained, reps: rated.card.memory.reps, due: rated.card.memory.due.timestamp_millis() }))
}

#[utoipa::path(tag = "review", security(("bearer" = [])), request_body = ReviewSettingsBody, responses(
    (status = 200, body = OkBody<ReviewSettingsView>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
))]
#[put("/api/user/review/settings")]
async fn set_review_settings(state: web::Data<AppState>, who: AuthUser, body: web::Json<ReviewSettingsBody>) -> Result<HttpResponse, ApiError> {
    let new_per_day = body.into_inner().new_per_day;
    let session = who.session();
    let settings = state.review(move |r| r.set_new_per_day(session, new_per_day)).await?;
    Ok(ok(ReviewSettingsView::from(settings)))
}
