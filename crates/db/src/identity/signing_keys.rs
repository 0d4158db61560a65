//! The shared signing keyring (`credentials::KeyringStore`): sealed keys in `signing_keys`, so
//! every instance on the database signs and verifies with the same keys.

use crate::schema::signing_keys;
use crate::DbPool;
use credentials::{KeyringError, KeyringStore, SealedKey};
use diesel::prelude::*;

pub struct PgKeyringStore {
    pool: DbPool,
}

impl PgKeyringStore {
    pub fn new(pool: DbPool) -> Self {
        PgKeyringStore { pool }
    }

    fn connection(&self) -> Result<crate::DbConn, KeyringError> {
        self.pool.get().map_err(|e| KeyringError::Store(e.to_string()))
    }
}

impl KeyringStore for PgKeyringStore {
    fn load(&self) -> Result<Vec<SealedKey>, KeyringError> {
        let rows: Vec<(i32, Vec<u8>)> = signing_keys::table
            .select((signing_keys::id, signing_keys::sealed_private_key))
            .order(signing_keys::id)
            .load(&mut self.connection()?)
            .map_err(|e| KeyringError::Store(e.to_string()))?;
        Ok(rows.into_iter().map(|(id, sealed_private_key)| SealedKey { id: id as u32, sealed_private_key }).collect())
    }

    fn add(&self, key: &SealedKey) -> Result<bool, KeyringError> {
        let id = i32::try_from(key.id).map_err(|_| KeyringError::Store(format!("key id {} is out of range", key.id)))?;
        let added = diesel::insert_into(signing_keys::table)
            .values((signing_keys::id.eq(id), signing_keys::sealed_private_key.eq(&key.sealed_private_key)))
            .on_conflict_do_nothing()
            .execute(&mut self.connection()?)
            .map_err(|e| KeyringError::Store(e.to_string()))?;
        Ok(added == 1)
    }
}
