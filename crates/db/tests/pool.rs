//! The pool runs no test query before a checkout, so a connection the server has dropped is only
//! found out by the call that uses it: that one call fails, the connection is discarded on return,
//! and the next checkout works again.

use db::testing::{run_prepared, scalar, with_database, Named, TestDatabase};
use db::{build_pool, PoolSettings};
use diesel::result::Error;
use diesel::sql_types::Integer;
use diesel::{PgConnection, QueryableByName, RunQueryDsl};
use std::time::Duration;

#[derive(QueryableByName)]
struct Backend {
    #[diesel(sql_type = Integer)]
    pid: i32,
}

fn backend_pid(conn: &mut diesel::PgConnection) -> diesel::QueryResult<i32> {
    diesel::sql_query("SELECT pg_backend_pid() AS pid").get_result::<Backend>(conn).map(|b| b.pid)
}

#[test]
fn a_connection_killed_by_the_server_fails_one_call_and_is_replaced() {
    let database = TestDatabase::new();
    let pool = build_pool(&database.url, &PoolSettings { max_size: 1, checkout_timeout: Duration::from_secs(5) }).unwrap();
    let killed = backend_pid(&mut pool.get().unwrap()).unwrap();

    let mut admin = database.connect();
    // With a timeout, PostgreSQL (14+) answers once the backend has gone, not when it is signalled.
    let gone = scalar(&mut admin, &format!("SELECT pg_terminate_backend({killed}, 10000)::int::bigint AS n"));
    assert_eq!(gone, 1, "backend {killed} still there after 10 s");

    assert!(backend_pid(&mut pool.get().unwrap()).is_err(), "the call that meets the dead connection fails");
    let replacement = backend_pid(&mut pool.get().unwrap()).expect("the next checkout has a working connection");
    assert_ne!(replacement, killed);
}

#[test]
fn a_test_databases_url_replaces_only_the_database_name() {
    assert_eq!(with_database("postgres://u@h:5432/postgres", "x"), "postgres://u@h:5432/x");
    assert_eq!(with_database("postgres://u@h/db?sslmode=disable", "x"), "postgres://u@h/x?sslmode=disable");
    assert_eq!(with_database("postgres://u@h:5432", "x"), "postgres://u@h:5432/x");
}

#[derive(QueryableByName, Debug, PartialEq)]
struct Doubled {
    #[diesel(sql_type = Integer)]
    n: i32,
}

const DOUBLE: Named = Named { name: "test_double", parameter_types: "integer", sql: "SELECT $1 * 2 AS n" };

#[test]
fn a_statement_is_prepared_once_per_connection_and_other_errors_stand() {
    let database = TestDatabase::new();
    let mut conn = database.connect();
    let double = |conn: &mut PgConnection, n: i32| {
        run_prepared(conn, &DOUBLE, |conn| diesel::sql_query(format!("EXECUTE test_double({n})")).get_result::<Doubled>(conn))
    };
    assert_eq!(double(&mut conn, 21).unwrap(), Doubled { n: 42 });
    assert_eq!(double(&mut conn, 4).unwrap(), Doubled { n: 8 }, "prepared already");
    assert_eq!(double(&mut database.connect(), 5).unwrap(), Doubled { n: 10 }, "a new connection prepares its own");

    let overflow = run_prepared(&mut conn, &DOUBLE, |conn| diesel::sql_query("EXECUTE test_double(2000000000)").get_result::<Doubled>(conn));
    assert!(matches!(overflow, Err(Error::DatabaseError(_, ref info)) if info.message().contains("out of range")), "{overflow:?}");
}
