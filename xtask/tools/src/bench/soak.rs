//! `bench soak [--minutes N] [--books N]`: an hour (by default) of the member calls at 30 % of
//! saturation, plus a card checkout through the Stripe stand-in every few seconds, printing each
//! minute the server's resident memory, PostgreSQL connections, the pool's checkouts and their
//! wait, each call's p99 and the errors; then the goals of issue 39: resident memory after the
//! warm-up grows by at most 10 %, no errors, and each call's p99 over the last stretch is within
//! 1.5x of its p99 just after the warm-up.
//!
//! The mix: the reader (a paid member, 2,000 different books, so the caches fill and turn over),
//! search (the 200 queries of `bench reader`), the history save (two members, random books), the
//! library and home. Each call's saturating rate is measured alone first (closed loop, as
//! `bench latency`); in the soak each is sent at 30 % of it divided by the five calls, so the mix
//! as a whole asks for 30 % of the machine. Every minute is a fresh set of fixed-rate oha runs
//! (latency corrected), so a minute's percentiles are that minute's own.

use super::latency::{all_at_once, closed_loop, ensure_oha, fixed_rate, strings, write_history_bodies, write_search_urls, Felt};
use super::Rig;
use anyhow::{Context, Result};
use diesel::prelude::*;
use serde_json::{json, Value};
use stand_ins::stripe::{StripeStandIn, CARD_OK};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use xtask::util::step;

/// Share of the machine the mix asks for.
const LOAD_SHARE: f64 = 0.3;
/// One checkout (a new member buying the monthly plan by card) every this often.
const CHECKOUT_EVERY: Duration = Duration::from_secs(5);
/// Books the reader's load opens, spread over the catalogue.
const READER_BOOKS: i64 = 2_000;
/// Members saving progress at once.
const SAVING_MEMBERS: usize = 2;
/// Goals of issue 39.
const RSS_GROWTH_GOAL: f64 = 0.10;
const P99_DRIFT_GOAL: f64 = 1.5;

const READER_EMAIL: &str = "soak-reader@bench.example";

fn saver_email(n: usize) -> String {
    format!("soak-saver-{n}@bench.example")
}

/// What the mix's calls ask for; their oha arguments are made again with each minute's tokens.
struct Mix {
    base: String,
    reader_urls: String,
    search_urls: String,
    bodies: String,
}

impl Mix {
    fn calls(&self, reader: &str, savers: &[String]) -> [Call; 5] {
        let auth = |token: &str| format!("Authorization: Bearer {token}");
        let history = format!("{}/api/user-book-history/", self.base);
        [
            Call { name: "reader", oha: vec![strings(&["-H", &auth(reader), "--urls-from-file", &self.reader_urls])] },
            Call { name: "search", oha: vec![strings(&["--urls-from-file", &self.search_urls])] },
            Call {
                name: "save",
                oha: savers.iter().map(|token| strings(&["-m", "PUT", "-H", &auth(token), "-T", "application/json", "-Z", &self.bodies, &history])).collect(),
            },
            Call { name: "library", oha: vec![strings(&["-H", &auth(reader), &format!("{}/api/library", self.base)])] },
            Call { name: "home", oha: vec![strings(&["-H", &auth(reader), &format!("{}/api/books", self.base)])] },
        ]
    }
}

/// One call of the mix: oha's arguments for each of its processes (but rate, duration, output).
struct Call {
    name: &'static str,
    oha: Vec<Vec<String>>,
}

/// What one minute measured.
#[derive(Debug, Clone)]
pub(crate) struct Minute {
    pub rss_mib: f64,
    pub postgres_connections: i64,
    pub pool_in_use: i64,
    pub checkouts: f64,
    pub mean_wait_ms: f64,
    pub pool_timeouts: f64,
    /// Each call's p99, in the order of the mix.
    pub p99_ms: Vec<f64>,
    pub errors: u64,
    pub purchases: u64,
    /// Share of the machine's CPU time its host gave to others this minute (`steal`): a minute
    /// where every call's p99 rose with it was the machine's, not the server's.
    pub stolen_percent: f64,
}

pub(super) fn run_soak(books: usize, release: bool, minutes: usize) -> Result<()> {
    anyhow::ensure!(minutes >= 4, "a soak needs at least 4 minutes (a warm-up, then two stretches to compare)");
    let oha = ensure_oha()?;
    let oha: &Path = &oha;
    let stripe = StripeStandIn::start()?;
    let mut env = super::checkout::server_env(&stripe);
    env.push(("METRICS_TOKEN".to_owned(), super::scale_out::METRICS_TOKEN.to_owned()));
    let rig = Rig::prepare(books, release, &env)?;
    let client = rig.client()?;

    let reader = rig.paid_member(&client, READER_EMAIL)?;
    let savers: Vec<String> = (0..SAVING_MEMBERS).map(|n| rig.paid_member(&client, &saver_email(n))).collect::<Result<_>>()?;
    let book_ids: Vec<i64> = {
        use db::schema::books;
        let mut conn = PgConnection::establish(&rig.url)?;
        let count: i64 = books::table.filter(books::body.ne("")).count().get_result(&mut conn)?;
        let every = (count / READER_BOOKS).max(1);
        diesel::sql_query(format!(
            "SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM books WHERE body <> '') b WHERE n % {every} = 0 LIMIT {READER_BOOKS}"
        ))
        .load::<IdRow>(&mut conn)?
        .into_iter()
        .map(|row| row.id)
        .collect()
    };
    anyhow::ensure!(!book_ids.is_empty(), "the benchmark database has no books");
    for book in book_ids.iter().take(20) {
        let added: Value = client.post(format!("{}/api/library", rig.base)).bearer_auth(&reader).json(&json!({"bookId": book})).send()?.json()?;
        anyhow::ensure!(added["result"]["isInLibrary"] == true, "adding book {book} to the library: {added}");
    }
    let reader_urls = rig.scratch.join("soak-reader-urls.txt");
    std::fs::write(&reader_urls, book_ids.iter().map(|id| format!("{}/api/books/{id}\n", rig.base)).collect::<String>())?;
    let mix = Mix {
        base: rig.base.clone(),
        reader_urls: reader_urls.display().to_string(),
        search_urls: write_search_urls(&rig)?.display().to_string(),
        bodies: write_history_bodies(&rig, &book_ids)?.display().to_string(),
    };
    let calls = mix.calls(&reader, &savers);

    let mut rates = Vec::new();
    for call in &calls {
        step(&format!("oha: {} on {books} books, the saturating rate (closed loop, alone)", call.name));
        let closed = all_at_once(&call.oha, |args| closed_loop(oha, args))?;
        println!("closed:  {:.0} requests/s, p99 {:.1} ms, errors {}", closed.rate, closed.p99_ms, closed.errors);
        rates.push((closed.rate * LOAD_SHARE / calls.len() as f64).max(1.0));
    }
    let rates_said = calls.iter().zip(&rates).map(|(call, rate)| format!("{} {rate:.0}/s", call.name)).collect::<Vec<_>>().join(", ");
    step(&format!("Soak: {minutes} minutes of {rates_said} (each 30 % / 5 of its saturating rate), a checkout every {}s", CHECKOUT_EVERY.as_secs()));

    let mut conn = PgConnection::establish(&rig.url)?;
    let mut before = PoolCounters::read(&client, &rig.base)?;
    let mut cpu_before = CpuTimes::now()?;
    let mut done = Vec::with_capacity(minutes);
    println!(
        "| minute | RSS (MiB) | PostgreSQL connections | pool in use | checkouts | mean pool wait | pool timeouts | p99 {} | errors | purchases | CPU stolen |",
        names(&calls)
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for minute in 1..=minutes {
        // Access tokens live an hour, as a member's app would, the soak signs in again each minute.
        let reader = super::sign_in(&rig.base, &client, READER_EMAIL, super::BENCH_PASSWORD)?;
        let savers: Vec<String> =
            (0..SAVING_MEMBERS).map(|n| super::sign_in(&rig.base, &client, &saver_email(n), super::BENCH_PASSWORD)).collect::<Result<_>>()?;
        let calls = mix.calls(&reader, &savers);
        let stop = AtomicBool::new(false);
        let (felt, purchases) = std::thread::scope(|scope| -> Result<(Vec<Felt>, Purchases)> {
            let buyer = scope.spawn(|| buy_until(&rig.base, &rig.url, &stripe, minute, &stop));
            let runs: Vec<_> = calls
                .iter()
                .zip(&rates)
                .map(|(call, rate)| scope.spawn(move || all_at_once(&call.oha, |args| fixed_rate(oha, args, rate / call.oha.len() as f64, 60))))
                .collect();
            let felt = runs.into_iter().map(|run| run.join().expect("an oha run")).collect::<Result<Vec<_>>>();
            stop.store(true, Ordering::Relaxed);
            let purchases = buyer.join().expect("the buyer")?;
            Ok((felt?, purchases))
        })?;
        let after = PoolCounters::read(&client, &rig.base)?;
        let cpu_after = CpuTimes::now()?;
        let checkouts = after.checkouts - before.checkouts;
        let row = Minute {
            rss_mib: rss_kib(rig.server_pid())? as f64 / 1024.0,
            postgres_connections: postgres_connections(&mut conn)?,
            pool_in_use: after.in_use,
            checkouts,
            mean_wait_ms: if checkouts > 0.0 { (after.wait_seconds - before.wait_seconds) * 1000.0 / checkouts } else { 0.0 },
            pool_timeouts: after.timeouts - before.timeouts,
            p99_ms: felt.iter().map(|f| f.p99_ms).collect(),
            errors: felt.iter().map(|f| f.errors).sum::<u64>() + purchases.failed,
            purchases: purchases.made,
            stolen_percent: cpu_after.stolen_percent_since(&cpu_before),
        };
        println!(
            "| {minute} | {:.0} | {} | {} | {:.0} | {:.2} ms | {:.0} | {} | {} | {} | {:.1} % |",
            row.rss_mib,
            row.postgres_connections,
            row.pool_in_use,
            row.checkouts,
            row.mean_wait_ms,
            row.pool_timeouts,
            row.p99_ms.iter().map(|p| format!("{p:.1}")).collect::<Vec<_>>().join(" / "),
            row.errors,
            row.purchases,
            row.stolen_percent
        );
        done.push(row);
        before = after;
        cpu_before = cpu_after;
    }

    let verdict = Verdict::of(&done);
    step("Soak against the goals of issue 39");
    println!(
        "resident memory: {:.0} MiB after minute {}, {:.0} MiB at the end: {:+.1} % (goal <= +{:.0} %): {}",
        verdict.rss_after_warm_up,
        verdict.warm_up,
        verdict.rss_at_end,
        verdict.rss_growth * 100.0,
        RSS_GROWTH_GOAL * 100.0,
        met(verdict.rss_growth <= RSS_GROWTH_GOAL)
    );
    for ((name, early), late) in calls.iter().map(|c| c.name).zip(&verdict.early_p99).zip(&verdict.late_p99) {
        println!(
            "p99 {name}: {early:.1} ms over minutes {}-{}, {late:.1} ms over minutes {}-{}: {:.2}x (goal <= {P99_DRIFT_GOAL}x): {}",
            verdict.early.0,
            verdict.early.1,
            verdict.late.0,
            verdict.late.1,
            late / early.max(0.001),
            met(*late <= early * P99_DRIFT_GOAL)
        );
    }
    println!("errors: {} (goal 0): {}", verdict.errors, met(verdict.errors == 0));
    Ok(())
}

fn met(yes: bool) -> &'static str {
    if yes {
        "met"
    } else {
        "NOT met"
    }
}

fn names(calls: &[Call]) -> String {
    calls.iter().map(|c| c.name).collect::<Vec<_>>().join(" / ")
}

#[derive(QueryableByName)]
struct IdRow {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    id: i64,
}

#[derive(QueryableByName)]
struct CountRow {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    count: i64,
}

fn postgres_connections(conn: &mut PgConnection) -> Result<i64> {
    let row: CountRow =
        diesel::sql_query("SELECT count(*) AS count FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()").get_result(conn)?;
    Ok(row.count)
}

/// Checkouts of one minute.
struct Purchases {
    made: u64,
    failed: u64,
}

/// A new member buys the monthly plan by card every `CHECKOUT_EVERY` until `stop`.
fn buy_until(base: &str, database: &str, stripe: &StripeStandIn, minute: usize, stop: &AtomicBool) -> Result<Purchases> {
    // A checkout every 5 s would reuse a connection idle for nearly the server's 5 s keep-alive,
    // which the server may close as the next request is sent ("connection closed before message
    // completed", twice in the hour's run): idle connections are dropped long before that.
    let client = reqwest::blocking::Client::builder().timeout(Duration::from_secs(30)).pool_idle_timeout(Duration::from_secs(2)).build()?;
    let mut conn = PgConnection::establish(database)?;
    let (mut made, mut failed) = (0, 0);
    let mut n = 0;
    while !stop.load(Ordering::Relaxed) {
        let began = Instant::now();
        n += 1;
        match buy(base, &client, &mut conn, stripe, &format!("soak-buyer-{minute}-{n}@bench.example")) {
            Ok(()) => made += 1,
            Err(error) => {
                failed += 1;
                eprintln!("checkout failed: {error:#}");
            }
        }
        // Wait out the period, a little at a time, so the minute's end is not held up.
        while began.elapsed() < CHECKOUT_EVERY && !stop.load(Ordering::Relaxed) {
            std::thread::park_timeout(Duration::from_millis(100));
        }
    }
    Ok(Purchases { made, failed })
}

/// Signs up, confirms the address (as the mailed link would: only a confirmed member may buy) and
/// buys the monthly plan by card.
fn buy(base: &str, client: &reqwest::blocking::Client, conn: &mut PgConnection, stripe: &StripeStandIn, email: &str) -> Result<()> {
    let registered: Value = client
        .post(format!("{base}/api/user/register"))
        .json(&json!({"username": email, "password": super::BENCH_PASSWORD, "firstName": "Soak", "lastName": "Buyer", "timezone": "UTC"}))
        .send()?
        .json()?;
    let token = registered["result"]["token"].as_str().with_context(|| format!("registering {email}: {registered}"))?;
    anyhow::ensure!(db::operators::confirm_email(conn, &kernel::Email::parse(email)?)?, "confirming {email}");
    let answer: Value = client
        .post(format!("{base}/api/charge/process/monthly"))
        .bearer_auth(token)
        // Every buyer pays with the same test card, so only the first gets the free trial (once per
        // card); the others agree to pay at once, as the checkout page offers them.
        .json(&json!({"token": stripe.create_payment_method(CARD_OK), "withoutTrial": true}))
        .send()?
        .json()?;
    anyhow::ensure!(answer["result"]["status"] == "succeeded", "checkout for {email}: {answer}");
    Ok(())
}

/// The machine's CPU time so far, all cores, in clock ticks (the `cpu` line of `/proc/stat`).
#[derive(Debug, Clone, Copy, PartialEq)]
struct CpuTimes {
    total: u64,
    steal: u64,
}

impl CpuTimes {
    fn now() -> Result<CpuTimes> {
        CpuTimes::parse(&std::fs::read_to_string("/proc/stat")?).context("reading /proc/stat")
    }

    /// `cpu  user nice system idle iowait irq softirq steal guest guest_nice`; guest time is
    /// already counted in user and nice.
    fn parse(stat: &str) -> Result<CpuTimes> {
        let (line, counts) = stat.lines().find_map(|l| Some((l, l.strip_prefix("cpu ")?))).context("no `cpu` line")?;
        let ticks: Vec<u64> = counts.split_whitespace().take(8).map(str::parse).collect::<Result<_, _>>().with_context(|| format!("a count in `{line}`"))?;
        anyhow::ensure!(ticks.len() == 8, "`{line}` has {} counts, not 8 (user to steal)", ticks.len());
        Ok(CpuTimes { total: ticks.iter().sum(), steal: ticks[7] })
    }

    fn stolen_percent_since(&self, earlier: &CpuTimes) -> f64 {
        let total = self.total.saturating_sub(earlier.total);
        if total == 0 {
            0.0
        } else {
            self.steal.saturating_sub(earlier.steal) as f64 * 100.0 / total as f64
        }
    }
}

/// The server's resident memory now (VmRSS), in KiB.
fn rss_kib(pid: u32) -> Result<u64> {
    let status = std::fs::read_to_string(Path::new("/proc").join(pid.to_string()).join("status"))?;
    status.lines().find_map(|l| l.strip_prefix("VmRSS:")).and_then(|v| v.split_whitespace().next()?.parse().ok()).context("reading the server's memory")
}

/// The pool's counters from `/metrics`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct PoolCounters {
    pub in_use: i64,
    pub checkouts: f64,
    pub wait_seconds: f64,
    pub timeouts: f64,
}

impl PoolCounters {
    fn read(client: &reqwest::blocking::Client, base: &str) -> Result<PoolCounters> {
        let text = client.get(format!("{base}/metrics")).bearer_auth(super::scale_out::METRICS_TOKEN).send()?.error_for_status()?.text()?;
        PoolCounters::parse(&text)
    }

    pub(crate) fn parse(text: &str) -> Result<PoolCounters> {
        let value = |name: &str| -> Result<f64> {
            text.lines()
                .find_map(|line| line.strip_prefix(name).and_then(|rest| rest.strip_prefix(' ')))
                .and_then(|v| v.split_whitespace().next()?.parse().ok())
                .with_context(|| format!("/metrics has no {name}"))
        };
        Ok(PoolCounters {
            in_use: value("db_pool_connections{state=\"in_use\"}")? as i64,
            checkouts: value("db_pool_checkouts_total")?,
            wait_seconds: value("db_pool_wait_seconds_total")?,
            timeouts: value("db_pool_timeouts_total")?,
        })
    }
}

/// The soak's figures against its goals.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Verdict {
    /// Minutes of warm-up, left out of the memory and p99 comparisons.
    pub warm_up: usize,
    pub rss_after_warm_up: f64,
    pub rss_at_end: f64,
    pub rss_growth: f64,
    /// The minutes (first, last) of the early stretch and of the late one.
    pub early: (usize, usize),
    pub late: (usize, usize),
    /// Each call's mean p99 over the early stretch and over the late one.
    pub early_p99: Vec<f64>,
    pub late_p99: Vec<f64>,
    pub errors: u64,
}

impl Verdict {
    /// For an hour: warm-up 5 minutes, early stretch minutes 6-15, late stretch 51-60 (issue 39);
    /// a shorter soak keeps the same shares (a twelfth, then a sixth, and the last sixth).
    pub(crate) fn of(minutes: &[Minute]) -> Verdict {
        let total = minutes.len();
        let warm_up = (total / 12).max(1);
        let stretch = (total / 6).max(1);
        let early = (warm_up + 1, (warm_up + stretch).min(total));
        let late = ((total + 1).saturating_sub(stretch).max(early.1 + 1).min(total), total);
        let calls = minutes.first().map_or(0, |m| m.p99_ms.len());
        let mean_p99 = |(first, last): (usize, usize)| -> Vec<f64> {
            let span = &minutes[first - 1..last];
            (0..calls).map(|call| span.iter().map(|m| m.p99_ms[call]).sum::<f64>() / span.len() as f64).collect()
        };
        let rss_after_warm_up = minutes[warm_up - 1].rss_mib;
        let rss_at_end = minutes[total - 1].rss_mib;
        Verdict {
            warm_up,
            rss_after_warm_up,
            rss_at_end,
            rss_growth: rss_at_end / rss_after_warm_up - 1.0,
            early,
            late,
            early_p99: mean_p99(early),
            late_p99: mean_p99(late),
            errors: minutes.iter().map(|m| m.errors).sum(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn minute(rss_mib: f64, p99_ms: f64, errors: u64) -> Minute {
        Minute {
            rss_mib,
            postgres_connections: 9,
            pool_in_use: 1,
            checkouts: 100.0,
            mean_wait_ms: 0.1,
            pool_timeouts: 0.0,
            p99_ms: vec![p99_ms, p99_ms * 2.0],
            errors,
            purchases: 12,
            stolen_percent: 0.0,
        }
    }

    #[test]
    fn an_hour_compares_minutes_6_to_15_with_the_last_ten_after_a_five_minute_warm_up() {
        let minutes: Vec<Minute> = (1..=60).map(|n| minute(300.0 + n as f64, if n > 50 { 30.0 } else { 10.0 }, u64::from(n == 7))).collect();
        let verdict = Verdict::of(&minutes);
        assert_eq!((verdict.warm_up, verdict.early, verdict.late), (5, (6, 15), (51, 60)));
        assert_eq!(verdict.rss_after_warm_up, 305.0);
        assert_eq!(verdict.rss_at_end, 360.0);
        assert!((verdict.rss_growth - 55.0 / 305.0).abs() < 1e-12);
        assert_eq!(verdict.early_p99, vec![10.0, 20.0]);
        assert_eq!(verdict.late_p99, vec![30.0, 60.0]);
        assert_eq!(verdict.errors, 1);
    }

    #[test]
    fn a_short_soak_keeps_the_shares_and_its_stretches_never_overlap() {
        let minutes: Vec<Minute> = (1..=4).map(|n| minute(100.0 * n as f64, n as f64, 0)).collect();
        let verdict = Verdict::of(&minutes);
        assert_eq!((verdict.warm_up, verdict.early, verdict.late), (1, (2, 2), (4, 4)));
        assert_eq!(verdict.rss_growth, 3.0, "from minute 1's 100 MiB to 400 MiB");
        assert_eq!(verdict.early_p99, vec![2.0, 4.0]);
        let twelve: Vec<Minute> = (1..=12).map(|_| minute(200.0, 5.0, 0)).collect();
        let verdict = Verdict::of(&twelve);
        assert_eq!((verdict.warm_up, verdict.early, verdict.late), (1, (2, 3), (11, 12)));
        assert_eq!(verdict.rss_growth, 0.0);
    }

    #[test]
    fn stolen_cpu_is_the_steal_ticks_share_of_all_ticks_between_two_readings() {
        let earlier = CpuTimes::parse("cpu  100 0 50 800 10 0 5 35 0 0\ncpu0 50 0 25 400 5 0 2 18 0 0\n").unwrap();
        assert_eq!(earlier, CpuTimes { total: 1000, steal: 35 });
        let later = CpuTimes::parse("cpu  200 0 100 1500 10 0 5 185 7 0\n").unwrap();
        assert_eq!(later.stolen_percent_since(&earlier), 15.0, "150 of 1,000 ticks");
        assert_eq!(later.stolen_percent_since(&later), 0.0);
        assert!(CpuTimes::parse("cpu0 1 2 3\n").is_err() && CpuTimes::parse("cpu  1 2 x 4 5 6 7 8\n").is_err());
        assert!(CpuTimes::parse("cpu  1 2 3 4 5 6 7\n").is_err(), "a kernel without the steal count");
    }

    #[test]
    fn pool_counters_are_read_from_the_metrics_text() {
        let text = "# HELP db_pool_connections Database pool connections by state (idle, in_use).\n\
             # TYPE db_pool_connections gauge\n\
             db_pool_connections{state=\"idle\"} 7\n\
             db_pool_connections{state=\"in_use\"} 2\n\
             db_pool_checkouts_total 1234\n\
             db_pool_wait_seconds_total 0.75\n\
             db_pool_timeouts_total 3\n";
        assert_eq!(PoolCounters::parse(text).unwrap(), PoolCounters { in_use: 2, checkouts: 1234.0, wait_seconds: 0.75, timeouts: 3.0 });
        assert!(PoolCounters::parse("db_pool_checkouts_total 1\n").is_err(), "a missing counter is an error, not a zero");
    }
}
