//! Authenticator secrets sealed at rest (Security III §6): AES-256-GCM under a key derived from
//! the signing keys' secret (`SIGNING_KEYS_SECRET`) for this use alone, the member's id bound to
//! each one, so a database dump or backup does not hand out everyone's second factor, and a sealed
//! secret moved to another member does not open.

use crate::keyring::KeyringError;
use base64::Engine;
use identity::two_factor::SecretSealer;
use kernel::UserId;
use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, AES_256_GCM, NONCE_LEN};
use ring::rand::{SecureRandom, SystemRandom};
use sha2::{Digest, Sha256};

/// Marks a sealed value; anything else stored is a secret from before sealing, read as it is.
const SEALED_PREFIX: &str = "sealed1:";
/// Binds the derived key to this use: the signing keys' own key is another.
const KEY_CONTEXT: &[u8] = b"gistbook totp secrets v1\0";

pub struct SecretBox {
    key: LessSafeKey,
}

impl SecretBox {
    pub fn from_secret(secret: &str) -> Result<SecretBox, KeyringError> {
        if secret.trim().chars().count() < 32 {
            return Err(KeyringError::WeakSecret);
        }
        let derived = Sha256::new().chain_update(KEY_CONTEXT).chain_update(secret.trim().as_bytes()).finalize();
        let key = UnboundKey::new(&AES_256_GCM, &derived).expect("a SHA-256 digest is an AES-256 key");
        Ok(SecretBox { key: LessSafeKey::new(key) })
    }
}

impl SecretSealer for SecretBox {
    fn seal(&self, user: UserId, secret: &str) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        SystemRandom::new().fill(&mut nonce).expect("the system's random source works");
        let mut sealed = secret.as_bytes().to_vec();
        self.key
            .seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce), Aad::from(user.0.to_be_bytes()), &mut sealed)
            .expect("sealing a short secret cannot overflow");
        format!("{SEALED_PREFIX}{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode([nonce.as_slice(), &sealed].concat()))
    }

    fn open(&self, user: UserId, stored: &str) -> Option<String> {
        let Some(sealed) = stored.strip_prefix(SEALED_PREFIX) else { return Some(stored.to_owned()) };
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(sealed).ok()?;
        if bytes.len() <= NONCE_LEN {
            return None;
        }
        let (nonce, sealed) = bytes.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).ok()?;
        let mut buffer = sealed.to_vec();
        let opened = self.key.open_in_place(nonce, Aad::from(user.0.to_be_bytes()), &mut buffer).ok()?;
        String::from_utf8(opened.to_vec()).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "a-secret-of-at-least-thirty-two-characters";

    #[test]
    fn a_sealed_secret_opens_for_its_member_only_and_hides_the_secret() {
        let sealer = SecretBox::from_secret(SECRET).unwrap();
        let sealed = sealer.seal(UserId(7), "JBSWY3DPEHPK3PXP");
        assert!(sealed.starts_with("sealed1:") && !sealed.contains("JBSWY3DPEHPK3PXP"), "{sealed}");
        assert_ne!(sealed, sealer.seal(UserId(7), "JBSWY3DPEHPK3PXP"), "a fresh nonce each time");
        assert_eq!(sealer.open(UserId(7), &sealed).as_deref(), Some("JBSWY3DPEHPK3PXP"));
        assert_eq!(sealer.open(UserId(8), &sealed), None, "moved to another member");
        let other = SecretBox::from_secret("another-secret-of-at-least-thirty-two-chars").unwrap();
        assert_eq!(other.open(UserId(7), &sealed), None, "another SIGNING_KEYS_SECRET");
        assert_eq!(sealer.open(UserId(7), "sealed1:AAAA"), None, "damaged");
    }

    #[test]
    fn a_secret_stored_before_sealing_is_read_as_it_is() {
        let sealer = SecretBox::from_secret(SECRET).unwrap();
        assert_eq!(sealer.open(UserId(7), "JBSWY3DPEHPK3PXP").as_deref(), Some("JBSWY3DPEHPK3PXP"));
        assert!(SecretBox::from_secret("short").is_err());
    }
}
