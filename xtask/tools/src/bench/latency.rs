//! `bench latency [--seconds S]`: what a member feels, measured without coordinated omission.
//! For each of the reader call, the home call, the history save and search: first the saturating
//! rate (64 connections, closed loop, 15 s), then a fixed rate of half of it for `S` seconds (60 by
//! default) with `--latency-correction` (a request that had to wait for a slow one counts from
//! when it should have been sent). Prints p50, p99, p99.9 and errors against the goals of issue 39:
//! p99 <= 25 ms for the reader, home and the history save, <= 60 ms for search, no errors.
//!
//! Both runs use oha: on two cores the load generator shares the machine with the server and
//! PostgreSQL, and oha needs more of it per request than wrk, so a saturating rate found with wrk
//! is one oha cannot send at half (measured: it sent 903 of 1,988 requests/s and the queue grew).
//! The databases are the other benchmarks': the reader, search and home on the 100,000-book one
//! (as `bench reader`), the history save on the 2,000-book one (as `bench progress`). The history
//! save is sent by four members at once (one oha each, a quarter of the rate, each request another
//! book), so no one row takes every write; its p99 is the worst of the four.

use super::Rig;
use anyhow::{bail, Context, Result};
use diesel::prelude::*;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use xtask::util::{run, step};

/// oha from crates.io, built once into `target/tools`.
const OHA_VERSION: &str = "1.16.0";
/// Share of the saturating rate the fixed-rate run sends.
const LOAD_SHARE: f64 = 0.5;
/// Connections of the closed-loop run that finds the saturating rate (as the other benchmarks).
const SATURATION_CONNECTIONS: &str = "64";
pub(crate) const SATURATION_SECONDS: u64 = 15;
/// Connections oha may open to keep the fixed rate (enough that none waits for a free one).
const FIXED_RATE_CONNECTIONS: &str = "64";
/// Members saving progress at once in the history save's run.
const SAVING_MEMBERS: usize = 4;

/// One call under load: oha's arguments (but rate, duration and output) for each of its processes.
struct Call {
    name: &'static str,
    /// The method and route pattern the server's `/metrics` counts it under.
    route: (&'static str, &'static str),
    goal_p99_ms: f64,
    oha: Vec<Vec<String>>,
}

/// What one run measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Felt {
    pub requests: u64,
    pub rate: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub p999_ms: f64,
    pub errors: u64,
}

/// One line of the summary.
struct Row {
    name: &'static str,
    saturation: f64,
    felt: Felt,
    /// The server's own time for the same requests, from its `/metrics` histogram.
    handler: Option<HandlerTimes>,
    goal_p99_ms: f64,
}

impl Row {
    fn met(&self) -> bool {
        self.felt.p99_ms <= self.goal_p99_ms && self.felt.errors == 0
    }
}

pub(super) fn run_latency(large_books: usize, release: bool, seconds: u64, profile: bool) -> Result<()> {
    let oha = ensure_oha()?;
    let env = [("METRICS_TOKEN".to_owned(), super::scale_out::METRICS_TOKEN.to_owned())];
    let mut rows = Vec::new();
    {
        let rig = Rig::prepare(large_books, release, &env)?;
        let client = rig.client()?;
        let token = rig.paid_member(&client, "latency-reader@bench.example")?;
        let reader = format!("{}/api/books/meditations", rig.base);
        let check: Value = client.get(&reader).bearer_auth(&token).send()?.json()?;
        anyhow::ensure!(check["result"]["book"]["isPaidUser"] == true, "the member is not paid: {check}");
        let auth = format!("Authorization: Bearer {token}");
        let search_urls = write_search_urls(&rig)?;
        let home = format!("{}/api/books", rig.base);
        let answer = client.get(&home).bearer_auth(&token).send()?;
        anyhow::ensure!(answer.status().is_success(), "{home} answered {}", answer.status());
        let calls = [
            Call {
                name: "GET /api/books/{id} (the reader, paid member)",
                route: ("GET", "/api/books/{id}"),
                goal_p99_ms: 25.0,
                oha: vec![strings(&["-H", &auth, &reader])],
            },
            Call { name: "GET /api/books (home, signed in)", route: ("GET", "/api/books"), goal_p99_ms: 25.0, oha: vec![strings(&["-H", &auth, &home])] },
            Call {
                name: "GET /api/search (200 queries, pages 1 and 2)",
                route: ("GET", "/api/search"),
                goal_p99_ms: 60.0,
                oha: vec![strings(&["--urls-from-file", &search_urls.display().to_string()])],
            },
        ];
        for call in &calls {
            rows.push(measure(&rig, &oha, call, seconds, large_books, profile)?);
        }
    }
    {
        let books = 2_000;
        let rig = Rig::prepare(books, release, &env)?;
        let client = rig.client()?;
        let members: Vec<String> = (0..SAVING_MEMBERS).map(|n| rig.paid_member(&client, &format!("latency-{n}@bench.example"))).collect::<Result<_>>()?;
        let book_ids: Vec<i64> = {
            use db::schema::books;
            let mut conn = PgConnection::establish(&rig.url)?;
            books::table.filter(books::body.ne("")).select(books::id).order(books::id).limit(1_000).load(&mut conn)?
        };
        anyhow::ensure!(!book_ids.is_empty(), "the benchmark database has no books");
        let history = format!("{}/api/user-book-history/", rig.base);
        let bodies = write_history_bodies(&rig, &book_ids)?.display().to_string();
        let calls = [Call {
            name: "PUT /api/user-book-history/ (four members, random books)",
            route: ("PUT", "/api/user-book-history/"),
            goal_p99_ms: 25.0,
            oha: members
                .iter()
                .map(|token| strings(&["-m", "PUT", "-H", &format!("Authorization: Bearer {token}"), "-T", "application/json", "-Z", &bodies, &history]))
                .collect(),
        }];
        for call in &calls {
            rows.push(measure(&rig, &oha, call, seconds, books, profile)?);
        }
    }

    step(&format!("Open-loop latency at {:.0} % of the saturating rate, {seconds} s each", LOAD_SHARE * 100.0));
    println!("| call | saturation (req/s) | rate | p50 | p99 | p99.9 | errors | handler p50 / p99 | goal p99 | |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for row in &rows {
        let felt = row.felt;
        println!(
            "| {} | {:.0} | {:.0}/s | {:.1} ms | {:.1} ms | {:.1} ms | {} | {} | {:.0} ms | {} |",
            row.name,
            row.saturation,
            felt.rate,
            felt.p50_ms,
            felt.p99_ms,
            felt.p999_ms,
            felt.errors,
            row.handler.map_or("?".to_owned(), |h| format!("<= {} / <= {} ms", h.p50_le_ms, h.p99_le_ms)),
            row.goal_p99_ms,
            if row.met() { "met" } else { "NOT met" }
        );
    }
    Ok(())
}

pub(crate) fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// The saturating rate (closed loop, every process at once), then half of it as a fixed rate.
fn measure(rig: &Rig, oha: &Path, call: &Call, seconds: u64, books: usize, profile: bool) -> Result<Row> {
    step(&format!("oha: {} on {books} books, the saturating rate (closed loop, {SATURATION_CONNECTIONS} connections)", call.name));
    let closed = all_at_once(&call.oha, |args| closed_loop(oha, args))?;
    println!("closed:  {:.0} requests/s, p50 {:.1} ms, p99 {:.1} ms, errors {}", closed.rate, closed.p50_ms, closed.p99_ms, closed.errors);
    let rate = (closed.rate * LOAD_SHARE).max(1.0);
    step(&format!("oha: {} at {rate:.0} requests/s ({:.0} % of saturation) for {seconds} s, latency corrected", call.name, LOAD_SHARE * 100.0));
    let share = rate / call.oha.len() as f64;
    let client = rig.client()?;
    let before = route_buckets(&client, &rig.base, call.route)?;
    let felt = all_at_once(&call.oha, |args| fixed_rate(oha, args, share, seconds))?;
    let handler = HandlerTimes::between(&before, &route_buckets(&client, &rig.base, call.route)?);
    let row = Row { name: call.name, saturation: closed.rate, felt, handler, goal_p99_ms: call.goal_p99_ms };
    println!(
        "felt:    {} requests at {:.0}/s: p50 {:.1} ms, p99 {:.1} ms, p99.9 {:.1} ms, errors {} (goal p99 <= {:.0} ms, no errors: {})",
        felt.requests,
        felt.rate,
        felt.p50_ms,
        felt.p99_ms,
        felt.p999_ms,
        felt.errors,
        call.goal_p99_ms,
        if row.met() { "met" } else { "NOT met" }
    );
    if let Some(handler) = handler {
        println!(
            "handler: {} answers, p50 <= {} ms, p99 <= {} ms (the server's own time, its /metrics buckets: the rest of what was felt is waiting outside the handler)",
            handler.answers, handler.p50_le_ms, handler.p99_le_ms
        );
    }
    if profile {
        const PROFILE_SECONDS: u32 = 20;
        if let Some(cpu) = super::profile::CpuProfile::start(rig.server_pid(), PROFILE_SECONDS, &rig.scratch) {
            all_at_once(&call.oha, |args| fixed_rate(oha, args, share, u64::from(PROFILE_SECONDS)))?;
            cpu.report(&format!("{} at {rate:.0} requests/s", call.name))?;
        }
    }
    Ok(row)
}

/// How long the server itself took over a stretch of answers, from the change in its
/// `http_request_duration_seconds` histogram: the upper bounds of the buckets (1, 2, 4 ... ms)
/// that hold the median and the 99th percentile.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct HandlerTimes {
    pub answers: u64,
    pub p50_le_ms: f64,
    pub p99_le_ms: f64,
}

impl HandlerTimes {
    /// From cumulative buckets `(upper bound in seconds, count)` read before and after.
    pub(crate) fn between(before: &[(f64, u64)], after: &[(f64, u64)]) -> Option<HandlerTimes> {
        let counted = |bound: f64| before.iter().find(|(le, _)| *le == bound).map_or(0, |(_, n)| *n);
        let delta: Vec<(f64, u64)> = after.iter().map(|(le, n)| (*le, n.saturating_sub(counted(*le)))).collect();
        let answers = delta.iter().map(|(_, n)| *n).max()?;
        if answers == 0 {
            return None;
        }
        let bound_of = |share: f64| {
            let wanted = (answers as f64 * share).ceil() as u64;
            delta.iter().find(|(_, n)| *n >= wanted).map_or(f64::INFINITY, |(le, _)| (le * 1e6).round() / 1e3)
        };
        Some(HandlerTimes { answers, p50_le_ms: bound_of(0.5), p99_le_ms: bound_of(0.99) })
    }
}

/// The server's cumulative duration buckets for one route, sorted by bound.
fn route_buckets(client: &reqwest::blocking::Client, base: &str, route: (&str, &str)) -> Result<Vec<(f64, u64)>> {
    let text = client.get(format!("{base}/metrics")).bearer_auth(super::scale_out::METRICS_TOKEN).send()?.error_for_status()?.text()?;
    Ok(buckets_in(&text, route))
}

/// `http_request_duration_seconds_bucket{...}` lines of one method and route pattern.
pub(crate) fn buckets_in(text: &str, (method, route): (&str, &str)) -> Vec<(f64, u64)> {
    let (method, route) = (format!("method=\"{method}\""), format!("route=\"{route}\""));
    let mut buckets: Vec<(f64, u64)> = text
        .lines()
        .filter_map(|line| line.strip_prefix("http_request_duration_seconds_bucket{"))
        .filter_map(|rest| rest.split_once("} "))
        .filter(|(labels, _)| labels.split(',').any(|l| l == method) && labels.split(',').any(|l| l == route))
        .filter_map(|(labels, count)| {
            let le = labels.split(',').find_map(|l| l.strip_prefix("le=\""))?.trim_end_matches('"');
            let le = if le == "+Inf" { f64::INFINITY } else { le.parse().ok()? };
            Some((le, count.trim().parse().ok()?))
        })
        .collect();
    buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
    buckets
}

/// Runs `run` for each of a call's oha processes (their arguments) at once; their figures together.
pub(crate) fn all_at_once(processes: &[Vec<String>], run: impl Fn(&[String]) -> Result<Felt> + Sync) -> Result<Felt> {
    let runs = std::thread::scope(|scope| {
        let handles: Vec<_> = processes.iter().map(|args| scope.spawn(|| run(args))).collect();
        handles.into_iter().map(|h| h.join().expect("an oha run")).collect::<Result<Vec<Felt>>>()
    })?;
    Ok(worst_of(&runs))
}

/// One oha process as fast as its connections go, for the saturating rate.
pub(crate) fn closed_loop(oha: &Path, args: &[String]) -> Result<Felt> {
    oha_report(Command::new(oha).args(["-c", SATURATION_CONNECTIONS, "-z", &format!("{SATURATION_SECONDS}s")]).args(args))
}

/// One oha process at `rate` requests/s for `seconds`, latency corrected; its figures.
pub(crate) fn fixed_rate(oha: &Path, args: &[String], rate: f64, seconds: u64) -> Result<Felt> {
    oha_report(
        Command::new(oha).args(["--latency-correction", "-c", FIXED_RATE_CONNECTIONS, "-q", &format!("{rate:.2}"), "-z", &format!("{seconds}s")]).args(args),
    )
}

/// Runs oha (JSON out, waiting for requests still out at the deadline) and reads its report.
fn oha_report(command: &mut Command) -> Result<Felt> {
    let output = command.args(["--no-tui", "--output-format", "json", "-w"]).output().context("running oha")?;
    if !output.status.success() {
        bail!("oha failed: {}", String::from_utf8_lossy(&output.stderr));
    }
    let report: Value = serde_json::from_slice(&output.stdout).with_context(|| format!("reading oha's JSON: {}", String::from_utf8_lossy(&output.stdout)))?;
    felt_from(&report)
}

/// Figures from oha's JSON report (`--output-format json`): percentiles in seconds, answers by
/// status, failures by kind.
pub(crate) fn felt_from(report: &Value) -> Result<Felt> {
    let percentile = |name: &str| -> Result<f64> {
        report["latencyPercentiles"][name].as_f64().map(|s| s * 1000.0).with_context(|| format!("oha's report has no {name}: {report}"))
    };
    let statuses = report["statusCodeDistribution"].as_object().context("oha's report has no statusCodeDistribution")?;
    let answered: u64 = statuses.values().filter_map(Value::as_u64).sum();
    let not_ok: u64 = statuses.iter().filter(|(code, _)| !code.starts_with('2')).filter_map(|(_, n)| n.as_u64()).sum();
    let failed: u64 = report["errorDistribution"].as_object().map_or(0, |errors| errors.values().filter_map(Value::as_u64).sum());
    Ok(Felt {
        requests: answered + failed,
        rate: report["summary"]["requestsPerSec"].as_f64().unwrap_or(0.0),
        p50_ms: percentile("p50")?,
        p99_ms: percentile("p99")?,
        p999_ms: percentile("p99.9")?,
        errors: not_ok + failed,
    })
}

/// Runs at once: their requests and rates add up, and each percentile is the worst of them (the
/// union's own percentile is never above it).
pub(crate) fn worst_of(runs: &[Felt]) -> Felt {
    runs.iter().fold(Felt { requests: 0, rate: 0.0, p50_ms: 0.0, p99_ms: 0.0, p999_ms: 0.0, errors: 0 }, |all, run| Felt {
        requests: all.requests + run.requests,
        rate: all.rate + run.rate,
        p50_ms: all.p50_ms.max(run.p50_ms),
        p99_ms: all.p99_ms.max(run.p99_ms),
        p999_ms: all.p999_ms.max(run.p999_ms),
        errors: all.errors + run.errors,
    })
}

/// The search mix of `bench reader` as URLs, pages 1 and 2.
pub(crate) fn write_search_urls(rig: &Rig) -> Result<PathBuf> {
    let mix = std::fs::read_to_string("xtask/bench-data/search-queries.txt").context("reading the search mix")?;
    let urls: Vec<String> = mix
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .flat_map(|q| ["1", "2"].map(|page| format!("{}/api/search?q={}&page={page}", rig.base, kernel::url::encode_component(q.trim()))))
        .collect();
    let path = rig.scratch.join("latency-search-urls.txt");
    std::fs::write(&path, urls.join("\n") + "\n")?;
    Ok(path)
}

/// History saves, one a line (`-Z`): each another book and section, one in twenty a completion.
pub(crate) fn write_history_bodies(rig: &Rig, books: &[i64]) -> Result<PathBuf> {
    let lines: Vec<String> = (0..5_000usize)
        .map(|n| {
            let book = books[(n * 7919) % books.len()];
            serde_json::json!({"bookId": book, "position": n % 8, "completed": n % 20 == 0}).to_string()
        })
        .collect();
    let path = rig.scratch.join("latency-history-bodies.txt");
    std::fs::write(&path, lines.join("\n") + "\n")?;
    Ok(path)
}

/// `target/tools/bin/oha`, installed from crates.io the first time.
pub(crate) fn ensure_oha() -> Result<PathBuf> {
    let root = xtask::util::root().join("target/tools");
    let oha = root.join("bin/oha");
    let installed = Command::new(&oha).arg("--version").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains(OHA_VERSION));
    if !installed {
        step(&format!("Installing oha {OHA_VERSION} into target/tools (once)"));
        run(Command::new(env!("CARGO")).args(["install", "oha", "--locked", "--version", OHA_VERSION, "--root"]).arg(&root))?;
    }
    Ok(oha)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oha_reports_are_read_in_milliseconds_with_every_failure_counted() {
        let report = serde_json::json!({
            "summary": {"requestsPerSec": 499.5, "successRate": 0.99},
            "latencyPercentiles": {"p50": 0.0021, "p99": 0.0183, "p99.9": 0.0412},
            "statusCodeDistribution": {"200": 29_900, "500": 3, "429": 2},
            "errorDistribution": {"connection closed": 4}
        });
        let felt = felt_from(&report).unwrap();
        assert_eq!(felt.requests, 29_909);
        assert_eq!(felt.errors, 9, "non-2xx answers and failed requests");
        assert!((felt.p50_ms - 2.1).abs() < 1e-9 && (felt.p99_ms - 18.3).abs() < 1e-9 && (felt.p999_ms - 41.2).abs() < 1e-9);
        assert!(felt_from(&serde_json::json!({"statusCodeDistribution": {}})).is_err(), "a report without percentiles is an error");
    }

    #[test]
    fn the_handlers_own_times_come_from_the_change_in_the_routes_buckets() {
        let metrics = |reader: [u64; 4], search: u64| {
            format!(
                "http_request_duration_seconds_bucket{{le=\"0.001\",method=\"GET\",route=\"/api/books/{{id}}\"}} {}\n\
                 http_request_duration_seconds_bucket{{le=\"0.002\",method=\"GET\",route=\"/api/books/{{id}}\"}} {}\n\
                 http_request_duration_seconds_bucket{{le=\"0.004\",method=\"GET\",route=\"/api/books/{{id}}\"}} {}\n\
                 http_request_duration_seconds_bucket{{le=\"+Inf\",method=\"GET\",route=\"/api/books/{{id}}\"}} {}\n\
                 http_request_duration_seconds_bucket{{le=\"+Inf\",method=\"GET\",route=\"/api/search\"}} {search}\n",
                reader[0], reader[1], reader[2], reader[3]
            )
        };
        let route = ("GET", "/api/books/{id}");
        let before = buckets_in(&metrics([10, 10, 10, 10], 5), route);
        assert_eq!(before.len(), 4, "only the reader's buckets: {before:?}");
        // 1,000 answers since: 400 within 1 ms, 590 more within 2 ms, 5 within 4 ms, 5 slower.
        let after = buckets_in(&metrics([410, 1_000, 1_005, 1_010], 900), route);
        assert_eq!(HandlerTimes::between(&before, &after), Some(HandlerTimes { answers: 1_000, p50_le_ms: 2.0, p99_le_ms: 2.0 }));
        let slower = buckets_in(&metrics([410, 900, 1_000, 1_010], 900), route);
        assert_eq!(HandlerTimes::between(&before, &slower).unwrap().p99_le_ms, 4.0);
        assert_eq!(HandlerTimes::between(&before, &before), None, "no answers in between");
    }

    #[test]
    fn runs_at_once_add_their_requests_and_keep_their_worst_percentiles() {
        let one = Felt { requests: 100, rate: 10.0, p50_ms: 2.0, p99_ms: 9.0, p999_ms: 30.0, errors: 0 };
        let two = Felt { requests: 50, rate: 5.0, p50_ms: 3.0, p99_ms: 7.0, p999_ms: 40.0, errors: 1 };
        assert_eq!(worst_of(&[one, two]), Felt { requests: 150, rate: 15.0, p50_ms: 3.0, p99_ms: 9.0, p999_ms: 40.0, errors: 1 });
    }
}
