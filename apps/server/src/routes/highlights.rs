//! A member's highlights and notes: mark a passage in the reader, edit or remove it, the reader's
//! highlights of a book, `/highlights` (by book, colour or text) and the exports.

use crate::auth::AuthUser;
use crate::envelope::{ok, ApiError, Empty, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use ::highlights::model::{Highlight, HighlightInBook};
use ::highlights::service::{EditRequest, ExportFormat, ListRequest, MarkRequest};
use actix_web::{delete, get, patch, post, web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(list_highlights)
        .service(export_highlights)
        .service(book_highlights)
        .service(mark_highlight)
        .service(edit_highlight)
        .service(remove_highlight);
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarkBody {
    /// The book's id or subid.
    #[schema(required = true)]
    pub book_id: Option<String>,
    /// The section's index in the reader, 0-based.
    #[schema(required = true)]
    pub section: Option<i64>,
    /// The block the selection starts in (its `data-block`, else `b` and its index in the section).
    #[schema(required = true)]
    pub start_block: Option<String>,
    /// Code points into the start block's text.
    #[schema(required = true)]
    pub start_offset: Option<i64>,
    #[schema(required = true)]
    pub end_block: Option<String>,
    #[schema(required = true)]
    pub end_offset: Option<i64>,
    /// "yellow" (the default), "green" or "pink".
    pub colour: Option<String>,
    /// At most 2,000 characters.
    pub note: Option<String>,
    /// Among the member's review cards.
    #[serde(default)]
    pub review: bool,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditBody {
    pub colour: Option<String>,
    /// An empty note removes the note.
    pub note: Option<String>,
    pub review: Option<bool>,
}

/// A highlight as the member sees it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HighlightView {
    pub id: i64,
    pub book_id: i64,
    pub section: u32,
    pub start_block: String,
    pub start_offset: usize,
    pub end_block: String,
    pub end_offset: usize,
    /// The highlighted text.
    pub quote: String,
    pub prefix: String,
    pub suffix: String,
    /// Code points from the section's start.
    pub position: usize,
    /// Not found in the summary since it was edited: shown as it was.
    pub orphaned: bool,
    pub colour: String,
    #[schema(required = true)]
    pub note: Option<String>,
    pub review: bool,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub updated_at: i64,
}

impl From<Highlight> for HighlightView {
    fn from(h: Highlight) -> Self {
        HighlightView {
            id: h.id,
            book_id: h.book_id,
            section: h.section,
            start_block: h.anchor.start.block,
            start_offset: h.anchor.start.offset,
            end_block: h.anchor.end.block,
            end_offset: h.anchor.end.offset,
            quote: h.anchor.quote.exact,
            prefix: h.anchor.quote.prefix,
            suffix: h.anchor.quote.suffix,
            position: h.anchor.position,
            orphaned: h.orphaned,
            colour: h.colour.as_str().to_owned(),
            note: h.note,
            review: h.review,
            created_at: h.created_at.timestamp_millis(),
            updated_at: h.updated_at.timestamp_millis(),
        }
    }
}

/// The book a highlight is from.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HighlightBookView {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HighlightInBookView {
    pub highlight: HighlightView,
    pub book: HighlightBookView,
}

impl From<HighlightInBook> for HighlightInBookView {
    fn from(item: HighlightInBook) -> Self {
        HighlightInBookView {
            highlight: item.highlight.into(),
            book: HighlightBookView { id: item.book.id, subid: item.book.subid, title: item.book.title, author: item.book.author },
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HighlightPageView {
    pub highlights: Vec<HighlightInBookView>,
    pub page: i64,
    pub pages: i64,
    pub total: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookHighlightsView {
    pub highlights: Vec<HighlightView>,
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// One book's (id or subid).
    pub book: Option<String>,
    /// "yellow", "green" or "pink".
    pub colour: Option<String>,
    /// Text in the quote or the note (case-insensitive, at most 200 characters).
    pub search: Option<String>,
    /// From 1; 50 a page.
    pub page: Option<i64>,
}

/// The member's highlights, newest first: all, or one book's, one colour's, or those whose quote
/// or note holds a text.
#[utoipa::path(tag = "highlights", security(("bearer" = [])), params(ListQuery), responses(
    (status = 200, body = OkBody<HighlightPageView>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody, description = "The book named does not exist"),
))]
#[get("/api/user/highlights")]
async fn list_highlights(state: web::Data<AppState>, who: AuthUser, query: web::Query<ListQuery>) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let request =
        ListRequest { book: query.book.as_deref().map(catalogue::model::BookKey::parse), colour: query.colour, search: query.search, page: query.page };
    let session = who.session();
    let page = state.highlights(move |h| h.list(session, request)).await?;
    Ok(ok(HighlightPageView {
        highlights: page.highlights.into_iter().map(HighlightInBookView::from).collect(),
        page: page.page,
        pages: page.pages,
        total: page.total,
    }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// "markdown" or "readwise" (Readwise's CSV import).
    #[param(required = true)]
    pub format: Option<String>,
    /// One book's only (id or subid); all by default.
    pub book: Option<String>,
}

/// The member's highlights as a file to download: Markdown, or Readwise's CSV.
#[utoipa::path(tag = "highlights", security(("bearer" = [])), params(ExportQuery), responses(
    (status = 200, description = "The file (text/markdown or text/csv), as an attachment", content_type = "text/plain"),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[get("/api/user/highlights/export")]
async fn export_highlights(state: web::Data<AppState>, who: AuthUser, query: web::Query<ExportQuery>) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let format = match query.format.as_deref() {
        Some("markdown") => ExportFormat::Markdown,
        Some("readwise") => ExportFormat::ReadwiseCsv,
        _ => return Err(ApiError::bad_request("invalid_request", "The format must be markdown or readwise.")),
    };
    let book = query.book.as_deref().map(catalogue::model::BookKey::parse);
    let session = who.session();
    let file = state.highlights(move |h| h.export(session, book.as_ref(), format)).await?;
    Ok(HttpResponse::Ok()
        .content_type(file.content_type)
        .insert_header(("Content-Disposition", format!("attachment; filename=\"{}\"", file.file_name)))
        .body(file.content))
}

/// The member's highlights of a book for the reader, each found again in the summary as it is now
/// (`orphaned` when it cannot be).
#[utoipa::path(tag = "highlights", security(("bearer" = [])), params(("id" = String, Path, description = "Numeric id or subid")), responses(
    (status = 200, body = OkBody<BookHighlightsView>),
    (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[get("/api/user/highlights/book/{id}")]
async fn book_highlights(state: web::Data<AppState>, who: AuthUser, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let key = catalogue::model::BookKey::parse(&id);
    let session = who.session();
    let found = state.highlights(move |h| h.in_book(session, &key)).await?;
    Ok(ok(BookHighlightsView { highlights: found.into_iter().map(HighlightView::from).collect() }))
}

/// Marks a passage of a section the member may read; the quote is read from the summary.
#[utoipa::path(tag = "highlights", security(("bearer" = [])), request_body = MarkBody, responses(
    (status = 200, body = OkBody<HighlightInBookView>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "The section is not open to the member"),
    (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "The member keeps 5,000 highlights already"),
))]
#[post("/api/user/highlights")]
async fn mark_highlight(state: web::Data<AppState>, who: AuthUser, body: web::Json<MarkBody>) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let request = MarkRequest {
        book: body.book_id.as_deref().map(catalogue::model::BookKey::parse),
        section: body.section,
        start_block: body.start_block,
        start_offset: body.start_offset,
        end_block: body.end_block,
        end_offset: body.end_offset,
        colour: body.colour,
        note: body.note,
        review: body.review,
    };
    let session = who.session();
    let marked = state.highlights(move |h| h.mark(session, request)).await?;
    Ok(ok(HighlightInBookView::from(marked)))
}

/// Changes a highlight's colour, note or review mark.
#[utoipa::path(tag = "highlights", security(("bearer" = [])), request_body = EditBody, params(("id" = i64, Path)), responses(
    (status = 200, body = OkBody<HighlightView>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[patch("/api/user/highlights/{id}")]
async fn edit_highlight(state: web::Data<AppState>, who: AuthUser, id: web::Path<i64>, body: web::Json<EditBody>) -> Result<HttpResponse, ApiError> {
    let (id, body) = (id.into_inner(), body.into_inner());
    let request = EditRequest { colour: body.colour, note: body.note, review: body.review };
    let session = who.session();
    let edited = state.highlights(move |h| h.edit(session, id, request)).await?;
    Ok(ok(HighlightView::from(edited)))
}

/// Removes a highlight and its note.
#[utoipa::path(tag = "highlights", security(("bearer" = [])), params(("id" = i64, Path)), responses(
    (status = 200, body = OkBody<Empty>),
    (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[delete("/api/user/highlights/{id}")]
async fn remove_highlight(state: web::Data<AppState>, who: AuthUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let (id, session) = (id.into_inner(), who.session());
    state.highlights(move |h| h.remove(session, id)).await?;
    Ok(ok(Empty {}))
}
