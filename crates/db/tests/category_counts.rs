//! Each category keeps how many books it holds (`categories.book_count`, migration 45), so home
//! does not count a whole catalogue's links on every call. The count must stay what counting the
//! links says after every way links change: added, removed, moved, a book deleted, a category
//! deleted, the table emptied, and the catalogue's own write that links a book.

use db::testing::{scalar, TestDatabase};
use diesel::{PgConnection, QueryableByName, RunQueryDsl};

#[derive(QueryableByName, Debug, PartialEq)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    id: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    kept: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    counted: i64,
}

fn run(conn: &mut PgConnection, sql: &str) {
    diesel::sql_query(sql).execute(conn).unwrap_or_else(|e| panic!("{sql}: {e}"));
}

/// Each category's kept count beside the count of its links.
fn counts(conn: &mut PgConnection) -> Vec<Count> {
    diesel::sql_query(
        "SELECT c.id, c.book_count AS kept, (SELECT count(*) FROM book_categories bc WHERE bc.category_id = c.id) AS counted FROM categories c ORDER BY c.id",
    )
    .load(conn)
    .unwrap()
}

fn assert_kept(conn: &mut PgConnection, after: &str) -> Vec<i64> {
    let counts = counts(conn);
    for count in &counts {
        assert_eq!(count.kept, count.counted, "category {} after {after}: {counts:?}", count.id);
    }
    counts.iter().map(|c| c.kept).collect()
}

#[test]
fn every_category_keeps_the_count_of_its_books_whatever_changes_the_links() {
    let database = TestDatabase::new();
    let mut conn = database.connect();
    let category =
        |conn: &mut PgConnection, name: &str| scalar(conn, &format!("INSERT INTO categories (subid, name) VALUES ('{name}', '{name}') RETURNING id AS n"));
    let (mind, money, health) = (category(&mut conn, "mind"), category(&mut conn, "money"), category(&mut conn, "health"));
    let books: Vec<i64> = (0..6)
        .map(|n| scalar(&mut conn, &format!("INSERT INTO all_books (subid, title, author) VALUES ('book-{n}', 'Book {n}', 'Author') RETURNING id AS n")))
        .collect();
    assert_eq!(assert_kept(&mut conn, "nothing linked"), vec![0, 0, 0]);

    // One statement linking several books to several categories.
    run(&mut conn, &format!("INSERT INTO book_categories (book_id, category_id) SELECT b, {mind} FROM unnest(ARRAY{books:?}) b"));
    run(
        &mut conn,
        &format!("INSERT INTO book_categories (book_id, category_id) VALUES ({}, {money}), ({}, {money}), ({}, {health})", books[0], books[1], books[0]),
    );
    assert_eq!(assert_kept(&mut conn, "linking"), vec![6, 2, 1]);
    // The catalogue's own write (a link that is already there changes nothing).
    db::catalogue::write::add_book_categories(&mut conn, &[(books[2], money), (books[0], money)]).unwrap();
    assert_eq!(assert_kept(&mut conn, "the catalogue's write"), vec![6, 3, 1]);

    run(&mut conn, &format!("DELETE FROM book_categories WHERE category_id = {mind} AND book_id IN ({}, {})", books[4], books[5]));
    assert_eq!(assert_kept(&mut conn, "unlinking"), vec![4, 3, 1]);
    run(&mut conn, &format!("UPDATE book_categories SET category_id = {health} WHERE category_id = {money} AND book_id = {}", books[1]));
    assert_eq!(assert_kept(&mut conn, "moving a link"), vec![4, 2, 2]);
    // Deleting a book removes its links (ON DELETE CASCADE), and the counts follow.
    run(&mut conn, &format!("DELETE FROM all_books WHERE id = {}", books[0]));
    assert_eq!(assert_kept(&mut conn, "deleting a book"), vec![3, 1, 1]);
    run(&mut conn, &format!("DELETE FROM categories WHERE id = {health}"));
    assert_eq!(assert_kept(&mut conn, "deleting a category"), vec![3, 1]);
    run(&mut conn, "TRUNCATE book_categories");
    assert_eq!(assert_kept(&mut conn, "emptying the links"), vec![0, 0]);
}
