//! What `xtask` and `xtask-tools` share: the private PostgreSQL, the front end's packages and
//! build, and small process helpers. No database driver and no workspace crate, so `cargo xtask`
//! compiles in seconds on a fresh clone.

pub mod frontend;
pub mod postgres;
pub mod util;

/// The private PostgreSQL of `cargo xtask run` and its database.
pub const RUN_CLUSTER: (&str, u16) = ("pg", 54329);
pub const RUN_DATABASE: &str = "gistbook";
