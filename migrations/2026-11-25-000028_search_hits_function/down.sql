DROP FUNCTION search_hits(text, text, text);
