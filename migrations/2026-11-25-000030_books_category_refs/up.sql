-- The reader's statement built each book's categories (id, subid, name in display order) as JSON
-- from a subselect over book_categories and categories on every call: about a fifth of its time
-- (docs/performance.md §1, run 14). They are kept on the book instead, as that same JSON, and
-- statement-level triggers refresh them in the transaction of every change they are made from (a
-- book's categories set, a category renamed, reordered or deleted), so no instance can read them
-- stale and no cache needs invalidating. The `books` view is made again so it shows the column.

CREATE FUNCTION book_category_refs(book BIGINT) RETURNS JSONB LANGUAGE sql STABLE AS $$
    SELECT coalesce(jsonb_agg(jsonb_build_array(c.id, c.subid, c.name) ORDER BY c.sort_order, c.name), '[]'::jsonb)
    FROM book_categories bc JOIN categories c ON c.id = bc.category_id
    WHERE bc.book_id = book
$$;

DROP VIEW books;
ALTER TABLE all_books ADD COLUMN category_refs JSONB NOT NULL DEFAULT '[]';
UPDATE all_books SET category_refs = book_category_refs(id) WHERE EXISTS (SELECT 1 FROM book_categories bc WHERE bc.book_id = all_books.id);
CREATE VIEW books AS SELECT * FROM all_books WHERE deleted_at IS NULL;

-- The books a statement on book_categories touched (its transition tables), refreshed once each.
CREATE FUNCTION refresh_category_refs_of_linked_books() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE all_books b SET category_refs = book_category_refs(b.id) WHERE b.id IN (SELECT book_id FROM linked);
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE all_books b SET category_refs = book_category_refs(b.id) WHERE b.id IN (SELECT book_id FROM unlinked);
    ELSE
        UPDATE all_books b SET category_refs = book_category_refs(b.id)
        WHERE b.id IN (SELECT book_id FROM linked UNION SELECT book_id FROM unlinked);
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER book_categories_inserted AFTER INSERT ON book_categories
    REFERENCING NEW TABLE AS linked FOR EACH STATEMENT EXECUTE FUNCTION refresh_category_refs_of_linked_books();
CREATE TRIGGER book_categories_deleted AFTER DELETE ON book_categories
    REFERENCING OLD TABLE AS unlinked FOR EACH STATEMENT EXECUTE FUNCTION refresh_category_refs_of_linked_books();
CREATE TRIGGER book_categories_updated AFTER UPDATE ON book_categories
    REFERENCING OLD TABLE AS unlinked NEW TABLE AS linked FOR EACH STATEMENT EXECUTE FUNCTION refresh_category_refs_of_linked_books();

-- A category renamed or reordered: the books in it. (A category deleted takes its book_categories
-- rows with it, whose trigger refreshes their books.)
CREATE FUNCTION refresh_category_refs_of_changed_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE all_books b SET category_refs = book_category_refs(b.id)
    WHERE b.id IN (
        SELECT bc.book_id FROM book_categories bc JOIN changed c ON c.id = bc.category_id
        JOIN was w ON w.id = c.id
        WHERE (c.subid, c.name, c.sort_order) IS DISTINCT FROM (w.subid, w.name, w.sort_order)
    );
    RETURN NULL;
END
$$;

CREATE TRIGGER categories_updated AFTER UPDATE ON categories
    REFERENCING OLD TABLE AS was NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refresh_category_refs_of_changed_categories();
