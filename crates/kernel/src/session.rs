use crate::ids::UserId;
use std::fmt;

/// One signed-in session (a refresh-token family): random, 128 bits, shown as 32 hex digits.
/// Access tokens carry it, so ending the session ends its access tokens at once.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SessionId(pub u128);

impl SessionId {
    pub fn to_hex(self) -> String {
        format!("{:032x}", self.0)
    }

    pub fn parse_hex(text: &str) -> Option<SessionId> {
        (text.len() == 32).then(|| u128::from_str_radix(text, 16).ok().map(SessionId)).flatten()
    }
}

impl fmt::Debug for SessionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Not a secret on its own (it grants nothing without a token), but kept short in logs.
        write!(f, "SessionId({:.8}…)", self.to_hex())
    }
}

/// Who a verified access token speaks for: the member and the session it was issued in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Session {
    pub user: UserId,
    pub id: SessionId,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_ids_round_trip_through_hex() {
        let id = SessionId(0x0123_4567_89ab_cdef_0011_2233_4455_6677);
        assert_eq!(id.to_hex(), "0123456789abcdef0011223344556677");
        assert_eq!(SessionId::parse_hex(&id.to_hex()), Some(id));
        assert_eq!(SessionId(1).to_hex().len(), 32);
        assert_eq!(SessionId::parse_hex("family-1"), None);
        assert_eq!(SessionId::parse_hex("0123"), None);
    }
}
