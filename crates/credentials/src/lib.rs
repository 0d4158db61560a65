//! Password hashing, access tokens, TOTP codes and random secrets: the adapters identity's crypto ports need.

mod keyring;
mod password;
mod secret_box;
mod secrets;
mod tokens;
mod totp;

pub use keyring::{local_secret, InMemoryKeyringStore, KeySealer, Keyring, KeyringError, KeyringStore, SealedKey, SharedKeyring};
pub use password::Argon2Hasher;
pub use secret_box::SecretBox;
pub use secrets::{new_subscription_code, RandomSecrets};
pub use tokens::{BiscuitTokens, TokenError};
pub use totp::{current_code, TotpCodes};
