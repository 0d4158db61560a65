//! Back-office calls. Every one takes `AdminUser`, which checks the role in the database.

use crate::auth::AdminUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, put, web, HttpResponse};
use admin::audit::{AuditFilter, AuditRecord};
use admin::service::MemberChange;
use admin::MemberSummary;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

mod affiliates;
mod blog;
mod books;
mod collections;
mod coupons;
mod goals;
mod insights;
mod messages;
mod plans;
mod podcasts;
mod stats;
mod visuals;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(list_users)
        .service(edit_user)
        .service(update_user)
        .service(audit)
        .configure(books::configure)
        .configure(podcasts::configure)
        .configure(goals::configure)
        .configure(blog::configure)
        .configure(insights::configure)
        .configure(collections::configure)
        .configure(coupons::configure)
        .configure(visuals::configure)
        .configure(messages::configure)
        .configure(plans::configure)
        .configure(affiliates::configure)
        .configure(stats::configure);
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
    /// Live members in all (matching the search, when there is one).
    pub total: i64,
}

impl From<MemberSummary> for AdminUserView {
    fn from(m: MemberSummary) -> Self {
        AdminUserView {
            id: m.id.0,
            first_name: m.first_name,
            last_name: m.last_name,
            email: m.email,
            plan_id: m.plan_id,
            payment_method: m.payment_method,
            paid_date: m.paid_date.map_or(0, |d| d.timestamp_millis()),
            end_paid_date: m.end_paid_date.map(|d| d.timestamp_millis()),
            create_date: m.created_at.timestamp_millis(),
        }
    }
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct UserSearch {
    /// Part of an e-mail or name (any case); beyond the spec.
    pub q: Option<String>,
}

/// Users, newest first, 100 from `start`; with `q`, those whose e-mail or name contains it.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = [])),
    params(("start" = i64, Path, description = "Offset, 0 then +100 per load"), UserSearch),
    responses(
        (status = 200, body = OkBody<AdminUsersResult>),
        (status = 400, body = ErrorBody, description = "A negative start or a search over 100 characters"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not an admin (or an admin without two-factor: mfa_required)"),
    )
)]
#[get("/api/admin/user/{start}")]
async fn list_users(state: web::Data<AppState>, _admin: AdminUser, start: web::Path<i64>, query: web::Query<UserSearch>) -> Result<HttpResponse, ApiError> {
    let start = start.into_inner();
    let search = query.into_inner().q;
    let (members, total) = state.admin(move |a| a.members_page(start, search.as_deref())).await?;
    Ok(ok(AdminUsersResult { users: members.into_iter().map(AdminUserView::from).collect(), total }))
}

/// The user edit screen reads `result.user` as a list and uses the first item (spec).
#[derive(Serialize, ToSchema)]
pub struct AdminUserEditResult {
    pub user: Vec<AdminUserView>,
}

/// One member, for the edit screen.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = [])),
    params(("userId" = i64, Path)),
    responses(
        (status = 200, body = OkBody<AdminUserEditResult>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "'User not found.'"),
    )
)]
#[get("/api/admin/user/edit/{userId}")]
async fn edit_user(state: web::Data<AppState>, _admin: AdminUser, user_id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = user_id.into_inner();
    let member = state.admin(move |a| a.member(id)).await?;
    Ok(ok(AdminUserEditResult { user: vec![member.into()] }))
}

/// The user edit form.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserRequest {
    #[schema(value_type = i64, required = true)]
    pub user_id: Option<i64>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub first_name: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub last_name: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub email: Option<String>,
    /// Empty: no plan.
    pub plan_id: Option<String>,
    /// Epoch ms; 0: never paid.
    pub paid_date: Option<i64>,
    /// Epoch ms; 0: for life; missing: unchanged (beyond the spec's body).
    pub end_paid_date: Option<i64>,
    pub payment_method: Option<String>,
    /// Why the plan changed; required when it does (beyond the spec's body).
    pub reason: Option<String>,
}

/// Saves a member (the spec's required fields and messages); a plan change needs a reason and
/// every change is in the audit log.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = [])),
    request_body = AdminUserRequest,
    responses(
        (status = 200, body = OkBody<AdminUserEditResult>, description = "Saved; the member as stored"),
        (status = 400, body = ErrorBody, description = "'Please specify First Name.' and the like, an invalid e-mail, an unknown plan, a plan change without a reason"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The e-mail belongs to another account"),
    )
)]
#[put("/api/admin/user")]
async fn update_user(state: web::Data<AppState>, caller: AdminUser, body: web::Json<AdminUserRequest>) -> Result<HttpResponse, ApiError> {
    let actor = caller.0.id;
    let body = body.into_inner();
    let saved = state
        .admin(move |a| {
            a.update_member(
                actor,
                &MemberChange {
                    user_id: body.user_id,
                    first_name: body.first_name.as_deref(),
                    last_name: body.last_name.as_deref(),
                    email: body.email.as_deref(),
                    plan_id: body.plan_id.as_deref(),
                    paid_date: body.paid_date,
                    end_paid_date: body.end_paid_date,
                    payment_method: body.payment_method.as_deref(),
                    reason: body.reason.as_deref(),
                },
            )
        })
        .await?;
    Ok(ok(AdminUserEditResult { user: vec![saved.into()] }))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct AuditQuery {
    /// e.g. member.plan_changed, book.updated.
    pub action: Option<String>,
    /// The member's or book's id.
    pub entity_id: Option<String>,
    /// The admin's user id.
    pub actor: Option<i64>,
    /// Epoch ms, inclusive.
    pub since: Option<i64>,
    /// Epoch ms, exclusive.
    pub until: Option<i64>,
    /// The next page: entries older than this id.
    pub before_id: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryView {
    pub id: i64,
    #[schema(required = true)]
    pub actor_id: Option<i64>,
    #[schema(required = true)]
    pub actor_email: Option<String>,
    pub action: String,
    pub entity: String,
    pub entity_id: String,
    pub before: serde_json::Value,
    pub after: serde_json::Value,
    #[schema(required = true)]
    pub reason: Option<String>,
    /// Epoch ms.
    pub at: i64,
}

impl From<AuditRecord> for AuditEntryView {
    fn from(r: AuditRecord) -> Self {
        AuditEntryView {
            id: r.id,
            actor_id: r.actor.map(|a| a.0),
            actor_email: r.actor_email,
            action: r.action,
            entity: r.entity,
            entity_id: r.entity_id,
            before: r.before,
            after: r.after,
            reason: r.reason,
            at: r.at.timestamp_millis(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AuditResult {
    pub entries: Vec<AuditEntryView>,
}

/// The audit log, newest first, 100 at a time, with filters.
#[utoipa::path(
    tag = "admin",
    security(("bearer" = [])),
    params(AuditQuery),
    responses(
        (status = 200, body = OkBody<AuditResult>),
        (status = 400, body = ErrorBody, description = "An unknown action or a date out of range"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
#[get("/api/admin/audit")]
async fn audit(state: web::Data<AppState>, _admin: AdminUser, query: web::Query<AuditQuery>) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let entries = state
        .admin(move |a| {
            let filter = AuditFilter::parse(query.action.as_deref(), query.entity_id, query.actor, query.since, query.until, query.before_id)?;
            a.audit(&filter)
        })
        .await?;
    Ok(ok(AuditResult { entries: entries.into_iter().map(AuditEntryView::from).collect() }))
}
