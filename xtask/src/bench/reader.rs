//! `bench reader`: GET /api/books/{id} as a paid member against pgbench `-S`, then search latency.

use super::{wrk, Rig};
use crate::util::step;
use anyhow::{Context, Result};
use std::time::Instant;

pub(super) fn run(rig: &Rig) -> Result<()> {
    let tps = rig.pgbench(&["-S", "-M", "prepared"])?;
    let client = rig.client()?;
    let token = rig.paid_member(&client, "bench@example.com")?;
    let target = format!("{}/api/books/meditations", rig.base);
    let check: serde_json::Value = client.get(&target).bearer_auth(&token).send()?.json()?;
    anyhow::ensure!(check["result"]["book"]["isPaidUser"] == true && check["result"]["book"]["body"].is_string(), "the member is not paid: {check}");
    wrk("GET /api/books/{id} as a paid member", &["-H", &format!("Authorization: Bearer {token}"), &target], tps)?;

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
