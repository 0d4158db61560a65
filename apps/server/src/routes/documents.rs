//! The summary as a file: `GET /api/books/download-pdf/{id}`, and Send to Kindle (`/kindle/...`,
//! also under `/api`).

use crate::auth::AuthUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{get, post, web, HttpResponse};
use catalogue::ports::CoverImages;
use catalogue::service::SummaryFile;
use catalogue::BookKey;
use kernel::PortResult;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(download_pdf).service(has_kindle).service(has_kindle_api).service(set_kindle).service(set_kindle_api).service(send_to_kindle);
}

/// A file's bytes (the OpenAPI type of binary answers).
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct FileBytes(#[allow(dead_code)] Vec<u8>);

/// Cover images from the media store, read from the blocking thread a use case runs on.
pub struct StoredCovers {
    media: media::MediaStore,
    runtime: tokio::runtime::Handle,
}

impl StoredCovers {
    /// Made in a handler (on the server's runtime), used inside the use case.
    pub fn here(state: &AppState) -> StoredCovers {
        StoredCovers { media: state.media.clone(), runtime: tokio::runtime::Handle::current() }
    }
}

/// Covers larger than this are left out of documents.
const MAX_COVER_BYTES: u64 = 10 * 1024 * 1024;

impl CoverImages for StoredCovers {
    fn cover(&self, key: &str) -> PortResult<Option<Vec<u8>>> {
        if !media::is_valid_key(key) {
            return Ok(None);
        }
        self.runtime.block_on(async {
            let failed = |e: media::MediaError| kernel::PortError::Failed(e.to_string());
            match self.media.size(key).await {
                Ok(size) if size <= MAX_COVER_BYTES => {}
                Ok(_) | Err(media::MediaError::NotFound | media::MediaError::InvalidKey) => return Ok(None),
                Err(e) => return Err(failed(e)),
            }
            let mut stream = self.media.read(key, None).await.map_err(failed)?;
            let mut bytes = Vec::new();
            while let Some(chunk) = futures::StreamExt::next(&mut stream).await {
                bytes.extend_from_slice(&chunk.map_err(failed)?);
            }
            Ok(Some(bytes))
        })
    }
}

/// A PDF answer that the browser saves as `file_name`.
pub fn pdf_response(file: SummaryFile, file_name: &str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file_name}\"")))
        .body(file.bytes)
}

/// The summary as a PDF: paid members, and members who bought this book on its own.
#[utoipa::path(tag = "catalogue", security(("bearer" = [])), params(("id" = String, Path, description = "The book's id or subid")), responses(
    (status = 200, content_type = "application/pdf", body = FileBytes, description = "The summary (cover, title, author, every key idea), saved as {subid}.pdf"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "Neither premium nor the buyer of this book"),
    (status = 404, body = ErrorBody),
))]
#[get("/api/books/download-pdf/{id}")]
async fn download_pdf(state: web::Data<AppState>, caller: AuthUser, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let (session, key, covers, site) = (caller.session(), BookKey::parse(&id), StoredCovers::here(&state), state.config.public_url.clone());
    let file = state.catalogue(move |c| c.summary_pdf(session, &key, &covers, &site)).await?;
    let name = file.file_name.clone();
    Ok(pdf_response(file, &name))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KindleResult {
    /// `name@kindle.com`, none until set.
    #[schema(required = true)]
    pub kindle_email: Option<String>,
    /// The domains the form offers.
    pub domains: Vec<String>,
}

/// The member's Kindle address.
#[utoipa::path(tag = "kindle", security(("bearer" = [])), responses((status = 200, body = OkBody<KindleResult>), (status = 401, body = ErrorBody)))]
#[get("/api/kindle/has-kindle")]
async fn has_kindle_api(state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    kindle_setting(state, caller).await
}

/// The spec's path of the same call.
#[utoipa::path(tag = "kindle", security(("bearer" = [])), responses((status = 200, body = OkBody<KindleResult>), (status = 401, body = ErrorBody)))]
#[get("/kindle/has-kindle")]
async fn has_kindle(state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    kindle_setting(state, caller).await
}

async fn kindle_setting(state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    let session = caller.session();
    let setting = state.catalogue(move |c| c.kindle_setting(session)).await?;
    Ok(ok(KindleResult { kindle_email: setting.address, domains: setting.domains.into_iter().map(str::to_owned).collect() }))
}

#[derive(Deserialize, ToSchema)]
pub struct SetKindleRequest {
    /// The name part.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub kindle_email: Option<String>,
    /// One of the Kindle domains.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub kindle_email_end: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetKindleResult {
    pub kindle_email: String,
}

/// Sets the member's Kindle address.
#[utoipa::path(tag = "kindle", security(("bearer" = [])), request_body = SetKindleRequest, responses(
    (status = 200, body = OkBody<SetKindleResult>),
    (status = 400, body = ErrorBody, description = "'Please complete the form.', or a name or domain that is not allowed"),
    (status = 401, body = ErrorBody),
))]
#[post("/api/kindle/set-kindle")]
async fn set_kindle_api(state: web::Data<AppState>, caller: AuthUser, body: web::Json<SetKindleRequest>) -> Result<HttpResponse, ApiError> {
    store_kindle(state, caller, body.into_inner()).await
}

/// The spec's path of the same call.
#[utoipa::path(tag = "kindle", security(("bearer" = [])), request_body = SetKindleRequest, responses(
    (status = 200, body = OkBody<SetKindleResult>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
))]
#[post("/kindle/set-kindle")]
async fn set_kindle(state: web::Data<AppState>, caller: AuthUser, body: web::Json<SetKindleRequest>) -> Result<HttpResponse, ApiError> {
    store_kindle(state, caller, body.into_inner()).await
}

async fn store_kindle(state: web::Data<AppState>, caller: AuthUser, body: SetKindleRequest) -> Result<HttpResponse, ApiError> {
    let session = caller.session();
    let address = state.catalogue(move |c| c.set_kindle(session, body.kindle_email.as_deref(), body.kindle_email_end.as_deref())).await?;
    Ok(ok(SetKindleResult { kindle_email: address }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KindleSentResult {
    pub sent_to: String,
    pub sends_left_today: u32,
}

/// Sends the summary to the member's Kindle as an EPUB (through the mail outbox).
#[utoipa::path(tag = "kindle", security(("bearer" = [])), params(("bookId" = String, Path, description = "The book's id or subid")), responses(
    (status = 200, body = OkBody<KindleSentResult>),
    (status = 400, body = ErrorBody, description = "No Kindle address set yet"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "Premium only"),
    (status = 404, body = ErrorBody),
    (status = 429, body = ErrorBody, description = "20 sends in the last 24 hours"),
))]
#[post("/api/kindle/send/{bookId}")]
async fn send_to_kindle(state: web::Data<AppState>, caller: AuthUser, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let (session, key, covers, site) = (caller.session(), BookKey::parse(&id), StoredCovers::here(&state), state.config.public_url.clone());
    let sent = state.catalogue(move |c| c.send_to_kindle(session, &key, &covers, &site)).await?;
    Ok(ok(KindleSentResult { sent_to: sent.to, sends_left_today: sent.sends_left_today }))
}
