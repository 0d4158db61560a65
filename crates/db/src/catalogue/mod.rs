//! The catalogue's tables: reading (`read`), the paged list and search (`listing`), the reader's
//! one-statement page (`page`) and writing (`write`, used by the seeder and the back office).
//! `crate::store` turns them into the catalogue's ports.

pub mod listing;
pub mod page;
pub mod read;
pub mod write;

pub use read::*;
