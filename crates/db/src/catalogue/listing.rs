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

/// Books matching `query`, best first, in the tiers of the `search_hits` function (migrations 28,
/// 46 and 47, which say how candidates are found and ranked); the page and the total from one
/// statement. The function keeps its plans per connection (but the text tier's, made per call)
/// and sets the typo threshold itself, so a search is one round trip with no transaction.
pub fn search_books(conn: &mut PgConnection, query: &SearchQuery, offset: i64, limit: i64) -> QueryResult<(Vec<BookCardRow>, i64)> {
    const HITS: &str = "WITH hits AS MATERIALIZED (SELECT book_id AS id, tier, score FROM search_hits($1, $2, $3))";
    let select = CARD_SELECT.replacen("SELECT ", "SELECT (SELECT count(*) FROM hits) AS total, ", 1).replacen(
        "FROM books b",
        "FROM hits JOIN books b ON b.id = hits.id",
        1,
    );
    let rows: Vec<CountedCard> = diesel::sql_query(format!("{HITS} {select} ORDER BY hits.tier, hits.score DESC, b.id OFFSET $4 LIMIT $5"))
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
            let total: Total = diesel::sql_query("SELECT count(*) AS total FROM search_hits($1, $2, $3)")
                .bind::<Text, _>(&query.text)
                .bind::<Text, _>(query.prefix_tsquery())
                .bind::<Text, _>(query.words_text())
                .get_result(conn)?;
            total.total
        }
        None => 0,
    };
    Ok((rows.into_iter().map(|r| r.card).collect(), total))
}

#[derive(QueryableByName)]
struct CountedCard {
    #[diesel(sql_type = BigInt)]
    total: i64,
    #[diesel(embed)]
    card: BookCardRow,
}
