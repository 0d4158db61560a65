//! The API fuzzing stage: schemathesis (from PyPI, in a virtual environment under `target/`)
//! sends generated requests to every call of `/api/openapi.json` on a running server, signed in
//! as a member, and fails on any server error or any answer that breaks its documented schema.
//! Bounded: a fixed seed and 30 examples per call (about half a minute here).

use crate::stages::Log;
use anyhow::{bail, Context, Result};
use std::path::Path;
use std::process::Command;

const VERSION: &str = "4.32.0";
const VENV: &str = "target/schemathesis";
const CONFIG: &str = "xtask/schemathesis.toml";

fn ensure_installed(log: &Log) -> Result<std::path::PathBuf> {
    let binary = Path::new(VENV).join("bin/schemathesis");
    let installed = Command::new(&binary).arg("--version").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains(VERSION));
    if installed {
        return Ok(binary);
    }
    log.line(&format!("Installing schemathesis {VERSION} into {VENV}"));
    let python = ["python3", "python"].into_iter().find(|p| Command::new(p).arg("--version").output().is_ok_and(|o| o.status.success()));
    let Some(python) = python else { bail!("python3 is needed for the API fuzzing stage (Debian: python3, python3-venv)") };
    log.run(Command::new(python).args(["-m", "venv", VENV]))?;
    log.run(Command::new(Path::new(VENV).join("bin/pip")).args(["install", "-q", &format!("schemathesis=={VERSION}")]))?;
    Ok(binary)
}

/// A member of the server at `base_url`, for the fuzzer's bearer token.
fn member_token(base_url: &str) -> Result<String> {
    let (_, body) = crate::util::post_json(
        &format!("{base_url}/api/user/register"),
        &serde_json::json!({
            "username": format!("fuzz-{}@example.com", std::process::id()),
            "password": "fuzzing-member-password",
            "firstName": "Fuzz",
            "lastName": "Member",
        }),
    )?;
    let answer: serde_json::Value = serde_json::from_str(&body).with_context(|| format!("registering the fuzzing member: {body}"))?;
    Ok(answer["result"]["token"].as_str().with_context(|| format!("registering the fuzzing member: {answer}"))?.to_owned())
}

pub fn fuzz_api(log: &Log, base_url: &str) -> Result<()> {
    let binary = ensure_installed(log)?;
    let token = member_token(base_url)?;
    log.line(&format!("API fuzzing (schemathesis) against {base_url}"));
    // Below the browser tests' priority: they wait on the clock, the fuzzer does not.
    log.run(
        Command::new("nice")
            .args(["-n", "10"])
            .arg(binary)
            .args(["--config-file", CONFIG, "run"])
            .arg(format!("{base_url}/api/openapi.json"))
            .args(["--url", base_url, "--continue-on-failure", "--max-examples", "30", "--seed", "1"])
            // These two end the fuzzer's own session; they are covered by the HTTP tests.
            .args(["--exclude-path", "/api/user/logout-everywhere", "--exclude-path", "/api/user/delete"])
            .args(["-H", &format!("Authorization: Bearer {token}")])
            .env("NO_COLOR", "1"),
    )
}
