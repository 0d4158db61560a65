//! `bench scale`: what a signed-in member's pages call most (home, the book list, the library, the
//! XP and streak report), one request after another, on two databases of the bench cluster, each
//! with its own release server: the small one (the demo seed and the synthetic books, as the other
//! benches use) and a large one, the same plus synthetic members and their history (a million and
//! twenty million by default; seeded once and kept, like the Rig's). Prints p50 and p99 of each call
//! on both, side by side, and the ratio of the p50s (goal: at most 1.5). Then, on the large
//! database, the plan of every statement each call runs, as PostgreSQL's `auto_explain` logged it
//! while running them (`EXPLAIN (ANALYZE, BUFFERS)`), so the plans shown are the ones used.

use super::{Rig, BENCH_PASSWORD, DATABASE};
use crate::synthetic_members;
use anyhow::{ensure, Context, Result};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Text};
use std::time::{Duration, Instant};
use xtask::util::step;

/// Timed requests per call and database.
const REQUESTS: usize = 300;
/// Untimed requests before them (connections, caches).
const WARM_UP: usize = 10;
/// The largest acceptable ratio of the large database's p50 to the small one's.
const GOAL: f64 = 1.5;
/// The member registered on the small database, with `SMALL_HISTORY` books read.
const SMALL_MEMBER: &str = "scale@bench.example";
const SMALL_HISTORY: usize = 20;
/// The calls timed. `/api/books/list` pages by `start` (1000 books a page): its third page.
const CALLS: [&str; 4] = ["/api/books", "/api/books/list?start=2000", "/api/library", "/api/user-book-history/xp"];

pub(super) fn run(books: usize, release: bool, members: i64, history: i64) -> Result<()> {
    let small = Rig::prepare(books, release, &[])?;
    let large = Rig::prepare_named(&format!("{DATABASE}_scale_{books}_{members}_{history}"), books, release, &[], &|conn| {
        synthetic_members::add_synthetic_members(conn, members, history)
    })?;

    step(&format!("Small database: registering {SMALL_MEMBER} and reading {SMALL_HISTORY} books"));
    let small_email = small_member(&small)?;
    let small_times = measure(&small, &small_email, BENCH_PASSWORD)?;

    let large_email = large_member(&large, members, history)?;
    step(&format!("Large database: signing in as {large_email}"));
    let large_times = measure(&large, &large_email, synthetic_members::PASSWORD)?;

    step(&format!("{REQUESTS} requests per call, one after another (small: {books} books; large: also {members} members, {history} history rows)"));
    println!("{:<34} {:>10} {:>10} {:>10} {:>10} {:>10}", "call", "small p50", "small p99", "large p50", "large p99", "p50 ratio");
    let mut met = 0;
    for ((call, small), large) in CALLS.iter().zip(&small_times).zip(&large_times) {
        let ratio = percentile(large, 50.0).as_secs_f64() / percentile(small, 50.0).as_secs_f64();
        met += usize::from(ratio <= GOAL);
        println!(
            "{:<34} {:>10} {:>10} {:>10} {:>10} {:>9.2}{}",
            format!("GET {call}"),
            millis(percentile(small, 50.0)),
            millis(percentile(small, 99.0)),
            millis(percentile(large, 50.0)),
            millis(percentile(large, 99.0)),
            ratio,
            if ratio <= GOAL { "" } else { "  over the goal" }
        );
    }
    println!("{met} of {} calls within the goal (large p50 at most {GOAL} times the small one's).", CALLS.len());
    explain(&large, &large_email)
}

/// The `auto_explain` settings, on the large database only while its plans are read.
const EXPLAIN_SETTINGS: [(&str, &str); 5] = [
    ("session_preload_libraries", "'auto_explain'"),
    ("auto_explain.log_min_duration", "0"),
    ("auto_explain.log_analyze", "on"),
    ("auto_explain.log_buffers", "on"),
    ("auto_explain.log_timing", "on"),
];

/// Tables only the server's background threads poll.
const BACKGROUND: [&str; 3] = ["signing_keys", "mail_outbox", "ai_summaries"];

/// Prints the plan of every statement each call runs on `rig`'s database, through a fresh server
/// instance (settings for new sessions reach only new connections) whose connections load
/// `auto_explain`; the plans come from the cluster's log.
fn explain(rig: &Rig, email: &str) -> Result<()> {
    let Some(log) = rig.postgres_log() else {
        println!("(No plans: they are read from the private bench cluster's log, and DATABASE_URL names another server.)");
        return Ok(());
    };
    let mut conn = PgConnection::establish(&rig.url)?;
    let alter = |conn: &mut PgConnection, setting: &str| -> Result<()> {
        // The setting sits inside a quoted format string: its own quotes are doubled.
        let quoted = setting.replace('\'', "''");
        diesel::sql_query(format!("DO $$ BEGIN EXECUTE format('ALTER DATABASE %I {quoted}', current_database()); END $$")).execute(conn)?;
        Ok(())
    };
    for (name, value) in EXPLAIN_SETTINGS {
        alter(&mut conn, &format!("SET {name} = {value}"))?;
    }
    let plans = (|| -> Result<Vec<(String, Vec<String>)>> {
        let base = rig.another_instance()?;
        let client = rig.client()?;
        let token = super::sign_in(&base, &client, email, synthetic_members::PASSWORD)?;
        wait_for_housekeeping(rig)?;
        CALLS
            .iter()
            .map(|call| {
                // The second request's plans: the first one may meet a connection's first use.
                for _ in 0..2 {
                    let from = std::fs::metadata(&log)?.len();
                    let answer = client.get(format!("{base}{call}")).bearer_auth(&token).send()?;
                    ensure!(answer.status().is_success(), "GET {call}: {}", answer.status());
                    std::thread::sleep(Duration::from_millis(300));
                    let logged = std::fs::read(&log)?;
                    let text = String::from_utf8_lossy(&logged[from as usize..]).into_owned();
                    if text.contains("plan:") {
                        // Background work of the instance (the keyring's and the mail queue's polls) is not the call's.
                        let blocks = plan_blocks(&text).into_iter().filter(|b| !BACKGROUND.iter().any(|t| b.contains(t))).collect();
                        return Ok((call.to_string(), blocks));
                    }
                }
                Ok((call.to_string(), vec![]))
            })
            .collect()
    })();
    for (name, _) in EXPLAIN_SETTINGS {
        alter(&mut conn, &format!("RESET {name}"))?;
    }
    step("The plans of each call's statements on the large database (auto_explain: EXPLAIN ANALYZE, BUFFERS)");
    for (call, blocks) in plans? {
        println!("\n### GET {call}: {} statements", blocks.len());
        for block in blocks {
            println!("{block}");
        }
    }
    Ok(())
}

/// auto_explain's entries in a stretch of the log: each a `duration: ... plan:` line and the
/// indented lines under it.
fn plan_blocks(log: &str) -> Vec<String> {
    let mut blocks: Vec<String> = vec![];
    let mut inside = false;
    for line in log.lines() {
        if let Some(at) = line.find("duration: ").filter(|_| line.ends_with("plan:")) {
            blocks.push(line[at..].to_owned());
            inside = true;
        } else if inside && (line.starts_with('\t') || line.starts_with(' ')) {
            let block = blocks.last_mut().expect("inside a block");
            block.push('\n');
            block.push_str(line.trim_end());
        } else {
            inside = false;
        }
    }
    blocks
}

/// Registers the small database's member (a paid one), gives them `SMALL_HISTORY` books read
/// (a third completed) and a few in the library, through the API; their e-mail.
fn small_member(rig: &Rig) -> Result<String> {
    let client = rig.client()?;
    let token = rig.paid_member(&client, SMALL_MEMBER)?;
    let books: Vec<i64> = {
        use db::schema::books;
        let mut conn = PgConnection::establish(&rig.url)?;
        books::table.filter(books::body.ne("")).select(books::id).order(books::id).limit(SMALL_HISTORY as i64).load(&mut conn)?
    };
    ensure!(books.len() == SMALL_HISTORY, "the benchmark database has fewer than {SMALL_HISTORY} books with a body");
    for (i, book) in books.iter().enumerate() {
        let completed = i % 3 == 0;
        let position = if completed { 4 } else { i % 4 };
        let saved = client
            .put(format!("{}/api/user-book-history/", rig.base))
            .bearer_auth(&token)
            .json(&serde_json::json!({"bookId": book, "position": position, "completed": completed}))
            .send()?;
        ensure!(saved.status().is_success(), "a position save failed: {} {}", saved.status(), saved.text().unwrap_or_default());
        if i % 4 == 0 {
            let added = client.post(format!("{}/api/library", rig.base)).bearer_auth(&token).json(&serde_json::json!({"bookId": book})).send()?;
            ensure!(added.status().is_success(), "adding to the library failed: {} {}", added.status(), added.text().unwrap_or_default());
        }
    }
    Ok(SMALL_MEMBER.to_owned())
}

#[derive(QueryableByName)]
struct Candidate {
    #[diesel(sql_type = Text)]
    email: String,
}

/// A paid synthetic member (every third one) among the first few hundred whose history is
/// nearest the average, with library items; their e-mail.
fn large_member(rig: &Rig, members: i64, history: i64) -> Result<String> {
    let emails: Vec<String> = (1..=members.min(600)).filter(|n| n % 3 == 0).map(synthetic_members::email).collect();
    let mut conn = PgConnection::establish(&rig.url)?;
    let found: Option<Candidate> = diesel::sql_query(
        "SELECT u.email FROM users u \
         JOIN LATERAL (SELECT count(*) AS n FROM reading_history h WHERE h.user_id = u.id) h ON true \
         WHERE u.email = ANY($1) AND EXISTS (SELECT 1 FROM library_items l WHERE l.user_id = u.id) \
         ORDER BY abs(h.n - $2), u.id LIMIT 1",
    )
    .bind::<Array<Text>, _>(&emails)
    .bind::<BigInt, _>(history / members.max(1))
    .get_result(&mut conn)
    .optional()?;
    Ok(found.context("no paid synthetic member with history and a library in the large database")?.email)
}

/// Signs in, waits for the server's start-up housekeeping, then times `REQUESTS` of each call;
/// the times per call, sorted.
fn measure(rig: &Rig, email: &str, password: &str) -> Result<Vec<Vec<Duration>>> {
    let client = rig.client()?;
    let token = super::sign_in(&rig.base, &client, email, password)?;
    wait_for_housekeeping(rig)?;
    CALLS
        .iter()
        .map(|call| {
            let url = format!("{}{call}", rig.base);
            let once = || -> Result<Duration> {
                let started = Instant::now();
                let answer = client.get(&url).bearer_auth(&token).send()?;
                let status = answer.status();
                let body = answer.bytes()?;
                let took = started.elapsed();
                ensure!(status.is_success(), "GET {call}: {status} {}", String::from_utf8_lossy(&body));
                Ok(took)
            };
            for _ in 0..WARM_UP {
                once()?;
            }
            let mut times = (0..REQUESTS).map(|_| once()).collect::<Result<Vec<_>>>()?;
            times.sort();
            Ok(times)
        })
        .collect()
}

/// The server recounts trending reads as it starts (a pass over the month's history); timing calls
/// during that pass would time the pass. Waits (up to five minutes) until no such statement runs.
fn wait_for_housekeeping(rig: &Rig) -> Result<()> {
    #[derive(QueryableByName)]
    struct Running {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    std::thread::sleep(Duration::from_secs(2));
    let mut conn = PgConnection::establish(&rig.url)?;
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        let running: Running = diesel::sql_query(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() \
             AND state = 'active' AND query LIKE 'UPDATE all_books b SET recent_reads%'",
        )
        .get_result(&mut conn)?;
        if running.n == 0 {
            return Ok(());
        }
        ensure!(Instant::now() < deadline, "the server's trending recount still runs after five minutes");
        std::thread::sleep(Duration::from_millis(500));
    }
}

/// The nearest-rank percentile `p` of sorted times.
fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((p / 100.0 * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len().max(1));
    sorted.get(rank - 1).copied().unwrap_or_default()
}

fn millis(duration: Duration) -> String {
    format!("{:.2} ms", duration.as_secs_f64() * 1000.0)
}
