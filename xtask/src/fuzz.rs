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

/// Every member call signed in as a confirmed member, and every back-office call signed in as an
/// admin whose session passed the second factor (beyond the 403 a member gets). Three schemathesis
/// processes at once, each sending one call at a time: the member's calls in two halves, and the
/// admin's. Not schemathesis's `--workers 2`: its workers are threads of one Python, and Python
/// 3.11's `ast.parse` (which Hypothesis calls to describe a filter) is not thread-safe. Two threads
/// describing filters at once failed a CI run with "AST constructor recursion depth mismatch" (and
/// 1 round in 4 of the admin's calls alone), an error in the fuzzer, not in the server.
pub fn fuzz_api(log: &Log, base_url: &str, database_url: &str) -> Result<()> {
    let binary = ensure_installed(log)?;
    let (member, admin) = tokens(log, base_url, database_url)?;
    let passes = [
        (format!("the member, calls matching {MEMBER_FIRST_HALF}"), &member, ["--include-path-regex", MEMBER_FIRST_HALF]),
        (format!("the member, calls not matching {MEMBER_SECOND_HALF_LEAVES_OUT}"), &member, ["--exclude-path-regex", MEMBER_SECOND_HALF_LEAVES_OUT]),
        (format!("the admin, calls matching {ADMIN_PATHS}"), &admin, ["--include-path-regex", ADMIN_PATHS]),
    ];
    let outcomes: Vec<(String, Result<String>)> = std::thread::scope(|scope| {
        let running: Vec<_> = passes
            .iter()
            .map(|(who, token, filter)| {
                let command = fuzz_command(&binary, base_url, token, filter);
                (who.clone(), scope.spawn(move || run_captured(command)))
            })
            .collect();
        running.into_iter().map(|(who, handle)| (who, handle.join().unwrap_or_else(|_| Err(anyhow::anyhow!("the pass's thread panicked"))))).collect()
    });
    // Each pass's output in one piece (they ran at once), the failed ones last: the summary shows
    // a failed stage's last lines.
    let (passed, failed): (Vec<_>, Vec<_>) = outcomes.into_iter().partition(|(_, outcome)| outcome.is_ok());
    let mut failures = Vec::new();
    for (who, outcome) in passed.into_iter().chain(failed) {
        log.line(&format!("API fuzzing (schemathesis) against {base_url}, signed in as {who}"));
        match outcome {
            Ok(output) => log.line(&output),
            Err(error) => {
                log.line(&format!("{error:#}"));
                failures.push(who);
            }
        }
    }
    if !failures.is_empty() {
        bail!("schemathesis failed, signed in as {}", failures.join("; and as "));
    }
    Ok(())
}

/// One pass: schemathesis on the calls `filter` selects, with `token`.
fn fuzz_command(binary: &Path, base_url: &str, token: &str, filter: &[&str; 2]) -> Command {
    // Below the browser tests' priority: they wait on the clock, the fuzzer does not.
    let mut command = Command::new("nice");
    command
        .args(["-n", "10"])
        .arg(binary)
        .args(["--config-file", CONFIG, "run"])
        .arg(format!("{base_url}/api/openapi.json"))
        .args(["--url", base_url, "--continue-on-failure", "--max-examples", "30", "--seed", "1", "--workers", "1"])
        .args(filter)
        // These end the fuzzer's own session (a generated id may be its own); the HTTP tests cover
        // them. Without the session, every later call would stop at 401.
        .args(SESSION_ENDING.iter().flat_map(|path| ["--exclude-path", path]))
        .args(["-H", &format!("Authorization: Bearer {token}")])
        .env("NO_COLOR", "1");
    command
}

/// Runs `command`; its standard output and error together, or an error that holds them.
fn run_captured(mut command: Command) -> Result<String> {
    let output = command.stdin(std::process::Stdio::null()).output().context("starting schemathesis")?;
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    if !output.status.success() {
        bail!("{text}\nschemathesis failed ({})", output.status);
    }
    Ok(text)
}

/// Calls that end the caller's session, left out of both passes.
const SESSION_ENDING: [&str; 4] = ["/api/user/logout", "/api/user/logout-everywhere", "/api/user/delete", "/api/user/sessions/{id}"];

/// The back office's calls, fuzzed in the admin's pass only.
const ADMIN_PATHS: &str = "^/api/admin/";

/// The member's calls in two halves of about the same size (67 and 73 calls on 2026-11-28).
const MEMBER_FIRST_HALF: &str = "^/api/(user|charge|library|kindle|books)(/|$)";
/// What the second half leaves out: the first half and the admin's calls.
const MEMBER_SECOND_HALF_LEAVES_OUT: &str = "^/api/(admin|user|charge|library|kindle|books)(/|$)";
