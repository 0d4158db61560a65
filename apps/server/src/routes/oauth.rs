//! Social sign-in (OAuth 2 authorization code with state and PKCE), at the member spec's paths:
//! `/api/{google,apple}/login/oauth` and `/api/{linkedin,facebook}/oauth`, each with `/callback`.

use crate::auth::{apple_name_cookie, client_info, oauth_state_cookie, set_apple_name_cookie, set_oauth_state_cookie, sign_in_by_mail_cookie};
use crate::envelope::{blocking, ApiError, ErrorBody, Ok as OkBody};
use crate::routes::user::{sign_in_step_response, ProviderSignInResult};
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use identity::social::{NewAccountDetails, PostedName, Provider};
use identity::IdentityError;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(google_start)
        .service(google_callback)
        .service(apple_start)
        .service(apple_callback)
        .service(apple_form_post)
        .service(other_start)
        .service(other_callback)
        .service(confirm_by_mail)
        .service(sign_in_origins);
}

#[derive(Serialize, ToSchema)]
pub struct SignInOrigins {
    /// Origins of the configured providers' sign-in pages (e.g. `https://accounts.google.com`).
    pub origins: Vec<String>,
}

/// Where the app may send a browser to sign in: the configured providers' sign-in page origins
/// (the `/goback` page follows nothing else).
#[utoipa::path(tag = "oauth", responses((status = 200, body = OkBody<SignInOrigins>)))]
#[get("/api/sign-in/origins")]
async fn sign_in_origins(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(crate::envelope::ok(SignInOrigins { origins: state.oauth.authorize_origins() }))
}

#[derive(Deserialize, IntoParams)]
pub struct StartQuery {
    /// Where the sign-in began ("login"); informational.
    pub origin: Option<String>,
    /// The app path to return to (kept by the app itself).
    pub redirect: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct AuthorizationUrl {
    /// The provider's sign-in page to send the browser to.
    pub url: String,
}

#[derive(Deserialize, IntoParams)]
pub struct CallbackQuery {
    /// The code the provider returned.
    pub code: Option<String>,
    /// The state the provider returned; must match a sign-in started here.
    pub state: Option<String>,
    /// The referral link the visitor arrived through: a new account made by this sign-in is
    /// that member's referral.
    #[serde(rename = "rId")]
    pub r_id: Option<String>,
    /// IANA time zone for a new account; defaults to UTC.
    pub timezone: Option<String>,
}

/// What Apple posts back (`response_mode=form_post`).
#[derive(Deserialize, ToSchema)]
pub struct AppleFormPost {
    pub code: Option<String>,
    pub state: Option<String>,
    pub error: Option<String>,
    /// On the first authorization only: `{"name": {"firstName", "lastName"}, "email"}`.
    pub user: Option<String>,
}

async fn start(req: HttpRequest, state: web::Data<AppState>, provider: Provider) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let request = blocking(move || identity.start_social_sign_in(provider)).await?;
    let url = state.oauth.authorization_url(provider, &request).ok_or(ApiError::from(IdentityError::ProviderNotConfigured(provider)))?;
    let mut response = HttpResponse::Ok();
    set_oauth_state_cookie(&mut response, &req, &request.state);
    Ok(response.json(OkBody { status: "ok", result: AuthorizationUrl { url } }))
}

async fn finish(
    req: HttpRequest,
    state: web::Data<AppState>,
    provider: Provider,
    query: CallbackQuery,
    posted_name: Option<PostedName>,
) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    let browser_state = oauth_state_cookie(&req);
    let client = client_info(&req);
    let step = blocking(move || {
        let new_account = NewAccountDetails { timezone: query.timezone.as_deref(), posted_name, referral_id: query.r_id.as_deref() };
        identity.finish_social_sign_in(provider, query.code.as_deref(), query.state.as_deref(), browser_state.as_deref(), new_account, client)
    })
    .await?;
    let step = crate::workflows::joining::after_social_sign_in(&state, step).await;
    Ok(sign_in_step_response(&req, &state, step))
}

fn provider_from_path(slug: &str) -> Result<Provider, ApiError> {
    match Provider::parse(slug) {
        Some(provider @ (Provider::LinkedIn | Provider::Facebook)) => Ok(provider),
        _ => Err(ApiError::not_found("There is no such sign-in provider.")),
    }
}

/// Start Google sign-in: answers the provider URL to send the browser to.
#[utoipa::path(tag = "oauth", params(StartQuery), responses(
    (status = 200, body = OkBody<AuthorizationUrl>),
    (status = 503, body = ErrorBody, description = "Google sign-in is not configured"),
))]
#[get("/api/google/login/oauth")]
async fn google_start(req: HttpRequest, state: web::Data<AppState>, _query: web::Query<StartQuery>) -> Result<HttpResponse, ApiError> {
    start(req, state, Provider::Google).await
}

/// Finish Google sign-in with the returned `code` and `state`.
#[utoipa::path(tag = "oauth", params(CallbackQuery), responses(
    (status = 200, body = OkBody<ProviderSignInResult>, description = "Signed in (sets the refresh and isPaid cookies), the two-factor challenge, or confirmByMail"),
    (status = 400, body = ErrorBody, description = "Expired or reused state, refused code, or no e-mail at all (an unverified one is confirmed by a mailed link: 200 with confirmByMail)"),
    (status = 502, body = ErrorBody, description = "Google could not be reached"),
    (status = 503, body = ErrorBody, description = "Not configured"),
))]
#[get("/api/google/login/oauth/callback")]
async fn google_callback(req: HttpRequest, state: web::Data<AppState>, query: web::Query<CallbackQuery>) -> Result<HttpResponse, ApiError> {
    finish(req, state, Provider::Google, query.into_inner(), None).await
}

/// Start Apple sign-in.
#[utoipa::path(tag = "oauth", params(StartQuery), responses(
    (status = 200, body = OkBody<AuthorizationUrl>),
    (status = 503, body = ErrorBody, description = "Apple sign-in is not configured"),
))]
#[get("/api/apple/login/oauth")]
async fn apple_start(req: HttpRequest, state: web::Data<AppState>, _query: web::Query<StartQuery>) -> Result<HttpResponse, ApiError> {
    start(req, state, Provider::Apple).await
}

/// Finish Apple sign-in with the returned `code` and `state`.
#[utoipa::path(tag = "oauth", params(CallbackQuery), responses(
    (status = 200, body = OkBody<ProviderSignInResult>),
    (status = 400, body = ErrorBody),
    (status = 502, body = ErrorBody),
    (status = 503, body = ErrorBody),
))]
#[get("/api/apple/login/oauth/callback")]
async fn apple_callback(req: HttpRequest, state: web::Data<AppState>, query: web::Query<CallbackQuery>) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let posted_name = apple_name_cookie(&req, query.state.as_deref());
    finish(req, state, Provider::Apple, query, posted_name).await
}

/// Apple posts its answer here; the browser is sent on to the app's login page, which finishes
/// the sign-in through the GET callback. The name Apple posts with a first authorization is kept
/// for that callback in a short-lived cookie bound to the state.
#[utoipa::path(
    tag = "oauth",
    request_body(content = AppleFormPost, content_type = "application/x-www-form-urlencoded"),
    responses((status = 303, description = "To /login?type=apple&code=...&state=..."))
)]
#[post("/api/apple/login/oauth/callback")]
async fn apple_form_post(req: HttpRequest, form: web::Form<AppleFormPost>) -> HttpResponse {
    let form = form.into_inner();
    let mut response = HttpResponse::SeeOther();
    let mut params = vec![("type", "apple".to_owned())];
    match form.error {
        Some(_) => params.push(("error", "Apple sign-in was cancelled.".to_owned())),
        None => {
            if let (Some(state), Some(name)) = (&form.state, form.user.as_deref().and_then(oauth::apple_posted_name)) {
                set_apple_name_cookie(&mut response, &req, state, &name);
            }
            params.extend(form.code.map(|code| ("code", code)));
            params.extend(form.state.map(|state| ("state", state)));
        }
    }
    let query: String = params.iter().map(|(key, value)| format!("{key}={}", kernel::url::encode_component(value))).collect::<Vec<_>>().join("&");
    response.insert_header((header::LOCATION, format!("/login?{query}"))).finish()
}

/// Start LinkedIn or Facebook sign-in.
#[utoipa::path(tag = "oauth", params(("provider" = String, Path, description = "linkedin or facebook"), StartQuery), responses(
    (status = 200, body = OkBody<AuthorizationUrl>),
    (status = 404, body = ErrorBody),
    (status = 503, body = ErrorBody, description = "Not configured"),
))]
#[get("/api/{provider}/oauth")]
async fn other_start(
    req: HttpRequest,
    state: web::Data<AppState>,
    provider: web::Path<String>,
    _query: web::Query<StartQuery>,
) -> Result<HttpResponse, ApiError> {
    start(req, state, provider_from_path(&provider)?).await
}

/// Finish LinkedIn or Facebook sign-in.
#[utoipa::path(tag = "oauth", params(("provider" = String, Path, description = "linkedin or facebook"), CallbackQuery), responses(
    (status = 200, body = OkBody<ProviderSignInResult>),
    (status = 400, body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 502, body = ErrorBody),
    (status = 503, body = ErrorBody),
))]
#[get("/api/{provider}/oauth/callback")]
async fn other_callback(
    req: HttpRequest,
    state: web::Data<AppState>,
    provider: web::Path<String>,
    query: web::Query<CallbackQuery>,
) -> Result<HttpResponse, ApiError> {
    finish(req, state, provider_from_path(&provider)?, query.into_inner(), None).await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmSignInRequest {
    /// The code of the mailed link (`/confirm-sign-in/{code}`).
    #[schema(value_type = String, required = true, min_length = 1)]
    pub code: Option<String>,
    /// The referral link the visitor arrived through: a new account made by this sign-in is that
    /// member's referral.
    pub r_id: Option<String>,
}

/// Finish a provider sign-in whose address the provider did not vouch for, with the code of the
/// link mailed to it, in the browser that began it (its cookie). Signs in (or opens the account
/// of that address and links the provider's identity to it), or answers the two-factor challenge.
#[utoipa::path(tag = "oauth", request_body = ConfirmSignInRequest, responses(
    (status = 200, body = OkBody<ProviderSignInResult>, description = "Signed in (sets the refresh and isPaid cookies), or the two-factor challenge"),
    (status = 400, body = ErrorBody, description = "The link is invalid, was used, has expired or was opened in another browser"),
))]
#[post("/api/oauth/confirm")]
async fn confirm_by_mail(req: HttpRequest, state: web::Data<AppState>, body: web::Json<ConfirmSignInRequest>) -> Result<HttpResponse, ApiError> {
    let ConfirmSignInRequest { code, r_id } = body.into_inner();
    let identity = state.identity.clone();
    let browser_key = sign_in_by_mail_cookie(&req);
    let client = client_info(&req);
    let step = blocking(move || identity.finish_sign_in_by_mail(code.as_deref(), browser_key.as_deref(), r_id.as_deref(), client)).await?;
    let step = crate::workflows::joining::after_social_sign_in(&state, step).await;
    Ok(sign_in_step_response(&req, &state, step))
}
