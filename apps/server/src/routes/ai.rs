//! The AI summariser: starting a summary from a link or an upload, and "My summaries". The jobs
//! run on the summariser's worker (`jobs::spawn_summariser`).

use crate::auth::AuthUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{delete, get, post, web, HttpResponse};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};
use summariser::limits::MAX_FILE_BYTES;
use summariser::ports::SummaryRecord;
use summariser::SummariserError;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(from_link).service(from_file).service(list).service(one).service(remove);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AiSummaryStatus {
    Queued,
    Fetching,
    Extracting,
    Summarising,
    Done,
    Failed,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AiSummary {
    pub id: i64,
    pub status: AiSummaryStatus,
    /// The document's title once read ('' before).
    pub title: String,
    /// The link, or the file's name.
    pub source: String,
    /// Why it failed, for the member.
    pub error: Option<String>,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub section_count: usize,
}

#[derive(Serialize, ToSchema)]
pub struct AiSection {
    pub title: String,
    /// Sanitised HTML (paragraphs), as a book's section.
    pub html: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AiSummaryDetail {
    #[serde(flatten)]
    pub summary: AiSummary,
    /// Empty until done.
    pub sections: Vec<AiSection>,
}

#[derive(Serialize, ToSchema)]
pub struct AiSummaryResult {
    pub summary: AiSummary,
}

#[derive(Serialize, ToSchema)]
pub struct AiSummaryDetailResult {
    pub summary: AiSummaryDetail,
}

#[derive(Serialize, ToSchema)]
pub struct AiSummaries {
    /// Newest first.
    pub summaries: Vec<AiSummary>,
}

#[derive(Deserialize, ToSchema)]
pub struct AiLinkRequest {
    pub url: String,
}

/// The upload form: one `file` field.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct AiFileForm {
    #[schema(format = Binary, content_media_type = "application/octet-stream")]
    pub file: String,
}

impl From<&SummaryRecord> for AiSummary {
    fn from(record: &SummaryRecord) -> Self {
        use summariser::ports::JobStatus::*;
        AiSummary {
            id: record.id,
            status: match record.status {
                Queued => AiSummaryStatus::Queued,
                Fetching => AiSummaryStatus::Fetching,
                Extracting => AiSummaryStatus::Extracting,
                Summarising => AiSummaryStatus::Summarising,
                Done => AiSummaryStatus::Done,
                Failed => AiSummaryStatus::Failed,
            },
            title: record.title.clone(),
            source: record.source.clone(),
            error: record.error.clone(),
            created_at: record.created_at,
            section_count: record.sections.len(),
        }
    }
}

/// Starts summarising a link (paid members; 20 a day). The page is fetched by the job.
#[utoipa::path(tag = "ai", security(("bearer" = [])), request_body = AiLinkRequest, responses(
    (status = 200, body = OkBody<AiSummaryResult>),
    (status = 400, body = ErrorBody, description = "No link ('Please select a file or url'), not an http(s) link, or a private or local address"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "Not a paid member (`premium_required`)"),
    (status = 429, body = ErrorBody),
))]
#[post("/api/ai/url")]
async fn from_link(state: web::Data<AppState>, caller: AuthUser, body: web::Json<AiLinkRequest>) -> Result<HttpResponse, ApiError> {
    let (session, link, allow) = (caller.session(), body.into_inner().url, state.config.ai_fetch_allow.clone());
    let record = state.summariser(move |s| s.start_link(session, &link, &allow)).await?;
    Ok(ok(AiSummaryResult { summary: (&record).into() }))
}

/// Starts summarising an upload: a PDF, EPUB, HTML or plain-text file of at most 20 MB, its kind
/// told from its bytes (paid members; 20 a day).
#[utoipa::path(tag = "ai", security(("bearer" = [])), request_body(content = AiFileForm, content_type = "multipart/form-data"), responses(
    (status = 200, body = OkBody<AiSummaryResult>),
    (status = 400, body = ErrorBody, description = "No file ('Please select a file or url'), or not a PDF, EPUB, HTML or text file"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 413, body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
#[post("/api/ai/file")]
async fn from_file(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    caller: AuthUser,
    body: actix_multipart::Multipart,
) -> Result<HttpResponse, ApiError> {
    let session = caller.session();
    // Refused before a byte of the body is read: a caller who may not summarise, or a body
    // declared larger than any accepted file and its form.
    state.summariser(move |s| s.check_may_start(session)).await?;
    let declared = req.headers().get(actix_web::http::header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|length| length > MAX_FILE_BYTES + FORM_OVERHEAD_BYTES) {
        return Err(SummariserError::FileTooLarge.into());
    }
    let (name, bytes) = read_file_field(body).await?;
    let record = state.summariser(move |s| s.start_file(session, &name, bytes)).await?;
    Ok(ok(AiSummaryResult { summary: (&record).into() }))
}

/// Room for the multipart form around the file (boundaries, headers, other fields).
const FORM_OVERHEAD_BYTES: usize = 64 * 1024;

/// The `file` field's name and bytes, reading no more than the limit allows.
async fn read_file_field(mut body: actix_multipart::Multipart) -> Result<(String, Vec<u8>), ApiError> {
    let bad = |message: &str| ApiError::bad_request("invalid_form", message);
    while let Some(mut field) = body.try_next().await.map_err(|_| bad("The upload was interrupted. Please try again."))? {
        if field.name() != Some("file") {
            continue;
        }
        let name = field.content_disposition().and_then(|d| d.get_filename()).unwrap_or("").to_owned();
        let mut bytes = Vec::new();
        while let Some(chunk) = field.try_next().await.map_err(|_| bad("The upload was interrupted. Please try again."))? {
            if bytes.len() + chunk.len() > MAX_FILE_BYTES {
                return Err(SummariserError::FileTooLarge.into());
            }
            bytes.extend_from_slice(&chunk);
        }
        return Ok((name, bytes));
    }
    Err(SummariserError::NothingGiven.into())
}

/// "My summaries", newest first.
#[utoipa::path(tag = "ai", security(("bearer" = [])), responses((status = 200, body = OkBody<AiSummaries>), (status = 401, body = ErrorBody)))]
#[get("/api/ai/summaries")]
async fn list(state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    let session = caller.session();
    let records = state.summariser(move |s| s.list(session)).await?;
    Ok(ok(AiSummaries { summaries: records.iter().map(Into::into).collect() }))
}

/// One of the member's summaries with its sections (poll it while it runs).
#[utoipa::path(tag = "ai", security(("bearer" = [])), params(("id" = i64, Path)), responses(
    (status = 200, body = OkBody<AiSummaryDetailResult>),
    (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[get("/api/ai/summaries/{id}")]
async fn one(state: web::Data<AppState>, caller: AuthUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let (session, id) = (caller.session(), id.into_inner());
    let record = state.summariser(move |s| s.get(session, id)).await?;
    let sections = record.sections.iter().map(|s| AiSection { title: s.title.clone(), html: s.html.clone() }).collect();
    Ok(ok(AiSummaryDetailResult { summary: AiSummaryDetail { summary: (&record).into(), sections } }))
}

/// Deletes one of the member's summaries (the day's count stays).
#[utoipa::path(tag = "ai", security(("bearer" = [])), params(("id" = i64, Path)), responses(
    (status = 200, body = OkBody<crate::envelope::Empty>),
    (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[delete("/api/ai/summaries/{id}")]
async fn remove(state: web::Data<AppState>, caller: AuthUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let (session, id) = (caller.session(), id.into_inner());
    state.summariser(move |s| s.delete(session, id)).await?;
    Ok(ok(crate::envelope::Empty {}))
}
