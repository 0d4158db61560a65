//! The account's security: two-factor sign-in (enrolment, the login's second step, recovery
//! codes) and the list of signed-in sessions.

use crate::auth::{client_info, AuthUser};
use crate::envelope::{blocking, ok, ApiError, Empty, ErrorBody, Ok as OkBody};
use crate::routes::user::{signed_in_response, signed_out, SignedInResult};
use crate::state::AppState;
use actix_web::{delete, get, post, web, HttpRequest, HttpResponse};
use kernel::SessionId;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(second_step)
        .service(status)
        .service(setup)
        .service(enable)
        .service(disable)
        .service(renew_recovery_codes)
        .service(sessions)
        .service(end_session);
}

#[derive(Deserialize, ToSchema)]
pub struct SecondStepRequest {
    /// The challenge the login answered.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub challenge: Option<String>,
    /// Six digits from the authenticator app, or a recovery code.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub code: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct CodeRequest {
    /// Six digits from the authenticator app (or, to turn it off or renew codes, a recovery code).
    #[schema(value_type = String, required = true, min_length = 1)]
    pub code: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorStatusResult {
    pub enabled: bool,
    pub recovery_codes_left: u32,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrolmentResult {
    /// The shared secret, base32, for typing into an app by hand.
    pub secret: String,
    /// The `otpauth://` URL, for a QR code.
    pub otpauth_url: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodesResult {
    /// Shown once; each works once.
    pub recovery_codes: Vec<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    /// Opaque id, for ending this session.
    pub id: String,
    /// e.g. "Firefox on Linux".
    pub device: String,
    pub address: String,
    /// Epoch milliseconds.
    pub started_at: i64,
    /// Epoch milliseconds.
    pub last_used_at: i64,
    /// The session of this browser.
    pub current: bool,
}

#[derive(Serialize, ToSchema)]
pub struct SessionsResult {
    pub sessions: Vec<SessionView>,
}

/// The second step of a login with two-factor on: the challenge and a code.
#[utoipa::path(
    tag = "user",
    request_body = SecondStepRequest,
    responses(
        (status = 200, body = OkBody<SignedInResult>, description = "Signed in; sets the refresh and isPaid cookies"),
        (status = 400, body = ErrorBody, description = "A missing or wrong code"),
        (status = 401, body = ErrorBody, description = "The challenge expired or was used: log in again"),
        (status = 429, body = ErrorBody, description = "Too many wrong codes for this account"),
    )
)]
#[post("/api/user/login/two-factor")]
async fn second_step(req: HttpRequest, state: web::Data<AppState>, body: web::Json<SecondStepRequest>) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let client = client_info(&req);
    let SecondStepRequest { challenge, code } = body.into_inner();
    let signed_in = blocking(move || identity.finish_second_factor(challenge.as_deref(), code.as_deref(), client)).await?;
    Ok(signed_in_response(&req, &state, signed_in))
}

/// Whether two-factor sign-in is on, and how many recovery codes are left.
#[utoipa::path(tag = "user", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<TwoFactorStatusResult>), (status = 401, body = ErrorBody)
))]
#[get("/api/user/two-factor")]
async fn status(state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let status = blocking(move || identity.two_factor_status(caller.session())).await?;
    Ok(ok(TwoFactorStatusResult { enabled: status.enabled, recovery_codes_left: status.recovery_codes_left }))
}

/// Start turning two-factor on: a new secret for the authenticator app. Sign-in is unchanged
/// until a code confirms it.
#[utoipa::path(tag = "user", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<EnrolmentResult>),
    (status = 400, body = ErrorBody, description = "Two-factor is already on"),
    (status = 401, body = ErrorBody)
))]
#[post("/api/user/two-factor/setup")]
async fn setup(state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let enrolment = blocking(move || identity.start_two_factor(caller.session())).await?;
    Ok(ok(EnrolmentResult { secret: enrolment.secret, otpauth_url: enrolment.provisioning_url }))
}

/// Turn two-factor on with a code from the app; answers the ten recovery codes (shown once).
#[utoipa::path(tag = "user", security(("bearer" = [])), request_body = CodeRequest, responses(
    (status = 200, body = OkBody<RecoveryCodesResult>),
    (status = 400, body = ErrorBody, description = "A missing or wrong code, or no setup started"),
    (status = 401, body = ErrorBody),
    (status = 429, body = ErrorBody)
))]
#[post("/api/user/two-factor/enable")]
async fn enable(state: web::Data<AppState>, caller: AuthUser, body: web::Json<CodeRequest>) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let code = body.into_inner().code;
    let recovery_codes = blocking(move || identity.enable_two_factor(caller.session(), code.as_deref())).await?;
    Ok(ok(RecoveryCodesResult { recovery_codes }))
}

/// Turn two-factor off (a current code or a recovery code is needed).
#[utoipa::path(tag = "user", security(("bearer" = [])), request_body = CodeRequest, responses(
    (status = 200, body = OkBody<Empty>),
    (status = 400, body = ErrorBody, description = "A missing or wrong code, or two-factor is off"),
    (status = 401, body = ErrorBody),
    (status = 429, body = ErrorBody)
))]
#[post("/api/user/two-factor/disable")]
async fn disable(state: web::Data<AppState>, caller: AuthUser, body: web::Json<CodeRequest>) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let code = body.into_inner().code;
    blocking(move || identity.disable_two_factor(caller.session(), code.as_deref())).await?;
    Ok(ok(Empty {}))
}

/// New recovery codes; the old ones stop working (a current code is needed).
#[utoipa::path(tag = "user", security(("bearer" = [])), request_body = CodeRequest, responses(
    (status = 200, body = OkBody<RecoveryCodesResult>),
    (status = 400, body = ErrorBody, description = "A missing or wrong code, or two-factor is off"),
    (status = 401, body = ErrorBody),
    (status = 429, body = ErrorBody)
))]
#[post("/api/user/two-factor/recovery-codes")]
async fn renew_recovery_codes(state: web::Data<AppState>, caller: AuthUser, body: web::Json<CodeRequest>) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let code = body.into_inner().code;
    let recovery_codes = blocking(move || identity.renew_recovery_codes(caller.session(), code.as_deref())).await?;
    Ok(ok(RecoveryCodesResult { recovery_codes }))
}

/// The member's signed-in sessions, most recently used first.
#[utoipa::path(tag = "user", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<SessionsResult>), (status = 401, body = ErrorBody)
))]
#[get("/api/user/sessions")]
async fn sessions(state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let sessions = blocking(move || identity.sessions(caller.session())).await?;
    Ok(ok(SessionsResult {
        sessions: sessions
            .into_iter()
            .map(|s| SessionView {
                id: s.id.to_hex(),
                device: s.device,
                address: s.address,
                started_at: s.started_at.timestamp_millis(),
                last_used_at: s.last_used_at.timestamp_millis(),
                current: s.current,
            })
            .collect(),
    }))
}

/// Sign one session out; its access tokens stop working at once. Ending this browser's own
/// session also clears its cookies.
#[utoipa::path(tag = "user", security(("bearer" = [])), params(("id" = String, Path, description = "A session id from the list")), responses(
    (status = 200, body = OkBody<Empty>),
    (status = 401, body = ErrorBody),
    (status = 404, body = ErrorBody, description = "No such live session of this member")
))]
#[delete("/api/user/sessions/{id}")]
async fn end_session(req: HttpRequest, state: web::Data<AppState>, caller: AuthUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let not_found = || ApiError::from(identity::IdentityError::SessionNotFound);
    let target = SessionId::parse_hex(&path.into_inner()).ok_or_else(not_found)?;
    let identity = state.identity.clone();
    let session = caller.session();
    blocking(move || identity.end_session(session, target)).await?;
    Ok(if target == session.id { signed_out(&req) } else { ok(Empty {}) })
}
