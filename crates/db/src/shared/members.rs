//! A member as every domain's signed-in call reads them: the live session's member in one
//! statement on the connection the call already holds (the catalogue's, billing's and identity's
//! calls alike), and the row that turns into `identity::User`.

use crate::schema::{refresh_tokens, users};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use identity::model::{PlanState, User, UserCredentials};
use kernel::{Email, Role, Session, UserId};

/// The member of a live session (not erased, the session not ended), in one statement on a
/// connection the caller already holds (what `IdentityService::current_user` answers; the
/// catalogue's calls use it so that a call checks out one connection, not two).
pub fn find_session_user(conn: &mut PgConnection, session: Session) -> QueryResult<Option<User>> {
    let live_session = refresh_tokens::table
        .filter(refresh_tokens::family.eq(session.id.to_hex()))
        .filter(refresh_tokens::user_id.eq(session.user.0))
        .filter(refresh_tokens::revoked_at.is_null());
    // Not `live_users()`: a boxed query has no static id, so Diesel writes out its SQL on every
    // call to find the prepared statement; this check runs on every signed-in call.
    users::table
        .filter(users::deleted_at.is_null())
        .filter(users::id.eq(session.user.0))
        .filter(diesel::dsl::exists(live_session))
        .select(UserRow::as_select())
        .first(conn)
        .optional()?
        .map(|row| row.into_credentials().map(|c| c.user))
        .transpose()
}

/// A member who still has an account (not erased), by id: for calls made without a session (a
/// podcast app fetching its member's feed).
pub fn find_user(conn: &mut PgConnection, id: UserId) -> QueryResult<Option<User>> {
    users::table
        .filter(users::deleted_at.is_null())
        .filter(users::id.eq(id.0))
        .select(UserRow::as_select())
        .first(conn)
        .optional()?
        .map(UserRow::into_user)
        .transpose()
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = users, check_for_backend(diesel::pg::Pg))]
pub(crate) struct UserRow {
    id: i64,
    email: String,
    password_hash: String,
    first_name: String,
    last_name: String,
    role: String,
    timezone: String,
    plan_id: Option<String>,
    paid_date: Option<DateTime<Utc>>,
    end_paid_date: Option<DateTime<Utc>>,
    recommends: Vec<i64>,
    friend_email: Option<String>,
    created_at: DateTime<Utc>,
    email_verified_at: Option<DateTime<Utc>>,
}

impl UserRow {
    pub(crate) fn into_user(self) -> QueryResult<User> {
        Ok(self.into_credentials()?.user)
    }

    pub(crate) fn into_credentials(self) -> QueryResult<UserCredentials> {
        let corrupt = |what: &str| diesel::result::Error::DeserializationError(format!("user {}: bad {what}", self.id).into());
        let user = User {
            id: UserId(self.id),
            email: Email::parse(&self.email).map_err(|_| corrupt("email"))?,
            first_name: self.first_name,
            last_name: self.last_name,
            role: Role::parse(&self.role).ok_or_else(|| corrupt("role"))?,
            timezone: self.timezone,
            plan: PlanState { plan_id: self.plan_id, paid_date: self.paid_date, end_paid_date: self.end_paid_date },
            recommends: self.recommends,
            friend_email: self.friend_email,
            created_at: self.created_at,
            email_verified: self.email_verified_at.is_some(),
        };
        Ok(UserCredentials { user, password_hash: self.password_hash })
    }
}
