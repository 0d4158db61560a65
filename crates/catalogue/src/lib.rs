//! The catalogue: its use cases (`service`, one per call) over its ports (`ports`), and the rules
//! they apply: who may read what (`entitlement`), what admin-entered HTML may contain and how a
//! summary splits into the reader's sections (`html`), how a search box's text becomes a query
//! (`search`), sorts, filters and pages (`listing`). Pure: no database, HTTP or clock.

pub mod delivery;
pub mod entitlement;
pub mod error;
pub mod html;
pub mod listing;
pub mod model;
pub mod ports;
pub mod search;
pub mod service;
pub mod slug;

#[cfg(any(test, feature = "test-support"))]
pub mod fakes;

pub use entitlement::{decide, peek, Access, Audience, BookAccessFacts, FreeMember, FREE_UNLOCKS, INVITE_BONUS_UNLOCKS};
pub use error::CatalogueError;
pub use model::*;
pub use ports::CatalogueStore;
pub use service::{Caller, Catalogue};
