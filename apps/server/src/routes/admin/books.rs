//! The back office's books: list, add, edit, soft delete and restore, the month's preview.

use crate::auth::AdminUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::routes::catalogue::views::{public_url, signed_url};
use crate::state::AppState;
use actix_web::{delete, get, post, put, web, HttpResponse};
use admin::books::{AdminBook, BookRow, MediaSlot};
use admin::service::BookForm;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(admin_list_books)
        .service(admin_show_book)
        .service(admin_add_book)
        .service(admin_update_book)
        .service(admin_delete_book)
        .service(admin_restore_book)
        .service(admin_pick_preview)
        .service(admin_upload_book_file);
}

/// A media key as a link the admin can open (premium files signed).
pub(super) fn media_link(state: &AppState, key: &str) -> String {
    if key.starts_with(media::PREMIUM_PREFIX) {
        signed_url(state, key)
    } else {
        public_url(key)
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminBookRowView {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
    /// Epoch ms.
    pub upload_date: i64,
    pub deleted: bool,
    /// This month's preview for free members.
    pub preview: bool,
}

impl From<BookRow> for AdminBookRowView {
    fn from(b: BookRow) -> Self {
        AdminBookRowView {
            id: b.id,
            subid: b.subid,
            title: b.title,
            author: b.author,
            upload_date: b.upload_date.timestamp_millis(),
            deleted: b.deleted,
            preview: b.preview,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminBooksResult {
    pub books: Vec<AdminBookRowView>,
}

/// The spec's Book, every field, with media as store keys and links.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminBookView {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
    pub author_desc: String,
    pub description: String,
    /// Sanitised HTML.
    pub body: String,
    pub quotes: Vec<String>,
    /// "What you will learn" lines.
    pub takeaways: Vec<String>,
    pub tags: Vec<String>,
    pub categories: Vec<i64>,
    /// The goals it serves.
    pub goals: Vec<i64>,
    /// The cover's store key ("" before one is uploaded).
    pub image: String,
    pub image_url: String,
    /// The cover's card-sized variant (made at upload), if any.
    #[schema(required = true)]
    pub image_card_url: Option<String>,
    pub vector: String,
    /// The vector artwork as a link ("" before one is uploaded).
    pub vector_url: String,
    #[schema(required = true)]
    pub infographic_url: Option<String>,
    #[schema(required = true)]
    pub media_url: Option<String>,
    #[schema(required = true)]
    pub video: Option<String>,
    #[schema(required = true)]
    pub podcast: Option<String>,
    pub free: bool,
    pub is_popular: bool,
    pub coming_soon: bool,
    /// Epoch ms.
    pub upload_date: i64,
    pub deleted: bool,
    /// This month's preview for free members.
    pub preview: bool,
}

impl AdminBookView {
    fn new(state: &AppState, b: AdminBook) -> Self {
        let link = |key: Option<String>| key.filter(|k| !k.is_empty()).map(|k| media_link(state, &k));
        AdminBookView {
            image_url: media_link(state, &b.image),
            image_card_url: b.image_card.as_deref().map(|k| media_link(state, k)),
            vector_url: media_link(state, &b.vector),
            id: b.id,
            subid: b.subid,
            title: b.title,
            author: b.author,
            author_desc: b.author_description,
            description: b.description,
            body: b.body.as_str().to_owned(),
            quotes: b.quotes,
            takeaways: b.takeaways,
            tags: b.tags,
            categories: b.categories,
            goals: b.goals,
            image: b.image,
            vector: b.vector,
            infographic_url: link(b.infographic),
            media_url: link(b.media_url),
            video: link(b.video),
            podcast: link(b.podcast),
            free: b.free,
            is_popular: b.popular,
            coming_soon: b.coming_soon,
            upload_date: b.upload_date.timestamp_millis(),
            deleted: b.deleted_at.is_some(),
            preview: b.preview,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminBookResult {
    pub book: AdminBookView,
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct BookListQuery {
    /// uploadDate (default, newest first), id or title.
    pub sort: Option<String>,
}

/// Every book, deleted ones too.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(BookListQuery), responses(
    (status = 200, body = OkBody<AdminBooksResult>),
    (status = 400, body = ErrorBody, description = "An unknown sort"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/books/")]
async fn admin_list_books(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<BookListQuery>) -> Result<HttpResponse, ApiError> {
    let sort = query.into_inner().sort;
    let books = state.admin(move |a| a.books(sort.as_deref())).await?;
    Ok(ok(AdminBooksResult { books: books.into_iter().map(AdminBookRowView::from).collect() }))
}

/// One book, for the edit form.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("bookId" = i64, Path)), responses(
    (status = 200, body = OkBody<AdminBookResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[get("/api/admin/books/{bookId}")]
async fn admin_show_book(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let book = state.admin(move |a| a.book(id)).await?;
    Ok(ok(AdminBookResult { book: AdminBookView::new(&state, book) }))
}

/// The book form (add and edit). Lists are sent as arrays; media come by upload.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminBookRequest {
    pub title: Option<String>,
    /// The address name (made from the title when empty).
    pub subid: Option<String>,
    pub author: Option<String>,
    pub author_desc: Option<String>,
    pub description: Option<String>,
    /// HTML; sanitised before it is stored.
    pub body: Option<String>,
    pub quotes: Option<Vec<String>>,
    pub takeaways: Option<Vec<String>>,
    pub tags: Option<Vec<String>>,
    pub categories: Option<Vec<i64>>,
    /// Goal ids.
    pub goals: Option<Vec<i64>>,
    pub free: Option<bool>,
    pub is_popular: Option<bool>,
    pub coming_soon: Option<bool>,
    /// Epoch ms.
    pub upload_date: Option<i64>,
}

impl AdminBookRequest {
    fn form(&self) -> BookForm<'_> {
        BookForm {
            title: self.title.as_deref(),
            subid: self.subid.as_deref(),
            author: self.author.as_deref(),
            author_description: self.author_desc.as_deref(),
            description: self.description.as_deref(),
            body: self.body.as_deref(),
            quotes: self.quotes.clone(),
            takeaways: self.takeaways.clone(),
            tags: self.tags.clone(),
            categories: self.categories.clone(),
            goals: self.goals.clone(),
            free: self.free,
            popular: self.is_popular,
            coming_soon: self.coming_soon,
            upload_date: self.upload_date,
        }
    }
}

/// 'Book was added.'
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = AdminBookRequest, responses(
    (status = 200, body = OkBody<AdminBookResult>),
    (status = 400, body = ErrorBody, description = "'Please specify Title.' and the like"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "Another book has this address name"),
))]
#[post("/api/admin/books/")]
async fn admin_add_book(state: web::Data<AppState>, caller: AdminUser, body: web::Json<AdminBookRequest>) -> Result<HttpResponse, ApiError> {
    let actor = caller.0.id;
    let body = body.into_inner();
    let book = state.admin(move |a| a.add_book(actor, &body.form())).await?;
    Ok(ok(AdminBookResult { book: AdminBookView::new(&state, book) }))
}

/// 'Book was updated.' (a cover must be uploaded first: the spec requires Image on edit).
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("bookId" = i64, Path)), request_body = AdminBookRequest, responses(
    (status = 200, body = OkBody<AdminBookResult>),
    (status = 400, body = ErrorBody, description = "'Please specify Image.' and the like"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody),
))]
#[put("/api/admin/books/{bookId}")]
async fn admin_update_book(
    state: web::Data<AppState>,
    caller: AdminUser,
    id: web::Path<i64>,
    body: web::Json<AdminBookRequest>,
) -> Result<HttpResponse, ApiError> {
    let (actor, id) = (caller.0.id, id.into_inner());
    let body = body.into_inner();
    let book = crate::workflows::editing::edit_book(&state, move |a| a.update_book(actor, id, &body.form())).await?;
    Ok(ok(AdminBookResult { book: AdminBookView::new(&state, book) }))
}

/// Hides a book from members (history and XP stay); it can be restored.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("bookId" = i64, Path)), responses(
    (status = 200, body = OkBody<AdminBookResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[delete("/api/admin/books/{bookId}")]
async fn admin_delete_book(state: web::Data<AppState>, caller: AdminUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let (actor, id) = (caller.0.id, id.into_inner());
    let book = state.admin(move |a| a.delete_book(actor, id)).await?;
    Ok(ok(AdminBookResult { book: AdminBookView::new(&state, book) }))
}

/// Brings a deleted book back.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("bookId" = i64, Path)), responses(
    (status = 200, body = OkBody<AdminBookResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[post("/api/admin/books/{bookId}/restore")]
async fn admin_restore_book(state: web::Data<AppState>, caller: AdminUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let (actor, id) = (caller.0.id, id.into_inner());
    let book = state.admin(move |a| a.restore_book(actor, id)).await?;
    Ok(ok(AdminBookResult { book: AdminBookView::new(&state, book) }))
}

/// Makes the book this month's preview for free members.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("bookId" = i64, Path)), responses(
    (status = 200, body = OkBody<crate::envelope::Empty>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "A deleted book"),
))]
#[post("/api/admin/books/{bookId}/preview")]
async fn admin_pick_preview(state: web::Data<AppState>, caller: AdminUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let (actor, id) = (caller.0.id, id.into_inner());
    state.admin(move |a| a.pick_preview(actor, id)).await?;
    Ok(ok(crate::envelope::Empty {}))
}

/// The upload form: `file` (and the spec's `fileName`, ignored: files are recognised by content).
#[derive(ToSchema, serde::Deserialize)]
#[allow(dead_code)]
#[serde(rename_all = "camelCase")]
pub struct UploadForm {
    #[schema(format = Binary, content_media_type = "application/octet-stream")]
    pub file: String,
    pub file_name: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct UploadResult {
    /// 'The photo was uploaded.', 'The media was uploaded.', 'The infographic was uploaded.' or
    /// 'The video was uploaded successfully!'.
    pub message: String,
    pub book: AdminBookView,
}

/// Uploads a book's cover (`photo`), `vector`, `infographic`, narration (`media`), `podcast` or
/// `video`, streamed into the media store (up to 5 GB for video, 30 minutes). The file is
/// recognised from its first bytes; the book points at it once it is stored whole.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = [])),
    params(("slot" = String, Path, description = "photo, vector, infographic, media, podcast or video"), ("id" = i64, Path, description = "The book")),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = OkBody<UploadResult>),
        (status = 400, body = ErrorBody, description = "No file, a file of the wrong kind ('Please choose an image ...'), or an interrupted upload"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such book"),
        (status = 408, body = ErrorBody, description = "The upload took longer than 30 minutes"),
        (status = 413, body = ErrorBody, description = "Larger than the slot allows"),
    )
)]
#[post("/api/admin/books/{slot:photo|vector|infographic|media|podcast|video}/{id}")]
async fn admin_upload_book_file(
    state: web::Data<AppState>,
    caller: AdminUser,
    path: web::Path<(String, i64)>,
    body: actix_multipart::Multipart,
) -> Result<HttpResponse, ApiError> {
    let (slot, id) = path.into_inner();
    let slot = MediaSlot::parse(&slot).ok_or_else(|| ApiError::new(actix_web::http::StatusCode::NOT_FOUND, "not_found", "No such upload."))?;
    let book = crate::uploads::receive(&state, caller.0.id, slot, id, body).await?;
    Ok(ok(UploadResult { message: crate::uploads::success_message(slot).to_owned(), book: AdminBookView::new(&state, book) }))
}
