//! The one Rust build every command uses: `cargo test --workspace --no-run`, with clippy as the
//! workspace's compiler wrapper (the way `cargo clippy` runs it) and warnings as errors. One pass
//! compiles every crate once, lints the workspace's own code while compiling it, and leaves the
//! test binaries, `target/debug/server` and `target/debug/xtask-tools` for the stages after it;
//! `run`, `e2e`, `codegen` and the operator commands use the same build, so none of them
//! rebuilds what another built.

use crate::util::{run, step};
use anyhow::{bail, Result};
use std::path::PathBuf;
use std::process::Command;

/// The built server and tools.
pub const SERVER: &str = "target/debug/server";
pub const TOOLS: &str = "target/debug/xtask-tools";

/// A cargo command whose workspace crates are compiled by clippy-driver with `-D warnings`:
/// the same settings for every cargo call of xtask, so they share one set of artifacts.
///
/// Without incremental compilation unless the environment asks for it (`CARGO_INCREMENTAL=1`):
/// the suite's builds are cold (a clean clone) or have nothing to do, and a cold build that also
/// writes incremental caches took 11 % more CPU on two cores (508 against 450 CPU seconds; 269
/// against 235 s alone, docs/testing.md).
pub fn cargo() -> Result<Command> {
    let mut command = Command::new(env!("CARGO"));
    command.env("RUSTC_WORKSPACE_WRAPPER", clippy_driver()?).env("CLIPPY_ARGS", "-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__");
    if std::env::var_os("CARGO_INCREMENTAL").is_none() {
        command.env("CARGO_INCREMENTAL", "0");
    }
    Ok(command)
}

/// clippy-driver beside the cargo running us (rustup installs both in the toolchain's bin/).
fn clippy_driver() -> Result<PathBuf> {
    let cargo = PathBuf::from(env!("CARGO"));
    let beside = cargo.with_file_name("clippy-driver");
    if beside.exists() {
        return Ok(beside);
    }
    // A rustup proxy: ask rustup for the toolchain's driver.
    let output = Command::new("rustup").args(["which", "clippy-driver"]).output();
    match output {
        Ok(output) if output.status.success() => Ok(PathBuf::from(String::from_utf8_lossy(&output.stdout).trim())),
        _ => bail!("clippy is not installed: `rustup component add clippy`"),
    }
}

/// Builds every crate, test and binary of the workspace (a no-op when nothing changed).
pub fn build_all() -> Result<()> {
    step("Rust build: every crate, test and binary, linted by clippy (warnings are errors)");
    run(cargo()?.args(["test", "--workspace", "--no-run"]))
}
