//! Back-office calls. Every one takes `AdminUser`, which checks the role in the database.

use crate::auth::AdminUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(list_users);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserView {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    #[schema(required = true)]
    pub plan_id: Option<String>,
    #[schema(required = true)]
    pub payment_method: Option<String>,
    /// Epoch milliseconds; 0 when never paid.
    pub paid_date: i64,
    #[schema(required = true)]
    pub end_paid_date: Option<i64>,
    /// Epoch milliseconds.
    pub create_date: i64,
}

#[derive(Serialize, ToSchema)]
pub struct AdminUsersResult {
    pub users: Vec<AdminUserView>,
}

/// Users, newest first, 100 from `start`.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = [])),
    params(("start" = i64, Path, description = "Offset, 0 then +100 per load")),
    responses(
        (status = 200, body = OkBody<AdminUsersResult>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not an admin"),
    )
)]
#[get("/api/admin/user/{start}")]
async fn list_users(state: web::Data<AppState>, _admin: AdminUser, start: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let start = start.into_inner();
    let members = state.admin(move |a| a.members(start)).await?;
    let users = members
        .into_iter()
        .map(|m| AdminUserView {
            id: m.id.0,
            first_name: m.first_name,
            last_name: m.last_name,
            email: m.email,
            plan_id: m.plan_id,
            payment_method: m.payment_method,
            paid_date: m.paid_date.map_or(0, |d| d.timestamp_millis()),
            end_paid_date: m.end_paid_date.map(|d| d.timestamp_millis()),
            create_date: m.created_at.timestamp_millis(),
        })
        .collect();
    Ok(ok(AdminUsersResult { users }))
}
