//! `Gate`: one pooled connection, lent to a use case so that the whole call checks out a single
//! connection. Each domain folder of this crate declares its store type over a gate
//! (`domain_store!`, e.g. `billing::PgBillingStore`) and implements its domain's ports on that
//! type only; several stores on one gate share the connection, and so its transaction. This file
//! holds only the plumbing they share (one query, one transaction), never a table or a rule.

use diesel::prelude::*;
use kernel::{PortError, PortResult};
use std::cell::RefCell;

/// A port's failure inside a Diesel transaction's closure: the transaction rolls back with it.
pub(crate) fn port_failure(error: PortError) -> diesel::result::Error {
    diesel::result::Error::QueryBuilderError(error.to_string().into())
}

pub struct Gate<'c> {
    conn: RefCell<&'c mut PgConnection>,
}

impl<'c> Gate<'c> {
    pub fn new(conn: &'c mut PgConnection) -> Self {
        Gate { conn: RefCell::new(conn) }
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

/// Declares a domain's store type: its ports over a `Gate`'s connection (`Store::on(&gate)`).
/// It derefs to the gate, so its port implementations run their queries with `self.run`.
macro_rules! domain_store {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(Clone, Copy)]
        pub struct $name<'g>(&'g $crate::shared::gate::Gate<'g>);

        impl<'g> $name<'g> {
            pub fn on(gate: &'g $crate::shared::gate::Gate<'g>) -> Self {
                $name(gate)
            }

            /// The gate this store runs on, to reach another domain's ports on the same connection.
            #[allow(dead_code)]
            pub(crate) fn gate(&self) -> &'g $crate::shared::gate::Gate<'g> {
                self.0
            }
        }

        impl<'g> std::ops::Deref for $name<'g> {
            type Target = $crate::shared::gate::Gate<'g>;
            fn deref(&self) -> &Self::Target {
                self.0
            }
        }
    };
}
pub(crate) use domain_store;
