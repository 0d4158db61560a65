//! Who is reading: a visitor, a paid member or a free member, with the member's record.

use crate::auth::{AuthUser, MaybeUser};
use crate::envelope::{blocking, ApiError};
use crate::state::AppState;
use db::catalogue::access::Caller;
use diesel::PgConnection;
use identity::{IdentityError, User};
use kernel::Timestamp;

pub struct Reader {
    pub user: Option<User>,
    pub caller: Caller,
}

impl Reader {
    /// Through the identity service (its own pool connection).
    pub async fn of(state: &AppState, who: MaybeUser) -> Result<Reader, ApiError> {
        let Some(auth) = who.0 else { return Ok(Reader::visitor()) };
        let identity = state.identity.clone();
        let user = blocking(move || identity.current_user(auth.id)).await?;
        Ok(Reader::member(user, state.clock.now()))
    }

    /// The same answer on the connection the handler already holds, so that a hot call (the
    /// reader, a position save) checks out one pool connection, not two: under load each
    /// checkout may queue, and two queues add up.
    pub fn on(conn: &mut PgConnection, who: Option<AuthUser>, now: Timestamp) -> Result<Reader, ApiError> {
        let Some(auth) = who else { return Ok(Reader::visitor()) };
        let user = db::find_live_user(conn, auth.id)?.ok_or(IdentityError::SessionExpired)?;
        Ok(Reader::member(user, now))
    }

    fn visitor() -> Reader {
        Reader { user: None, caller: Caller::Visitor }
    }

    fn member(user: User, now: Timestamp) -> Reader {
        let caller = if user.plan.is_paid(now) { Caller::Paid } else { Caller::Free { user_id: user.id.0 } };
        Reader { user: Some(user), caller }
    }

    pub fn is_paid(&self) -> bool {
        self.caller == Caller::Paid
    }

    /// The signed-in member (handlers behind `AuthUser` always have one).
    pub fn signed_in(&self) -> Result<&User, ApiError> {
        self.user.as_ref().ok_or_else(ApiError::not_logged_in)
    }
}
