-- Search's prefixes spelt out as words (docs/performance.md, "Open-loop latency", run 7).
-- `to_tsquery('english', 'habits:*')` is the prefix 'habit':*. A GIN index cannot skip through a
-- prefix's books as it skips through a word's: it first collects every book of every word that
-- starts with 'habit', and 'habit' is in nearly every synthetic summary, so the text tier of "Quiet
-- Habits" spent 13.5 ms on that prefix and 2 ms on the word. Each prefix now becomes the words that
-- start with it ('habit' | 'habitat' | 'habitu'), from `search_lexemes`, every word the books'
-- search vectors hold; the index then skips as for typed words. The ranks still use the prefix
-- query, so scores and order are what they were. A prefix of more than four words stays a prefix:
-- the planner guesses 0.5 % of the books for each word it has no statistics for, and a prefix
-- spelt out as 24 rare words made it read the whole table for the text tier (1.2 s, where the
-- prefix took 17 ms). The list only grows: a word no book holds any more matches nothing.
CREATE TABLE search_lexemes (
    lexeme TEXT COLLATE "C" PRIMARY KEY
);
INSERT INTO search_lexemes SELECT DISTINCT unnest(tsvector_to_array(search)) FROM all_books;

-- New books, once per statement (the synthetic seed inserts a thousand at a time).
CREATE FUNCTION search_lexemes_of_new_books() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes SELECT DISTINCT unnest(tsvector_to_array(search)) FROM added_books
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER search_lexemes_on_insert AFTER INSERT ON all_books
  REFERENCING NEW TABLE AS added_books FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_of_new_books();

-- An edited title, author, description or summary. A read (the read counts) changes no word and
-- does not fire it.
CREATE FUNCTION search_lexemes_of_changed_book() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes SELECT unnest(tsvector_to_array(NEW.search)) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER search_lexemes_on_update AFTER UPDATE ON all_books
  FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION search_lexemes_of_changed_book();

-- The words of a search (lower-case letters and digits, space-separated) as a query that matches
-- the books `to_tsquery('english', 'w1:* & w2:*')` matches, each prefix replaced by the words that
-- start with it. Only the ranks need the prefixes themselves. NULL when every word is a stop word.
CREATE FUNCTION search_prefix_match(words text) RETURNS tsquery
LANGUAGE plpgsql STABLE
-- A stop word parsed alone is a notice to the client ("only stop words"); the whole query's
-- parse still gives one when every word is.
SET client_min_messages = warning
AS $$
DECLARE
  word text;
  part tsquery;
  stem text;
  found text[];
  result tsquery;
BEGIN
  FOREACH word IN ARRAY regexp_split_to_array(words, ' ') LOOP
    part := to_tsquery('english', word || ':*');
    CONTINUE WHEN numnode(part) = 0;  -- a stop word, which to_tsquery leaves out too
    stem := substring(part::text FROM '^''([^''\\]+)'':\*$');
    IF stem IS NOT NULL THEN
      -- Bytewise (the column's "C" collation): the words that start with the stem.
      SELECT array_agg(l.lexeme) INTO found FROM (
        SELECT s.lexeme FROM search_lexemes s
        WHERE s.lexeme >= stem AND s.lexeme < stem || chr(1114111) AND starts_with(s.lexeme, stem)
        ORDER BY s.lexeme LIMIT 5) l;
      -- None: the prefix stays (it matches nothing, and costs nothing to look up).
      IF cardinality(found) <= 4 THEN
        part := (SELECT string_agg('''' || replace(replace(f, '\', '\\'), '''', '''''') || '''', ' | ')
                 FROM unnest(found) f)::tsquery;
      END IF;
    END IF;
    result := CASE WHEN result IS NULL THEN part ELSE result && part END;
  END LOOP;
  RETURN result;
END
$$;

-- Search's candidates as in migration 47, but matched with the spelt-out prefixes (above).
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
  -- Parsed once here, not once per row (migration 47).
  full_query tsquery := websearch_to_tsquery('english', websearch);
  prefix_query tsquery := to_tsquery('english', prefix);
  -- What the prefix query matches, each prefix spelt out as the words it stands for (above).
  prefix_match tsquery := coalesce(search_prefix_match(words), prefix_query);
BEGIN
  SELECT coalesce(array_agg(c.id), '{}'), coalesce(array_agg(
      ((CASE WHEN lower(c.title) = lower($3) THEN 10 ELSE 0 END)
       + ts_rank_cd(c.search_title, full_query) * 2
       + ts_rank_cd(c.search_title, prefix_query)
       + greatest(word_similarity($3, c.title), word_similarity($3, c.author)))::float8), '{}')
  INTO title_ids, title_scores
  FROM ((SELECT b.id, b.title, b.author, b.search_title FROM books b
         WHERE b.search_title @@ full_query OR b.search_title @@ prefix_match
         LIMIT 1000)
        UNION SELECT b.id, b.title, b.author, b.search_title FROM books b WHERE lower(b.title) = lower($3)) c;

  -- Planned with this call's words (EXECUTE): a word in nearly every summary is read from the
  -- table in order until 200 are found, a rare one from the index; one generic plan cannot do both.
  IF cardinality(title_ids) < 1000 THEN
    EXECUTE $q$
      SELECT coalesce(array_agg(c.id), '{}'), coalesce(array_agg(c.score), '{}') FROM (
        SELECT b.id, (ts_rank_cd(b.search, $1) * 2 + ts_rank_cd(b.search, $2))::float8 AS score
        FROM books b
        WHERE (b.search @@ $1 OR b.search @@ $5)
          AND NOT (b.search_title @@ $1 OR b.search_title @@ $5)
          AND NOT (b.id = ANY ($3))
        LIMIT $4) c $q$
    INTO text_ids, text_scores
    USING full_query, prefix_query, title_ids, least(200, 1000 - cardinality(title_ids)), prefix_match;
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
