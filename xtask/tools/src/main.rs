//! `xtask-tools <command>`: the heavy half of `cargo xtask`. `cargo xtask` builds the workspace
//! once (this binary included) and runs the commands below through it; they are not meant to be
//! typed, but each works on its own (`target/debug/xtask-tools help`).

mod art;
mod audio;
mod bench;
mod catalogue_seed;
mod content_seed;
mod fuzz_accounts;
mod oauth_stand_in;
mod payment_stand_ins;
mod reconcile;
mod seed;
mod servers;
mod synthetic;
mod synthetic_members;

use anyhow::{bail, Result};
use xtask::util;

const USAGE: &str = "\
usage: xtask-tools <command>   (through `cargo xtask <command>`)

  serve                      migrate and seed DATABASE_URL, start the payment stand-ins where no
                             keys are set, and serve the built server (`cargo xtask run`)
  serve-e2e SERVER_URL N     seed a template database on the PostgreSQL at SERVER_URL, copy it
                             N times and start N servers on them, each with its own stand-ins,
                             mail outbox and media; prints one JSON line describing them, and
                             stops them when standard input closes (the browser tests)
  bench ...                  the benchmarks (`cargo xtask bench`)
  fuzz-accounts BASE_URL     make the API fuzzer's member and admin (two-factor) on the server at
                             BASE_URL, whose database is DATABASE_URL; prints their tokens as JSON
  seed [--production | [--synthetic N] [--synthetic-members N [--history M]]]
  make-admin EMAIL
  totp EMAIL
  rotate-keys
  reconcile [--fix]          every charge and subscription against its provider, its grants and
                             the members' plan fields; prints each difference and fails on any
  create-codes PLAN [DAYS] [--count N]
  import-codes stacksocial FILE.csv
";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(error) = dispatch(&args) {
        eprintln!("xtask-tools: {error:#}");
        std::process::exit(1);
    }
}

fn dispatch(args: &[String]) -> Result<()> {
    util::enter_workspace_root()?;
    let rest: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
    match args.first().map(String::as_str) {
        Some("serve") => servers::serve(),
        Some("serve-e2e") => match rest.as_slice() {
            [server_url, count] => {
                servers::serve_for_browser_tests(server_url, count.parse().map_err(|_| anyhow::anyhow!("N must be a number, not {count:?}"))?)
            }
            _ => bail!("usage: xtask-tools serve-e2e SERVER_URL N"),
        },
        Some("fuzz-accounts") => match rest.as_slice() {
            [base_url] => fuzz_accounts::fuzz_accounts_command(base_url),
            _ => bail!("usage: xtask-tools fuzz-accounts BASE_URL"),
        },
        Some("seed") => seed::seed_command(&rest),
        Some("bench") => bench::bench(&rest),
        Some("make-admin") => match rest.as_slice() {
            [email] => seed::make_admin_command(email),
            _ => bail!("usage: cargo xtask make-admin EMAIL"),
        },
        Some("rotate-keys") => seed::rotate_keys_command(),
        Some("reconcile") => reconcile::reconcile_command(&rest),
        Some("totp") => match rest.as_slice() {
            [email] => seed::totp_command(email),
            _ => bail!("usage: cargo xtask totp EMAIL"),
        },
        Some("create-codes") => seed::create_codes_command(&rest),
        Some("import-codes") => seed::import_codes_command(&rest),
        Some("help") | Some("--help") | Some("-h") | None => {
            print!("{USAGE}");
            Ok(())
        }
        Some(other) => bail!("unknown command {other:?}\n\n{USAGE}"),
    }
}
