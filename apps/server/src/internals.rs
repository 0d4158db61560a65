//! Parts of the shell that are not its API, named here for their unit tests in `tests/api/shell`
//! and `tests/api/handlers`: the library has no cfg(test) build of its own (a second compile of
//! the whole server, about a minute of a clean build's CPU; docs/testing.md), so its tests link
//! the one library build. Nothing outside the tests uses this module.

pub use crate::auth::client_from_forwarded;
pub use crate::hygiene::{nul_in_json, nul_in_uri};
pub use crate::routes::progress::ratings::stars;
