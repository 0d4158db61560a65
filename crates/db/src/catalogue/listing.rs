//! The paged, filtered book list and ranked, typo-tolerant search.

use super::read::{BookCardRow, CARD_SELECT};
use catalogue::listing::{ListQuery, Sort};
use catalogue::search::SearchQuery;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Nullable, Text};

/// Filters as fixed, nullable parameters ($1 category subid, $2 collection slug, $3 author slug,
/// $4 audio only, $5 video only, $6 goal id) so that one statement serves every combination. A
/// collection holds its hand-picked books and the books of its categories.
const FILTERS: &str = "WHERE ($1::text IS NULL OR EXISTS (SELECT 1 FROM book_categories bc JOIN categories c ON c.id = bc.category_id \
       WHERE bc.book_id = b.id AND c.subid = $1)) \
     AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM collections co WHERE co.slug = $2 AND ( \
       EXISTS (SELECT 1 FROM collection_books cb WHERE cb.collection_id = co.id AND cb.book_id = b.id) \
       OR EXISTS (SELECT 1 FROM book_categories cc WHERE cc.book_id = b.id AND cc.category_id = ANY (co.categories))))) \
     AND ($3::text IS NULL OR a.slug = $3) \
     AND (NOT $4 OR b.media_url IS NOT NULL) \
     AND (NOT $5 OR b.video IS NOT NULL) \
     AND ($6::bigint IS NULL OR EXISTS (SELECT 1 FROM book_goals bg WHERE bg.book_id = b.id AND bg.goal_id = $6))";

fn order_by(sort: Sort) -> &'static str {
    match sort {
        Sort::New | Sort::Audio | Sort::Video => "ORDER BY b.upload_date DESC, b.id DESC",
        Sort::Trending => "ORDER BY b.recent_reads DESC, b.read_count DESC, b.popular DESC, b.upload_date DESC, b.id DESC",
        Sort::Alphabetical => "ORDER BY lower(b.title), b.id",
    }
}

#[derive(QueryableByName)]
struct Total {
    #[diesel(sql_type = BigInt)]
    total: i64,
}

/// One page of books and how many match in all.
pub fn list_books(conn: &mut PgConnection, query: &ListQuery) -> QueryResult<(Vec<BookCardRow>, i64)> {
    let total: Total = diesel::sql_query(format!("SELECT count(*) AS total FROM books b LEFT JOIN authors a ON a.id = b.author_id {FILTERS}"))
        .bind::<Nullable<Text>, _>(query.category.as_deref())
        .bind::<Nullable<Text>, _>(query.collection.as_deref())
        .bind::<Nullable<Text>, _>(query.author.as_deref())
        .bind::<Bool, _>(query.audio_only)
        .bind::<Bool, _>(query.video_only)
        .bind::<Nullable<BigInt>, _>(query.goal)
        .get_result(conn)?;
    let rows = diesel::sql_query(format!("{CARD_SELECT} {FILTERS} {} OFFSET $7 LIMIT $8", order_by(query.sort)))
        .bind::<Nullable<Text>, _>(query.category.as_deref())
        .bind::<Nullable<Text>, _>(query.collection.as_deref())
        .bind::<Nullable<Text>, _>(query.author.as_deref())
        .bind::<Bool, _>(query.audio_only)
        .bind::<Bool, _>(query.video_only)
        .bind::<Nullable<BigInt>, _>(query.goal)
        .bind::<BigInt, _>(query.offset())
        .bind::<BigInt, _>(i64::from(query.page_size))
        .load(conn)?;
    Ok((rows, total.total))
}

/// Below this trigram similarity a title or author is not a typo of the query.
const TYPO_SIMILARITY: f64 = 0.3;
/// At most this many title or author matches are ranked; beyond that nobody pages.
const MAX_CANDIDATES: i64 = 1000;
/// At most this many matches in the description or summary text only (their vectors are large:
/// each costs tens of microseconds to read and rank).
const MAX_TEXT_CANDIDATES: i64 = 200;
/// At most this many titles or authors within a typo are ranked (checking one costs microseconds,
/// and a long query can be "within a typo" of a tenth of the catalogue).
const MAX_TYPO_CANDIDATES: i64 = 200;
/// Typos are looked for when the words themselves find fewer books than this (a page).
const FEW_HITS: i64 = 20;

/// Candidates in three tiers, each one an index answers and each limited *before* it is ranked,
/// so that no query reads and ranks thousands of books ($1 websearch text, $2 prefix tsquery,
/// $3 words for trigram similarity):
/// 1. title or author full-text matches (the first `MAX_CANDIDATES` the index gives, plus an exact
///    title always), ranked from the small `search_title` vector: an exact title first of all, then
///    full-text rank and title/author similarity;
/// 2. matches in the description or summary text only, up to `MAX_TEXT_CANDIDATES`, ranked by
///    full-text rank (description over text);
/// 3. titles and authors within a typo of the words (GIN trigram through `<%`), up to
///    `MAX_TYPO_CANDIDATES`, only when the words themselves found fewer than a page: a one-time
///    filter, so otherwise never scanned.
fn search_hits() -> String {
    format!(
        "WITH title_hits AS MATERIALIZED ( \
       SELECT c.id, 1 AS tier, \
         (CASE WHEN lower(c.title) = lower($3) THEN 10 ELSE 0 END) \
         + ts_rank_cd(c.search_title, websearch_to_tsquery('english', $1)) * 2 \
         + ts_rank_cd(c.search_title, to_tsquery('english', $2)) \
         + greatest(word_similarity($3, c.title), word_similarity($3, c.author)) AS score \
       FROM ((SELECT b.id, b.title, b.author, b.search_title FROM books b \
              WHERE b.search_title @@ websearch_to_tsquery('english', $1) OR b.search_title @@ to_tsquery('english', $2) \
              LIMIT {MAX_CANDIDATES}) \
             UNION SELECT b.id, b.title, b.author, b.search_title FROM books b WHERE lower(b.title) = lower($3)) c), \
     text_hits AS MATERIALIZED ( \
       SELECT c.id, 2 AS tier, \
         ts_rank_cd(c.search, websearch_to_tsquery('english', $1)) * 2 + ts_rank_cd(c.search, to_tsquery('english', $2)) AS score \
       FROM (SELECT b.id, b.search FROM books b \
             WHERE (b.search @@ websearch_to_tsquery('english', $1) OR b.search @@ to_tsquery('english', $2)) \
               AND NOT (b.search_title @@ websearch_to_tsquery('english', $1) OR b.search_title @@ to_tsquery('english', $2)) \
               AND b.id NOT IN (SELECT id FROM title_hits) \
             LIMIT least({MAX_TEXT_CANDIDATES}, greatest(0, {MAX_CANDIDATES} - (SELECT count(*) FROM title_hits)))) c), \
     typo_hits AS MATERIALIZED ( \
       SELECT c.id, 2 AS tier, \
         (CASE WHEN lower(c.title) = lower($3) THEN 10 ELSE 0 END) + greatest(word_similarity($3, c.title), word_similarity($3, c.author)) AS score \
       FROM (SELECT b.id, b.title, b.author FROM books b \
             WHERE ($3 <% b.title OR $3 <% b.author) \
               AND (SELECT count(*) FROM title_hits) + (SELECT count(*) FROM text_hits) < {FEW_HITS} \
               AND b.id NOT IN (SELECT id FROM title_hits) AND b.id NOT IN (SELECT id FROM text_hits) \
             LIMIT {MAX_TYPO_CANDIDATES}) c), \
     hits AS (SELECT * FROM title_hits UNION ALL SELECT * FROM text_hits UNION ALL SELECT * FROM typo_hits)"
    )
}

/// Books matching `query`, best first (the tiers of `search_hits`); the page and the total from
/// one statement.
pub fn search_books(conn: &mut PgConnection, query: &SearchQuery, offset: i64, limit: i64) -> QueryResult<(Vec<BookCardRow>, i64)> {
    let hits = search_hits();
    let select = CARD_SELECT
        .replacen("SELECT ", "SELECT (SELECT count(*) FROM hits) AS total, ", 1)
        .replacen("FROM books b", "FROM hits JOIN books b ON b.id = hits.id", 1);
    conn.transaction(|conn| {
        diesel::sql_query(format!("SET LOCAL pg_trgm.word_similarity_threshold = {TYPO_SIMILARITY}")).execute(conn)?;
        let rows: Vec<CountedCard> = diesel::sql_query(format!("{hits} {select} ORDER BY hits.tier, hits.score DESC, b.id OFFSET $4 LIMIT $5"))
            .bind::<Text, _>(&query.text)
            .bind::<Text, _>(query.prefix_tsquery())
            .bind::<Text, _>(query.words_text())
            .bind::<BigInt, _>(offset)
            .bind::<BigInt, _>(limit)
            .load(conn)?;
        let total = match rows.first() {
            Some(row) => row.total,
            // A page past the end: count alone.
            None if offset > 0 => {
                let total: Total = diesel::sql_query(format!("{hits} SELECT count(*) AS total FROM hits"))
                    .bind::<Text, _>(&query.text)
                    .bind::<Text, _>(query.prefix_tsquery())
                    .bind::<Text, _>(query.words_text())
                    .get_result(conn)?;
                total.total
            }
            None => 0,
        };
        Ok((rows.into_iter().map(|r| r.card).collect(), total))
    })
}

#[derive(QueryableByName)]
struct CountedCard {
    #[diesel(sql_type = BigInt)]
    total: i64,
    #[diesel(embed)]
    card: BookCardRow,
}
