//! The member's signed-in sessions: the list on the security page and ending one of them.

use super::IdentityService;
use crate::error::IdentityError;
use crate::two_factor::{describe_device, SessionSummary};
use kernel::{Session, SessionId};

impl IdentityService {
    /// Every live session of the signed-in member, most recently used first, the asking one marked.
    pub fn sessions(&self, session: Session) -> Result<Vec<SessionSummary>, IdentityError> {
        let user = self.current_user(session)?;
        let now = self.deps.clock.now();
        let live = self.deps.store.live_sessions(user.id, now)?;
        Ok(live
            .into_iter()
            .map(|s| SessionSummary {
                id: s.id,
                device: describe_device(&s.user_agent),
                address: s.address,
                started_at: s.started_at,
                last_used_at: s.last_used_at,
                current: s.id == session.id,
            })
            .collect())
    }

    /// Ends one of the member's own sessions (any other member's is "not found"); its access
    /// tokens stop working at once. Ending the asking session is a logout.
    pub fn end_session(&self, session: Session, target: SessionId) -> Result<(), IdentityError> {
        let user = self.current_user(session)?;
        let now = self.deps.clock.now();
        let owned = self.deps.store.live_sessions(user.id, now)?.iter().any(|s| s.id == target);
        if !owned {
            return Err(IdentityError::SessionNotFound);
        }
        self.deps.store.revoke_family(target, now)?;
        Ok(())
    }
}
