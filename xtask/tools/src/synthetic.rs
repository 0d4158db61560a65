//! `cargo xtask seed --synthetic N`: N generated books for scale tests (search and list
//! latency, the reader benchmark), inserted in batches with progress.

use anyhow::Result;
use chrono::{Duration, Utc};
use db::catalogue::write::{self, NewBook};
use diesel::{Connection, PgConnection};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const BATCH: usize = 1000;

const ADJECTIVES: &[&str] = &[
    "Quiet",
    "Deliberate",
    "Hidden",
    "Practical",
    "Patient",
    "Radical",
    "Simple",
    "Lasting",
    "Curious",
    "Brave",
    "Gentle",
    "Useful",
    "Restless",
    "Modern",
    "Ancient",
    "Honest",
    "Steady",
    "Open",
    "Wild",
    "Careful",
];
const NOUNS: &[&str] = &[
    "Habits",
    "Attention",
    "Money",
    "Leadership",
    "Memory",
    "Courage",
    "Cities",
    "Markets",
    "Friendship",
    "Focus",
    "Negotiation",
    "Sleep",
    "Strategy",
    "Writing",
    "Learning",
    "Trust",
    "Science",
    "Work",
    "Time",
    "Decisions",
];
const WORDS: &[&str] = &[
    "people",
    "habit",
    "choice",
    "practice",
    "idea",
    "evidence",
    "story",
    "change",
    "value",
    "system",
    "attention",
    "goal",
    "risk",
    "team",
    "market",
    "mind",
    "question",
    "answer",
    "method",
    "result",
    "daily",
    "simple",
    "long",
    "careful",
    "small",
    "better",
    "learn",
    "build",
    "notice",
    "decide",
    "measure",
    "improve",
    "explain",
    "remember",
    "the",
    "a",
    "of",
    "and",
    "to",
    "in",
    "with",
];
const FIRST: &[&str] = &["Ada", "Basil", "Clara", "Dmitri", "Esther", "Felix", "Grace", "Hugo", "Iris", "Jonah", "Kira", "Leon"];
const LAST: &[&str] = &["Hart", "Okafor", "Lindqvist", "Moreau", "Tanaka", "Reyes", "Novak", "Byrne", "Sato", "Quinn", "Adler", "Mensah"];

fn pick<'a>(rng: &mut StdRng, list: &[&'a str]) -> &'a str {
    list[rng.gen_range(0..list.len())]
}

fn paragraph(rng: &mut StdRng, words: usize) -> String {
    let text: Vec<&str> = (0..words).map(|_| pick(rng, WORDS)).collect();
    let mut sentence = text.join(" ");
    if let Some(first) = sentence.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    format!("<p>{sentence}.</p>")
}

fn book(rng: &mut StdRng, n: usize, categories: &[i64]) -> (NewBook, i64) {
    let title = format!("{} {} {}", pick(rng, ADJECTIVES), pick(rng, NOUNS), n);
    let author = format!("{} {}", pick(rng, FIRST), pick(rng, LAST));
    let body: String = (1..=5).map(|s| format!("<h3>Key idea {s}</h3>{}{}", paragraph(rng, 60), paragraph(rng, 60))).collect();
    let cover = format!("public/covers/synthetic-{}.svg", n % 12);
    let book = NewBook {
        subid: format!("synthetic-{n}"),
        title,
        author_id: None,
        author,
        author_description: String::new(),
        description: paragraph(rng, 30).replace("<p>", "").replace("</p>", ""),
        image: cover,
        vector: String::new(),
        infographic: None,
        body: catalogue::html::SanitizedHtml::new(&body),
        quotes: vec![],
        goals: vec![],
        tags: vec!["synthetic".into()],
        media_url: None,
        video: None,
        free: false,
        popular: false,
        coming_soon: false,
        upload_date: Utc::now() - Duration::minutes(rng.gen_range(0..1_000_000)),
        read_count: rng.gen_range(0..500),
        recent_reads: rng.gen_range(0..50),
    };
    (book, categories[n % categories.len().max(1)])
}

/// Adds `count` generated books; categories must exist (the demo seed makes them).
/// How many synthetic books the database holds.
pub fn count_synthetic_books(conn: &mut PgConnection) -> Result<usize> {
    use db::schema::books;
    use diesel::prelude::*;
    let n: i64 = books::table.filter(books::subid.like("synthetic-%")).count().get_result(conn)?;
    Ok(n as usize)
}

pub fn add_synthetic_books(conn: &mut PgConnection, store: &media::MediaStore, count: usize) -> Result<()> {
    let categories: Vec<i64> = db::catalogue::categories_with_counts(conn)?.into_iter().map(|(c, _)| c.id).collect();
    anyhow::ensure!(!categories.is_empty(), "seed the demo catalogue first (cargo xtask seed)");
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    for n in 0..12 {
        let key = format!("public/covers/synthetic-{n}.svg");
        runtime.block_on(store.put(&key, crate::art::cover(&format!("Synthetic {n}"), "Gistbook Labs").into_bytes()))?;
    }
    let start = db::catalogue::write::count_books(conn)? as usize;
    let mut rng = StdRng::seed_from_u64(start as u64);
    let mut done = 0;
    while done < count {
        let size = BATCH.min(count - done);
        let batch: Vec<(NewBook, i64)> = (0..size).map(|i| book(&mut rng, start + done + i, &categories)).collect();
        conn.transaction(|conn| {
            let books: Vec<NewBook> = batch.iter().map(|(b, _)| b.clone()).collect();
            let ids = write::insert_books(conn, books)?;
            let pairs: Vec<(i64, i64)> = ids.iter().zip(&batch).map(|(id, (_, category))| (*id, *category)).collect();
            write::add_book_categories(conn, &pairs)?;
            diesel::QueryResult::Ok(())
        })?;
        done += size;
        println!("Seeding synthetic books: {done}/{count}");
    }
    // As autovacuum does a minute or two later: the search indexes' pending entries merged and
    // the visibility map set, so a benchmark that starts at once measures the catalogue, not the
    // bulk load. `books` is a view; VACUUM needs the tables.
    diesel::RunQueryDsl::execute(diesel::sql_query("VACUUM (ANALYZE) all_books, book_categories"), conn)?;
    Ok(())
}
