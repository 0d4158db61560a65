//! Stages of `cargo xtask test`: each runs to the end whatever the others do, its output goes to
//! its own log (`target/test-logs/`), and the summary gives each stage's result, wall time and
//! when it ran. Stages on different threads run at the same time; their logs are printed whole
//! (failed stages) or as their last lines (passed ones) when they end, so the CI log stays readable.

use anyhow::{Context, Result};
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct Outcome {
    pub name: String,
    pub result: Result<()>,
    pub started: Duration,
    pub took: Duration,
    /// Counts a stage reports, e.g. "682 Rust tests".
    pub note: Option<String>,
}

pub struct Suite {
    started: Instant,
    dir: PathBuf,
    outcomes: Mutex<Vec<Outcome>>,
    /// Printing is one stage at a time.
    console: Mutex<()>,
}

/// What a stage writes to: its log file.
pub struct Log {
    path: PathBuf,
    file: Mutex<File>,
    note: Mutex<Option<String>>,
}

impl Log {
    /// Runs `command` with its output in this log; fails with the command's name when it fails.
    pub fn run(&self, command: &mut Command) -> Result<()> {
        let shown = shown(command);
        self.line(&format!("$ {command:?}"));
        let (out, err) = {
            let file = self.file.lock().expect("log");
            (file.try_clone()?, file.try_clone()?)
        };
        let status = command.stdin(Stdio::null()).stdout(out).stderr(err).status().with_context(|| format!("starting {shown}"))?;
        if !status.success() {
            anyhow::bail!("{shown} failed ({status})");
        }
        Ok(())
    }

    /// Runs `command` as `run` does and answers its standard output (also kept in the log).
    pub fn output(&self, command: &mut Command) -> Result<String> {
        let shown = shown(command);
        self.line(&format!("$ {command:?}"));
        let err = self.file.lock().expect("log").try_clone()?;
        let output = command.stdin(Stdio::null()).stderr(err).output().with_context(|| format!("starting {shown}"))?;
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        self.line(&text);
        if !output.status.success() {
            anyhow::bail!("{shown} failed ({})", output.status);
        }
        Ok(text)
    }

    pub fn line(&self, text: &str) {
        let mut file = self.file.lock().expect("log");
        let _ = writeln!(file, "{text}");
    }

    /// A count or figure for the summary line of this stage.
    pub fn note(&self, text: impl Into<String>) {
        *self.note.lock().expect("note") = Some(text.into());
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A handle for a child process's output.
    pub fn file(&self) -> Result<File> {
        Ok(self.file.lock().expect("log").try_clone()?)
    }
}

impl Suite {
    pub fn new(dir: PathBuf) -> Result<Suite> {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)?;
        Ok(Suite { started: Instant::now(), dir, outcomes: Mutex::new(Vec::new()), console: Mutex::new(()) })
    }

    /// Runs one stage; whether it passed.
    pub fn stage(&self, name: &str, work: impl FnOnce(&Log) -> Result<()>) -> bool {
        let file_name: String = name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
        let path = self.dir.join(format!("{}.log", file_name.trim_matches('-')));
        let log = match File::create(&path) {
            Ok(file) => Log { path: path.clone(), file: Mutex::new(file), note: Mutex::new(None) },
            Err(error) => {
                self.record(name, Err(anyhow::anyhow!("cannot write {}: {error}", path.display())), Instant::now(), None);
                return false;
            }
        };
        let began = Instant::now();
        self.say(&format!("==> {name} (started at {} s)", self.started.elapsed().as_secs()));
        let result = work(&log);
        let note = log.note.lock().expect("note").take();
        let passed = result.is_ok();
        {
            let _console = self.console.lock().expect("console");
            let took = began.elapsed().as_secs_f64();
            let lines = read_lines(&log.path);
            if passed {
                let tail = lines.len().saturating_sub(12);
                println!("\n--- {name}: ok in {took:.0} s (last lines of {}) ---", log.path.display());
                for line in &lines[tail..] {
                    println!("    {line}");
                }
            } else {
                println!("\n--- {name}: FAILED after {took:.0} s; its whole log ({}): ---", log.path.display());
                for line in &lines {
                    println!("    {line}");
                }
            }
            let _ = std::io::stdout().flush();
        }
        self.record(name, result, began, note);
        passed
    }

    /// Records a stage that could not run, with the reason.
    pub fn skipped(&self, name: &str, reason: &str) {
        self.record(name, Err(anyhow::anyhow!("not run: {reason}")), Instant::now(), None);
    }

    fn record(&self, name: &str, result: Result<()>, began: Instant, note: Option<String>) {
        let outcome = Outcome { name: name.to_owned(), result, started: began.duration_since(self.started), took: began.elapsed(), note };
        self.outcomes.lock().expect("outcomes").push(outcome);
    }

    fn say(&self, text: &str) {
        let _console = self.console.lock().expect("console");
        println!("{text}");
        let _ = std::io::stdout().flush();
    }

    /// Prints every stage's result, wall time and span, and the total; fails if any stage failed.
    pub fn finish(self) -> Result<()> {
        let total = self.started.elapsed();
        let mut outcomes = self.outcomes.into_inner().expect("outcomes");
        outcomes.sort_by_key(|o| o.started);
        println!(
            "\n==> Summary: {} s in all ({:.1} min); each stage's wall time and when it ran (s from the start)",
            total.as_secs(),
            total.as_secs_f64() / 60.0
        );
        let mut failed = 0;
        for outcome in &outcomes {
            let span = format!("{:>5}-{:<5}", outcome.started.as_secs(), (outcome.started + outcome.took).as_secs());
            let note = outcome.note.as_deref().map(|n| format!(" [{n}]")).unwrap_or_default();
            match &outcome.result {
                Ok(()) => println!("  ok      {:>5} s  {span} {}{note}", outcome.took.as_secs(), outcome.name),
                Err(error) => {
                    failed += 1;
                    println!("  FAILED  {:>5} s  {span} {}{note}: {error:#}", outcome.took.as_secs(), outcome.name);
                }
            }
        }
        if failed > 0 {
            anyhow::bail!("{failed} stage(s) failed");
        }
        Ok(())
    }
}

/// A command as the summary names it: the program and its arguments (the log has the rest).
fn shown(command: &Command) -> String {
    let mut words = vec![command.get_program().to_string_lossy().into_owned()];
    words.extend(command.get_args().map(|arg| arg.to_string_lossy().into_owned()));
    format!("`{}`", words.join(" "))
}

fn read_lines(path: &Path) -> Vec<String> {
    File::open(path).map(|file| BufReader::new(file).lines().map_while(Result::ok).collect()).unwrap_or_default()
}
