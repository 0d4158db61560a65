//! Search: ranked full text with typo tolerance, and clear answers for bad queries.

use crate::common;

use common::{assert_error, ok_body, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::Value;

async fn search(app: &TestApp, q: &str) -> Value {
    let path = format!("/api/search?q={}", kernel::url::encode_component(q));
    ok_body(app.get(&path, None).await, StatusCode::OK).await["result"].clone()
}

fn titles(result: &Value) -> Vec<String> {
    result["books"].as_array().unwrap().iter().map(|b| b["title"].as_str().unwrap().to_owned()).collect()
}

#[actix_web::test]
async fn an_exact_title_ranks_first() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let result = search(&app, "Meditations").await;
    let found = titles(&result);
    assert_eq!(found[0], "Meditations", "{found:?}");
    assert!(found.contains(&"Meditations on First Philosophy".to_owned()));
    assert_eq!(result["total"].as_i64().unwrap() as usize, found.len());
    assert_eq!(result["query"], "Meditations");
    assert_eq!(titles(&search(&app, "meditations on first philosophy").await)[0], "Meditations on First Philosophy");
}

#[actix_web::test]
async fn a_title_with_a_typo_is_found() {
    let app = spawn_app().await;
    app.seed_catalogue();
    assert_eq!(titles(&search(&app, "Meditatons").await)[0], "Meditations");
    assert_eq!(titles(&search(&app, "Waldne").await)[0], "Walden");
    assert!(titles(&search(&app, "wealth of natoins").await).contains(&"The Wealth of Nations".to_owned()));
}

#[actix_web::test]
async fn authors_descriptions_and_prefixes_are_searched() {
    let app = spawn_app().await;
    app.seed_catalogue();
    assert_eq!(titles(&search(&app, "Thoreau").await), ["Walden"]);
    assert_eq!(titles(&search(&app, "benjamin frank").await), ["The Way to Wealth"]);
    assert!(titles(&search(&app, "zzqqxx").await).is_empty());
}

#[actix_web::test]
async fn empty_symbol_only_and_overlong_queries_get_a_readable_400() {
    let app = spawn_app().await;
    app.seed_catalogue();
    for path in ["/api/search", "/api/search?q=", "/api/search?q=%20%20", "/api/search?q=%26%7C%21%28%29"] {
        assert_error(app.get(path, None).await, StatusCode::BAD_REQUEST, "invalid_search", "Please type a word to search for.").await;
    }
    let long = "a".repeat(201);
    assert_error(
        app.get(&format!("/api/search?q={long}"), None).await,
        StatusCode::BAD_REQUEST,
        "invalid_search",
        "Please shorten your search to 200 characters.",
    )
    .await;
    assert_error(app.get("/api/search?q=war&page=0", None).await, StatusCode::BAD_REQUEST, "invalid_request", "The page must be between 1 and 50.").await;
    // Quotes, operators and SQL-looking text are just words.
    for q in ["\"art of war\"", "war -peace", "'; DROP TABLE books; --", "war:* & (peace | love)"] {
        search(&app, q).await;
    }
    assert_eq!(common::count(&mut app.connect(), "SELECT count(*) FROM books"), 7);
}

/// A book with only a title, an author and a summary text (for ranking tests).
fn add_book(app: &TestApp, subid: &str, title: &str, body: &str) {
    use db::catalogue::write::{self, NewBook};
    write::insert_book(
        &mut app.connect(),
        NewBook {
            subid: subid.into(),
            title: title.into(),
            author_id: None,
            author: "Nobody Inparticular".into(),
            author_description: String::new(),
            description: String::new(),
            image: String::new(),
            vector: String::new(),
            infographic: None,
            body: catalogue::html::SanitizedHtml::new(body),
            quotes: vec![],
            goals: vec![],
            tags: vec![],
            media_url: None,
            video: None,
            free: false,
            popular: false,
            coming_soon: false,
            upload_date: chrono::Utc::now(),
            read_count: 0,
            recent_reads: 0,
        },
    )
    .unwrap();
}

#[actix_web::test]
async fn a_title_match_ranks_above_a_book_that_only_mentions_the_word() {
    let app = spawn_app().await;
    let often = "<p>Lantern lantern lantern. The lantern, a lantern and more lanterns.</p>".repeat(5);
    add_book(&app, "mentions", "Evening Walks", &often);
    add_book(&app, "titled", "The Lantern", "<p>About light.</p>");
    let result = search(&app, "lantern").await;
    assert_eq!(titles(&result), ["The Lantern", "Evening Walks"], "{result}");
    assert_eq!(result["total"], 2);
}

#[actix_web::test]
async fn typos_are_looked_for_only_when_the_words_find_less_than_a_page() {
    let app = spawn_app().await;
    add_book(&app, "typo-neighbour", "Lantren Keeper", "<p>About keeping.</p>");
    add_book(&app, "exact", "Lantern Keeper", "<p>About light.</p>");
    // One book has the word: the near spelling is offered too, after it.
    assert_eq!(titles(&search(&app, "lantern keeper").await), ["Lantern Keeper", "Lantren Keeper"]);
    // A page of books with the word: no typo candidates.
    for n in 0..20 {
        add_book(&app, &format!("lantern-{n}"), &format!("Lantern Keeper {n}"), "<p>More light.</p>");
    }
    let result = search(&app, "lantern keeper").await;
    assert_eq!(result["total"], 21, "{result}");
    assert!(!titles(&result).contains(&"Lantren Keeper".to_owned()));
}

#[actix_web::test]
async fn a_second_page_continues_the_first_and_a_page_past_the_end_still_counts_the_matches() {
    let app = spawn_app().await;
    for n in 0..25 {
        add_book(&app, &format!("harbour-{n:02}"), &format!("Harbour Lights {n:02}"), "<p>Boats.</p>");
    }
    let page = |n: u32| {
        let app = &app;
        async move { ok_body(app.get(&format!("/api/search?q=harbour&page={n}"), None).await, StatusCode::OK).await["result"].clone() }
    };
    let (first, second, past) = (page(1).await, page(2).await, page(3).await);
    assert_eq!((first["total"].as_i64(), second["total"].as_i64(), past["total"].as_i64()), (Some(25), Some(25), Some(25)));
    let (first, second) = (titles(&first), titles(&second));
    assert_eq!((first.len(), second.len()), (20, 5));
    assert!(first.iter().all(|title| !second.contains(title)), "no book on both pages");
    assert!(titles(&past).is_empty(), "{past}");
}

#[actix_web::test]
async fn a_word_only_in_many_summaries_brings_200_of_them_after_every_title_match() {
    let app = spawn_app().await;
    // More summary-only matches than the text tier takes (migration 46 plans that tier per call).
    for n in 0..210 {
        add_book(&app, &format!("coast-{n:03}"), &format!("Coastal Walk {n:03}"), "<p>A lighthouse on the cape.</p>");
    }
    add_book(&app, "keeper", "The Lighthouse Keeper", "<p>Nights at sea.</p>");
    add_book(&app, "lamps", "Lighthouse Lamps", "<p>Lenses.</p>");
    let result = search(&app, "lighthouse").await;
    assert_eq!(result["total"], 202, "the two titles and 200 of the 210 summaries: {}", result["total"]);
    let found = titles(&result);
    assert_eq!(found.len(), 20);
    let mut first_two = found[..2].to_vec();
    first_two.sort();
    assert_eq!(first_two, ["Lighthouse Lamps", "The Lighthouse Keeper"]);
    assert!(found[2..].iter().all(|title| title.starts_with("Coastal Walk ")), "{found:?}");
}

#[actix_web::test]
async fn the_pages_of_a_word_found_in_many_summaries_hold_each_book_once() {
    let app = spawn_app().await;
    for n in 0..210 {
        add_book(&app, &format!("cape-{n:03}"), &format!("Cape Walk {n:03}"), "<p>A lighthouse on the cape.</p>");
    }
    let mut seen = std::collections::BTreeSet::new();
    for page in 1..=10 {
        let result = ok_body(app.get(&format!("/api/search?q=lighthouse&page={page}"), None).await, StatusCode::OK).await["result"].clone();
        assert_eq!(result["total"], 200, "page {page}");
        let found = titles(&result);
        assert_eq!(found.len(), 20, "page {page}");
        for title in found {
            assert!(seen.insert(title.clone()), "{title} again on page {page}");
        }
    }
    assert_eq!(seen.len(), 200);
    // Each page is its own call, which reads the table in order until it has 200 such books. On a
    // table larger than a quarter of shared_buffers (no test's is) PostgreSQL would start that read
    // where another one is, and each call would take another 200: the function turns that off.
    use diesel::RunQueryDsl;
    let settings: String =
        diesel::select(diesel::dsl::sql::<diesel::sql_types::Text>("(SELECT array_to_string(proconfig, ',') FROM pg_proc WHERE proname = 'search_hits')"))
            .get_result(&mut app.connect())
            .unwrap();
    assert!(settings.split(',').any(|s| s == "synchronize_seqscans=off"), "{settings}");
}

#[actix_web::test]
async fn a_prefix_finds_the_words_of_books_added_and_edited_after_the_word_list_was_made() {
    let app = spawn_app().await;
    // Migration 48 spells a prefix out as the words that start with it, from `search_lexemes`,
    // which new and edited books add to. Fewer than a page would also bring typo candidates,
    // which could hide a missing word, so the list itself is checked too.
    let mut conn = app.connect();
    add_book(&app, "lantern", "The Lantern", "<p>About light.</p>");
    add_book(&app, "lanternfish", "Lanternfish Ways", "<p>Deep water.</p>");
    let mut found = titles(&search(&app, "lantern").await);
    found.sort();
    assert_eq!(found, ["Lanternfish Ways", "The Lantern"]);

    add_book(&app, "renamed", "Harbour Days", "<p>Boats.</p>");
    diesel::RunQueryDsl::execute(diesel::sql_query("UPDATE all_books SET title = 'Lanternmaker Days' WHERE subid = 'renamed'"), &mut conn).unwrap();
    assert_eq!(titles(&search(&app, "lanternm").await)[0], "Lanternmaker Days");
    assert_eq!(
        common::count(&mut conn, "SELECT count(*) FROM search_lexemes WHERE lexeme IN ('lantern', 'lanternfish', 'lanternmak', 'harbour')"),
        4,
        "the words of the added books and of the new title"
    );

    // A prefix of more than four words stays a prefix and finds them all: 24 books, so the typo
    // tier (fewer than a page) cannot make up for a word left out.
    for (n, word) in ["Zephyra", "Zephyrb", "Zephyrc", "Zephyrd", "Zephyre", "Zephyrf"].iter().enumerate() {
        for copy in 0..4 {
            add_book(&app, &format!("zephyr-{n}-{copy}"), &format!("{word} Tales {copy}"), "<p>Wind.</p>");
        }
    }
    assert_eq!(search(&app, "zephyr").await["total"], 24);
}
