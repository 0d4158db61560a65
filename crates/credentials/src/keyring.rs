use biscuit_auth::{builder::Algorithm, KeyPair, PrivateKey, PublicKey};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The signing keys of access tokens. The newest key signs; every key in the ring verifies, so
/// rotating keys never ends a session early. Kept in a JSON file outside git, readable only by
/// its owner.
pub struct Keyring {
    active: u32,
    keys: BTreeMap<u32, KeyPair>,
}

#[derive(Serialize, Deserialize)]
struct KeyringFile {
    active: u32,
    keys: Vec<KeyEntry>,
}

#[derive(Serialize, Deserialize)]
struct KeyEntry {
    id: u32,
    /// Ed25519 private key, hex.
    private_key: String,
    created_at: String,
}

#[derive(Debug, thiserror::Error)]
pub enum KeyringError {
    #[error("cannot read or write the signing keyring at {path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("the signing keyring at {path} is damaged: {reason}")]
    Damaged { path: String, reason: String },
}

impl Keyring {
    /// A keyring with one fresh key, kept only in memory (tests).
    pub fn generate() -> Keyring {
        Keyring { active: 1, keys: BTreeMap::from([(1, KeyPair::new())]) }
    }

    /// Reads the keyring, creating it with one fresh key on first run.
    pub fn load_or_create(path: &Path) -> Result<Keyring, KeyringError> {
        if path.exists() {
            return Self::load(path);
        }
        let keyring = Keyring::generate();
        keyring.save(path)?;
        Ok(keyring)
    }

    pub fn load(path: &Path) -> Result<Keyring, KeyringError> {
        let io = |source| KeyringError::Io { path: path.display().to_string(), source };
        let damaged = |reason: String| KeyringError::Damaged { path: path.display().to_string(), reason };
        let text = std::fs::read_to_string(path).map_err(io)?;
        let file: KeyringFile = serde_json::from_str(&text).map_err(|e| damaged(e.to_string()))?;
        let mut keys = BTreeMap::new();
        for entry in file.keys {
            let private = PrivateKey::from_bytes_hex(&entry.private_key, Algorithm::Ed25519)
                .map_err(|e| damaged(format!("key {}: {e}", entry.id)))?;
            keys.insert(entry.id, KeyPair::from(&private));
        }
        if !keys.contains_key(&file.active) {
            return Err(damaged(format!("the active key {} is missing", file.active)));
        }
        Ok(Keyring { active: file.active, keys })
    }

    pub fn save(&self, path: &Path) -> Result<(), KeyringError> {
        let io = |source| KeyringError::Io { path: path.display().to_string(), source };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let file = KeyringFile {
            active: self.active,
            keys: self
                .keys
                .iter()
                .map(|(id, pair)| KeyEntry {
                    id: *id,
                    private_key: pair.private().to_bytes_hex(),
                    created_at: chrono::Utc::now().to_rfc3339(),
                })
                .collect(),
        };
        let text = serde_json::to_string_pretty(&file).expect("keyring serialises");
        // Write then rename, so a crash never leaves half a keyring.
        let temporary = path.with_extension("tmp");
        write_private(&temporary, text.as_bytes()).map_err(io)?;
        std::fs::rename(&temporary, path).map_err(io)
    }

    /// Adds a new key and makes it the one that signs. Returns its id.
    pub fn rotate(&mut self) -> u32 {
        let id = self.keys.keys().max().copied().unwrap_or(0) + 1;
        self.keys.insert(id, KeyPair::new());
        self.active = id;
        id
    }

    pub fn active_id(&self) -> u32 {
        self.active
    }

    pub(crate) fn active_pair(&self) -> &KeyPair {
        &self.keys[&self.active]
    }

    pub(crate) fn public_key(&self, id: u32) -> Option<PublicKey> {
        self.keys.get(&id).map(KeyPair::public)
    }
}

#[cfg(unix)]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(not(unix))]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::write(path, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn survives_a_round_trip_through_its_file_and_rotates() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("keys.json");
        let mut ring = Keyring::load_or_create(&path).unwrap();
        assert_eq!(ring.active_id(), 1);
        assert_eq!(ring.rotate(), 2);
        ring.save(&path).unwrap();
        let again = Keyring::load(&path).unwrap();
        assert_eq!(again.active_id(), 2);
        assert_eq!(again.public_key(1).unwrap().to_bytes(), ring.public_key(1).unwrap().to_bytes());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
    }

    #[test]
    fn a_damaged_file_is_reported_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("keys.json");
        std::fs::write(&path, "{not json").unwrap();
        assert!(matches!(Keyring::load_or_create(&path), Err(KeyringError::Damaged { .. })));
    }
}
