//! A member's public referral id: what `/r/{id}` carries. Not their database id (which would tell
//! how many members there are and let anyone walk them), and random enough not to be guessed.

/// Characters of a referral id as made (lower case and digits, no look-alikes).
pub const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
/// 12 characters of 32: 60 bits.
pub const LENGTH: usize = 12;

/// Whether `text` may be a referral id at all (what a visitor's browser sends is checked before
/// any lookup; anything else is ignored, not an error, so a bad link never blocks a sign-up).
pub fn looks_like_a_referral_id(text: &str) -> bool {
    (4..=32).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_short_plain_ids_are_looked_up() {
        assert!(looks_like_a_referral_id("ab3k9mzq2x7p"));
        assert!(!looks_like_a_referral_id("abc"));
        assert!(!looks_like_a_referral_id(&"a".repeat(33)));
        assert!(!looks_like_a_referral_id("abc'; drop"));
        assert!(!looks_like_a_referral_id("ab c d"));
    }
}
