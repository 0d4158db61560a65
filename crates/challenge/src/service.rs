//! The challenge's use cases, one per call, over the store at the call's instant.

use crate::error::ChallengeError;
use crate::plan::{build_plan, check_request, plan_mail, Candidate, GoalChoice, PlanDay, FILL_CANDIDATES, PLANS_PER_ADDRESS_PER_DAY, PLAN_DAYS};
use crate::ports::{ChallengeStore, SavedPlan};
use crate::reminders;
use catalogue::model::Goal;
use kernel::{Timestamp, UserId};

/// `GET /api/goals`: every goal, and the member's saved plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalsPage {
    pub goals: Vec<Goal>,
    pub saved: Option<PlanView>,
}

/// A plan as shown: its goals and days.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanView {
    pub goals: Vec<i64>,
    pub goal_titles: Vec<String>,
    pub days: Vec<PlanDay>,
    /// A saved plan's daily reminders are on.
    pub reminders: bool,
}

pub struct Challenge<'s, S: ?Sized> {
    store: &'s S,
    now: Timestamp,
    /// The site's address, for links in mail.
    site: String,
}

impl<'s, S: ChallengeStore + ?Sized> Challenge<'s, S> {
    pub fn new(store: &'s S, now: Timestamp, site: &str) -> Self {
        Challenge { store, now, site: site.to_owned() }
    }

    /// Every goal and, for a member, their saved plan with each day's book marked done once
    /// completed.
    pub fn goals_page(&self, member: Option<UserId>) -> Result<GoalsPage, ChallengeError> {
        let goals = self.store.goals()?;
        let saved = match member {
            Some(member) => self.saved_plan(member, &goals)?,
            None => None,
        };
        Ok(GoalsPage { goals, saved })
    }

    /// A plan for one or two goals, mailed to `email` (at most `PLANS_PER_ADDRESS_PER_DAY` a
    /// day to one address). For a member, books they completed come last.
    pub fn make_plan(&self, member: Option<UserId>, goals: &[i64], email: Option<&str>) -> Result<PlanView, ChallengeError> {
        let (choice, email) = check_request(goals, email)?;
        let all_goals = self.store.goals()?;
        let titles = titles_of(&choice, &all_goals)?;
        let since = self.now - chrono::Duration::days(1);
        if self.store.record_and_count(&format!("ten-day-plan:{}", email.as_str()), self.now, since)? > PLANS_PER_ADDRESS_PER_DAY {
            return Err(ChallengeError::TooManyPlans);
        }
        let candidates = self.store.plan_candidates(choice.ids(), FILL_CANDIDATES)?;
        let completed = match member {
            Some(member) => self.store.completed_of(member, &candidates.iter().map(|c| c.book.id).collect::<Vec<_>>())?,
            None => Default::default(),
        };
        let days = build_plan(&choice, &candidates, &completed);
        self.store.queue_mail(&plan_mail(&email, &titles, &days, &self.site), self.now)?;
        Ok(PlanView { goals: choice.ids().to_vec(), goal_titles: titles, days, reminders: false })
    }

    /// Saves the member's plan (the goals and the books the plan showed, day 1 first).
    pub fn save_plan(&self, member: UserId, goals: &[i64], book_ids: &[i64]) -> Result<PlanView, ChallengeError> {
        let choice = GoalChoice::parse(goals).map_err(|e| if e == ChallengeError::GoalsAndEmailNeeded { ChallengeError::NoPlan } else { e })?;
        let all_goals = self.store.goals()?;
        titles_of(&choice, &all_goals)?;
        let mut books: Vec<i64> = Vec::with_capacity(book_ids.len());
        for id in book_ids {
            if !books.contains(id) {
                books.push(*id);
            }
        }
        if books.is_empty() || books.len() > PLAN_DAYS || self.store.books_by_id(&books)?.len() != books.len() {
            return Err(ChallengeError::NoPlan);
        }
        self.store.save_plan(member, &SavedPlan { goals: choice.ids().to_vec(), books }, self.now)?;
        self.saved_plan(member, &all_goals)?.ok_or(ChallengeError::NoPlan)
    }

    /// Onboarding's plan for a visitor: ten books for one or two goals, then books of the chosen
    /// categories, then popular ones. Nothing is mailed or stored.
    pub fn personal_plan(&self, goals: &[i64], categories: &[i64]) -> Result<PlanView, ChallengeError> {
        let choice = GoalChoice::parse(goals).map_err(|e| if e == ChallengeError::GoalsAndEmailNeeded { ChallengeError::PickGoals } else { e })?;
        let titles = titles_of(&choice, &self.store.goals()?)?;
        let mut candidates = self.store.plan_candidates(choice.ids(), 0)?;
        let in_categories = self.store.books_in_categories(categories, PLAN_DAYS)?;
        candidates.extend(in_categories.into_iter().map(|book| Candidate { book, goals: vec![] }));
        let mut days = build_plan(&choice, &candidates, &Default::default());
        if days.len() < PLAN_DAYS {
            candidates.extend(self.store.plan_candidates(&[], FILL_CANDIDATES)?);
            let goal_and_category: Vec<i64> = days.iter().map(|d| d.book.id).collect();
            let picked = days.len();
            let more = build_plan(&choice, &candidates, &Default::default()).into_iter().filter(|d| !goal_and_category.contains(&d.book.id));
            days.extend(more.take(PLAN_DAYS - picked));
            for (i, day) in days.iter_mut().enumerate() {
                day.day = i as u32 + 1;
            }
        }
        Ok(PlanView { goals: choice.ids().to_vec(), goal_titles: titles, days, reminders: false })
    }

    /// Turns the saved plan's daily reminder mails on or off; whether they are on.
    pub fn set_reminders(&self, member: UserId, on: bool) -> Result<bool, ChallengeError> {
        if !self.store.set_reminders(member, on, &self.store.new_token())? {
            return Err(ChallengeError::NoPlan);
        }
        Ok(on)
    }

    /// The unsubscribe link of a reminder mail: reminders off, no sign-in needed.
    pub fn unsubscribe(&self, token: &str) -> Result<(), ChallengeError> {
        let token = token.trim();
        if token.is_empty() || !self.store.unsubscribe(token)? {
            return Err(ChallengeError::UnknownUnsubscribeLink);
        }
        Ok(())
    }

    /// Housekeeping: mails each reminder that is due (see `reminders::due`); how many went out.
    pub fn send_due_reminders(&self) -> Result<u32, ChallengeError> {
        let mut sent = 0;
        for plan in self.store.reminder_plans()? {
            let Some(due) = reminders::due(&plan, self.now) else { continue };
            let Some(&book_id) = plan.books.get(due.day as usize - 1) else { continue };
            // A book that left the catalogue has no reminder; the next day's book still does.
            let Some(book) = self.store.books_by_id(&[book_id])?.into_iter().next() else { continue };
            let done = self.store.completed_of(plan.member, &[book_id])?.contains(&book_id);
            let mail = reminders::reminder_mail(&plan, due.day, &book, done, &self.site);
            if self.store.record_reminder(plan.member, due.local_date, &mail, self.now)? {
                sent += 1;
            }
        }
        Ok(sent)
    }

    fn saved_plan(&self, member: UserId, all_goals: &[Goal]) -> Result<Option<PlanView>, ChallengeError> {
        let Some(saved) = self.store.saved_plan(member)? else { return Ok(None) };
        let found = self.store.books_by_id(&saved.books)?;
        let completed = self.store.completed_of(member, &saved.books)?;
        // A book removed from the catalogue since leaves its day out; the days keep their order.
        let days = saved
            .books
            .iter()
            .filter_map(|id| found.iter().find(|b| b.id == *id))
            .enumerate()
            .map(|(i, book)| PlanDay { day: i as u32 + 1, book: book.clone(), done: completed.contains(&book.id) })
            .collect();
        let goal_titles = all_goals.iter().filter(|g| saved.goals.contains(&g.id)).map(|g| g.title.clone()).collect();
        Ok(Some(PlanView { goals: saved.goals, goal_titles, days, reminders: self.store.reminders_on(member)? }))
    }
}

/// The chosen goals' titles; an id that is no goal is refused.
fn titles_of(choice: &GoalChoice, goals: &[Goal]) -> Result<Vec<String>, ChallengeError> {
    choice.ids().iter().map(|id| goals.iter().find(|g| g.id == *id).map(|g| g.title.clone()).ok_or(ChallengeError::UnknownGoal)).collect()
}

pub mod quizzes;

#[cfg(test)]
mod tests;
