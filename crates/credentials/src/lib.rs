//! Password hashing, access tokens and random secrets: the adapters identity's crypto ports need.

mod keyring;
mod password;
mod secrets;
mod tokens;

pub use keyring::{Keyring, KeyringError};
pub use password::Argon2Hasher;
pub use secrets::{new_subscription_code, RandomSecrets};
pub use tokens::{BiscuitTokens, TokenError};
