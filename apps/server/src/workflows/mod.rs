//! The application layer: use cases that span domains. A handler calls one of these (or one
//! domain use case); each says which steps are atomic together and what happens when a later step
//! fails. Background jobs are in `crate::jobs`; account deletion is one transaction in the store
//! (`db::erasure`), called through identity's use case.

pub mod editing;
pub mod joining;
