//! Team seats (`/teams/manage`): the buyer's seats, inviting a colleague, revoking a seat.

use crate::auth::AuthUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, post, web, HttpResponse};
use billing::codes::Seat;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(seats).service(invite).service(revoke);
}

#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum SeatStateView {
    Free,
    Invited,
    Redeemed,
    Revoked,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeatView {
    pub id: i64,
    /// The code to hand out.
    pub code: String,
    pub state: SeatStateView,
    #[schema(required = true)]
    pub invited_email: Option<String>,
    /// Epoch ms.
    #[schema(required = true)]
    pub invited_at: Option<i64>,
    /// Who redeemed it (their e-mail).
    #[schema(required = true)]
    pub redeemed_by: Option<String>,
    #[schema(required = true)]
    pub redeemed_at: Option<i64>,
}

impl From<Seat> for SeatView {
    fn from(seat: Seat) -> Self {
        let state = match seat.state() {
            billing::codes::SeatState::Free => SeatStateView::Free,
            billing::codes::SeatState::Invited => SeatStateView::Invited,
            billing::codes::SeatState::Redeemed => SeatStateView::Redeemed,
            billing::codes::SeatState::Revoked => SeatStateView::Revoked,
        };
        SeatView {
            id: seat.id,
            code: seat.code,
            state,
            invited_email: seat.invited_email,
            invited_at: seat.invited_at.map(|t| t.timestamp_millis()),
            redeemed_by: seat.redeemed_by,
            redeemed_at: seat.redeemed_at.map(|t| t.timestamp_millis()),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct SeatsResult {
    pub seats: Vec<SeatView>,
}

/// The seats of the member's team purchases.
#[utoipa::path(tag = "billing", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<SeatsResult>),
    (status = 401, body = ErrorBody),
))]
#[get("/api/teams/seats")]
async fn seats(state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    let session = caller.session();
    let owned = state.billing(move |b| b.seats(session)).await?;
    Ok(ok(SeatsResult { seats: owned.into_iter().map(SeatView::from).collect() }))
}

#[derive(Deserialize, ToSchema)]
pub struct InviteSeatRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub email: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct SeatResult {
    pub seat: SeatView,
}

/// E-mails a seat's code to a colleague.
#[utoipa::path(tag = "billing", security(("bearer" = [])), params(("id" = i64, Path)), request_body = InviteSeatRequest, responses(
    (status = 200, body = OkBody<SeatResult>),
    (status = 400, body = ErrorBody, description = "A missing or invalid e-mail"),
    (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody, description = "Not a seat of the member's"),
    (status = 409, body = ErrorBody, description = "Redeemed or revoked already"),
))]
#[post("/api/teams/seats/{id}/invite")]
async fn invite(state: web::Data<AppState>, caller: AuthUser, id: web::Path<i64>, body: web::Json<InviteSeatRequest>) -> Result<HttpResponse, ApiError> {
    let (session, id, email) = (caller.session(), id.into_inner(), body.into_inner().email);
    let seat = state.billing(move |b| b.invite_seat(session, id, email.as_deref())).await?;
    Ok(ok(SeatResult { seat: seat.into() }))
}

/// Revokes a seat nobody redeemed; a new code replaces it. Answers the seats.
#[utoipa::path(tag = "billing", security(("bearer" = [])), params(("id" = i64, Path)), responses(
    (status = 200, body = OkBody<SeatsResult>),
    (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody, description = "Not a seat of the member's"),
    (status = 409, body = ErrorBody, description = "Redeemed or revoked already"),
))]
#[post("/api/teams/seats/{id}/revoke")]
async fn revoke(state: web::Data<AppState>, caller: AuthUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let (session, id) = (caller.session(), id.into_inner());
    let providers = state.payments.clone();
    let remaining = state.billing(move |b| b.revoke_seat(&providers.secrets, session, id)).await?;
    Ok(ok(SeatsResult { seats: remaining.into_iter().map(SeatView::from).collect() }))
}
