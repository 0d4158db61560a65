use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher as _, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use identity::error::PortError;
use identity::model::Password;
use identity::ports::PasswordHasher;
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::Duration;

/// argon2id with OWASP's minimum: 19 MiB of memory, 2 iterations, 1 lane; at most
/// `MAX_CONCURRENT_HASHES` at once, so a burst of sign-ups or logins can exhaust neither memory
/// nor the blocking threads: past a short wait the caller is told the service is busy (503).
pub struct Argon2Hasher {
    argon2: Argon2<'static>,
    /// Made on the first login for an unknown address, not at start: a hash costs about 50 ms of
    /// a core, which every server start (and every HTTP test's) would otherwise pay.
    dummy_hash: OnceLock<String>,
    permits: Permits,
}

/// Hashes (or verifications) running at once: about one per core, a few more to keep cores busy.
pub const MAX_CONCURRENT_HASHES: usize = 4;
/// How long a request waits for a turn before it is told to come back.
pub const HASH_WAIT: Duration = Duration::from_secs(3);

/// A counting semaphore for blocking threads.
pub struct Permits {
    free: Mutex<usize>,
    released: Condvar,
}

pub struct Permit<'a>(&'a Permits);

impl Permits {
    pub fn new(count: usize) -> Permits {
        Permits { free: Mutex::new(count), released: Condvar::new() }
    }

    /// A permit, waiting up to `wait` for one; `None` when none came free in time.
    pub fn acquire(&self, wait: Duration) -> Option<Permit<'_>> {
        let free = self.free.lock().expect("permits lock");
        let (mut free, timeout) = self.released.wait_timeout_while(free, wait, |free| *free == 0).expect("permits lock");
        if timeout.timed_out() && *free == 0 {
            return None;
        }
        *free -= 1;
        Some(Permit(self))
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        *self.0.free.lock().expect("permits lock") += 1;
        self.0.released.notify_one();
    }
}

impl Default for Argon2Hasher {
    fn default() -> Self {
        let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
        let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        Argon2Hasher { argon2, dummy_hash: OnceLock::new(), permits: Permits::new(MAX_CONCURRENT_HASHES) }
    }
}

impl Argon2Hasher {
    fn turn(&self) -> Result<Permit<'_>, PortError> {
        self.permits.acquire(HASH_WAIT).ok_or(PortError::Unavailable)
    }
}

impl PasswordHasher for Argon2Hasher {
    fn hash(&self, password: &Password) -> Result<String, PortError> {
        let _turn = self.turn()?;
        let salt = SaltString::generate(&mut OsRng);
        self.argon2
            .hash_password(password.expose().as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(|e| PortError::Failed(format!("cannot hash password: {e}")))
    }

    fn verify(&self, password: &str, hash: &str) -> Result<bool, PortError> {
        let Ok(parsed) = PasswordHash::new(hash) else { return Ok(false) };
        let _turn = self.turn()?;
        Ok(self.argon2.verify_password(password.as_bytes(), &parsed).is_ok())
    }

    fn verify_dummy(&self, password: &str) -> Result<(), PortError> {
        let dummy_hash = match self.dummy_hash.get() {
            Some(made) => made,
            None => {
                // Through `hash`: it waits for a turn like every other hash, so a burst of first
                // unknown logins stays within the hashing bound. Two at once may both make one;
                // the first kept wins.
                let dummy = Password::parse("dummy password for unknown accounts").expect("a valid password");
                let made = self.hash(&dummy)?;
                self.dummy_hash.get_or_init(|| made)
            }
        };
        self.verify(password, dummy_hash).map(drop)
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
        assert_eq!(hasher.verify("correct horse", &hash), Ok(true));
        assert_eq!(hasher.verify("wrong horse", &hash), Ok(false));
        assert_eq!(hasher.verify("correct horse", "not a hash"), Ok(false));
    }

    #[test]
    fn an_unknown_account_is_checked_against_a_real_hash_made_once() {
        let hasher = Argon2Hasher::default();
        assert!(hasher.dummy_hash.get().is_none(), "no hash is made before it is needed");
        assert_eq!(hasher.verify_dummy("any password"), Ok(()));
        let made = hasher.dummy_hash.get().expect("made by the first check").clone();
        assert!(made.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{made}");
        assert_eq!(hasher.verify_dummy("another password"), Ok(()));
        assert_eq!(hasher.dummy_hash.get(), Some(&made), "made once");
    }

    #[test]
    fn hashing_waits_for_a_turn_and_answers_busy_past_the_wait() {
        let permits = Permits::new(2);
        let first = permits.acquire(Duration::ZERO).unwrap();
        let _second = permits.acquire(Duration::ZERO).unwrap();
        assert!(permits.acquire(Duration::from_millis(20)).is_none(), "both taken");
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(30));
                drop(first);
            });
            assert!(permits.acquire(Duration::from_secs(5)).is_some(), "a released permit wakes a waiter");
        });
    }

    #[test]
    fn a_hasher_with_every_turn_taken_is_busy_not_stuck() {
        let hasher = Argon2Hasher::default();
        let taken: Vec<_> = (0..MAX_CONCURRENT_HASHES).map(|_| hasher.permits.acquire(Duration::ZERO).unwrap()).collect();
        let started = std::time::Instant::now();
        assert_eq!(hasher.hash(&Password::parse("correct horse").unwrap()), Err(PortError::Unavailable));
        assert!(started.elapsed() >= HASH_WAIT && started.elapsed() < HASH_WAIT * 2);
        drop(taken);
        assert!(hasher.hash(&Password::parse("correct horse").unwrap()).is_ok());
    }
}
