//! The back office's podcasts: list, one, add ('Podcast was added.'), edit ('Podcast was
//! updated.'), and the cover and episode uploads.

use super::books::{media_link, UploadForm};
use crate::auth::AdminUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpResponse};
use admin::content::Podcast;
use admin::service::{PodcastForm, PodcastMedia};
use admin::uploads::ContentSlot;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(admin_list_podcasts).service(admin_show_podcast).service(admin_add_podcast).service(admin_update_podcast).service(admin_upload_podcast_file);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPodcastView {
    pub id: i64,
    pub title: String,
    pub author: String,
    pub author_desc: String,
    pub description: String,
    pub mins: i32,
    /// The cover's store key ("" before one is uploaded).
    pub image: String,
    pub image_url: String,
    /// The episode as a (signed) link, once uploaded.
    #[schema(required = true)]
    pub media_url: Option<String>,
    /// Epoch ms.
    pub create_date: i64,
}

impl AdminPodcastView {
    fn new(state: &AppState, p: Podcast) -> Self {
        AdminPodcastView {
            image_url: media_link(state, &p.image),
            media_url: p.media.as_deref().map(|k| media_link(state, k)),
            id: p.id,
            title: p.title,
            author: p.author,
            author_desc: p.author_description,
            description: p.description,
            mins: p.mins,
            image: p.image,
            create_date: p.created_at.timestamp_millis(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminPodcastsResult {
    pub podcasts: Vec<AdminPodcastView>,
}

#[derive(Serialize, ToSchema)]
pub struct AdminPodcastResult {
    pub podcast: AdminPodcastView,
}

/// The podcast form (add and edit).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPodcastRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub title: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub author: Option<String>,
    pub author_desc: Option<String>,
    pub description: Option<String>,
    /// Minutes (0 or more); a string that is not a number is refused with the form's message.
    #[schema(value_type = Option<f64>)]
    pub mins: Option<serde_json::Value>,
}

impl AdminPodcastRequest {
    fn form(&self) -> PodcastForm<'_> {
        PodcastForm {
            title: self.title.as_deref(),
            author: self.author.as_deref(),
            author_description: self.author_desc.as_deref(),
            description: self.description.as_deref(),
            mins: self.mins.as_ref().filter(|v| !v.is_null()).map(|v| match v {
                serde_json::Value::Number(n) => n.as_f64(),
                serde_json::Value::String(s) if !s.trim().is_empty() => s.trim().parse().ok(),
                _ => None,
            }),
        }
    }
}

/// Every podcast, newest first.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<AdminPodcastsResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/podcasts/")]
async fn admin_list_podcasts(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let podcasts = state.admin(|a| a.podcasts()).await?;
    Ok(ok(AdminPodcastsResult { podcasts: podcasts.into_iter().map(|p| AdminPodcastView::new(&state, p)).collect() }))
}

/// One podcast, for the edit form.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path)), responses(
    (status = 200, body = OkBody<AdminPodcastResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[get("/api/admin/podcasts/{id}")]
async fn admin_show_podcast(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let podcast = state.admin(move |a| a.podcast(id)).await?;
    Ok(ok(AdminPodcastResult { podcast: AdminPodcastView::new(&state, podcast) }))
}

/// 'Podcast was added.' (title, author, author description and description required).
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = AdminPodcastRequest, responses(
    (status = 200, body = OkBody<AdminPodcastResult>),
    (status = 400, body = ErrorBody, description = "'Please specify Title.' and the like"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[post("/api/admin/podcasts/")]
async fn admin_add_podcast(state: web::Data<AppState>, caller: AdminUser, body: web::Json<AdminPodcastRequest>) -> Result<HttpResponse, ApiError> {
    let (actor, body) = (caller.0.id, body.into_inner());
    let podcast = state.admin(move |a| a.add_podcast(actor, &body.form())).await?;
    Ok(ok(AdminPodcastResult { podcast: AdminPodcastView::new(&state, podcast) }))
}

/// 'Podcast was updated.' (title and author required).
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path)), request_body = AdminPodcastRequest, responses(
    (status = 200, body = OkBody<AdminPodcastResult>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[put("/api/admin/podcasts/{id}")]
async fn admin_update_podcast(
    state: web::Data<AppState>,
    caller: AdminUser,
    id: web::Path<i64>,
    body: web::Json<AdminPodcastRequest>,
) -> Result<HttpResponse, ApiError> {
    let (actor, id, body) = (caller.0.id, id.into_inner(), body.into_inner());
    let podcast = state.admin(move |a| a.update_podcast(actor, id, &body.form())).await?;
    Ok(ok(AdminPodcastResult { podcast: AdminPodcastView::new(&state, podcast) }))
}

#[derive(Serialize, ToSchema)]
pub struct PodcastUploadResult {
    /// 'The media was uploaded.' or 'The photo was uploaded.'
    pub message: String,
    pub podcast: AdminPodcastView,
}

/// Uploads the podcast's episode (`media`, audio) or cover (`photo`, an image).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = [])),
    params(("slot" = String, Path, description = "media or photo"), ("id" = i64, Path)),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = OkBody<PodcastUploadResult>),
        (status = 400, body = ErrorBody, description = "No file or a file of the wrong kind"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody),
    )
)]
#[post("/api/admin/podcasts/{slot:media|photo}/{id}")]
async fn admin_upload_podcast_file(
    state: web::Data<AppState>,
    caller: AdminUser,
    path: web::Path<(String, i64)>,
    body: actix_multipart::Multipart,
) -> Result<HttpResponse, ApiError> {
    let (slot, id) = path.into_inner();
    let actor = caller.0.id;
    let before = state.admin(move |a| a.podcast(id)).await?;
    let (slot, media, replaced) = if slot == "media" {
        (ContentSlot::PodcastMedia, PodcastMedia::Episode, before.media.clone())
    } else {
        (ContentSlot::PodcastPhoto, PodcastMedia::Photo, Some(before.image.clone()))
    };
    let podcast =
        crate::uploads::receive_content(&state, slot, &format!("podcast-{id}"), replaced, body, move |a, key| a.set_podcast_media(actor, id, media, key))
            .await?;
    Ok(ok(PodcastUploadResult { message: slot.success_message().to_owned(), podcast: AdminPodcastView::new(&state, podcast) }))
}
