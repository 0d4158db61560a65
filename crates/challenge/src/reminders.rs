//! The opt-in daily reminders of a saved ten-day plan: on each day of the plan, one mail at 8:00
//! or later in the member's timezone (the plan's day 1 is the day it was saved there), naming
//! the day's book, with a link that turns reminders off.

use crate::plan::BookFacts;
use chrono::{NaiveDate, NaiveTime, TimeZone};
use kernel::{OutgoingMail, Timestamp, UserId};

/// The hour reminders go out, in the member's timezone.
pub const REMINDER_HOUR: u32 = 8;

/// A saved plan with reminders on, as the housekeeping job reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReminderPlan {
    pub member: UserId,
    pub email: String,
    pub first_name: String,
    /// The member's IANA timezone (UTC when unknown).
    pub timezone: String,
    pub saved_at: Timestamp,
    pub last_reminded_on: Option<NaiveDate>,
    /// The plan's books, day 1 first.
    pub books: Vec<i64>,
    pub unsubscribe_token: String,
}

/// The reminder due now: the member's local date and the plan's day (1 to the plan's length).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DueReminder {
    pub local_date: NaiveDate,
    pub day: u32,
}

/// Whether a reminder is due at `now`: within the plan's days, at 8:00 or later locally, and not
/// sent yet that local day.
pub fn due(plan: &ReminderPlan, now: Timestamp) -> Option<DueReminder> {
    let zone: chrono_tz::Tz = plan.timezone.parse().unwrap_or(chrono_tz::UTC);
    let local_now = zone.from_utc_datetime(&now.naive_utc());
    let local_date = local_now.date_naive();
    let start = zone.from_utc_datetime(&plan.saved_at.naive_utc()).date_naive();
    let day = u32::try_from((local_date - start).num_days() + 1).ok().filter(|d| (1..=plan.books.len() as u32).contains(d))?;
    if local_now.time() < NaiveTime::from_hms_opt(REMINDER_HOUR, 0, 0)? || plan.last_reminded_on == Some(local_date) {
        return None;
    }
    Some(DueReminder { local_date, day })
}

/// The day's mail. `done` says whether the member already finished that day's book.
pub fn reminder_mail(plan: &ReminderPlan, day: u32, book: &BookFacts, done: bool, site: &str) -> OutgoingMail {
    let site = site.trim_end_matches('/');
    let hello = if plan.first_name.trim().is_empty() { "Hello".to_owned() } else { format!("Hello {}", plan.first_name.trim()) };
    let total = plan.books.len();
    let today = if done {
        format!("You have already read today's book, {} by {}. Well done! Tomorrow brings the next one.", book.title, book.author)
    } else {
        format!("Today's book is {} by {}: about 15 minutes.\n{site}/books/{}", book.title, book.author, book.subid)
    };
    OutgoingMail::text(
        plan.email.as_str(),
        format!("Day {day} of {total}: {}", book.title),
        format!(
            "{hello},\n\nThis is day {day} of your {total}-day reading challenge.\n\n{today}\n\nYour plan: {site}/ten-day-challenge\n\nHappy reading,\nThe Gistbook team\n\nYou receive one reminder a day because you turned them on. To stop them:\n{site}/ten-day-challenge/unsubscribe?token={}\n",
            plan.unsubscribe_token
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Utc;

    fn plan(timezone: &str, saved_at: Timestamp) -> ReminderPlan {
        ReminderPlan {
            member: UserId(1),
            email: "ada@example.com".into(),
            first_name: "Ada".into(),
            timezone: timezone.into(),
            saved_at,
            last_reminded_on: None,
            books: (1..=10).collect(),
            unsubscribe_token: "tok".into(),
        }
    }

    fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> Timestamp {
        Utc.with_ymd_and_hms(y, m, d, h, min, 0).unwrap()
    }

    #[test]
    fn a_reminder_is_due_from_eight_local_time_once_a_day_for_the_plans_days() {
        // Saved on 24 November at 20:00 in New York (01:00 UTC on the 25th): day 1 is the 24th there.
        let mut p = plan("America/New_York", at(2026, 11, 25, 1, 0));
        // 07:59 in New York on the 25th: not yet.
        assert_eq!(due(&p, at(2026, 11, 25, 12, 59)), None);
        let second = due(&p, at(2026, 11, 25, 13, 0)).unwrap();
        assert_eq!((second.day, second.local_date), (2, NaiveDate::from_ymd_opt(2026, 11, 25).unwrap()));
        p.last_reminded_on = Some(second.local_date);
        assert_eq!(due(&p, at(2026, 11, 25, 23, 0)), None, "once a day");
        assert_eq!(due(&p, at(2026, 12, 3, 13, 0)).unwrap().day, 10);
        assert_eq!(due(&p, at(2026, 12, 4, 13, 0)), None, "the plan is over");
        // An unknown timezone counts as UTC.
        let utc = plan("Mars/Olympus", at(2026, 11, 24, 6, 0));
        assert_eq!(due(&utc, at(2026, 11, 24, 7, 59)), None);
        assert_eq!(due(&utc, at(2026, 11, 24, 8, 0)).unwrap().day, 1);
        // A shorter plan (a book left the catalogue) ends sooner.
        let mut short = plan("UTC", at(2026, 11, 24, 6, 0));
        short.books.truncate(3);
        assert_eq!(due(&short, at(2026, 11, 27, 9, 0)), None);
    }

    #[test]
    fn the_mail_names_the_days_book_and_the_way_out() {
        let p = plan("UTC", at(2026, 11, 24, 6, 0));
        let book = BookFacts { id: 3, subid: "walden".into(), title: "Walden".into(), author: "Thoreau".into(), image: String::new(), read_count: 0 };
        let mail = reminder_mail(&p, 3, &book, false, "https://gistbook.app/");
        assert_eq!(mail.subject, "Day 3 of 10: Walden");
        assert!(mail.text_body.contains("Hello Ada") && mail.text_body.contains("https://gistbook.app/books/walden"));
        assert!(mail.text_body.contains("https://gistbook.app/ten-day-challenge/unsubscribe?token=tok"));
        assert!(reminder_mail(&p, 3, &book, true, "https://gistbook.app").text_body.contains("already read"));
    }
}
