//! Generated code: the OpenAPI snapshot (from the server's handlers) and the front end's API
//! types (from the snapshot, by openapi-typescript). `--check` fails when either is stale.

use crate::build;
use crate::frontend;
use crate::stages::Log;
use anyhow::{bail, Result};
use std::path::Path;
use std::process::Command;

pub const SNAPSHOT: &str = "frontend/src/lib/api/openapi.json";
pub const TYPES: &str = "frontend/src/lib/api/schema.ts";

/// The document the built server describes itself with, and the types made from it.
fn fresh(log: &Log) -> Result<(String, String)> {
    let document = log.output(Command::new(build::SERVER).arg("--print-openapi"))?;
    let scratch = Path::new("target/codegen");
    std::fs::create_dir_all(scratch)?;
    let fresh_snapshot = scratch.join("openapi.json");
    std::fs::write(&fresh_snapshot, &document)?;
    log.run(
        frontend::npm()
            .args(["exec", "--", "openapi-typescript"])
            .arg(std::fs::canonicalize(&fresh_snapshot)?)
            .arg("-o")
            .arg(std::fs::canonicalize(scratch)?.join("schema.ts")),
    )?;
    Ok((document, std::fs::read_to_string(scratch.join("schema.ts"))?))
}

/// Fails when the committed snapshot or types differ from what the server describes now.
pub fn check(log: &Log) -> Result<()> {
    let (document, types) = fresh(log)?;
    let mut stale = Vec::new();
    if std::fs::read_to_string(SNAPSHOT).ok().as_deref() != Some(document.as_str()) {
        stale.push(SNAPSHOT);
    }
    if std::fs::read_to_string(TYPES).ok().as_deref() != Some(types.as_str()) {
        stale.push(TYPES);
    }
    if !stale.is_empty() {
        bail!("stale generated code: {} (run `cargo xtask codegen` and commit the result)", stale.join(", "));
    }
    log.line("Generated API code is fresh.");
    Ok(())
}

/// `cargo xtask codegen [--check]`: after the one build, writes (or checks) both files.
pub fn codegen(check_only: bool) -> Result<()> {
    let suite = crate::stages::Suite::new(crate::util::root().join("target/test-logs"))?;
    let name = if check_only { "generated API code is fresh" } else { "generating the API code" };
    let ready = suite.stage("front-end packages", crate::test::install_packages)
        && suite.stage("Rust build", |log| log.run(build::cargo()?.args(["test", "--workspace", "--no-run"])));
    if ready {
        suite.stage(name, |log| {
            if check_only {
                return check(log);
            }
            let (document, types) = fresh(log)?;
            std::fs::write(SNAPSHOT, document)?;
            std::fs::write(TYPES, types)?;
            log.line(&format!("Wrote {SNAPSHOT} and {TYPES}."));
            Ok(())
        });
    }
    suite.finish()
}
