//! Statements the query builder cannot write (CTEs that read and write in one round trip), kept
//! prepared on each connection. Raw SQL is parsed and planned on every call (about 0.1 ms for
//! each of a position save's two statements, more than running them); `EXECUTE` of a named
//! statement reuses its plan. A connection prepares a statement the first time it runs it.

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error};

/// A statement with its name and parameter types, for `PREPARE name (types) AS sql`.
pub struct Named {
    pub name: &'static str,
    pub parameter_types: &'static str,
    pub sql: &'static str,
}

/// Runs `execute` (an `EXECUTE` of `statement`), preparing the statement first on a connection
/// that has not yet. Only outside a transaction: a failed `EXECUTE` aborts the one it is in.
pub fn run_prepared<T>(conn: &mut PgConnection, statement: &Named, execute: impl Fn(&mut PgConnection) -> QueryResult<T>) -> QueryResult<T> {
    match execute(conn) {
        // Whatever the server's language for messages: if the statement can be prepared now, it
        // was missing; if it cannot (it exists), the error was another one and stands.
        Err(error @ Error::DatabaseError(DatabaseErrorKind::Unknown, _)) => {
            match conn.batch_execute(&format!("PREPARE {} ({}) AS {}", statement.name, statement.parameter_types, statement.sql)) {
                Ok(()) => execute(conn),
                Err(_) => Err(error),
            }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::TestDatabase;
    use diesel::sql_types::Integer;

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
}
