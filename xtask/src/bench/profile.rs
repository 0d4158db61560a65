//! Where the time goes while a benchmark loads the server: a sampled CPU profile of the server
//! process (`perf`, the top symbols) and the database's statements by total time
//! (`pg_stat_statements`, loaded by the benchmark cluster).

use crate::util::{have, step};
use anyhow::Result;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Double, Text};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A running `perf record` of one process.
pub(super) struct CpuProfile {
    child: Child,
    data: std::path::PathBuf,
}

impl CpuProfile {
    /// Samples `pid` for `seconds` (None when perf is missing or not permitted here).
    pub fn start(pid: u32, seconds: u32, scratch: &Path) -> Option<CpuProfile> {
        if !have("perf") {
            println!("(perf is missing: no CPU profile; Debian's package is linux-perf)");
            return None;
        }
        let data = scratch.join("perf.data");
        let child = Command::new("perf")
            .args(["record", "-q", "-F", "499", "-p", &pid.to_string(), "-o"])
            .arg(&data)
            .args(["--", "sleep", &seconds.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        Some(CpuProfile { child, data })
    }

    /// Waits for the recording and prints the symbols with the most samples.
    pub fn report(mut self, title: &str) -> Result<()> {
        self.child.wait()?;
        step(&format!("CPU profile of the server during {title} (perf, symbols over 1.5 % of samples)"));
        let output = Command::new("perf")
            .args(["report", "--stdio", "--no-children", "--sort", "dso,symbol", "--percent-limit", "1.5", "-i"])
            .arg(&self.data)
            .output()?;
        let text = String::from_utf8_lossy(&output.stdout);
        // perf pads its columns to the terminal's width: one space between fields is enough.
        let lines: Vec<String> = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .take(25)
            .collect();
        if lines.is_empty() {
            println!("(no samples: {})", String::from_utf8_lossy(&output.stderr).trim());
        }
        for line in lines {
            println!("{line}");
        }
        Ok(())
    }
}

#[derive(QueryableByName)]
struct Statement {
    #[diesel(sql_type = Text)]
    query: String,
    #[diesel(sql_type = BigInt)]
    calls: i64,
    #[diesel(sql_type = Double)]
    mean_ms: f64,
    #[diesel(sql_type = Double)]
    share: f64,
}

/// Clears the statement statistics (false when the extension is not loaded).
pub(super) fn reset_statements(url: &str) -> bool {
    let Ok(mut conn) = PgConnection::establish(url) else { return false };
    diesel::sql_query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements").execute(&mut conn).is_ok()
        && diesel::sql_query("SELECT pg_stat_statements_reset()").execute(&mut conn).is_ok()
}

/// Prints the statements with the most total execution time since the reset.
pub(super) fn print_statements(url: &str, title: &str) -> Result<()> {
    step(&format!("Database time during {title} (pg_stat_statements, top 10 by total time)"));
    let mut conn = PgConnection::establish(url)?;
    let top: Vec<Statement> = diesel::sql_query(
        "SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query, calls, mean_exec_time AS mean_ms, \
           100 * total_exec_time / nullif(sum(total_exec_time) OVER (), 0) AS share \
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) \
         ORDER BY total_exec_time DESC LIMIT 10",
    )
    .load(&mut conn)?;
    for s in top {
        println!("{:>5.1} %  {:>8} calls  {:>6.3} ms  {}", s.share, s.calls, s.mean_ms, s.query);
    }
    Ok(())
}
