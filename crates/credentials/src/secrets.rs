use base64::Engine;
use identity::ports::Secrets;
use rand::{distributions::Alphanumeric, rngs::OsRng, Rng, RngCore};
use sha2::{Digest, Sha256};

/// Secrets from the operating system's random source; stored only as SHA-256 digests, which is
/// safe because each secret carries at least 128 random bits (no password-style hashing needed).
#[derive(Default)]
pub struct RandomSecrets;

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    OsRng.fill_bytes(&mut bytes);
    bytes
}

impl Secrets for RandomSecrets {
    fn refresh_token(&self) -> String {
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(random_bytes::<32>())
    }

    fn reset_code(&self) -> String {
        OsRng.sample_iter(&Alphanumeric).take(32).map(char::from).collect()
    }

    fn family_id(&self) -> kernel::SessionId {
        kernel::SessionId(u128::from_be_bytes(random_bytes::<16>()))
    }

    fn subscription_code(&self) -> String {
        new_subscription_code()
    }

    fn oauth_state(&self) -> String {
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(random_bytes::<24>())
    }

    /// RFC 7636: a 43-character verifier and its S256 challenge.
    fn pkce_pair(&self) -> (String, String) {
        let verifier = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(random_bytes::<32>());
        let challenge = pkce_challenge(&verifier);
        (verifier, challenge)
    }

    /// 16 characters without look-alikes in groups of four (about 79 random bits): enough that
    /// their SHA-256 digests cannot be reversed by trying them all.
    fn recovery_code(&self) -> String {
        const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
        let chars: Vec<char> = (0..16).map(|_| ALPHABET[OsRng.gen_range(0..ALPHABET.len())] as char).collect();
        chars.chunks(4).map(|group| group.iter().collect::<String>()).collect::<Vec<_>>().join("-")
    }

    fn login_challenge(&self) -> String {
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(random_bytes::<32>())
    }

    fn digest(&self, secret: &str) -> String {
        hex::encode(Sha256::digest(secret.as_bytes()))
    }
}

impl podcast_feed::ports::FeedSecrets for RandomSecrets {
    /// 128 random bits, base64url: a podcast feed's address.
    fn feed_token(&self) -> String {
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(random_bytes::<16>())
    }

    fn digest(&self, secret: &str) -> String {
        hex::encode(Sha256::digest(secret.as_bytes()))
    }
}

/// The S256 code challenge of a PKCE verifier: base64url(SHA-256(verifier)), unpadded.
pub fn pkce_challenge(verifier: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// A subscription code for people to type: 20 characters from an alphabet without look-alikes,
/// in groups of four (about 100 random bits).
pub fn new_subscription_code() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let chars: Vec<char> = (0..20).map(|_| ALPHABET[OsRng.gen_range(0..ALPHABET.len())] as char).collect();
    chars.chunks(4).map(|group| group.iter().collect::<String>()).collect::<Vec<_>>().join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_long_distinct_and_digested() {
        let secrets = RandomSecrets;
        assert_ne!(secrets.refresh_token(), secrets.refresh_token());
        assert_eq!(secrets.reset_code().len(), 32);
        assert_eq!(secrets.digest("abc").len(), 64);
        assert_eq!(secrets.digest("abc"), secrets.digest("abc"));
        let code = new_subscription_code();
        assert_eq!(code.len(), 24);
        assert_eq!(identity::service::normalise_code(&code).len(), 20);
        let (verifier, challenge) = secrets.pkce_pair();
        assert_eq!(verifier.len(), 43);
        assert_eq!(challenge, pkce_challenge(&verifier));
        // The example of RFC 7636, appendix B.
        assert_eq!(pkce_challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"), "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
    }
}
