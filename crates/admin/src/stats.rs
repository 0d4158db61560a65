//! The statistics page: what an operator of a subscription business looks at, over a date range.

use chrono::NaiveDate;

/// One day of the range (UTC days).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailyStats {
    pub day: NaiveDate,
    pub signups: i64,
    /// Members who used the app that day.
    pub active: i64,
    /// First completions of a summary.
    pub completions: i64,
    /// Purchases paid (trials started included).
    pub purchases: i64,
}

/// Active members as of a day: that day, the 7 days and the 30 days ending on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Actives {
    pub daily: i64,
    pub weekly: i64,
    pub monthly: i64,
}

/// Revenue of the subscriptions that pay now, by billing interval (cents per period).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Recurring {
    pub monthly_cents: i64,
    pub yearly_cents: i64,
}

impl Recurring {
    /// Monthly recurring revenue: monthly plans plus a twelfth of yearly ones, in cents.
    pub fn mrr_cents(&self) -> i64 {
        self.monthly_cents + (self.yearly_cents + 6) / 12
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TopBook {
    pub id: i64,
    pub title: String,
    pub completions: i64,
}

/// Everything the page shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Stats {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub days: Vec<DailyStats>,
    pub actives: Actives,
    pub members: i64,
    /// Members with a plan giving access now, by plan id.
    pub paying_by_plan: Vec<(String, i64)>,
    pub trials_started: i64,
    /// Of those, trials that became a paid subscription.
    pub trials_converted: i64,
    pub mrr_cents: i64,
    /// Subscriptions turned off or ended in the range.
    pub churned: i64,
    /// Subscriptions renewing now.
    pub renewing: i64,
    pub top_books: Vec<TopBook>,
}

impl Stats {
    /// Converted trials as a share of trials started (0 when none started).
    pub fn trial_conversion(&self) -> f64 {
        if self.trials_started == 0 {
            0.0
        } else {
            self.trials_converted as f64 / self.trials_started as f64
        }
    }

    /// Churned subscriptions as a share of those renewing plus those churned in the range.
    pub fn churn_rate(&self) -> f64 {
        let base = self.renewing + self.churned;
        if base == 0 {
            0.0
        } else {
            self.churned as f64 / base as f64
        }
    }

    /// The daily series as CSV (the export), one line per day.
    pub fn to_csv(&self) -> String {
        let mut csv = String::from("day,signups,active,completions,purchases\n");
        for d in &self.days {
            csv.push_str(&format!("{},{},{},{},{}\n", d.day, d.signups, d.active, d.completions, d.purchases));
        }
        csv
    }
}

/// Fills the days with nothing recorded, so every day of the range has a row.
pub fn every_day(from: NaiveDate, to: NaiveDate, recorded: Vec<DailyStats>) -> Vec<DailyStats> {
    from.iter_days()
        .take_while(|day| *day <= to)
        .map(|day| recorded.iter().find(|d| d.day == day).cloned().unwrap_or(DailyStats { day, signups: 0, active: 0, completions: 0, purchases: 0 }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
    }

    #[test]
    fn mrr_counts_a_twelfth_of_yearly_plans_rounded_to_the_cent() {
        assert_eq!(Recurring { monthly_cents: 999 * 3, yearly_cents: 5999 * 2 }.mrr_cents(), 2997 + 1000);
        assert_eq!(Recurring::default().mrr_cents(), 0);
    }

    #[test]
    fn rates_are_zero_without_a_base() {
        let mut stats = Stats {
            from: day(1),
            to: day(3),
            days: vec![],
            actives: Actives::default(),
            members: 0,
            paying_by_plan: vec![],
            trials_started: 0,
            trials_converted: 0,
            mrr_cents: 0,
            churned: 0,
            renewing: 0,
            top_books: vec![],
        };
        assert_eq!((stats.trial_conversion(), stats.churn_rate()), (0.0, 0.0));
        stats.trials_started = 4;
        stats.trials_converted = 1;
        stats.renewing = 9;
        stats.churned = 1;
        assert_eq!((stats.trial_conversion(), stats.churn_rate()), (0.25, 0.1));
    }

    #[test]
    fn every_day_of_the_range_has_a_row_and_the_csv_one_line_each() {
        let recorded = vec![DailyStats { day: day(2), signups: 5, active: 7, completions: 1, purchases: 2 }];
        let days = every_day(day(1), day(3), recorded);
        assert_eq!(days.iter().map(|d| d.signups).collect::<Vec<_>>(), [0, 5, 0]);
        let stats = Stats {
            from: day(1),
            to: day(3),
            days,
            actives: Actives::default(),
            members: 0,
            paying_by_plan: vec![],
            trials_started: 0,
            trials_converted: 0,
            mrr_cents: 0,
            churned: 0,
            renewing: 0,
            top_books: vec![],
        };
        assert_eq!(stats.to_csv(), "day,signups,active,completions,purchases\n2026-11-01,0,0,0,0\n2026-11-02,5,7,1,2\n2026-11-03,0,0,0,0\n");
    }
}
