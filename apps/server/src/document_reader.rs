//! The summariser's document reader: each upload or fetched page is read by a child process,
//! `extract-document` (this package's second binary), which limits its own memory, CPU time and
//! file writes before it reads a byte; this side bounds its output and its wall time. A parser a
//! hostile PDF sends into gigabytes or a loop takes down that child only, and the job fails with
//! [`ExtractError::TooComplex`] instead of the server (Security III §3).
//!
//! The exchange: stdin carries a first line `kind` (`pdf`, `epub`, `html`, `text`), a second
//! line with the base URL (empty for uploads), then the bytes; stdout answers one JSON object,
//! `{"title": ..., "blocks": [["h" | "p", text], ...]}` or `{"error": code}`.

use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;
use summariser::extract::{Block, DocKind, Document, ExtractError};
use summariser::ports::DocumentReader;

/// What the child may use. The defaults hold the largest legitimate upload (20 MB) with room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReaderLimits {
    /// Address space (RLIMIT_AS), bytes.
    pub memory_bytes: u64,
    /// CPU time (RLIMIT_CPU), seconds: the kernel stops the child past it.
    pub cpu_seconds: u64,
    /// Wall time, waited for here (a child stuck on nothing uses no CPU).
    pub wall: Duration,
    /// The answer's size: the text of a summary is capped far below this.
    pub output_bytes: usize,
}

impl Default for ReaderLimits {
    fn default() -> Self {
        ReaderLimits { memory_bytes: 512 * 1024 * 1024, cpu_seconds: 20, wall: Duration::from_secs(30), output_bytes: 8 * 1024 * 1024 }
    }
}

/// Reads documents through the `extract-document` child process.
pub struct ChildProcessReader {
    pub program: PathBuf,
    pub limits: ReaderLimits,
}

impl ChildProcessReader {
    /// The `extract-document` binary built beside the running server.
    pub fn beside_this_program(limits: ReaderLimits) -> std::io::Result<ChildProcessReader> {
        let here = std::env::current_exe()?;
        let dir = here.parent().ok_or_else(|| std::io::Error::other("the server's program has no folder"))?;
        Ok(ChildProcessReader { program: dir.join("extract-document"), limits })
    }
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
pub enum Answer {
    Read { title: String, blocks: Vec<(String, String)> },
    Failed { error: String },
}

impl From<Result<Document, ExtractError>> for Answer {
    fn from(result: Result<Document, ExtractError>) -> Self {
        match result {
            Ok(document) => Answer::Read {
                title: document.title,
                blocks: document
                    .blocks
                    .into_iter()
                    .map(|block| match block {
                        Block::Heading(text) => ("h".to_owned(), text),
                        Block::Paragraph(text) => ("p".to_owned(), text),
                    })
                    .collect(),
            },
            Err(error) => Answer::Failed { error: error.code().to_owned() },
        }
    }
}

impl Answer {
    fn into_result(self) -> Result<Document, ExtractError> {
        match self {
            Answer::Read { title, blocks } => Ok(Document {
                title,
                blocks: blocks.into_iter().map(|(kind, text)| if kind == "h" { Block::Heading(text) } else { Block::Paragraph(text) }).collect(),
            }),
            Answer::Failed { error } => Err(ExtractError::from_code(&error).unwrap_or(ExtractError::Unreadable)),
        }
    }
}

impl DocumentReader for ChildProcessReader {
    fn read(&self, kind: DocKind, bytes: &[u8], base_url: Option<&str>) -> Result<Document, ExtractError> {
        match self.run(kind, bytes, base_url) {
            Ok(answer) => answer,
            Err(error) => {
                tracing::warn!(%error, "the document reader could not run");
                Err(ExtractError::TooComplex)
            }
        }
    }
}

impl ChildProcessReader {
    /// `Ok(answer)` once the child answered or was stopped; `Err` when it could not be run.
    fn run(&self, kind: DocKind, bytes: &[u8], base_url: Option<&str>) -> std::io::Result<Result<Document, ExtractError>> {
        let limits = self.limits;
        let mut child = Command::new(&self.program)
            .env_clear()
            .env("EXTRACT_MEMORY_BYTES", limits.memory_bytes.to_string())
            .env("EXTRACT_CPU_SECONDS", limits.cpu_seconds.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let mut input = Vec::with_capacity(bytes.len() + 64);
        writeln!(input, "{}", kind.code())?;
        writeln!(input, "{}", base_url.unwrap_or("").replace(['\n', '\r'], ""))?;
        input.extend_from_slice(bytes);
        let mut stdin = child.stdin.take().expect("piped");
        // Written and read on their own threads: a child that stops reading cannot block us.
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
        let mut stdout = child.stdout.take().expect("piped");
        let cap = limits.output_bytes;
        let reader = std::thread::spawn(move || {
            let mut output = Vec::new();
            let read = (&mut stdout).take(cap as u64 + 1).read_to_end(&mut output);
            read.map(|_| output)
        });
        // Waited for on its own thread, so the wall-time limit is a timed receive, not polling;
        // past it the child is killed by its pid (the waiting thread owns the `Child`).
        let pid = nix::unistd::Pid::from_raw(i32::try_from(child.id()).map_err(std::io::Error::other)?);
        let (exited, waiting) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = exited.send(child.wait());
        });
        let status = match waiting.recv_timeout(limits.wall) {
            Ok(status) => Some(status?),
            Err(_) => {
                let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGKILL);
                let _ = waiting.recv();
                None
            }
        };
        let _ = writer.join();
        let output = reader.join().map_err(|_| std::io::Error::other("the output reader panicked"))??;
        let answered = status.filter(|s| s.success()).filter(|_| output.len() <= cap).and_then(|_| serde_json::from_slice::<Answer>(&output).ok());
        Ok(match answered {
            Some(answer) => answer.into_result(),
            None => Err(ExtractError::TooComplex),
        })
    }
}

/// The child's side: limits first, then the request from stdin, the answer to stdout.
pub fn child_main() -> std::process::ExitCode {
    use nix::sys::resource::{setrlimit, Resource};
    let limit = |name: &str, fallback: u64| std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(fallback);
    let defaults = ReaderLimits::default();
    let memory = limit("EXTRACT_MEMORY_BYTES", defaults.memory_bytes);
    let cpu = limit("EXTRACT_CPU_SECONDS", defaults.cpu_seconds);
    let limited = setrlimit(Resource::RLIMIT_AS, memory, memory)
        .and_then(|_| setrlimit(Resource::RLIMIT_CPU, cpu, cpu))
        // It writes no file: a parser bug cannot fill the disk.
        .and_then(|_| setrlimit(Resource::RLIMIT_FSIZE, 0, 0));
    if limited.is_err() {
        return std::process::ExitCode::from(3);
    }
    let mut input = Vec::new();
    if std::io::stdin().read_to_end(&mut input).is_err() {
        return std::process::ExitCode::from(4);
    }
    let mut lines = input.splitn(3, |b| *b == b'\n');
    let kind = lines.next().and_then(|k| std::str::from_utf8(k).ok()).and_then(DocKind::from_code);
    let base_url = lines.next().and_then(|u| std::str::from_utf8(u).ok()).filter(|u| !u.is_empty()).map(str::to_owned);
    let (Some(kind), Some(bytes)) = (kind, lines.next()) else { return std::process::ExitCode::from(5) };
    let answer = Answer::from(summariser::extract::extract(kind, bytes, base_url.as_deref()));
    let Ok(json) = serde_json::to_vec(&answer) else { return std::process::ExitCode::from(6) };
    if std::io::stdout().write_all(&json).is_err() {
        return std::process::ExitCode::from(7);
    }
    std::process::ExitCode::SUCCESS
}
