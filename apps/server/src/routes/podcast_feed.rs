//! The member's private podcast feed: the account page's calls (status, a new address, the
//! setting, revoke), the feed document podcast apps read (`/feeds/{token}.xml`) and its episodes'
//! audio (`/feeds/{token}/{subid}.{ext}`, with HEAD and byte ranges). The feed's address is its
//! only credential: no session, no cookie.

use crate::auth::{client_info, AdminUser, AuthUser};
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::routes::catalogue::media::answer_file;
use crate::state::AppState;
use ::media::MediaError;
use ::podcast_feed::model::{Download, FeedStatus, FeedUse};
use ::podcast_feed::rss_document::{self, Links};
use actix_web::http::header;
use actix_web::{delete, get, head, post, put, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(feed_status)
        .service(new_feed_address)
        .service(set_feed_scope)
        .service(revoke_feed)
        .service(feed_document)
        .service(episode_audio)
        .service(episode_audio_head)
        .service(feed_use);
}

/// The member's feed as the account page shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PodcastFeedView {
    pub enabled: bool,
    /// "library" (saved or finished books) or "all" (every audio summary the member may hear).
    pub scope: String,
    /// When the current address was made (epoch milliseconds).
    #[schema(required = true)]
    pub created_at: Option<i64>,
    /// When a podcast app last read the feed (epoch milliseconds).
    #[schema(required = true)]
    pub last_fetched_at: Option<i64>,
}

impl From<FeedStatus> for PodcastFeedView {
    fn from(status: FeedStatus) -> Self {
        PodcastFeedView {
            enabled: status.enabled,
            scope: status.scope.as_str().to_owned(),
            created_at: status.created_at.map(|at| at.timestamp_millis()),
            last_fetched_at: status.last_fetched_at.map(|at| at.timestamp_millis()),
        }
    }
}

/// A new address: shown this once (only a digest of it is kept).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PodcastFeedAddressView {
    pub url: String,
    pub feed: PodcastFeedView,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PodcastFeedSettingsBody {
    /// "library" or "all".
    #[schema(required = true)]
    pub scope: Option<String>,
}

fn feed_url(state: &AppState, token: &str) -> String {
    format!("{}/feeds/{token}.xml", state.config.public_url.trim_end_matches('/'))
}

#[utoipa::path(tag = "podcast-feed", security(("bearer" = [])), responses((status = 200, body = OkBody<PodcastFeedView>), (status = 401, body = ErrorBody)))]
#[get("/api/user/podcast-feed")]
async fn feed_status(state: web::Data<AppState>, who: AuthUser) -> Result<HttpResponse, ApiError> {
    let session = who.session();
    let status = state.podcast_feed(move |f| f.status(session)).await?;
    Ok(ok(PodcastFeedView::from(status)))
}

/// Turns the feed on, or replaces its address (the old one stops at once). The answer holds the
/// address; it is not shown again.
#[utoipa::path(tag = "podcast-feed", security(("bearer" = [])), responses((status = 200, body = OkBody<PodcastFeedAddressView>), (status = 401, body = ErrorBody)))]
#[post("/api/user/podcast-feed")]
async fn new_feed_address(state: web::Data<AppState>, who: AuthUser) -> Result<HttpResponse, ApiError> {
    let session = who.session();
    let address = state.podcast_feed(move |f| f.new_address(session)).await?;
    Ok(ok(PodcastFeedAddressView { url: feed_url(&state, &address.token), feed: address.status.into() }))
}

#[utoipa::path(tag = "podcast-feed", security(("bearer" = [])), request_body = PodcastFeedSettingsBody, responses(
    (status = 200, body = OkBody<PodcastFeedView>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody, description = "The feed is off (code no_feed)"),
))]
#[put("/api/user/podcast-feed/settings")]
async fn set_feed_scope(state: web::Data<AppState>, who: AuthUser, body: web::Json<PodcastFeedSettingsBody>) -> Result<HttpResponse, ApiError> {
    let session = who.session();
    let scope = body.into_inner().scope.unwrap_or_default();
    let status = state.podcast_feed(move |f| f.set_scope(session, &scope)).await?;
    Ok(ok(PodcastFeedView::from(status)))
}

/// Turns the feed off: its address stops at once.
#[utoipa::path(tag = "podcast-feed", security(("bearer" = [])), responses((status = 200, body = OkBody<PodcastFeedView>), (status = 401, body = ErrorBody)))]
#[delete("/api/user/podcast-feed")]
async fn revoke_feed(state: web::Data<AppState>, who: AuthUser) -> Result<HttpResponse, ApiError> {
    let session = who.session();
    let status = state.podcast_feed(move |f| f.revoke(session)).await?;
    Ok(ok(PodcastFeedView::from(status)))
}

/// The feed document (RSS 2.0 with the iTunes and content namespaces), for podcast apps.
#[utoipa::path(tag = "podcast-feed", params(("file" = String, Path, description = "The address's secret and `.xml`")), responses(
    (status = 200, description = "The RSS document", content_type = "application/rss+xml"),
    (status = 404, body = ErrorBody, description = "No such feed (also a rotated or revoked address)"),
))]
#[get("/feeds/{file}")]
async fn feed_document(state: web::Data<AppState>, file: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let token = file.strip_suffix(".xml").ok_or_else(|| ApiError::from(podcast_feed::FeedError::NotFound))?.to_owned();
    let document = state.podcast_feed(move |f| f.document(&token)).await?;
    // Each enclosure's exact length, from the store (files missing there are left out).
    let mut lengths = HashMap::new();
    for episode in &document.episodes {
        match state.media.size(&episode.audio_key).await {
            Ok(size) => {
                lengths.insert(episode.audio_key.clone(), size);
            }
            Err(MediaError::NotFound | MediaError::InvalidKey) => {}
            Err(other) => return Err(ApiError::internal(other)),
        }
    }
    let site = state.config.public_url.trim_end_matches('/').to_owned();
    let media_url = |key: &str| format!("{site}/media/{key}");
    let audio_length = |key: &str| lengths.get(key).copied();
    let xml = rss_document::render(&document, &Links { site: &site, media_url: &media_url, audio_length: &audio_length });
    Ok(HttpResponse::Ok()
        .content_type("application/rss+xml; charset=utf-8")
        // Private to the member; apps ask again when they refresh.
        .insert_header((header::CACHE_CONTROL, "private, no-cache"))
        .insert_header(("X-Robots-Tag", "noindex"))
        .body(xml))
}

async fn episode(state: web::Data<AppState>, req: HttpRequest, path: web::Path<(String, String)>, with_body: bool) -> Result<HttpResponse, ApiError> {
    let (token, file) = path.into_inner();
    let Some((subid, _extension)) = file.rsplit_once('.') else { return Err(podcast_feed::FeedError::NotFound.into()) };
    let subid = subid.to_owned();
    // A GET is a download (a player's later ranges count as the same place); a HEAD is not.
    let download = with_body.then(|| {
        let client = client_info(&req);
        Download { address: client.address, user_agent: client.user_agent }
    });
    let episode = state.podcast_feed(move |f| f.episode(&token, &subid, download.as_ref())).await?;
    if rss_document::episode_file(&episode) != file {
        return Err(podcast_feed::FeedError::NotFound.into());
    }
    let size = match state.media.size(&episode.audio_key).await {
        Ok(size) => size,
        Err(MediaError::NotFound | MediaError::InvalidKey) => return Err(podcast_feed::FeedError::NotFound.into()),
        Err(other) => return Err(ApiError::internal(other)),
    };
    answer_file(&state, &req, &episode.audio_key, size, "private, max-age=86400", with_body).await
}

/// An episode's audio (or the bytes a `Range` header asks for, honouring `If-Range`).
#[utoipa::path(tag = "podcast-feed", params(("token" = String, Path), ("file" = String, Path, description = "`{subid}.{extension}`")), responses(
    (status = 200, description = "The audio"),
    (status = 206, description = "The requested bytes"),
    (status = 404, body = ErrorBody, description = "No such feed or episode, or one the member may not hear now"),
    (status = 416, description = "The range lies outside the file"),
))]
#[get("/feeds/{token}/{file}")]
async fn episode_audio(state: web::Data<AppState>, req: HttpRequest, path: web::Path<(String, String)>) -> Result<HttpResponse, ApiError> {
    episode(state, req, path, true).await
}

/// An episode's headers (size, type, tag, ranges).
#[utoipa::path(tag = "podcast-feed", params(("token" = String, Path), ("file" = String, Path)), responses((status = 200, description = "Headers only"), (status = 404, body = ErrorBody)))]
#[head("/feeds/{token}/{file}")]
async fn episode_audio_head(state: web::Data<AppState>, req: HttpRequest, path: web::Path<(String, String)>) -> Result<HttpResponse, ApiError> {
    episode(state, req, path, false).await
}

/// A member's podcast feed as the back office sees it: on or off, and its use this week.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPodcastFeedView {
    pub feed: PodcastFeedView,
    /// Times it was found shared (the second replaced its address).
    pub warnings: u32,
    /// The day it was last found shared (yyyy-mm-dd).
    #[schema(required = true)]
    pub flagged_on: Option<String>,
    pub downloads_7_days: u32,
    /// Distinct addresses and podcast apps those downloads came from.
    pub addresses_7_days: u32,
    pub user_agents_7_days: u32,
}

impl From<FeedUse> for AdminPodcastFeedView {
    fn from(used: FeedUse) -> Self {
        AdminPodcastFeedView {
            warnings: used.status.warnings,
            feed: used.status.into(),
            flagged_on: used.flagged_on.map(|day| day.format("%Y-%m-%d").to_string()),
            downloads_7_days: used.downloads_7_days,
            addresses_7_days: used.addresses_7_days,
            user_agents_7_days: used.user_agents_7_days,
        }
    }
}

#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("userId" = i64, Path)), responses(
    (status = 200, body = OkBody<AdminPodcastFeedView>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/user/{userId}/podcast-feed")]
async fn feed_use(state: web::Data<AppState>, _admin: AdminUser, user_id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let member = kernel::UserId(user_id.into_inner());
    let used = state.podcast_feed(move |f| f.use_of(member)).await?;
    Ok(ok(AdminPodcastFeedView::from(used)))
}
