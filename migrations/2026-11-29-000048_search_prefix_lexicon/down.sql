-- Back to migration 47's function, then without the word list.
CREATE OR REPLACE FUNCTION search_hits(websearch text, prefix text, words text)
RETURNS TABLE (book_id bigint, tier integer, score double precision)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
SET pg_trgm.word_similarity_threshold = 0.3
SET synchronize_seqscans = off
AS $$
#variable_conflict use_column
DECLARE
  title_ids bigint[];
  title_scores float8[];
  text_ids bigint[];
  text_scores float8[];
  -- Parsed once here, not once per row (see above).
  full_query tsquery := websearch_to_tsquery('english', websearch);
  prefix_query tsquery := to_tsquery('english', prefix);
BEGIN
  SELECT coalesce(array_agg(c.id), '{}'), coalesce(array_agg(
      ((CASE WHEN lower(c.title) = lower($3) THEN 10 ELSE 0 END)
       + ts_rank_cd(c.search_title, full_query) * 2
       + ts_rank_cd(c.search_title, prefix_query)
       + greatest(word_similarity($3, c.title), word_similarity($3, c.author)))::float8), '{}')
  INTO title_ids, title_scores
  FROM ((SELECT b.id, b.title, b.author, b.search_title FROM books b
         WHERE b.search_title @@ full_query OR b.search_title @@ prefix_query
         LIMIT 1000)
        UNION SELECT b.id, b.title, b.author, b.search_title FROM books b WHERE lower(b.title) = lower($3)) c;

  -- Planned with this call's words (EXECUTE): a word in nearly every summary is read from the
  -- table in order until 200 are found, a rare one from the index; one generic plan cannot do both.
  IF cardinality(title_ids) < 1000 THEN
    EXECUTE $q$
      SELECT coalesce(array_agg(c.id), '{}'), coalesce(array_agg(c.score), '{}') FROM (
        SELECT b.id, (ts_rank_cd(b.search, $1) * 2 + ts_rank_cd(b.search, $2))::float8 AS score
        FROM books b
        WHERE (b.search @@ $1 OR b.search @@ $2)
          AND NOT (b.search_title @@ $1 OR b.search_title @@ $2)
          AND NOT (b.id = ANY ($3))
        LIMIT $4) c $q$
    INTO text_ids, text_scores
    USING full_query, prefix_query, title_ids, least(200, 1000 - cardinality(title_ids));
  ELSE
    text_ids := '{}'; text_scores := '{}';
  END IF;

  RETURN QUERY SELECT t.id, 1, t.score FROM unnest(title_ids, title_scores) AS t(id, score);
  RETURN QUERY SELECT t.id, 2, t.score FROM unnest(text_ids, text_scores) AS t(id, score);
  IF cardinality(title_ids) + cardinality(text_ids) < 20 THEN
    RETURN QUERY
      SELECT b.id, 2,
        ((CASE WHEN lower(b.title) = lower($3) THEN 10 ELSE 0 END)
         + greatest(word_similarity($3, b.title), word_similarity($3, b.author)))::float8
      FROM books b
      WHERE ($3 <% b.title OR $3 <% b.author)
        AND NOT (b.id = ANY (title_ids)) AND NOT (b.id = ANY (text_ids))
      LIMIT 200;
  END IF;
END
$$;

DROP FUNCTION search_prefix_match(text);
DROP TRIGGER search_lexemes_on_update ON all_books;
DROP TRIGGER search_lexemes_on_insert ON all_books;
DROP FUNCTION search_lexemes_of_changed_book();
DROP FUNCTION search_lexemes_of_new_books();
DROP TABLE search_lexemes;
