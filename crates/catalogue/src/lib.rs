//! The catalogue's rules: who may read what (`entitlement`), what admin-entered HTML may contain
//! and where a summary's first section ends (`html`), and how a search box's text becomes a query
//! (`search`). Pure: no database, HTTP or clock.

pub mod entitlement;
pub mod html;
pub mod listing;
pub mod search;
pub mod slug;

pub use entitlement::{decide, Access, Audience, BookAccessFacts, FREE_UNLOCKS, INVITE_BONUS_UNLOCKS};
