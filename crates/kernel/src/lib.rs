//! Small shared types with no I/O: identifiers, e-mail addresses, time and the clock.

pub mod cache;
mod clock;
mod email;
pub mod html;
mod ids;
mod port;
mod session;
pub mod url;

pub use cache::CacheSize;
pub use clock::{from_epoch_millis, Clock, FixedClock, SystemClock, Timestamp};
pub use email::{Email, EmailError, MailAttachment, OutgoingMail};
pub use ids::{Role, UserId};
pub use port::{PortError, PortResult};
pub use session::{Session, SessionId};

/// Single-use codes (subscription, gift, seat, marketplace) as people type them: any case, spaces
/// and dashes ignored. Digests are made of this form.
pub fn normalise_code(code: &str) -> String {
    code.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_uppercase()).collect()
}
