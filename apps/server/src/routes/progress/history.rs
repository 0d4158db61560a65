//! Position saves, video starts and the progress report (XP, streaks, awards, skills).

use super::BookKey;
use crate::auth::AuthUser;
use crate::envelope::{ok, ApiError, Empty, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpResponse};
use reading_progress::service::PositionSaveRequest as SaveRequest;
use reading_progress::SKILL_TARGET;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionSaveRequest {
    /// The book's id (or subid).
    #[schema(required = true)]
    pub book_id: Option<BookKey>,
    /// Section index, 0-based; clamped to the book.
    #[schema(required = true)]
    pub position: Option<i64>,
    /// The member reached the last section.
    #[serde(default)]
    pub completed: bool,
    /// When the member was there, in ms since the epoch by the device's clock: a save queued
    /// while offline. A save older than the stored position's keeps the stored position (another
    /// device was further along later); its completion still counts. A time after the server's
    /// clock counts as now. Absent: now.
    pub saved_at: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionSaveResult {
    /// The position stored (after clamping).
    pub position: u32,
    pub completed: bool,
    /// True only for the save that first completed this book.
    pub first_completion: bool,
    /// XP this save earned (10 on the first completion, else 0).
    pub xp_gained: u32,
}

/// Saves where the member is in a book; `completed` on the last section. Saving the same position
/// twice changes nothing; the first completion of a book earns 10 XP, later ones none.
#[utoipa::path(
    tag = "progress",
    security(("bearer" = [])),
    request_body = PositionSaveRequest,
    responses(
        (status = 200, body = OkBody<PositionSaveResult>),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "The book is not unlocked for this member"),
        (status = 404, body = ErrorBody)
    )
)]
#[put("/api/user-book-history/")]
async fn save_position(state: web::Data<AppState>, who: AuthUser, body: web::Json<PositionSaveRequest>) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let saved_at = match body.saved_at {
        Some(ms) => Some(kernel::from_epoch_millis(ms).ok_or_else(|| ApiError::bad_request("invalid_request", "savedAt is not a valid time."))?),
        None => None,
    };
    let request = SaveRequest { book: body.book_id.map(BookKey::into_key), position: body.position, completed: body.completed, saved_at };
    let plan = state.progress(move |p| p.save_position(who.session(), request)).await?;
    Ok(ok(PositionSaveResult {
        position: plan.entry.position,
        completed: plan.entry.completed,
        first_completion: plan.first_completion,
        xp_gained: plan.xp_gained,
    }))
}

/// Logs that the member started the book's video.
#[utoipa::path(
    tag = "progress",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Numeric id or subid")),
    responses(
        (status = 200, body = OkBody<Empty>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "The member may not watch this video"),
        (status = 404, body = ErrorBody)
    )
)]
#[post("/api/user-book-history/{id}")]
async fn log_video_start(state: web::Data<AppState>, who: AuthUser, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let key = catalogue::BookKey::parse(&id);
    state.progress(move |p| p.start_video(who.session(), &key)).await?;
    Ok(ok(Empty {}))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StreaksView {
    /// Consecutive days with a completed summary, ending today or yesterday (member's timezone).
    pub current_streak: u32,
    pub best_streak: u32,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AwardView {
    /// Starter, Trailblazer, Champ, Genius or Scholar.
    pub name: &'static str,
    /// XP at which it is earned.
    pub xp: u32,
    pub earned: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LevelView {
    /// The highest award earned.
    #[schema(required = true)]
    pub current: Option<&'static str>,
    /// The next award (none once every award is earned).
    #[schema(required = true)]
    pub next: Option<&'static str>,
    /// XP of the next award.
    #[schema(required = true)]
    pub next_xp: Option<u32>,
    pub xp_to_next: u32,
    /// 0 to 100: the way from the current award (or 0 XP) to the next.
    pub percent: u32,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SkillView {
    /// The category's name.
    pub name: String,
    /// Completed summaries in the category.
    pub completed: u32,
    /// Summaries that complete the skill (10).
    pub target: u32,
    pub acquired: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProgressResult {
    pub is_paid: bool,
    pub num_completed: u32,
    pub xp: u32,
    pub streaks: StreaksView,
    /// Completed summaries per category name.
    pub skills_num_completed: BTreeMap<String, u32>,
    pub awards: Vec<AwardView>,
    pub level: LevelView,
    /// Skills with any progress, acquired ones first.
    pub skills: Vec<SkillView>,
}

/// The member's progress: completions, XP, streaks, awards and skills.
#[utoipa::path(
    tag = "progress",
    security(("bearer" = [])),
    responses((status = 200, body = OkBody<ProgressResult>), (status = 401, body = ErrorBody))
)]
#[get("/api/user-book-history/xp")]
async fn progress_report(state: web::Data<AppState>, who: AuthUser) -> Result<HttpResponse, ApiError> {
    let summary = state.progress(move |p| p.report(who.session())).await?;
    let report = summary.report;
    Ok(ok(ProgressResult {
        is_paid: summary.is_paid,
        num_completed: report.num_completed,
        xp: report.xp,
        streaks: StreaksView { current_streak: report.streaks.current, best_streak: report.streaks.best },
        skills_num_completed: summary.per_category.into_iter().collect(),
        awards: report.awards.iter().map(|a| AwardView { name: a.award.name(), xp: a.award.threshold(), earned: a.earned }).collect(),
        level: LevelView {
            current: report.level.current.map(|a| a.name()),
            next: report.level.next.map(|a| a.name()),
            next_xp: report.level.next.map(|a| a.threshold()),
            xp_to_next: report.level.xp_to_next,
            percent: report.level.percent,
        },
        skills: report.skills.into_iter().map(|s| SkillView { name: s.name, completed: s.completed, target: SKILL_TARGET, acquired: s.acquired }).collect(),
    }))
}
