//! Identity: members, sessions, codes, e-mail verification, social sign-in, two-factor sign-in
//! and the token signing keys.

pub mod signing_keys;
pub mod store;
pub mod two_factor;
