//! Billing's randomness: public charge ids (`ch_` and 26 random base-32 characters, 130 bits: a
//! charge id attaches a guest's purchase to an account, so it must not be guessable), codes people
//! type (20 characters of an unambiguous alphabet, 100 bits, in groups of four), and their SHA-256
//! digests (the same as the identity service's, so a gift or seat code also works at sign-up).

use billing::ports::Secrets;
use rand::Rng;
use sha2::{Digest, Sha256};

pub struct BillingSecrets;

const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";

impl Secrets for BillingSecrets {
    fn new_charge_id(&self) -> String {
        let mut rng = rand::rngs::OsRng;
        let random: String = (0..26).map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char).collect();
        format!("ch_{random}")
    }

    fn new_code(&self) -> String {
        const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
        let mut rng = rand::rngs::OsRng;
        let chars: Vec<char> = (0..20).map(|_| CODE_ALPHABET[rng.gen_range(0..CODE_ALPHABET.len())] as char).collect();
        chars.chunks(4).map(|group| group.iter().collect::<String>()).collect::<Vec<_>>().join("-")
    }

    fn digest(&self, normalised_code: &str) -> String {
        hex::encode(Sha256::digest(normalised_code.as_bytes()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_long_distinct_and_digested_like_the_identity_services() {
        let codes: std::collections::HashSet<String> = (0..1000).map(|_| BillingSecrets.new_code()).collect();
        assert_eq!(codes.len(), 1000);
        let code = codes.iter().next().unwrap();
        assert_eq!(kernel::normalise_code(code).len(), 20);
        assert_eq!(BillingSecrets.digest("ABC"), "b5d4045c3f466fa91fe2cc6abe79232a1a57cdf104f7a26e716e0a1e2789df78");
    }

    #[test]
    fn charge_ids_are_long_random_and_distinct() {
        let ids: std::collections::HashSet<String> = (0..1000).map(|_| BillingSecrets.new_charge_id()).collect();
        assert_eq!(ids.len(), 1000);
        assert!(ids.iter().all(|id| id.len() == 29 && id.starts_with("ch_") && id[3..].bytes().all(|b| ALPHABET.contains(&b))));
    }
}
