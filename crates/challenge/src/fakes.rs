//! In-memory ports for unit tests without a database.

use crate::plan::{BookFacts, Candidate};
use crate::ports::*;
use crate::reminders::ReminderPlan;
use catalogue::model::Goal;
use kernel::{OutgoingMail, Timestamp, UserId};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Default)]
pub struct InMemoryChallenge {
    pub goals: RefCell<Vec<Goal>>,
    /// Books with the goals they serve.
    pub books: RefCell<Vec<Candidate>>,
    /// (member, book) pairs completed.
    pub completed: RefCell<Vec<(UserId, i64)>>,
    pub plans: RefCell<Vec<(UserId, SavedPlan)>>,
    attempts: RefCell<Vec<(String, Timestamp)>>,
    pub mail: RefCell<Vec<OutgoingMail>>,
    /// (book, category id, category subid).
    pub categories: RefCell<Vec<(i64, i64, String)>>,
    /// (member, quiz, results).
    pub quiz_results: RefCell<Vec<(UserId, String, KeptResults)>>,
    /// Members whose plan has reminders on, with the plan's unsubscribe token.
    pub reminders: RefCell<Vec<(UserId, String)>>,
    /// Reminder-plan facts the fake cannot know (e-mail, timezone, saved at) per member.
    pub reminder_facts: RefCell<Vec<ReminderPlan>>,
    /// (member, local date) reminders recorded.
    pub reminded: RefCell<Vec<(UserId, chrono::NaiveDate)>>,
    tokens: std::cell::Cell<u32>,
    /// (member, quiz) reports paid for.
    pub reports_bought: RefCell<Vec<(UserId, String)>>,
}

impl InMemoryChallenge {
    pub fn add_goal(&self, id: i64, title: &str) {
        self.goals.borrow_mut().push(Goal {
            id,
            title: title.into(),
            short_title: title.into(),
            mobile_title: title.into(),
            description: String::new(),
            photo: String::new(),
            featured_photo: String::new(),
            book_count: 0,
        });
    }

    pub fn add_to_category(&self, book: i64, category: i64, subid: &str) {
        self.categories.borrow_mut().push((book, category, subid.to_owned()));
    }

    fn most_read_where(&self, keep: impl Fn(i64) -> bool, limit: usize) -> Vec<BookFacts> {
        let mut found: Vec<BookFacts> = self.books.borrow().iter().filter(|c| keep(c.book.id)).map(|c| c.book.clone()).collect();
        found.sort_by_key(|b| (std::cmp::Reverse(b.read_count), b.id));
        found.truncate(limit);
        found
    }

    pub fn add_book(&self, id: i64, read_count: i64, goals: &[i64]) {
        let book = BookFacts { id, subid: format!("book-{id}"), title: format!("Book {id}"), author: "A. Writer".into(), image: String::new(), read_count };
        self.books.borrow_mut().push(Candidate { book, goals: goals.to_vec() });
    }
}

impl ChallengeStore for InMemoryChallenge {
    fn goals(&self) -> PortResult<Vec<Goal>> {
        Ok(self.goals.borrow().clone())
    }

    fn plan_candidates(&self, goals: &[i64], fill: usize) -> PortResult<Vec<Candidate>> {
        let books = self.books.borrow();
        let mut found: Vec<Candidate> = books.iter().filter(|c| c.goals.iter().any(|g| goals.contains(g))).cloned().collect();
        let mut others: Vec<&Candidate> = books.iter().filter(|c| !c.goals.iter().any(|g| goals.contains(g))).collect();
        others.sort_by_key(|c| std::cmp::Reverse(c.book.read_count));
        found.extend(others.into_iter().take(fill).map(|c| Candidate { book: c.book.clone(), goals: vec![] }));
        Ok(found)
    }

    fn completed_of(&self, member: UserId, books: &[i64]) -> PortResult<BTreeSet<i64>> {
        Ok(self.completed.borrow().iter().filter(|(m, b)| *m == member && books.contains(b)).map(|(_, b)| *b).collect())
    }

    fn books_by_id(&self, ids: &[i64]) -> PortResult<Vec<BookFacts>> {
        Ok(self.books.borrow().iter().filter(|c| ids.contains(&c.book.id)).map(|c| c.book.clone()).collect())
    }

    fn saved_plan(&self, member: UserId) -> PortResult<Option<SavedPlan>> {
        Ok(self.plans.borrow().iter().find(|(m, _)| *m == member).map(|(_, p)| p.clone()))
    }

    fn save_plan(&self, member: UserId, plan: &SavedPlan, _at: Timestamp) -> PortResult<()> {
        let mut plans = self.plans.borrow_mut();
        plans.retain(|(m, _)| *m != member);
        plans.push((member, plan.clone()));
        Ok(())
    }

    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32> {
        let mut attempts = self.attempts.borrow_mut();
        attempts.push((key.to_owned(), at));
        Ok(attempts.iter().filter(|(k, t)| k == key && *t >= since).count() as u32)
    }

    fn books_in_categories(&self, ids: &[i64], limit: usize) -> PortResult<Vec<BookFacts>> {
        let categories = self.categories.borrow();
        Ok(self.most_read_where(|id| categories.iter().any(|(b, c, _)| *b == id && ids.contains(c)), limit))
    }

    fn reminders_on(&self, member: UserId) -> PortResult<bool> {
        Ok(self.reminders.borrow().iter().any(|(m, _)| *m == member))
    }

    fn set_reminders(&self, member: UserId, on: bool, token: &str) -> PortResult<bool> {
        if !self.plans.borrow().iter().any(|(m, _)| *m == member) {
            return Ok(false);
        }
        let mut reminders = self.reminders.borrow_mut();
        let kept = reminders.iter().find(|(m, _)| *m == member).map(|(_, t)| t.clone());
        reminders.retain(|(m, _)| *m != member);
        if on {
            reminders.push((member, kept.unwrap_or_else(|| token.to_owned())));
        }
        Ok(true)
    }

    fn unsubscribe(&self, token: &str) -> PortResult<bool> {
        let mut reminders = self.reminders.borrow_mut();
        let before = reminders.len();
        reminders.retain(|(_, t)| t != token);
        Ok(reminders.len() < before)
    }

    fn reminder_plans(&self) -> PortResult<Vec<ReminderPlan>> {
        let reminders = self.reminders.borrow();
        let plans = self.plans.borrow();
        let reminded = self.reminded.borrow();
        Ok(self
            .reminder_facts
            .borrow()
            .iter()
            .filter_map(|facts| {
                let (_, token) = reminders.iter().find(|(m, _)| *m == facts.member)?;
                let (_, plan) = plans.iter().find(|(m, _)| *m == facts.member)?;
                let last = reminded.iter().filter(|(m, _)| *m == facts.member).map(|(_, d)| *d).max();
                Some(ReminderPlan { books: plan.books.clone(), unsubscribe_token: token.clone(), last_reminded_on: last, ..facts.clone() })
            })
            .collect())
    }

    fn record_reminder(&self, member: UserId, local_date: chrono::NaiveDate, mail: &OutgoingMail, _at: Timestamp) -> PortResult<bool> {
        let mut reminded = self.reminded.borrow_mut();
        if reminded.contains(&(member, local_date)) {
            return Ok(false);
        }
        reminded.push((member, local_date));
        self.mail.borrow_mut().push(mail.clone());
        Ok(true)
    }

    fn new_token(&self) -> String {
        self.tokens.set(self.tokens.get() + 1);
        format!("token-{}", self.tokens.get())
    }

    fn queue_mail(&self, mail: &OutgoingMail, _at: Timestamp) -> PortResult<()> {
        self.mail.borrow_mut().push(mail.clone());
        Ok(())
    }
}

impl QuizStore for InMemoryChallenge {
    fn save_quiz_results(&self, member: UserId, quiz: &str, counts: &BTreeMap<String, u32>, at: Timestamp) -> PortResult<()> {
        let mut kept = self.quiz_results.borrow_mut();
        kept.retain(|(m, q, _)| !(*m == member && q == quiz));
        kept.push((member, quiz.to_owned(), KeptResults { counts: counts.clone(), taken_at: at }));
        Ok(())
    }

    fn quiz_results(&self, member: UserId, quiz: &str) -> PortResult<Option<KeptResults>> {
        Ok(self.quiz_results.borrow().iter().find(|(m, q, _)| *m == member && q == quiz).map(|(_, _, r)| r.clone()))
    }

    fn bought_quiz_report(&self, member: UserId, quiz: &str) -> PortResult<bool> {
        Ok(self.reports_bought.borrow().iter().any(|(m, q)| *m == member && q == quiz))
    }

    fn popular_in_categories(&self, subids: &[&str], limit: usize) -> PortResult<Vec<BookFacts>> {
        let categories = self.categories.borrow();
        Ok(self.most_read_where(|id| categories.iter().any(|(b, _, s)| *b == id && subids.contains(&s.as_str())), limit))
    }
}
