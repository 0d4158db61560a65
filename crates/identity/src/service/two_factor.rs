//! Two-factor sign-in: enrolment, the second step of a login, recovery codes, and the rule that
//! the back office needs it.

use super::{IdentityService, SignInStep, SignedIn};
use crate::error::IdentityError;
use crate::model::User;
use crate::two_factor::*;
use chrono::Duration;
use kernel::{Session, UserId};

impl IdentityService {
    /// Signs `user` in, or, when they have two-factor on, starts the second step: a short-lived,
    /// single-use challenge that `finish_second_factor` trades (with a code) for the session.
    pub(crate) fn begin_sign_in(&self, user: User, client: &ClientInfo) -> Result<SignInStep, IdentityError> {
        let enabled = self.deps.store.find_two_factor(user.id)?.is_some_and(|t| t.is_enabled());
        if !enabled {
            return Ok(SignInStep::SignedIn(self.start_session(user, client)?));
        }
        let now = self.deps.clock.now();
        let challenge = self.deps.secrets.login_challenge();
        let expires_at = now + Duration::seconds(CHALLENGE_TTL_SECS);
        self.deps.store.save_login_challenge(NewLoginChallenge {
            user_id: user.id,
            digest: self.deps.secrets.digest(&challenge),
            created_at: now,
            expires_at,
        })?;
        Ok(SignInStep::SecondFactor(SecondFactorChallenge { challenge, expires_at }))
    }

    /// The second step of a login: the challenge from the first and a current code from the
    /// authenticator app, or one of the recovery codes. Wrong codes are throttled per account.
    pub fn finish_second_factor(&self, challenge: Option<&str>, code: Option<&str>, client: impl Into<ClientInfo>) -> Result<SignedIn, IdentityError> {
        let code = code.map(str::trim).filter(|c| !c.is_empty()).ok_or(IdentityError::MissingField("the code"))?;
        let challenge = challenge.filter(|c| !c.is_empty()).ok_or(IdentityError::LoginChallengeExpired)?;
        let now = self.deps.clock.now();
        let store = &self.deps.store;
        let record = store
            .find_login_challenge(&self.deps.secrets.digest(challenge))?
            .filter(|c| c.used_at.is_none() && c.expires_at > now)
            .ok_or(IdentityError::LoginChallengeExpired)?;
        self.check_code(record.user_id, code)?;
        if !store.consume_login_challenge(record.id, now)? {
            return Err(IdentityError::LoginChallengeExpired);
        }
        let user = store.find_user(record.user_id)?.ok_or(IdentityError::LoginChallengeExpired)?;
        let signed_in = self.start_session(user, &client.into())?;
        store.mark_session_second_factor(signed_in.session, now)?;
        Ok(signed_in)
    }

    /// Whether two-factor is on, for the security page.
    pub fn two_factor_status(&self, session: Session) -> Result<TwoFactorStatus, IdentityError> {
        let user = self.current_user(session)?;
        let record = self.deps.store.find_two_factor(user.id)?.filter(TwoFactorRecord::is_enabled);
        Ok(TwoFactorStatus { enabled: record.is_some(), recovery_codes_left: record.map_or(0, |r| r.recovery_codes_left) })
    }

    /// Starts enrolment: a new secret for the authenticator app (as a QR code). Nothing changes for
    /// sign-in until `enable_two_factor` proves the app has it.
    pub fn start_two_factor(&self, session: Session) -> Result<Enrolment, IdentityError> {
        let user = self.current_user(session)?;
        if self.deps.store.find_two_factor(user.id)?.is_some_and(|t| t.is_enabled()) {
            return Err(IdentityError::TwoFactorAlreadyOn);
        }
        let secret = self.deps.one_time_passwords.new_secret();
        self.deps.store.save_pending_two_factor(user.id, &self.deps.sealer.seal(user.id, &secret), self.deps.clock.now())?;
        let provisioning_url = self.deps.one_time_passwords.provisioning_url(&secret, user.email.as_str());
        Ok(Enrolment { secret, provisioning_url })
    }

    /// Finishes enrolment with a code from the app; answers the recovery codes, the only time they
    /// can be read.
    pub fn enable_two_factor(&self, session: Session, code: Option<&str>) -> Result<Vec<String>, IdentityError> {
        let code = code.map(str::trim).filter(|c| !c.is_empty()).ok_or(IdentityError::MissingField("the code"))?;
        let user = self.current_user(session)?;
        let record = self.deps.store.find_two_factor(user.id)?.ok_or(IdentityError::TwoFactorNotStarted)?;
        if record.is_enabled() {
            return Err(IdentityError::TwoFactorAlreadyOn);
        }
        self.throttle_code_guess(user.id)?;
        let now = self.deps.clock.now();
        let secret = self.deps.sealer.open(user.id, &record.secret).ok_or(IdentityError::InvalidTwoFactorCode)?;
        let step = self.deps.one_time_passwords.matching_step(&secret, code, now).ok_or(IdentityError::InvalidTwoFactorCode)?;
        let (codes, digests) = self.new_recovery_codes(user.id);
        if !self.deps.store.enable_two_factor(user.id, step, &digests, now)? {
            return Err(IdentityError::TwoFactorNotStarted);
        }
        self.deps.store.clear_attempts(&code_key(user.id))?;
        // This session just passed the second factor; the others had only the password.
        self.deps.store.mark_session_second_factor(session, now)?;
        self.deps.store.end_other_sessions(user.id, session.id, now)?;
        Ok(codes)
    }

    /// Turns two-factor off; needs a current code (or a recovery code), so a borrowed unlocked
    /// laptop is not enough.
    pub fn disable_two_factor(&self, session: Session, code: Option<&str>) -> Result<(), IdentityError> {
        let code = code.map(str::trim).filter(|c| !c.is_empty()).ok_or(IdentityError::MissingField("the code"))?;
        let user = self.current_user(session)?;
        self.check_code(user.id, code)?;
        self.deps.store.disable_two_factor(user.id)?;
        Ok(())
    }

    /// A fresh set of recovery codes (the old ones stop working); needs a current code.
    pub fn renew_recovery_codes(&self, session: Session, code: Option<&str>) -> Result<Vec<String>, IdentityError> {
        let code = code.map(str::trim).filter(|c| !c.is_empty()).ok_or(IdentityError::MissingField("the code"))?;
        let user = self.current_user(session)?;
        self.check_code(user.id, code)?;
        let (codes, digests) = self.new_recovery_codes(user.id);
        self.deps.store.replace_recovery_codes(user.id, &digests)?;
        Ok(codes)
    }

    /// The back office is for admins with two-factor on, in a session that passed it (a session
    /// from before it was turned on, or signed in some other way, does not); anyone else is
    /// refused, whatever the page asked.
    pub fn authorize_admin(&self, session: Session) -> Result<User, IdentityError> {
        let user = self.current_user(session)?;
        if !user.is_admin() {
            return Err(IdentityError::NotAdmin);
        }
        if !self.deps.store.find_two_factor(user.id)?.is_some_and(|t| t.is_enabled()) {
            return Err(IdentityError::TwoFactorRequired);
        }
        if !self.deps.store.session_passed_second_factor(session)? {
            return Err(IdentityError::TwoFactorSessionRequired);
        }
        Ok(user)
    }

    /// Checks a code of a member with two-factor on: a TOTP code not used before, or an unused
    /// recovery code (used up by this). Guesses count against the account.
    pub(crate) fn check_code(&self, user: UserId, code: &str) -> Result<(), IdentityError> {
        let store = &self.deps.store;
        let record = store.find_two_factor(user)?.filter(TwoFactorRecord::is_enabled).ok_or(IdentityError::TwoFactorNotOn)?;
        self.throttle_code_guess(user)?;
        let now = self.deps.clock.now();
        // A secret that does not open (SIGNING_KEYS_SECRET changed) matches no code; recovery
        // codes still work.
        let secret = self.deps.sealer.open(user, &record.secret).unwrap_or_default();
        match self.deps.one_time_passwords.matching_step(&secret, code, now) {
            // A code already used (seen on a shoulder or in a phishing proxy) is not good twice.
            Some(step) if !store.use_totp_step(user, step)? => return Err(IdentityError::TwoFactorCodeUsed),
            Some(_) => {}
            None if !store.use_recovery_code(user, &self.recovery_digest(user, code), now)? => return Err(IdentityError::InvalidTwoFactorCode),
            None => {}
        }
        store.clear_attempts(&code_key(user))?;
        Ok(())
    }

    fn throttle_code_guess(&self, user: UserId) -> Result<(), IdentityError> {
        let now = self.deps.clock.now();
        let key = code_key(user);
        if self.over_limit(&[(&key, self.throttle.login_failures_per_account_address)], now, now - self.throttle.login_window)? {
            return Err(IdentityError::Throttled);
        }
        Ok(())
    }

    /// New recovery codes and their digests for storage.
    fn new_recovery_codes(&self, user: UserId) -> (Vec<String>, Vec<String>) {
        (0..RECOVERY_CODES)
            .map(|_| self.deps.secrets.recovery_code())
            .map(|code| {
                let digest = self.recovery_digest(user, &code);
                (code, digest)
            })
            .unzip()
    }

    /// Recovery codes are stored as digests salted with the member, so one table of digests
    /// serves no other account.
    pub(crate) fn recovery_digest(&self, user: UserId, code: &str) -> String {
        self.deps.secrets.digest(&format!("{}:{}", user.0, normalise_recovery_code(code)))
    }
}

fn code_key(user: UserId) -> String {
    format!("two-factor:acct:{}", user.0)
}
