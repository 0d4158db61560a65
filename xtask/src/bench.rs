//! `cargo xtask bench reader [--books N] [--debug]`: on one private PostgreSQL and one release
//! server, first pgbench `-S -M prepared` at 16 clients (the database's own ceiling for simple
//! reads), then `GET /api/books/{id}` as a paid member at 64 connections with wrk, printing
//! requests/s, p50, p99, errors and the ratio; then search latency p50/p95 over the catalogue
//! (100,000 synthetic books by default).

use crate::catalogue_seed::Narration;
use crate::postgres::Postgres;
use crate::util::{free_port, have, is_root, run, step, stop_child, wait_for_http};
use anyhow::{bail, Context, Result};
use std::process::Command;
use std::time::{Duration, Instant};

const BENCH_PORT: u16 = 54331;
const DATABASE: &str = "gistbook_bench";
const SECONDS: &str = "15";

pub fn bench(args: &[&str]) -> Result<()> {
    let mut books = 100_000usize;
    let mut release = true;
    let mut what = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match *arg {
            "--books" => books = iter.next().context("--books needs a number")?.replace('_', "").parse()?,
            "--debug" => release = false,
            "reader" => what = Some("reader"),
            other => bail!("unknown argument {other:?}; usage: cargo xtask bench reader [--books N] [--debug]"),
        }
    }
    if what != Some("reader") {
        bail!("usage: cargo xtask bench reader [--books N] [--debug]");
    }
    ensure_wrk()?;
    step(&format!("Building the server ({})", if release { "release" } else { "debug" }));
    let mut build = Command::new(env!("CARGO"));
    build.args(["build", "-q", "-p", "server"]);
    if release {
        build.arg("--release");
    }
    run(&mut build)?;

    let postgres = Postgres::start("pg-bench", BENCH_PORT)?;
    postgres.drop_database(DATABASE);
    let url = postgres.database(DATABASE)?;
    let scratch = crate::util::root().join("target/bench");
    let _ = std::fs::remove_dir_all(&scratch);
    let media_dir = scratch.join("media");
    step("Seeding the benchmark database");
    crate::seed::migrate_and_seed(&url, &media_dir, Narration::Tone)?;
    {
        use diesel::Connection;
        let mut conn = diesel::PgConnection::establish(&url)?;
        crate::synthetic::add_synthetic_books(&mut conn, &media::MediaStore::open(&media::StoreSettings::Local { dir: media_dir.clone() })?, books)?;
    }

    step("pgbench -S -M prepared, 16 clients");
    let pgbench = pgbench_path()?;
    run(Command::new(&pgbench).args(["-q", "-i", "-s", "10", &url]).stdout(std::process::Stdio::null()))?;
    let output = Command::new(&pgbench).args(["-S", "-M", "prepared", "-c", "16", "-j", "2", "-T", SECONDS, &url]).output()?;
    let text = String::from_utf8_lossy(&output.stdout);
    let tps = text.lines().find_map(|l| l.strip_prefix("tps = ")).and_then(|l| l.split_whitespace().next()).and_then(|n| n.parse::<f64>().ok()).context("reading pgbench's tps")?;
    let pg_latency = text.lines().find_map(|l| l.strip_prefix("latency average = ")).unwrap_or("?").to_owned();
    println!("pgbench: {tps:.0} transactions/s, latency average {pg_latency}");

    let port = free_port()?;
    let base = format!("http://127.0.0.1:{port}");
    let binary = format!("target/{}/server", if release { "release" } else { "debug" });
    let log = std::fs::File::create(scratch.join("server.log"))?;
    let mut server = Command::new(binary)
        .env("DATABASE_URL", &url)
        .env("BIND_ADDR", format!("127.0.0.1:{port}"))
        .env("MEDIA_DIR", &media_dir)
        .env("SIGNING_KEYRING", scratch.join("keys.json"))
        .env("MAIL_OUTBOX_DIR", scratch.join("outbox"))
        .env("DB_POOL_SIZE", "16")
        .env("RUST_LOG", "warn")
        .stdout(log.try_clone()?)
        .stderr(log)
        .spawn()?;
    let result = wait_for_http(&format!("{base}/readyz"), 60).and_then(|()| measure(&base, &url, tps));
    stop_child(&mut server, 20);
    result
}

fn measure(base: &str, url: &str, tps: f64) -> Result<()> {
    let client = reqwest::blocking::Client::builder().timeout(Duration::from_secs(30)).build()?;
    let email = "bench@example.com";
    let registered: serde_json::Value = client
        .post(format!("{base}/api/user/register"))
        .json(&serde_json::json!({"username": email, "password": "bench-password-1", "firstName": "Bench", "lastName": "Mark", "timezone": "UTC"}))
        .send()?
        .json()?;
    let token = registered["result"]["token"].as_str().context("registering the benchmark member")?.to_owned();
    {
        use diesel::Connection;
        db::operators::grant_lifetime_plan(&mut diesel::PgConnection::establish(url)?, email)?;
    }
    let target = format!("{base}/api/books/meditations");
    let check: serde_json::Value = client.get(&target).bearer_auth(&token).send()?.json()?;
    anyhow::ensure!(check["result"]["book"]["isPaidUser"] == true && check["result"]["book"]["body"].is_string(), "the member is not paid: {check}");

    step("wrk: GET /api/books/{id} as a paid member, 64 connections");
    let output = Command::new("wrk")
        .args(["-t", "2", "-c", "64", "-d", &format!("{SECONDS}s"), "--latency", "-H", &format!("Authorization: Bearer {token}"), &target])
        .output()?;
    let text = String::from_utf8_lossy(&output.stdout);
    let rps = text.lines().find_map(|l| l.trim().strip_prefix("Requests/sec:")).and_then(|n| n.trim().parse::<f64>().ok()).context("reading wrk's output")?;
    let percentile = |p: &str| text.lines().find_map(|l| l.trim().strip_prefix(p).map(|v| v.trim().to_owned())).unwrap_or_else(|| "?".into());
    let errors: u64 = text
        .lines()
        .filter(|l| l.contains("Non-2xx") || l.contains("Socket errors"))
        .flat_map(|l| l.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse::<u64>().ok()))
        .sum();
    println!("reader:  {rps:.0} requests/s, p50 {}, p99 {}, errors {errors}", percentile("50%"), percentile("99%"));
    println!("ratio:   {:.2} of pgbench's transactions/s", rps / tps);

    step("Search latency (sequential queries, typos included)");
    let queries = ["meditations", "meditatons", "art of war", "quiet habits", "focus", "wealth", "stoic", "deliberate strategy", "memroy", "franklin"];
    let mut samples = Vec::new();
    for round in 0..10 {
        for q in queries {
            let started = Instant::now();
            let response = client.get(format!("{base}/api/search")).query(&[("q", q), ("page", &(1 + round % 2).to_string())]).send()?;
            anyhow::ensure!(response.status().is_success(), "search {q:?} failed: {}", response.status());
            response.bytes()?;
            samples.push(started.elapsed());
        }
    }
    samples.sort();
    let at = |p: f64| samples[((samples.len() as f64 * p) as usize).min(samples.len() - 1)];
    println!("search:  {} queries, p50 {:.1} ms, p95 {:.1} ms", samples.len(), at(0.50).as_secs_f64() * 1000.0, at(0.95).as_secs_f64() * 1000.0);
    Ok(())
}

fn pgbench_path() -> Result<String> {
    if have("pgbench") {
        return Ok("pgbench".into());
    }
    let found = std::fs::read_dir("/usr/lib/postgresql")?.filter_map(|e| e.ok()).map(|e| e.path().join("bin/pgbench")).find(|p| p.exists());
    found.map(|p| p.display().to_string()).context("pgbench is missing (it ships with PostgreSQL)")
}

fn ensure_wrk() -> Result<()> {
    if have("wrk") {
        return Ok(());
    }
    if !is_root() || !have("apt-get") {
        bail!("wrk is missing: install Debian's package (`sudo apt-get install wrk`).");
    }
    step("Installing wrk (apt-get install wrk)");
    run(Command::new("apt-get").args(["install", "-y", "-qq", "wrk"]).env("DEBIAN_FRONTEND", "noninteractive"))
        .or_else(|_| {
            run(Command::new("apt-get").args(["update", "-qq"]))?;
            run(Command::new("apt-get").args(["install", "-y", "-qq", "wrk"]).env("DEBIAN_FRONTEND", "noninteractive"))
        })
}
