//! In-memory ports for unit tests without a database or network.

use crate::extract::Document;
use crate::fetch_policy::{check_link, AllowList, Refusal};
use crate::ports::*;
use crate::summarise::Summary;
use identity::User;
use kernel::{Session, Timestamp, UserId};
use std::cell::RefCell;
use std::collections::BTreeMap;

#[derive(Debug, Clone)]
struct Job {
    record: SummaryRecord,
    source: Option<Source>,
    updated_at: Timestamp,
    attempts: i32,
}

#[derive(Default)]
pub struct InMemorySummaries {
    pub users: RefCell<Vec<User>>,
    jobs: RefCell<Vec<Job>>,
    /// Every start, kept after deletes (the daily limit counts them).
    starts: RefCell<Vec<(UserId, Timestamp)>>,
    /// Status changes in order, per job.
    pub steps: RefCell<BTreeMap<i64, Vec<JobStatus>>>,
}

impl InMemorySummaries {
    pub fn add_member(&self, user: User) {
        self.users.borrow_mut().push(user);
    }

    /// Ages a job as if its worker died `ago` before now.
    pub fn leave_unfinished(&self, id: i64, status: JobStatus, at: Timestamp) {
        let mut jobs = self.jobs.borrow_mut();
        let job = jobs.iter_mut().find(|j| j.record.id == id).expect("a job");
        job.record.status = status;
        job.updated_at = at;
    }

    pub fn has_bytes(&self, id: i64) -> bool {
        self.jobs.borrow().iter().any(|j| j.record.id == id && matches!(j.source, Some(Source::File { .. })))
    }
}

impl SummaryStore for InMemorySummaries {
    fn live_member(&self, session: Session) -> PortResult<Option<User>> {
        Ok(self.users.borrow().iter().find(|u| u.id == session.user).cloned())
    }

    fn queue(&self, member: UserId, source: &Source, at: Timestamp, daily_limit: u32, since: Timestamp) -> PortResult<Option<SummaryRecord>> {
        let mut starts = self.starts.borrow_mut();
        if starts.iter().filter(|(m, t)| *m == member && *t >= since).count() as u32 >= daily_limit {
            return Ok(None);
        }
        starts.push((member, at));
        let mut jobs = self.jobs.borrow_mut();
        let id = jobs.len() as i64 + 1;
        let (name, kept) = match source {
            Source::Link(url) => (url.clone(), Some(source.clone())),
            Source::File { name, .. } => (name.clone(), Some(source.clone())),
        };
        let record = SummaryRecord { id, member, status: JobStatus::Queued, title: String::new(), source: name, error: None, created_at: at, sections: vec![] };
        jobs.push(Job { record: record.clone(), source: kept, updated_at: at, attempts: 0 });
        Ok(Some(record))
    }

    fn summaries(&self, member: UserId) -> PortResult<Vec<SummaryRecord>> {
        let mut found: Vec<SummaryRecord> = self.jobs.borrow().iter().filter(|j| j.record.member == member).map(|j| j.record.clone()).collect();
        found.sort_by_key(|r| std::cmp::Reverse((r.created_at, r.id)));
        Ok(found)
    }

    fn summary(&self, member: UserId, id: i64) -> PortResult<Option<SummaryRecord>> {
        Ok(self.jobs.borrow().iter().find(|j| j.record.member == member && j.record.id == id).map(|j| j.record.clone()))
    }

    fn delete(&self, member: UserId, id: i64) -> PortResult<bool> {
        let mut jobs = self.jobs.borrow_mut();
        let before = jobs.len();
        jobs.retain(|j| !(j.record.member == member && j.record.id == id));
        Ok(jobs.len() < before)
    }

    fn claim(&self, at: Timestamp, stale_before: Timestamp, max_attempts: i32) -> PortResult<Option<ClaimedJob>> {
        let mut jobs = self.jobs.borrow_mut();
        let waiting = jobs.iter_mut().filter(|j| {
            j.attempts < max_attempts
                && match j.record.status {
                    JobStatus::Queued => true,
                    JobStatus::Done | JobStatus::Failed => false,
                    _ => j.updated_at < stale_before,
                }
        });
        let Some(job) = waiting.min_by_key(|j| j.record.id) else { return Ok(None) };
        job.attempts += 1;
        job.updated_at = at;
        job.record.status = match job.source {
            Some(Source::Link(_)) => JobStatus::Fetching,
            _ => JobStatus::Extracting,
        };
        Ok(job.source.clone().map(|source| ClaimedJob { id: job.record.id, source }))
    }

    fn give_up_stale(&self, stale_before: Timestamp, max_attempts: i32, message: &str, at: Timestamp) -> PortResult<usize> {
        let mut jobs = self.jobs.borrow_mut();
        let mut given_up = 0;
        for job in jobs.iter_mut() {
            let running = matches!(job.record.status, JobStatus::Fetching | JobStatus::Extracting | JobStatus::Summarising);
            if running && job.updated_at < stale_before && job.attempts >= max_attempts {
                job.record.status = JobStatus::Failed;
                job.record.error = Some(message.to_owned());
                job.source = None;
                job.updated_at = at;
                given_up += 1;
            }
        }
        Ok(given_up)
    }

    fn set_status(&self, id: i64, status: JobStatus, at: Timestamp) -> PortResult<()> {
        let mut jobs = self.jobs.borrow_mut();
        let job = jobs.iter_mut().find(|j| j.record.id == id).ok_or(PortError::Failed("no job".into()))?;
        job.record.status = status;
        job.updated_at = at;
        self.steps.borrow_mut().entry(id).or_default().push(status);
        Ok(())
    }

    fn finish(&self, id: i64, summary: &Summary, at: Timestamp) -> PortResult<()> {
        self.set_status(id, JobStatus::Done, at)?;
        let mut jobs = self.jobs.borrow_mut();
        let job = jobs.iter_mut().find(|j| j.record.id == id).expect("a job");
        job.record.title = summary.title.clone();
        job.record.sections = summary.sections.clone();
        if let Some(Source::File { .. }) = job.source {
            job.source = None;
        }
        Ok(())
    }

    fn fail(&self, id: i64, message: &str, at: Timestamp) -> PortResult<()> {
        self.set_status(id, JobStatus::Failed, at)?;
        let mut jobs = self.jobs.borrow_mut();
        let job = jobs.iter_mut().find(|j| j.record.id == id).expect("a job");
        job.record.error = Some(message.to_owned());
        if let Some(Source::File { .. }) = job.source {
            job.source = None;
        }
        Ok(())
    }
}

/// Pages by URL, and redirects (URL to URL), under the real policy with an allow-list.
#[derive(Default)]
pub struct FakeWeb {
    pub pages: BTreeMap<String, Vec<u8>>,
    pub redirects: BTreeMap<String, String>,
    /// Names to the addresses they resolve to.
    pub dns: BTreeMap<String, Vec<std::net::IpAddr>>,
    pub allow: AllowList,
}

impl Fetcher for FakeWeb {
    fn fetch(&self, url: &str) -> Result<Fetched, Refusal> {
        let mut current = check_link(url, &self.allow)?;
        let mut hops = 0;
        loop {
            if let Some(url::Host::Domain(name)) = current.host() {
                let addresses = self.dns.get(name).cloned().unwrap_or_default();
                crate::fetch_policy::check_resolved(&addresses, &self.allow)?;
            }
            if let Some(next) = self.redirects.get(current.as_str()) {
                current = crate::fetch_policy::check_redirect(&current, next, hops, &self.allow)?;
                hops += 1;
                continue;
            }
            return match self.pages.get(current.as_str()) {
                Some(bytes) => Ok(Fetched { bytes: bytes.clone(), final_url: current.to_string() }),
                None => Err(Refusal::Status(404)),
            };
        }
    }
}

/// A language model that always answers these ideas, or fails.
pub struct FakeModel(pub Result<Vec<KeyIdea>, PortError>);

impl LanguageModel for FakeModel {
    fn key_ideas(&self, _document: &Document) -> Result<Vec<KeyIdea>, PortError> {
        self.0.clone()
    }
}
