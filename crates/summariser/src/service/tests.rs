use super::*;
use crate::fakes::{FakeModel, FakeWeb, InMemorySummaries};
use chrono::TimeZone;
use identity::model::PlanState;
use identity::User;
use kernel::{Email, Role, SessionId};

const PAID: UserId = UserId(1);
const FREE: UserId = UserId(2);

fn now() -> Timestamp {
    chrono::Utc.with_ymd_and_hms(2026, 11, 24, 9, 0, 0).unwrap()
}

fn user(id: UserId, paid: bool) -> User {
    User {
        id,
        email: Email::parse(&format!("m{}@example.com", id.0)).unwrap(),
        first_name: "M".into(),
        last_name: String::new(),
        role: Role::Member,
        timezone: "UTC".into(),
        plan: PlanState { plan_id: None, paid_date: paid.then(now), end_paid_date: None },
        recommends: vec![],
        friend_email: None,
        created_at: now(),
        email_verified: true,
    }
}

fn session(user: UserId) -> Session {
    Session { user, id: SessionId(1) }
}

fn store() -> InMemorySummaries {
    let store = InMemorySummaries::default();
    store.add_member(user(PAID, true));
    store.add_member(user(FREE, false));
    store
}

const ARTICLE: &str = "<!DOCTYPE html><html><head><title>Focus</title></head><body><article>\
    <p>Deep work is focused work without distraction on a hard problem.</p>\
    <p>Deep work produces more value than shallow work in the same hours.</p>\
    <p>Schedule deep work in long blocks and protect those blocks from meetings.</p>\
    <p>Shallow work like email fills the day unless deep work is planned first.</p></article></body></html>";

#[test]
fn only_paid_members_start_summaries_and_files_are_checked_by_their_bytes() {
    let store = store();
    let s = Summariser::new(&store, now());
    assert_eq!(s.start_file(session(FREE), "a.txt", b"Some words here.".to_vec()).unwrap_err(), SummariserError::PremiumRequired);
    assert_eq!(s.start_link(session(FREE), "https://example.com", &AllowList::default()).unwrap_err(), SummariserError::PremiumRequired);
    assert_eq!(s.start_file(session(UserId(99)), "a.txt", b"x".to_vec()).unwrap_err(), SummariserError::NotSignedIn);
    assert_eq!(s.start_file(session(PAID), "photo.pdf", b"\x89PNG\r\n\x1a\n\0\0".to_vec()).unwrap_err(), SummariserError::UnsupportedFile);
    assert_eq!(s.start_file(session(PAID), "big.txt", vec![b'a'; MAX_FILE_BYTES + 1]).unwrap_err(), SummariserError::FileTooLarge);
    assert_eq!(s.start_link(session(PAID), "ftp://example.com/x", &AllowList::default()).unwrap_err(), SummariserError::InvalidLink);
    assert_eq!(s.start_link(session(PAID), " \t", &AllowList::default()).unwrap_err(), SummariserError::NothingGiven);
    assert_eq!(SummariserError::NothingGiven.to_string(), "Please select a file or url", "member spec §5, word for word");
    assert!(
        matches!(s.start_link(session(PAID), "http://169.254.169.254/latest", &AllowList::default()).unwrap_err(), SummariserError::Refused(m) if m.contains("private or local"))
    );
    assert!(s.list(session(PAID)).unwrap().is_empty());
    let started = s.start_file(session(PAID), "C:\\docs\\notes.txt", b"Notes\n\nSome words here.".to_vec()).unwrap();
    assert_eq!((started.status, started.source.as_str()), (JobStatus::Queued, "notes.txt"));
}

#[test]
fn a_file_job_runs_through_its_steps_to_sections_and_its_bytes_are_dropped() {
    let store = store();
    let s = Summariser::new(&store, now());
    let job = s.start_file(session(PAID), "focus.html", ARTICLE.as_bytes().to_vec()).unwrap();
    assert!(s.run_next(&FakeWeb::default(), &InProcessReader, None).unwrap());
    assert!(!s.run_next(&FakeWeb::default(), &InProcessReader, None).unwrap());
    let done = s.get(session(PAID), job.id).unwrap();
    assert_eq!(done.status, JobStatus::Done);
    assert_eq!(done.title, "Focus");
    assert_eq!(done.sections[0].title, "In a nutshell");
    assert!(done.sections[0].html.contains("Deep work"));
    assert_eq!(store.steps.borrow()[&job.id], vec![JobStatus::Extracting, JobStatus::Summarising, JobStatus::Done]);
    assert!(!store.has_bytes(job.id));
    // Another member cannot see it or delete it.
    assert_eq!(s.get(session(FREE), job.id).unwrap_err(), SummariserError::NotFound);
    assert_eq!(s.delete(session(FREE), job.id).unwrap_err(), SummariserError::NotFound);
    s.delete(session(PAID), job.id).unwrap();
    assert!(s.list(session(PAID)).unwrap().is_empty());
}

#[test]
fn a_link_is_fetched_and_an_inner_redirect_or_name_fails_the_job_with_its_reason() {
    let store = store();
    let mut web = FakeWeb::default();
    let public = "93.184.216.34".parse().unwrap();
    web.dns.insert("example.com".into(), vec![public]);
    web.dns.insert("sneaky.example".into(), vec![public, "10.0.0.1".parse().unwrap()]);
    web.pages.insert("https://example.com/focus".into(), ARTICLE.as_bytes().to_vec());
    web.redirects.insert("https://example.com/go".into(), "http://127.0.0.1/admin".into());
    let s = Summariser::new(&store, now());
    let allow = AllowList::default();
    let ok = s.start_link(session(PAID), "https://example.com/focus", &allow).unwrap();
    let redirected = s.start_link(session(PAID), "https://example.com/go", &allow).unwrap();
    let rebinding = s.start_link(session(PAID), "https://sneaky.example/", &allow).unwrap();
    while s.run_next(&web, &InProcessReader, None).unwrap() {}
    assert_eq!(s.get(session(PAID), ok.id).unwrap().status, JobStatus::Done);
    assert_eq!(store.steps.borrow()[&ok.id][0], JobStatus::Fetching);
    for failed in [redirected.id, rebinding.id] {
        let record = s.get(session(PAID), failed).unwrap();
        assert_eq!(record.status, JobStatus::Failed);
        assert!(record.error.unwrap().contains("private or local"));
    }
}

#[test]
fn twenty_a_day_and_deleting_does_not_give_one_back() {
    let store = store();
    let s = Summariser::new(&store, now());
    for i in 0..DAILY_LIMIT {
        let job = s.start_file(session(PAID), "n.txt", format!("Note {i}. Some words here.").into_bytes()).unwrap();
        if i == 0 {
            s.delete(session(PAID), job.id).unwrap();
        }
    }
    assert_eq!(s.start_file(session(PAID), "n.txt", b"One more. Some words.".to_vec()).unwrap_err(), SummariserError::DailyLimit);
    let tomorrow = Summariser::new(&store, now() + chrono::Duration::hours(25));
    assert!(tomorrow.start_file(session(PAID), "n.txt", b"Next day. Some words.".to_vec()).is_ok());
}

#[test]
fn a_job_left_by_a_dead_worker_is_run_again_and_a_model_is_used_when_it_answers() {
    let store = store();
    let s = Summariser::new(&store, now());
    let job = s.start_file(session(PAID), "a.txt", b"Title\n\nDeep work matters a great deal today. Shallow work fills the rest of it.".to_vec()).unwrap();
    store.leave_unfinished(job.id, JobStatus::Extracting, now() - chrono::Duration::minutes(1));
    // Not stale yet: left alone.
    assert!(!s.run_next(&FakeWeb::default(), &InProcessReader, None).unwrap());
    let later = Summariser::new(&store, now() + chrono::Duration::minutes(5));
    let ideas = vec![KeyIdea { title: "Focus <wins>".into(), paragraphs: vec!["Do one thing & do it well.".into()] }];
    assert!(later.run_next(&FakeWeb::default(), &InProcessReader, Some(&FakeModel(Ok(ideas)))).unwrap());
    let done = later.get(session(PAID), job.id).unwrap();
    assert_eq!(done.sections.len(), 1);
    assert_eq!(done.sections[0].title, "Focus <wins>");
    assert_eq!(done.sections[0].html, "<p>Do one thing &amp; do it well.</p>");
    // A failing model falls back to the built-in summariser.
    let second = later.start_file(session(PAID), "b.txt", b"Deep work matters a great deal today. Shallow work fills the rest of it.".to_vec()).unwrap();
    later.run_next(&FakeWeb::default(), &InProcessReader, Some(&FakeModel(Err(PortError::Unavailable)))).unwrap();
    assert_eq!(later.get(session(PAID), second.id).unwrap().sections[0].title, "In a nutshell");
}

#[test]
fn a_file_with_no_text_fails_with_a_clear_message() {
    let store = store();
    let s = Summariser::new(&store, now());
    let job = s.start_file(session(PAID), "empty.html", b"<html><body><script>x()</script></body></html>".to_vec()).unwrap();
    s.run_next(&FakeWeb::default(), &InProcessReader, None).unwrap();
    let failed = s.get(session(PAID), job.id).unwrap();
    assert_eq!(failed.status, JobStatus::Failed);
    assert_eq!(failed.error.as_deref(), Some("We found no text to summarise in this document."));
}

/// A reader that stopped its child process (memory, time or output limits).
struct StoppedReader;

impl DocumentReader for StoppedReader {
    fn read(&self, _: crate::extract::DocKind, _: &[u8], _: Option<&str>) -> Result<Document, crate::extract::ExtractError> {
        Err(crate::extract::ExtractError::TooComplex)
    }
}

#[test]
fn a_document_whose_reading_was_stopped_fails_at_once_and_is_not_tried_again() {
    let store = store();
    let s = Summariser::new(&store, now());
    let job = s.start_file(session(PAID), "bomb.pdf", b"%PDF-1.7\n...".to_vec()).unwrap();
    assert!(s.run_next(&FakeWeb::default(), &StoppedReader, None).unwrap());
    assert!(!s.run_next(&FakeWeb::default(), &StoppedReader, None).unwrap(), "nothing left to run");
    let failed = s.get(session(PAID), job.id).unwrap();
    assert_eq!(failed.status, JobStatus::Failed);
    assert_eq!(failed.error.as_deref(), Some("This document is too large or complex for us to read. Please try a smaller or simpler file."));
    assert!(!store.has_bytes(job.id));
}

#[test]
fn a_job_whose_every_attempt_died_with_its_process_is_failed_not_left_running() {
    let store = store();
    let s = Summariser::new(&store, now());
    let job = s.start_file(session(PAID), "a.txt", b"Title\n\nDeep work matters a great deal today.".to_vec()).unwrap();
    for _ in 0..crate::limits::MAX_ATTEMPTS {
        // Taken, then the process running it died (a reader that took the server down).
        assert!(store.claim(now(), now(), crate::limits::MAX_ATTEMPTS).unwrap().is_some());
        store.leave_unfinished(job.id, JobStatus::Extracting, now() - chrono::Duration::minutes(10));
    }
    assert!(!s.run_next(&FakeWeb::default(), &InProcessReader, None).unwrap(), "not tried a fourth time");
    let failed = s.get(session(PAID), job.id).unwrap();
    assert_eq!(failed.status, JobStatus::Failed);
    assert_eq!(failed.error.as_deref(), Some(GAVE_UP));
    assert!(!store.has_bytes(job.id));
}
