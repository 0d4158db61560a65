//! `cargo xtask test`: every test of the project, in one command. Runs every stage even after a
//! failure (so one run shows everything), then exits non-zero if any failed.

use crate::oauth_stand_in::StandInProvider;
use crate::postgres::Postgres;
use crate::util::{free_port, run, step, stop_child, wait_for_http};
use crate::{codegen, frontend, tidy};
use anyhow::{Context, Result};
use std::process::Command;

const PRIVATE_PORT: u16 = 54330;
const E2E_DATABASE: &str = "gistbook_e2e";

pub fn test() -> Result<()> {
    let started = std::time::Instant::now();
    let mut results: Vec<(&str, Result<()>)> = Vec::new();

    results.push(("architecture rules (tidy)", tidy::tidy()));
    step("Lints (clippy, warnings are errors)");
    results.push(("clippy", clippy()));
    let postgres = Postgres::start("pg-test", PRIVATE_PORT)?;

    step("Rust unit and integration tests (against PostgreSQL)");
    results
        .push(("rust tests", run(Command::new(env!("CARGO")).args(["test", "--workspace", "--no-fail-fast"]).env("TEST_DATABASE_URL", &postgres.server_url))));

    let packages = frontend::ensure_packages();
    let packages_ok = packages.is_ok();
    results.push(("front-end packages", packages));
    if packages_ok {
        results.push(("generated API types are fresh", codegen::codegen(true)));
        step("Front-end type check");
        results.push(("front-end typecheck", run(frontend::npm().args(["run", "typecheck"]))));
        step("Front-end lint (ESLint: TypeScript, react-hooks, one-way imports)");
        results.push(("front-end lint", run(frontend::npm().args(["run", "-s", "lint"]))));
        step("Front-end unit and component tests");
        let report = std::env::temp_dir().join(format!("gistbook-vitest-{}.json", std::process::id()));
        let unit = run(frontend::npm().args(["test", "--", "--reporter=default", "--reporter=json"]).arg(format!("--outputFile.json={}", report.display())));
        results.push(("front-end tests", crate::unit_report::name_the_failures(unit, &report)));
        step("Front-end production build");
        let build = run(frontend::npm().args(["run", "build"]));
        let built = build.is_ok();
        results.push(("front-end build", build));
        if built {
            step("Size budget: JavaScript for the first route");
            results.push(("first-route size budget (120 KB gzipped)", run(frontend::npm().args(["run", "-s", "size"]))));
            let (browser, fuzzing) = end_to_end(&postgres, &[], true);
            results.push(("browser end-to-end tests", browser));
            results.push(("API fuzzing (schemathesis)", fuzzing));
        }
    }

    println!("\n==> Summary ({} s)", started.elapsed().as_secs());
    let mut failed = 0;
    for (name, result) in &results {
        match result {
            Ok(()) => println!("  ok      {name}"),
            Err(error) => {
                failed += 1;
                println!("  FAILED  {name}: {error:#}");
            }
        }
    }
    for test in crate::e2e_report::flaky() {
        println!("  FLAKY   browser test passed only on its retry: {test}");
    }
    if failed > 0 {
        anyhow::bail!("{failed} stage(s) failed");
    }
    Ok(())
}

fn clippy() -> Result<()> {
    let installed = Command::new(env!("CARGO")).args(["clippy", "--version"]).output().is_ok_and(|o| o.status.success());
    if !installed {
        anyhow::bail!("clippy is not installed: `rustup component add clippy`");
    }
    run(Command::new(env!("CARGO")).args(["clippy", "-q", "--workspace", "--all-targets", "--", "-D", "warnings"]))
}

/// Starts the real server on a free port with a fresh database (and "Google" played by a stand-in
/// provider on loopback), drives it with Playwright in Debian's Chromium, then stops it.
/// `cargo xtask e2e [ARGS]`: the front-end build and the browser tests alone, with Playwright's
/// arguments (a spec file, `-g "name"`), for working on one screen.
pub fn browser_tests_only(playwright_args: &[&str]) -> Result<()> {
    let postgres = Postgres::start("pg-test", PRIVATE_PORT)?;
    frontend::ensure_packages()?;
    step("Front-end production build");
    run(frontend::npm().args(["run", "build"]))?;
    end_to_end(&postgres, playwright_args, false).0
}

/// The browser tests and then, with `fuzz`, the API fuzzing stage against the same server.
fn end_to_end(postgres: &Postgres, playwright_args: &[&str], fuzz: bool) -> (Result<()>, Result<()>) {
    let served = serve_for_tests(postgres, |base_url, outbox, database_url| {
        step(&format!("Browser end-to-end tests (Chromium) against {base_url}"));
        // The admin tests read the seeded admin's two-factor secret (and its last used step) there.
        let report = outbox.with_file_name("results.json");
        let browser = run(frontend::npm()
            .args(["run", "e2e", "--"])
            .args(playwright_args)
            .env("BASE_URL", base_url)
            .env("OUTBOX_DIR", outbox)
            .env("E2E_JSON_REPORT", &report)
            .env("E2E_DATABASE_URL", database_url));
        let browser = crate::e2e_report::name_the_failures(browser, &report);
        let fuzzing = if fuzz { crate::fuzz::fuzz_api(base_url) } else { Ok(()) };
        (browser, fuzzing)
    });
    match served {
        Ok(results) => results,
        Err(error) => (Err(error), Err(anyhow::anyhow!("the test server did not start"))),
    }
}

/// Starts the real server on a free port with a fresh, seeded database (and "Google" played by a
/// stand-in provider on loopback), runs `work` against it, then stops it.
fn serve_for_tests(postgres: &Postgres, work: impl FnOnce(&str, &std::path::Path, &str) -> (Result<()>, Result<()>)) -> Result<(Result<()>, Result<()>)> {
    frontend::ensure_chromium()?;
    step("Building the server for the browser tests");
    run(Command::new(env!("CARGO")).args(["build", "-p", "server"]))?;
    postgres.drop_database(E2E_DATABASE);
    let database_url = postgres.database(E2E_DATABASE)?;
    let scratch = crate::util::root().join("target/e2e");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch)?;
    let outbox = scratch.join("outbox");
    let port = free_port()?;
    let base_url = format!("http://127.0.0.1:{port}");
    let log = std::fs::File::create(scratch.join("server.log"))?;
    let media_dir = scratch.join("media");
    step("Seeding the browser tests' database");
    crate::seed::migrate_and_seed(&database_url, &media_dir, crate::catalogue_seed::Narration::Tone)?;
    let provider = StandInProvider::start()?;
    // The browser tests pay through the stand-ins even where real keys are in the environment.
    let payments = crate::payment_stand_ins::PaymentStandIns::start_all(&base_url)?;
    let mut server = Command::new("target/debug/server")
        .envs(provider.env())
        .envs(payments.env())
        .env("DATABASE_URL", &database_url)
        .env("BIND_ADDR", format!("127.0.0.1:{port}"))
        .env("PUBLIC_URL", &base_url)
        .env("STATIC_DIR", "frontend/dist")
        .env("SIGNING_KEYS_SECRET", crate::util::TEST_SIGNING_KEYS_SECRET)
        .env("MAIL_OUTBOX_DIR", &outbox)
        .env("MAIL_POLL_INTERVAL_MS", "100")
        // Every browser test signs up its own members from loopback.
        .env("SIGNUPS_PER_ADDRESS_PER_HOUR", "100000")
        // The browser tests run on plain http at 127.0.0.1.
        .env("DEV_INSECURE_COOKIES", "true")
        .env("MEDIA_DIR", &media_dir)
        .stdout(log.try_clone()?)
        .stderr(log)
        .spawn()
        .context("starting the server")?;
    let results = match wait_for_http(&format!("{base_url}/readyz"), 60) {
        Ok(()) => work(&base_url, &outbox, &database_url),
        Err(error) => (Err(error), Err(anyhow::anyhow!("the test server did not start"))),
    };
    stop_child(&mut server, 20);
    if results.0.is_err() || results.1.is_err() {
        println!("The server's log is in target/e2e/server.log.");
    } else {
        postgres.drop_database(E2E_DATABASE);
    }
    Ok(results)
}
