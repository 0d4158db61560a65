UPDATE all_books b SET read_count = b.read_count + p.n, recent_reads = b.recent_reads + p.n
FROM (SELECT book_id, count(*)::int AS n FROM book_reads_pending GROUP BY book_id) p WHERE b.id = p.book_id;
DROP TABLE book_reads_pending;
