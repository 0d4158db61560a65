//! `bench reader`: GET /api/books/{id} as a paid member against pgbench `-S` and against the floor
//! server (the stack's ceiling for this call) and the floor running the reader's own statement, then
//! search latency.

use super::floor::FloorServer;
use super::{profile, wrk, Rig};
use anyhow::{Context, Result};
use diesel::prelude::*;
use std::time::Instant;
use xtask::util::step;

const BOOK: &str = "meditations";

pub(super) fn run(rig: &Rig) -> Result<()> {
    let tps = rig.pgbench(&["-S", "-M", "prepared"])?;
    let client = rig.client()?;

    let book_id: i64 = {
        use db::schema::books;
        books::table.filter(books::subid.eq(BOOK)).select(books::id).first(&mut PgConnection::establish(&rig.url)?)?
    };
    let token = rig.paid_member(&client, "bench@example.com")?;
    let (member, session) = live_session(rig, "bench@example.com")?;

    let floor = FloorServer::start(&rig.url, 16)?;
    let floor_target = format!("{}/floor/{book_id}", floor.base);
    let check = client.get(&floor_target).send()?;
    anyhow::ensure!(check.status().is_success(), "the floor server failed: {}", check.status());
    let floor_rps = wrk("the floor server (actix-web + Diesel, one prepared primary-key lookup, 3 KB JSON)", &[&floor_target], tps)?;
    // The same floor running the reader's own statement: what the call's database work costs.
    let statement_target = format!("{}/floor-reader/{BOOK}?user={member}&session={session}", floor.base);
    let check = client.get(&statement_target).send()?;
    anyhow::ensure!(check.status().is_success(), "the floor server's reader statement failed: {}", check.status());
    let statement_rps = wrk("the floor server running the reader's statement (the member's session included), 3 KB JSON", &[&statement_target], tps)?;
    println!("ratio:   {:.2} of the floor server's requests/s (what the reader's statement alone costs)", statement_rps / floor_rps);
    drop(floor);

    let target = format!("{}/api/books/{BOOK}", rig.base);
    let check: serde_json::Value = client.get(&target).bearer_auth(&token).send()?.json()?;
    anyhow::ensure!(check["result"]["book"]["isPaidUser"] == true && check["result"]["book"]["body"].is_string(), "the member is not paid: {check}");
    let auth = format!("Authorization: Bearer {token}");
    let statistics = profile::reset_statements(&rig.url);
    let rps = wrk("GET /api/books/{id} as a paid member", &["-H", &auth, &target], tps)?;
    println!("ratio:   {:.2} of the floor server's requests/s", rps / floor_rps);
    println!("ratio:   {:.2} of the floor server running the reader's statement (the server's own work)", rps / statement_rps);
    if statistics {
        profile::print_statements(&rig.url, "the reader call")?;
    }
    profile::profiled_run(rig, "the reader call", &["-H", &auth, &target])?;

    search_latency(rig, &client)
}

/// The member's id and the session (refresh-token family) of its newest live sign-in.
fn live_session(rig: &Rig, email: &str) -> Result<(i64, String)> {
    use db::schema::{refresh_tokens, users};
    let mut conn = PgConnection::establish(&rig.url)?;
    refresh_tokens::table
        .inner_join(users::table)
        .filter(users::email.eq(email))
        .filter(refresh_tokens::revoked_at.is_null())
        .order(refresh_tokens::created_at.desc())
        .select((users::id, refresh_tokens::family))
        .first(&mut conn)
        .with_context(|| format!("{email} has no live session"))
}

/// The fixed mix of 200 queries (`xtask/bench-data/search-queries.txt`), each asked once for its
/// first page and once for its second, one after another; p50 and p95 of the answers' times.
fn search_latency(rig: &Rig, client: &reqwest::blocking::Client) -> Result<()> {
    let mix = std::fs::read_to_string("xtask/bench-data/search-queries.txt").context("reading the search mix")?;
    let queries: Vec<&str> = mix.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect();
    step(&format!("Search latency: {} queries (titles, authors, topics, typos, broad words), pages 1 and 2", queries.len()));
    let mut samples = Vec::new();
    for page in ["1", "2"] {
        for q in &queries {
            let started = Instant::now();
            let response = client.get(format!("{}/api/search", rig.base)).query(&[("q", *q), ("page", page)]).send()?;
            anyhow::ensure!(response.status().is_success(), "search {q:?} failed: {}", response.status());
            response.bytes().context("reading a search answer")?;
            samples.push((started.elapsed(), *q));
        }
    }
    samples.sort();
    let at = |p: f64| samples[((samples.len() as f64 * p) as usize).min(samples.len() - 1)].0;
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
    println!("search:  {} answers, p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms", samples.len(), ms(at(0.50)), ms(at(0.95)), ms(samples[samples.len() - 1].0));
    let slowest: Vec<String> = samples.iter().rev().take(5).map(|(d, q)| format!("{q:?} {:.0} ms", ms(*d))).collect();
    println!("slowest: {}", slowest.join(", "));
    Ok(())
}
