//! The summariser's use cases: starting a summary from a link or a file (paid members, 20 a
//! day), "My summaries", and running one queued job through its steps.

use crate::error::SummariserError;
use crate::extract::{detect, Block, Document};
use crate::fetch_policy::{check_link, AllowList, Refusal};
use crate::limits::{DAILY_LIMIT, MAX_ATTEMPTS, MAX_FILE_BYTES, MAX_TEXT_CHARS, STALE_AFTER};
use crate::ports::*;
use crate::summarise::{paragraphs, summarise, Section, Summary};
use kernel::{Session, Timestamp, UserId};

pub struct Summariser<'s, S: ?Sized> {
    store: &'s S,
    now: Timestamp,
}

impl<'s, S: SummaryStore + ?Sized> Summariser<'s, S> {
    pub fn new(store: &'s S, now: Timestamp) -> Self {
        Summariser { store, now }
    }

    /// Starts summarising a link. A link that is not http(s), or names an inner address
    /// outright, is refused here; names are checked when the job fetches them.
    pub fn start_link(&self, session: Session, link: &str, allow: &AllowList) -> Result<SummaryRecord, SummariserError> {
        let member = self.paid_member(session)?;
        if link.trim().is_empty() {
            return Err(SummariserError::NothingGiven);
        }
        let url = check_link(link, allow).map_err(|refusal| match refusal {
            Refusal::NotHttp => SummariserError::InvalidLink,
            other => SummariserError::Refused(other.message()),
        })?;
        self.queue(member, Source::Link(url.to_string()))
    }

    /// Whether the caller may start a summary at all (a live paid member), asked before an
    /// upload's body is read: a free member's 20 MB is refused unread.
    pub fn check_may_start(&self, session: Session) -> Result<(), SummariserError> {
        self.paid_member(session).map(drop)
    }

    /// Starts summarising an upload: at most 20 MB, a PDF, EPUB, HTML or text file by its bytes.
    pub fn start_file(&self, session: Session, name: &str, bytes: Vec<u8>) -> Result<SummaryRecord, SummariserError> {
        let member = self.paid_member(session)?;
        if bytes.len() > MAX_FILE_BYTES {
            return Err(SummariserError::FileTooLarge);
        }
        if bytes.is_empty() || detect(&bytes).is_none() {
            return Err(SummariserError::UnsupportedFile);
        }
        let name: String = name.rsplit(['/', '\\']).next().unwrap_or("").chars().filter(|c| !c.is_control()).take(200).collect();
        let name = if name.trim().is_empty() { "Uploaded document".to_owned() } else { name };
        self.queue(member, Source::File { name, bytes })
    }

    /// "My summaries", newest first. Summaries stay their owner's to read after Premium ends.
    pub fn list(&self, session: Session) -> Result<Vec<SummaryRecord>, SummariserError> {
        Ok(self.store.summaries(self.member(session)?)?)
    }

    /// One of the member's summaries (another member's reads as not found).
    pub fn get(&self, session: Session, id: i64) -> Result<SummaryRecord, SummariserError> {
        self.store.summary(self.member(session)?, id)?.ok_or(SummariserError::NotFound)
    }

    pub fn delete(&self, session: Session, id: i64) -> Result<(), SummariserError> {
        if self.store.delete(self.member(session)?, id)? {
            Ok(())
        } else {
            Err(SummariserError::NotFound)
        }
    }

    /// Runs the oldest waiting job to its end (done or failed); false when none waits.
    /// A job whose reading was stopped (too large or complex) fails at once: trying again would
    /// only do the same.
    pub fn run_next(&self, fetcher: &dyn Fetcher, reader: &dyn DocumentReader, model: Option<&dyn LanguageModel>) -> Result<bool, SummariserError> {
        let stale_before = self.now - chrono::Duration::from_std(STALE_AFTER).unwrap_or_else(|_| chrono::Duration::minutes(2));
        self.store.give_up_stale(stale_before, MAX_ATTEMPTS, GAVE_UP, self.now)?;
        let Some(job) = self.store.claim(self.now, stale_before, MAX_ATTEMPTS)? else { return Ok(false) };
        match self.run(&job, fetcher, reader, model)? {
            Ok(summary) => self.store.finish(job.id, &summary, self.now)?,
            Err(message) => self.store.fail(job.id, &message, self.now)?,
        }
        Ok(true)
    }

    /// The job's steps; the inner error is the member's message.
    fn run(
        &self,
        job: &ClaimedJob,
        fetcher: &dyn Fetcher,
        reader: &dyn DocumentReader,
        model: Option<&dyn LanguageModel>,
    ) -> Result<Result<Summary, String>, SummariserError> {
        let (bytes, base_url, fallback_title) = match &job.source {
            Source::Link(link) => {
                self.store.set_status(job.id, JobStatus::Fetching, self.now)?;
                match fetcher.fetch(link) {
                    Ok(fetched) => (fetched.bytes, Some(fetched.final_url), title_of_link(link)),
                    Err(refusal) => return Ok(Err(refusal.message())),
                }
            }
            Source::File { name, bytes } => (bytes.clone(), None, name.clone()),
        };
        self.store.set_status(job.id, JobStatus::Extracting, self.now)?;
        let Some(kind) = detect(&bytes) else { return Ok(Err(SummariserError::UnsupportedFile.to_string())) };
        let document = match reader.read(kind, &bytes, base_url.as_deref()) {
            Ok(document) => cap_text(document),
            Err(error) => return Ok(Err(error.to_string())),
        };
        self.store.set_status(job.id, JobStatus::Summarising, self.now)?;
        let by_model = model.and_then(|model| model.key_ideas(&document).ok()).filter(|ideas| !ideas.is_empty());
        let summary = match by_model {
            Some(ideas) => shaped(&document, &fallback_title, ideas),
            None => summarise(&document, &fallback_title),
        };
        if summary.sections.is_empty() {
            return Ok(Err("We found no text to summarise in this document.".into()));
        }
        Ok(Ok(summary))
    }

    fn queue(&self, member: UserId, source: Source) -> Result<SummaryRecord, SummariserError> {
        let since = self.now - chrono::Duration::days(1);
        self.store.queue(member, &source, self.now, DAILY_LIMIT, since)?.ok_or(SummariserError::DailyLimit)
    }

    fn member(&self, session: Session) -> Result<UserId, SummariserError> {
        Ok(self.store.live_member(session)?.ok_or(SummariserError::NotSignedIn)?.id)
    }

    fn paid_member(&self, session: Session) -> Result<UserId, SummariserError> {
        let user = self.store.live_member(session)?.ok_or(SummariserError::NotSignedIn)?;
        if !user.plan.is_paid(self.now) {
            return Err(SummariserError::PremiumRequired);
        }
        Ok(user.id)
    }
}

/// The message of a job whose every attempt ended with the process running it.
pub const GAVE_UP: &str = "We could not summarise this document. It may be too large or complex; please try a smaller or simpler file.";

/// A link's name until its page names itself: host and path.
fn title_of_link(link: &str) -> String {
    let without_scheme = link.split_once("://").map_or(link, |(_, rest)| rest);
    without_scheme.trim_end_matches('/').chars().take(120).collect()
}

/// Long documents are summarised from their first `MAX_TEXT_CHARS` characters.
fn cap_text(mut document: Document) -> Document {
    let mut total = 0;
    document.blocks.retain(|block| {
        let (Block::Heading(text) | Block::Paragraph(text)) = block;
        total += text.len();
        total <= MAX_TEXT_CHARS
    });
    document
}

/// A language model's key ideas in the reader's shape, its text escaped.
fn shaped(document: &Document, fallback_title: &str, ideas: Vec<KeyIdea>) -> Summary {
    let title = if document.title.trim().is_empty() { fallback_title.to_owned() } else { document.title.clone() };
    let sections = ideas
        .into_iter()
        .filter(|idea| !idea.paragraphs.is_empty())
        .map(|idea| Section { title: idea.title.trim().to_owned(), html: paragraphs(idea.paragraphs.iter().map(String::as_str)) })
        .collect();
    Summary { title, sections }
}

#[cfg(test)]
mod tests;
