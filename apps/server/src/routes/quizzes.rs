//! The quizzes: their questions, scoring (kept for members), and the paid full report (JSON and
//! PDF).

use crate::auth::{LiveMember, LiveMemberOrGuest};
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::routes::catalogue::views::public_url;
use crate::routes::documents::FileBytes;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{get, post, web, HttpResponse};
use challenge::plan::BookFacts;
use challenge::quiz_results::{QuizKind, TypeScore};
use challenge::service::quizzes::{Report, ResultView};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(quiz_definition).service(submit_results).service(kept_results).service(full_report).service(report_pdf);
}

#[derive(Serialize, ToSchema)]
pub struct QuizQuestion {
    pub text: String,
    /// The type a True answer counts for.
    #[serde(rename = "type")]
    pub kind: String,
}

#[derive(Serialize, ToSchema)]
pub struct QuizType {
    pub name: String,
    /// How many questions test this type.
    pub questions: u32,
    pub summary: String,
}

#[derive(Serialize, ToSchema)]
pub struct QuizDefinition {
    /// `quiz` or `personality-quiz`.
    pub quiz: String,
    pub title: String,
    pub questions: Vec<QuizQuestion>,
    /// Every type, in result order.
    pub types: Vec<QuizType>,
}

#[derive(Deserialize, ToSchema)]
pub struct QuizAnswers {
    /// True answers counted per type (every type may be given; missing ones count 0).
    pub counts: BTreeMap<String, u32>,
}

#[derive(Serialize, ToSchema)]
pub struct TopType {
    pub name: String,
    pub summary: String,
    /// count / questions, 0 to 1.
    pub score: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuizResult {
    pub quiz: String,
    pub counts: BTreeMap<String, u32>,
    /// Intelligence: every type sharing the highest score; personality: one colour.
    pub top: Vec<TopType>,
    /// Kept on the server (signed in).
    pub saved: bool,
    /// The member bought the full report.
    pub full_report: bool,
    /// The plan that sells the full report (`/payment/{id}`).
    pub report_plan_id: String,
}

impl From<ResultView> for QuizResult {
    fn from(view: ResultView) -> Self {
        let kind = view.counts.kind();
        QuizResult {
            quiz: kind.slug().to_owned(),
            counts: view.counts.as_map().clone(),
            top: view
                .counts
                .top()
                .into_iter()
                .map(|t| TopType { name: t.kind.name.to_owned(), summary: t.kind.text.summary.to_owned(), score: t.score })
                .collect(),
            saved: view.saved,
            full_report: view.full_report,
            report_plan_id: kind.report_plan_id().to_owned(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ReportBook {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
    /// The cover's URL ('' when none).
    pub image: String,
}

impl From<BookFacts> for ReportBook {
    fn from(book: BookFacts) -> Self {
        let image = if book.image.is_empty() { String::new() } else { public_url(&book.image) };
        ReportBook { id: book.id, subid: book.subid, title: book.title, author: book.author, image }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ReportType {
    pub name: String,
    pub score: f64,
    pub count: u32,
    pub questions: u32,
    /// Plain text; a blank line separates paragraphs.
    pub description: String,
    pub books: Vec<ReportBook>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuizReport {
    pub quiz: String,
    pub title: String,
    pub taken_at: chrono::DateTime<chrono::Utc>,
    /// Highest score first.
    pub types: Vec<ReportType>,
}

fn report_type((score, books): (TypeScore, Vec<BookFacts>)) -> ReportType {
    ReportType {
        name: score.kind.name.to_owned(),
        score: score.score,
        count: score.count,
        questions: score.kind.questions,
        description: score.kind.text.description.to_owned(),
        books: books.into_iter().map(Into::into).collect(),
    }
}

impl From<Report> for QuizReport {
    fn from(report: Report) -> Self {
        QuizReport {
            quiz: report.kind.slug().to_owned(),
            title: report.kind.title().to_owned(),
            taken_at: report.taken_at,
            types: report.types.into_iter().map(report_type).collect(),
        }
    }
}

fn quiz_of(slug: &str) -> Result<QuizKind, ApiError> {
    Ok(challenge::quiz_kind(slug)?)
}

/// A quiz's questions in the order they are asked, and its types.
#[utoipa::path(tag = "quizzes", params(("quiz" = String, Path, description = "`quiz` or `personality-quiz`")), responses((status = 200, body = OkBody<QuizDefinition>), (status = 404, body = ErrorBody)))]
#[get("/api/quizzes/{quiz}")]
async fn quiz_definition(quiz: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let kind = quiz_of(&quiz)?;
    Ok(ok(QuizDefinition {
        quiz: kind.slug().to_owned(),
        title: kind.title().to_owned(),
        questions: kind.questions().into_iter().map(|(text, kind)| QuizQuestion { text: text.to_owned(), kind: kind.to_owned() }).collect(),
        types: kind.types().into_iter().map(|t| QuizType { name: t.name.to_owned(), questions: t.questions, summary: t.text.summary.to_owned() }).collect(),
    }))
}

/// Scores finished answers; a signed-in member's are kept (the latest replaces earlier ones).
#[utoipa::path(security(("bearer" = []), ()), tag = "quizzes", params(("quiz" = String, Path, description = "`quiz` or `personality-quiz`")), request_body = QuizAnswers, responses(
    (status = 200, body = OkBody<QuizResult>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody, description = "A token was sent but is no longer valid"),
    (status = 404, body = ErrorBody),
))]
#[post("/api/quiz-results/{quiz}")]
async fn submit_results(
    state: web::Data<AppState>,
    caller: LiveMemberOrGuest,
    quiz: web::Path<String>,
    body: web::Json<QuizAnswers>,
) -> Result<HttpResponse, ApiError> {
    let (kind, member, counts) = (quiz_of(&quiz)?, caller.0.map(|user| user.id), body.into_inner().counts);
    let view = state.quizzes(move |q| q.submit(member, kind, &counts)).await?;
    Ok(ok(QuizResult::from(view)))
}

/// The member's kept results of a quiz.
#[utoipa::path(tag = "quizzes", security(("bearer" = [])), params(("quiz" = String, Path, description = "`quiz` or `personality-quiz`")), responses(
    (status = 200, body = OkBody<QuizResult>),
    (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody, description = "Not taken yet, or no such quiz"),
))]
#[get("/api/quiz-results/{quiz}")]
async fn kept_results(state: web::Data<AppState>, caller: LiveMember, quiz: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let (kind, member) = (quiz_of(&quiz)?, caller.id);
    let view = state.quizzes(move |q| q.kept(member, kind)).await?;
    Ok(ok(QuizResult::from(view)))
}

/// The full report of the member's kept results: every type, its description and books. Sold by
/// the quiz's results plan.
#[utoipa::path(tag = "quizzes", security(("bearer" = [])), params(("quiz" = String, Path, description = "`quiz` or `personality-quiz`")), responses(
    (status = 200, body = OkBody<QuizReport>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody, description = "The report was not bought (`report_not_bought`)"),
    (status = 404, body = ErrorBody),
))]
#[get("/api/quiz-results/{quiz}/report")]
async fn full_report(state: web::Data<AppState>, caller: LiveMember, quiz: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let (kind, member) = (quiz_of(&quiz)?, caller.id);
    let report = state.quizzes(move |q| q.report(member, kind)).await?;
    Ok(ok(QuizReport::from(report)))
}

/// The full report as a PDF to keep.
#[utoipa::path(tag = "quizzes", security(("bearer" = [])), params(("quiz" = String, Path, description = "`quiz` or `personality-quiz`")), responses(
    (status = 200, body = FileBytes, content_type = "application/pdf"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[get("/api/quiz-results/{quiz}/report.pdf")]
async fn report_pdf(state: web::Data<AppState>, caller: LiveMember, quiz: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let (kind, member) = (quiz_of(&quiz)?, caller.id);
    let site = state.config.public_url.clone();
    let pdf = state.quizzes(move |q| q.report_pdf(member, kind, &site)).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}\"", kind.report_file_name())))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(pdf))
}
