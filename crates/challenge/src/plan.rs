//! The plan's rules: the form's checks, which ten books, in which order, and the plan mail.

use crate::error::ChallengeError;
use kernel::{Email, OutgoingMail};
use std::collections::BTreeSet;

/// Goals a plan may follow.
pub const MAX_GOALS: usize = 2;
/// Days, one book a day.
pub const PLAN_DAYS: usize = 10;
/// Plans mailed to one address a day (a person tries a few goal pairs; more is someone else's
/// address being flooded).
pub const PLANS_PER_ADDRESS_PER_DAY: u32 = 5;
/// Popular books read for filling a plan whose goals have fewer than ten books.
pub const FILL_CANDIDATES: usize = 40;

/// The chosen goals, each once, in ascending order (the same plan whatever the order of picking).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalChoice(Vec<i64>);

impl GoalChoice {
    /// One or two goals.
    pub fn parse(goals: &[i64]) -> Result<GoalChoice, ChallengeError> {
        let unique: BTreeSet<i64> = goals.iter().copied().collect();
        match unique.len() {
            0 => Err(ChallengeError::GoalsAndEmailNeeded),
            n if n > MAX_GOALS => Err(ChallengeError::TooManyGoals),
            _ => Ok(GoalChoice(unique.into_iter().collect())),
        }
    }

    pub fn ids(&self) -> &[i64] {
        &self.0
    }
}

/// The plan form: goals and the address the plan goes to (the spec's one message for either
/// missing, then the limit and the address's shape).
pub fn check_request(goals: &[i64], email: Option<&str>) -> Result<(GoalChoice, Email), ChallengeError> {
    let email = email.map(str::trim).filter(|e| !e.is_empty());
    if goals.is_empty() || email.is_none() {
        return Err(ChallengeError::GoalsAndEmailNeeded);
    }
    let choice = GoalChoice::parse(goals)?;
    let email = Email::parse(email.unwrap_or_default()).map_err(|_| ChallengeError::InvalidEmail)?;
    Ok((choice, email))
}

/// A book a plan may hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookFacts {
    pub id: i64,
    pub subid: String,
    pub title: String,
    pub author: String,
    pub image: String,
    /// How often it was read: the more read, the earlier it comes.
    pub read_count: i64,
}

/// A candidate with the goals it serves (none for a popular book read to fill a plan).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub book: BookFacts,
    pub goals: Vec<i64>,
}

/// One day of a plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanDay {
    pub day: u32,
    pub book: BookFacts,
    /// The member completed this book.
    pub done: bool,
}

/// Ten books for the goals: each goal's books in turn (so two goals share the days), the
/// member's unread books before the ones they completed, then the most read, then the oldest
/// id; popular books fill a plan whose goals have fewer than ten. The same input gives the same
/// plan. The unread books come first in the plan as a whole.
pub fn build_plan(goals: &GoalChoice, candidates: &[Candidate], completed: &BTreeSet<i64>) -> Vec<PlanDay> {
    let rank = |c: &&Candidate| (completed.contains(&c.book.id), std::cmp::Reverse(c.book.read_count), c.book.id);
    let mut per_goal: Vec<Vec<&Candidate>> = goals
        .ids()
        .iter()
        .map(|goal| {
            let mut books: Vec<&Candidate> = candidates.iter().filter(|c| c.goals.contains(goal)).collect();
            books.sort_by_key(rank);
            books
        })
        .collect();
    let mut picked: Vec<&BookFacts> = Vec::with_capacity(PLAN_DAYS);
    fn take<'a>(candidate: &'a Candidate, picked: &mut Vec<&'a BookFacts>) {
        if picked.len() < PLAN_DAYS && !picked.iter().any(|p| p.id == candidate.book.id) {
            picked.push(&candidate.book);
        }
    }
    // Round robin over the goals until the plan is full or their books run out.
    let mut cursors = vec![0usize; per_goal.len()];
    while picked.len() < PLAN_DAYS && cursors.iter().zip(&per_goal).any(|(at, books)| *at < books.len()) {
        for (at, books) in cursors.iter_mut().zip(per_goal.iter_mut()) {
            while *at < books.len() {
                let before = picked.len();
                take(books[*at], &mut picked);
                *at += 1;
                if picked.len() > before {
                    break;
                }
            }
        }
    }
    let mut fill: Vec<&Candidate> = candidates.iter().collect();
    fill.sort_by_key(rank);
    for book in fill {
        take(book, &mut picked);
    }
    // Unread first over the whole plan (a stable sort keeps each group's order).
    picked.sort_by_key(|b| completed.contains(&b.id));
    picked.into_iter().enumerate().map(|(i, book)| PlanDay { day: i as u32 + 1, book: book.clone(), done: completed.contains(&book.id) }).collect()
}

/// The plan by e-mail: a line a day with the link to the book.
pub fn plan_mail(to: &Email, goal_titles: &[String], days: &[PlanDay], site: &str) -> OutgoingMail {
    let site = site.trim_end_matches('/');
    let goals = goal_titles.join(" and ");
    let lines: Vec<String> = days.iter().map(|d| format!("Day {}: {} by {}\n  {site}/books/{}", d.day, d.book.title, d.book.author, d.book.subid)).collect();
    OutgoingMail::text(
        to.as_str(),
        "Your ten-day reading plan",
        format!(
            "Here is your ten-day reading plan for: {goals}.\n\nOne summary a day, about 15 minutes each:\n\n{}\n\nSave the plan to your account to see each day marked done as you read:\n{site}/ten-day-challenge\n\nHappy reading,\nThe Gistbook team\n\nYou received this because this address was entered on {site}/ten-day-challenge.\n",
            lines.join("\n")
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book(id: i64, reads: i64, goals: &[i64]) -> Candidate {
        Candidate {
            book: BookFacts {
                id,
                subid: format!("book-{id}"),
                title: format!("Book {id}"),
                author: "A. Writer".into(),
                image: String::new(),
                read_count: reads,
            },
            goals: goals.to_vec(),
        }
    }

    fn ids(days: &[PlanDay]) -> Vec<i64> {
        days.iter().map(|d| d.book.id).collect()
    }

    #[test]
    fn the_form_needs_goals_and_an_address_and_at_most_two_goals() {
        assert_eq!(check_request(&[], Some("a@example.com")).unwrap_err(), ChallengeError::GoalsAndEmailNeeded);
        assert_eq!(check_request(&[1], Some("  ")).unwrap_err(), ChallengeError::GoalsAndEmailNeeded);
        assert_eq!(check_request(&[1], None).unwrap_err(), ChallengeError::GoalsAndEmailNeeded);
        assert_eq!(check_request(&[1, 2, 3], Some("a@example.com")).unwrap_err().to_string(), "You can only pick two goals.");
        assert_eq!(check_request(&[1], Some("a@")).unwrap_err(), ChallengeError::InvalidEmail);
        let (goals, email) = check_request(&[2, 1, 2], Some(" A@Example.com ")).unwrap();
        assert_eq!((goals.ids(), email.as_str()), (&[1, 2][..], "a@example.com"));
    }

    #[test]
    fn two_goals_share_the_days_most_read_first_and_the_order_of_picking_does_not_matter() {
        let mut candidates: Vec<Candidate> = (1..=8).map(|id| book(id, 100 - id, &[1])).collect();
        candidates.extend((11..=18).map(|id| book(id, 200 - id, &[2])));
        candidates.push(book(30, 1_000, &[1, 2]));
        let plan = build_plan(&GoalChoice::parse(&[2, 1]).unwrap(), &candidates, &BTreeSet::new());
        assert_eq!(ids(&plan), vec![30, 11, 1, 12, 2, 13, 3, 14, 4, 15]);
        assert_eq!(plan.iter().map(|d| d.day).collect::<Vec<_>>(), (1..=10).collect::<Vec<_>>());
        assert_eq!(build_plan(&GoalChoice::parse(&[1, 2]).unwrap(), &candidates, &BTreeSet::new()), plan);
    }

    #[test]
    fn books_the_member_completed_come_last_and_are_marked_done() {
        let candidates: Vec<Candidate> = (1..=12).map(|id| book(id, 100 - id, &[1])).collect();
        let completed: BTreeSet<i64> = [1, 2].into_iter().collect();
        let plan = build_plan(&GoalChoice::parse(&[1]).unwrap(), &candidates, &completed);
        assert_eq!(ids(&plan), vec![3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
        let few: Vec<Candidate> = (1..=9).map(|id| book(id, 100 - id, &[1])).collect();
        let plan = build_plan(&GoalChoice::parse(&[1]).unwrap(), &few, &completed);
        assert_eq!(ids(&plan), vec![3, 4, 5, 6, 7, 8, 9, 1, 2]);
        assert!(plan[7].done && !plan[0].done);
    }

    #[test]
    fn popular_books_fill_a_plan_whose_goals_have_fewer_than_ten() {
        let mut candidates: Vec<Candidate> = (1..=3).map(|id| book(id, 5, &[1])).collect();
        candidates.extend((20..=40).map(|id| book(id, id, &[])));
        let plan = build_plan(&GoalChoice::parse(&[1]).unwrap(), &candidates, &BTreeSet::new());
        assert_eq!(ids(&plan), vec![1, 2, 3, 40, 39, 38, 37, 36, 35, 34]);
        assert!(build_plan(&GoalChoice::parse(&[1]).unwrap(), &[], &BTreeSet::new()).is_empty());
    }

    #[test]
    fn the_mail_lists_each_day_with_its_link() {
        let candidates: Vec<Candidate> = (1..=10).map(|id| book(id, 0, &[1])).collect();
        let plan = build_plan(&GoalChoice::parse(&[1]).unwrap(), &candidates, &BTreeSet::new());
        let mail = plan_mail(&Email::parse("a@example.com").unwrap(), &["Be calm".into()], &plan, "https://gistbook.app/");
        assert_eq!((mail.to.as_str(), mail.subject.as_str()), ("a@example.com", "Your ten-day reading plan"));
        assert!(mail.text_body.contains("for: Be calm."));
        assert!(mail.text_body.contains("Day 1: Book 1 by A. Writer\n  https://gistbook.app/books/book-1"));
        assert!(mail.text_body.contains("Day 10: Book 10"));
    }
}
