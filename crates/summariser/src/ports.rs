//! What the summariser needs from outside.

use crate::extract::{DocKind, Document, ExtractError};
use crate::fetch_policy::Refusal;
use crate::summarise::Summary;
pub use kernel::{PortError, PortResult};
use kernel::{Session, Timestamp, UserId};

/// Where a job's text comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Link(String),
    /// An upload: its name as the member's computer gave it, and its bytes.
    File {
        name: String,
        bytes: Vec<u8>,
    },
}

/// The steps of a job, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobStatus {
    Queued,
    Fetching,
    Extracting,
    Summarising,
    Done,
    Failed,
}

impl JobStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            JobStatus::Queued => "queued",
            JobStatus::Fetching => "fetching",
            JobStatus::Extracting => "extracting",
            JobStatus::Summarising => "summarising",
            JobStatus::Done => "done",
            JobStatus::Failed => "failed",
        }
    }

    pub fn parse(text: &str) -> Option<JobStatus> {
        [JobStatus::Queued, JobStatus::Fetching, JobStatus::Extracting, JobStatus::Summarising, JobStatus::Done, JobStatus::Failed]
            .into_iter()
            .find(|s| s.as_str() == text)
    }
}

/// A job as the member sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SummaryRecord {
    pub id: i64,
    pub member: UserId,
    pub status: JobStatus,
    pub title: String,
    /// The link, or the file's name.
    pub source: String,
    pub error: Option<String>,
    pub created_at: Timestamp,
    pub sections: Vec<crate::summarise::Section>,
}

/// A job taken by a worker: what it needs to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimedJob {
    pub id: i64,
    pub source: Source,
}

pub trait SummaryStore {
    /// The member of a live session (the server checks the token; this checks the account).
    fn live_member(&self, session: Session) -> PortResult<Option<identity::User>>;
    /// Queues a job; its id. Counting and queueing are one step (the member's row is locked), so
    /// two requests at once cannot pass the daily limit.
    fn queue(&self, member: UserId, source: &Source, at: Timestamp, daily_limit: u32, since: Timestamp) -> PortResult<Option<SummaryRecord>>;
    fn summaries(&self, member: UserId) -> PortResult<Vec<SummaryRecord>>;
    fn summary(&self, member: UserId, id: i64) -> PortResult<Option<SummaryRecord>>;
    /// Removes a member's summary; whether there was one.
    fn delete(&self, member: UserId, id: i64) -> PortResult<bool>;
    /// Takes the oldest queued job, or one left unfinished before `stale_before` by a process
    /// that died (fewer than `max_attempts` tries), and moves it to its first step, so that no
    /// other worker (of this or another instance) runs it.
    fn claim(&self, at: Timestamp, stale_before: Timestamp, max_attempts: i32) -> PortResult<Option<ClaimedJob>>;
    /// Fails, with `message`, every job left unfinished before `stale_before` that has had its
    /// `max_attempts` (each time the process running it died): it is not tried again, and its
    /// member sees why instead of a job running for ever. How many.
    fn give_up_stale(&self, stale_before: Timestamp, max_attempts: i32, message: &str, at: Timestamp) -> PortResult<usize>;
    fn set_status(&self, id: i64, status: JobStatus, at: Timestamp) -> PortResult<()>;
    /// Done: the title and sections are kept, the uploaded bytes dropped.
    fn finish(&self, id: i64, summary: &Summary, at: Timestamp) -> PortResult<()>;
    /// Failed with a message for the member; the uploaded bytes are dropped.
    fn fail(&self, id: i64, message: &str, at: Timestamp) -> PortResult<()>;
}

/// A fetched page or file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fetched {
    pub bytes: Vec<u8>,
    /// The address after redirects.
    pub final_url: String,
}

/// Fetches links under `fetch_policy`, with its limits.
pub trait Fetcher {
    fn fetch(&self, url: &str) -> Result<Fetched, Refusal>;
}

/// Reads a document's text. A hostile file can make a parser take gigabytes or loop, so the
/// server reads in a child process under memory, CPU-time and output limits
/// (`server::document_reader`); a reader that stopped it answers [`ExtractError::TooComplex`].
pub trait DocumentReader {
    fn read(&self, kind: DocKind, bytes: &[u8], base_url: Option<&str>) -> Result<Document, ExtractError>;
}

/// Reads in this process, with no limits: for tests, and inside the child process itself.
pub struct InProcessReader;

impl DocumentReader for InProcessReader {
    fn read(&self, kind: DocKind, bytes: &[u8], base_url: Option<&str>) -> Result<Document, ExtractError> {
        crate::extract::extract(kind, bytes, base_url)
    }
}

/// A key idea as a language model writes it: plain text, shaped into HTML here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyIdea {
    pub title: String,
    pub paragraphs: Vec<String>,
}

/// A language model that summarises instead of the built-in summariser.
pub trait LanguageModel {
    /// Key ideas of the document, or an error (then the built-in summariser is used).
    fn key_ideas(&self, document: &Document) -> Result<Vec<KeyIdea>, PortError>;
}
