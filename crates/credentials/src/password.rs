use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher as _, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use identity::error::PortError;
use identity::model::Password;
use identity::ports::PasswordHasher;

/// argon2id with OWASP's minimum: 19 MiB of memory, 2 iterations, 1 lane.
pub struct Argon2Hasher {
    argon2: Argon2<'static>,
    dummy_hash: String,
}

impl Default for Argon2Hasher {
    fn default() -> Self {
        let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
        let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        let salt = SaltString::generate(&mut OsRng);
        let dummy_hash = argon2
            .hash_password(b"dummy password for unknown accounts", &salt)
            .expect("argon2 hashes")
            .to_string();
        Argon2Hasher { argon2, dummy_hash }
    }
}

impl PasswordHasher for Argon2Hasher {
    fn hash(&self, password: &Password) -> Result<String, PortError> {
        let salt = SaltString::generate(&mut OsRng);
        self.argon2
            .hash_password(password.expose().as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(|e| PortError::Failed(format!("cannot hash password: {e}")))
    }

    fn verify(&self, password: &str, hash: &str) -> bool {
        PasswordHash::new(hash)
            .map(|parsed| self.argon2.verify_password(password.as_bytes(), &parsed).is_ok())
            .unwrap_or(false)
    }

    fn verify_dummy(&self, password: &str) {
        let _ = self.verify(password, &self.dummy_hash);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_with_argon2id_and_verifies() {
        let hasher = Argon2Hasher::default();
        let hash = hasher.hash(&Password::parse("correct horse").unwrap()).unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert!(hasher.verify("correct horse", &hash));
        assert!(!hasher.verify("wrong horse", &hash));
        assert!(!hasher.verify("correct horse", "not a hash"));
    }
}
