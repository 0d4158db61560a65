//! The reader's call is one statement: the book, its categories in display order, the member's
//! own state and the session's member, who is there only while the session is live and the
//! account not erased (the same check as `find_session_user`).

use catalogue::model::BookKey;
use chrono::NaiveDate;
use db::catalogue::page::{book_for_session, book_text, book_with_state};
use db::testing::{scalar as insert, TestDatabase};
use diesel::{PgConnection, RunQueryDsl};
use kernel::{Session, SessionId, UserId};

fn run(conn: &mut PgConnection, sql: &str) {
    diesel::sql_query(sql).execute(conn).unwrap();
}

const FAMILY: u128 = 0xfeed;

fn month() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 1).unwrap()
}

/// A member with a live session, and a book in two categories (listed out of display order).
fn member_and_book(conn: &mut PgConnection) -> (Session, i64) {
    let member = insert(conn, "INSERT INTO users (email, password_hash) VALUES ('ada@example.com', 'x') RETURNING id AS n");
    let session = Session { user: UserId(member), id: SessionId(FAMILY) };
    run(
        conn,
        &format!(
            "INSERT INTO refresh_tokens (user_id, family, token_digest, created_at, expires_at, user_agent, address) \
             VALUES ({member}, '{}', 'digest', now(), now() + interval '1 day', 'test', '127.0.0.1')",
            session.id.to_hex()
        ),
    );
    let book = insert(conn, "INSERT INTO all_books (subid, title, author) VALUES ('walden', 'Walden', 'Thoreau') RETURNING id AS n");
    let later =
        insert(conn, "INSERT INTO categories (subid, name, description, small_image, sort_order) VALUES ('money', 'Money', '', '', 2) RETURNING id AS n");
    let first = insert(conn, "INSERT INTO categories (subid, name, description, small_image, sort_order) VALUES ('mind', 'Mind', '', '', 1) RETURNING id AS n");
    run(conn, &format!("INSERT INTO book_categories (book_id, category_id) VALUES ({book}, {later}), ({book}, {first})"));
    run(conn, &format!("INSERT INTO reading_history (user_id, book_id, position, started_at, updated_at) VALUES ({member}, {book}, 3, now(), now())"));
    (session, book)
}

#[test]
fn the_book_comes_with_its_categories_the_members_state_and_the_live_member() {
    let database = TestDatabase::new();
    let mut conn = database.connect();
    let (session, book) = member_and_book(&mut conn);

    let (member, found) = book_for_session(&mut conn, &BookKey::Id(book), session, month()).unwrap().expect("the book");
    assert_eq!(member.map(|m| m.id), Some(session.user));
    assert_eq!(found.member.position, 3);
    let names: Vec<&str> = found.categories.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Mind", "Money"], "in display order");
    assert_eq!(found.categories[0].subid, "mind");

    let by_subid = book_for_session(&mut conn, &BookKey::Subid("walden".into()), session, month()).unwrap().expect("by subid");
    assert_eq!(by_subid.1.book.id, book);
    assert!(book_for_session(&mut conn, &BookKey::Id(book + 1), session, month()).unwrap().is_none());

    let visitor = book_with_state(&mut conn, &BookKey::Id(book), None, Some(month())).unwrap().expect("the book");
    assert_eq!(visitor.member.position, 0, "a visitor sees no one's state");
    assert_eq!(visitor.categories.len(), 2);
}

#[test]
fn an_ended_session_another_members_session_or_an_erased_account_reads_no_member() {
    let database = TestDatabase::new();
    let mut conn = database.connect();
    let (session, book) = member_and_book(&mut conn);
    let key = BookKey::Id(book);
    let member_of = |conn: &mut PgConnection, session: Session| book_for_session(conn, &key, session, month()).unwrap().expect("the book").0;

    assert!(member_of(&mut conn, Session { user: session.user, id: SessionId(FAMILY + 1) }).is_none(), "an unknown session");
    assert!(member_of(&mut conn, Session { user: UserId(session.user.0 + 1), id: session.id }).is_none(), "someone else's session");

    run(&mut conn, "UPDATE refresh_tokens SET revoked_at = now()");
    assert!(member_of(&mut conn, session).is_none(), "a revoked session");

    run(&mut conn, "UPDATE refresh_tokens SET revoked_at = NULL");
    assert!(member_of(&mut conn, session).is_some());
    run(&mut conn, "UPDATE users SET deleted_at = now()");
    assert!(member_of(&mut conn, session).is_none(), "an erased account");
}

#[test]
fn the_page_names_the_body_by_a_digest_that_follows_every_edit() {
    let database = TestDatabase::new();
    let mut conn = database.connect();
    let (session, book) = member_and_book(&mut conn);
    run(&mut conn, &format!("UPDATE books SET body = '<h3>One</h3><p>first</p>' WHERE id = {book}"));
    let digest_now = |conn: &mut PgConnection| book_for_session(conn, &BookKey::Id(book), session, month()).unwrap().expect("the book").1.body_digest;

    let before = digest_now(&mut conn);
    let page = book_with_state(&mut conn, &BookKey::Id(book), None, Some(month())).unwrap().unwrap();
    assert_eq!(page.book.body, "", "the statement does not carry the body");
    assert_eq!(page.body_digest, before);
    let text = book_text(&mut conn, book).unwrap().expect("the text");
    assert_eq!((text.text.as_str(), text.digest.as_str()), ("<h3>One</h3><p>first</p>", before.as_str()), "the text comes with the digest the page names");

    run(&mut conn, &format!("UPDATE books SET body = '<h3>One</h3><p>edited</p>' WHERE id = {book}"));
    let after = digest_now(&mut conn);
    assert_ne!(after, before, "an edited body has another digest");
    assert_eq!(book_text(&mut conn, book).unwrap().unwrap().digest, after);
    run(&mut conn, &format!("UPDATE books SET title = 'Walden, or Life in the Woods' WHERE id = {book}"));
    assert_eq!(digest_now(&mut conn), after, "another column's edit keeps the digest");
    assert!(book_text(&mut conn, book + 1).unwrap().is_none());
}
