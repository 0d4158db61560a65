//! Who is reading: a visitor, a paid member or a free member, with the member's record.

use crate::auth::MaybeUser;
use crate::envelope::{blocking, ApiError};
use crate::state::AppState;
use db::catalogue::access::Caller;
use identity::User;

pub struct Reader {
    pub user: Option<User>,
    pub caller: Caller,
}

impl Reader {
    pub async fn of(state: &AppState, who: MaybeUser) -> Result<Reader, ApiError> {
        let Some(auth) = who.0 else { return Ok(Reader { user: None, caller: Caller::Visitor }) };
        let identity = state.identity.clone();
        let user = blocking(move || identity.current_user(auth.id)).await?;
        let caller = if user.plan.is_paid(state.clock.now()) { Caller::Paid } else { Caller::Free { user_id: user.id.0 } };
        Ok(Reader { user: Some(user), caller })
    }

    pub fn is_paid(&self) -> bool {
        self.caller == Caller::Paid
    }
}
