//! Who is calling: the bearer-token extractors, the admin guard, the session cookies and the
//! client address used for throttling.

use crate::envelope::{blocking, ApiError};
use crate::state::AppState;
use actix_web::cookie::{time::Duration as CookieDuration, Cookie, SameSite};
use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest, HttpResponseBuilder};
use credentials::TokenError;
use kernel::{Role, Session, SessionId, UserId};
use std::future::{ready, Future, Ready};
use std::pin::Pin;

/// Both the refresh and the logout calls need the refresh cookie; nothing else does.
pub const REFRESH_COOKIE_PATH: &str = "/api/user";
pub const PAID_COOKIE: &str = "isPaid";

/// A signed-in member or a guest, for calls open to both (checkout). Unlike `MaybeUser`, a token
/// that is sent but no longer valid is a 401, so the page refreshes it instead of going on as a
/// guest.
#[derive(Debug, Clone, Copy)]
pub struct MemberOrGuest(pub Option<AuthUser>);

impl MemberOrGuest {
    pub fn session(&self) -> Option<Session> {
        self.0.map(|user| user.session())
    }
}

impl FromRequest for MemberOrGuest {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(match authenticate(req) {
            Ok(user) => Ok(MemberOrGuest(user)),
            Err(_) => Err(ApiError::not_logged_in()),
        })
    }
}

/// A signed-in member whose session is live in the database right now, for calls whose use cases
/// take the member's id rather than the session (challenge, quizzes, referral, affiliate): a token
/// of a session that was logged out stops working at once, not when it expires. Visitors and
/// ended sessions get 401.
#[derive(Debug, Clone, Copy)]
pub struct LiveMember {
    pub id: UserId,
}

/// `MemberOrGuest` with the member's session checked live, as for `LiveMember`.
#[derive(Debug, Clone, Copy)]
pub struct LiveMemberOrGuest(pub Option<LiveMember>);

/// The token's caller, if any, with their session checked in the database (identity's rule).
fn live_caller(req: &HttpRequest) -> Pin<Box<dyn Future<Output = Result<Option<LiveMember>, ApiError>>>> {
    let caller = authenticate(req);
    let identity = state(req).identity.clone();
    Box::pin(async move {
        let caller = caller.map_err(|_| ApiError::not_logged_in())?;
        let Some(caller) = caller else { return Ok(None) };
        let user = blocking(move || identity.current_user(caller.session())).await.map_err(|_| ApiError::not_logged_in())?;
        Ok(Some(LiveMember { id: user.id }))
    })
}

impl FromRequest for LiveMember {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let caller = live_caller(req);
        Box::pin(async move { caller.await?.ok_or_else(ApiError::not_logged_in) })
    }
}

impl FromRequest for LiveMemberOrGuest {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let caller = live_caller(req);
        Box::pin(async move { Ok(LiveMemberOrGuest(caller.await?)) })
    }
}

/// A caller with a valid access token.
#[derive(Debug, Clone, Copy)]
pub struct AuthUser {
    pub id: UserId,
    pub role: Role,
    /// The session the token was issued in; use cases check it is still live.
    pub session: SessionId,
}

impl AuthUser {
    pub fn session(&self) -> Session {
        Session { user: self.id, id: self.session }
    }
}

fn bearer(req: &HttpRequest) -> Option<&str> {
    let value = req.headers().get(actix_web::http::header::AUTHORIZATION)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer "))?.trim();
    (!token.is_empty()).then_some(token)
}

fn state(req: &HttpRequest) -> &AppState {
    req.app_data::<web::Data<AppState>>().expect("AppState is registered")
}

fn authenticate(req: &HttpRequest) -> Result<Option<AuthUser>, TokenError> {
    let Some(token) = bearer(req) else { return Ok(None) };
    let state = state(req);
    let claims = state.tokens.verify(token, state.clock.now())?;
    Ok(Some(AuthUser { id: claims.user_id, role: claims.role, session: claims.session }))
}

impl FromRequest for AuthUser {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(match authenticate(req) {
            Ok(Some(user)) => Ok(user),
            _ => Err(ApiError::not_logged_in()),
        })
    }
}

/// A caller who may or may not be signed in; a bad or expired token counts as signed out.
#[derive(Debug, Clone, Copy)]
pub struct MaybeUser(pub Option<AuthUser>);

impl MaybeUser {
    /// The signed-in member's session, if any.
    pub fn session(&self) -> Option<Session> {
        self.0.map(|user| user.session())
    }
}

impl FromRequest for MaybeUser {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(MaybeUser(authenticate(req).ok().flatten())))
    }
}

/// An admin: a valid token AND the admin role in the database right now (a role taken away
/// takes effect at once, not when the token expires). Members get 403, visitors 401.
#[derive(Debug, Clone, Copy)]
pub struct AdminUser(pub AuthUser);

impl FromRequest for AdminUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let caller = authenticate(req);
        let identity = state(req).identity.clone();
        Box::pin(async move {
            let Ok(Some(caller)) = caller else { return Err(ApiError::not_logged_in()) };
            // The role and two-factor rules live in identity; this only asks.
            blocking(move || identity.authorize_admin(caller.session())).await?;
            Ok(AdminUser(caller))
        })
    }
}

/// The caller's address and browser, remembered with the session for the member's sessions list.
pub fn client_info(req: &HttpRequest) -> identity::ClientInfo {
    let user_agent = req.headers().get("user-agent").and_then(|v| v.to_str().ok()).unwrap_or_default();
    identity::ClientInfo { address: client_address(req), user_agent: user_agent.to_owned() }
}

/// The caller's address for throttling: the TCP peer, or, behind `TRUSTED_PROXIES` proxies of
/// our own, the address the outermost of them saw.
pub fn client_address(req: &HttpRequest) -> String {
    let peer = req.peer_addr().map(|addr| addr.ip().to_string()).unwrap_or_else(|| "unknown".into());
    let forwarded = req.headers().get("x-forwarded-for").and_then(|v| v.to_str().ok());
    client_from_forwarded(forwarded, peer, state(req).config.trusted_proxies)
}

/// Each proxy appends the address it saw to `X-Forwarded-For`, so only the right-most
/// `trusted_proxies` entries were written by proxies we run; anything left of them is whatever the
/// client sent and proves nothing. The client is the entry our outermost proxy added.
pub fn client_from_forwarded(forwarded: Option<&str>, peer: String, trusted_proxies: usize) -> String {
    if trusted_proxies == 0 {
        return peer;
    }
    let hops: Vec<&str> = forwarded.unwrap_or_default().split(',').map(str::trim).filter(|h| !h.is_empty()).collect();
    match hops.len().checked_sub(trusted_proxies) {
        Some(index) => hops[index].to_owned(),
        // Fewer hops than proxies: the request did not come through them all; trust the peer.
        None => peer,
    }
}

pub fn refresh_cookie_value(req: &HttpRequest) -> Option<String> {
    req.cookie(state(req).config.refresh_cookie_name()).map(|c| c.value().to_owned())
}

/// Sets the HttpOnly refresh cookie and the page-readable isPaid hint.
pub fn set_session_cookies(response: &mut HttpResponseBuilder, req: &HttpRequest, refresh_token: &str, is_paid: bool) {
    let config = &state(req).config;
    let secure = config.secure_cookies();
    response.cookie(
        Cookie::build(config.refresh_cookie_name(), refresh_token.to_owned())
            .path(REFRESH_COOKIE_PATH)
            .http_only(true)
            .secure(secure)
            .same_site(SameSite::Strict)
            .max_age(CookieDuration::days(identity::model::REFRESH_TOKEN_TTL_DAYS))
            .finish(),
    );
    set_paid_cookie(response, req, is_paid);
}

/// The isPaid hint for the UI only; the server never reads it.
pub fn set_paid_cookie(response: &mut HttpResponseBuilder, req: &HttpRequest, is_paid: bool) {
    let secure = state(req).config.secure_cookies();
    response.cookie(
        Cookie::build(PAID_COOKIE, if is_paid { "true" } else { "false" })
            .path("/")
            .secure(secure)
            .same_site(SameSite::Lax)
            .max_age(CookieDuration::days(30))
            .finish(),
    );
}

pub fn clear_session_cookies(response: &mut HttpResponseBuilder, req: &HttpRequest) {
    let config = &state(req).config;
    let secure = config.secure_cookies();
    let mut refresh = Cookie::build(config.refresh_cookie_name(), "").path(REFRESH_COOKIE_PATH).http_only(true).secure(secure).finish();
    refresh.make_removal();
    let mut paid = Cookie::build(PAID_COOKIE, "").path("/").secure(secure).finish();
    paid.make_removal();
    response.cookie(refresh);
    response.cookie(paid);
}

/// The browser that starts a social sign-in keeps its `state` in this short-lived cookie; the
/// callback must come from the same browser.
const OAUTH_STATE_COOKIE: &str = "gb_oauth_state";
const OAUTH_STATE_COOKIE_PATH: &str = "/api";

pub fn set_oauth_state_cookie(response: &mut HttpResponseBuilder, req: &HttpRequest, value: &str) {
    // Lax: the provider sends the browser back with a top-level navigation.
    let cookie = short_lived_cookie(req, OAUTH_STATE_COOKIE, value.to_owned(), OAUTH_STATE_COOKIE_PATH, SameSite::Lax, identity::social::STATE_TTL_SECS);
    response.cookie(cookie);
}

/// An HttpOnly cookie a sign-in step keeps for a few minutes, sent only to `path`.
fn short_lived_cookie(req: &HttpRequest, name: &'static str, value: String, path: &'static str, same_site: SameSite, seconds: i64) -> Cookie<'static> {
    Cookie::build(name, value)
        .path(path)
        .http_only(true)
        .secure(state(req).config.secure_cookies())
        .same_site(same_site)
        .max_age(CookieDuration::seconds(seconds))
        .finish()
}

pub fn oauth_state_cookie(req: &HttpRequest) -> Option<String> {
    req.cookie(OAUTH_STATE_COOKIE).map(|c| c.value().to_owned())
}

/// Tells a signed-out browser to delete what this site stored in it (`Clear-Site-Data:
/// "storage"`: local storage, IndexedDB, caches, service workers), except a Chromium-based one.
/// Chromium can hold such an answer for many seconds (crbug.com/40233601; over 20 s here while the
/// service worker controlled the page), which made GitHub stop sending the header, Rails drop it
/// from its generated sign-out (rails/rails#54379) and MDN stop sending it to Chrome
/// (mdn/yari#12803); applied that late it could also wipe the next member's sign-in on a shared
/// device. In every browser the page deletes the member's offline data itself before it signs
/// out (docs/offline.md), so this is the second line where it is safe.
pub fn clear_site_storage(response: &mut HttpResponseBuilder, req: &HttpRequest) {
    let agent = req.headers().get(actix_web::http::header::USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or("");
    if !is_chromium(agent) {
        response.insert_header(("Clear-Site-Data", "\"storage\""));
    }
}

/// Chrome, Edge, Opera, Brave, Samsung Internet and the other Chromium browsers name `Chrome/`
/// (or `Chromium/`) in their user agent; Firefox and Safari (Chrome on iOS, `CriOS/`, is Safari's
/// engine) do not.
fn is_chromium(user_agent: &str) -> bool {
    user_agent.contains("Chrome/") || user_agent.contains("Chromium/")
}

/// The key of the browser that began a provider sign-in finished by a mailed link: the link
/// works only where this cookie is (`POST /api/oauth/confirm`).
const SIGN_IN_BY_MAIL_COOKIE: &str = "gb_sign_in_by_mail";
const SIGN_IN_BY_MAIL_COOKIE_PATH: &str = "/api/oauth/confirm";

pub fn set_sign_in_by_mail_cookie(response: &mut HttpResponseBuilder, req: &HttpRequest, browser_key: &str) {
    // Strict: only the app's own page posts the link's code.
    let (path, seconds) = (SIGN_IN_BY_MAIL_COOKIE_PATH, identity::social::MAIL_CONFIRMATION_TTL_SECS);
    response.cookie(short_lived_cookie(req, SIGN_IN_BY_MAIL_COOKIE, browser_key.to_owned(), path, SameSite::Strict, seconds));
}

pub fn sign_in_by_mail_cookie(req: &HttpRequest) -> Option<String> {
    req.cookie(SIGN_IN_BY_MAIL_COOKIE).map(|c| c.value().to_owned())
}

/// The name Apple posts once, on a person's first authorization, kept (with the state it came
/// with) until the app finishes that sign-in through the GET callback, which is this cookie's path.
const APPLE_NAME_COOKIE: &str = "gb_apple_name";
const APPLE_NAME_COOKIE_PATH: &str = "/api/apple/login/oauth/callback";

pub fn set_apple_name_cookie(response: &mut HttpResponseBuilder, req: &HttpRequest, oauth_state: &str, name: &identity::social::PostedName) {
    let value = kernel::url::encode_component(&serde_json::json!([oauth_state, name.first_name, name.last_name]).to_string());
    response.cookie(short_lived_cookie(req, APPLE_NAME_COOKIE, value, APPLE_NAME_COOKIE_PATH, SameSite::Lax, identity::social::STATE_TTL_SECS));
}

/// The name Apple posted with this sign-in's `state`, if any.
pub fn apple_name_cookie(req: &HttpRequest, oauth_state: Option<&str>) -> Option<identity::social::PostedName> {
    let cookie = req.cookie(APPLE_NAME_COOKIE)?;
    let (kept_state, first_name, last_name): (String, String, String) = serde_json::from_str(cookie.value()).ok()?;
    (Some(kept_state.as_str()) == oauth_state).then_some(identity::social::PostedName { first_name, last_name })
}

/// A request made by this site's own pages (or by a client that is not a browser): what the
/// cookie-authenticated calls (`refresh-token`, `logout`) require, so that another site cannot
/// make a visitor's browser use their cookie (cross-site request forgery).
#[derive(Debug, Clone, Copy)]
pub struct SameSiteRequest;

/// Browsers say where a request comes from: `Sec-Fetch-Site` (modern ones) and `Origin`.
fn is_same_site(req: &HttpRequest) -> bool {
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_ascii_lowercase);
    if header("sec-fetch-site").is_some_and(|site| site == "cross-site") {
        return false;
    }
    let Some(origin) = header("origin") else { return true };
    let public = state(req).config.public_url.trim_end_matches('/').to_ascii_lowercase();
    let connection = req.connection_info();
    let own = format!("{}://{}", connection.scheme(), connection.host()).to_ascii_lowercase();
    origin == public || origin == own
}

impl FromRequest for SameSiteRequest {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(if is_same_site(req) {
            Ok(SameSiteRequest)
        } else {
            Err(ApiError::new(actix_web::http::StatusCode::FORBIDDEN, "cross_site", "This request must come from the Gistbook site itself."))
        })
    }
}
