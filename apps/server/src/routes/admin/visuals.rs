//! The back office's visual slides: list, one, add ('The visual was added.'), edit ('Visuals was
//! edited.'), delete, the photo, and a book's slides put in order (beyond the spec).

use super::books::{media_link, UploadForm};
use crate::auth::AdminUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{delete, get, post, put, web, HttpResponse};
use admin::content::Visual;
use admin::service::VisualForm;
use admin::uploads::ContentSlot;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(admin_list_visuals)
        .service(admin_show_visual)
        .service(admin_add_visual)
        .service(admin_update_visual)
        .service(admin_delete_visual)
        .service(admin_upload_visual_file)
        .service(admin_reorder_visuals);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminVisualView {
    pub id: i64,
    #[schema(required = true)]
    pub book_id: Option<i64>,
    #[schema(required = true)]
    pub book_title: Option<String>,
    pub title: String,
    pub body: String,
    /// The picture's store key ("" before one is uploaded).
    pub image: String,
    /// The picture as a signed link ("" when none).
    pub image_url: String,
    /// Its place among the book's slides, from 0.
    pub position: i32,
}

impl AdminVisualView {
    fn new(state: &AppState, v: Visual) -> Self {
        AdminVisualView {
            image_url: if v.image.is_empty() { String::new() } else { media_link(state, &v.image) },
            id: v.id,
            book_id: v.book_id,
            book_title: v.book_title,
            title: v.title,
            body: v.body,
            image: v.image,
            position: v.position,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminVisualsResult {
    pub visuals: Vec<AdminVisualView>,
}

#[derive(Serialize, ToSchema)]
pub struct AdminVisualResult {
    pub visual: AdminVisualView,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminVisualRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub title: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub body: Option<String>,
    /// The book it belongs to; null or "" for none.
    #[schema(value_type = Option<i64>)]
    pub book_id: Option<serde_json::Value>,
    /// A stored key (the photo page sets it); "" for none.
    pub image: Option<String>,
}

impl AdminVisualRequest {
    /// The book as sent: missing (unchanged), none, an id, or not a number (refused as -1).
    fn book_id(&self) -> Option<Option<i64>> {
        let value = self.book_id.as_ref()?;
        Some(
            match value {
                serde_json::Value::Null => None,
                serde_json::Value::Number(n) => Some(n.as_i64().unwrap_or(-1)),
                serde_json::Value::String(s) if s.trim().is_empty() || s.trim() == "0" => None,
                serde_json::Value::String(s) => Some(s.trim().parse().unwrap_or(-1)),
                _ => Some(-1),
            }
            .filter(|id| *id != 0),
        )
    }

    fn form(&self) -> VisualForm<'_> {
        VisualForm { title: self.title.as_deref(), body: self.body.as_deref(), book_id: self.book_id(), image: self.image.as_deref() }
    }
}

/// Every slide, by book then position (slides without a book last).
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<AdminVisualsResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/visuals")]
async fn admin_list_visuals(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let visuals = state.admin(|a| a.visuals()).await?;
    Ok(ok(AdminVisualsResult { visuals: visuals.into_iter().map(|v| AdminVisualView::new(&state, v)).collect() }))
}

#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path)), responses(
    (status = 200, body = OkBody<AdminVisualResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[get("/api/admin/visuals/{id}")]
async fn admin_show_visual(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let visual = state.admin(move |a| a.visual(id)).await?;
    Ok(ok(AdminVisualResult { visual: AdminVisualView::new(&state, visual) }))
}

/// 'The visual was added.' (title and body required; it goes after the book's other slides).
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = AdminVisualRequest, responses(
    (status = 200, body = OkBody<AdminVisualResult>),
    (status = 400, body = ErrorBody, description = "'Please specify Title.' and the like, or an unknown book"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[post("/api/admin/visuals")]
async fn admin_add_visual(state: web::Data<AppState>, caller: AdminUser, body: web::Json<AdminVisualRequest>) -> Result<HttpResponse, ApiError> {
    let (actor, body) = (caller.0.id, body.into_inner());
    let visual = state.admin(move |a| a.add_visual(actor, &body.form())).await?;
    Ok(ok(AdminVisualResult { visual: AdminVisualView::new(&state, visual) }))
}

/// 'Visuals was edited.'
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path)), request_body = AdminVisualRequest, responses(
    (status = 200, body = OkBody<AdminVisualResult>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[put("/api/admin/visuals/{id}")]
async fn admin_update_visual(
    state: web::Data<AppState>,
    caller: AdminUser,
    id: web::Path<i64>,
    body: web::Json<AdminVisualRequest>,
) -> Result<HttpResponse, ApiError> {
    let (actor, id, body) = (caller.0.id, id.into_inner(), body.into_inner());
    let visual = state.admin(move |a| a.update_visual(actor, id, &body.form())).await?;
    Ok(ok(AdminVisualResult { visual: AdminVisualView::new(&state, visual) }))
}

/// Deletes a slide (members stop seeing it at once) and its picture.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path)), responses(
    (status = 200, body = OkBody<crate::envelope::Empty>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[delete("/api/admin/visuals/{id}")]
async fn admin_delete_visual(state: web::Data<AppState>, caller: AdminUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let (actor, id) = (caller.0.id, id.into_inner());
    let deleted = state.admin(move |a| a.delete_visual(actor, id)).await?;
    if deleted.image.starts_with("premium/visuals/") || deleted.image.starts_with("public/") {
        if let Err(error) = state.media.remove(&deleted.image).await {
            tracing::warn!(%error, key = %deleted.image, "could not remove a deleted slide's picture");
        }
    }
    Ok(ok(crate::envelope::Empty {}))
}

#[derive(Serialize, ToSchema)]
pub struct VisualUploadResult {
    /// 'The photo was uploaded.'
    pub message: String,
    pub visual: AdminVisualView,
}

/// Uploads the slide's picture (an image).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = i64, Path)),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = OkBody<VisualUploadResult>),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody),
    )
)]
#[post("/api/admin/visuals/photo/{id}")]
async fn admin_upload_visual_file(
    state: web::Data<AppState>,
    caller: AdminUser,
    id: web::Path<i64>,
    body: actix_multipart::Multipart,
) -> Result<HttpResponse, ApiError> {
    let (actor, id) = (caller.0.id, id.into_inner());
    let before = state.admin(move |a| a.visual(id)).await?;
    let slot = ContentSlot::VisualPhoto;
    let visual = crate::uploads::receive_content(&state, slot, &format!("visual-{id}"), Some(before.image.clone()), body, move |a, key| {
        a.set_visual_image(actor, id, key)
    })
    .await?;
    Ok(ok(VisualUploadResult { message: slot.success_message().to_owned(), visual: AdminVisualView::new(&state, visual) }))
}

#[derive(Deserialize, ToSchema)]
pub struct VisualOrderRequest {
    /// Every slide of the book, once, in the new order.
    pub ids: Vec<i64>,
}

/// Puts a book's slides in a new order (beyond the spec).
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("bookId" = i64, Path)), request_body = VisualOrderRequest, responses(
    (status = 200, body = OkBody<AdminVisualsResult>, description = "The book's slides in their new order"),
    (status = 400, body = ErrorBody, description = "Not every slide of the book once"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[put("/api/admin/visuals/order/{bookId}")]
async fn admin_reorder_visuals(
    state: web::Data<AppState>,
    caller: AdminUser,
    book: web::Path<i64>,
    body: web::Json<VisualOrderRequest>,
) -> Result<HttpResponse, ApiError> {
    let (actor, book, ids) = (caller.0.id, book.into_inner(), body.into_inner().ids);
    let visuals = state.admin(move |a| a.reorder_visuals(actor, book, &ids)).await?;
    Ok(ok(AdminVisualsResult { visuals: visuals.into_iter().map(|v| AdminVisualView::new(&state, v)).collect() }))
}
