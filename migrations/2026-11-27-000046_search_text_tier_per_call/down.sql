-- Back to migration 28's function: one statement, one generic plan.
CREATE OR REPLACE FUNCTION search_hits(websearch text, prefix text, words text)
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
