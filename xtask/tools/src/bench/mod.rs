//! `cargo xtask bench reader|progress [--books N] [--debug]`: one private PostgreSQL and one
//! release server per run; first pgbench on the same database (its own ceiling for the kind of
//! work measured), then the API call under wrk at 64 connections, printing requests/s, p50, p99,
//! errors and the ratio to pgbench.
//!
//! - `reader`: pgbench `-S -M prepared` (16 clients) vs `GET /api/books/{id}` as a paid member,
//!   then search latency p50/p95 (100,000 synthetic books by default).
//! - `progress`: pgbench `-N` (simple update, 16 clients) vs `PUT /api/user-book-history/` from
//!   many members.
//! - `review`: a member with 10,000 highlights and 5,000 review cards; p50/p95 of the reader's
//!   highlights of a book, the highlights search and today's review queue (goal p95 <= 20 ms).
//! - `checkout`: pgbench `-N` vs `POST /api/charge/price`, then vs the Stripe webhook handler
//!   (signed subscription events, half of them duplicates), Stripe played by the stand-in.
//! - `upload`: a 2 GB video through the admin upload call against `cp` of the same file, and the
//!   server's peak memory before and after.
//! - `lighthouse [--devtools] [--runs N]`: Lighthouse (mobile) on the landing page, `/books`, a book
//!   page, `/pricing` and a checkout as a guest, and on a premium book's reader and `/highlights` as
//!   a paid member; simulated throttling, or with `--devtools` the page loaded on a throttled
//!   connection; with `--runs N`, each page N times and the median of each figure.
//! - `latency [--seconds S] [--profile]`: the reader, home, history save and search at half their
//!   saturating rate with oha, open loop and latency corrected: p50, p99, p99.9 and errors against
//!   the goals, beside the server's own p50 and p99 (its `/metrics` histogram); `--profile` adds a
//!   CPU profile of the server at the same fixed rate.
//! - `soak [--minutes M]`: an hour (by default) of the member calls mixed at 30 % of saturation and
//!   a card checkout every 5 s; each minute's memory, connections, pool wait, p99s and errors,
//!   then the goals (memory flat after the warm-up, p99 steady, no errors).
//! - `scale-out`: two instances on one database behind nginx vs one (the reader and history calls).
//! - `scale [--members N] [--history M]`: the home, book list, library and XP calls one after
//!   another on the 2,000-book database and on one that also holds a million synthetic members
//!   and twenty million history rows: p50 and p99 side by side, and the ratio of the p50s; then
//!   the plan of every statement each call runs on the large database (auto_explain).

mod checkout;
mod floor;
mod latency;
mod lighthouse;
mod profile;
mod progress;
mod reader;
mod review;
mod scale;
mod scale_out;
mod soak;
mod upload;

use crate::catalogue_seed::Narration;
use anyhow::{bail, Context, Result};
use std::path::PathBuf;
use std::process::{Child, Command};
use std::time::Duration;
use xtask::postgres::Postgres;
use xtask::util::{free_port, have, run, step, stop_child, wait_for_child_http};

const BENCH_PORT: u16 = 54331;
const DATABASE: &str = "gistbook_bench";
pub(crate) const SECONDS: &str = "15";
const USAGE: &str =
    "usage: cargo xtask bench reader|progress|review|checkout|upload|scale-out|scale|lighthouse|latency|soak [--books N] [--members N] [--history M] [--seconds S] [--minutes M] [--profile] [--devtools] [--runs N] [--debug]";
/// The password of the members `Rig::paid_member` registers.
pub(crate) const BENCH_PASSWORD: &str = "bench-password-1";

pub fn bench(args: &[&str]) -> Result<()> {
    let mut books = None;
    let (mut members, mut history) = (None, None);
    let mut seconds = 60;
    let mut minutes = 60;
    let mut release = true;
    let mut profile = false;
    let mut devtools = false;
    let mut runs = 1;
    let mut what = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match *arg {
            "--books" => books = Some(iter.next().context("--books needs a number")?.replace('_', "").parse()?),
            "--members" => members = Some(iter.next().context("--members needs a number")?.replace('_', "").parse()?),
            "--history" => history = Some(iter.next().context("--history needs a number")?.replace('_', "").parse()?),
            "--seconds" => seconds = iter.next().context("--seconds needs a number")?.parse()?,
            "--minutes" => minutes = iter.next().context("--minutes needs a number")?.parse()?,
            "--debug" => release = false,
            "--profile" => profile = true,
            "--devtools" => devtools = true,
            "--runs" => runs = iter.next().context("--runs needs a number")?.parse::<usize>()?.max(1),
            "reader" | "progress" | "checkout" | "upload" | "scale-out" | "scale" | "lighthouse" | "review" | "latency" | "soak" => what = Some(*arg),
            other => bail!("unknown argument {other:?}; {USAGE}"),
        }
    }
    match what {
        Some("reader") => reader::run(&Rig::prepare(books.unwrap_or(100_000), release, &[])?),
        Some("progress") => progress::run(&Rig::prepare(books.unwrap_or(2_000), release, &[])?),
        Some("review") => review::run(&Rig::prepare(books.unwrap_or(2_000), release, &[])?),
        Some("latency") => latency::run_latency(books.unwrap_or(100_000), release, seconds, profile),
        Some("soak") => soak::run_soak(books.unwrap_or(100_000), release, minutes),
        Some("lighthouse") => {
            xtask::frontend::ensure_packages()?;
            xtask::frontend::build_if_stale()?;
            let throttling = if devtools { lighthouse::Throttling::DevTools } else { lighthouse::Throttling::Simulated };
            lighthouse::run_pages(&Rig::prepare(books.unwrap_or(2_000), release, &[])?, throttling, runs)
        }
        Some("scale-out") => {
            let env = [("METRICS_TOKEN".to_owned(), scale_out::METRICS_TOKEN.to_owned())];
            scale_out::run(&Rig::prepare(books.unwrap_or(2_000), release, &env)?)
        }
        Some("scale") => scale::run(books.unwrap_or(2_000), release, members.unwrap_or(1_000_000), history.unwrap_or(20_000_000)),
        Some("upload") => upload::run(&Rig::prepare(books.unwrap_or(2_000), release, &[])?),
        Some("checkout") => {
            let stripe = stand_ins::stripe::StripeStandIn::start()?;
            let env = checkout::server_env(&stripe);
            checkout::run(&Rig::prepare(books.unwrap_or(2_000), release, &env)?, &stripe)
        }
        _ => bail!("{USAGE}"),
    }
}

/// Signs in as `email` (POST /api/user/login) on the server at `base`; the access token.
pub(crate) fn sign_in(base: &str, client: &reqwest::blocking::Client, email: &str, password: &str) -> Result<String> {
    let answer: serde_json::Value =
        client.post(format!("{base}/api/user/login")).json(&serde_json::json!({"email": email, "password": password})).send()?.json()?;
    Ok(answer["result"]["token"].as_str().with_context(|| format!("signing in as {email}: {answer}"))?.to_owned())
}

/// More seeding for `Rig::prepare_named`, on the database before its server starts.
pub(crate) type SeedMore<'a> = dyn Fn(&mut diesel::PgConnection) -> Result<()> + 'a;

/// A seeded benchmark database and a server running on it.
pub(crate) struct Rig {
    postgres: Postgres,
    pub url: String,
    pub base: String,
    pub scratch: PathBuf,
    server: std::cell::RefCell<Child>,
    /// How to start another instance of the same server (`bench scale-out`).
    launch: Launch,
    others: std::cell::RefCell<Vec<Child>>,
}

struct Launch {
    binary: String,
    env: Vec<(String, String)>,
}

impl Launch {
    fn spawn(&self, port: u16, log: &std::path::Path) -> Result<Child> {
        let log = std::fs::File::create(log)?;
        Ok(Command::new(&self.binary)
            .env("BIND_ADDR", format!("127.0.0.1:{port}"))
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdout(log.try_clone()?)
            .stderr(log)
            .spawn()?)
    }
}

impl Rig {
    fn prepare(books: usize, release: bool, env: &[(String, String)]) -> Result<Rig> {
        Rig::start(&format!("{DATABASE}_{books}"), books, release, env, None)
    }

    /// `prepare` on the database `name`, which `more` seeds further before the server starts; its
    /// reading tables are kept (`more` fills them), only the bench accounts' rows go.
    pub(crate) fn prepare_named(name: &str, books: usize, release: bool, env: &[(String, String)], more: &SeedMore<'_>) -> Result<Rig> {
        Rig::start(name, books, release, env, Some(more))
    }

    fn start(database: &str, books: usize, release: bool, env: &[(String, String)], more: Option<&SeedMore<'_>>) -> Result<Rig> {
        ensure_wrk()?;
        step(&format!("Building the server ({})", if release { "release" } else { "debug" }));
        let mut build = Command::new(env!("CARGO"));
        build.args(["build", "-q", "-p", "server"]);
        if release {
            build.arg("--release");
        }
        run(&mut build)?;

        // One database per catalogue size, kept between runs: seeding 100,000 books takes minutes,
        // and a rerun should measure the code, not the seeder. Reading tables start empty (unless
        // `more` fills them).
        let postgres = Postgres::start("pg-bench", BENCH_PORT)?;
        let url = postgres.database(database)?;
        let scratch = xtask::util::root().join("target/bench");
        let media_dir = scratch.join("media");
        step("Seeding the benchmark database");
        crate::seed::migrate_and_seed(&url, &media_dir, Narration::Tone)?;
        {
            use diesel::{Connection, RunQueryDsl};
            let mut conn = diesel::PgConnection::establish(&url)?;
            let store = media::MediaStore::open(&media::StoreSettings::Local { dir: media_dir.clone() })?;
            let existing = crate::synthetic::count_synthetic_books(&mut conn)?;
            if existing < books {
                crate::synthetic::add_synthetic_books(&mut conn, &store, books - existing)?;
            } else {
                println!("{existing} synthetic books already there.");
            }
            if more.is_none() {
                diesel::sql_query("TRUNCATE reading_history, reading_days, library_items, book_ratings").execute(&mut conn)?;
            }
            // CASCADE: later tables (payments, the referral ledger) point at charges.
            diesel::sql_query("TRUNCATE provider_events, cancellations, subscriptions, charges CASCADE").execute(&mut conn)?;
            let bench_users = "SELECT id FROM users WHERE email LIKE '%@bench.example' OR email = 'bench@example.com'";
            for table in ["two_factor_recovery_codes", "login_challenges", "two_factor"] {
                diesel::sql_query(format!("DELETE FROM {table} WHERE user_id IN ({bench_users})")).execute(&mut conn)?;
            }
            diesel::sql_query(format!("DELETE FROM users WHERE id IN ({bench_users})")).execute(&mut conn)?;
            if let Some(more) = more {
                more(&mut conn)?;
            }
        }

        let port = free_port()?;
        let base = format!("http://127.0.0.1:{port}");
        let binary = format!("target/{}/server", if release { "release" } else { "debug" });
        let mut server_env: Vec<(String, String)> = [
            ("DATABASE_URL", url.as_str()),
            ("MEDIA_DIR", &media_dir.display().to_string()),
            ("SIGNING_KEYS_SECRET", xtask::util::TEST_SIGNING_KEYS_SECRET),
            ("MAIL_OUTBOX_DIR", &scratch.join("outbox").display().to_string()),
            ("DB_POOL_SIZE", "16"),
            // The benchmarks sign up hundreds of members from loopback.
            ("SIGNUPS_PER_ADDRESS_PER_HOUR", "100000"),
            ("RUST_LOG", "warn"),
        ]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        server_env.extend(crate::servers::malloc_arenas().map(|(k, v)| (k.to_owned(), v.to_owned())));
        server_env.extend(env.iter().cloned());
        let launch = Launch { binary, env: server_env };
        let log = if more.is_none() { "server.log".to_owned() } else { format!("server-{database}.log") };
        let server = launch.spawn(port, &scratch.join(log))?;
        let rig = Rig { postgres, url, base, scratch, server: std::cell::RefCell::new(server), launch, others: std::cell::RefCell::new(Vec::new()) };
        wait_for_child_http(&mut rig.server.borrow_mut(), &format!("{}/readyz", rig.base), 60)?;
        Ok(rig)
    }

    /// Another instance of the server on the same database; its base URL.
    pub fn another_instance(&self) -> Result<String> {
        let port = free_port()?;
        let n = self.others.borrow().len() + 2;
        let mut child = self.launch.spawn(port, &self.scratch.join(format!("server-{n}.log")))?;
        let base = format!("http://127.0.0.1:{port}");
        let ready = wait_for_child_http(&mut child, &format!("{base}/readyz"), 60);
        self.others.borrow_mut().push(child);
        ready?;
        Ok(base)
    }

    /// The benchmark cluster's log file, when the cluster is the private one.
    pub fn postgres_log(&self) -> Option<PathBuf> {
        self.postgres.log_file()
    }

    pub fn client(&self) -> Result<reqwest::blocking::Client> {
        self.client_with_timeout(Duration::from_secs(30))
    }

    pub fn client_with_timeout(&self, timeout: Duration) -> Result<reqwest::blocking::Client> {
        Ok(reqwest::blocking::Client::builder().timeout(timeout).build()?)
    }

    pub fn server_pid(&self) -> u32 {
        self.server.borrow().id()
    }

    /// The server's peak resident memory so far (VmHWM), in KB.
    pub fn server_peak_rss_kb(&self) -> Result<u64> {
        let pid = self.server.borrow().id();
        let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .context("reading the server's peak memory")
    }

    /// Registers a member and gives them a lifetime plan; their access token.
    pub fn paid_member(&self, client: &reqwest::blocking::Client, email: &str) -> Result<String> {
        self.paid_member_at(client, &self.base, email)
    }

    /// `paid_member` through `base` (a proxy, another instance).
    pub fn paid_member_at(&self, client: &reqwest::blocking::Client, base: &str, email: &str) -> Result<String> {
        let registered: serde_json::Value = client
            .post(format!("{base}/api/user/register"))
            .json(&serde_json::json!({"username": email, "password": BENCH_PASSWORD, "firstName": "Bench", "lastName": "Mark", "timezone": "UTC"}))
            .send()?
            .json()?;
        let token = registered["result"]["token"].as_str().with_context(|| format!("registering {email}: {registered}"))?.to_owned();
        use diesel::Connection;
        db::operators::grant_lifetime_plan(&mut diesel::PgConnection::establish(&self.url)?, &kernel::Email::parse(email)?)?;
        Ok(token)
    }

    /// pgbench on the benchmark database with `mode` (e.g. `-S -M prepared`), 16 clients.
    pub fn pgbench(&self, mode: &[&str]) -> Result<f64> {
        step(&format!("pgbench {}, 16 clients", mode.join(" ")));
        let pgbench = pgbench_path()?;
        run(Command::new(&pgbench).args(["-q", "-i", "-s", "10", &self.url]).stdout(std::process::Stdio::null()))?;
        let output = Command::new(&pgbench).args(mode).args(["-c", "16", "-j", "2", "-T", SECONDS, &self.url]).output()?;
        let text = String::from_utf8_lossy(&output.stdout);
        let tps = text
            .lines()
            .find_map(|l| l.strip_prefix("tps = "))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|n| n.parse::<f64>().ok())
            .with_context(|| format!("reading pgbench's tps from: {text}{}", String::from_utf8_lossy(&output.stderr)))?;
        let latency = text.lines().find_map(|l| l.strip_prefix("latency average = ")).unwrap_or("?").to_owned();
        println!("pgbench: {tps:.0} transactions/s, latency average {latency}");
        Ok(tps)
    }
}

impl Drop for Rig {
    fn drop(&mut self) {
        for other in self.others.borrow_mut().iter_mut() {
            stop_child(other, 20);
        }
        stop_child(&mut self.server.borrow_mut(), 20);
    }
}

/// What one wrk run measured.
pub(crate) struct Load {
    pub rps: f64,
    pub errors: u64,
}

/// wrk at 64 connections for `SECONDS` with `args` (headers, script, URL); prints requests/s and
/// the ratio to pgbench's transactions/s.
pub(crate) fn wrk(label: &str, args: &[&str], pgbench_tps: f64) -> Result<f64> {
    let load = wrk_load(label, args)?;
    println!("ratio:   {:.2} of pgbench's transactions/s", load.rps / pgbench_tps);
    Ok(load.rps)
}

/// wrk at 64 connections for `SECONDS`; prints requests/s, p50, p99 and errors.
pub(crate) fn wrk_load(label: &str, args: &[&str]) -> Result<Load> {
    step(&format!("wrk: {label}, 64 connections"));
    let output = Command::new("wrk").args(["-t", "2", "-c", "64", "-d", &format!("{SECONDS}s"), "--latency"]).args(args).output()?;
    let text = String::from_utf8_lossy(&output.stdout);
    let rps = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("Requests/sec:"))
        .and_then(|n| n.trim().parse::<f64>().ok())
        .with_context(|| format!("reading wrk's output: {text}{}", String::from_utf8_lossy(&output.stderr)))?;
    let percentile = |p: &str| text.lines().find_map(|l| l.trim().strip_prefix(p).map(|v| v.trim().to_owned())).unwrap_or_else(|| "?".into());
    let errors: u64 = text
        .lines()
        .filter(|l| l.contains("Non-2xx") || l.contains("Socket errors"))
        .flat_map(|l| l.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse::<u64>().ok()))
        .sum();
    println!("api:     {rps:.0} requests/s, p50 {}, p99 {}, errors {errors}", percentile("50%"), percentile("99%"));
    for line in text.lines().filter(|l| l.contains("Non-2xx") || l.contains("Socket errors")) {
        println!("         ({})", line.trim());
    }
    Ok(Load { rps, errors })
}

fn pgbench_path() -> Result<String> {
    if have("pgbench") {
        return Ok("pgbench".into());
    }
    let found = std::fs::read_dir("/usr/lib/postgresql")?.filter_map(|e| e.ok()).map(|e| e.path().join("bin/pgbench")).find(|p| p.exists());
    found.map(|p| p.display().to_string()).context("pgbench is missing (it ships with PostgreSQL)")
}

fn ensure_wrk() -> Result<()> {
    xtask::util::ensure_debian_program("wrk", "wrk")
}
