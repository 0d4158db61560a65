//! In-memory stand-ins for every identity port, for unit tests without a database.

use crate::model::*;
use crate::ports::*;
use crate::social::{ExternalProfile, IdentityProviders, MailConfirmation, NewMailConfirmation, NewOAuthState, Provider, ProviderError};
use crate::two_factor::*;
use kernel::{Email, Role, Session, SessionId, Timestamp, UserId};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

#[derive(Default)]
struct State {
    users: Vec<(User, String)>,
    refresh: Vec<(RefreshRecord, String)>,
    reset_codes: Vec<(ResetCodeRecord, String)>,
    codes: Vec<(SubscriptionCodeRecord, String)>,
    attempts: HashMap<String, Vec<Timestamp>>,
    outbox: Vec<OutgoingMail>,
    deletion_feedback: Vec<DeletionFeedback>,
    oauth_states: Vec<(NewOAuthState, bool)>,
    identities: Vec<(UserId, Provider, String)>,
    /// Refresh token id -> who used it and when it was issued.
    refresh_clients: HashMap<i64, (ClientInfo, Timestamp)>,
    two_factor: HashMap<UserId, TwoFactorRecord>,
    /// (user, digest, used)
    recovery_codes: Vec<(UserId, String, bool)>,
    /// (record, digest)
    login_challenges: Vec<(LoginChallengeRecord, String)>,
    /// (link, used at)
    verifications: Vec<(NewVerification, Option<Timestamp>)>,
    /// Sessions that passed the second factor.
    second_factor_sessions: Vec<Session>,
    /// (sign-in waiting for its address's owner, used)
    mail_confirmations: Vec<(NewMailConfirmation, bool)>,
    /// The referral link each account was made through (`NewUser::joined_via_referral`).
    joined_via_referral: HashMap<UserId, String>,
}

#[derive(Default)]
pub struct InMemoryStore(Mutex<State>);

impl InMemoryStore {
    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        f(&mut self.0.lock().expect("store lock"))
    }

    pub fn outbox(&self) -> Vec<OutgoingMail> {
        self.with(|s| s.outbox.clone())
    }

    /// The referral link `user`'s account was made through, as kept with it.
    pub fn joined_via_referral(&self, user: UserId) -> Option<String> {
        self.with(|s| s.joined_via_referral.get(&user).cloned())
    }

    pub fn deletion_feedback(&self) -> Vec<DeletionFeedback> {
        self.with(|s| s.deletion_feedback.clone())
    }

    /// Gives `user` the admin role (what `cargo xtask make-admin` does).
    pub fn make_admin(&self, user: UserId) {
        self.with(|s| {
            if let Some((u, _)) = s.users.iter_mut().find(|(u, _)| u.id == user) {
                u.role = Role::Admin;
            }
        });
    }

    pub fn refresh_records(&self, user: UserId) -> Vec<RefreshRecord> {
        self.with(|s| s.refresh.iter().filter(|(r, _)| r.user_id == user).map(|(r, _)| r.clone()).collect())
    }

    pub fn add_subscription_code(&self, digest: &str, plan_id: &str, duration_days: Option<i32>) {
        self.with(|s| {
            let id = s.codes.len() as i64 + 1;
            s.codes.push((SubscriptionCodeRecord { id, plan_id: plan_id.into(), duration_days, redeemed_at: None }, digest.into()));
        })
    }

    fn insert_user(s: &mut State, new: NewUser) -> Option<User> {
        if s.users.iter().any(|(u, _)| u.email == new.email) {
            return None;
        }
        let user = User {
            id: UserId(s.users.len() as i64 + 1),
            email: new.email,
            first_name: new.first_name.as_str().into(),
            last_name: new.last_name.as_str().into(),
            role: Role::Member,
            timezone: new.timezone.as_str().into(),
            plan: new.plan,
            recommends: vec![],
            friend_email: None,
            created_at: new.now,
            email_verified: new.email_verified,
        };
        s.users.push((user.clone(), new.password_hash));
        if let Some(link) = new.joined_via_referral {
            s.joined_via_referral.insert(user.id, link);
        }
        Some(user)
    }
}

impl UserRepository for InMemoryStore {
    fn find_credentials(&self, email: &Email) -> PortResult<Option<UserCredentials>> {
        Ok(self.with(|s| s.users.iter().find(|(u, _)| &u.email == email).map(|(u, h)| UserCredentials { user: u.clone(), password_hash: h.clone() })))
    }

    fn find_user(&self, id: UserId) -> PortResult<Option<User>> {
        Ok(self.with(|s| s.users.iter().find(|(u, _)| u.id == id).map(|(u, _)| u.clone())))
    }

    fn find_session_user(&self, session: Session) -> PortResult<Option<User>> {
        let live = self.with(|s| s.refresh.iter().any(|(r, _)| r.user_id == session.user && r.family == session.id && r.revoked_at.is_none()));
        if !live {
            return Ok(None);
        }
        self.find_user(session.user)
    }

    fn create_user(&self, new: NewUser) -> PortResult<Option<User>> {
        Ok(self.with(|s| Self::insert_user(s, new)))
    }

    fn create_user_redeeming_code(&self, new: NewUser, code_id: i64) -> PortResult<Result<User, RedeemConflict>> {
        Ok(self.with(|s| {
            let Some(index) = s.codes.iter().position(|(c, _)| c.id == code_id && c.redeemed_at.is_none()) else {
                return Err(RedeemConflict::CodeTaken);
            };
            let now = new.now;
            let user = Self::insert_user(s, new).ok_or(RedeemConflict::EmailTaken)?;
            s.codes[index].0.redeemed_at = Some(now);
            Ok(user)
        }))
    }

    fn change_password(&self, id: UserId, password_hash: &str, keep: SessionId, at: Timestamp) -> PortResult<()> {
        self.with(|s| {
            if let Some((_, hash)) = s.users.iter_mut().find(|(u, _)| u.id == id) {
                *hash = password_hash.to_owned();
            }
            for (r, _) in s.refresh.iter_mut().filter(|(r, _)| r.user_id == id && r.family != keep) {
                r.revoked_at.get_or_insert(at);
            }
        });
        Ok(())
    }

    fn erase_user(&self, id: UserId, feedback: DeletionFeedback, at: Timestamp) -> PortResult<()> {
        self.with(|s| {
            s.users.retain(|(u, _)| u.id != id);
            for (r, _) in s.refresh.iter_mut().filter(|(r, _)| r.user_id == id) {
                r.revoked_at.get_or_insert(at);
            }
            s.reset_codes.retain(|(c, _)| c.user_id != id);
            s.identities.retain(|(user, _, _)| *user != id);
            s.two_factor.remove(&id);
            s.recovery_codes.retain(|(user, _, _)| *user != id);
            s.deletion_feedback.push(feedback);
        });
        Ok(())
    }
}

impl SessionRepository for InMemoryStore {
    fn insert_refresh(&self, token: NewRefreshToken) -> PortResult<()> {
        self.with(|s| {
            let id = s.refresh.len() as i64 + 1;
            let started = s.refresh.iter().find(|(r, _)| r.family == token.family).map_or(token.created_at, |(r, _)| r.session_started_at);
            s.refresh_clients.insert(id, (token.client.clone(), token.created_at));
            s.refresh.push((
                RefreshRecord {
                    id,
                    user_id: token.user_id,
                    family: token.family,
                    session_started_at: started,
                    expires_at: token.expires_at,
                    used_at: None,
                    revoked_at: None,
                },
                token.digest,
            ));
        });
        Ok(())
    }

    fn find_refresh(&self, digest: &str) -> PortResult<Option<RefreshRecord>> {
        Ok(self.with(|s| s.refresh.iter().find(|(_, d)| d == digest).map(|(r, _)| r.clone())))
    }

    fn rotate_refresh(&self, old_id: i64, at: Timestamp, next: NewRefreshToken) -> PortResult<bool> {
        let fresh = self.with(|s| match s.refresh.iter_mut().find(|(r, _)| r.id == old_id && r.used_at.is_none() && r.revoked_at.is_none()) {
            Some((r, _)) => {
                r.used_at = Some(at);
                true
            }
            None => false,
        });
        if fresh {
            self.insert_refresh(next)?;
        }
        Ok(fresh)
    }

    fn revoke_family(&self, family: SessionId, at: Timestamp) -> PortResult<()> {
        self.with(|s| {
            for (r, _) in s.refresh.iter_mut().filter(|(r, _)| r.family == family) {
                r.revoked_at.get_or_insert(at);
            }
        });
        Ok(())
    }

    fn revoke_user_sessions(&self, user: UserId, at: Timestamp) -> PortResult<()> {
        self.with(|s| {
            for (r, _) in s.refresh.iter_mut().filter(|(r, _)| r.user_id == user) {
                r.revoked_at.get_or_insert(at);
            }
        });
        Ok(())
    }

    fn session_started_at(&self, session: Session) -> PortResult<Option<Timestamp>> {
        Ok(self.with(|s| s.refresh.iter().filter(|(r, _)| r.family == session.id && r.user_id == session.user).map(|(r, _)| r.session_started_at).min()))
    }
}

impl SessionDirectory for InMemoryStore {
    fn live_sessions(&self, user: UserId, now: Timestamp) -> PortResult<Vec<LiveSession>> {
        let mut sessions: Vec<LiveSession> = self.with(|s| {
            s.refresh
                .iter()
                .filter(|(r, _)| r.user_id == user && r.used_at.is_none() && r.revoked_at.is_none() && r.expires_at > now)
                .map(|(r, _)| {
                    let (client, issued) = s.refresh_clients.get(&r.id).cloned().unwrap_or_default();
                    LiveSession { id: r.family, user_agent: client.user_agent, address: client.address, started_at: r.session_started_at, last_used_at: issued }
                })
                .collect()
        });
        sessions.sort_by_key(|s| std::cmp::Reverse(s.last_used_at));
        Ok(sessions)
    }
}

impl TwoFactorRepository for InMemoryStore {
    fn find_two_factor(&self, user: UserId) -> PortResult<Option<TwoFactorRecord>> {
        Ok(self.with(|s| {
            s.two_factor.get(&user).cloned().map(|mut record| {
                record.recovery_codes_left = s.recovery_codes.iter().filter(|(u, _, used)| *u == user && !used).count() as u32;
                record
            })
        }))
    }

    fn save_pending_two_factor(&self, user: UserId, secret: &str, _at: Timestamp) -> PortResult<()> {
        self.with(|s| {
            if !s.two_factor.get(&user).is_some_and(TwoFactorRecord::is_enabled) {
                s.two_factor.insert(user, TwoFactorRecord { secret: secret.to_owned(), enabled_at: None, last_used_step: 0, recovery_codes_left: 0 });
            }
        });
        Ok(())
    }

    fn enable_two_factor(&self, user: UserId, step: i64, recovery_digests: &[String], at: Timestamp) -> PortResult<bool> {
        Ok(self.with(|s| match s.two_factor.get_mut(&user) {
            Some(record) if !record.is_enabled() => {
                record.enabled_at = Some(at);
                record.last_used_step = step;
                s.recovery_codes.retain(|(u, _, _)| *u != user);
                s.recovery_codes.extend(recovery_digests.iter().map(|d| (user, d.clone(), false)));
                true
            }
            _ => false,
        }))
    }

    fn disable_two_factor(&self, user: UserId) -> PortResult<()> {
        self.with(|s| {
            s.two_factor.remove(&user);
            s.recovery_codes.retain(|(u, _, _)| *u != user);
        });
        Ok(())
    }

    fn use_totp_step(&self, user: UserId, step: i64) -> PortResult<bool> {
        Ok(self.with(|s| match s.two_factor.get_mut(&user) {
            Some(record) if record.last_used_step < step => {
                record.last_used_step = step;
                true
            }
            _ => false,
        }))
    }

    fn use_recovery_code(&self, user: UserId, digest: &str, _at: Timestamp) -> PortResult<bool> {
        Ok(self.with(|s| match s.recovery_codes.iter_mut().find(|(u, d, used)| *u == user && d == digest && !used) {
            Some((_, _, used)) => {
                *used = true;
                true
            }
            None => false,
        }))
    }

    fn replace_recovery_codes(&self, user: UserId, digests: &[String]) -> PortResult<()> {
        self.with(|s| {
            s.recovery_codes.retain(|(u, _, _)| *u != user);
            s.recovery_codes.extend(digests.iter().map(|d| (user, d.clone(), false)));
        });
        Ok(())
    }

    fn save_login_challenge(&self, challenge: NewLoginChallenge) -> PortResult<()> {
        self.with(|s| {
            let id = s.login_challenges.len() as i64 + 1;
            let record = LoginChallengeRecord { id, user_id: challenge.user_id, expires_at: challenge.expires_at, used_at: None };
            s.login_challenges.push((record, challenge.digest));
        });
        Ok(())
    }

    fn find_login_challenge(&self, digest: &str) -> PortResult<Option<LoginChallengeRecord>> {
        Ok(self.with(|s| s.login_challenges.iter().find(|(_, d)| d == digest).map(|(r, _)| r.clone())))
    }

    fn consume_login_challenge(&self, id: i64, at: Timestamp) -> PortResult<bool> {
        Ok(self.with(|s| match s.login_challenges.iter_mut().find(|(r, _)| r.id == id && r.used_at.is_none()) {
            Some((r, _)) => {
                r.used_at = Some(at);
                true
            }
            None => false,
        }))
    }

    fn mark_session_second_factor(&self, session: Session, _at: Timestamp) -> PortResult<()> {
        self.with(|s| s.second_factor_sessions.push(session));
        Ok(())
    }

    fn session_passed_second_factor(&self, session: Session) -> PortResult<bool> {
        Ok(self.with(|s| s.second_factor_sessions.contains(&session)))
    }

    fn end_other_sessions(&self, user: UserId, keep: SessionId, at: Timestamp) -> PortResult<()> {
        self.with(|s| {
            for (r, _) in s.refresh.iter_mut().filter(|(r, _)| r.user_id == user && r.family != keep) {
                r.revoked_at.get_or_insert(at);
            }
        });
        Ok(())
    }
}

/// TOTP without the cryptography: the code of a step is a simple function of the secret and
/// the step, so tests can compute the current code (`code_at`).
#[derive(Default)]
pub struct FakeOneTimePasswords(AtomicU64);

impl FakeOneTimePasswords {
    pub fn code_at(secret: &str, at: Timestamp) -> String {
        Self::code_for_step(secret, at.timestamp().div_euclid(30))
    }

    fn code_for_step(secret: &str, step: i64) -> String {
        let seed: i64 = secret.bytes().map(i64::from).sum();
        format!("{:06}", (seed * 7919 + step * 104_729).rem_euclid(1_000_000))
    }
}

impl OneTimePasswords for FakeOneTimePasswords {
    fn new_secret(&self) -> String {
        format!("SECRET{}", self.0.fetch_add(1, Ordering::SeqCst))
    }

    fn provisioning_url(&self, secret: &str, account: &str) -> String {
        format!("otpauth://totp/Gistbook:{account}?secret={secret}&issuer=Gistbook")
    }

    fn matching_step(&self, secret: &str, code: &str, now: Timestamp) -> Option<i64> {
        let current = now.timestamp().div_euclid(30);
        (current - 1..=current + 1).find(|step| Self::code_for_step(secret, *step) == code)
    }
}

impl ResetCodeRepository for InMemoryStore {
    fn save_reset_code(&self, code: NewResetCode, mail: OutgoingMail) -> PortResult<()> {
        self.with(|s| {
            let id = s.reset_codes.len() as i64 + 1;
            s.reset_codes.push((ResetCodeRecord { id, user_id: code.user_id, expires_at: code.expires_at, used_at: None }, code.digest));
            s.outbox.push(mail);
        });
        Ok(())
    }

    fn find_reset_code(&self, user: UserId, digest: &str) -> PortResult<Option<ResetCodeRecord>> {
        Ok(self.with(|s| s.reset_codes.iter().find(|(c, d)| c.user_id == user && d == digest).map(|(c, _)| c.clone())))
    }

    fn consume_reset_code(&self, code_id: i64, user: UserId, password_hash: &str, at: Timestamp) -> PortResult<bool> {
        let consumed = self.with(|s| {
            let Some((code, _)) = s.reset_codes.iter_mut().find(|(c, _)| c.id == code_id && c.used_at.is_none()) else {
                return false;
            };
            code.used_at = Some(at);
            if let Some((u, hash)) = s.users.iter_mut().find(|(u, _)| u.id == user) {
                *hash = password_hash.to_owned();
                // The reset link reached the address: it is the owner's.
                u.email_verified = true;
            }
            true
        });
        if consumed {
            self.revoke_user_sessions(user, at)?;
        }
        Ok(consumed)
    }
}

impl EmailVerificationRepository for InMemoryStore {
    fn save_verification(&self, code: NewVerification, mail: OutgoingMail) -> PortResult<()> {
        self.with(|s| {
            s.verifications.push((code, None));
            s.outbox.push(mail);
        });
        Ok(())
    }

    fn use_verification(&self, digest: &str, at: Timestamp) -> PortResult<Option<UserId>> {
        Ok(self.with(|s| {
            let (link, used) = s.verifications.iter_mut().find(|(v, used)| v.digest == digest && used.is_none() && v.expires_at > at)?;
            let (user, _) = s.users.iter_mut().find(|(u, _)| u.id == link.user_id && u.email == link.email)?;
            *used = Some(at);
            user.email_verified = true;
            Some(user.id)
        }))
    }

    fn take_over_unverified(&self, user: UserId, at: Timestamp) -> PortResult<()> {
        self.with(|s| {
            if let Some((u, hash)) = s.users.iter_mut().find(|(u, _)| u.id == user) {
                u.email_verified = true;
                *hash = crate::service::NO_PASSWORD.to_owned();
            }
        });
        self.revoke_user_sessions(user, at)
    }
}

impl SubscriptionCodeRepository for InMemoryStore {
    fn find_subscription_code(&self, digest: &str) -> PortResult<Option<SubscriptionCodeRecord>> {
        Ok(self.with(|s| s.codes.iter().find(|(_, d)| d == digest).map(|(c, _)| c.clone())))
    }

    fn insert_subscription_codes(&self, plan_id: &str, duration_days: Option<i32>, digests: &[String]) -> PortResult<()> {
        for digest in digests {
            self.add_subscription_code(digest, plan_id, duration_days);
        }
        Ok(())
    }
}

impl AttemptLog for InMemoryStore {
    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32> {
        Ok(self.with(|s| {
            let attempts = s.attempts.entry(key.to_owned()).or_default();
            attempts.push(at);
            attempts.iter().filter(|t| **t >= since).count() as u32
        }))
    }

    fn forget_attempt(&self, key: &str, at: Timestamp) -> PortResult<()> {
        self.with(|s| {
            if let Some(attempts) = s.attempts.get_mut(key) {
                if let Some(index) = attempts.iter().position(|t| *t == at) {
                    attempts.remove(index);
                }
            }
        });
        Ok(())
    }

    fn clear_attempts(&self, key: &str) -> PortResult<()> {
        self.with(|s| s.attempts.remove(key));
        Ok(())
    }

    fn attempts_since(&self, key: &str, since: Timestamp) -> PortResult<(u32, Option<Timestamp>)> {
        Ok(self.with(|s| {
            let recent: Vec<Timestamp> = s.attempts.get(key).map(|a| a.iter().copied().filter(|t| *t >= since).collect()).unwrap_or_default();
            (recent.len() as u32, recent.iter().max().copied())
        }))
    }
}

impl SocialRepository for InMemoryStore {
    fn save_oauth_state(&self, state: NewOAuthState) -> PortResult<()> {
        self.with(|s| s.oauth_states.push((state, false)));
        Ok(())
    }

    fn take_oauth_state(&self, provider: Provider, state_digest: &str, now: Timestamp) -> PortResult<Option<String>> {
        Ok(self.with(|s| {
            let (state, used) =
                s.oauth_states.iter_mut().find(|(st, used)| st.provider == provider && st.state_digest == state_digest && !*used && st.expires_at > now)?;
            *used = true;
            Some(state.code_verifier.clone())
        }))
    }

    fn save_mail_confirmation(&self, confirmation: NewMailConfirmation, mail: OutgoingMail) -> PortResult<()> {
        self.with(|s| {
            s.mail_confirmations.push((confirmation, false));
            s.outbox.push(mail);
        });
        Ok(())
    }

    fn take_mail_confirmation(&self, code_digest: &str, browser_digest: &str, now: Timestamp) -> PortResult<Option<MailConfirmation>> {
        Ok(self.with(|s| {
            let (waiting, used) = s
                .mail_confirmations
                .iter_mut()
                .find(|(c, used)| c.code_digest == code_digest && c.browser_digest == browser_digest && !*used && c.expires_at > now)?;
            *used = true;
            Some(MailConfirmation { provider: waiting.provider, profile: waiting.profile.clone(), timezone: waiting.timezone.clone() })
        }))
    }

    fn find_linked_user(&self, provider: Provider, subject: &str) -> PortResult<Option<UserId>> {
        Ok(self.with(|s| s.identities.iter().find(|(_, p, sub)| *p == provider && sub == subject).map(|(u, _, _)| *u)))
    }

    fn link_identity(&self, user: UserId, provider: Provider, subject: &str, _at: Timestamp) -> PortResult<()> {
        self.with(|s| s.identities.push((user, provider, subject.to_owned())));
        Ok(())
    }

    fn create_user_with_identity(&self, new: NewUser, provider: Provider, subject: &str) -> PortResult<Option<User>> {
        Ok(self.with(|s| {
            let user = Self::insert_user(s, new)?;
            s.identities.push((user.id, provider, subject.to_owned()));
            Some(user)
        }))
    }
}

/// A stand-in provider: each code maps to a profile; the PKCE verifier must match the challenge
/// the fake secrets made for it.
#[derive(Default)]
pub struct FakeProviders {
    pub unconfigured: Vec<Provider>,
    pub profiles: Mutex<HashMap<String, Result<ExternalProfile, ProviderError>>>,
    pub verifiers_seen: Mutex<Vec<String>>,
}

impl FakeProviders {
    pub fn answer(&self, code: &str, profile: Result<ExternalProfile, ProviderError>) {
        self.profiles.lock().expect("profiles lock").insert(code.to_owned(), profile);
    }
}

impl IdentityProviders for FakeProviders {
    fn is_configured(&self, provider: Provider) -> bool {
        !self.unconfigured.contains(&provider)
    }

    fn fetch_profile(&self, _provider: Provider, code: &str, code_verifier: &str) -> Result<ExternalProfile, ProviderError> {
        self.verifiers_seen.lock().expect("verifiers lock").push(code_verifier.to_owned());
        self.profiles.lock().expect("profiles lock").get(code).cloned().unwrap_or_else(|| Err(ProviderError::Refused("unknown code".into())))
    }
}

/// A fast, obviously fake hasher: "hashed:" + password.
pub struct FakeHasher;

impl PasswordHasher for FakeHasher {
    fn hash(&self, password: &Password) -> PortResult<String> {
        Ok(format!("hashed:{}", password.expose()))
    }
    fn verify(&self, password: &str, hash: &str) -> PortResult<bool> {
        Ok(hash.strip_prefix("hashed:") == Some(password))
    }
    fn verify_dummy(&self, _password: &str) -> PortResult<()> {
        Ok(())
    }
}

/// Access tokens that spell out their claims, so tests can read them back.
pub struct FakeTokens;

impl AccessTokens for FakeTokens {
    fn issue(&self, claims: &AccessClaims) -> PortResult<String> {
        Ok(format!("access:{}:{}:{}", claims.user_id, claims.role.as_str(), claims.expires_at.timestamp()))
    }
}

/// Predictable secrets: a counter, and a digest that is simply "digest(...)".
#[derive(Default)]
pub struct FakeSecrets(AtomicU64);

impl Secrets for FakeSecrets {
    fn refresh_token(&self) -> String {
        format!("refresh-{}", self.0.fetch_add(1, Ordering::SeqCst))
    }
    fn reset_code(&self) -> String {
        format!("reset-{}", self.0.fetch_add(1, Ordering::SeqCst))
    }
    fn family_id(&self) -> SessionId {
        SessionId(u128::from(self.0.fetch_add(1, Ordering::SeqCst)) + 1)
    }

    fn subscription_code(&self) -> String {
        format!("CODE-{}", self.0.fetch_add(1, Ordering::SeqCst))
    }
    fn oauth_state(&self) -> String {
        format!("state-{}", self.0.fetch_add(1, Ordering::SeqCst))
    }
    fn pkce_pair(&self) -> (String, String) {
        let n = self.0.fetch_add(1, Ordering::SeqCst);
        (format!("verifier-{n}"), format!("challenge-{n}"))
    }
    fn recovery_code(&self) -> String {
        format!("recovery-{}", self.0.fetch_add(1, Ordering::SeqCst))
    }
    fn login_challenge(&self) -> String {
        format!("challenge-{}", self.0.fetch_add(1, Ordering::SeqCst))
    }
    fn digest(&self, secret: &str) -> String {
        format!("digest({secret})")
    }
}

/// A free member (no plan, UTC, no picks) for other domains' tests.
pub fn sample_user(id: UserId) -> User {
    User {
        id,
        email: Email::parse(&format!("member{}@example.com", id.0)).expect("a valid address"),
        first_name: "Ada".into(),
        last_name: "Lovelace".into(),
        role: Role::Member,
        timezone: "UTC".into(),
        plan: PlanState::default(),
        recommends: vec![],
        friend_email: None,
        created_at: chrono::DateTime::UNIX_EPOCH,
        email_verified: true,
    }
}

/// Seals visibly ("sealed(7:SECRET)"), so tests see what is stored and that it opens for its
/// member only.
#[derive(Default)]
pub struct FakeSealer;

impl SecretSealer for FakeSealer {
    fn seal(&self, user: UserId, secret: &str) -> String {
        format!("sealed({}:{secret})", user.0)
    }

    fn open(&self, user: UserId, stored: &str) -> Option<String> {
        stored.strip_prefix(&format!("sealed({}:", user.0))?.strip_suffix(')').map(str::to_owned)
    }
}
