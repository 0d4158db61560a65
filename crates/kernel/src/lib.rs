//! Small shared types with no I/O: identifiers, e-mail addresses, time and the clock.

mod clock;
mod email;
mod ids;
mod port;
mod session;
pub mod url;

pub use clock::{Clock, FixedClock, SystemClock, Timestamp};
pub use email::{Email, EmailError};
pub use ids::{Role, UserId};
pub use port::{PortError, PortResult};
pub use session::{Session, SessionId};
