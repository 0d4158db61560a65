//! The back office's coupons: list, one with its uses, add, save and end. Each change carries a
//! reason for the audit log; billing checks the coupons the same way at checkout.

use crate::auth::AdminUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpResponse};
use admin::ports::CouponUse;
use admin::service::CouponForm;
use billing::Coupon;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(admin_list_coupons).service(admin_show_coupon).service(admin_add_coupon).service(admin_update_coupon).service(admin_end_coupon);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminCouponView {
    pub code: String,
    /// 0 for an amount off.
    pub percent_off: u8,
    /// Cents; 0 for a percentage.
    pub amount_off: i64,
    /// Epoch milliseconds.
    #[schema(required = true)]
    pub valid_from: Option<i64>,
    #[schema(required = true)]
    pub valid_until: Option<i64>,
    /// Null: no limit.
    #[schema(required = true)]
    pub max_redemptions: Option<u32>,
    /// Purchases that used it (paid, or still waiting for the provider).
    pub redemptions: u32,
    /// Empty: every plan.
    pub plan_ids: Vec<String>,
    pub once_per_member: bool,
    pub site_offer: bool,
    #[schema(required = true)]
    pub ended_at: Option<i64>,
    /// `running`, `scheduled`, `used up`, `expired` or `ended`.
    pub state: String,
}

impl AdminCouponView {
    fn of(c: Coupon) -> Self {
        let state = c.state(chrono::Utc::now()).to_owned();
        AdminCouponView {
            percent_off: c.percent_off,
            amount_off: c.amount_off.0,
            valid_from: c.valid_from.map(|t| t.timestamp_millis()),
            valid_until: c.valid_until.map(|t| t.timestamp_millis()),
            max_redemptions: c.max_redemptions,
            redemptions: c.redemptions,
            plan_ids: c.plan_ids,
            once_per_member: c.once_per_member,
            site_offer: c.site_offer,
            ended_at: c.ended_at.map(|t| t.timestamp_millis()),
            code: c.code,
            state,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CouponUseView {
    pub charge_id: String,
    pub email: String,
    pub plan_id: String,
    /// Cents paid.
    pub amount: i64,
    pub status: String,
    /// Epoch milliseconds.
    pub at: i64,
}

impl From<CouponUse> for CouponUseView {
    fn from(u: CouponUse) -> Self {
        CouponUseView { charge_id: u.charge_id, email: u.email, plan_id: u.plan_id, amount: u.amount.0, status: u.status, at: u.at.timestamp_millis() }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminCouponsResult {
    pub coupons: Vec<AdminCouponView>,
}

#[derive(Serialize, ToSchema)]
pub struct AdminCouponResult {
    pub coupon: AdminCouponView,
    /// The latest 100 purchases that used it, newest first.
    pub uses: Vec<CouponUseView>,
}

/// The whole coupon as the form sends it (an absent or null date, limit or plan list means none).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminCouponRequest {
    /// Read when adding only: a coupon's code never changes.
    pub code: Option<String>,
    pub percent_off: Option<i64>,
    /// Cents.
    pub amount_off: Option<i64>,
    pub valid_from: Option<i64>,
    pub valid_until: Option<i64>,
    pub max_redemptions: Option<i64>,
    pub plan_ids: Option<Vec<String>>,
    pub once_per_member: Option<bool>,
    pub site_offer: Option<bool>,
    /// Why (kept in the audit log); required. Read as optional so that a missing one gets the
    /// form's message rather than a parse error, but documented as it must be sent.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub reason: Option<String>,
}

impl AdminCouponRequest {
    fn form(&self) -> CouponForm<'_> {
        CouponForm {
            code: self.code.as_deref(),
            percent_off: Some(self.percent_off.unwrap_or(0)),
            amount_off_cents: Some(self.amount_off.unwrap_or(0)),
            valid_from: Some(self.valid_from),
            valid_until: Some(self.valid_until),
            max_redemptions: Some(self.max_redemptions),
            plan_ids: Some(self.plan_ids.clone().unwrap_or_default()),
            once_per_member: Some(self.once_per_member.unwrap_or(false)),
            site_offer: Some(self.site_offer.unwrap_or(false)),
            reason: self.reason.as_deref(),
        }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct AdminEndCouponRequest {
    /// Why (kept in the audit log); required. Read as optional so that a missing one gets the
    /// form's message rather than a parse error, but documented as it must be sent.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub reason: Option<String>,
}

/// Every coupon, newest first.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<AdminCouponsResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/coupons")]
async fn admin_list_coupons(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let coupons = state.admin(|a| a.coupons()).await?;
    Ok(ok(AdminCouponsResult { coupons: coupons.into_iter().map(AdminCouponView::of).collect() }))
}

#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("code" = String, Path)), responses(
    (status = 200, body = OkBody<AdminCouponResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[get("/api/admin/coupons/{code}")]
async fn admin_show_coupon(state: web::Data<AppState>, _admin: AdminUser, code: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let code = code.into_inner();
    let (coupon, uses) = state.admin(move |a| a.coupon_with_uses(&code)).await?;
    Ok(ok(AdminCouponResult { coupon: AdminCouponView::of(coupon), uses: uses.into_iter().map(CouponUseView::from).collect() }))
}

/// Adds a coupon.
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = AdminCouponRequest, responses(
    (status = 200, body = OkBody<AdminCouponResult>),
    (status = 400, body = ErrorBody, description = "A bad code, discount, date, limit or plan, a taken code, or no reason"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[post("/api/admin/coupons")]
async fn admin_add_coupon(state: web::Data<AppState>, caller: AdminUser, body: web::Json<AdminCouponRequest>) -> Result<HttpResponse, ApiError> {
    let (actor, body) = (caller.0.id, body.into_inner());
    let coupon = state.admin(move |a| a.add_coupon(actor, &body.form())).await?;
    Ok(ok(AdminCouponResult { coupon: AdminCouponView::of(coupon), uses: vec![] }))
}

/// Saves a coupon (all of its fields but the code).
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("code" = String, Path)), request_body = AdminCouponRequest, responses(
    (status = 200, body = OkBody<AdminCouponResult>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[put("/api/admin/coupons/{code}")]
async fn admin_update_coupon(
    state: web::Data<AppState>,
    caller: AdminUser,
    code: web::Path<String>,
    body: web::Json<AdminCouponRequest>,
) -> Result<HttpResponse, ApiError> {
    let (actor, code, body) = (caller.0.id, code.into_inner(), body.into_inner());
    let (coupon, uses) = state
        .admin(move |a| {
            a.update_coupon(actor, &code, &body.form())?;
            a.coupon_with_uses(&code)
        })
        .await?;
    Ok(ok(AdminCouponResult { coupon: AdminCouponView::of(coupon), uses: uses.into_iter().map(CouponUseView::from).collect() }))
}

/// Ends a coupon now: checkout refuses it from then on and it stops being the site's offer.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("code" = String, Path)), request_body = AdminEndCouponRequest, responses(
    (status = 200, body = OkBody<AdminCouponResult>),
    (status = 400, body = ErrorBody, description = "No reason"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[post("/api/admin/coupons/{code}/end")]
async fn admin_end_coupon(
    state: web::Data<AppState>,
    caller: AdminUser,
    code: web::Path<String>,
    body: web::Json<AdminEndCouponRequest>,
) -> Result<HttpResponse, ApiError> {
    let (actor, code, body) = (caller.0.id, code.into_inner(), body.into_inner());
    let (coupon, uses) = state
        .admin(move |a| {
            a.end_coupon(actor, &code, body.reason.as_deref())?;
            a.coupon_with_uses(&code)
        })
        .await?;
    Ok(ok(AdminCouponResult { coupon: AdminCouponView::of(coupon), uses: uses.into_iter().map(CouponUseView::from).collect() }))
}
