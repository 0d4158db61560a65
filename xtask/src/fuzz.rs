//! The API fuzzing stage: schemathesis (from PyPI, in a virtual environment under `target/`)
//! sends generated requests to every call of `/api/openapi.json` on a running server, signed in
//! as a member and then, for the back office's calls, as an admin with two-factor, and fails on
//! any server error, an undocumented status code or content type, or an answer that breaks its
//! documented schema. Bounded: a fixed seed and 30 examples per call.

use crate::stages::Log;
use anyhow::{bail, Context, Result};
use std::path::Path;
use std::process::Command;

const VERSION: &str = "4.32.0";
const VENV: &str = "target/schemathesis";
const CONFIG: &str = "xtask/schemathesis.toml";

/// schemathesis in its virtual environment, installed with pip when missing (`cargo xtask test`
/// does this beside the build, so a clean clone's fuzzer starts fuzzing when the servers are up).
pub fn ensure_installed(log: &Log) -> Result<std::path::PathBuf> {
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

/// The fuzzer's member and admin (two-factor passed), made by `xtask-tools fuzz-accounts` on the
/// server at `base_url` whose database is `database_url`.
fn tokens(log: &Log, base_url: &str, database_url: &str) -> Result<(String, String)> {
    log.line("Making the fuzzer's member and admin (two-factor) accounts");
    let output = Command::new(crate::build::TOOLS)
        .args(["fuzz-accounts", base_url])
        .env("DATABASE_URL", database_url)
        .output()
        .context("running xtask-tools fuzz-accounts")?;
    if !output.status.success() {
        bail!("xtask-tools fuzz-accounts failed: {}", String::from_utf8_lossy(&output.stderr));
    }
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).context("the fuzz accounts' tokens")?;
    let token = |who: &str| answer[who].as_str().map(str::to_owned).with_context(|| format!("no {who} token in {answer}"));
    Ok((token("member")?, token("admin")?))
}

/// Two passes: every member call signed in as a confirmed member, then every back-office call
/// signed in as an admin whose session passed the second factor (beyond the 403 a member gets).
pub fn fuzz_api(log: &Log, base_url: &str, database_url: &str) -> Result<()> {
    let binary = ensure_installed(log)?;
    let (member, admin) = tokens(log, base_url, database_url)?;
    let pass = |who: &str, token: &str, filter: [&str; 2]| -> Result<()> {
        log.line(&format!("API fuzzing (schemathesis) against {base_url}, signed in as the {who}"));
        // Below the browser tests' priority: they wait on the clock, the fuzzer does not.
        log.run(
            Command::new("nice")
                .args(["-n", "10"])
                .arg(&binary)
                .args(["--config-file", CONFIG, "run"])
                .arg(format!("{base_url}/api/openapi.json"))
                .args(["--url", base_url, "--continue-on-failure", "--max-examples", "30", "--seed", "1"])
                // Two calls at a time: the fuzzer ends last, and once the browser tests are done
                // it had one core to itself while the other stood idle. Niced, the second worker
                // takes no core the tests want before then.
                .args(["--workers", "2"])
                .args(filter)
                // These end the fuzzer's own session (a generated id may be its own); the HTTP
                // tests cover them. Without the session, every later call would stop at 401.
                .args(SESSION_ENDING.iter().flat_map(|path| ["--exclude-path", path]))
                .args(["-H", &format!("Authorization: Bearer {token}")])
                .env("NO_COLOR", "1"),
        )
    };
    let members = pass("member", &member, ["--exclude-path-regex", ADMIN_PATHS]);
    let admins = pass("admin", &admin, ["--include-path-regex", ADMIN_PATHS]);
    members.and(admins)
}

/// Calls that end the caller's session, left out of both passes.
const SESSION_ENDING: [&str; 4] = ["/api/user/logout", "/api/user/logout-everywhere", "/api/user/delete", "/api/user/sessions/{id}"];

/// The back office's calls, fuzzed in the admin's pass only.
const ADMIN_PATHS: &str = "^/api/admin/";
