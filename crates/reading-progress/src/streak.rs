//! Streaks: consecutive calendar days on which the member completed a summary, in the member's
//! own timezone. Each completion's day is fixed when it happens (in the timezone the member had
//! then), so moving to another timezone never rewrites days already lived.

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;

/// The member's calendar day at `at`.
pub fn local_day(at: DateTime<Utc>, timezone: Tz) -> NaiveDate {
    at.with_timezone(&timezone).date_naive()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Streaks {
    /// Consecutive days ending today, or yesterday (today may still come).
    pub current: u32,
    /// The longest run ever.
    pub best: u32,
}

/// Streaks from the days with a completion (any order, repeats allowed) as of `today`.
pub fn streaks(days: impl IntoIterator<Item = NaiveDate>, today: NaiveDate) -> Streaks {
    let mut days: Vec<NaiveDate> = days.into_iter().filter(|d| *d <= today).collect();
    days.sort_unstable();
    days.dedup();
    let (mut best, mut run) = (0u32, 0u32);
    let mut previous: Option<NaiveDate> = None;
    for &day in &days {
        run = match previous {
            Some(p) if p.succ_opt() == Some(day) => run + 1,
            _ => 1,
        };
        best = best.max(run);
        previous = Some(day);
    }
    let yesterday = today.pred_opt();
    let current = match previous {
        Some(last) if last == today || Some(last) == yesterday => run,
        _ => 0,
    };
    Streaks { current, best }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    fn days(list: &[&str]) -> Vec<NaiveDate> {
        list.iter().map(|d| day(d)).collect()
    }

    #[test]
    fn no_completions_no_streak() {
        assert_eq!(streaks([], day("2026-11-21")), Streaks { current: 0, best: 0 });
    }

    #[test]
    fn consecutive_days_ending_today_or_yesterday_count() {
        let run = days(&["2026-11-18", "2026-11-19", "2026-11-20"]);
        assert_eq!(streaks(run.clone(), day("2026-11-20")), Streaks { current: 3, best: 3 });
        assert_eq!(streaks(run.clone(), day("2026-11-21")), Streaks { current: 3, best: 3 }, "today may still come");
        assert_eq!(streaks(run, day("2026-11-22")), Streaks { current: 0, best: 3 }, "a missed day ends it");
    }

    #[test]
    fn gaps_break_the_run_and_the_best_is_kept() {
        let list = days(&["2026-10-01", "2026-10-02", "2026-10-03", "2026-10-04", "2026-10-10", "2026-11-20", "2026-11-21"]);
        assert_eq!(streaks(list, day("2026-11-21")), Streaks { current: 2, best: 4 });
    }

    #[test]
    fn same_day_repeats_count_once_and_order_does_not_matter() {
        let list = days(&["2026-11-21", "2026-11-20", "2026-11-21", "2026-11-20", "2026-11-19"]);
        assert_eq!(streaks(list, day("2026-11-21")), Streaks { current: 3, best: 3 });
    }

    #[test]
    fn days_after_today_are_ignored() {
        // A clock skew or a timezone ahead of the current one must not extend a streak.
        assert_eq!(streaks(days(&["2026-11-21", "2026-11-22"]), day("2026-11-21")), Streaks { current: 1, best: 1 });
    }

    #[test]
    fn midnight_splits_days_in_the_members_timezone() {
        let paris: Tz = "Europe/Paris".parse().unwrap();
        // 23:59 and 00:01 Paris time are two days, though both are on 2026-11-20 in UTC.
        let before = local_day(at("2026-11-20T22:59:00Z"), paris);
        let after = local_day(at("2026-11-20T23:01:00Z"), paris);
        assert_eq!((before, after), (day("2026-11-20"), day("2026-11-21")));
        assert_eq!(streaks([before, after], after), Streaks { current: 2, best: 2 });
        // The same two instants are one day for a member in UTC.
        assert_eq!(local_day(at("2026-11-20T22:59:00Z"), Tz::UTC), local_day(at("2026-11-20T23:01:00Z"), Tz::UTC));
    }

    #[test]
    fn daylight_saving_changes_keep_days_consecutive() {
        let new_york: Tz = "America/New_York".parse().unwrap();
        // Spring forward on 2026-03-08 (a 23-hour day), fall back on 2026-11-01 (a 25-hour day):
        // a completion at 23:30 local each evening is one per calendar day.
        let evenings = ["2026-03-07", "2026-03-08", "2026-03-09", "2026-10-31", "2026-11-01", "2026-11-02"].map(|d| {
            let local = day(d).and_hms_opt(23, 30, 0).unwrap();
            new_york.from_local_datetime(&local).unwrap().with_timezone(&Utc)
        });
        let lived: Vec<NaiveDate> = evenings.iter().map(|t| local_day(*t, new_york)).collect();
        assert_eq!(lived, days(&["2026-03-07", "2026-03-08", "2026-03-09", "2026-10-31", "2026-11-01", "2026-11-02"]));
        assert_eq!(streaks(lived[..3].to_vec(), day("2026-03-09")), Streaks { current: 3, best: 3 });
        assert_eq!(streaks(lived[3..].to_vec(), day("2026-11-02")), Streaks { current: 3, best: 3 });
        // 00:30 on the morning after the fall-back night is still the next day, not the same one.
        assert_eq!(local_day(at("2026-11-02T05:30:00Z"), new_york), day("2026-11-02"));
        assert_eq!(local_day(at("2026-11-02T04:30:00Z"), new_york), day("2026-11-01"));
    }

    #[test]
    fn a_change_of_timezone_keeps_the_days_already_lived() {
        let tokyo: Tz = "Asia/Tokyo".parse().unwrap();
        let los_angeles: Tz = "America/Los_Angeles".parse().unwrap();
        // 01:00 on 11 June in Tokyo (still 10 June in Los Angeles), then the member moves.
        let in_tokyo = local_day(at("2026-06-10T16:00:00Z"), tokyo);
        assert_eq!(in_tokyo, day("2026-06-11"));
        let in_los_angeles = local_day(at("2026-06-12T18:00:00Z"), los_angeles);
        assert_eq!(in_los_angeles, day("2026-06-12"));
        let today = local_day(at("2026-06-12T20:00:00Z"), los_angeles);
        assert_eq!(streaks([in_tokyo, in_los_angeles], today), Streaks { current: 2, best: 2 });
    }
}
