//! The back office: books and content as operators edit them, coupons and plans, members,
//! messages, statistics, the audit trail.

crate::shared::gate::domain_store! {
    /// The back office's ports (`admin::ports::AdminStore`) on one connection's gate.
    PgAdminStore
}

mod books;
mod content;
mod coupons;
mod directory;
pub mod members;
pub(crate) mod messages;
mod stats;
