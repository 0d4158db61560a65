//! Back-office calls. Every one takes `AdminUser`, which checks the role in the database.

use crate::auth::AdminUser;
use crate::envelope::{blocking, ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(list_users);
}

/// The back office's page size for users.
pub const USERS_PAGE: i64 = 100;

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
    if start < 0 {
        return Err(ApiError::bad_request("invalid_request", "The start must be 0 or more."));
    }
    let pool = state.pool.clone();
    let rows = blocking(move || -> Result<_, ApiError> {
        let mut conn = pool.get().map_err(|_| ApiError::unavailable())?;
        Ok(db::admin_users::list_users(&mut conn, start, USERS_PAGE)?)
    })
    .await?;
    let users = rows
        .into_iter()
        .map(|row| AdminUserView {
            id: row.id,
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            plan_id: row.plan_id,
            payment_method: row.payment_method,
            paid_date: row.paid_date.map_or(0, |d| d.timestamp_millis()),
            end_paid_date: row.end_paid_date.map(|d| d.timestamp_millis()),
            create_date: row.created_at.timestamp_millis(),
        })
        .collect();
    Ok(ok(AdminUsersResult { users }))
}
