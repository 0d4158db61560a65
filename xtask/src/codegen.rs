//! Generated code: the OpenAPI snapshot (from the server's handlers) and the front end's API
//! types (from the snapshot, by openapi-typescript). `--check` fails when either is stale.

use crate::frontend;
use crate::util::{run, step};
use anyhow::{bail, Context, Result};
use std::path::Path;
use std::process::Command;

pub const SNAPSHOT: &str = "frontend/src/lib/api/openapi.json";
pub const TYPES: &str = "frontend/src/lib/api/schema.ts";

pub fn codegen(check: bool) -> Result<()> {
    step(if check { "Checking generated API code is fresh" } else { "Generating API code" });
    let output = Command::new(env!("CARGO"))
        .args(["run", "-q", "-p", "server", "--", "--print-openapi"])
        .output()
        .context("running the server to print its OpenAPI document")?;
    if !output.status.success() {
        bail!("printing the OpenAPI document failed:\n{}", String::from_utf8_lossy(&output.stderr));
    }
    let document = String::from_utf8(output.stdout)?;
    let scratch = Path::new("target/codegen");
    std::fs::create_dir_all(scratch)?;
    let fresh_snapshot = scratch.join("openapi.json");
    std::fs::write(&fresh_snapshot, &document)?;
    let fresh_types = scratch.join("schema.ts");
    run(frontend::npm()
        .args(["exec", "--", "openapi-typescript"])
        .arg(std::fs::canonicalize(&fresh_snapshot)?)
        .arg("-o")
        .arg(std::fs::canonicalize(scratch)?.join("schema.ts"))
        .stdout(std::process::Stdio::null()))?;
    let fresh_types = std::fs::read_to_string(fresh_types)?;
    if check {
        let mut stale = Vec::new();
        if std::fs::read_to_string(SNAPSHOT).ok().as_deref() != Some(document.as_str()) {
            stale.push(SNAPSHOT);
        }
        if std::fs::read_to_string(TYPES).ok().as_deref() != Some(fresh_types.as_str()) {
            stale.push(TYPES);
        }
        if !stale.is_empty() {
            bail!("stale generated code: {} (run `cargo xtask codegen` and commit the result)", stale.join(", "));
        }
        println!("Generated API code is fresh.");
    } else {
        std::fs::write(SNAPSHOT, &document)?;
        std::fs::write(TYPES, fresh_types)?;
        println!("Wrote {SNAPSHOT} and {TYPES}.");
    }
    Ok(())
}
