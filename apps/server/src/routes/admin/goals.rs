//! The back office's goals: list, one, add ('Goal was added.'), edit ('Goal was edited.'), and
//! the photo and featured photo uploads.

use super::books::UploadForm;
use crate::auth::AdminUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpResponse};
use admin::content::Goal;
use admin::service::{GoalForm, GoalPhoto};
use admin::uploads::ContentSlot;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(admin_list_goals).service(admin_show_goal).service(admin_add_goal).service(admin_update_goal).service(admin_upload_goal_file);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminGoalView {
    pub id: i64,
    pub title: String,
    pub short_title: String,
    pub mobile_title: String,
    pub desc: String,
    /// The photo's store key ("" before one is uploaded).
    pub photo: String,
    pub photo_url: String,
    /// The featured photo's store key.
    pub photov2: String,
    pub photov2_url: String,
    /// Live books linked to the goal (from the book form).
    pub book_count: i64,
}

impl From<Goal> for AdminGoalView {
    fn from(g: Goal) -> Self {
        use crate::routes::catalogue::views::public_url;
        AdminGoalView {
            photo_url: public_url(&g.photo),
            photov2_url: public_url(&g.featured_photo),
            id: g.id,
            title: g.title,
            short_title: g.short_title,
            mobile_title: g.mobile_title,
            desc: g.description,
            photo: g.photo,
            photov2: g.featured_photo,
            book_count: g.book_count,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminGoalsResult {
    pub goals: Vec<AdminGoalView>,
}

#[derive(Serialize, ToSchema)]
pub struct AdminGoalResult {
    pub goal: AdminGoalView,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminGoalRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub title: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub short_title: Option<String>,
    /// The short title when left out on add.
    pub mobile_title: Option<String>,
    pub desc: Option<String>,
}

impl AdminGoalRequest {
    fn form(&self) -> GoalForm<'_> {
        GoalForm {
            title: self.title.as_deref(),
            short_title: self.short_title.as_deref(),
            mobile_title: self.mobile_title.as_deref(),
            description: self.desc.as_deref(),
        }
    }
}

/// Every goal, in the order they were added.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<AdminGoalsResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/goals/")]
async fn admin_list_goals(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let goals = state.admin(|a| a.goals()).await?;
    Ok(ok(AdminGoalsResult { goals: goals.into_iter().map(AdminGoalView::from).collect() }))
}

#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path)), responses(
    (status = 200, body = OkBody<AdminGoalResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[get("/api/admin/goals/{id}")]
async fn admin_show_goal(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let goal = state.admin(move |a| a.goal(id)).await?;
    Ok(ok(AdminGoalResult { goal: goal.into() }))
}

/// 'Goal was added.' (title and short title required).
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = AdminGoalRequest, responses(
    (status = 200, body = OkBody<AdminGoalResult>),
    (status = 400, body = ErrorBody, description = "'Please specify Title.' and the like"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[post("/api/admin/goals/")]
async fn admin_add_goal(state: web::Data<AppState>, caller: AdminUser, body: web::Json<AdminGoalRequest>) -> Result<HttpResponse, ApiError> {
    let (actor, body) = (caller.0.id, body.into_inner());
    let goal = state.admin(move |a| a.add_goal(actor, &body.form())).await?;
    Ok(ok(AdminGoalResult { goal: goal.into() }))
}

/// 'Goal was edited.' (title, short title and mobile title required).
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path)), request_body = AdminGoalRequest, responses(
    (status = 200, body = OkBody<AdminGoalResult>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[put("/api/admin/goals/{id}")]
async fn admin_update_goal(
    state: web::Data<AppState>,
    caller: AdminUser,
    id: web::Path<i64>,
    body: web::Json<AdminGoalRequest>,
) -> Result<HttpResponse, ApiError> {
    let (actor, id, body) = (caller.0.id, id.into_inner(), body.into_inner());
    let goal = state.admin(move |a| a.update_goal(actor, id, &body.form())).await?;
    Ok(ok(AdminGoalResult { goal: goal.into() }))
}

#[derive(Serialize, ToSchema)]
pub struct GoalUploadResult {
    /// 'The photo was uploaded.'
    pub message: String,
    pub goal: AdminGoalView,
}

/// Uploads the goal's `photo` or `feature-photo` (an image).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = [])),
    params(("slot" = String, Path, description = "photo or feature-photo"), ("id" = i64, Path)),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = OkBody<GoalUploadResult>),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody),
    )
)]
#[post("/api/admin/goals/{slot:photo|feature-photo}/{id}")]
async fn admin_upload_goal_file(
    state: web::Data<AppState>,
    caller: AdminUser,
    path: web::Path<(String, i64)>,
    body: actix_multipart::Multipart,
) -> Result<HttpResponse, ApiError> {
    let (slot, id) = path.into_inner();
    let actor = caller.0.id;
    let before = state.admin(move |a| a.goal(id)).await?;
    let (slot, photo, replaced) = if slot == "photo" {
        (ContentSlot::GoalPhoto, GoalPhoto::Photo, before.photo.clone())
    } else {
        (ContentSlot::GoalFeaturedPhoto, GoalPhoto::Featured, before.featured_photo.clone())
    };
    let goal =
        crate::uploads::receive_content(&state, slot, &format!("goal-{id}"), Some(replaced), body, move |a, key| a.set_goal_photo(actor, id, photo, key))
            .await?;
    Ok(ok(GoalUploadResult { message: slot.success_message().to_owned(), goal: goal.into() }))
}
