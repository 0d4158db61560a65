//! Outside identity providers. Each is configured by `OAUTH_<NAME>_CLIENT_ID` and
//! `OAUTH_<NAME>_CLIENT_SECRET` (and, for stand-ins or other regions, `_AUTHORIZE_URL`,
//! `_TOKEN_URL`, `_USERINFO_URL`); one without a client id is "not configured". Apple's profile is
//! its ID token, checked against Apple's published keys (`OAUTH_APPLE_JWKS_URL`) and issuer
//! (`OAUTH_APPLE_ISSUER`): see [`id_token`].

pub mod id_token;
mod jwt_crypto;
#[cfg(any(test, feature = "test-support"))]
pub mod testing;

pub use id_token::IdTokenSettings;

use identity::social::{AuthorizationRequest, ExternalProfile, IdentityProviders, PostedName, Provider, ProviderError};
use kernel::Email;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct ProviderSettings {
    pub client_id: String,
    pub client_secret: String,
    pub authorize_url: String,
    pub token_url: String,
    /// Where the profile is read; Apple has none (its ID token carries it).
    pub userinfo_url: Option<String>,
    pub scope: String,
    /// How the ID token is checked, for a provider without a userinfo endpoint (Apple): whose
    /// keys sign it and which issuer it names. Without a userinfo URL nor this, sign-in fails.
    pub id_token: Option<IdTokenSettings>,
}

impl ProviderSettings {
    /// The provider's public endpoints, with the given client.
    pub fn defaults(provider: Provider, client_id: String, client_secret: String) -> ProviderSettings {
        let (authorize, token, userinfo, scope) = match provider {
            Provider::Google => (
                "https://accounts.google.com/o/oauth2/v2/auth",
                "https://oauth2.googleapis.com/token",
                Some("https://openidconnect.googleapis.com/v1/userinfo"),
                "openid email profile",
            ),
            Provider::Apple => ("https://appleid.apple.com/auth/authorize", "https://appleid.apple.com/auth/token", None, "name email"),
            Provider::LinkedIn => (
                "https://www.linkedin.com/oauth/v2/authorization",
                "https://www.linkedin.com/oauth/v2/accessToken",
                Some("https://api.linkedin.com/v2/userinfo"),
                "openid profile email",
            ),
            Provider::Facebook => (
                "https://www.facebook.com/v19.0/dialog/oauth",
                "https://graph.facebook.com/v19.0/oauth/access_token",
                Some("https://graph.facebook.com/me?fields=id,email,first_name,last_name"),
                "email public_profile",
            ),
        };
        ProviderSettings {
            client_id,
            client_secret,
            authorize_url: authorize.into(),
            token_url: token.into(),
            userinfo_url: userinfo.map(Into::into),
            scope: scope.into(),
            id_token: (provider == Provider::Apple).then(IdTokenSettings::apple),
        }
    }
}

/// Reads `OAUTH_<NAME>_CLIENT_ID`, `_CLIENT_SECRET` and the optional endpoint overrides for every
/// provider (and, for Apple, `_JWKS_URL` and `_ISSUER`); those without a client id and secret are
/// left out.
pub fn settings_from_env() -> HashMap<Provider, ProviderSettings> {
    settings_from(|name| std::env::var(name).ok())
}

/// [`settings_from_env`] over any source of variables.
pub fn settings_from(lookup: impl Fn(&str) -> Option<String>) -> HashMap<Provider, ProviderSettings> {
    let var = |name: String| lookup(&name).filter(|v| !v.trim().is_empty());
    let mut settings = HashMap::new();
    for provider in Provider::ALL {
        let prefix = format!("OAUTH_{}", provider.slug().to_uppercase());
        let (Some(id), Some(secret)) = (var(format!("{prefix}_CLIENT_ID")), var(format!("{prefix}_CLIENT_SECRET"))) else {
            continue;
        };
        let mut entry = ProviderSettings::defaults(provider, id, secret);
        if let Some(url) = var(format!("{prefix}_AUTHORIZE_URL")) {
            entry.authorize_url = url;
        }
        if let Some(url) = var(format!("{prefix}_TOKEN_URL")) {
            entry.token_url = url;
        }
        if let Some(url) = var(format!("{prefix}_USERINFO_URL")) {
            entry.userinfo_url = Some(url);
        }
        if let Some(check) = entry.id_token.as_mut() {
            if let Some(url) = var(format!("{prefix}_JWKS_URL")) {
                check.jwks_url = url;
            }
            if let Some(issuer) = var(format!("{prefix}_ISSUER")) {
                check.issuer = issuer;
            }
        }
        settings.insert(provider, entry);
    }
    settings
}

pub struct OAuthProviders {
    settings: HashMap<Provider, ProviderSettings>,
    /// The site's public address; providers send people back to it.
    public_url: String,
    /// Made on first use, on a blocking thread (reqwest's blocking client must not be made or
    /// dropped on an async runtime thread).
    client: OnceLock<reqwest::blocking::Client>,
    /// The providers' ID-token signing keys, fetched on first use and kept an hour.
    keys: id_token::KeyCache,
}

impl OAuthProviders {
    pub fn new(settings: HashMap<Provider, ProviderSettings>, public_url: impl Into<String>) -> Self {
        OAuthProviders {
            settings,
            public_url: public_url.into().trim_end_matches('/').to_owned(),
            client: OnceLock::new(),
            keys: id_token::KeyCache::default(),
        }
    }

    /// The origins (`https://host[:port]`) of the configured providers' sign-in pages: the only
    /// places the app's `/goback` page may send a browser. Sorted, without repeats.
    pub fn authorize_origins(&self) -> Vec<String> {
        let mut origins: Vec<String> = self
            .settings
            .values()
            .filter_map(|s| reqwest::Url::parse(&s.authorize_url).ok())
            .map(|url| url.origin().ascii_serialization())
            .filter(|origin| origin != "null")
            .collect();
        origins.sort();
        origins.dedup();
        origins
    }

    /// Where the provider sends the browser back. Apple posts its answer (form_post), so it
    /// comes to the server, which forwards it to the app's login page.
    pub fn redirect_uri(&self, provider: Provider) -> String {
        match provider {
            Provider::Apple => format!("{}/api/apple/login/oauth/callback", self.public_url),
            other => format!("{}/login?type={}", self.public_url, other.slug()),
        }
    }

    /// The provider's sign-in page for this request; `None` when not configured.
    pub fn authorization_url(&self, provider: Provider, request: &AuthorizationRequest) -> Option<String> {
        let settings = self.settings.get(&provider)?;
        let redirect_uri = self.redirect_uri(provider);
        let mut params = vec![
            ("response_type", "code"),
            ("client_id", settings.client_id.as_str()),
            ("redirect_uri", redirect_uri.as_str()),
            ("scope", settings.scope.as_str()),
            ("state", request.state.as_str()),
            ("code_challenge", request.code_challenge.as_str()),
            ("code_challenge_method", "S256"),
        ];
        if provider == Provider::Apple {
            params.push(("response_mode", "form_post"));
        }
        reqwest::Url::parse_with_params(&settings.authorize_url, &params).ok().map(String::from)
    }

    fn client(&self) -> &reqwest::blocking::Client {
        self.client.get_or_init(|| {
            reqwest::blocking::Client::builder().timeout(Duration::from_secs(10)).redirect(reqwest::redirect::Policy::none()).build().expect("an HTTP client")
        })
    }

    fn exchange_code(&self, provider: Provider, settings: &ProviderSettings, code: &str, verifier: &str) -> Result<Value, ProviderError> {
        let redirect_uri = self.redirect_uri(provider);
        let response = self
            .client()
            .post(&settings.token_url)
            .header("Accept", "application/json")
            .form(&[
                ("grant_type", "authorization_code"),
                ("code", code),
                ("redirect_uri", redirect_uri.as_str()),
                ("client_id", settings.client_id.as_str()),
                ("client_secret", settings.client_secret.as_str()),
                ("code_verifier", verifier),
            ])
            .send()
            .map_err(|e| ProviderError::Unavailable(format!("token endpoint: {e}")))?;
        read_json(response, "token endpoint")
    }

    fn userinfo(&self, url: &str, access_token: &str) -> Result<Value, ProviderError> {
        let response = self
            .client()
            .get(url)
            .bearer_auth(access_token)
            .header("Accept", "application/json")
            .send()
            .map_err(|e| ProviderError::Unavailable(format!("userinfo endpoint: {e}")))?;
        read_json(response, "userinfo endpoint")
    }

    /// The provider's published keys (a JWKS document). Any failure is "unavailable": the keys
    /// are the provider's side, not the person's.
    fn fetch_jwks(&self, url: &str) -> Result<Value, ProviderError> {
        let response =
            self.client().get(url).header("Accept", "application/json").send().map_err(|e| ProviderError::Unavailable(format!("keys endpoint: {e}")))?;
        let status = response.status();
        if !status.is_success() {
            return Err(ProviderError::Unavailable(format!("keys endpoint: {status}")));
        }
        response.json().map_err(|e| ProviderError::Unavailable(format!("keys endpoint: unreadable answer: {e}")))
    }

    /// The claims of a checked ID token (signature, issuer, audience, expiry; see [`id_token`]).
    fn verified_id_token(&self, provider: Provider, settings: &ProviderSettings, token: &str) -> Result<Value, ProviderError> {
        let check = settings.id_token.as_ref().ok_or_else(|| ProviderError::Unavailable("no userinfo endpoint nor ID-token keys configured".into()))?;
        let verified = id_token::verify(token, check, &settings.client_id, &self.keys, Instant::now(), |url| self.fetch_jwks(url));
        if let Err(error) = &verified {
            // The reasons are fixed phrases: never the token nor a claim.
            tracing::warn!(provider = provider.slug(), %error, "ID token not accepted");
        }
        verified
    }
}

fn read_json(response: reqwest::blocking::Response, what: &str) -> Result<Value, ProviderError> {
    let status = response.status();
    let body: Value = response.json().map_err(|e| ProviderError::Unavailable(format!("{what}: unreadable answer: {e}")))?;
    if status.is_client_error() {
        let reason = body.get("error").and_then(Value::as_str).unwrap_or("refused");
        return Err(ProviderError::Refused(format!("{what}: {status} {reason}")));
    }
    if !status.is_success() {
        return Err(ProviderError::Unavailable(format!("{what}: {status}")));
    }
    Ok(body)
}

fn text(value: &Value, key: &str) -> String {
    value.get(key).and_then(Value::as_str).unwrap_or_default().trim().to_owned()
}

/// The `email_verified` flag as the answer gives it: a boolean, or the strings "true" and "false"
/// (Apple sends strings); `None` when there is no flag (Facebook's Graph API never sends one).
fn verified_flag(value: Option<&Value>) -> Option<bool> {
    match value? {
        Value::Bool(flag) => Some(*flag),
        Value::String(text) if text == "true" => Some(true),
        Value::String(text) if text == "false" => Some(false),
        _ => None,
    }
}

/// Turns a provider's profile answer into ours.
pub fn profile_from(provider: Provider, value: &Value) -> Result<ExternalProfile, ProviderError> {
    let subject = match provider {
        Provider::Facebook => text(value, "id"),
        _ => text(value, "sub"),
    };
    if subject.is_empty() {
        return Err(ProviderError::Unavailable("the profile has no subject".into()));
    }
    let email = Email::parse(&text(value, "email")).ok();
    // Reported as the provider says it, for every provider alike: identity decides what it
    // trusts (`ExternalProfile::verified_email`).
    let email_verified = verified_flag(value.get("email_verified"));
    let first_name = match provider {
        Provider::Facebook => text(value, "first_name"),
        _ => text(value, "given_name"),
    };
    let last_name = match provider {
        Provider::Facebook => text(value, "last_name"),
        _ => text(value, "family_name"),
    };
    Ok(ExternalProfile { subject, email, email_verified, first_name, last_name })
}

/// The longest `user` field of Apple's form post that is read.
const MAX_POSTED_USER_CHARS: usize = 2000;

/// The name in the `user` field Apple posts with a person's first authorization
/// (`{"name": {"firstName": "...", "lastName": "..."}, "email": "..."}`); `None` when it is
/// missing, not that JSON, too long, or carries no name. Only the name is read: the address comes
/// from the checked ID token, never from the browser.
pub fn apple_posted_name(user: &str) -> Option<PostedName> {
    if user.len() > MAX_POSTED_USER_CHARS {
        return None;
    }
    let value: Value = serde_json::from_str(user).ok()?;
    let name = value.get("name")?;
    let posted = PostedName { first_name: text(name, "firstName"), last_name: text(name, "lastName") };
    (!posted.first_name.is_empty() || !posted.last_name.is_empty()).then_some(posted)
}

impl IdentityProviders for OAuthProviders {
    fn is_configured(&self, provider: Provider) -> bool {
        self.settings.contains_key(&provider)
    }

    fn fetch_profile(&self, provider: Provider, code: &str, code_verifier: &str) -> Result<ExternalProfile, ProviderError> {
        let settings = self.settings.get(&provider).ok_or_else(|| ProviderError::Refused("not configured".into()))?;
        let tokens = self.exchange_code(provider, settings, code, code_verifier)?;
        let profile = match &settings.userinfo_url {
            Some(url) => {
                let access_token =
                    tokens.get("access_token").and_then(Value::as_str).ok_or_else(|| ProviderError::Unavailable("no access token in the answer".into()))?;
                self.userinfo(url, access_token)?
            }
            None => {
                let id_token = tokens.get("id_token").and_then(Value::as_str).ok_or_else(|| ProviderError::Unavailable("no ID token in the answer".into()))?;
                self.verified_id_token(provider, settings, id_token)?
            }
        };
        profile_from(provider, &profile)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_each_providers_profile_shape() {
        let google =
            profile_from(Provider::Google, &json!({"sub": "1", "email": "A@x.com", "email_verified": true, "given_name": "Ada", "family_name": "L"})).unwrap();
        assert_eq!((google.subject.as_str(), google.email.as_ref().unwrap().as_str(), google.email_verified), ("1", "a@x.com", Some(true)));
        assert!(google.verified_email().is_some());
        // Facebook's Graph API `/me?fields=id,email,first_name,last_name` has no verified flag:
        // the profile says nothing, and identity does not take silence for a yes.
        let facebook = profile_from(Provider::Facebook, &json!({"id": "9", "email": "b@x.com", "first_name": "Bo"})).unwrap();
        assert_eq!((facebook.subject.as_str(), facebook.first_name.as_str(), facebook.email_verified), ("9", "Bo", None));
        assert!(facebook.verified_email().is_none());
        let said_so = profile_from(Provider::Facebook, &json!({"id": "9", "email": "b@x.com", "email_verified": true})).unwrap();
        assert!(said_so.verified_email().is_some());
        let apple = profile_from(Provider::Apple, &json!({"sub": "a.1", "email": "c@x.com", "email_verified": "true"})).unwrap();
        assert_eq!(apple.email_verified, Some(true));
        let apple_no = profile_from(Provider::Apple, &json!({"sub": "a.1", "email": "c@x.com", "email_verified": "false"})).unwrap();
        assert_eq!(apple_no.email_verified, Some(false));
        let linkedin =
            profile_from(Provider::LinkedIn, &json!({"sub": "l", "email": "d@x.com", "email_verified": false, "given_name": "Li", "family_name": "N"}))
                .unwrap();
        assert_eq!((linkedin.email_verified, linkedin.first_name.as_str(), linkedin.last_name.as_str()), (Some(false), "Li", "N"));
        assert!(profile_from(Provider::Google, &json!({"email": "e@x.com"})).is_err());
        assert!(profile_from(Provider::Facebook, &json!({"sub": "not-facebooks-key"})).is_err());
    }

    #[test]
    fn reads_the_name_apple_posts_on_a_first_sign_in() {
        let posted = apple_posted_name(r#"{"name": {"firstName": " Ann ", "lastName": "Apfel"}, "email": "ann@privaterelay.appleid.com"}"#);
        assert_eq!(posted, Some(PostedName { first_name: "Ann".into(), last_name: "Apfel".into() }));
        assert_eq!(apple_posted_name(r#"{"name": {"firstName": "Ann"}}"#).unwrap().last_name, "");
        for nothing in ["", "Ann Apfel", r#"{"email": "a@b.c"}"#, r#"{"name": {"firstName": "", "lastName": " "}}"#, r#"{"name": "Ann"}"#] {
            assert_eq!(apple_posted_name(nothing), None, "{nothing}");
        }
        let long = format!(r#"{{"name": {{"firstName": "{}"}}}}"#, "A".repeat(MAX_POSTED_USER_CHARS));
        assert_eq!(apple_posted_name(&long), None);
    }

    #[test]
    fn apple_checks_its_id_token_against_apples_keys_unless_configured_otherwise() {
        let apple = ProviderSettings::defaults(Provider::Apple, "id".into(), "secret".into()).id_token.unwrap();
        assert_eq!(apple, IdTokenSettings { jwks_url: "https://appleid.apple.com/auth/keys".into(), issuer: "https://appleid.apple.com".into() });
        assert!(ProviderSettings::defaults(Provider::Google, "id".into(), "secret".into()).id_token.is_none());

        let env: HashMap<&str, &str> = HashMap::from([
            ("OAUTH_APPLE_CLIENT_ID", "app.gistbook"),
            ("OAUTH_APPLE_CLIENT_SECRET", "jwt"),
            ("OAUTH_APPLE_JWKS_URL", "http://127.0.0.1:9/keys"),
            ("OAUTH_APPLE_ISSUER", "http://127.0.0.1:9"),
            ("OAUTH_GOOGLE_CLIENT_ID", "g"),
            ("OAUTH_GOOGLE_CLIENT_SECRET", "s"),
            ("OAUTH_GOOGLE_JWKS_URL", "ignored"),
        ]);
        let settings = settings_from(|name| env.get(name).map(|v| v.to_string()));
        let check = settings[&Provider::Apple].id_token.clone().unwrap();
        assert_eq!((check.jwks_url.as_str(), check.issuer.as_str()), ("http://127.0.0.1:9/keys", "http://127.0.0.1:9"));
        assert!(settings[&Provider::Google].id_token.is_none());
        let defaults = settings_from(|name| env.get(name).filter(|_| !name.ends_with("_JWKS_URL") && !name.ends_with("_ISSUER")).map(|v| v.to_string()));
        assert_eq!(defaults[&Provider::Apple].id_token, Some(IdTokenSettings::apple()));
    }

    #[test]
    fn an_unreachable_keys_url_makes_apple_unavailable_not_refused() {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut apple = ProviderSettings::defaults(Provider::Apple, "app.gistbook".into(), "secret".into());
        apple.id_token = Some(IdTokenSettings { jwks_url: format!("http://127.0.0.1:{port}/keys"), issuer: "https://appleid.apple.com".into() });
        let providers = OAuthProviders::new(HashMap::from([(Provider::Apple, apple.clone())]), "https://gistbook.app");
        let token =
            testing::sign_id_token(&serde_json::json!({"sub": "a", "iss": "https://appleid.apple.com", "aud": "app.gistbook", "exp": 4_000_000_000u64}));
        let answer = providers.verified_id_token(Provider::Apple, &apple, &token);
        assert!(matches!(answer, Err(ProviderError::Unavailable(_))), "{answer:?}");
    }

    #[test]
    fn builds_the_authorization_url_with_pkce_and_state() {
        let mut settings = HashMap::new();
        settings.insert(Provider::Google, ProviderSettings::defaults(Provider::Google, "client-1".into(), "secret".into()));
        settings.insert(Provider::Apple, ProviderSettings::defaults(Provider::Apple, "client-2".into(), "secret".into()));
        let providers = OAuthProviders::new(settings, "https://gistbook.app/");
        let request = AuthorizationRequest { state: "st".into(), code_challenge: "ch".into() };
        let url = reqwest::Url::parse(&providers.authorization_url(Provider::Google, &request).unwrap()).unwrap();
        let query: HashMap<_, _> = url.query_pairs().into_owned().collect();
        assert_eq!(url.host_str(), Some("accounts.google.com"));
        assert_eq!(query["redirect_uri"], "https://gistbook.app/login?type=google");
        assert_eq!((query["state"].as_str(), query["code_challenge"].as_str(), query["code_challenge_method"].as_str()), ("st", "ch", "S256"));
        assert!(!query.contains_key("client_secret"));
        let apple = providers.authorization_url(Provider::Apple, &request).unwrap();
        assert!(apple.contains("response_mode=form_post"));
        assert!(providers.authorization_url(Provider::Facebook, &request).is_none());
    }
}
