//! Two-factor settings, recovery codes, login challenges and the live-sessions list in
//! PostgreSQL, for identity's `TwoFactorRepository` and `SessionDirectory`.

use super::store::PgIdentityStore;
use crate::schema::{login_challenges, refresh_tokens, session_second_factor, two_factor, two_factor_recovery_codes};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use identity::ports::PortResult;
use identity::two_factor::*;
use kernel::{Session, SessionId, Timestamp, UserId};

/// Forgets a member's two-factor secret, codes and challenges (account erasure).
pub(crate) fn erase_member(conn: &mut PgConnection, user: UserId) -> QueryResult<()> {
    diesel::delete(two_factor_recovery_codes::table.filter(two_factor_recovery_codes::user_id.eq(user.0))).execute(conn)?;
    diesel::delete(login_challenges::table.filter(login_challenges::user_id.eq(user.0))).execute(conn)?;
    diesel::delete(two_factor::table.filter(two_factor::user_id.eq(user.0))).execute(conn)?;
    Ok(())
}

/// Drops login challenges that can no longer be used (a housekeeping job).
pub fn prune_login_challenges(conn: &mut PgConnection, now: Timestamp) -> QueryResult<usize> {
    diesel::delete(login_challenges::table.filter(login_challenges::expires_at.lt(now))).execute(conn)
}

fn delete_recovery_codes(conn: &mut PgConnection, user: UserId) -> QueryResult<usize> {
    diesel::delete(two_factor_recovery_codes::table.filter(two_factor_recovery_codes::user_id.eq(user.0))).execute(conn)
}

fn insert_recovery_codes(conn: &mut PgConnection, user: UserId, digests: &[String]) -> QueryResult<usize> {
    let rows: Vec<_> = digests.iter().map(|d| (two_factor_recovery_codes::user_id.eq(user.0), two_factor_recovery_codes::code_digest.eq(d))).collect();
    diesel::insert_into(two_factor_recovery_codes::table).values(rows).execute(conn)
}

impl TwoFactorRepository for PgIdentityStore {
    fn find_two_factor(&self, user: UserId) -> PortResult<Option<TwoFactorRecord>> {
        self.run(|conn| {
            let Some((secret, enabled_at, last_used_step)) = two_factor::table
                .find(user.0)
                .select((two_factor::secret, two_factor::enabled_at, two_factor::last_used_step))
                .first::<(String, Option<DateTime<Utc>>, i64)>(conn)
                .optional()?
            else {
                return Ok(None);
            };
            let left: i64 = two_factor_recovery_codes::table
                .filter(two_factor_recovery_codes::user_id.eq(user.0))
                .filter(two_factor_recovery_codes::used_at.is_null())
                .count()
                .get_result(conn)?;
            Ok(Some(TwoFactorRecord { secret, enabled_at, last_used_step, recovery_codes_left: left as u32 }))
        })
    }

    fn save_pending_two_factor(&self, user: UserId, secret: &str, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                // A pending enrolment is replaced; an enabled secret never is.
                diesel::delete(two_factor::table.find(user.0).filter(two_factor::enabled_at.is_null())).execute(conn)?;
                diesel::insert_into(two_factor::table)
                    .values((two_factor::user_id.eq(user.0), two_factor::secret.eq(secret), two_factor::created_at.eq(at)))
                    .on_conflict_do_nothing()
                    .execute(conn)
                    .map(drop)
            })
        })
    }

    fn enable_two_factor(&self, user: UserId, step: i64, recovery_digests: &[String], at: Timestamp) -> PortResult<bool> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let enabled = diesel::update(two_factor::table.find(user.0).filter(two_factor::enabled_at.is_null()))
                    .set((two_factor::enabled_at.eq(at), two_factor::last_used_step.eq(step)))
                    .execute(conn)?;
                if enabled == 0 {
                    return Ok(false);
                }
                delete_recovery_codes(conn, user)?;
                insert_recovery_codes(conn, user, recovery_digests)?;
                Ok(true)
            })
        })
    }

    fn disable_two_factor(&self, user: UserId) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                delete_recovery_codes(conn, user)?;
                diesel::delete(two_factor::table.find(user.0)).execute(conn).map(drop)
            })
        })
    }

    fn use_totp_step(&self, user: UserId, step: i64) -> PortResult<bool> {
        self.run(|conn| {
            // One statement: of two logins racing with the same code, one wins.
            diesel::update(two_factor::table.find(user.0).filter(two_factor::last_used_step.lt(step)))
                .set(two_factor::last_used_step.eq(step))
                .execute(conn)
                .map(|n| n == 1)
        })
    }

    fn use_recovery_code(&self, user: UserId, digest: &str, at: Timestamp) -> PortResult<bool> {
        self.run(|conn| {
            diesel::update(
                two_factor_recovery_codes::table
                    .filter(two_factor_recovery_codes::user_id.eq(user.0))
                    .filter(two_factor_recovery_codes::code_digest.eq(digest))
                    .filter(two_factor_recovery_codes::used_at.is_null()),
            )
            .set(two_factor_recovery_codes::used_at.eq(at))
            .execute(conn)
            .map(|n| n >= 1)
        })
    }

    fn replace_recovery_codes(&self, user: UserId, digests: &[String]) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                delete_recovery_codes(conn, user)?;
                insert_recovery_codes(conn, user, digests).map(drop)
            })
        })
    }

    fn save_login_challenge(&self, challenge: NewLoginChallenge) -> PortResult<()> {
        self.run(|conn| {
            diesel::insert_into(login_challenges::table)
                .values(NewLoginChallengeRow {
                    user_id: challenge.user_id.0,
                    challenge_digest: &challenge.digest,
                    created_at: challenge.created_at,
                    expires_at: challenge.expires_at,
                })
                .execute(conn)
                .map(drop)
        })
    }

    fn find_login_challenge(&self, digest: &str) -> PortResult<Option<LoginChallengeRecord>> {
        self.run(|conn| {
            login_challenges::table
                .filter(login_challenges::challenge_digest.eq(digest))
                .select((login_challenges::id, login_challenges::user_id, login_challenges::expires_at, login_challenges::used_at))
                .first::<(i64, i64, DateTime<Utc>, Option<DateTime<Utc>>)>(conn)
                .optional()
                .map(|row| row.map(|(id, user_id, expires_at, used_at)| LoginChallengeRecord { id, user_id: UserId(user_id), expires_at, used_at }))
        })
    }

    fn consume_login_challenge(&self, id: i64, at: Timestamp) -> PortResult<bool> {
        self.run(|conn| {
            diesel::update(login_challenges::table.find(id).filter(login_challenges::used_at.is_null()))
                .set(login_challenges::used_at.eq(at))
                .execute(conn)
                .map(|n| n == 1)
        })
    }

    fn mark_session_second_factor(&self, session: Session, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            diesel::insert_into(session_second_factor::table)
                .values((
                    session_second_factor::family.eq(session.id.to_hex()),
                    session_second_factor::user_id.eq(session.user.0),
                    session_second_factor::passed_at.eq(at),
                ))
                .on_conflict_do_nothing()
                .execute(conn)
                .map(drop)
        })
    }

    fn session_passed_second_factor(&self, session: Session) -> PortResult<bool> {
        self.run(|conn| {
            diesel::select(diesel::dsl::exists(
                session_second_factor::table
                    .filter(session_second_factor::family.eq(session.id.to_hex()))
                    .filter(session_second_factor::user_id.eq(session.user.0)),
            ))
            .get_result(conn)
        })
    }

    fn end_other_sessions(&self, user: UserId, keep: SessionId, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            diesel::update(
                refresh_tokens::table
                    .filter(refresh_tokens::user_id.eq(user.0))
                    .filter(refresh_tokens::family.ne(keep.to_hex()))
                    .filter(refresh_tokens::revoked_at.is_null()),
            )
            .set(refresh_tokens::revoked_at.eq(at))
            .execute(conn)
            .map(drop)
        })
    }
}

impl SessionDirectory for PgIdentityStore {
    fn live_sessions(&self, user: UserId, now: Timestamp) -> PortResult<Vec<LiveSession>> {
        self.run(|conn| {
            // The live token of each session is its newest: unused, unrevoked, unexpired (its
            // expiry is already capped at the session's absolute end).
            let live: Vec<(String, String, String, DateTime<Utc>)> = refresh_tokens::table
                .filter(refresh_tokens::user_id.eq(user.0))
                .filter(refresh_tokens::used_at.is_null())
                .filter(refresh_tokens::revoked_at.is_null())
                .filter(refresh_tokens::expires_at.gt(now))
                .select((refresh_tokens::family, refresh_tokens::user_agent, refresh_tokens::address, refresh_tokens::created_at))
                .order(refresh_tokens::created_at.desc())
                .load(conn)?;
            let families: Vec<&str> = live.iter().map(|(family, ..)| family.as_str()).collect();
            let started: Vec<(String, Option<DateTime<Utc>>)> = refresh_tokens::table
                .filter(refresh_tokens::family.eq_any(&families))
                .group_by(refresh_tokens::family)
                .select((refresh_tokens::family, diesel::dsl::min(refresh_tokens::created_at)))
                .load(conn)?;
            Ok(live
                .iter()
                .filter_map(|(family, user_agent, address, last_used_at)| {
                    let id = SessionId::parse_hex(family)?;
                    let started_at = started.iter().find(|(f, _)| f == family).and_then(|(_, at)| *at).unwrap_or(*last_used_at);
                    Some(LiveSession { id, user_agent: user_agent.clone(), address: address.clone(), started_at, last_used_at: *last_used_at })
                })
                .collect())
        })
    }
}

#[derive(Insertable)]
#[diesel(table_name = login_challenges)]
struct NewLoginChallengeRow<'a> {
    user_id: i64,
    challenge_digest: &'a str,
    created_at: Timestamp,
    expires_at: Timestamp,
}
