-- Search's candidates (docs/catalogue.md, docs/performance.md §3), as a function so that its plan is
-- made once per connection and kept: the statement was raw SQL, planned on every call (1.1-1.5 ms
-- over 100,000 books, as long as running it), and the trigram threshold was a `SET LOCAL` in a
-- transaction of its own (three more round trips). Its generic plan runs as fast as the per-call
-- ones, whatever the words.
--
-- Three tiers, each one an index answers and each limited *before* it is ranked, so that no query
-- reads and ranks thousands of books ($1 websearch text, $2 prefix tsquery, $3 the words, for
-- trigram similarity):
-- 1. title or author full-text matches from the small `search_title` vector (the first 1,000 the
--    index gives, plus an exact title always), ranked: an exact title first of all, then full-text
--    rank and title/author similarity;
-- 2. matches in the description or summary text only, at most 200 (their vectors are large: each
--    costs tens of microseconds to read and rank), ranked by full-text rank;
-- 3. titles and authors within a typo of the words (GIN trigram through `<%`, similarity 0.3), at
--    most 200, and only when the words themselves found fewer than a page (20): a one-time filter,
--    so otherwise never scanned.
CREATE FUNCTION search_hits(websearch text, prefix text, words text)
RETURNS TABLE (book_id bigint, tier integer, score double precision)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
SET pg_trgm.word_similarity_threshold = 0.3
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH title_hits AS MATERIALIZED (
    SELECT c.id, 1 AS tier,
      ((CASE WHEN lower(c.title) = lower($3) THEN 10 ELSE 0 END)
       + ts_rank_cd(c.search_title, websearch_to_tsquery('english', $1)) * 2
       + ts_rank_cd(c.search_title, to_tsquery('english', $2))
       + greatest(word_similarity($3, c.title), word_similarity($3, c.author)))::float8 AS score
    FROM ((SELECT b.id, b.title, b.author, b.search_title FROM books b
           WHERE b.search_title @@ websearch_to_tsquery('english', $1) OR b.search_title @@ to_tsquery('english', $2)
           LIMIT 1000)
          UNION SELECT b.id, b.title, b.author, b.search_title FROM books b WHERE lower(b.title) = lower($3)) c),
  text_hits AS MATERIALIZED (
    SELECT c.id, 2 AS tier,
      (ts_rank_cd(c.search, websearch_to_tsquery('english', $1)) * 2 + ts_rank_cd(c.search, to_tsquery('english', $2)))::float8 AS score
    FROM (SELECT b.id, b.search FROM books b
          WHERE (b.search @@ websearch_to_tsquery('english', $1) OR b.search @@ to_tsquery('english', $2))
            AND NOT (b.search_title @@ websearch_to_tsquery('english', $1) OR b.search_title @@ to_tsquery('english', $2))
            AND b.id NOT IN (SELECT id FROM title_hits)
          LIMIT least(200, greatest(0, 1000 - (SELECT count(*) FROM title_hits)))) c),
  typo_hits AS MATERIALIZED (
    SELECT c.id, 2 AS tier,
      ((CASE WHEN lower(c.title) = lower($3) THEN 10 ELSE 0 END)
       + greatest(word_similarity($3, c.title), word_similarity($3, c.author)))::float8 AS score
    FROM (SELECT b.id, b.title, b.author FROM books b
          WHERE ($3 <% b.title OR $3 <% b.author)
            AND (SELECT count(*) FROM title_hits) + (SELECT count(*) FROM text_hits) < 20
            AND b.id NOT IN (SELECT id FROM title_hits) AND b.id NOT IN (SELECT id FROM text_hits)
          LIMIT 200) c)
  SELECT h.id, h.tier, h.score FROM title_hits h
  UNION ALL SELECT h.id, h.tier, h.score FROM text_hits h
  UNION ALL SELECT h.id, h.tier, h.score FROM typo_hits h;
END
$$;
