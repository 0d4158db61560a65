use crate::pool::{checkout, DbError, DbPool};
use crate::schema::{
    account_deletion_feedback, auth_attempts, email_verifications, oauth_states, password_reset_codes, refresh_tokens, sign_in_confirmations,
    subscription_codes, user_identities, users,
};
use crate::shared::members::{find_session_user, UserRow};
use crate::shared::outbox as mail_queue;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use identity::error::PortError;
use identity::model::*;
use identity::ports::*;
use identity::social::{ExternalProfile, MailConfirmation, NewMailConfirmation, NewOAuthState, Provider, SocialRepository};
use kernel::{Email, Session, SessionId, Timestamp, UserId};

/// Identity's storage in PostgreSQL.
#[derive(Clone)]
pub struct PgIdentityStore {
    pool: DbPool,
}

impl PgIdentityStore {
    pub fn new(pool: DbPool) -> Self {
        PgIdentityStore { pool }
    }

    pub(crate) fn run<T>(&self, work: impl FnOnce(&mut PgConnection) -> QueryResult<T>) -> PortResult<T> {
        let mut conn = checkout(&self.pool).map_err(port_error)?;
        work(&mut conn).map_err(|e| port_error(DbError::Query(e)))
    }
}

/// A member who has not been erased.
fn find_live_user(conn: &mut PgConnection, id: UserId) -> QueryResult<Option<User>> {
    live_users().filter(users::id.eq(id.0)).select(UserRow::as_select()).first(conn).optional()?.map(|row| row.into_credentials().map(|c| c.user)).transpose()
}

pub(crate) fn port_error(err: DbError) -> PortError {
    match err {
        DbError::Busy => PortError::Unavailable,
        other => PortError::Failed(other.to_string()),
    }
}

#[derive(Insertable)]
#[diesel(table_name = users)]
struct NewUserRow<'a> {
    email: &'a str,
    password_hash: &'a str,
    first_name: &'a str,
    last_name: &'a str,
    timezone: &'a str,
    plan_id: Option<&'a str>,
    paid_date: Option<DateTime<Utc>>,
    end_paid_date: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    email_verified_at: Option<DateTime<Utc>>,
    joined_via_referral: Option<&'a str>,
}

impl<'a> From<&'a NewUser> for NewUserRow<'a> {
    fn from(new: &'a NewUser) -> Self {
        NewUserRow {
            email: new.email.as_str(),
            password_hash: &new.password_hash,
            first_name: new.first_name.as_str(),
            last_name: new.last_name.as_str(),
            timezone: new.timezone.as_str(),
            plan_id: new.plan.plan_id.as_deref(),
            paid_date: new.plan.paid_date,
            end_paid_date: new.plan.end_paid_date,
            created_at: new.now,
            email_verified_at: new.email_verified.then_some(new.now),
            joined_via_referral: new.joined_via_referral.as_deref(),
        }
    }
}

fn insert_user(conn: &mut PgConnection, new: &NewUser) -> QueryResult<Option<User>> {
    diesel::insert_into(users::table)
        .values(NewUserRow::from(new))
        .on_conflict(users::email)
        .do_nothing()
        .returning(UserRow::as_returning())
        .get_result(conn)
        .optional()?
        .map(|row| row.into_credentials().map(|c| c.user))
        .transpose()
}

fn live_users() -> users::BoxedQuery<'static, diesel::pg::Pg> {
    users::table.filter(users::deleted_at.is_null()).into_boxed()
}

impl UserRepository for PgIdentityStore {
    fn find_credentials(&self, email: &Email) -> PortResult<Option<UserCredentials>> {
        self.run(|conn| {
            live_users().filter(users::email.eq(email.as_str())).select(UserRow::as_select()).first(conn).optional()?.map(UserRow::into_credentials).transpose()
        })
    }

    fn find_user(&self, id: UserId) -> PortResult<Option<User>> {
        self.run(|conn| find_live_user(conn, id))
    }

    fn find_session_user(&self, session: Session) -> PortResult<Option<User>> {
        self.run(|conn| find_session_user(conn, session))
    }

    fn create_user(&self, new: NewUser) -> PortResult<Option<User>> {
        self.run(|conn| insert_user(conn, &new))
    }

    fn create_user_redeeming_code(&self, new: NewUser, code_id: i64) -> PortResult<Result<User, RedeemConflict>> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let Some(user) = insert_user(conn, &new)? else {
                    return Ok(Err(RedeemConflict::EmailTaken));
                };
                // Redeemed or revoked (its purchase refunded, its seat replaced) meanwhile: checked
                // again here, in the transaction that takes it.
                let claimed = diesel::update(
                    subscription_codes::table
                        .filter(subscription_codes::id.eq(code_id))
                        .filter(subscription_codes::redeemed_at.is_null())
                        .filter(subscription_codes::revoked_at.is_null()),
                )
                .set((subscription_codes::redeemed_by.eq(user.id.0), subscription_codes::redeemed_at.eq(new.now)))
                .execute(conn)?;
                if claimed == 0 {
                    // Someone redeemed it first: undo the new account too.
                    return Err(diesel::result::Error::RollbackTransaction);
                }
                // The plan fields identity set from the code are this one grant's.
                if let (Some(plan_id), Some(starts_at)) = (&new.plan.plan_id, new.plan.paid_date) {
                    let grant = billing::access::NewGrant {
                        user: user.id,
                        plan_id: plan_id.clone(),
                        source: billing::access::GrantSource::Code { code_id },
                        starts_at,
                        ends_at: new.plan.end_paid_date,
                    };
                    // Billing's grant, through billing's port on this transaction's connection.
                    billing::ports::GrantBook::add_grant(&crate::shared::gate::Gate::new(conn).billing_ports(), &grant, new.now)
                        .map_err(crate::shared::gate::port_failure)?;
                }
                Ok(Ok(user))
            })
            .or_else(|e| match e {
                diesel::result::Error::RollbackTransaction => Ok(Err(RedeemConflict::CodeTaken)),
                other => Err(other),
            })
        })
    }

    fn change_password(&self, id: UserId, password_hash: &str, keep: SessionId, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::update(users::table.filter(users::id.eq(id.0))).set(users::password_hash.eq(password_hash)).execute(conn)?;
                diesel::update(
                    refresh_tokens::table
                        .filter(refresh_tokens::user_id.eq(id.0))
                        .filter(refresh_tokens::family.ne(keep.to_hex()))
                        .filter(refresh_tokens::revoked_at.is_null()),
                )
                .set(refresh_tokens::revoked_at.eq(at))
                .execute(conn)
                .map(drop)
            })
        })
    }

    fn erase_user(&self, id: UserId, feedback: DeletionFeedback, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                // Mail to the person (queued or kept after sending) is personal data too.
                let email: String = users::table.find(id.0).select(users::email).first(conn)?;
                // Every other domain's part, in this same transaction.
                crate::erasure::erase_member_everywhere(conn, id, &email)?;
                diesel::update(users::table.filter(users::id.eq(id.0)))
                    .set(ErasedUserRow {
                        email: format!("deleted-{}@deleted.invalid", id.0),
                        password_hash: "!erased",
                        first_name: "",
                        last_name: "",
                        timezone: "UTC",
                        recommends: Vec::new(),
                        friend_email: None,
                        deleted_at: at,
                    })
                    .execute(conn)?;
                diesel::delete(refresh_tokens::table.filter(refresh_tokens::user_id.eq(id.0))).execute(conn)?;
                diesel::delete(password_reset_codes::table.filter(password_reset_codes::user_id.eq(id.0))).execute(conn)?;
                diesel::delete(user_identities::table.filter(user_identities::user_id.eq(id.0))).execute(conn)?;
                super::two_factor::erase_member(conn, id)?;
                diesel::insert_into(account_deletion_feedback::table)
                    .values(NewDeletionFeedbackRow { why: &feedback.why, how: &feedback.how, created_at: at })
                    .execute(conn)?;
                Ok(())
            })
        })
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = refresh_tokens, check_for_backend(diesel::pg::Pg))]
struct RefreshRow {
    id: i64,
    user_id: i64,
    family: String,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    used_at: Option<DateTime<Utc>>,
    revoked_at: Option<DateTime<Utc>>,
}

fn insert_refresh(conn: &mut PgConnection, token: &NewRefreshToken) -> QueryResult<usize> {
    // Every sign-in and refresh marks the member active that day (the statistics' actives).
    diesel::insert_into(crate::schema::activity_days::table)
        .values((crate::schema::activity_days::day.eq(token.created_at.date_naive()), crate::schema::activity_days::user_id.eq(token.user_id.0)))
        .on_conflict_do_nothing()
        .execute(conn)?;
    let row = NewRefreshRow {
        user_id: token.user_id.0,
        family: token.family.to_hex(),
        token_digest: &token.digest,
        created_at: token.created_at,
        expires_at: token.expires_at,
        // Bounded: a header is whatever the client sent.
        user_agent: clip(&token.client.user_agent, 300),
        address: clip(&token.client.address, 64),
    };
    diesel::insert_into(refresh_tokens::table).values(row).execute(conn)
}

#[derive(Insertable)]
#[diesel(table_name = refresh_tokens)]
struct NewRefreshRow<'a> {
    user_id: i64,
    family: String,
    token_digest: &'a str,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    user_agent: String,
    address: String,
}

fn clip(text: &str, max_chars: usize) -> String {
    text.chars().take(max_chars).collect()
}

fn revoke_user_sessions(conn: &mut PgConnection, user: UserId, at: Timestamp) -> QueryResult<usize> {
    diesel::update(refresh_tokens::table.filter(refresh_tokens::user_id.eq(user.0)).filter(refresh_tokens::revoked_at.is_null()))
        .set(refresh_tokens::revoked_at.eq(at))
        .execute(conn)
}

impl SessionRepository for PgIdentityStore {
    fn insert_refresh(&self, token: NewRefreshToken) -> PortResult<()> {
        self.run(|conn| insert_refresh(conn, &token).map(drop))
    }

    fn find_refresh(&self, digest: &str) -> PortResult<Option<RefreshRecord>> {
        self.run(|conn| {
            let Some(r) = refresh_tokens::table.filter(refresh_tokens::token_digest.eq(digest)).select(RefreshRow::as_select()).first(conn).optional()? else {
                return Ok(None);
            };
            // The session began with its family's first token.
            let started: Option<DateTime<Utc>> =
                refresh_tokens::table.filter(refresh_tokens::family.eq(&r.family)).select(diesel::dsl::min(refresh_tokens::created_at)).first(conn)?;
            Ok(Some(RefreshRecord {
                id: r.id,
                user_id: UserId(r.user_id),
                // Families are 32 hex digits; a malformed one names no session.
                family: SessionId::parse_hex(&r.family).unwrap_or(SessionId(0)),
                session_started_at: started.unwrap_or(r.created_at),
                expires_at: r.expires_at,
                used_at: r.used_at,
                revoked_at: r.revoked_at,
            }))
        })
    }

    fn rotate_refresh(&self, old_id: i64, at: Timestamp, next: NewRefreshToken) -> PortResult<bool> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let claimed = diesel::update(
                    refresh_tokens::table
                        .filter(refresh_tokens::id.eq(old_id))
                        .filter(refresh_tokens::used_at.is_null())
                        .filter(refresh_tokens::revoked_at.is_null()),
                )
                .set(refresh_tokens::used_at.eq(at))
                .execute(conn)?;
                if claimed == 0 {
                    return Ok(false);
                }
                insert_refresh(conn, &next)?;
                Ok(true)
            })
        })
    }

    fn revoke_family(&self, family: SessionId, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            diesel::update(refresh_tokens::table.filter(refresh_tokens::family.eq(family.to_hex())).filter(refresh_tokens::revoked_at.is_null()))
                .set(refresh_tokens::revoked_at.eq(at))
                .execute(conn)
                .map(drop)
        })
    }

    fn revoke_user_sessions(&self, user: UserId, at: Timestamp) -> PortResult<()> {
        self.run(|conn| revoke_user_sessions(conn, user, at).map(drop))
    }

    fn session_started_at(&self, session: Session) -> PortResult<Option<Timestamp>> {
        self.run(|conn| {
            refresh_tokens::table
                .filter(refresh_tokens::family.eq(session.id.to_hex()))
                .filter(refresh_tokens::user_id.eq(session.user.0))
                .select(diesel::dsl::min(refresh_tokens::created_at))
                .first(conn)
        })
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = password_reset_codes, check_for_backend(diesel::pg::Pg))]
struct ResetCodeRow {
    id: i64,
    user_id: i64,
    expires_at: DateTime<Utc>,
    used_at: Option<DateTime<Utc>>,
}

impl ResetCodeRepository for PgIdentityStore {
    fn save_reset_code(&self, code: NewResetCode, mail: OutgoingMail) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::insert_into(password_reset_codes::table)
                    .values(NewResetCodeRow { user_id: code.user_id.0, code_digest: &code.digest, created_at: code.created_at, expires_at: code.expires_at })
                    .execute(conn)?;
                mail_queue::enqueue(conn, &mail, code.created_at)?;
                Ok(())
            })
        })
    }

    fn find_reset_code(&self, user: UserId, digest: &str) -> PortResult<Option<ResetCodeRecord>> {
        self.run(|conn| {
            let row = password_reset_codes::table
                .filter(password_reset_codes::user_id.eq(user.0))
                .filter(password_reset_codes::code_digest.eq(digest))
                .select(ResetCodeRow::as_select())
                .first(conn)
                .optional()?;
            Ok(row.map(|r| ResetCodeRecord { id: r.id, user_id: UserId(r.user_id), expires_at: r.expires_at, used_at: r.used_at }))
        })
    }

    fn consume_reset_code(&self, code_id: i64, user: UserId, password_hash: &str, at: Timestamp) -> PortResult<bool> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let consumed = diesel::update(
                    password_reset_codes::table
                        .filter(password_reset_codes::id.eq(code_id))
                        .filter(password_reset_codes::user_id.eq(user.0))
                        .filter(password_reset_codes::used_at.is_null()),
                )
                .set(password_reset_codes::used_at.eq(at))
                .execute(conn)?;
                if consumed == 0 {
                    return Ok(false);
                }
                // Every other outstanding code dies with this one.
                diesel::update(password_reset_codes::table.filter(password_reset_codes::user_id.eq(user.0)).filter(password_reset_codes::used_at.is_null()))
                    .set(password_reset_codes::used_at.eq(at))
                    .execute(conn)?;
                // The reset link reached the address: it is the owner's (confirmed, if it was not).
                diesel::update(users::table.filter(users::id.eq(user.0))).set(users::password_hash.eq(password_hash)).execute(conn)?;
                diesel::update(users::table.filter(users::id.eq(user.0)).filter(users::email_verified_at.is_null()))
                    .set(users::email_verified_at.eq(Some(at)))
                    .execute(conn)?;
                revoke_user_sessions(conn, user, at)?;
                Ok(true)
            })
        })
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = subscription_codes, check_for_backend(diesel::pg::Pg))]
struct SubscriptionCodeRow {
    id: i64,
    plan_id: String,
    duration_days: Option<i32>,
    redeemed_at: Option<DateTime<Utc>>,
}

impl SubscriptionCodeRepository for PgIdentityStore {
    fn find_subscription_code(&self, digest: &str) -> PortResult<Option<SubscriptionCodeRecord>> {
        self.run(|conn| {
            // A revoked seat code is no code at all.
            let row = subscription_codes::table
                .filter(subscription_codes::code_digest.eq(digest))
                .filter(subscription_codes::revoked_at.is_null())
                .select(SubscriptionCodeRow::as_select())
                .first(conn)
                .optional()?;
            Ok(row.map(|r| SubscriptionCodeRecord { id: r.id, plan_id: r.plan_id, duration_days: r.duration_days, redeemed_at: r.redeemed_at }))
        })
    }

    fn insert_subscription_codes(&self, plan_id: &str, duration_days: Option<i32>, digests: &[String]) -> PortResult<()> {
        self.run(|conn| {
            let rows: Vec<_> = digests
                .iter()
                .map(|digest| {
                    (subscription_codes::code_digest.eq(digest), subscription_codes::plan_id.eq(plan_id), subscription_codes::duration_days.eq(duration_days))
                })
                .collect();
            diesel::insert_into(subscription_codes::table).values(&rows).execute(conn)?;
            Ok(())
        })
    }
}

impl EmailVerificationRepository for PgIdentityStore {
    fn save_verification(&self, code: NewVerification, mail: OutgoingMail) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::insert_into(email_verifications::table)
                    .values(NewVerificationRow {
                        user_id: code.user_id.0,
                        code_digest: &code.digest,
                        email: code.email.as_str(),
                        created_at: code.created_at,
                        expires_at: code.expires_at,
                    })
                    .execute(conn)?;
                mail_queue::enqueue(conn, &mail, code.created_at)?;
                Ok(())
            })
        })
    }

    fn use_verification(&self, digest: &str, at: Timestamp) -> PortResult<Option<UserId>> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let used: Option<(i64, String)> = diesel::update(
                    email_verifications::table
                        .filter(email_verifications::code_digest.eq(digest))
                        .filter(email_verifications::used_at.is_null())
                        .filter(email_verifications::expires_at.gt(at)),
                )
                .set(email_verifications::used_at.eq(at))
                .returning((email_verifications::user_id, email_verifications::email))
                .get_result(conn)
                .optional()?;
                let Some((user_id, email)) = used else { return Ok(None) };
                // Only while the account still has the address the link was sent to.
                let still_theirs: i64 = live_users_of(user_id).filter(users::email.eq(&email)).count().get_result(conn)?;
                if still_theirs == 0 {
                    return Ok(None);
                }
                diesel::update(live_users_of(user_id).filter(users::email_verified_at.is_null())).set(users::email_verified_at.eq(Some(at))).execute(conn)?;
                Ok(Some(UserId(user_id)))
            })
        })
    }

    fn take_over_unverified(&self, user: UserId, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::update(live_users_of(user.0).filter(users::email_verified_at.is_null()))
                    .set((users::password_hash.eq(identity::service::NO_PASSWORD), users::email_verified_at.eq(Some(at))))
                    .execute(conn)?;
                // Reset links its maker may have asked for die too.
                diesel::update(password_reset_codes::table.filter(password_reset_codes::user_id.eq(user.0)).filter(password_reset_codes::used_at.is_null()))
                    .set(password_reset_codes::used_at.eq(at))
                    .execute(conn)?;
                revoke_user_sessions(conn, user, at).map(drop)
            })
        })
    }
}

/// The live account `id`, for an update.
fn live_users_of(id: i64) -> diesel::dsl::Filter<diesel::dsl::Filter<users::table, diesel::dsl::Eq<users::id, i64>>, diesel::dsl::IsNull<users::deleted_at>> {
    users::table.filter(users::id.eq(id)).filter(users::deleted_at.is_null())
}

impl AttemptLog for PgIdentityStore {
    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32> {
        self.run(|conn| crate::shared::throttle::record_and_count(conn, key, at, since))
    }

    fn forget_attempt(&self, key: &str, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            let one: Option<i64> = auth_attempts::table
                .filter(auth_attempts::attempt_key.eq(key).and(auth_attempts::attempted_at.eq(at)))
                .select(auth_attempts::id)
                .first(conn)
                .optional()?;
            diesel::delete(auth_attempts::table.filter(auth_attempts::id.eq_any(one))).execute(conn).map(drop)
        })
    }

    fn clear_attempts(&self, key: &str) -> PortResult<()> {
        self.run(|conn| diesel::delete(auth_attempts::table.filter(auth_attempts::attempt_key.eq(key))).execute(conn).map(drop))
    }

    fn attempts_since(&self, key: &str, since: Timestamp) -> PortResult<(u32, Option<Timestamp>)> {
        self.run(|conn| crate::shared::throttle::count_and_latest(conn, key, since))
    }
}

impl SocialRepository for PgIdentityStore {
    fn save_oauth_state(&self, state: NewOAuthState) -> PortResult<()> {
        self.run(|conn| {
            diesel::insert_into(oauth_states::table)
                .values(NewOAuthStateRow {
                    state_digest: &state.state_digest,
                    provider: state.provider.slug(),
                    code_verifier: &state.code_verifier,
                    created_at: state.created_at,
                    expires_at: state.expires_at,
                })
                .execute(conn)
                .map(drop)
        })
    }

    fn take_oauth_state(&self, provider: Provider, state_digest: &str, now: Timestamp) -> PortResult<Option<String>> {
        self.run(|conn| {
            diesel::update(
                oauth_states::table
                    .filter(oauth_states::state_digest.eq(state_digest))
                    .filter(oauth_states::provider.eq(provider.slug()))
                    .filter(oauth_states::used_at.is_null())
                    .filter(oauth_states::expires_at.gt(now)),
            )
            .set(oauth_states::used_at.eq(now))
            .returning(oauth_states::code_verifier)
            .get_result(conn)
            .optional()
        })
    }

    fn save_mail_confirmation(&self, confirmation: NewMailConfirmation, mail: OutgoingMail) -> PortResult<()> {
        let profile = &confirmation.profile;
        let row = NewConfirmationRow {
            code_digest: &confirmation.code_digest,
            browser_digest: &confirmation.browser_digest,
            provider: confirmation.provider.slug(),
            subject: &profile.subject,
            email: profile.email.as_ref().map_or("", Email::as_str),
            first_name: &profile.first_name,
            last_name: &profile.last_name,
            timezone: confirmation.timezone.as_deref(),
            created_at: confirmation.created_at,
            expires_at: confirmation.expires_at,
        };
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::insert_into(sign_in_confirmations::table).values(&row).execute(conn)?;
                mail_queue::enqueue(conn, &mail, confirmation.created_at)?;
                Ok(())
            })
        })
    }

    fn take_mail_confirmation(&self, code_digest: &str, browser_digest: &str, now: Timestamp) -> PortResult<Option<MailConfirmation>> {
        let taken: Option<(String, String, String, String, String, Option<String>)> = self.run(|conn| {
            diesel::update(
                sign_in_confirmations::table
                    .filter(sign_in_confirmations::code_digest.eq(code_digest))
                    .filter(sign_in_confirmations::browser_digest.eq(browser_digest))
                    .filter(sign_in_confirmations::used_at.is_null())
                    .filter(sign_in_confirmations::expires_at.gt(now)),
            )
            .set(sign_in_confirmations::used_at.eq(now))
            .returning((
                sign_in_confirmations::provider,
                sign_in_confirmations::subject,
                sign_in_confirmations::email,
                sign_in_confirmations::first_name,
                sign_in_confirmations::last_name,
                sign_in_confirmations::timezone,
            ))
            .get_result(conn)
            .optional()
        })?;
        let Some((provider, subject, email, first_name, last_name, timezone)) = taken else { return Ok(None) };
        let provider = Provider::parse(&provider).ok_or_else(|| PortError::Failed(format!("unknown provider {provider} in a sign-in confirmation")))?;
        let email = Email::parse(&email).map_err(|_| PortError::Failed("an unreadable address in a sign-in confirmation".to_owned()))?;
        let profile = ExternalProfile { subject, email: Some(email), email_verified: None, first_name, last_name };
        Ok(Some(MailConfirmation { provider, profile, timezone }))
    }

    fn find_linked_user(&self, provider: Provider, subject: &str) -> PortResult<Option<UserId>> {
        self.run(|conn| {
            user_identities::table
                .filter(user_identities::provider.eq(provider.slug()))
                .filter(user_identities::subject.eq(subject))
                .select(user_identities::user_id)
                .first::<i64>(conn)
                .optional()
                .map(|id| id.map(UserId))
        })
    }

    fn link_identity(&self, user: UserId, provider: Provider, subject: &str, at: Timestamp) -> PortResult<()> {
        self.run(|conn| insert_identity(conn, user, provider, subject, at).map(drop))
    }

    fn create_user_with_identity(&self, new: NewUser, provider: Provider, subject: &str) -> PortResult<Option<User>> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let Some(user) = insert_user(conn, &new)? else { return Ok(None) };
                insert_identity(conn, user.id, provider, subject, new.now)?;
                Ok(Some(user))
            })
        })
    }
}

fn insert_identity(conn: &mut PgConnection, user: UserId, provider: Provider, subject: &str, at: Timestamp) -> QueryResult<usize> {
    diesel::insert_into(user_identities::table)
        .values(NewIdentityRow { provider: provider.slug(), subject, user_id: user.0, created_at: at })
        .on_conflict_do_nothing()
        .execute(conn)
}

#[derive(Insertable)]
#[diesel(table_name = account_deletion_feedback)]
struct NewDeletionFeedbackRow<'a> {
    why: &'a str,
    how: &'a str,
    created_at: Timestamp,
}

#[derive(Insertable)]
#[diesel(table_name = password_reset_codes)]
struct NewResetCodeRow<'a> {
    user_id: i64,
    code_digest: &'a str,
    created_at: Timestamp,
    expires_at: Timestamp,
}

#[derive(Insertable)]
#[diesel(table_name = email_verifications)]
struct NewVerificationRow<'a> {
    user_id: i64,
    code_digest: &'a str,
    email: &'a str,
    created_at: Timestamp,
    expires_at: Timestamp,
}

#[derive(Insertable)]
#[diesel(table_name = oauth_states)]
struct NewOAuthStateRow<'a> {
    state_digest: &'a str,
    provider: &'a str,
    code_verifier: &'a str,
    created_at: Timestamp,
    expires_at: Timestamp,
}

#[derive(Insertable)]
#[diesel(table_name = user_identities)]
struct NewIdentityRow<'a> {
    provider: &'a str,
    subject: &'a str,
    user_id: i64,
    created_at: Timestamp,
}

#[derive(Insertable)]
#[diesel(table_name = sign_in_confirmations)]
struct NewConfirmationRow<'a> {
    code_digest: &'a str,
    browser_digest: &'a str,
    provider: &'a str,
    subject: &'a str,
    email: &'a str,
    first_name: &'a str,
    last_name: &'a str,
    timezone: Option<&'a str>,
    created_at: Timestamp,
    expires_at: Timestamp,
}

/// Drops expired sign-in states and mailed sign-in links (run by the housekeeping worker).
pub fn prune_oauth_states(conn: &mut PgConnection, before: Timestamp) -> QueryResult<usize> {
    let states = diesel::delete(oauth_states::table.filter(oauth_states::expires_at.lt(before))).execute(conn)?;
    let links = diesel::delete(sign_in_confirmations::table.filter(sign_in_confirmations::expires_at.lt(before))).execute(conn)?;
    Ok(states + links)
}

/// Drops throttling records older than `before` (run by the housekeeping worker).
pub fn prune_attempts(conn: &mut PgConnection, before: Timestamp) -> QueryResult<usize> {
    diesel::delete(auth_attempts::table.filter(auth_attempts::attempted_at.lt(before))).execute(conn)
}

/// What is left of an erased account's row: nothing that names the person, and when it went.
#[derive(AsChangeset)]
#[diesel(table_name = users, treat_none_as_null = true)]
struct ErasedUserRow {
    email: String,
    password_hash: &'static str,
    first_name: &'static str,
    last_name: &'static str,
    timezone: &'static str,
    recommends: Vec<i64>,
    friend_email: Option<String>,
    deleted_at: Timestamp,
}
