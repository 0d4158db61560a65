//! Identity: registration, login, sessions (rotating refresh tokens), password reset,
//! subscription-code sign-up and account deletion. Pure rules over the ports in [`ports`].

pub mod error;
pub mod model;
pub mod ports;
pub mod service;
pub mod social;
pub mod throttle;
pub mod two_factor;

#[cfg(any(test, feature = "test-support"))]
pub mod fakes;

pub use error::IdentityError;
pub use model::*;
pub use service::{IdentityDeps, IdentityService, MailConfirmationSent, ReauthProof, SignInStep, SignedIn};
pub use throttle::ThrottlePolicy;
pub use two_factor::ClientInfo;
