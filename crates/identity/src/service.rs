use crate::error::IdentityError;
use crate::model::*;
use crate::ports::*;
use crate::social::{
    AuthorizationRequest, ExternalProfile, NewAccountDetails, NewMailConfirmation, NewOAuthState, Provider, ProviderError, MAIL_CONFIRMATIONS_PER_ADDRESS_HOUR,
    MAIL_CONFIRMATION_TTL_SECS, STATE_TTL_SECS,
};
use crate::throttle::{account_delay, ThrottleKeys, ThrottlePolicy, Wait};
use crate::two_factor::{ClientInfo, SecondFactorChallenge};
use chrono::Duration;
use kernel::{Clock, Email, Session};
use std::sync::Arc;

/// The ports the identity service works through.
#[derive(Clone)]
pub struct IdentityDeps {
    pub store: Arc<dyn IdentityStore>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn AccessTokens>,
    pub secrets: Arc<dyn Secrets>,
    pub clock: Arc<dyn Clock>,
    pub providers: Arc<dyn IdentityProviders>,
    pub one_time_passwords: Arc<dyn OneTimePasswords>,
    /// Authenticator secrets are stored sealed.
    pub sealer: Arc<dyn crate::two_factor::SecretSealer>,
}

/// What a successful sign-up, login or code sign-up hands back: an access token, the refresh
/// token for the cookie (never shown to scripts) and the user.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub access_token: String,
    pub refresh_token: String,
    pub user: User,
    /// The session both tokens belong to.
    pub session: Session,
}

/// Where a correct password (or a provider's word) leads: signed in, or, for a member with
/// two-factor on, a second step waiting for a code.
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)] // Made once per login and moved straight into an answer.
pub enum SignInStep {
    SignedIn(SignedIn),
    SecondFactor(SecondFactorChallenge),
    /// The provider gave an address it does not vouch for: a link to it finishes the sign-in.
    ConfirmByMail(MailConfirmationSent),
}

/// A provider sign-in waiting for the owner of its address to open the mailed link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailConfirmationSent {
    /// Where the link went.
    pub email: Email,
    /// Kept by the browser that began the sign-in (a cookie): the link works only there.
    pub browser_key: String,
    pub expires_at: kernel::Timestamp,
}

impl SignInStep {
    /// The session, when no second step is needed.
    pub fn signed_in(self) -> Option<SignedIn> {
        match self {
            SignInStep::SignedIn(signed_in) => Some(signed_in),
            SignInStep::SecondFactor(_) | SignInStep::ConfirmByMail(_) => None,
        }
    }
}

/// A refreshed pair of tokens.
#[derive(Debug, Clone)]
pub struct Refreshed {
    pub access_token: String,
    pub refresh_token: String,
    pub user: User,
}

#[derive(Clone)]
pub struct IdentityService {
    deps: IdentityDeps,
    throttle: ThrottlePolicy,
    /// Where the reset link in the e-mail points, e.g. `https://gistbook.app`.
    public_url: String,
}

impl IdentityService {
    pub fn new(deps: IdentityDeps, throttle: ThrottlePolicy, public_url: impl Into<String>) -> Self {
        IdentityService { deps, throttle, public_url: public_url.into() }
    }

    /// `client` is the caller's address, for the sign-up limit.
    pub fn register(&self, form: &RegistrationForm, client: impl Into<ClientInfo>) -> Result<SignedIn, IdentityError> {
        let client = client.into();
        let registration = form.validate(IdentityError::MissingRegistrationFields)?;
        self.check_signup_limit(&client.address)?;
        let new_user = self.new_user(registration, PlanState::default())?;
        let user = self.deps.store.create_user(new_user)?.ok_or(IdentityError::EmailTaken)?;
        self.send_verification(&user)?;
        self.start_session(user, &client)
    }

    /// Mails `user` a link that confirms their address (24 hours, single use).
    fn send_verification(&self, user: &User) -> Result<(), IdentityError> {
        let now = self.deps.clock.now();
        let code = self.deps.secrets.reset_code();
        let link = format!("{}/verify-email/{}", self.public_url.trim_end_matches('/'), code);
        let name = if user.first_name.is_empty() { "there" } else { user.first_name.as_str() };
        let mail = OutgoingMail {
            to: user.email.to_string(),
            subject: VERIFICATION_SUBJECT.to_owned(),
            text_body: format!(
                "Hello {name},\n\nPlease confirm that this is your e-mail address by opening this link within 24 hours:\n\n{link}\n\n\
                 Until you do, you can read the free summaries; buying, receiving gifts and signing in with Google, Apple,\n\
                 LinkedIn or Facebook wait for it.\n\n\
                 If you did not sign up for Gistbook, you can ignore this e-mail.\n\n\
                 The Gistbook team\n",
            ),
            attachment: None,
        };
        let verification = NewVerification {
            user_id: user.id,
            email: user.email.clone(),
            digest: self.deps.secrets.digest(&code),
            created_at: now,
            expires_at: now + Duration::hours(VERIFICATION_TTL_HOURS),
        };
        self.deps.store.save_verification(verification, mail)?;
        Ok(())
    }

    /// `POST /api/user/verify-email`: the link's code confirms the address of its account.
    pub fn verify_email(&self, code: Option<&str>) -> Result<(), IdentityError> {
        let code = code.map(str::trim).filter(|c| !c.is_empty()).ok_or(IdentityError::InvalidVerificationLink)?;
        let now = self.deps.clock.now();
        self.deps.store.use_verification(&self.deps.secrets.digest(code), now)?.ok_or(IdentityError::InvalidVerificationLink)?;
        Ok(())
    }

    /// `POST /api/user/verify-email/resend`: a new link for the signed-in member, three an hour.
    pub fn resend_verification(&self, session: Session) -> Result<(), IdentityError> {
        let user = self.current_user(session)?;
        if user.email_verified {
            return Err(IdentityError::EmailAlreadyVerified);
        }
        let now = self.deps.clock.now();
        let key = format!("verify-resend:acct:{}", user.id);
        if self.over_limit(&[(&key, VERIFICATION_RESENDS_PER_HOUR)], now, now - Duration::hours(1))? {
            return Err(IdentityError::Throttled);
        }
        self.send_verification(&user)
    }

    /// Creates `count` single-use codes for `plan_id` (lasting `duration_days`, or for life) and
    /// returns them; only their digests are stored, so this is the one time they can be read.
    pub fn create_subscription_codes(&self, plan_id: &str, duration_days: Option<i32>, count: usize) -> Result<Vec<String>, IdentityError> {
        let codes: Vec<String> = (0..count).map(|_| self.deps.secrets.subscription_code()).collect();
        let digests: Vec<String> = codes.iter().map(|code| self.deps.secrets.digest(&normalise_code(code))).collect();
        self.deps.store.insert_subscription_codes(plan_id, duration_days, &digests)?;
        Ok(codes)
    }

    /// Records this attempt under every key (limit beside it) and says whether any key is now
    /// over its limit. The attempt itself counts: with a limit of 5, the 6th is refused; a refused
    /// attempt is taken back, so waiting out the window is enough.
    pub(crate) fn over_limit(&self, keys: &[(&str, u32)], now: kernel::Timestamp, since: kernel::Timestamp) -> Result<bool, IdentityError> {
        let mut over = false;
        for (key, limit) in keys {
            over |= self.deps.store.record_and_count(key, now, since)? > *limit;
        }
        if over {
            for (key, _) in keys {
                self.deps.store.forget_attempt(key, now)?;
            }
        }
        Ok(over)
    }

    /// The per-account delay, read before a password or code of the account is checked: past the
    /// free failures (from any address), each check waits 1 s, 2 s, 4 s ... after the latest one,
    /// and when the wait is over only the first of parallel attempts is checked.
    pub(crate) fn account_gate(&self, key: &str) -> Result<(), IdentityError> {
        let now = self.deps.clock.now();
        let since = now - self.throttle.account_window;
        let (failures, latest) = self.deps.store.attempts_since(key, since)?;
        let (Some(beyond), Some(latest)) = (failures.checked_sub(self.throttle.account_failures_free), latest) else { return Ok(()) };
        let checks_at = latest + account_delay(beyond, self.throttle.account_max_delay);
        if now < checks_at {
            let millis = (checks_at - now).num_milliseconds();
            return Err(IdentityError::AccountDelayed(Wait((millis + 999) / 1000)));
        }
        let slot = format!("{key}:after:{}", latest.timestamp_millis());
        if self.deps.store.record_and_count(&slot, now, since)? > 1 {
            return Err(IdentityError::AccountDelayed(Wait(1)));
        }
        Ok(())
    }

    /// A failed check of the account: the next one waits longer.
    pub(crate) fn account_failed(&self, key: &str) -> Result<(), IdentityError> {
        let now = self.deps.clock.now();
        self.deps.store.record_and_count(key, now, now - self.throttle.account_window)?;
        Ok(())
    }

    /// The key of an account's delay for `action`, by the e-mail's digest (the same for an
    /// address nobody has, so the answer says nothing about whether the account exists).
    fn account_key(&self, action: &str, normalised_email: &str) -> String {
        format!("{action}:account:{}", self.deps.secrets.digest(normalised_email))
    }

    /// Sign-ups count per address before any password is hashed; a refused one is not counted.
    fn check_signup_limit(&self, client: &str) -> Result<(), IdentityError> {
        let now = self.deps.clock.now();
        let key = format!("signup:ip:{client}");
        if self.over_limit(&[(&key, self.throttle.signups_per_address)], now, now - self.throttle.signup_window)? {
            return Err(IdentityError::Throttled);
        }
        Ok(())
    }

    pub fn register_with_code(&self, form: &RegistrationForm, code: Option<&str>, client: impl Into<ClientInfo>) -> Result<SignedIn, IdentityError> {
        let client = client.into();
        // Presence of every field first, with the spec's single message; then their format.
        let code = code.map(str::trim).filter(|c| !c.is_empty()).ok_or(IdentityError::MissingCodeRegistrationFields)?;
        let registration = form.validate(IdentityError::MissingCodeRegistrationFields)?;
        self.check_signup_limit(&client.address)?;
        let now = self.deps.clock.now();
        let record = self
            .deps
            .store
            .find_subscription_code(&self.deps.secrets.digest(&normalise_code(code)))?
            .filter(|c| c.redeemed_at.is_none())
            .ok_or(IdentityError::InvalidSubscriptionCode)?;
        let new_user = self.new_user(registration, record.grants(now))?;
        match self.deps.store.create_user_redeeming_code(new_user, record.id)? {
            Ok(user) => {
                self.send_verification(&user)?;
                self.start_session(user, &client)
            }
            Err(RedeemConflict::CodeTaken) => Err(IdentityError::InvalidSubscriptionCode),
            Err(RedeemConflict::EmailTaken) => Err(IdentityError::EmailTaken),
        }
    }

    /// `client` is the caller (its address, for throttling). A member with two-factor on gets a
    /// second step instead of a session.
    pub fn login(&self, email: Option<&str>, password: Option<&str>, client: impl Into<ClientInfo>) -> Result<SignInStep, IdentityError> {
        let client = client.into();
        let (Some(email), Some(password)) = (email.filter(|e| !e.trim().is_empty()), password.filter(|p| !p.is_empty())) else {
            return Err(IdentityError::MissingLoginFields);
        };
        let now = self.deps.clock.now();
        let normalised = email.trim().to_lowercase();
        let keys = ThrottleKeys::new("login", &self.deps.secrets.digest(&normalised), &client.address);
        let since = now - self.throttle.login_window;
        let store = &self.deps.store;
        // Recorded before the password is checked, so parallel guesses cannot all pass the count.
        let over_limit = self.over_limit(
            &[(&keys.address, self.throttle.login_failures_per_address), (&keys.account_address, self.throttle.login_failures_per_account_address)],
            now,
            since,
        )?;
        if over_limit {
            return Err(IdentityError::Throttled);
        }
        let account_key = self.account_key("login", &normalised);
        if let Err(delayed) = self.account_gate(&account_key) {
            // Not a failure of this address: the owner's own address keeps its allowance.
            store.forget_attempt(&keys.address, now)?;
            store.forget_attempt(&keys.account_address, now)?;
            return Err(delayed);
        }
        let credentials = match Email::parse(email) {
            Ok(email) => store.find_credentials(&email)?,
            Err(_) => None,
        };
        let verified = match &credentials {
            // An account without a password (social sign-in only) spends a real verification's
            // time too: how long a refusal takes says nothing about the account.
            Some(c) if c.password_hash != NO_PASSWORD => self.deps.hasher.verify(password, &c.password_hash)?,
            _ => {
                self.deps.hasher.verify_dummy(password)?;
                false
            }
        };
        match credentials.filter(|_| verified) {
            Some(credentials) => {
                // Only failures count against an address (an office behind one address).
                store.clear_attempts(&keys.account_address)?;
                store.forget_attempt(&keys.address, now)?;
                store.clear_attempts(&account_key)?;
                self.begin_sign_in(credentials.user, &client)
            }
            None => {
                self.account_failed(&account_key)?;
                Err(IdentityError::InvalidCredentials)
            }
        }
    }

    /// Trades a refresh token for a new access token and a new refresh token. A token that was
    /// already used means it was stolen or replayed: its whole family is revoked.
    pub fn refresh(&self, refresh_token: Option<&str>, client: impl Into<ClientInfo>) -> Result<Refreshed, IdentityError> {
        let token = refresh_token.filter(|t| !t.is_empty()).ok_or(IdentityError::SessionExpired)?;
        let now = self.deps.clock.now();
        let store = &self.deps.store;
        let record = store.find_refresh(&self.deps.secrets.digest(token))?.ok_or(IdentityError::SessionExpired)?;
        if record.revoked_at.is_some() {
            return Err(IdentityError::SessionExpired);
        }
        if record.used_at.is_some() {
            store.revoke_family(record.family, now)?;
            return Err(IdentityError::SessionExpired);
        }
        let session_ends_at = record.session_started_at + Duration::days(SESSION_MAX_DAYS);
        if record.expires_at <= now || session_ends_at <= now {
            return Err(IdentityError::SessionExpired);
        }
        let user = store.find_user(record.user_id)?.ok_or(IdentityError::SessionExpired)?;
        let next_token = self.deps.secrets.refresh_token();
        let next = NewRefreshToken {
            user_id: user.id,
            family: record.family,
            digest: self.deps.secrets.digest(&next_token),
            created_at: now,
            // Sliding 30 days, never past the session's absolute end.
            expires_at: (now + Duration::days(REFRESH_TOKEN_TTL_DAYS)).min(session_ends_at),
            client: client.into(),
        };
        if !store.rotate_refresh(record.id, now, next)? {
            // Lost a race with another use of the same token: that is reuse too.
            store.revoke_family(record.family, now)?;
            return Err(IdentityError::SessionExpired);
        }
        let access_token = self.deps.tokens.issue(&AccessClaims::for_user(&user, record.family, now))?;
        Ok(Refreshed { access_token, refresh_token: next_token, user })
    }

    /// Ends the session of this refresh token, and only that one, when the token is still live
    /// (a stale or stolen-and-used cookie ends nothing); always succeeds for the caller. Its
    /// access tokens stop working at once.
    pub fn logout(&self, refresh_token: Option<&str>) -> Result<(), IdentityError> {
        let Some(token) = refresh_token.filter(|t| !t.is_empty()) else { return Ok(()) };
        let now = self.deps.clock.now();
        let store = &self.deps.store;
        let live = store.find_refresh(&self.deps.secrets.digest(token))?.filter(|r| r.revoked_at.is_none() && r.used_at.is_none() && r.expires_at > now);
        if let Some(record) = live {
            store.revoke_family(record.family, now)?;
        }
        Ok(())
    }

    /// Changes the signed-in member's password: the current one is needed (and guessing it is
    /// throttled like a login), the new one follows the password rules, and every other session
    /// ends (this one stays signed in).
    pub fn change_password(&self, session: Session, current: Option<&str>, password1: Option<&str>, password2: Option<&str>) -> Result<(), IdentityError> {
        let current = current.filter(|p| !p.is_empty()).ok_or(IdentityError::MissingField("Current Password"))?;
        let password1 = password1.filter(|p| !p.is_empty()).ok_or(IdentityError::MissingField("New Password"))?;
        let password2 = password2.filter(|p| !p.is_empty()).ok_or(IdentityError::MissingField("Confirm New Password"))?;
        if password1 != password2 {
            return Err(IdentityError::PasswordsDiffer);
        }
        let password = Password::parse(password1)?;
        let user = self.current_user(session)?;
        let now = self.deps.clock.now();
        let key = format!("password-change:acct:{}", user.id);
        let window = now - self.throttle.login_window;
        if self.over_limit(&[(&key, self.throttle.login_failures_per_account_address)], now, window)? {
            return Err(IdentityError::Throttled);
        }
        let credentials = self.deps.store.find_credentials(&user.email)?.ok_or(IdentityError::SessionExpired)?;
        let verified = credentials.password_hash != NO_PASSWORD && self.deps.hasher.verify(current, &credentials.password_hash)?;
        if !verified {
            return Err(IdentityError::WrongCurrentPassword);
        }
        self.deps.store.clear_attempts(&key)?;
        let hash = self.deps.hasher.hash(&password)?;
        self.deps.store.change_password(user.id, &hash, session.id, now)?;
        Ok(())
    }

    /// Ends every session of the signed-in member, on every device.
    pub fn sign_out_everywhere(&self, session: Session) -> Result<(), IdentityError> {
        self.current_user(session)?;
        self.deps.store.revoke_user_sessions(session.user, self.deps.clock.now())?;
        Ok(())
    }

    /// The member of a live session, for `session` and `account`; the token of an ended session
    /// or an erased account stops working at once.
    pub fn current_user(&self, session: Session) -> Result<User, IdentityError> {
        self.deps.store.find_session_user(session)?.ok_or(IdentityError::SessionExpired)
    }

    /// Sends a reset code when the account exists; answers the same either way.
    pub fn forgot_password(&self, email: Option<&str>, client: &str) -> Result<(), IdentityError> {
        let email = email.filter(|e| !e.trim().is_empty()).ok_or(IdentityError::MissingField("Email"))?;
        let email = Email::parse(email).map_err(|_| IdentityError::InvalidEmail)?;
        let now = self.deps.clock.now();
        let keys = ThrottleKeys::new("forgot", &self.deps.secrets.digest(email.as_str()), client);
        let since = now - self.throttle.forgot_window;
        let store = &self.deps.store;
        let over_limit = self.over_limit(
            &[(&keys.address, self.throttle.forgot_per_address), (&keys.account_address, self.throttle.forgot_per_account_address)],
            now,
            since,
        )?;
        if over_limit {
            return Err(IdentityError::Throttled);
        }
        let Some(credentials) = store.find_credentials(&email)? else {
            return Ok(());
        };
        let code = self.deps.secrets.reset_code();
        let link = format!("{}/reset-password/{}/{}", self.public_url.trim_end_matches('/'), kernel::url::encode_component(email.as_str()), code);
        let mail = OutgoingMail {
            to: email.to_string(),
            subject: "Reset your Gistbook password".to_owned(),
            text_body: format!(
                "Hello {},\n\nSomeone (hopefully you) asked to reset the password of your Gistbook account.\n\
                 Open this link within one hour to choose a new password:\n\n{link}\n\n\
                 If you did not ask for this, you can ignore this e-mail; your password stays the same.\n\n\
                 The Gistbook team\n",
                if credentials.user.first_name.is_empty() { "there" } else { &credentials.user.first_name },
            ),
            attachment: None,
        };
        store.save_reset_code(
            NewResetCode {
                user_id: credentials.user.id,
                digest: self.deps.secrets.digest(&code),
                created_at: now,
                expires_at: now + Duration::seconds(RESET_CODE_TTL_SECS),
            },
            mail,
        )?;
        Ok(())
    }

    pub fn reset_password(&self, email: Option<&str>, code: Option<&str>, password1: Option<&str>, password2: Option<&str>) -> Result<(), IdentityError> {
        let password1 = password1.filter(|p| !p.is_empty()).ok_or(IdentityError::MissingField("New Password"))?;
        let password2 = password2.filter(|p| !p.is_empty()).ok_or(IdentityError::MissingField("Confirm New Password"))?;
        if password1 != password2 {
            return Err(IdentityError::PasswordsDiffer);
        }
        let password = Password::parse(password1)?;
        let (Some(email), Some(code)) = (email, code.filter(|c| !c.is_empty())) else {
            return Err(IdentityError::InvalidResetCode);
        };
        let now = self.deps.clock.now();
        let store = &self.deps.store;
        let user = match Email::parse(email) {
            Ok(email) => store.find_credentials(&email)?.map(|c| c.user),
            Err(_) => None,
        }
        .ok_or(IdentityError::InvalidResetCode)?;
        let reset_key = self.account_key("reset", user.email.as_str());
        self.account_gate(&reset_key)?;
        let Some(record) = store.find_reset_code(user.id, &self.deps.secrets.digest(code))?.filter(|r| r.is_usable(now)) else {
            self.account_failed(&reset_key)?;
            return Err(IdentityError::InvalidResetCode);
        };
        let hash = self.deps.hasher.hash(&password)?;
        if !store.consume_reset_code(record.id, user.id, &hash, now)? {
            return Err(IdentityError::InvalidResetCode);
        }
        // The owner proved the address: guesses at the old password no longer slow them down.
        store.clear_attempts(&reset_key)?;
        store.clear_attempts(&self.account_key("login", user.email.as_str()))?;
        Ok(())
    }

    /// Deletes the account of a member who proves it is them now (Security III §5): their
    /// password, or a code of their authenticator app, or (an account with neither) a sign-in in
    /// the last 10 minutes. A borrowed unlocked device is not enough.
    pub fn delete_account(&self, session: Session, why: Option<&str>, how: Option<&str>, proof: ReauthProof<'_>) -> Result<(), IdentityError> {
        let id = session.user;
        let why = why.map(str::trim).filter(|w| !w.is_empty());
        let how = how.map(str::trim).filter(|h| !h.is_empty());
        let why = why.ok_or(IdentityError::MissingField("Why are you deleting your account?"))?;
        let how = how.ok_or(IdentityError::MissingField("How did you find out about us?"))?;
        if why.chars().count() > 2000 || how.chars().count() > 2000 {
            return Err(IdentityError::AnswerTooLong);
        }
        let user = self.current_user(session)?;
        self.reauthenticate(session, &user, proof)?;
        let feedback = DeletionFeedback { why: why.to_owned(), how: how.to_owned() };
        self.deps.store.erase_user(id, feedback, self.deps.clock.now())?;
        Ok(())
    }

    /// Proof, for an irreversible step, that the member is at the keyboard now.
    fn reauthenticate(&self, session: Session, user: &User, proof: ReauthProof<'_>) -> Result<(), IdentityError> {
        let now = self.deps.clock.now();
        if let Some(password) = proof.password.filter(|p| !p.is_empty()) {
            // Guessed like a login: the same per-account limit as changing the password.
            let key = format!("password-change:acct:{}", user.id);
            if self.over_limit(&[(&key, self.throttle.login_failures_per_account_address)], now, now - self.throttle.login_window)? {
                return Err(IdentityError::Throttled);
            }
            let credentials = self.deps.store.find_credentials(&user.email)?.ok_or(IdentityError::SessionExpired)?;
            let verified = credentials.password_hash != NO_PASSWORD && self.deps.hasher.verify(password, &credentials.password_hash)?;
            if !verified {
                return Err(IdentityError::WrongCurrentPassword);
            }
            return self.deps.store.clear_attempts(&key).map_err(Into::into);
        }
        if let Some(code) = proof.code.map(str::trim).filter(|c| !c.is_empty()) {
            return self.check_code(user.id, code);
        }
        // No password to give (a provider's account, no authenticator): a sign-in that fresh.
        let has_password = self.deps.store.find_credentials(&user.email)?.is_some_and(|c| c.password_hash != NO_PASSWORD);
        let fresh = self.deps.store.session_started_at(session)?.is_some_and(|at| now - at <= Duration::minutes(REAUTH_MINUTES));
        if !has_password && fresh {
            return Ok(());
        }
        Err(IdentityError::ReauthenticationNeeded)
    }

    /// Starts a sign-in with an outside provider: a fresh `state` and PKCE pair, stored for ten
    /// minutes; the caller sends the browser to the provider with them.
    pub fn start_social_sign_in(&self, provider: Provider) -> Result<AuthorizationRequest, IdentityError> {
        if !self.deps.providers.is_configured(provider) {
            return Err(IdentityError::ProviderNotConfigured(provider));
        }
        let now = self.deps.clock.now();
        let state = self.deps.secrets.oauth_state();
        let (code_verifier, code_challenge) = self.deps.secrets.pkce_pair();
        self.deps.store.save_oauth_state(NewOAuthState {
            provider,
            state_digest: self.deps.secrets.digest(&state),
            code_verifier,
            created_at: now,
            expires_at: now + Duration::seconds(STATE_TTL_SECS),
        })?;
        Ok(AuthorizationRequest { state, code_challenge })
    }

    /// Finishes it: the state must be ours, fresh and unused; the provider's verified e-mail
    /// (see [`ExternalProfile::verified_email`]) finds (and links) an existing account or creates
    /// one, named by the profile or, when it has no name, by the name the provider posted
    /// (`new_account`: Apple's first sign-in), with `new_account`'s time zone.
    /// `browser_state` is the state the starting browser kept (a cookie): a callback from another
    /// browser (a victim handed an attacker's code and state) is refused, so nobody can be signed
    /// into someone else's account.
    pub fn finish_social_sign_in<'a>(
        &self,
        provider: Provider,
        code: Option<&str>,
        state: Option<&str>,
        browser_state: Option<&str>,
        new_account: impl Into<NewAccountDetails<'a>>,
        client: impl Into<ClientInfo>,
    ) -> Result<SignInStep, IdentityError> {
        if !self.deps.providers.is_configured(provider) {
            return Err(IdentityError::ProviderNotConfigured(provider));
        }
        let (Some(code), Some(state)) = (code.filter(|c| !c.is_empty()), state.filter(|s| !s.is_empty())) else {
            return Err(IdentityError::SocialStateInvalid(provider));
        };
        if browser_state != Some(state) {
            return Err(IdentityError::SocialStateInvalid(provider));
        }
        let now = self.deps.clock.now();
        let verifier = self.deps.store.take_oauth_state(provider, &self.deps.secrets.digest(state), now)?.ok_or(IdentityError::SocialStateInvalid(provider))?;
        let profile = self.deps.providers.fetch_profile(provider, code, &verifier).map_err(|err| match err {
            ProviderError::Refused(_) => IdentityError::ProviderRefused(provider),
            ProviderError::Unavailable(_) => IdentityError::ProviderUnavailable(provider),
        })?;
        self.sign_in_with_profile(provider, profile, new_account.into(), &client.into())
    }

    fn sign_in_with_profile(
        &self,
        provider: Provider,
        profile: ExternalProfile,
        new_account: NewAccountDetails<'_>,
        client: &ClientInfo,
    ) -> Result<SignInStep, IdentityError> {
        let store = &self.deps.store;
        let now = self.deps.clock.now();
        if let Some(id) = store.find_linked_user(provider, &profile.subject)? {
            let user = store.find_user(id)?.ok_or(IdentityError::SessionExpired)?;
            return self.begin_sign_in(user, client);
        }
        // Only an address the provider vouches for may open (or find) an account at once. Another
        // (any Facebook address Facebook does not say is verified) is confirmed by its owner first.
        let Some(email) = profile.verified_email().cloned() else {
            return self.ask_owner_to_confirm(provider, profile, new_account);
        };
        if let Some(existing) = store.find_credentials(&email)? {
            let mut user = existing.user;
            if !user.email_verified {
                // Nobody proved this address, and the provider does: whoever made the account
                // (perhaps not its owner, waiting for them to sign in) loses its password and
                // every session before it is linked (account pre-hijacking).
                store.take_over_unverified(user.id, now)?;
                user.email_verified = true;
            }
            store.link_identity(user.id, provider, &profile.subject, now)?;
            return self.begin_sign_in(user, client);
        }
        // The profile's name, else the one the provider posted (Apple's first sign-in).
        let posted = new_account.posted_name.unwrap_or_default();
        let (first_name, last_name) = if profile.first_name.trim().is_empty() && profile.last_name.trim().is_empty() {
            (posted.first_name.as_str(), posted.last_name.as_str())
        } else {
            (profile.first_name.as_str(), profile.last_name.as_str())
        };
        let new_user = NewUser {
            email,
            // Never verifies: such a member signs in through the provider, or sets a password
            // with "forgot password".
            password_hash: NO_PASSWORD.to_owned(),
            first_name: PersonName::truncated(first_name),
            last_name: PersonName::truncated(last_name),
            timezone: TimeZoneName::parse_or_utc(new_account.timezone),
            plan: PlanState::default(),
            now,
            email_verified: true,
            joined_via_referral: crate::model::kept_referral_link(new_account.referral_id),
        };
        let user = store.create_user_with_identity(new_user, provider, &profile.subject)?.ok_or(IdentityError::EmailTaken)?;
        Ok(SignInStep::SignedIn(self.start_session(user, client)?))
    }

    /// Mails the address the provider gave (not vouched for) a link that finishes this sign-in in
    /// this browser. Until it is opened nothing is linked or opened, and the answer is the same
    /// whether the address has an account or not.
    fn ask_owner_to_confirm(&self, provider: Provider, mut profile: ExternalProfile, new_account: NewAccountDetails<'_>) -> Result<SignInStep, IdentityError> {
        let email = profile.email.clone().ok_or(IdentityError::ProviderEmailUnverified(provider))?;
        let now = self.deps.clock.now();
        let key = format!("sign-in-by-mail:{}", email.as_str());
        if self.over_limit(&[(&key, MAIL_CONFIRMATIONS_PER_ADDRESS_HOUR)], now, now - Duration::hours(1))? {
            return Err(IdentityError::Throttled);
        }
        if profile.first_name.trim().is_empty() && profile.last_name.trim().is_empty() {
            if let Some(posted) = new_account.posted_name {
                (profile.first_name, profile.last_name) = (posted.first_name, posted.last_name);
            }
        }
        let code = self.deps.secrets.reset_code();
        let browser_key = self.deps.secrets.oauth_state();
        let expires_at = now + Duration::seconds(MAIL_CONFIRMATION_TTL_SECS);
        let link = format!("{}/confirm-sign-in/{}", self.public_url.trim_end_matches('/'), code);
        let greeting = if profile.first_name.trim().is_empty() { "there" } else { profile.first_name.trim() };
        let account_name = format!("{} {}", profile.first_name.trim(), profile.last_name.trim());
        let account = if account_name.trim().is_empty() { String::new() } else { format!(" \"{}\"", account_name.trim()) };
        let mail = OutgoingMail {
            to: email.to_string(),
            subject: format!("Finish signing in to Gistbook with {provider}"),
            text_body: format!(
                "Hello {greeting},\n\nSomeone, probably you, began signing in to Gistbook with the {provider} account{account}, which gives this\n\
                 e-mail address. {provider} did not tell us the address is confirmed, so please confirm it: open this link\n\
                 within an hour, in the browser where you began, and press \"Finish signing in\":\n\n{link}\n\n\
                 That signs you in to the Gistbook account of this address (or opens one) and lets that {provider} account\n\
                 sign in to it from now on.\n\n\
                 If this was not you, ignore this e-mail: nothing changes.\n\n\
                 The Gistbook team\n",
            ),
            attachment: None,
        };
        self.deps.store.save_mail_confirmation(
            NewMailConfirmation {
                code_digest: self.deps.secrets.digest(&code),
                browser_digest: self.deps.secrets.digest(&browser_key),
                provider,
                profile,
                timezone: new_account.timezone.map(str::to_owned),
                created_at: now,
                expires_at,
            },
            mail,
        )?;
        Ok(SignInStep::ConfirmByMail(MailConfirmationSent { email, browser_key, expires_at }))
    }

    /// `POST /api/oauth/confirm`: the mailed link's code, in the browser that began the sign-in
    /// (its key), finishes it as if the provider had vouched for the address, which its owner
    /// has now proved. A member with two-factor on still gets the second step. A new account
    /// keeps the referral link the confirming page came through (`referral_id`).
    pub fn finish_sign_in_by_mail(
        &self,
        code: Option<&str>,
        browser_key: Option<&str>,
        referral_id: Option<&str>,
        client: impl Into<ClientInfo>,
    ) -> Result<SignInStep, IdentityError> {
        let code = code.map(str::trim).filter(|c| !c.is_empty()).ok_or(IdentityError::InvalidSignInLink)?;
        let browser_key = browser_key.filter(|k| !k.is_empty()).ok_or(IdentityError::InvalidSignInLink)?;
        let now = self.deps.clock.now();
        let secrets = &self.deps.secrets;
        let confirmed =
            self.deps.store.take_mail_confirmation(&secrets.digest(code), &secrets.digest(browser_key), now)?.ok_or(IdentityError::InvalidSignInLink)?;
        let profile = ExternalProfile { email_verified: Some(true), ..confirmed.profile };
        let new_account = NewAccountDetails { timezone: confirmed.timezone.as_deref(), posted_name: None, referral_id };
        self.sign_in_with_profile(confirmed.provider, profile, new_account, &client.into())
    }

    fn new_user(&self, registration: Registration, plan: PlanState) -> Result<NewUser, IdentityError> {
        Ok(NewUser {
            email: registration.email,
            password_hash: self.deps.hasher.hash(&registration.password)?,
            first_name: registration.first_name,
            last_name: registration.last_name,
            timezone: registration.timezone,
            plan,
            now: self.deps.clock.now(),
            email_verified: false,
            joined_via_referral: registration.joined_via_referral,
        })
    }

    pub(crate) fn start_session(&self, user: User, client: &ClientInfo) -> Result<SignedIn, IdentityError> {
        let now = self.deps.clock.now();
        let refresh_token = self.deps.secrets.refresh_token();
        let session = self.deps.secrets.family_id();
        self.deps.store.insert_refresh(NewRefreshToken {
            user_id: user.id,
            family: session,
            digest: self.deps.secrets.digest(&refresh_token),
            created_at: now,
            expires_at: now + Duration::days(REFRESH_TOKEN_TTL_DAYS),
            client: client.clone(),
        })?;
        let access_token = self.deps.tokens.issue(&AccessClaims::for_user(&user, session, now))?;
        Ok(SignedIn { access_token, refresh_token, session: Session { user: user.id, id: session }, user })
    }
}

/// The stored hash of an account without a password (social sign-in only).
pub const NO_PASSWORD: &str = "!no-password";

/// The subject of the e-mail that confirms an address (tests tell it from the others by it).
pub const VERIFICATION_SUBJECT: &str = "Confirm your Gistbook e-mail address";
const VERIFICATION_TTL_HOURS: i64 = 24;
/// How recent a sign-in proves the member is at the keyboard (deleting a password-less account).
const REAUTH_MINUTES: i64 = 10;

/// What a member gives to prove it is them before an irreversible step.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReauthProof<'a> {
    pub password: Option<&'a str>,
    /// A code of their authenticator app (or a recovery code).
    pub code: Option<&'a str>,
}
const VERIFICATION_RESENDS_PER_HOUR: u32 = 3;

/// Codes are printed in upper case with dashes for people; accept any case and spacing.
pub use kernel::normalise_code;

mod sessions;
mod two_factor;

#[cfg(test)]
mod tests;
