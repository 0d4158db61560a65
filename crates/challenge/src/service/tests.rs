use super::*;
use crate::fakes::InMemoryChallenge;
use chrono::TimeZone;

const SITE: &str = "https://gistbook.app";
const ADA: UserId = UserId(7);

fn now() -> Timestamp {
    chrono::Utc.with_ymd_and_hms(2026, 11, 24, 9, 0, 0).unwrap()
}

fn store() -> InMemoryChallenge {
    let store = InMemoryChallenge::default();
    store.add_goal(1, "Be calm");
    store.add_goal(2, "Lead well");
    for id in 1..=12 {
        store.add_book(id, 100 - id, &[1]);
    }
    for id in 21..=25 {
        store.add_book(id, 50 - id, &[2]);
    }
    store
}

fn day_ids(plan: &PlanView) -> Vec<i64> {
    plan.days.iter().map(|d| d.book.id).collect()
}

#[test]
fn a_visitor_gets_ten_books_for_their_goals_by_mail() {
    let store = store();
    let challenge = Challenge::new(&store, now(), SITE);
    let plan = challenge.make_plan(None, &[2, 1], Some("vi@example.com")).unwrap();
    assert_eq!(day_ids(&plan), vec![1, 21, 2, 22, 3, 23, 4, 24, 5, 25]);
    assert_eq!(plan.goal_titles, vec!["Be calm".to_owned(), "Lead well".to_owned()]);
    let mail = store.mail.borrow();
    assert_eq!(mail.len(), 1);
    assert_eq!(mail[0].to, "vi@example.com");
    assert!(mail[0].text_body.contains("https://gistbook.app/books/book-21"));
}

#[test]
fn bad_plans_are_refused_and_mail_nothing() {
    let store = store();
    let challenge = Challenge::new(&store, now(), SITE);
    assert_eq!(challenge.make_plan(None, &[], Some("vi@example.com")).unwrap_err(), ChallengeError::GoalsAndEmailNeeded);
    assert_eq!(challenge.make_plan(None, &[1, 2, 3], Some("vi@example.com")).unwrap_err(), ChallengeError::TooManyGoals);
    assert_eq!(challenge.make_plan(None, &[1, 99], Some("vi@example.com")).unwrap_err(), ChallengeError::UnknownGoal);
    assert!(store.mail.borrow().is_empty());
    for _ in 0..PLANS_PER_ADDRESS_PER_DAY {
        challenge.make_plan(None, &[1], Some("vi@example.com")).unwrap();
    }
    assert_eq!(challenge.make_plan(None, &[1], Some("VI@example.com")).unwrap_err(), ChallengeError::TooManyPlans);
    assert_eq!(store.mail.borrow().len() as u32, PLANS_PER_ADDRESS_PER_DAY);
    let tomorrow = Challenge::new(&store, now() + chrono::Duration::hours(25), SITE);
    tomorrow.make_plan(None, &[1], Some("vi@example.com")).unwrap();
}

#[test]
fn a_member_saves_the_plan_and_days_are_done_as_books_are_completed() {
    let store = store();
    store.completed.borrow_mut().push((ADA, 1));
    let challenge = Challenge::new(&store, now(), SITE);
    let plan = challenge.make_plan(Some(ADA), &[1], Some("ada@example.com")).unwrap();
    assert_eq!(day_ids(&plan), vec![2, 3, 4, 5, 6, 7, 8, 9, 10, 11], "the completed book is left for the end, past day 10");
    assert_eq!(challenge.goals_page(Some(ADA)).unwrap().saved, None);

    assert_eq!(challenge.save_plan(ADA, &[1], &[]).unwrap_err(), ChallengeError::NoPlan);
    assert_eq!(challenge.save_plan(ADA, &[1], &[2, 999]).unwrap_err(), ChallengeError::NoPlan);
    assert_eq!(challenge.save_plan(ADA, &[1, 2, 3], &[2]).unwrap_err(), ChallengeError::TooManyGoals);
    let ids = day_ids(&plan);
    let saved = challenge.save_plan(ADA, &[1], &ids).unwrap();
    assert_eq!(day_ids(&saved), ids);
    assert!(saved.days.iter().all(|d| !d.done));

    store.completed.borrow_mut().push((ADA, 3));
    let page = challenge.goals_page(Some(ADA)).unwrap();
    let saved = page.saved.unwrap();
    assert_eq!((saved.goals.as_slice(), saved.goal_titles.as_slice()), (&[1][..], &["Be calm".to_owned()][..]));
    assert_eq!(saved.days.iter().filter(|d| d.done).map(|d| d.day).collect::<Vec<_>>(), vec![2]);
    assert_eq!(page.goals.len(), 2);
    assert_eq!(challenge.goals_page(None).unwrap().saved, None, "visitors have no plan");
}

#[test]
fn onboarding_plans_goal_books_then_the_chosen_categories_then_popular_ones() {
    let store = store();
    // Book 12 is the least read of goal 1; in the chosen category it comes before popular books.
    store.add_to_category(12, 30, "science");
    store.add_to_category(11, 31, "money");
    let challenge = Challenge::new(&store, now(), SITE);
    let plan = challenge.personal_plan(&[2], &[30]).unwrap();
    let ids = day_ids(&plan);
    assert_eq!(&ids[..6], &[21, 22, 23, 24, 25, 12]);
    assert_eq!(ids.len(), 10);
    assert_eq!(plan.days.iter().map(|d| d.day).collect::<Vec<_>>(), (1..=10).collect::<Vec<_>>());
    // Popular books fill the rest: the most read first, never twice.
    assert_eq!(&ids[6..], &[1, 2, 3, 4]);
    assert_eq!(plan.goal_titles, vec!["Lead well".to_owned()]);
    assert!(store.mail.borrow().is_empty());
    assert_eq!(challenge.personal_plan(&[], &[30]).unwrap_err(), ChallengeError::PickGoals);
    assert_eq!(challenge.personal_plan(&[1, 2, 3], &[]).unwrap_err(), ChallengeError::TooManyGoals);
    assert_eq!(challenge.personal_plan(&[99], &[]).unwrap_err(), ChallengeError::UnknownGoal);
}

#[test]
fn reminders_go_out_once_a_day_from_eight_and_stop_when_unsubscribed() {
    use crate::reminders::ReminderPlan;
    let store = store();
    let challenge = Challenge::new(&store, now(), SITE);
    assert_eq!(challenge.set_reminders(ADA, true).unwrap_err(), ChallengeError::NoPlan);
    let plan = challenge.save_plan(ADA, &[1], &[1, 2, 3]).unwrap();
    assert!(!plan.reminders);
    assert!(challenge.set_reminders(ADA, true).unwrap());
    assert!(challenge.goals_page(Some(ADA)).unwrap().saved.unwrap().reminders);
    store.completed.borrow_mut().push((ADA, 2));
    // Saved at 9:00 UTC on the 24th; the member is in Paris (UTC+1).
    store.reminder_facts.borrow_mut().push(ReminderPlan {
        member: ADA,
        email: "ada@example.com".into(),
        first_name: "Ada".into(),
        timezone: "Europe/Paris".into(),
        saved_at: now(),
        last_reminded_on: None,
        books: vec![],
        unsubscribe_token: String::new(),
    });
    let at = |hours: i64| Challenge::new(&store, now() + chrono::Duration::hours(hours), SITE);
    assert_eq!(at(0).send_due_reminders().unwrap(), 1, "day 1, 10:00 in Paris");
    assert_eq!(at(1).send_due_reminders().unwrap(), 0, "once a day");
    // 7:30 in Paris on the 25th: not yet; 8:00: day 2, whose book is already read.
    assert_eq!(Challenge::new(&store, now() + chrono::Duration::minutes(21 * 60 + 30), SITE).send_due_reminders().unwrap(), 0);
    assert_eq!(at(22).send_due_reminders().unwrap(), 1);
    let mails = store.mail.borrow().clone();
    assert_eq!(mails.len(), 2);
    assert_eq!(mails[0].subject, "Day 1 of 3: Book 1");
    assert!(mails[1].text_body.contains("already read"));
    let token = mails[1].text_body.split("token=").nth(1).unwrap().trim().to_owned();
    // Turning them off and on keeps the link working; the link turns them off.
    challenge.unsubscribe(&token).unwrap();
    assert_eq!(challenge.unsubscribe(&token).unwrap_err(), ChallengeError::UnknownUnsubscribeLink);
    assert_eq!(at(46).send_due_reminders().unwrap(), 0);
    assert!(!challenge.goals_page(Some(ADA)).unwrap().saved.unwrap().reminders);
    assert_eq!(challenge.unsubscribe(" ").unwrap_err(), ChallengeError::UnknownUnsubscribeLink);
}
