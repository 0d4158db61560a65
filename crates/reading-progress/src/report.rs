//! Everything /my-progress shows, from the member's completions.

use crate::skills::{skills, Skill};
use crate::streak::{streaks, Streaks};
use crate::xp::{awards, level_progress, xp_for_completions, AwardState, LevelProgress};
use chrono::NaiveDate;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgressReport {
    pub num_completed: u32,
    pub xp: u32,
    pub streaks: Streaks,
    pub awards: [AwardState; 5],
    pub level: LevelProgress,
    pub skills: Vec<Skill>,
}

impl ProgressReport {
    /// `review_xp`: XP from the daily review; `active_days`: the member's calendar days with a
    /// completion or a review; `category_counts`: completed summaries per category name.
    pub fn new(
        num_completed: u32,
        review_xp: u32,
        active_days: impl IntoIterator<Item = NaiveDate>,
        today: NaiveDate,
        category_counts: impl IntoIterator<Item = (String, u32)>,
    ) -> ProgressReport {
        let xp = xp_for_completions(num_completed).saturating_add(review_xp);
        ProgressReport {
            num_completed,
            xp,
            streaks: streaks(active_days, today),
            awards: awards(xp),
            level: level_progress(xp),
            skills: skills(category_counts),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xp::Award;

    #[test]
    fn a_report_adds_everything_up() {
        let today: NaiveDate = "2026-11-21".parse().unwrap();
        let days = ["2026-11-20", "2026-11-21"].map(|d| d.parse().unwrap());
        let report = ProgressReport::new(6, 3, days, today, [("Philosophy".to_owned(), 4), ("History".to_owned(), 2)]);
        assert_eq!(report.xp, 63, "ten a completion, plus the review's");
        assert_eq!(report.streaks, Streaks { current: 2, best: 2 });
        assert!(report.awards[0].earned && !report.awards[1].earned);
        assert_eq!(report.level.current, Some(Award::Starter));
        assert_eq!(report.level.next, Some(Award::Trailblazer));
        assert_eq!(report.skills.len(), 2);
    }
}
