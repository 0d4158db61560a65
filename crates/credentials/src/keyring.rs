use biscuit_auth::{builder::Algorithm, KeyPair, PrivateKey, PublicKey};
use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, AES_256_GCM, NONCE_LEN};
use ring::rand::{SecureRandom, SystemRandom};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The signing keys of access tokens. The newest key signs; every key in the ring verifies, so
/// rotating keys never ends a session early.
pub struct Keyring {
    keys: BTreeMap<u32, KeyPair>,
}

/// One signing key as it is stored: its private key sealed (AES-256-GCM) by [`KeySealer`], so the
/// store alone (a database dump, a backup) never reveals it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SealedKey {
    pub id: u32,
    pub sealed_private_key: Vec<u8>,
}

/// Where every instance finds the same keyring (the database in production). Keys are only
/// ever added: a key id once taken keeps its key.
pub trait KeyringStore: Send + Sync {
    fn load(&self) -> Result<Vec<SealedKey>, KeyringError>;
    /// Adds the key unless its id is taken (another instance got there first); true when added.
    fn add(&self, key: &SealedKey) -> Result<bool, KeyringError>;
}

#[derive(Debug, thiserror::Error)]
pub enum KeyringError {
    #[error("cannot read or write the signing keys: {0}")]
    Store(String),
    #[error("signing key {id} cannot be opened: SIGNING_KEYS_SECRET differs from the one that sealed it, or the key is damaged")]
    Sealed { id: u32 },
    #[error("SIGNING_KEYS_SECRET must be at least {MIN_SECRET_CHARS} characters long")]
    WeakSecret,
}

const MIN_SECRET_CHARS: usize = 32;
/// Binds the derived key to this use, so the same secret reused elsewhere yields another key.
const KEY_CONTEXT: &[u8] = b"gistbook signing keys v1\0";

/// Seals and opens private keys with a key derived from a secret in configuration.
pub struct KeySealer {
    key: LessSafeKey,
}

impl KeySealer {
    pub fn from_secret(secret: &str) -> Result<KeySealer, KeyringError> {
        if secret.trim().chars().count() < MIN_SECRET_CHARS {
            return Err(KeyringError::WeakSecret);
        }
        let derived = Sha256::new().chain_update(KEY_CONTEXT).chain_update(secret.trim().as_bytes()).finalize();
        let key = UnboundKey::new(&AES_256_GCM, &derived).expect("a SHA-256 digest is an AES-256 key");
        Ok(KeySealer { key: LessSafeKey::new(key) })
    }

    /// Nonce (random, 12 bytes) then ciphertext and tag; the key id is authenticated with it, so a
    /// sealed key moved to another id does not open.
    fn seal(&self, id: u32, private_key_hex: &str) -> Vec<u8> {
        let mut nonce = [0u8; NONCE_LEN];
        SystemRandom::new().fill(&mut nonce).expect("the system's random source works");
        let mut sealed = private_key_hex.as_bytes().to_vec();
        self.key
            .seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce), Aad::from(id.to_be_bytes()), &mut sealed)
            .expect("sealing a short key cannot overflow");
        [nonce.as_slice(), &sealed].concat()
    }

    fn open(&self, key: &SealedKey) -> Result<KeyPair, KeyringError> {
        let damaged = || KeyringError::Sealed { id: key.id };
        if key.sealed_private_key.len() <= NONCE_LEN {
            return Err(damaged());
        }
        let (nonce, sealed) = key.sealed_private_key.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).map_err(|_| damaged())?;
        let mut buffer = sealed.to_vec();
        let opened = self.key.open_in_place(nonce, Aad::from(key.id.to_be_bytes()), &mut buffer).map_err(|_| damaged())?;
        let hex = std::str::from_utf8(opened).map_err(|_| damaged())?;
        let private = PrivateKey::from_bytes_hex(hex, Algorithm::Ed25519).map_err(|_| damaged())?;
        Ok(KeyPair::from(&private))
    }
}

impl Keyring {
    /// A keyring with one fresh key, kept only in memory (tests, tools that sign nothing).
    pub fn generate() -> Keyring {
        Keyring { keys: BTreeMap::from([(1, KeyPair::new())]) }
    }

    /// The key that signs: the newest.
    pub fn active_id(&self) -> u32 {
        self.keys.keys().next_back().copied().expect("a keyring is never empty")
    }

    pub(crate) fn active_pair(&self) -> &KeyPair {
        &self.keys[&self.active_id()]
    }

    pub(crate) fn public_key(&self, id: u32) -> Option<PublicKey> {
        self.keys.get(&id).map(KeyPair::public)
    }

    fn ids(&self) -> Vec<u32> {
        self.keys.keys().copied().collect()
    }
}

/// The keyring every instance shares through a [`KeyringStore`].
#[derive(Clone)]
pub struct SharedKeyring {
    store: Arc<dyn KeyringStore>,
    sealer: Arc<KeySealer>,
}

impl SharedKeyring {
    pub fn new(store: Arc<dyn KeyringStore>, sealer: KeySealer) -> SharedKeyring {
        SharedKeyring { store, sealer: Arc::new(sealer) }
    }

    /// The stored keys, or None when there are none yet.
    pub fn load(&self) -> Result<Option<Keyring>, KeyringError> {
        let mut keys = BTreeMap::new();
        for sealed in self.store.load()? {
            keys.insert(sealed.id, self.sealer.open(&sealed)?);
        }
        Ok((!keys.is_empty()).then_some(Keyring { keys }))
    }

    /// The stored keys, adding the first one when there are none. Instances starting together
    /// may both try; the store keeps one and both load it.
    pub fn load_or_create(&self) -> Result<Keyring, KeyringError> {
        if let Some(keyring) = self.load()? {
            return Ok(keyring);
        }
        self.add_key(1)?;
        self.load()?.ok_or_else(|| KeyringError::Store("the first signing key was not kept".into()))
    }

    /// Adds a new key after the newest one; every instance signs with it once it reloads. Returns
    /// its id.
    pub fn rotate(&self) -> Result<u32, KeyringError> {
        loop {
            let next = self.load()?.map_or(1, |ring| ring.active_id() + 1);
            if self.add_key(next)? {
                return Ok(next);
            }
            // Another instance rotated at the same moment: take the id after theirs.
        }
    }

    fn add_key(&self, id: u32) -> Result<bool, KeyringError> {
        let pair = KeyPair::new();
        let sealed = SealedKey { id, sealed_private_key: self.sealer.seal(id, &pair.private().to_bytes_hex()) };
        self.store.add(&sealed)
    }

    /// The stored keys when they differ from `current` (another instance rotated).
    pub(crate) fn changed_since(&self, current: &Keyring) -> Result<Option<Keyring>, KeyringError> {
        Ok(self.load()?.filter(|fresh| fresh.ids() != current.ids()))
    }
}

/// The secret kept in `path`, made (random, readable by its owner only) on first use: for a
/// development machine without `SIGNING_KEYS_SECRET`.
pub fn local_secret(path: &std::path::Path) -> Result<String, KeyringError> {
    let io = |e: std::io::Error| KeyringError::Store(format!("{}: {e}", path.display()));
    if let Ok(secret) = std::fs::read_to_string(path) {
        return Ok(secret.trim().to_owned());
    }
    let mut bytes = [0u8; 32];
    SystemRandom::new().fill(&mut bytes).expect("the system's random source works");
    let secret = hex::encode(bytes);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    match write_private(path, secret.as_bytes()) {
        Ok(()) => Ok(secret),
        // Another process made it first: theirs is the one.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            std::thread::sleep(std::time::Duration::from_millis(50));
            Ok(std::fs::read_to_string(path).map_err(io)?.trim().to_owned())
        }
        Err(e) => Err(io(e)),
    }
}

#[cfg(unix)]
fn write_private(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    // create_new: two processes starting at once must not overwrite each other's secret.
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(not(unix))]
fn write_private(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::write(path, bytes)
}

/// Keeps keys in memory: unit tests, and tools that need a shared keyring without a database.
#[derive(Default)]
pub struct InMemoryKeyringStore {
    keys: std::sync::Mutex<BTreeMap<u32, Vec<u8>>>,
}

impl KeyringStore for InMemoryKeyringStore {
    fn load(&self) -> Result<Vec<SealedKey>, KeyringError> {
        let keys = self.keys.lock().expect("keyring store lock");
        Ok(keys.iter().map(|(id, sealed)| SealedKey { id: *id, sealed_private_key: sealed.clone() }).collect())
    }

    fn add(&self, key: &SealedKey) -> Result<bool, KeyringError> {
        let mut keys = self.keys.lock().expect("keyring store lock");
        if keys.contains_key(&key.id) {
            return Ok(false);
        }
        keys.insert(key.id, key.sealed_private_key.clone());
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "a test secret of more than thirty-two characters";

    fn shared(store: &Arc<InMemoryKeyringStore>, secret: &str) -> SharedKeyring {
        SharedKeyring::new(store.clone(), KeySealer::from_secret(secret).unwrap())
    }

    #[test]
    fn instances_on_one_store_share_keys_and_rotations() {
        let store = Arc::new(InMemoryKeyringStore::default());
        let first = shared(&store, SECRET).load_or_create().unwrap();
        let second = shared(&store, SECRET).load_or_create().unwrap();
        assert_eq!(first.active_id(), 1);
        assert_eq!(second.public_key(1).unwrap().to_bytes(), first.public_key(1).unwrap().to_bytes());

        assert_eq!(shared(&store, SECRET).rotate().unwrap(), 2);
        let fresh = shared(&store, SECRET).changed_since(&first).unwrap().expect("the rotation is seen");
        assert_eq!(fresh.active_id(), 2);
        assert_eq!(fresh.public_key(1).unwrap().to_bytes(), first.public_key(1).unwrap().to_bytes(), "old keys still verify");
        assert!(shared(&store, SECRET).changed_since(&fresh).unwrap().is_none());
    }

    #[test]
    fn the_store_holds_no_private_key_in_the_clear() {
        let store = Arc::new(InMemoryKeyringStore::default());
        let ring = shared(&store, SECRET).load_or_create().unwrap();
        let private_hex = ring.active_pair().private().to_bytes_hex();
        let sealed = &store.load().unwrap()[0].sealed_private_key;
        assert!(!String::from_utf8_lossy(sealed).contains(&private_hex));
        assert!(!hex_contains(sealed, &ring.active_pair().private().to_bytes()));
    }

    fn hex_contains(haystack: &[u8], needle: &[u8]) -> bool {
        haystack.windows(needle.len()).any(|w| w == needle)
    }

    #[test]
    fn another_secret_or_a_moved_key_does_not_open() {
        let store = Arc::new(InMemoryKeyringStore::default());
        shared(&store, SECRET).load_or_create().unwrap();
        let wrong = shared(&store, "another secret, also long enough to be accepted");
        assert!(matches!(wrong.load(), Err(KeyringError::Sealed { id: 1 })));

        // The same sealed bytes under another id fail too: the id is authenticated.
        let moved = Arc::new(InMemoryKeyringStore::default());
        let bytes = store.load().unwrap()[0].sealed_private_key.clone();
        moved.add(&SealedKey { id: 7, sealed_private_key: bytes }).unwrap();
        assert!(matches!(shared(&moved, SECRET).load(), Err(KeyringError::Sealed { id: 7 })));
    }

    #[test]
    fn a_local_secret_is_made_once_and_kept_private() {
        let dir = std::env::temp_dir().join(format!("gistbook-secret-{}", std::process::id()));
        let path = dir.join("nested").join("secret");
        let first = local_secret(&path).unwrap();
        assert_eq!(first.len(), 64);
        assert_eq!(local_secret(&path).unwrap(), first, "the same secret on the next start");
        assert!(KeySealer::from_secret(&first).is_ok());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn short_secrets_are_refused() {
        assert!(matches!(KeySealer::from_secret("short"), Err(KeyringError::WeakSecret)));
        assert!(matches!(KeySealer::from_secret(&" ".repeat(40)), Err(KeyringError::WeakSecret)));
    }
}
