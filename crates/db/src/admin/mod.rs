//! The back office: books and content as operators edit them, coupons and plans, members,
//! messages, statistics, the audit trail.

mod books;
mod content;
mod coupons;
mod directory;
pub mod members;
pub(crate) mod messages;
mod stats;
