//! `cargo xtask <command>`: everything a developer or CI runs. This binary is light (it compiles
//! in seconds on a fresh clone) and starts the one workspace build itself; the heavy commands
//! run through `xtask-tools`, which that build makes.

mod build;
mod codegen;
mod e2e_report;
mod fuzz;
mod py_tools;
mod run;
mod stages;
mod test;
mod tidy;
mod unit_report;

use anyhow::{bail, Result};
use xtask::{frontend, postgres, util};

const USAGE: &str = "\
usage: cargo xtask <command>

  run [--release]            build everything, start PostgreSQL if none is configured, migrate,
                             seed demo data, serve http://127.0.0.1:4000 (Ctrl-C stops it all)
  test                       every test: formats, lints, Rust unit and integration, front end,
                             browser end-to-end, API fuzzing; prints each stage's wall time
  e2e [PLAYWRIGHT ARGS]      only the browser tests (e.g. `cargo xtask e2e e2e/reader.spec.ts`)
  fuzz                       only the API fuzzing (schemathesis, as a member and as an admin)
  db                         start the private PostgreSQL of `run` and wait (Ctrl-C stops it)
  bench reader [--books N]   pgbench -S, a floor server and the floor running the reader's
                             statement vs GET /api/books/{id} at 64 connections, search latency
  bench progress [--books N] pgbench -N vs PUT /api/user-book-history/ from many members
  bench review               10,000 highlights and 5,000 cards: a book's highlights, the search
                             and today's review queue, p50/p95 (goal p95 <= 20 ms)
  bench checkout             pgbench -N vs the price call and the Stripe webhook handler
  bench upload               a 2 GB video through the admin upload call vs cp
  bench lighthouse [--devtools] [--runs N]
                             Lighthouse (mobile, simulated throttling; --devtools: on a throttled
                             connection) on /, /books, a book, /pricing, /payment/monthly, a
                             premium book's reader and /highlights of a release build, in Chromium;
                             --runs N: each page N times, and the median of each figure
  bench latency [--seconds S] the reader, home, history save and search at half their saturating
                             rate (oha, open loop, latency corrected): p50, p99, p99.9, errors
  bench scale-out            two instances on one database behind nginx vs one: the reader and
                             history calls at 64 connections, and how requests split
  bench scale [--members N] [--history M]
                             the home, book list, library and XP calls one after another on the
                             2,000-book bench database and on one that also holds N synthetic
                             members and M history rows (default 1,000,000 and 20,000,000):
                             p50, p99 and the ratio of the p50s
  seed [--synthetic N] [--synthetic-members N [--history M]]
                             migrate and load demo data (accounts, catalogue) where missing;
                             --synthetic N adds N generated books for scale tests;
                             --synthetic-members N makes member-1..N@synthetic.example (password
                             synthetic-member-1) with about M history rows (default 20 each)
  make-admin EMAIL           give an existing account the admin role
  totp EMAIL                 print the current two-factor code of a local account (the demo admin)
  rotate-keys                add a new signing key; tokens signed by older keys stay valid
  reconcile [--fix]          hold every charge and subscription against its provider (the local
                             stand-ins of a running `cargo xtask run`, or STRIPE_*/PAYPAL_* keys),
                             its grants and the members' plan fields; prints each difference,
                             --fix repairs what is safe; exits non-zero on any difference
  create-codes PLAN [DAYS] [--count N]
                             print N single-use subscription codes for PLAN (no DAYS = lifetime)
  import-codes stacksocial FILE.csv
                             add marketplace lifetime codes; reports new, duplicate, malformed lines
  codegen [--check]          regenerate the OpenAPI snapshot and the front end's API types
  tidy                       check the architecture rules (crate classes, pure domains, store folders, routes)
";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(error) = dispatch(&args) {
        eprintln!("xtask: {error:#}");
        std::process::exit(1);
    }
}

fn dispatch(args: &[String]) -> Result<()> {
    util::enter_workspace_root()?;
    let rest: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
    match args.first().map(String::as_str) {
        Some("run") => run::run(rest.contains(&"--release")),
        Some("test") => test::test(),
        Some("e2e") => test::browser_tests_only(&rest),
        Some("fuzz") => test::fuzz_only(),
        Some("db") => run::database_only(),
        Some("codegen") => codegen::codegen(rest.contains(&"--check")),
        Some("tidy") => {
            println!("{}", tidy::tidy()?);
            Ok(())
        }
        // The heavy commands: the one build, then `xtask-tools`.
        Some(command @ ("seed" | "bench" | "make-admin" | "rotate-keys" | "totp" | "create-codes" | "import-codes" | "reconcile")) => {
            if command == "bench" && rest.contains(&"lighthouse") {
                frontend::ensure_packages()?;
                frontend::build_if_stale()?;
            }
            build::build_all()?;
            util::run(std::process::Command::new(build::TOOLS).arg(command).args(&rest))
        }
        Some("help") | Some("--help") | Some("-h") | None => {
            print!("{USAGE}");
            Ok(())
        }
        Some(other) => bail!("unknown command {other:?}\n\n{USAGE}"),
    }
}
