//! An isolated database per test: the migrations run once into a template database (named after
//! a hash of the migrations, so a change rebuilds it), and every test gets a copy, dropped after.

use crate::pool::run_migrations;
pub use crate::pool::with_database;
// The connection's named statements, for `tests/pool.rs`.
pub use crate::prepared::{run_prepared, Named};
use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::{Connection, RunQueryDsl};
use rand::Rng;
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

/// The server to make test databases on: `TEST_DATABASE_URL` (any database on it; `cargo xtask
/// test` sets it), else the local PostgreSQL at 127.0.0.1:5432.
pub fn server_url() -> String {
    let url = std::env::var("TEST_DATABASE_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    without_tls(url)
}

/// Test servers are on loopback: no TLS and no GSSAPI encryption, which keeps OpenSSL and
/// Kerberos (inside libpq) out of the test processes, whose exit can otherwise race a worker
/// thread's open connection (seen as a segfault, and as a failed `k5_mutex_lock` assertion).
fn without_tls(url: String) -> String {
    let mut url = url;
    for setting in ["sslmode=disable", "gssencmode=disable"] {
        let name = setting.split('=').next().expect("a name");
        if !url.contains(&format!("{name}=")) {
            url.push(if url.contains('?') { '&' } else { '?' });
            url.push_str(setting);
        }
    }
    url
}

fn template_name() -> &'static str {
    static NAME: OnceLock<String> = OnceLock::new();
    NAME.get_or_init(|| {
        let mut hash = Sha256::new();
        for dir in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../migrations")).expect("migrations folder") {
            let dir = dir.expect("migration entry").path();
            for file in ["up.sql", "down.sql"] {
                hash.update(dir.display().to_string());
                hash.update(std::fs::read(dir.join(file)).unwrap_or_default());
            }
        }
        format!("gistbook_template_{}", &hex::encode(hash.finalize())[..16])
    })
}

#[derive(diesel::QueryableByName)]
struct TemplateName {
    #[diesel(sql_type = diesel::sql_types::Text)]
    datname: String,
}

fn admin_connection() -> PgConnection {
    let url = server_url();
    PgConnection::establish(&url).unwrap_or_else(|e| panic!("cannot reach the test PostgreSQL at {url}: {e}"))
}

/// Builds the template once per server; concurrent test processes wait on an advisory lock.
fn ensure_template() {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        let mut admin = admin_connection();
        admin.batch_execute("SELECT pg_advisory_lock(727274)").expect("advisory lock");
        let name = template_name();
        let exists = diesel::select(diesel::dsl::sql::<diesel::sql_types::Bool>(&format!("EXISTS (SELECT 1 FROM pg_database WHERE datname = '{name}')")))
            .get_result::<bool>(&mut admin)
            .expect("look up template");
        if !exists {
            admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name}_building WITH (FORCE)")).expect("drop stale");
            admin.batch_execute(&format!("CREATE DATABASE {name}_building")).expect("create template");
            {
                let mut conn = PgConnection::establish(&with_database(&server_url(), &format!("{name}_building"))).expect("connect to template");
                run_migrations(&mut conn).expect("migrate template");
            }
            admin.batch_execute(&format!("ALTER DATABASE {name}_building RENAME TO {name}")).expect("publish template");
        }
        // Templates of other migration sets are left over from older checkouts: drop those nobody
        // is using (two checkouts testing at once on one server would rebuild theirs).
        let stale: Vec<String> =
            diesel::sql_query(format!("SELECT datname FROM pg_database WHERE datname LIKE 'gistbook\\_template\\_%' AND datname NOT LIKE '{name}%'"))
                .load::<TemplateName>(&mut admin)
                .map(|rows| rows.into_iter().map(|row| row.datname).collect())
                .unwrap_or_default();
        for old in stale {
            let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {old}"));
        }
        admin.batch_execute("SELECT pg_advisory_unlock(727274)").expect("advisory unlock");
    });
}

/// A fresh, migrated database for one test; dropped when this value is.
pub struct TestDatabase {
    pub name: String,
    pub url: String,
}

impl TestDatabase {
    pub fn new() -> TestDatabase {
        ensure_template();
        let name = format!("gistbook_test_{:016x}", rand::thread_rng().gen::<u64>());
        admin_connection().batch_execute(&format!("CREATE DATABASE {name} TEMPLATE {}", template_name())).expect("create test database");
        let url = with_database(&server_url(), &name);
        TestDatabase { name, url }
    }

    /// An empty database with no migrations applied (for the migration tests).
    pub fn empty() -> TestDatabase {
        let name = format!("gistbook_test_{:016x}", rand::thread_rng().gen::<u64>());
        admin_connection().batch_execute(&format!("CREATE DATABASE {name}")).expect("create test database");
        let url = with_database(&server_url(), &name);
        TestDatabase { name, url }
    }

    pub fn connect(&self) -> PgConnection {
        PgConnection::establish(&self.url).expect("connect to test database")
    }
}

/// The `BIGINT` column `n` of a raw statement's one row: a count, a sum or an inserted id in a
/// test's set-up and checks (`... RETURNING id AS n`).
pub fn scalar(conn: &mut PgConnection, sql: &str) -> i64 {
    #[derive(diesel::QueryableByName)]
    struct Scalar {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    diesel::sql_query(sql).get_result::<Scalar>(conn).unwrap_or_else(|error| panic!("{sql}: {error}")).n
}

impl Default for TestDatabase {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let _ = admin_connection().batch_execute(&format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name));
    }
}
