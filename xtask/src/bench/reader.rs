//! `bench reader`: GET /api/books/{id} as a paid member against pgbench `-S` and against the floor
//! server (the stack's ceiling for this call), then search latency.

use super::floor::FloorServer;
use super::{wrk, Rig};
use crate::util::step;
use anyhow::{Context, Result};
use diesel::prelude::*;
use std::time::Instant;

const BOOK: &str = "meditations";

pub(super) fn run(rig: &Rig) -> Result<()> {
    let tps = rig.pgbench(&["-S", "-M", "prepared"])?;
    let client = rig.client()?;

    let book_id: i64 = {
        use db::schema::books;
        books::table.filter(books::subid.eq(BOOK)).select(books::id).first(&mut PgConnection::establish(&rig.url)?)?
    };
    let floor = FloorServer::start(&rig.url, 16)?;
    let floor_target = format!("{}/floor/{book_id}", floor.base);
    let check = client.get(&floor_target).send()?;
    anyhow::ensure!(check.status().is_success(), "the floor server failed: {}", check.status());
    let floor_rps = wrk("the floor server (actix-web + Diesel, one prepared primary-key lookup, 3 KB JSON)", &[&floor_target], tps)?;
    drop(floor);

    let token = rig.paid_member(&client, "bench@example.com")?;
    let target = format!("{}/api/books/{BOOK}", rig.base);
    let check: serde_json::Value = client.get(&target).bearer_auth(&token).send()?.json()?;
    anyhow::ensure!(check["result"]["book"]["isPaidUser"] == true && check["result"]["book"]["body"].is_string(), "the member is not paid: {check}");
    let rps = wrk("GET /api/books/{id} as a paid member", &["-H", &format!("Authorization: Bearer {token}"), &target], tps)?;
    println!("ratio:   {:.2} of the floor server's requests/s", rps / floor_rps);

    step("Search latency (sequential queries, typos included)");
    let queries = ["meditations", "meditatons", "art of war", "quiet habits", "focus", "wealth", "stoic", "deliberate strategy", "memroy", "franklin"];
    let mut samples = Vec::new();
    for round in 0..10 {
        for q in queries {
            let started = Instant::now();
            let response = client.get(format!("{}/api/search", rig.base)).query(&[("q", q), ("page", &(1 + round % 2).to_string())]).send()?;
            anyhow::ensure!(response.status().is_success(), "search {q:?} failed: {}", response.status());
            response.bytes().context("reading a search answer")?;
            samples.push(started.elapsed());
        }
    }
    samples.sort();
    let at = |p: f64| samples[((samples.len() as f64 * p) as usize).min(samples.len() - 1)];
    println!("search:  {} queries, p50 {:.1} ms, p95 {:.1} ms", samples.len(), at(0.50).as_secs_f64() * 1000.0, at(0.95).as_secs_f64() * 1000.0);
    Ok(())
}
