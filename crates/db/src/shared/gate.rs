//! `PgStore`: one pooled connection, lent to a use case so that the whole call checks out a single
//! connection. Every domain folder of this crate implements its domain's ports on it; this file
//! holds only the plumbing they share (one query, one transaction), never a table or a rule.

use diesel::prelude::*;
use kernel::{PortError, PortResult};
use std::cell::RefCell;

/// A port's failure inside a Diesel transaction's closure: the transaction rolls back with it.
pub(crate) fn port_failure(error: PortError) -> diesel::result::Error {
    diesel::result::Error::QueryBuilderError(error.to_string().into())
}

pub struct PgStore<'c> {
    conn: RefCell<&'c mut PgConnection>,
}

impl<'c> PgStore<'c> {
    pub fn new(conn: &'c mut PgConnection) -> Self {
        PgStore { conn: RefCell::new(conn) }
    }

    /// Runs one query (or one transaction) on the connection.
    pub(crate) fn run<T>(&self, work: impl FnOnce(&mut PgConnection) -> QueryResult<T>) -> PortResult<T> {
        let mut conn = self.conn.borrow_mut();
        work(&mut conn).map_err(|e| PortError::Failed(e.to_string()))
    }

    /// Runs a domain's `work` (which calls this store's ports) in one transaction: committed when
    /// it succeeds, rolled back when it fails.
    pub(crate) fn atomically<E: From<PortError>>(&self, work: &mut dyn FnMut() -> Result<(), E>) -> Result<(), E> {
        use diesel::connection::{AnsiTransactionManager, TransactionManager};
        self.run(AnsiTransactionManager::begin_transaction)?;
        match work() {
            Ok(()) => {
                if let Err(error) = self.run(AnsiTransactionManager::commit_transaction) {
                    let _ = self.run(AnsiTransactionManager::rollback_transaction);
                    return Err(error.into());
                }
                Ok(())
            }
            Err(error) => {
                let _ = self.run(AnsiTransactionManager::rollback_transaction);
                Err(error)
            }
        }
    }
}
