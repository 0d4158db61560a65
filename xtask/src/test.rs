//! `cargo xtask test`: every test of the project in one command, as fast as two cores allow.
//!
//! - One Rust build (`build::build_all`) compiles and lints everything once; the Rust tests, the
//!   API types check, the browser tests and the fuzzer use what it built.
//! - Three lines of work run at the same time: the Rust build then the Rust tests; the front end
//!   (packages, Prettier, production build, size, typecheck, lint, unit tests); and, once the
//!   server and the production build exist, the test servers' seed and the API fuzzer, then the
//!   browser tests. The Rust tests and the browser tests wait for the front end's checks to
//!   finish, so vitest never shares the two cores with them (it shares them with the build only),
//!   and the browser tests wait for the Rust tests: a member's page, with the Rust tests beside
//!   it, took longer to show than a check waits. The seed and the fuzzer fill the Rust tests' time.
//!   Beside the build, the Python servers of the SMTP and S3 tests are installed (`py_tools`)
//!   when their venv lacks the pins; the Rust tests find them through `PY_TOOLS`.
//! - The compilers, linters and the fuzzer run under `nice`: the tests, which wait on clocks and
//!   deadlines, get the cores first, and the rest fills the idle time.
//! - Every stage runs whatever the others do; the summary lists each one's result and wall time.

use crate::build;
use crate::postgres::Postgres;
use crate::stages::{Log, Suite};
use crate::{codegen, e2e_report, frontend, unit_report};
use anyhow::{bail, Context, Result};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::{Condvar, Mutex};

pub const PRIVATE_PORT: u16 = 54330;
/// Browser test workers, each with a server and database of its own (`E2E_WORKERS` to change).
const DEFAULT_WORKERS: usize = 3;

/// The Rust tests' threads: the HTTP tests mostly wait on PostgreSQL and timers.
const RUST_TEST_THREADS: &str = "6";

pub fn test() -> Result<()> {
    // The logs are read as text: no colour codes from the tools.
    std::env::set_var("NO_COLOR", "1");
    let suite = Suite::new(crate::util::root().join("target/test-logs"))?;
    suite.stage("Rust format (cargo fmt --check)", |log| log.run(Command::new(env!("CARGO")).args(["fmt", "--all", "--check"])));
    suite.stage("architecture rules (tidy)", |log| {
        let report = crate::tidy::tidy()?;
        log.line(&report);
        Ok(())
    });
    let postgres = match Postgres::start("pg-test", PRIVATE_PORT) {
        Ok(postgres) => Some(postgres),
        Err(error) => {
            suite.skipped("PostgreSQL for the tests", &format!("{error:#}"));
            None
        }
    };
    let built = Gate::default();
    let dist = Gate::default();
    let py_tools = Gate::default();
    let media_tools = Gate::default();
    // Opened once the browser line's installs (Chromium, the fuzzer) are done, after the media tools.
    let browser_tools = Gate::default();
    // The front end's checks run alone with the build: on two cores, vitest beside the Rust tests,
    // the browser tests and the fuzzer (a warm run, where the build takes seconds) ran past its
    // timeouts (45 of 912 tests, 1,039 s). The heavy test stages start when it has finished.
    let front_end_done = Gate::default();
    // The browser tests start when the Rust tests have finished (the test servers seed, and the
    // fuzzer runs, beside the Rust tests): on two cores, both at once made a member's page take
    // over 20 s to show (CI, stops 53 and 54), and the checks wait 20 s at most.
    let rust_tests_done = Gate::default();
    std::thread::scope(|scope| {
        // Beside the build: pip and apt wait on the network, the build on the cores.
        scope.spawn(|| {
            py_tools.open(suite.stage("Python test servers (aiosmtpd, moto; pip only when the pins changed)", |log| crate::py_tools::ensure(log).map(drop)));
            media_tools.open(suite.stage("media tools (espeak-ng, ffmpeg, rsvg-convert; apt only when missing)", |log| {
                log.line("The test servers' seed narrates and films one demo book with them.");
                crate::util::ensure_media_tools()
            }));
            // Beside the build too: on a new machine apt took 31 s here that would otherwise
            // come between the build and the browser tests.
            suite.stage("Chromium for the browser tests (apt only when missing)", |_| frontend::ensure_chromium());
            // The fuzzer's pip install (a clean clone's `target/` has none) waits on the network
            // and the disk: here, beside the build, instead of after it.
            suite.stage("API fuzzer (schemathesis; pip only when missing)", |log| crate::fuzz::ensure_installed(log).map(drop));
            // A failed install is said by its stage, and again by the browser line when it needs it.
            browser_tools.open(true);
        });
        scope.spawn(|| {
            let ok = suite.stage("Rust build (one pass: every crate, test and binary; clippy, warnings are errors)", |log| {
                log.run(nice(build::cargo()?).args(["test", "--workspace", "--no-run"]))
            });
            built.open(ok);
            front_end_done.wait();
            // The SMTP and S3 tests say what is missing when this failed.
            py_tools.wait();
            media_tools.wait();
            match (&postgres, ok) {
                (Some(postgres), true) => {
                    suite.stage("Rust tests (unit and integration, against PostgreSQL)", |log| rust_tests(log, postgres));
                }
                _ => suite.skipped("Rust tests", "the build or PostgreSQL failed"),
            }
            rust_tests_done.open(true);
        });
        scope.spawn(|| {
            front_end(&suite, &dist);
            front_end_done.open(true);
        });
        scope.spawn(|| {
            // No apt or pip beside this line's own: the seed narrates with the media tools, and
            // end_to_end installs Chromium and the fuzzer when they are still missing.
            browser_tools.wait();
            if !(built.wait() && dist.wait() && front_end_done.wait()) {
                suite.skipped("browser end-to-end tests and API fuzzing", "the Rust build or the front-end build failed");
                return;
            }
            // The check needs only the build: it runs while the test servers seed their database.
            std::thread::scope(|beside| {
                beside.spawn(|| suite.stage("generated API types are fresh (cargo xtask codegen --check)", codegen::check));
                match &postgres {
                    Some(postgres) => end_to_end(&suite, postgres, &[], workers(), true, Some(&rust_tests_done)),
                    None => suite.skipped("browser end-to-end tests", "no PostgreSQL"),
                }
            });
        });
    });
    drop(postgres);
    suite.finish()
}

/// The front end's stages, in the order that lets the browser tests start soonest.
fn front_end(suite: &Suite, dist: &Gate) {
    if !suite.stage("front-end packages (npm ci when the lockfile changed)", install_packages) {
        dist.open(false);
        suite.skipped("the other front-end stages", "the packages did not install");
        return;
    }
    // The build first: the browser tests wait for it, the checks after it do not hold them up.
    let built = suite.stage("front-end production build (webpack, prerender; skipped when dist/ is newer than every source)", build_dist);
    dist.open(built);
    if built {
        suite.stage("size budget: JavaScript for the first route (105 KB gzipped)", |log| log.run(frontend::npm().args(["run", "-s", "size"])));
    }
    // ESLint (type-aware: about 35 s warm on a fast machine, 94 s on a slow one) uses one core
    // from start to end: it runs beside the other checks and vitest instead of before them, niced,
    // so vitest's workers, which have timeouts, get the cores first.
    std::thread::scope(|beside| {
        beside.spawn(|| suite.stage("front-end lint (ESLint: TypeScript, react-hooks; skipped when nothing it reads changed since it passed)", lint));
        suite.stage("Prettier (prettier --check)", |log| log.run(nice(frontend::npm()).args(["run", "-s", "format:check"])));
        suite.stage("front-end typecheck (tsc)", |log| log.run(nice(frontend::npm()).args(["run", "-s", "typecheck"])));
        suite.stage("front-end unit and component tests (vitest)", |log| {
            let report = crate::util::root().join("target/test-logs/vitest.json");
            let unit =
                log.run(frontend::npm().args(["test", "--", "--reporter=default", "--reporter=json"]).arg(format!("--outputFile.json={}", report.display())));
            if let Some(count) = unit_report::count(&report) {
                log.note(format!("{count} tests"));
            }
            unit_report::name_the_failures(unit, &report)
        });
    });
}

/// ESLint over the front end, unless it already passed on exactly these files.
fn lint(log: &Log) -> Result<()> {
    if frontend::lint_passed_since_last_change() {
        log.line("ESLint passed on these files already: nothing it reads has changed since that run started.");
        return Ok(());
    }
    let started = std::time::SystemTime::now();
    log.run(nice(frontend::npm()).args(["run", "-s", "lint"]))?;
    frontend::mark_lint_passed(started)
}

/// `cargo xtask e2e [ARGS]`: the front-end build, the Rust build and the browser tests alone,
/// with Playwright's arguments (a spec file, `-g "name"`), for working on one screen.
pub fn browser_tests_only(playwright_args: &[&str]) -> Result<()> {
    let suite = Suite::new(crate::util::root().join("target/test-logs"))?;
    let postgres = Postgres::start("pg-test", PRIVATE_PORT)?;
    let ready = suite.stage("front-end packages", install_packages)
        && suite.stage("front-end production build", build_dist)
        && suite.stage("Rust build", |log| log.run(build::cargo()?.args(["test", "--workspace", "--no-run"])))
        && suite.stage("media tools (espeak-ng, ffmpeg, rsvg-convert)", |_| crate::util::ensure_media_tools());
    if ready {
        end_to_end(&suite, &postgres, playwright_args, workers(), false, None);
    }
    drop(postgres);
    suite.finish()
}

/// `cargo xtask fuzz`: the builds and the API fuzzer alone, on a server of its own.
pub fn fuzz_only() -> Result<()> {
    let suite = Suite::new(crate::util::root().join("target/test-logs"))?;
    let postgres = Postgres::start("pg-test", PRIVATE_PORT)?;
    let ready = suite.stage("front-end packages", install_packages)
        && suite.stage("front-end production build", build_dist)
        && suite.stage("Rust build", |log| log.run(build::cargo()?.args(["test", "--workspace", "--no-run"])));
    if ready {
        end_to_end(&suite, &postgres, &[], 0, true, None);
    }
    drop(postgres);
    suite.finish()
}

/// `npm ci` when node_modules is missing or older than the lockfile.
pub(crate) fn install_packages(log: &Log) -> Result<()> {
    match frontend::packages_to_install()? {
        Some(mut install) => log.run(&mut install),
        None => {
            log.line("node_modules is up to date with package-lock.json.");
            Ok(())
        }
    }
}

/// The production build (webpack, then the prerender), when a source is newer than dist/.
fn build_dist(log: &Log) -> Result<()> {
    if frontend::dist_is_stale() {
        log.run(nice(frontend::npm()).args(["run", "build"]))
    } else {
        log.line("frontend/dist is newer than every source of the build: not rebuilt.");
        Ok(())
    }
}

fn workers() -> usize {
    std::env::var("E2E_WORKERS").ok().and_then(|n| n.parse().ok()).filter(|&n| n > 0).unwrap_or(DEFAULT_WORKERS)
}

/// Lowers a command's priority: the tests, which wait on clocks, come first.
fn nice(command: Command) -> Command {
    let mut niced = Command::new("nice");
    niced.args(["-n", "10"]).arg(command.get_program()).args(command.get_args());
    for (key, value) in command.get_envs() {
        match value {
            Some(value) => niced.env(key, value),
            None => niced.env_remove(key),
        };
    }
    if let Some(dir) = command.get_current_dir() {
        niced.current_dir(dir);
    }
    niced
}

/// The Rust tests, with cargo-nextest when it is installed (every test binary at once, one
/// process per test), else `cargo test`. Both use the one build's artifacts.
fn rust_tests(log: &Log, postgres: &Postgres) -> Result<()> {
    let nextest = Command::new(env!("CARGO")).args(["nextest", "--version"]).output().is_ok_and(|o| o.status.success());
    let mut command = build::cargo()?;
    if nextest {
        command.args(["nextest", "run", "--workspace", "--no-fail-fast", "--test-threads", RUST_TEST_THREADS]);
    } else {
        log.line("cargo-nextest is not installed (`cargo install cargo-nextest`): running `cargo test`.");
        command.args(["test", "--workspace", "--no-fail-fast", "--", "--test-threads", RUST_TEST_THREADS]);
    }
    let result = log.run(
        command
            .env("TEST_DATABASE_URL", &postgres.server_url)
            .env("PY_TOOLS", crate::util::root().join(crate::py_tools::VENV))
            .env("NEXTEST_HIDE_PROGRESS_BAR", "1"),
    );
    if let Some(count) = rust_test_count(log.path()) {
        log.note(format!("{count} tests"));
    }
    result
}

/// How many Rust tests ran, from nextest's summary or cargo test's result lines.
fn rust_test_count(log: &std::path::Path) -> Option<u64> {
    let text = std::fs::read_to_string(log).ok()?;
    if let Some(line) = text.lines().rev().find(|line| line.contains("tests run:")) {
        return line.split("tests run:").next()?.split_whitespace().last()?.parse().ok();
    }
    // `test result: ok. 46 passed; 0 failed; 0 ignored; ...`
    let counted = |result: &str, what: &str| -> u64 {
        result
            .split(';')
            .filter_map(|part| part.trim().trim_start_matches("ok. ").trim_start_matches("FAILED. ").strip_suffix(what)?.trim().parse::<u64>().ok())
            .sum()
    };
    let results: Vec<&str> = text.lines().filter_map(|line| line.strip_prefix("test result: ")).collect();
    (!results.is_empty()).then(|| results.iter().map(|r| counted(r, "passed") + counted(r, "failed")).sum())
}

/// Starts `workers` servers (and, with `fuzz`, one more for the fuzzer), each on its own copy of
/// one seeded database, then runs the fuzzer at once and the browser tests across the servers once
/// `browser_after` (when given) opens.
fn end_to_end(suite: &Suite, postgres: &Postgres, playwright_args: &[&str], workers: usize, fuzz: bool, browser_after: Option<&Gate>) {
    if let Err(error) = frontend::ensure_chromium() {
        suite.skipped("browser end-to-end tests", &format!("{error:#}"));
        return;
    }
    let servers = fuzz as usize + workers;
    let started = Mutex::new(None);
    let ok = suite.stage(&format!("test servers: {servers} copies of one seeded database, each served with its own stand-ins"), |log| {
        *started.lock().expect("servers") = Some(TestServers::start(log, postgres, servers)?);
        Ok(())
    });
    let Some(running) = started.into_inner().expect("servers").filter(|_| ok) else {
        suite.skipped("browser end-to-end tests", "the test servers did not start");
        return;
    };
    let browser_servers: Vec<serde_json::Value> = running.servers.iter().take(workers).cloned().collect();
    std::thread::scope(|scope| {
        if fuzz {
            let target = &running.servers[workers];
            let base_url = target["baseURL"].as_str().unwrap_or_default().to_owned();
            let database_url = target["databaseUrl"].as_str().unwrap_or_default().to_owned();
            scope.spawn(move || {
                suite.stage("API fuzzing (schemathesis)", |log| crate::fuzz::fuzz_api(log, &base_url, &database_url));
            });
        }
        if workers == 0 {
            return;
        }
        if let Some(gate) = browser_after {
            gate.wait();
        }
        suite.stage(&format!("browser end-to-end tests (Chromium, {workers} workers, a server each)"), |log| {
            let report = crate::util::root().join("target/test-logs/playwright.json");
            let browser = log.run(
                frontend::npm()
                    .args(["run", "e2e", "--"])
                    .arg(format!("--workers={workers}"))
                    .args(playwright_args)
                    .env("E2E_SERVERS", serde_json::json!({ "servers": browser_servers }).to_string())
                    .env("E2E_JSON_REPORT", &report),
            );
            let tests = e2e_report::count(&report).map(|count| format!("{count} tests"));
            // A page that got 503 may show less than its test waits for: the first thing to know
            // about a failure under load.
            let busy = busy_answers(log, &browser_servers);
            let busy = (busy > 0).then(|| format!("the servers answered 503 busy {busy} times"));
            let note: Vec<String> = tests.into_iter().chain(busy).collect();
            if !note.is_empty() {
                log.note(note.join("; "));
            }
            e2e_report::name_the_failures(browser, &report)
        });
    });
    running.stop();
}

/// How many times the test servers answered 503 busy, as their logs say (a log that cannot be
/// read is named in the stage's log and counts nothing).
fn busy_answers(log: &Log, servers: &[serde_json::Value]) -> usize {
    let mut busy = 0;
    for path in servers.iter().filter_map(|server| server["log"].as_str()) {
        match std::fs::read_to_string(path) {
            Ok(text) => busy += text.matches("answered 503 busy").count(),
            Err(error) => log.line(&format!("could not count the 503 answers in {path}: {error}")),
        }
    }
    busy
}

/// The servers of the browser tests, run by `xtask-tools serve-e2e` until its input closes.
struct TestServers {
    child: std::process::Child,
    servers: Vec<serde_json::Value>,
}

impl TestServers {
    fn start(log: &Log, postgres: &Postgres, count: usize) -> Result<TestServers> {
        let mut child = Command::new(build::TOOLS)
            .args(["serve-e2e", &postgres.server_url, &count.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(log.file()?)
            .spawn()
            .with_context(|| format!("starting {}", build::TOOLS))?;
        let stdout = child.stdout.take().context("the servers' output")?;
        for line in BufReader::new(stdout).lines() {
            let line = line?;
            log.line(&line);
            if line.starts_with("{\"servers\"") {
                let described: serde_json::Value = serde_json::from_str(&line)?;
                let servers = described["servers"].as_array().cloned().unwrap_or_default();
                for server in &servers {
                    log.line(&format!("server {} logs to {}", server["baseURL"], server["log"]));
                }
                return Ok(TestServers { child, servers });
            }
        }
        let status = child.wait()?;
        bail!("the test servers did not start ({status})")
    }

    /// Closes the tools' input, which stops the servers, and waits for them.
    fn stop(mut self) {
        if let Some(mut input) = self.child.stdin.take() {
            let _ = input.flush();
        }
        let _ = self.child.wait();
    }
}

/// A yes/no that one thread gives and others wait for.
#[derive(Default)]
struct Gate {
    value: Mutex<Option<bool>>,
    changed: Condvar,
}

impl Gate {
    fn open(&self, value: bool) {
        *self.value.lock().expect("gate") = Some(value);
        self.changed.notify_all();
    }

    fn wait(&self) -> bool {
        let mut value = self.value.lock().expect("gate");
        while value.is_none() {
            value = self.changed.wait(value).expect("gate");
        }
        value.unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_tests_from_nextest_or_cargo_test() {
        let dir = std::env::temp_dir().join(format!("xtask-count-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let nextest = dir.join("nextest.log");
        std::fs::write(&nextest, "        PASS [   0.1s] a::b\n     Summary [ 226.369s] 682 tests run: 681 passed (1 slow), 1 failed, 0 skipped\n").unwrap();
        assert_eq!(rust_test_count(&nextest), Some(682));
        let cargo = dir.join("cargo.log");
        std::fs::write(&cargo, "test result: ok. 46 passed; 0 failed; 0 ignored\nnoise\ntest result: FAILED. 5 passed; 1 failed; 0 ignored\n").unwrap();
        assert_eq!(rust_test_count(&cargo), Some(52));
        let _ = std::fs::remove_dir_all(dir);
    }
}
