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
