//! Where the time goes while a benchmark loads the server: a sampled CPU profile of the server
//! process (`perf` with call stacks: the top symbols, the top callers by inclusive time and a
//! flame graph drawn by inferno) and the database's statements by total time
//! (`pg_stat_statements`, loaded by the benchmark cluster).

use anyhow::Result;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Double, Text};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use xtask::util::{have, step};

/// A second load of the same call while `perf` records the server: the profile costs the server
/// CPU (the DWARF stack copies), so its figures are printed apart from the measured run's.
pub(super) fn profiled_run(rig: &super::Rig, title: &str, wrk_args: &[&str]) -> Result<()> {
    let Some(cpu) = CpuProfile::start(rig.server_pid(), 10, &rig.scratch) else { return Ok(()) };
    super::wrk_load(&format!("{title} again, profiled (not the figure: perf slows the server)"), wrk_args)?;
    cpu.report(title)
}

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
        // Call stacks unwound from the stack copies by DWARF (.eh_frame): release builds keep no
        // frame pointers. A lower rate keeps the copies to a few hundred MB.
        let child = Command::new("perf")
            .args(["record", "-q", "-F", "299", "--call-graph", "dwarf,16384", "-p", &pid.to_string(), "-o"])
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
            .args(["report", "--stdio", "--no-children", "-g", "none", "--sort", "dso,symbol", "--percent-limit", "1.5", "-i"])
            .arg(&self.data)
            .output()?;
        let text = String::from_utf8_lossy(&output.stdout);
        // perf pads its columns to the terminal's width: one space between fields is enough.
        let lines: Vec<String> =
            text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).take(25).collect();
        if lines.is_empty() {
            println!("(no samples: {})", String::from_utf8_lossy(&output.stderr).trim());
        }
        for line in lines {
            println!("{line}");
        }
        self.flame_graph(title)
    }

    /// Folds the recorded stacks (inferno's perf collapser), prints the frames with the most
    /// inclusive time and writes the flame graph next to the recording.
    fn flame_graph(&self, title: &str) -> Result<()> {
        use inferno::collapse::Collapse;
        let script = Command::new("perf").args(["script", "--no-inline", "-i"]).arg(&self.data).stderr(Stdio::null()).output()?;
        let mut folded = Vec::new();
        inferno::collapse::perf::Folder::default().collapse(&script.stdout[..], &mut folded)?;
        let folded = String::from_utf8_lossy(&folded);
        let stacks: Vec<(Vec<&str>, u64)> = folded.lines().filter_map(parse_folded).collect();
        let total: u64 = stacks.iter().map(|(_, n)| n).sum();
        if total == 0 {
            println!("(no call stacks recorded: no flame graph)");
            return Ok(());
        }
        step(&format!("Inclusive time during {title} (frames on the stack in over 8 % of samples, from the flame graph's stacks)"));
        for (frame, share) in inclusive_shares(&stacks, total, 8.0).into_iter().take(30) {
            println!("{share:>5.1} %  {frame}");
        }
        let svg = self.data.with_file_name(format!("flamegraph-{}.svg", title.replace(' ', "-")));
        let mut options = inferno::flamegraph::Options::default();
        options.title = format!("server during {title}");
        inferno::flamegraph::from_lines(&mut options, folded.lines(), std::fs::File::create(&svg)?)?;
        println!("flame graph: {}", svg.display());
        Ok(())
    }
}

/// One folded line: `frame;frame;frame count`.
fn parse_folded(line: &str) -> Option<(Vec<&str>, u64)> {
    let (stack, count) = line.rsplit_once(' ')?;
    Some((stack.split(';').collect(), count.parse().ok()?))
}

/// Each frame's share of all samples in which it is on the stack (counted once per sample however
/// deep it recurs), at least `min_percent`, largest first.
fn inclusive_shares(stacks: &[(Vec<&str>, u64)], total: u64, min_percent: f64) -> Vec<(String, f64)> {
    let mut on_stack: std::collections::HashMap<&str, u64> = std::collections::HashMap::new();
    for (frames, count) in stacks {
        let mut seen = std::collections::HashSet::new();
        for frame in frames.iter().filter(|f| seen.insert(**f)) {
            *on_stack.entry(frame).or_default() += count;
        }
    }
    let mut shares: Vec<(String, f64)> =
        on_stack.into_iter().map(|(frame, n)| (frame.to_owned(), 100.0 * n as f64 / total as f64)).filter(|(_, share)| *share >= min_percent).collect();
    shares.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    shares
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inclusive_time_counts_a_frame_once_per_sample_and_drops_the_small_ones() {
        let folded = "main;serve;handler;diesel 6\nmain;serve;handler;handler 2\nmain;idle 2\nbroken line";
        let stacks: Vec<_> = folded.lines().filter_map(parse_folded).collect();
        assert_eq!(stacks.len(), 3);
        let shares = inclusive_shares(&stacks, 10, 15.0);
        assert_eq!(
            shares,
            vec![("main".to_owned(), 100.0), ("handler".to_owned(), 80.0), ("serve".to_owned(), 80.0), ("diesel".to_owned(), 60.0), ("idle".to_owned(), 20.0)]
        );
        assert!(inclusive_shares(&stacks, 10, 70.0).iter().all(|(_, share)| *share >= 70.0));
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
