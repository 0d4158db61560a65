//! Architecture rules checked from `cargo metadata`: domain crates stay pure.

use anyhow::{bail, Context, Result};
use std::process::Command;

/// Crates holding business rules, testable without a database or a web server.
const DOMAIN_CRATES: &[&str] = &["kernel", "identity", "catalogue", "reading-progress"];
/// What they must never depend on.
const FORBIDDEN: &[&str] = &["diesel", "diesel_migrations", "r2d2", "actix-web", "actix-rt", "tokio", "lettre", "object_store", "reqwest", "async-stripe"];

pub fn tidy() -> Result<()> {
    crate::util::step("Checking architecture rules");
    let output = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .output()
        .context("running cargo metadata")?;
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).context("reading cargo metadata")?;
    let mut problems = Vec::new();
    for package in metadata["packages"].as_array().into_iter().flatten() {
        let name = package["name"].as_str().unwrap_or_default();
        if !DOMAIN_CRATES.contains(&name) {
            continue;
        }
        for dependency in package["dependencies"].as_array().into_iter().flatten() {
            let dependency = dependency["name"].as_str().unwrap_or_default();
            if FORBIDDEN.contains(&dependency) {
                problems.push(format!("domain crate `{name}` depends on `{dependency}`"));
            }
        }
    }
    if !problems.is_empty() {
        bail!("architecture rules broken:\n  {}", problems.join("\n  "));
    }
    println!("Domain crates ({}) are pure.", DOMAIN_CRATES.join(", "));
    Ok(())
}
