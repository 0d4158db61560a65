//! Identity calls, at the member spec's exact paths.

use crate::auth::{clear_session_cookies, client_address, client_info, refresh_cookie_value, set_paid_cookie, set_session_cookies, AuthUser, SameSiteRequest};
use crate::envelope::{blocking, ApiError, Empty, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpRequest, HttpResponse};
use identity::model::RegistrationForm;
use identity::{SignInStep, SignedIn, User};
use kernel::Timestamp;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(register)
        .service(login)
        .service(session)
        .service(refresh_token)
        .service(logout)
        .service(logout_everywhere)
        .service(forgot_password)
        .service(reset_password)
        .service(verify_email)
        .service(resend_verification)
        .service(change_password)
        .service(account)
        .service(delete_account)
        .service(subscription_code_register);
}

/// The User entity of the member spec (dates as epoch milliseconds).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: i64,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    #[schema(required = true)]
    pub plan_id: Option<String>,
    /// When the current paid period started; 0 when never paid.
    pub paid_date: i64,
    /// When it ends; null for lifetime or never paid.
    #[schema(required = true)]
    pub end_paid_date: Option<i64>,
    /// Category ids the member picked.
    pub recommends: Vec<i64>,
    #[schema(required = true)]
    pub friend_email: Option<String>,
    pub is_paid: bool,
    pub is_admin: bool,
    /// The e-mail address is confirmed; until it is, the member cannot buy or receive a gift.
    pub email_verified: bool,
}

impl UserView {
    pub fn new(user: &User, now: Timestamp) -> Self {
        UserView {
            id: user.id.0,
            email: user.email.to_string(),
            first_name: user.first_name.clone(),
            last_name: user.last_name.clone(),
            plan_id: user.plan.plan_id.clone(),
            paid_date: user.plan.paid_date.map_or(0, |d| d.timestamp_millis()),
            end_paid_date: user.plan.end_paid_date.map(|d| d.timestamp_millis()),
            recommends: user.recommends.clone(),
            friend_email: user.friend_email.clone(),
            is_paid: user.plan.is_paid(now),
            is_admin: user.is_admin(),
            email_verified: user.email_verified,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct SignedInResult {
    /// The access token (1 hour), sent back as `Authorization: Bearer`.
    pub token: String,
    pub user: UserView,
}

/// The second step a login waits for (two-factor on): send the challenge back with a code to
/// `POST /api/user/login/two-factor`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorChallengeResult {
    /// Always true.
    pub two_factor_required: bool,
    pub challenge: String,
    /// Epoch milliseconds; after this the login starts over.
    pub expires_at: i64,
}

/// A provider sign-in whose address the provider does not vouch for: a link mailed to it
/// finishes the sign-in in this browser (`POST /api/oauth/confirm`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailConfirmationResult {
    /// Always true.
    pub confirm_by_mail: bool,
    /// Where the link went.
    pub email: String,
    /// Epoch milliseconds; after this the link no longer works.
    pub expires_at: i64,
}

/// A login either signs in or, for a member with two-factor on, asks for a code.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum LoginResult {
    SignedIn(SignedInResult),
    TwoFactor(TwoFactorChallengeResult),
}

/// A provider sign-in answers as a login does, or waits for the link mailed to an address the
/// provider did not vouch for.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum ProviderSignInResult {
    SignedIn(SignedInResult),
    TwoFactor(TwoFactorChallengeResult),
    MailConfirmation(MailConfirmationResult),
}

#[derive(Serialize, ToSchema)]
pub struct UserResult {
    pub user: UserView,
}

#[derive(Serialize, ToSchema)]
pub struct TokenResult {
    pub token: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterRequest {
    /// The e-mail address.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub username: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub password: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub first_name: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub last_name: Option<String>,
    /// IANA time zone, e.g. "Europe/Paris"; defaults to UTC.
    pub timezone: Option<String>,
    /// A guest purchase to attach (as `mark-as-paid`).
    pub charge_id: Option<String>,
    /// The referrer's public id (from `/r/{id}`): they referred this new member. An unknown id is
    /// ignored.
    pub r_id: Option<String>,
}

impl RegisterRequest {
    fn form(self) -> RegistrationForm {
        RegistrationForm {
            username: self.username,
            password: self.password,
            first_name: self.first_name,
            last_name: self.last_name,
            timezone: self.timezone,
            referral_id: self.r_id,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub email: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub password: Option<String>,
    /// A guest purchase to attach once signed in (as `mark-as-paid`).
    pub charge_id: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct VerifyEmailRequest {
    /// The code from the e-mailed link (`/verify-email/{code}`).
    #[schema(value_type = String, required = true, min_length = 1)]
    pub code: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct ForgotPasswordRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub email: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct ResetPasswordRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub password1: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub password2: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub code: Option<String>,
    pub email: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    pub current_password: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub password1: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub password2: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct DeleteAccountRequest {
    pub why: Option<String>,
    pub how: Option<String>,
    /// The member's password, to prove it is them (Security III §5).
    pub password: Option<String>,
    /// Or a code of their authenticator app.
    pub code: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeRegisterRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub username: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub password: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub first_name: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub last_name: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub code: Option<String>,
    pub timezone: Option<String>,
    /// The referral link the visitor arrived through (`/r/{rId}`).
    pub r_id: Option<String>,
}

/// The answer to a login step: signed in (cookies set), the challenge of the second step, or (a
/// provider's sign-in) the mailed link's wait. A password login answers only the first two
/// (`LoginResult`); the JSON of each is the same in both.
pub(crate) fn sign_in_step_response(req: &HttpRequest, state: &AppState, step: SignInStep) -> HttpResponse {
    match step {
        SignInStep::SignedIn(signed_in) => signed_in_response(req, state, signed_in),
        SignInStep::SecondFactor(second) => crate::envelope::ok(ProviderSignInResult::TwoFactor(TwoFactorChallengeResult {
            two_factor_required: true,
            challenge: second.challenge,
            expires_at: second.expires_at.timestamp_millis(),
        })),
        SignInStep::ConfirmByMail(sent) => {
            let mut response = HttpResponse::Ok();
            crate::auth::set_sign_in_by_mail_cookie(&mut response, req, &sent.browser_key);
            response.json(OkBody {
                status: "ok",
                result: ProviderSignInResult::MailConfirmation(MailConfirmationResult {
                    confirm_by_mail: true,
                    email: sent.email.to_string(),
                    expires_at: sent.expires_at.timestamp_millis(),
                }),
            })
        }
    }
}

pub(crate) fn signed_in_response(req: &HttpRequest, state: &AppState, signed_in: SignedIn) -> HttpResponse {
    let user = UserView::new(&signed_in.user, state.clock.now());
    let mut response = HttpResponse::Ok();
    set_session_cookies(&mut response, req, &signed_in.refresh_token, user.is_paid);
    response.json(OkBody { status: "ok", result: SignedInResult { token: signed_in.access_token, user } })
}

/// Create an account and sign in.
#[utoipa::path(
    tag = "user",
    request_body = RegisterRequest,
    responses(
        (status = 200, body = OkBody<SignedInResult>, description = "Signed in; sets the refresh and isPaid cookies"),
        (status = 400, body = ErrorBody, description = "'Please specify an email or password or first name or last name.' or a format error"),
        (status = 409, body = ErrorBody, description = "The e-mail is registered already"),
    )
)]
#[post("/api/user/register")]
async fn register(req: HttpRequest, state: web::Data<AppState>, body: web::Json<RegisterRequest>) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let charge_id = body.charge_id.clone();
    let signed_in = crate::workflows::joining::sign_up(&state, body.form(), client_info(&req), charge_id).await?;
    Ok(signed_in_response(&req, &state, signed_in))
}

/// Sign in with e-mail and password. With two-factor on, the answer is a challenge for the
/// second step instead.
#[utoipa::path(
    tag = "user",
    request_body = LoginRequest,
    responses(
        (status = 200, body = OkBody<LoginResult>, description = "Signed in (sets the refresh and isPaid cookies), or the two-factor challenge"),
        (status = 400, body = ErrorBody, description = "'Please specify an email or password.' or 'Incorrect email or password.' (the same for unknown e-mails)"),
        (status = 429, body = ErrorBody, description = "Too many failed attempts from this address"),
    )
)]
#[post("/api/user/login")]
async fn login(req: HttpRequest, state: web::Data<AppState>, body: web::Json<LoginRequest>) -> Result<HttpResponse, ApiError> {
    let LoginRequest { email, password, charge_id } = body.into_inner();
    let step = crate::workflows::joining::log_in(&state, email, password, client_info(&req), charge_id).await?;
    Ok(sign_in_step_response(&req, &state, step))
}

/// The signed-in user, to check a stored token.
#[utoipa::path(
    tag = "user",
    security(("bearer" = [])),
    responses((status = 200, body = OkBody<UserResult>), (status = 401, body = ErrorBody))
)]
#[get("/api/user/session")]
async fn session(req: HttpRequest, state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    user_response(&req, &state, caller).await
}

/// The account details of the signed-in user.
#[utoipa::path(
    tag = "user",
    security(("bearer" = [])),
    responses((status = 200, body = OkBody<UserResult>), (status = 401, body = ErrorBody))
)]
#[get("/api/user/account")]
async fn account(req: HttpRequest, state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    user_response(&req, &state, caller).await
}

async fn user_response(req: &HttpRequest, state: &AppState, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let user = blocking(move || identity.current_user(caller.session())).await?;
    let user = UserView::new(&user, state.clock.now());
    let mut response = HttpResponse::Ok();
    set_paid_cookie(&mut response, req, user.is_paid);
    Ok(response.json(OkBody { status: "ok", result: UserResult { user } }))
}

/// Trade the refresh cookie for a new access token (the cookie rotates; a reused one ends the
/// whole sign-in).
#[utoipa::path(
    tag = "user",
    responses(
        (status = 200, body = OkBody<TokenResult>, description = "A new access token; the refresh cookie is replaced"),
        (status = 401, body = ErrorBody, description = "No, expired, revoked or reused refresh cookie"),
        (status = 403, body = ErrorBody, description = "Sent by another site (code cross_site)"),
    )
)]
#[post("/api/user/refresh-token")]
async fn refresh_token(req: HttpRequest, state: web::Data<AppState>, _same_site: SameSiteRequest) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let cookie = refresh_cookie_value(&req);
    let client = client_info(&req);
    match blocking(move || identity.refresh(cookie.as_deref(), client)).await {
        Ok(refreshed) => {
            let is_paid = refreshed.user.plan.is_paid(state.clock.now());
            let mut response = HttpResponse::Ok();
            set_session_cookies(&mut response, &req, &refreshed.refresh_token, is_paid);
            Ok(response.json(OkBody { status: "ok", result: TokenResult { token: refreshed.access_token } }))
        }
        Err(err) if err.status == actix_web::http::StatusCode::UNAUTHORIZED => {
            let mut response = HttpResponse::Unauthorized();
            clear_session_cookies(&mut response, &req);
            Ok(response.json(ErrorBody { status: "error", error: err.message, code: err.code.into(), not_logged_in: true }))
        }
        Err(err) => Err(err),
    }
}

/// The empty success answer of a call that ends this browser's session: its cookies cleared.
pub(crate) fn signed_out(req: &HttpRequest) -> HttpResponse {
    let mut response = HttpResponse::Ok();
    clear_session_cookies(&mut response, req);
    crate::auth::clear_site_storage(&mut response, req);
    response.json(OkBody { status: "ok", result: Empty {} })
}

/// Sign out this browser: ends the session of the refresh cookie (only a live one, and only that
/// session; its access tokens stop at once) and clears the cookies.
#[utoipa::path(tag = "user", responses((status = 200, body = OkBody<Empty>), (status = 403, body = ErrorBody, description = "Sent by another site (code cross_site)")))]
#[post("/api/user/logout")]
async fn logout(req: HttpRequest, state: web::Data<AppState>, _same_site: SameSiteRequest) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let cookie = refresh_cookie_value(&req);
    blocking(move || identity.logout(cookie.as_deref())).await?;
    Ok(signed_out(&req))
}

/// Sign out everywhere: ends every session of the member, on every device, and clears this
/// browser's cookies.
#[utoipa::path(
    tag = "user",
    security(("bearer" = [])),
    responses((status = 200, body = OkBody<Empty>), (status = 401, body = ErrorBody))
)]
#[post("/api/user/logout-everywhere")]
async fn logout_everywhere(req: HttpRequest, state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    blocking(move || identity.sign_out_everywhere(caller.session())).await?;
    Ok(signed_out(&req))
}

/// E-mail a password reset link. Answers the same whether or not the account exists.
#[utoipa::path(
    tag = "user",
    request_body = ForgotPasswordRequest,
    responses(
        (status = 200, body = OkBody<Empty>),
        (status = 400, body = ErrorBody, description = "Missing or malformed e-mail"),
        (status = 429, body = ErrorBody),
    )
)]
#[put("/api/user/forgot-password")]
async fn forgot_password(req: HttpRequest, state: web::Data<AppState>, body: web::Json<ForgotPasswordRequest>) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let client = client_address(&req);
    let email = body.into_inner().email;
    blocking(move || identity.forgot_password(email.as_deref(), &client)).await?;
    Ok(crate::envelope::ok(Empty {}))
}

/// Change the password (the current one is needed); every other device is signed out, this one
/// stays signed in.
#[utoipa::path(
    tag = "user",
    security(("bearer" = [])),
    request_body = ChangePasswordRequest,
    responses(
        (status = 200, body = OkBody<Empty>),
        (status = 400, body = ErrorBody, description = "Missing fields, passwords that differ or break the rules, or a wrong current password"),
        (status = 401, body = ErrorBody),
        (status = 429, body = ErrorBody),
    )
)]
#[put("/api/user/password")]
async fn change_password(state: web::Data<AppState>, caller: AuthUser, body: web::Json<ChangePasswordRequest>) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let ChangePasswordRequest { current_password, password1, password2 } = body.into_inner();
    blocking(move || identity.change_password(caller.session(), current_password.as_deref(), password1.as_deref(), password2.as_deref())).await?;
    Ok(crate::envelope::ok(Empty {}))
}

/// Set a new password with the code from the e-mail; signs out every device.
#[utoipa::path(
    tag = "user",
    request_body = ResetPasswordRequest,
    responses((status = 200, body = OkBody<Empty>), (status = 400, body = ErrorBody))
)]
#[put("/api/user/reset-password")]
async fn reset_password(state: web::Data<AppState>, body: web::Json<ResetPasswordRequest>) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let ResetPasswordRequest { password1, password2, code, email } = body.into_inner();
    blocking(move || identity.reset_password(email.as_deref(), code.as_deref(), password1.as_deref(), password2.as_deref())).await?;
    Ok(crate::envelope::ok(Empty {}))
}

/// Confirm the account's e-mail address with the code of the e-mailed link (24 hours, single
/// use). Needs no sign-in: the code is the proof.
#[utoipa::path(
    tag = "user",
    request_body = VerifyEmailRequest,
    responses((status = 200, body = OkBody<Empty>), (status = 400, body = ErrorBody, description = "An unknown, used or expired link"))
)]
#[post("/api/user/verify-email")]
async fn verify_email(state: web::Data<AppState>, body: web::Json<VerifyEmailRequest>) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let code = body.into_inner().code;
    blocking(move || identity.verify_email(code.as_deref())).await?;
    Ok(crate::envelope::ok(Empty {}))
}

/// E-mail a new confirmation link to the signed-in member (three an hour).
#[utoipa::path(
    tag = "user",
    security(("bearer" = [])),
    responses(
        (status = 200, body = OkBody<Empty>),
        (status = 400, body = ErrorBody, description = "Already confirmed"),
        (status = 401, body = ErrorBody),
        (status = 429, body = ErrorBody),
    )
)]
#[post("/api/user/verify-email/resend")]
async fn resend_verification(state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    blocking(move || identity.resend_verification(caller.session())).await?;
    Ok(crate::envelope::ok(Empty {}))
}

/// Delete the account: personal data is erased and every session ends.
#[utoipa::path(
    tag = "user",
    security(("bearer" = [])),
    request_body = DeleteAccountRequest,
    responses((status = 200, body = OkBody<Empty>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
)]
#[post("/api/user/delete")]
async fn delete_account(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: AuthUser,
    body: web::Json<DeleteAccountRequest>,
) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let DeleteAccountRequest { why, how, password, code } = body.into_inner();
    blocking(move || {
        let proof = identity::ReauthProof { password: password.as_deref(), code: code.as_deref() };
        identity.delete_account(caller.session(), why.as_deref(), how.as_deref(), proof)
    })
    .await?;
    Ok(signed_out(&req))
}

/// Sign up with a single-use subscription code, which grants its plan.
#[utoipa::path(
    tag = "user",
    request_body = CodeRegisterRequest,
    responses(
        (status = 200, body = OkBody<SignedInResult>),
        (status = 400, body = ErrorBody, description = "'Please specify an email or code or password or first name or last name.', a format error or an invalid code"),
        (status = 409, body = ErrorBody),
    )
)]
#[post("/api/user/subscription-code-register")]
async fn subscription_code_register(req: HttpRequest, state: web::Data<AppState>, body: web::Json<CodeRegisterRequest>) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let form = RegistrationForm {
        username: body.username,
        password: body.password,
        first_name: body.first_name,
        last_name: body.last_name,
        timezone: body.timezone,
        referral_id: body.r_id,
    };
    let signed_in = crate::workflows::joining::sign_up_with_code(&state, form, body.code, client_info(&req)).await?;
    Ok(signed_in_response(&req, &state, signed_in))
}
