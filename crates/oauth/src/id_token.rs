//! Checking an ID token (Apple's, which carries the profile): its RS256 signature against the
//! provider's published keys (a JWKS, fetched from the configured URL and kept in memory), its
//! `iss`, `aud` and `exp`. Any failed check is a refusal; keys that cannot be fetched make the
//! provider unavailable. The token itself is never logged nor put in an error.

use identity::social::ProviderError;
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::jwk::{AlgorithmParameters, JwkSet, KeyAlgorithm, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

/// How long fetched keys are used before they are fetched again.
pub const KEYS_FRESH_FOR: Duration = Duration::from_secs(60 * 60);
/// A token naming a key we do not hold makes us fetch the keys again (the provider may have
/// rotated them), but at most this often: a flood of made-up key ids costs one fetch a minute.
pub const UNKNOWN_KEY_REFETCH_EVERY: Duration = Duration::from_secs(60);
/// Clock skew allowed on `exp`.
pub const LEEWAY_SECONDS: u64 = 60;

/// What an ID token must be: signed by a key from `jwks_url`, issued by `issuer`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdTokenSettings {
    /// The provider's published signing keys (JWKS).
    pub jwks_url: String,
    /// The `iss` its tokens carry.
    pub issuer: String,
}

impl IdTokenSettings {
    /// Apple's: <https://appleid.apple.com/auth/keys>, issuer `https://appleid.apple.com`.
    pub fn apple() -> IdTokenSettings {
        IdTokenSettings { jwks_url: "https://appleid.apple.com/auth/keys".into(), issuer: "https://appleid.apple.com".into() }
    }
}

/// The keys fetched from one JWKS URL.
struct Fetched {
    /// kid -> RSA public key (only RSA keys meant for RS256 signatures are kept).
    keys: HashMap<String, DecodingKey>,
    fetched_at: Instant,
    /// The last fetch, successful or not.
    tried_at: Instant,
}

/// Keys per JWKS URL, in memory for the life of the process.
#[derive(Default)]
pub struct KeyCache {
    by_url: Mutex<HashMap<String, Fetched>>,
}

impl KeyCache {
    /// The key `kid` of `url`'s set: from memory while fresh, else fetched with `fetch` (which
    /// answers the JWKS document). Unknown `kid`s refetch at most every
    /// [`UNKNOWN_KEY_REFETCH_EVERY`]. The lock is held while fetching, so concurrent sign-ins
    /// wait for one fetch rather than each making their own.
    pub fn key(&self, url: &str, kid: &str, now: Instant, fetch: impl FnOnce() -> Result<Value, ProviderError>) -> Result<DecodingKey, ProviderError> {
        let mut by_url = self.by_url.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(entry) = by_url.get_mut(url) {
            if now.saturating_duration_since(entry.fetched_at) < KEYS_FRESH_FOR {
                if let Some(key) = entry.keys.get(kid) {
                    return Ok(key.clone());
                }
                if now.saturating_duration_since(entry.tried_at) < UNKNOWN_KEY_REFETCH_EVERY {
                    return Err(refused("unknown signing key"));
                }
            }
            entry.tried_at = now;
        }
        let keys = parse_jwks(fetch()?)?;
        let key = keys.get(kid).cloned();
        by_url.insert(url.to_owned(), Fetched { keys, fetched_at: now, tried_at: now });
        key.ok_or_else(|| refused("unknown signing key"))
    }
}

/// The RSA signing keys of a JWKS document, by `kid`. Keys of other types, for other uses or
/// algorithms, or without a `kid` are left out.
fn parse_jwks(document: Value) -> Result<HashMap<String, DecodingKey>, ProviderError> {
    let set: JwkSet = serde_json::from_value(document).map_err(|_| ProviderError::Unavailable("keys: not a JWKS".into()))?;
    let keys = set
        .keys
        .iter()
        .filter(|jwk| matches!(jwk.common.public_key_use, None | Some(PublicKeyUse::Signature)))
        .filter(|jwk| matches!(jwk.common.key_algorithm, None | Some(KeyAlgorithm::RS256)))
        .filter_map(|jwk| match (&jwk.common.key_id, &jwk.algorithm) {
            (Some(kid), AlgorithmParameters::RSA(rsa)) => DecodingKey::from_rsa_components(&rsa.n, &rsa.e).ok().map(|key| (kid.clone(), key)),
            _ => None,
        })
        .collect();
    Ok(keys)
}

/// Checks `token` and answers its claims: RS256 only, signed by the key its `kid` names in the
/// provider's set, `iss` = the configured issuer, `aud` = our client id, `exp` in the future (within
/// [`LEEWAY_SECONDS`]), a `sub`.
pub fn verify(
    token: &str,
    settings: &IdTokenSettings,
    client_id: &str,
    cache: &KeyCache,
    now: Instant,
    fetch: impl FnOnce(&str) -> Result<Value, ProviderError>,
) -> Result<Value, ProviderError> {
    ensure_crypto_provider();
    // An `alg` the library does not know (`none`) fails here, as malformed.
    let header = jsonwebtoken::decode_header(token).map_err(|e| refusal(e.kind()))?;
    if header.alg != Algorithm::RS256 {
        return Err(refused("algorithm not allowed"));
    }
    let kid = header.kid.ok_or_else(|| refused("no key id"))?;
    let key = cache.key(&settings.jwks_url, &kid, now, || fetch(&settings.jwks_url))?;
    let mut validation = Validation::new(Algorithm::RS256);
    validation.set_issuer(&[settings.issuer.as_str()]);
    validation.set_audience(&[client_id]);
    validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
    validation.leeway = LEEWAY_SECONDS;
    validation.validate_exp = true;
    jsonwebtoken::decode::<Value>(token, &key, &validation).map(|data| data.claims).map_err(|e| refusal(e.kind()))
}

fn refused(why: &str) -> ProviderError {
    ProviderError::Refused(format!("ID token: {why}"))
}

/// A fixed description for each failure: never the token, nor a claim's value.
fn refusal(kind: &ErrorKind) -> ProviderError {
    refused(match kind {
        ErrorKind::InvalidSignature => "bad signature",
        ErrorKind::ExpiredSignature => "expired",
        ErrorKind::InvalidIssuer => "wrong issuer",
        ErrorKind::InvalidAudience => "wrong audience",
        ErrorKind::InvalidAlgorithm | ErrorKind::InvalidAlgorithmName | ErrorKind::UnsupportedAlgorithm => "algorithm not allowed",
        ErrorKind::MissingRequiredClaim(claim) => match claim.as_str() {
            "exp" => "no exp",
            "iss" => "no iss",
            "aud" => "no aud",
            "sub" => "no sub",
            _ => "a required claim is missing",
        },
        ErrorKind::ImmatureSignature => "not valid yet",
        _ => "malformed",
    })
}

/// jsonwebtoken is built with no backend of its own: ours (`jwt_crypto`, over ring) is installed
/// before its first use.
pub(crate) fn ensure_crypto_provider() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = crate::jwt_crypto::RING_PROVIDER.install_default();
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing;
    use base64::Engine;
    use jsonwebtoken::{EncodingKey, Header};
    use serde_json::json;
    use std::cell::Cell;
    use std::time::{SystemTime, UNIX_EPOCH};

    const CLIENT: &str = "app.gistbook.web";

    fn settings() -> IdTokenSettings {
        IdTokenSettings { jwks_url: "https://keys.test/auth/keys".into(), issuer: "https://issuer.test".into() }
    }

    fn unix_now() -> i64 {
        SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64
    }

    fn claims() -> Value {
        json!({
            "iss": "https://issuer.test",
            "aud": CLIENT,
            "exp": unix_now() + 600,
            "iat": unix_now(),
            "sub": "001234.apple",
            "email": "ada@privaterelay.appleid.com",
            "email_verified": "true",
        })
    }

    fn with(mut base: Value, key: &str, value: Value) -> Value {
        base[key] = value;
        base
    }

    /// Verifies against the stand-in key set, with a fresh cache.
    fn check(token: &str) -> Result<Value, ProviderError> {
        verify(token, &settings(), CLIENT, &KeyCache::default(), Instant::now(), |_| Ok(testing::jwks()))
    }

    fn refusal_reason(result: Result<Value, ProviderError>) -> String {
        match result {
            Err(ProviderError::Refused(why)) => why,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    fn b64(bytes: &[u8]) -> String {
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
    }

    #[test]
    fn a_well_signed_token_is_accepted_with_its_claims() {
        let claims = check(&testing::sign_id_token(&claims())).unwrap();
        assert_eq!(claims["sub"], "001234.apple");
        assert_eq!(claims["email"], "ada@privaterelay.appleid.com");
        // `aud` may also be a list holding our client id.
        assert!(check(&testing::sign_id_token(&with(claims, "aud", json!(["other", CLIENT])))).is_ok());
    }

    #[test]
    fn a_token_signed_by_another_key_is_refused() {
        // Same kid as the provider's key, different private key.
        assert_eq!(refusal_reason(check(&testing::forge_id_token(&claims()))), "ID token: bad signature");
    }

    #[test]
    fn a_token_whose_claims_were_altered_after_signing_is_refused() {
        let token = testing::sign_id_token(&claims());
        let parts: Vec<&str> = token.split('.').collect();
        let altered = b64(with(claims(), "sub", json!("someone-else")).to_string().as_bytes());
        let tampered = format!("{}.{altered}.{}", parts[0], parts[2]);
        assert_eq!(refusal_reason(check(&tampered)), "ID token: bad signature");
    }

    #[test]
    fn a_token_naming_a_key_the_provider_does_not_publish_is_refused() {
        let token = testing::sign_id_token_with_kid(&claims(), "no-such-key");
        assert_eq!(refusal_reason(check(&token)), "ID token: unknown signing key");
        let mut header = Header::new(Algorithm::RS256);
        header.kid = None;
        let without_kid = jsonwebtoken::encode(&header, &claims(), &testing::signing_key()).unwrap();
        assert_eq!(refusal_reason(check(&without_kid)), "ID token: no key id");
    }

    #[test]
    fn the_wrong_issuer_audience_or_a_missing_claim_is_refused() {
        let wrong_iss = with(claims(), "iss", json!("https://evil.example"));
        assert_eq!(refusal_reason(check(&testing::sign_id_token(&wrong_iss))), "ID token: wrong issuer");
        let wrong_aud = with(claims(), "aud", json!("someone.elses.app"));
        assert_eq!(refusal_reason(check(&testing::sign_id_token(&wrong_aud))), "ID token: wrong audience");
        for claim in ["iss", "aud", "exp", "sub"] {
            let mut missing = claims();
            missing.as_object_mut().unwrap().remove(claim);
            assert_eq!(refusal_reason(check(&testing::sign_id_token(&missing))), format!("ID token: no {claim}"));
        }
    }

    #[test]
    fn an_expired_token_is_refused_beyond_the_leeway() {
        let expired = with(claims(), "exp", json!(unix_now() - 120));
        assert_eq!(refusal_reason(check(&testing::sign_id_token(&expired))), "ID token: expired");
        // Within a minute of clock skew it still passes.
        let just = with(claims(), "exp", json!(unix_now() - 20));
        assert!(check(&testing::sign_id_token(&just)).is_ok());
    }

    #[test]
    fn unsigned_and_hmac_tokens_are_refused() {
        let payload = b64(claims().to_string().as_bytes());
        for header in [json!({"alg": "none", "typ": "JWT", "kid": testing::KID}), json!({"alg": "None", "kid": testing::KID})] {
            let token = format!("{}.{payload}.", b64(header.to_string().as_bytes()));
            assert_eq!(refusal_reason(check(&token)), "ID token: malformed", "{header}");
        }
        // HS256 "signed" with the provider's public modulus as the secret (key confusion).
        let jwks = testing::jwks();
        let mut header = Header::new(Algorithm::HS256);
        header.kid = Some(testing::KID.into());
        let secret = jwks["keys"][0]["n"].as_str().unwrap().as_bytes().to_vec();
        let hmac = jsonwebtoken::encode(&header, &claims(), &EncodingKey::from_secret(&secret)).unwrap();
        assert_eq!(refusal_reason(check(&hmac)), "ID token: algorithm not allowed");
        // RS512 with the right key is still not what was agreed.
        let mut header = Header::new(Algorithm::RS512);
        header.kid = Some(testing::KID.into());
        let rs512 = jsonwebtoken::encode(&header, &claims(), &testing::signing_key()).unwrap();
        assert_eq!(refusal_reason(check(&rs512)), "ID token: algorithm not allowed");
        assert_eq!(refusal_reason(check("not-a-token")), "ID token: malformed");
    }

    #[test]
    fn keys_that_cannot_be_fetched_make_the_provider_unavailable() {
        let token = testing::sign_id_token(&claims());
        let down =
            verify(&token, &settings(), CLIENT, &KeyCache::default(), Instant::now(), |_| Err(ProviderError::Unavailable("keys: connection refused".into())));
        assert!(matches!(down, Err(ProviderError::Unavailable(_))), "{down:?}");
        let garbage = verify(&token, &settings(), CLIENT, &KeyCache::default(), Instant::now(), |_| Ok(json!({"hello": 1})));
        assert!(matches!(garbage, Err(ProviderError::Unavailable(_))), "{garbage:?}");
    }

    #[test]
    fn keys_are_kept_for_an_hour_and_an_unknown_kid_refetches_at_most_once_a_minute() {
        let cache = KeyCache::default();
        let fetches = Cell::new(0);
        let fetch = || {
            fetches.set(fetches.get() + 1);
            Ok(testing::jwks())
        };
        let start = Instant::now();
        let url = "https://keys.test/auth/keys";
        assert!(cache.key(url, testing::KID, start, fetch).is_ok());
        assert!(cache.key(url, testing::KID, start + Duration::from_secs(59 * 60), fetch).is_ok());
        assert_eq!(fetches.get(), 1, "fresh keys come from memory");

        // A flood of made-up kids right after a fetch: no fetch at all.
        for n in 0..50 {
            let kid = format!("bogus-{n}");
            assert!(matches!(cache.key(url, &kid, start + Duration::from_secs(30), fetch), Err(ProviderError::Refused(_))));
        }
        assert_eq!(fetches.get(), 1);
        // A minute on, one unknown kid refetches once (the provider may have rotated), then
        // the next ones wait again.
        let later = start + Duration::from_secs(61);
        assert!(cache.key(url, "rotated-in", later, fetch).is_err());
        assert!(cache.key(url, "rotated-in", later + Duration::from_secs(1), fetch).is_err());
        assert_eq!(fetches.get(), 2);
        // The known key still answers from memory meanwhile.
        assert!(cache.key(url, testing::KID, later, fetch).is_ok());
        assert_eq!(fetches.get(), 2);

        // After an hour the keys are fetched again.
        assert!(cache.key(url, testing::KID, later + KEYS_FRESH_FOR, fetch).is_ok());
        assert_eq!(fetches.get(), 3);
    }

    #[test]
    fn only_rsa_signature_keys_with_a_kid_are_kept() {
        let rsa = testing::jwks()["keys"][0].clone();
        let variant = |changes: Value| {
            let mut key = rsa.clone();
            for (name, value) in changes.as_object().unwrap() {
                key[name] = value.clone();
            }
            key
        };
        let document = json!({"keys": [
            variant(json!({"kid": "enc", "use": "enc"})),
            variant(json!({"kid": "rs512", "alg": "RS512"})),
            variant(json!({"kid": null})),
            {"kty": "oct", "kid": "hmac", "k": "c2VjcmV0"},
            {"kty": "OKP", "kid": "ed", "crv": "Ed25519", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"},
            {"kty": "weird", "kid": "future"},
            rsa,
        ]});
        let keys = parse_jwks(document).unwrap();
        assert_eq!(keys.keys().collect::<Vec<_>>(), vec![testing::KID]);
    }
}
