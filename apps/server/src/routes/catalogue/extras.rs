//! Podcasts (a public list; the episode's audio signed for paid members only), insights (quotes
//! for the book page and home) and goals (the goal filter and the ten-day challenge).

use super::views::{public_url, signed_url};
use crate::auth::MaybeUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use catalogue::model::{BookKey, Goal, Insight, Podcast};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PodcastCard {
    pub id: i64,
    pub title: String,
    pub author: String,
    pub description: String,
    pub mins: i32,
    pub image_url: String,
    /// Whether the episode has audio (played on its page).
    pub has_audio: bool,
}

impl From<Podcast> for PodcastCard {
    fn from(p: Podcast) -> Self {
        PodcastCard {
            image_url: public_url(&p.image),
            has_audio: p.media.is_some(),
            id: p.id,
            title: p.title,
            author: p.author,
            description: p.description,
            mins: p.mins,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct PodcastsResult {
    pub podcasts: Vec<PodcastCard>,
}

/// Every podcast, newest first.
#[utoipa::path(tag = "catalogue", responses((status = 200, body = OkBody<PodcastsResult>)))]
#[get("/api/podcasts")]
pub async fn list_podcasts(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let podcasts = state.catalogue(|c| c.podcasts()).await?;
    Ok(ok(PodcastsResult { podcasts: podcasts.into_iter().map(PodcastCard::from).collect() }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PodcastView {
    pub id: i64,
    pub title: String,
    pub author: String,
    pub author_desc: String,
    pub description: String,
    pub mins: i32,
    pub image_url: String,
    /// The episode, signed, for paid members.
    #[schema(required = true)]
    pub media_url: Option<String>,
    /// There is an episode the caller may not play (offer Premium).
    pub locked: bool,
}

#[derive(Serialize, ToSchema)]
pub struct PodcastResult {
    pub podcast: PodcastView,
}

/// One podcast: its audio only for paid members.
#[utoipa::path(security(("bearer" = []), ()), tag = "catalogue", params(("id" = i64, Path)), responses((status = 200, body = OkBody<PodcastResult>), (status = 404, body = ErrorBody)))]
#[get("/api/podcasts/{id}")]
pub async fn show_podcast(state: web::Data<AppState>, who: MaybeUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let episode = state.catalogue(move |c| c.podcast(who.session(), id)).await?;
    let p = episode.podcast;
    Ok(ok(PodcastResult {
        podcast: PodcastView {
            media_url: episode.audio.as_deref().map(|key| signed_url(&state, key)),
            locked: episode.locked,
            image_url: public_url(&p.image),
            id: p.id,
            title: p.title,
            author: p.author,
            author_desc: p.author_description,
            description: p.description,
            mins: p.mins,
        },
    }))
}

#[derive(Serialize, ToSchema)]
pub struct InsightBook {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
}

#[derive(Serialize, ToSchema)]
pub struct InsightCard {
    pub id: i64,
    /// The quote.
    pub insight: String,
    pub book: InsightBook,
}

impl From<Insight> for InsightCard {
    fn from(i: Insight) -> Self {
        InsightCard { id: i.id, insight: i.insight, book: InsightBook { id: i.book.id, subid: i.book.subid, title: i.book.title, author: i.book.author } }
    }
}

#[derive(Serialize, ToSchema)]
pub struct InsightsResult {
    pub insights: Vec<InsightCard>,
}

#[derive(Deserialize, IntoParams)]
pub struct InsightsQuery {
    /// Only this book's (its id or subid).
    pub book: Option<String>,
    /// 1 to 50 (10 by default).
    pub limit: Option<i64>,
}

/// The newest insights, of one book when asked.
#[utoipa::path(tag = "catalogue", params(InsightsQuery), responses((status = 200, body = OkBody<InsightsResult>), (status = 404, body = ErrorBody, description = "No such book")))]
#[get("/api/insights")]
pub async fn list_insights(state: web::Data<AppState>, query: web::Query<InsightsQuery>) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let book = query.book.filter(|b| !b.trim().is_empty()).map(|b| BookKey::parse(b.trim()));
    let insights = state.catalogue(move |c| c.insights(book.as_ref(), query.limit)).await?;
    Ok(ok(InsightsResult { insights: insights.into_iter().map(InsightCard::from).collect() }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GoalView {
    pub id: i64,
    pub title: String,
    pub short_title: String,
    pub mobile_title: String,
    pub desc: String,
    pub photo_url: String,
    pub photov2_url: String,
    /// Live books serving it.
    pub book_count: i64,
}

impl From<Goal> for GoalView {
    fn from(g: Goal) -> Self {
        GoalView {
            photo_url: public_url(&g.photo),
            photov2_url: public_url(&g.featured_photo),
            id: g.id,
            title: g.title,
            short_title: g.short_title,
            mobile_title: g.mobile_title,
            desc: g.description,
            book_count: g.book_count,
        }
    }
}
