//! The pool runs no test query before a checkout, so a connection the server has dropped is only
//! found out by the call that uses it: that one call fails, the connection is discarded on return,
//! and the next checkout works again.

use db::testing::TestDatabase;
use db::{build_pool, PoolSettings};
use diesel::sql_types::Integer;
use diesel::{QueryableByName, RunQueryDsl};
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
    diesel::sql_query(format!("SELECT pg_terminate_backend({killed})")).execute(&mut admin).unwrap();
    std::thread::sleep(Duration::from_millis(200));

    assert!(backend_pid(&mut pool.get().unwrap()).is_err(), "the call that meets the dead connection fails");
    let replacement = backend_pid(&mut pool.get().unwrap()).expect("the next checkout has a working connection");
    assert_ne!(replacement, killed);
}
