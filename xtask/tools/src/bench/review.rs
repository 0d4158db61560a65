//! `bench review`: one paid member with 10,000 highlights (5,000 marked through the API, the most a
//! member may add, then copied in the database as an import would) and 5,000 review cards (half due,
//! half new); p50 / p95 of the reader's highlights of a book, the highlights search, and today's
//! review queue, each asked 200 times one after another. Goal: p95 <= 20 ms for each.

use super::Rig;
use anyhow::{Context, Result};
use diesel::prelude::*;
use std::time::{Duration, Instant};
use xtask::util::step;

const HIGHLIGHTS_BY_API: usize = 5_000;
const BOOKS_HIGHLIGHTED: usize = 50;
const CARDS: i64 = 5_000;
const ASKS: usize = 200;
const GOAL_MS: f64 = 20.0;

pub(super) fn run(rig: &Rig) -> Result<()> {
    let client = rig.client()?;
    let token = rig.paid_member(&client, "review@bench.example")?;
    let mut conn = PgConnection::establish(&rig.url)?;
    let books: Vec<i64> = {
        use db::schema::books;
        books::table.filter(books::body.ne("")).select(books::id).order(books::id).limit(1_000).load(&mut conn)?
    };
    anyhow::ensure!(books.len() >= BOOKS_HIGHLIGHTED, "the benchmark database has too few books");

    step(&format!("Marking {HIGHLIGHTS_BY_API} highlights through the API on {BOOKS_HIGHLIGHTED} books"));
    for n in 0..HIGHLIGHTS_BY_API {
        let start = (n / BOOKS_HIGHLIGHTED) % 20;
        let colour = ["yellow", "green", "pink"][n % 3];
        let note = (n % 4 == 0).then(|| format!("note {n}"));
        let body = serde_json::json!({
            "bookId": books[n % BOOKS_HIGHLIGHTED].to_string(), "section": 0,
            "startBlock": "b0", "startOffset": start, "endBlock": "b0", "endOffset": start + 12,
            "colour": colour, "note": note,
            "review": n % 10 == 0,
        });
        let response = client.post(format!("{}/api/user/highlights", rig.base)).bearer_auth(&token).json(&body).send()?;
        anyhow::ensure!(response.status().is_success(), "marking a highlight failed: {} {}", response.status(), response.text().unwrap_or_default());
    }
    let member: i64 = {
        use db::schema::users;
        users::table.filter(users::email.eq("review@bench.example")).select(users::id).first(&mut conn)?
    };
    step("Copying them to 10,000 and making 5,000 review cards (half due)");
    diesel::sql_query(
        "INSERT INTO highlights (user_id, book_id, section, start_block, start_offset, end_block, end_offset, quote_exact, quote_prefix, \
         quote_suffix, position, section_version, orphaned, colour, note, review, created_at, updated_at) \
         SELECT user_id, book_id, section, start_block, start_offset, end_block, end_offset, quote_exact, quote_prefix, quote_suffix, \
         position, section_version, orphaned, colour, note, false, created_at - interval '1 day', updated_at FROM highlights WHERE user_id = $1",
    )
    .bind::<diesel::sql_types::BigInt, _>(member)
    .execute(&mut conn)?;
    // Key-idea cards of books the member finished: five ideas of a thousand books.
    diesel::sql_query(
        "INSERT INTO reading_history (user_id, book_id, position, completed, completed_at, started_at, updated_at) \
         SELECT $1, id, 0, true, now(), now(), now() FROM unnest($2) AS id ON CONFLICT DO NOTHING",
    )
    .bind::<diesel::sql_types::BigInt, _>(member)
    .bind::<diesel::sql_types::Array<diesel::sql_types::BigInt>, _>(&books)
    .execute(&mut conn)?;
    diesel::sql_query(
        "INSERT INTO review_cards (user_id, book_id, section, due, stability, difficulty, elapsed_days, scheduled_days, reps, lapses, \
         phase, last_review, created_at) \
         SELECT $1, id, s, CASE WHEN (id + s) % 2 = 0 THEN now() - (s + 1) * interval '1 day' ELSE now() END, \
                CASE WHEN (id + s) % 2 = 0 THEN 3.0 ELSE 0 END, CASE WHEN (id + s) % 2 = 0 THEN 5.0 ELSE 0 END, 0, 0, \
                CASE WHEN (id + s) % 2 = 0 THEN 1 ELSE 0 END, 0, CASE WHEN (id + s) % 2 = 0 THEN 2 ELSE 0 END, \
                CASE WHEN (id + s) % 2 = 0 THEN now() - interval '4 days' END, now() \
         FROM unnest($2) AS id, generate_series(0, 4) AS s LIMIT $3 ON CONFLICT DO NOTHING",
    )
    .bind::<diesel::sql_types::BigInt, _>(member)
    .bind::<diesel::sql_types::Array<diesel::sql_types::BigInt>, _>(&books)
    .bind::<diesel::sql_types::BigInt, _>(CARDS)
    .execute(&mut conn)?;
    let counted = |sql: &str| -> Result<i64> {
        #[derive(QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        Ok(diesel::sql_query(sql).bind::<diesel::sql_types::BigInt, _>(member).get_result::<Count>(&mut PgConnection::establish(&rig.url)?)?.n)
    };
    // As autovacuum would after such a day's growth: the planner sees the tables as they are.
    diesel::sql_query("ANALYZE highlights, review_cards, review_log, reading_history").execute(&mut conn)?;
    // The first queue call makes the highlights' cards.
    let first = client.get(format!("{}/api/user/review", rig.base)).bearer_auth(&token).send()?;
    anyhow::ensure!(first.status().is_success(), "the review queue failed: {}", first.status());
    println!(
        "member: {} highlights, {} review cards",
        counted("SELECT count(*) AS n FROM highlights WHERE user_id = $1")?,
        counted("SELECT count(*) AS n FROM review_cards WHERE user_id = $1")?
    );

    let book = books[0];
    let calls: [(&str, Vec<String>); 3] = [
        ("highlights of a book", vec![format!("/api/user/highlights/book/{book}")]),
        (
            "highlights search",
            ["note 1", "the", "no such words here", "note"].iter().map(|q| format!("/api/user/highlights?search={}", q.replace(' ', "%20"))).collect(),
        ),
        ("today's review queue", vec!["/api/user/review".to_owned()]),
    ];
    let mut missed = Vec::new();
    for (label, paths) in &calls {
        let mut samples = Vec::with_capacity(ASKS);
        for n in 0..ASKS {
            let path = &paths[n % paths.len()];
            let started = Instant::now();
            let response = client.get(format!("{}{path}", rig.base)).bearer_auth(&token).send()?;
            anyhow::ensure!(response.status().is_success(), "{path} failed: {}", response.status());
            response.bytes().context("reading an answer")?;
            samples.push(started.elapsed());
        }
        samples.sort();
        let at = |p: f64| ms(samples[((samples.len() as f64 * p) as usize).min(samples.len() - 1)]);
        let (p50, p95, max) = (at(0.50), at(0.95), ms(samples[samples.len() - 1]));
        let verdict = if p95 <= GOAL_MS { "meets" } else { "MISSES" };
        println!("{label:<22} {ASKS} answers, p50 {p50:.1} ms, p95 {p95:.1} ms, max {max:.1} ms ({verdict} p95 <= {GOAL_MS} ms)");
        if p95 > GOAL_MS {
            missed.push(*label);
        }
    }
    if !missed.is_empty() {
        println!("goal missed by: {}", missed.join(", "));
    }
    Ok(())
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}
