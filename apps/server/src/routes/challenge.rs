//! The ten-day challenge: the goals with the member's saved plan, making a plan (mailed), and
//! saving it.

use crate::auth::{LiveMember, LiveMemberOrGuest};
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::routes::catalogue::extras::GoalView;
use crate::routes::catalogue::views::public_url;
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpResponse};
use challenge::plan::PlanDay;
use challenge::service::PlanView;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(list_goals).service(make_plan).service(save_plan).service(onboarding_plan).service(set_reminders).service(unsubscribe);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChallengeBook {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
    /// The cover's URL ('' when the book has none).
    pub image: String,
    /// 1 to 10.
    pub day_no: u32,
    /// The member completed the book.
    pub done: bool,
}

impl From<PlanDay> for ChallengeBook {
    fn from(day: PlanDay) -> Self {
        let image = if day.book.image.is_empty() { String::new() } else { public_url(&day.book.image) };
        ChallengeBook { id: day.book.id, subid: day.book.subid, title: day.book.title, author: day.book.author, image, day_no: day.day, done: day.done }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GoalsResult {
    pub goals: Vec<GoalView>,
    /// The member's saved plan's goals (empty for visitors and members without a plan).
    pub user_goals: Vec<i64>,
    /// The member's saved plan, day 1 first.
    pub user_book_recommendations: Vec<ChallengeBook>,
    /// The saved plan's daily reminder mails are on.
    pub reminders: bool,
}

#[derive(Deserialize, ToSchema)]
pub struct TenDayChallengeRequest {
    #[serde(default)]
    pub goals: Vec<i64>,
    pub email: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenDayPlan {
    pub books: Vec<ChallengeBook>,
    pub book_ids: Vec<i64>,
    pub user_goal_titles: Vec<String>,
}

impl From<PlanView> for TenDayPlan {
    fn from(plan: PlanView) -> Self {
        let book_ids = plan.days.iter().map(|d| d.book.id).collect();
        TenDayPlan { books: plan.days.into_iter().map(Into::into).collect(), book_ids, user_goal_titles: plan.goal_titles }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenDayChallengeSubmit {
    #[serde(default)]
    pub goals: Vec<i64>,
    #[serde(default)]
    pub book_ids: Vec<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedTenDayPlan {
    pub user_goals: Vec<i64>,
    pub user_book_recommendations: Vec<ChallengeBook>,
}

/// Every goal, in the order they were added, and the signed-in member's saved ten-day plan with
/// each day marked done once its book is completed.
#[utoipa::path(security(("bearer" = []), ()), tag = "challenge", responses((status = 200, body = OkBody<GoalsResult>), (status = 401, body = ErrorBody, description = "A token was sent but is no longer valid")))]
#[get("/api/goals")]
async fn list_goals(state: web::Data<AppState>, caller: LiveMemberOrGuest) -> Result<HttpResponse, ApiError> {
    let member = caller.0.map(|user| user.id);
    let page = state.challenge(move |c| c.goals_page(member)).await?;
    let (user_goals, days, reminders) = page.saved.map_or((vec![], vec![], false), |plan| (plan.goals, plan.days, plan.reminders));
    Ok(ok(GoalsResult {
        goals: page.goals.into_iter().map(GoalView::from).collect(),
        user_goals,
        user_book_recommendations: days.into_iter().map(Into::into).collect(),
        reminders,
    }))
}

/// A ten-day plan for one or two goals, e-mailed to `email` (five plans a day per address).
#[utoipa::path(security(("bearer" = []), ()), tag = "challenge", request_body = TenDayChallengeRequest, responses(
    (status = 200, body = OkBody<TenDayPlan>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody, description = "A token was sent but is no longer valid"),
    (status = 429, body = ErrorBody),
))]
#[post("/api/user/ten-day-challenge")]
async fn make_plan(state: web::Data<AppState>, caller: LiveMemberOrGuest, body: web::Json<TenDayChallengeRequest>) -> Result<HttpResponse, ApiError> {
    let (member, body) = (caller.0.map(|user| user.id), body.into_inner());
    let plan = state.challenge(move |c| c.make_plan(member, &body.goals, body.email.as_deref())).await?;
    Ok(ok(TenDayPlan::from(plan)))
}

/// Saves the member's ten-day plan (the goals and the plan's books, day 1 first).
#[utoipa::path(tag = "challenge", security(("bearer" = [])), request_body = TenDayChallengeSubmit, responses(
    (status = 200, body = OkBody<SavedTenDayPlan>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
))]
#[post("/api/user/ten-day-challenge-submit")]
async fn save_plan(state: web::Data<AppState>, caller: LiveMember, body: web::Json<TenDayChallengeSubmit>) -> Result<HttpResponse, ApiError> {
    let (member, body) = (caller.id, body.into_inner());
    let plan = state.challenge(move |c| c.save_plan(member, &body.goals, &body.book_ids)).await?;
    Ok(ok(SavedTenDayPlan { user_goals: plan.goals, user_book_recommendations: plan.days.into_iter().map(Into::into).collect() }))
}

#[derive(Deserialize, ToSchema)]
pub struct OnboardingChoices {
    /// One or two goal ids.
    #[serde(default)]
    pub goals: Vec<i64>,
    /// Category ids.
    #[serde(default)]
    pub categories: Vec<i64>,
}

/// Onboarding's personal plan: ten books for the chosen goals, then the chosen categories, then
/// popular ones. Nothing is mailed or stored (sign-up saves it).
#[utoipa::path(tag = "challenge", request_body = OnboardingChoices, responses(
    (status = 200, body = OkBody<TenDayPlan>),
    (status = 400, body = ErrorBody),
))]
#[post("/api/onboarding/plan")]
async fn onboarding_plan(state: web::Data<AppState>, body: web::Json<OnboardingChoices>) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let plan = state.challenge(move |c| c.personal_plan(&body.goals, &body.categories)).await?;
    Ok(ok(TenDayPlan::from(plan)))
}

#[derive(Deserialize, Serialize, ToSchema)]
pub struct RemindersSetting {
    /// One mail a day at 8:00 in the member's timezone, for the plan's days.
    pub reminders: bool,
}

/// Turns the saved plan's daily reminder mails on or off.
#[utoipa::path(tag = "challenge", security(("bearer" = [])), request_body = RemindersSetting, responses(
    (status = 200, body = OkBody<RemindersSetting>),
    (status = 400, body = ErrorBody, description = "No saved plan"),
    (status = 401, body = ErrorBody),
))]
#[put("/api/user/ten-day-challenge/reminders")]
async fn set_reminders(state: web::Data<AppState>, caller: LiveMember, body: web::Json<RemindersSetting>) -> Result<HttpResponse, ApiError> {
    let (member, on) = (caller.id, body.reminders);
    let reminders = state.challenge(move |c| c.set_reminders(member, on)).await?;
    Ok(ok(RemindersSetting { reminders }))
}

#[derive(Deserialize, ToSchema)]
pub struct UnsubscribeRequest {
    /// The token of the reminder mail's link.
    pub token: String,
}

/// The reminder mail's unsubscribe link (no sign-in): reminders off.
#[utoipa::path(tag = "challenge", request_body = UnsubscribeRequest, responses(
    (status = 200, body = OkBody<crate::envelope::Empty>),
    (status = 404, body = ErrorBody, description = "An unknown link"),
))]
#[post("/api/ten-day-challenge/unsubscribe")]
async fn unsubscribe(state: web::Data<AppState>, body: web::Json<UnsubscribeRequest>) -> Result<HttpResponse, ApiError> {
    let token = body.into_inner().token;
    state.challenge(move |c| c.unsubscribe(&token)).await?;
    Ok(ok(crate::envelope::Empty {}))
}
