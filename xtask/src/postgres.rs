//! The database for `run`, `test` and the benchmarks: DATABASE_URL when set, otherwise a private
//! PostgreSQL cluster under target/ made from the installed PostgreSQL binaries. Driven through
//! PostgreSQL's own programs (initdb, pg_ctl, psql), so `xtask` needs no database driver.

use crate::util::{is_root, run, step};
use anyhow::{bail, Context, Result};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A PostgreSQL server to use; stops the private cluster (if we started it) when dropped.
pub struct Postgres {
    /// A URL of the server's `postgres` maintenance database.
    pub server_url: String,
    psql: PathBuf,
    private: Option<PrivateCluster>,
}

struct PrivateCluster {
    bin: PathBuf,
    data: PathBuf,
}

impl Postgres {
    /// `name` tells private clusters apart (`pg` for run, `pg-test` for test).
    pub fn start(name: &str, port: u16) -> Result<Postgres> {
        if let Ok(url) = std::env::var("DATABASE_URL") {
            if !url.trim().is_empty() {
                println!("Using the PostgreSQL server of DATABASE_URL.");
                let psql = find_bin().map(|bin| bin.join("psql")).unwrap_or_else(|_| PathBuf::from("psql"));
                return Ok(Postgres { server_url: with_database(&url, "postgres"), psql, private: None });
            }
        }
        let bin = find_bin()?;
        let dir = crate::util::root().join("target").join(name);
        let data = dir.join("data");
        let socket = dir.join("socket");
        let as_postgres = is_root();
        if !data.join("PG_VERSION").exists() {
            step(&format!("Creating a private PostgreSQL cluster in {}", data.display()));
            std::fs::create_dir_all(&data)?;
            std::fs::create_dir_all(&socket)?;
            if as_postgres {
                // initdb refuses to run as root; the cluster belongs to the postgres user.
                run(Command::new("chown").arg("-R").arg("postgres:postgres").arg(&dir))?;
            }
            run(pg_command(&bin.join("initdb"), as_postgres)
                .args(["-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C", "-D"])
                .arg(&data)
                .stdout(Stdio::null()))?;
        }
        let server_url = format!("postgres://postgres@127.0.0.1:{port}/postgres");
        let postgres = Postgres { server_url, psql: bin.join("psql"), private: Some(PrivateCluster { bin: bin.clone(), data: data.clone() }) };
        if !postgres.answers() {
            step(&format!("Starting the private PostgreSQL on port {port}"));
            // The benchmarks' cluster also keeps statement statistics, so `bench reader` can print
            // where the database's time goes.
            let statistics = if name == "pg-bench" { " -c shared_preload_libraries=pg_stat_statements" } else { "" };
            let options = format!(
                "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300{statistics}",
                socket.display()
            );
            let mut start = pg_command(&bin.join("pg_ctl"), as_postgres);
            start.arg("-D").arg(&data).arg("-o").arg(options).arg("-l").arg(dir.join("server.log")).args(["-w", "start"]);
            // Its own process group, so the terminal's Ctrl-C reaches the app, not the database.
            start.process_group(0).stdout(Stdio::null());
            run(&mut start).with_context(|| format!("see {}", dir.join("server.log").display()))?;
        }
        Ok(postgres)
    }

    /// Whether the server takes a connection.
    fn answers(&self) -> bool {
        self.query(&self.server_url, "SELECT 1").is_ok()
    }

    /// One statement through psql on `url`; its unaligned output.
    pub fn query(&self, url: &str, sql: &str) -> Result<String> {
        let output = Command::new(&self.psql)
            .args(["-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql])
            .arg(url)
            .stdin(Stdio::null())
            .output()
            .with_context(|| format!("running {}", self.psql.display()))?;
        if !output.status.success() {
            bail!("psql: {sql}: {}", String::from_utf8_lossy(&output.stderr).trim());
        }
        Ok(String::from_utf8_lossy(&output.stdout).trim().to_owned())
    }

    /// The URL of database `name` on this server, creating it when missing.
    pub fn database(&self, name: &str) -> Result<String> {
        let exists = self.query(&self.server_url, &format!("SELECT count(*) FROM pg_database WHERE datname = '{name}'")).context("connecting to PostgreSQL")?;
        if exists == "0" {
            self.query(&self.server_url, &format!("CREATE DATABASE {name}"))?;
        }
        Ok(with_database(&self.server_url, name))
    }

    /// A new database `name` copied from `template` (dropped first when it exists); its URL.
    pub fn clone_database(&self, template: &str, name: &str) -> Result<String> {
        self.drop_database(name);
        self.query(&self.server_url, &format!("CREATE DATABASE {name} TEMPLATE {template}"))?;
        Ok(with_database(&self.server_url, name))
    }

    /// The private cluster's log file (none when DATABASE_URL names another server).
    pub fn log_file(&self) -> Option<PathBuf> {
        self.private.as_ref().and_then(|cluster| Some(cluster.data.parent()?.join("server.log")))
    }

    pub fn drop_database(&self, name: &str) {
        let _ = self.query(&self.server_url, &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        if let Some(cluster) = &self.private {
            let _ = pg_command(&cluster.bin.join("pg_ctl"), is_root())
                .arg("-D")
                .arg(&cluster.data)
                .args(["-m", "fast", "-w", "stop"])
                .stdout(Stdio::null())
                .status();
        }
    }
}

/// `url` with its database part replaced by `database` (query string kept).
pub fn with_database(url: &str, database: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let after_scheme = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[after_scheme..].find('/').map_or(base.len(), |i| after_scheme + i);
    let mut out = format!("{}/{database}", &base[..host_end]);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    out
}

fn pg_command(program: &Path, as_postgres: bool) -> Command {
    if as_postgres {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

/// The newest installed PostgreSQL's binaries.
fn find_bin() -> Result<PathBuf> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let version = entry.file_name().to_string_lossy().parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    versions.sort();
    match versions.pop() {
        Some((_, bin)) => Ok(bin),
        None => bail!(
            "no PostgreSQL server binaries found under /usr/lib/postgresql.\n\
             Install them (Debian/Ubuntu: `apt-get install postgresql`) or set DATABASE_URL to a server you have."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::with_database;

    #[test]
    fn replaces_the_database_name() {
        assert_eq!(with_database("postgres://u@h:5432/postgres", "x"), "postgres://u@h:5432/x");
        assert_eq!(with_database("postgres://u@h/db?sslmode=disable", "x"), "postgres://u@h/x?sslmode=disable");
        assert_eq!(with_database("postgres://u@h:5432", "x"), "postgres://u@h:5432/x");
    }
}
