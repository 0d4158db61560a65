//! The catalogue's tables: reading (`read`), the paged list and search (`listing`), free members'
//! unlocks (`access`), the reader's one-statement page (`page`) and writing (`write`, used by the seeder and the back office).

pub mod access;
pub mod listing;
pub mod page;
pub mod read;
pub mod write;

pub use read::*;
