//! The catalogue's tables: reading (`read`), the paged list and search (`listing`), the reader's
//! one-statement page (`page`) and writing (`write`, used by the seeder and the back office).
//! `store`, `extras` and `deliveries` turn them into the catalogue's ports.

crate::shared::gate::domain_store! {
    /// The catalogue's ports (`catalogue::ports::CatalogueStore`, and the operators' `OperatorCatalogue`) on one connection's gate.
    PgCatalogueStore
}

pub(crate) mod deliveries;
mod extras;
pub mod listing;
pub mod page;
pub mod read;
mod store;
pub mod write;

pub use read::*;
