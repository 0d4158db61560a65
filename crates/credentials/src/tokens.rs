use crate::keyring::{Keyring, SharedKeyring};
use biscuit_auth::{error, macros::*, AuthorizerLimits, Biscuit};
use chrono::{DateTime, Utc};
use identity::error::PortError;
use identity::model::AccessClaims;
use identity::ports::AccessTokens;
use kernel::{Role, SessionId, Timestamp, UserId};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant, SystemTime};

/// Issues and verifies biscuit access tokens. Each token names the key that signed it; a key id
/// this process has not seen makes it reload the shared keyring (another instance rotated it).
pub struct BiscuitTokens {
    keyring: RwLock<Keyring>,
    shared: Option<SharedKeyring>,
    /// Reloads are rate-limited, so tokens naming made-up key ids cannot make every request
    /// query the keyring's store.
    watch: Mutex<ReloadWatch>,
    /// Tokens already verified, by their SHA-256 digest, with their claims: a member's next
    /// requests skip the signature and Datalog check (the costliest step of a small request).
    /// An entry is used only until its token expires. Revocation is unaffected: the signature
    /// never said whether a session is live; the use cases ask the database, cached or not.
    verified: RwLock<HashMap<[u8; 32], AccessClaims>>,
}

/// Verified tokens kept at most; when full the cache starts again (cheap, and rare: a token lives
/// for minutes).
const VERIFIED_CAPACITY: usize = 50_000;
/// One cached entry: the digest, the claims and the table's control byte (97 bytes; 4.9 MB when full).
const VERIFIED_ENTRY_BYTES: usize = 32 + std::mem::size_of::<AccessClaims>() + 1;

#[derive(Default)]
struct ReloadWatch {
    /// Before signing: picks up a rotation by another instance within a couple of seconds.
    last_check_before_signing: Option<Instant>,
    /// On meeting an unknown key id: quick, but still bounded against made-up ids.
    last_check_for_unknown_key: Option<Instant>,
}

const SIGNING_CHECK_INTERVAL: Duration = Duration::from_secs(2);
const UNKNOWN_KEY_CHECK_INTERVAL: Duration = Duration::from_millis(250);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("the token is malformed or its signature is wrong")]
    Invalid,
    #[error("the token has expired")]
    Expired,
}

impl BiscuitTokens {
    /// `shared`: where other instances' rotations appear (None: this keyring only).
    pub fn new(keyring: Keyring, shared: Option<SharedKeyring>) -> Self {
        BiscuitTokens { keyring: RwLock::new(keyring), shared, watch: Mutex::new(ReloadWatch::default()), verified: RwLock::new(HashMap::new()) }
    }

    /// The verified-token cache's use. An entry is a digest and plain claims (no heap), so its
    /// bytes are its count times the entry's size (and the hash table's control byte).
    pub fn verified_cache_size(&self) -> kernel::CacheSize {
        let entries = self.verified.read().map_or(0, |cache| cache.len());
        kernel::CacheSize { entries, bytes: entries * VERIFIED_ENTRY_BYTES, limit_bytes: VERIFIED_CAPACITY * VERIFIED_ENTRY_BYTES }
    }

    pub fn verify(&self, token: &str, now: Timestamp) -> Result<AccessClaims, TokenError> {
        let digest: [u8; 32] = Sha256::digest(token.as_bytes()).into();
        let cached = self.verified.read().ok().and_then(|cache| cache.get(&digest).cloned());
        if let Some(claims) = cached {
            return if now < claims.expires_at { Ok(claims) } else { Err(TokenError::Expired) };
        }
        let claims = self.verify_uncached(token, now)?;
        if let Ok(mut cache) = self.verified.write() {
            if cache.len() >= VERIFIED_CAPACITY {
                cache.clear();
            }
            cache.insert(digest, claims.clone());
        }
        Ok(claims)
    }

    fn verify_uncached(&self, token: &str, now: Timestamp) -> Result<AccessClaims, TokenError> {
        let parsed = match self.parse(token) {
            Err(TokenError::Invalid) if self.reload_if_unknown_key(token) => self.parse(token)?,
            other => other?,
        };
        let now: SystemTime = now.into();
        let mut authorizer =
            authorizer!(r#"time({now}); allow if user($id);"#, now = now).set_limits(verification_limits()).build(&parsed).map_err(|_| TokenError::Invalid)?;
        if let Err(err) = authorizer.authorize() {
            return Err(match err {
                error::Token::FailedLogic(_) => TokenError::Expired,
                error::Token::RunLimit(limit) => {
                    tracing::warn!(%limit, "access token check ran out of its time budget");
                    TokenError::Invalid
                }
                _ => TokenError::Invalid,
            });
        }
        let facts: Vec<(i64, String, String, SystemTime, SystemTime)> = authorizer
            .query(rule!("claims($id, $role, $sid, $iat, $exp) <- user($id), role($role), session($sid), issued($iat), expires($exp)"))
            .map_err(|_| TokenError::Invalid)?;
        // A token without a session (issued before sessions were checked) is not accepted.
        let (id, role, session, issued, expires) = facts.into_iter().next().ok_or(TokenError::Invalid)?;
        Ok(AccessClaims {
            user_id: UserId(id),
            role: Role::parse(&role).ok_or(TokenError::Invalid)?,
            session: SessionId::parse_hex(&session).ok_or(TokenError::Invalid)?,
            issued_at: DateTime::<Utc>::from(issued),
            expires_at: DateTime::<Utc>::from(expires),
        })
    }

    fn parse(&self, token: &str) -> Result<Biscuit, TokenError> {
        let keyring = self.keyring.read().expect("keyring lock");
        Biscuit::from_base64(token, |id: Option<u32>| id.and_then(|id| keyring.public_key(id)).ok_or(error::Format::UnknownPublicKey))
            .map_err(|_| TokenError::Invalid)
    }

    /// True when the token names a key we lack and the shared keyring now has it.
    fn reload_if_unknown_key(&self, token: &str) -> bool {
        let Ok(unverified) = biscuit_auth::UnverifiedBiscuit::from_base64(token) else { return false };
        let Some(id) = unverified.root_key_id() else { return false };
        if self.keyring.read().expect("keyring lock").public_key(id).is_some() {
            return false;
        }
        self.reload_if_changed(false);
        self.keyring.read().expect("keyring lock").public_key(id).is_some()
    }

    /// Re-reads the shared keyring when another instance changed it (`rotate-keys`),
    /// rate-limited per purpose.
    fn reload_if_changed(&self, before_signing: bool) {
        let Some(shared) = &self.shared else { return };
        {
            let mut watch = self.watch.lock().expect("reload lock");
            let (last, interval) = if before_signing {
                (&mut watch.last_check_before_signing, SIGNING_CHECK_INTERVAL)
            } else {
                (&mut watch.last_check_for_unknown_key, UNKNOWN_KEY_CHECK_INTERVAL)
            };
            if last.is_some_and(|at| at.elapsed() < interval) {
                return;
            }
            *last = Some(Instant::now());
        }
        let changed = shared.changed_since(&self.keyring.read().expect("keyring lock"));
        match changed {
            Ok(Some(fresh)) => *self.keyring.write().expect("keyring lock") = fresh,
            Ok(None) => {}
            Err(error) => tracing::warn!(%error, "keeping the signing keys in memory"),
        }
    }
}

/// Biscuit's default budget (1 ms) is too tight for a busy 2-core machine and randomly refused
/// valid tokens; so was 250 ms, once, with the test suite, browser servers and fuzzer sharing the
/// cores (the budget is wall time, and a thread can wait that long for a core). Only tokens whose
/// signature is ours reach the authorizer, and they hold four facts and one check, so the cap is
/// no defence to keep tight: it stops a runaway, not an attacker.
fn verification_limits() -> AuthorizerLimits {
    AuthorizerLimits { max_time: Duration::from_secs(2), ..AuthorizerLimits::default() }
}

impl AccessTokens for BiscuitTokens {
    fn issue(&self, claims: &AccessClaims) -> Result<String, PortError> {
        self.reload_if_changed(true);
        let keyring = self.keyring.read().expect("keyring lock");
        let issued: SystemTime = claims.issued_at.into();
        let expires: SystemTime = claims.expires_at.into();
        // Biscuit dates have second precision; round the expiry down so it never outlives the claim.
        let expires = expires - Duration::from_nanos(claims.expires_at.timestamp_subsec_nanos().into());
        let issued = issued - Duration::from_nanos(claims.issued_at.timestamp_subsec_nanos().into());
        let token = biscuit!(
            r#"user({id}); role({role}); session({sid}); issued({iat}); expires({exp});
               check if time($t), $t < {exp};"#,
            id = claims.user_id.0,
            role = claims.role.as_str(),
            sid = claims.session.to_hex(),
            iat = issued,
            exp = expires,
        )
        .root_key_id(keyring.active_id())
        .build(keyring.active_pair())
        .map_err(|e| PortError::Failed(format!("cannot sign access token: {e}")))?;
        token.to_base64().map_err(|e| PortError::Failed(format!("cannot encode access token: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn claims(now: Timestamp, role: Role) -> AccessClaims {
        AccessClaims { user_id: UserId(42), role, session: SessionId(7), issued_at: now, expires_at: now + chrono::Duration::hours(1) }
    }

    #[test]
    fn a_token_carries_its_claims_until_it_expires() {
        let now = Utc.with_ymd_and_hms(2026, 1, 1, 10, 0, 0).unwrap();
        let tokens = BiscuitTokens::new(Keyring::generate(), None);
        let token = tokens.issue(&claims(now, Role::Admin)).unwrap();
        assert_eq!(tokens.verify(&token, now + chrono::Duration::minutes(59)).unwrap(), claims(now, Role::Admin));
        assert_eq!(tokens.verify(&token, now + chrono::Duration::minutes(61)), Err(TokenError::Expired));
    }

    #[test]
    fn a_cached_token_still_expires_and_a_changed_one_is_checked_again() {
        let now = Utc.with_ymd_and_hms(2026, 1, 1, 10, 0, 0).unwrap();
        let tokens = BiscuitTokens::new(Keyring::generate(), None);
        let token = tokens.issue(&claims(now, Role::Member)).unwrap();
        assert!(tokens.verify(&token, now).is_ok());
        assert_eq!(tokens.verified.read().unwrap().len(), 1, "kept after its first check");
        assert_eq!(tokens.verify(&token, now + chrono::Duration::minutes(30)).unwrap(), claims(now, Role::Member));
        assert_eq!(tokens.verify(&token, now + chrono::Duration::minutes(61)), Err(TokenError::Expired));
        // One changed character is another digest: checked, and refused.
        let mut forged = token.clone();
        forged.replace_range(30..34, "AAAA");
        assert_eq!(tokens.verify(&forged, now), Err(TokenError::Invalid));
        // Refused tokens are never kept.
        assert_eq!(tokens.verified.read().unwrap().len(), 1);
        let size = tokens.verified_cache_size();
        assert_eq!((size.entries, size.bytes), (1, VERIFIED_ENTRY_BYTES));
        assert_eq!(size.limit_bytes, 50_000 * VERIFIED_ENTRY_BYTES);
        assert!(size.limit_bytes < 8 << 20, "the stated bound: under 8 MB ({} bytes)", size.limit_bytes);
    }

    #[test]
    fn tampered_and_foreign_tokens_are_rejected() {
        let now = Utc::now();
        let ours = BiscuitTokens::new(Keyring::generate(), None);
        let theirs = BiscuitTokens::new(Keyring::generate(), None);
        let foreign = theirs.issue(&claims(now, Role::Admin)).unwrap();
        assert_eq!(ours.verify(&foreign, now), Err(TokenError::Invalid));
        let mut token = ours.issue(&claims(now, Role::Member)).unwrap();
        token.replace_range(20..24, "AAAA");
        assert_eq!(ours.verify(&token, now), Err(TokenError::Invalid));
        assert_eq!(ours.verify("not a token", now), Err(TokenError::Invalid));
    }

    #[test]
    fn rotation_keeps_old_tokens_valid_and_signs_with_the_new_key() {
        use crate::keyring::{InMemoryKeyringStore, KeySealer};
        let store = std::sync::Arc::new(InMemoryKeyringStore::default());
        let shared = || SharedKeyring::new(store.clone(), KeySealer::from_secret("a test secret of more than thirty-two characters").unwrap());
        let now = Utc::now();
        let server = BiscuitTokens::new(shared().load_or_create().unwrap(), Some(shared()));
        let old = server.issue(&claims(now, Role::Member)).unwrap();
        // Another instance (or the rotate-keys command) rotates the shared keyring.
        assert_eq!(shared().rotate().unwrap(), 2);
        let other_instance = BiscuitTokens::new(shared().load_or_create().unwrap(), Some(shared()));
        let new = other_instance.issue(&claims(now, Role::Member)).unwrap();
        assert_eq!(biscuit_auth::UnverifiedBiscuit::from_base64(&new).unwrap().root_key_id(), Some(2));
        assert!(server.verify(&new, now).is_ok(), "the running server learns the new key");
        assert!(server.verify(&old, now).is_ok(), "and keeps accepting the old one");
        let signed_after = server.issue(&claims(now, Role::Member)).unwrap();
        assert_eq!(biscuit_auth::UnverifiedBiscuit::from_base64(&signed_after).unwrap().root_key_id(), Some(2));
    }
}
